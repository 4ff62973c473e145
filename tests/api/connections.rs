//! Connection hygiene over real sockets on 127.0.0.1: idle and slow clients are cut, the connection cap
//! holds, shutdown ends within the drain deadline whatever clients do; and request-id and header limits.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use aiwolf_nl::api::middleware::MAX_REQUEST_ID_CHARS;
use aiwolf_nl::api::{AppState, ConnectionLimits, app, server};

use super::util::send;

const GENEROUS: Duration = Duration::from_secs(5);

struct Running {
    address: SocketAddr,
    stop: oneshot::Sender<()>,
    server: JoinHandle<std::io::Result<()>>,
}

async fn start(limits: ConnectionLimits) -> Running {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
    let address = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    let server = tokio::spawn(server::serve(listener, app(AppState::default()), limits, async {
        let _ = stopped.await;
    }));
    Running { address, stop, server }
}

fn limits() -> ConnectionLimits {
    ConnectionLimits {
        header_read_timeout: Duration::from_millis(300),
        idle_timeout: Duration::from_millis(300),
        max_connections: 16,
        shutdown_drain: Duration::from_millis(300),
        max_header_bytes: 16 * 1024,
    }
}

/// Reads until the server closes the connection; the bytes read.
async fn until_closed(stream: &mut TcpStream) -> Vec<u8> {
    let mut out = Vec::new();
    let read = tokio::time::timeout(GENEROUS, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => out.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(read.is_ok(), "the server kept the connection open: {}", String::from_utf8_lossy(&out));
    out
}

#[tokio::test]
async fn silent_and_idle_keep_alive_connections_are_closed() {
    let running = start(limits()).await;
    let mut silent = TcpStream::connect(running.address).await.expect("connect");
    let mut kept = TcpStream::connect(running.address).await.expect("connect");
    kept.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n").await.expect("write");
    let start = Instant::now();
    assert!(until_closed(&mut silent).await.is_empty());
    let answered = String::from_utf8(until_closed(&mut kept).await).expect("utf-8");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    assert!(start.elapsed() < GENEROUS);
}

#[tokio::test]
async fn a_header_trickled_byte_by_byte_is_cut() {
    let running = start(limits()).await;
    let mut slow = TcpStream::connect(running.address).await.expect("connect");
    let start = Instant::now();
    let trickle = async {
        for byte in b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ".iter().chain([b'a'; 100].iter()) {
            if slow.write_all(&[*byte]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    let _ = tokio::time::timeout(GENEROUS, trickle).await;
    assert!(start.elapsed() < GENEROUS, "the trickling client was never cut");
}

#[tokio::test]
async fn connections_over_the_cap_wait_until_one_closes() {
    // Both timeouts long: a keep-alive connection waiting for its next request head is cut by either, and a cut
    // first connection would free the slot while the second waits (a race on a loaded machine).
    let running = start(ConnectionLimits {
        max_connections: 1,
        idle_timeout: GENEROUS * 4,
        header_read_timeout: GENEROUS * 4,
        ..limits()
    })
    .await;
    let mut first = TcpStream::connect(running.address).await.expect("connect");
    first.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n").await.expect("write");
    let mut buf = [0u8; 1024];
    assert!(first.read(&mut buf).await.expect("read") > 0);
    let mut second = TcpStream::connect(running.address).await.expect("the backlog accepts");
    second.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").await.expect("write");
    let waiting = tokio::time::timeout(Duration::from_millis(300), second.read(&mut buf)).await;
    assert!(waiting.is_err(), "the second connection was served beside the first");
    drop(first);
    let answered = String::from_utf8(until_closed(&mut second).await).expect("utf-8");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
}

#[tokio::test]
async fn shutdown_ends_within_the_drain_deadline_despite_a_stuck_client() {
    let running =
        start(ConnectionLimits { header_read_timeout: GENEROUS * 4, idle_timeout: GENEROUS * 4, ..limits() }).await;
    let mut stuck = TcpStream::connect(running.address).await.expect("connect");
    stuck.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nX-Partial: ").await.expect("write");
    tokio::time::sleep(Duration::from_millis(100)).await;
    let start = Instant::now();
    running.stop.send(()).expect("the server runs");
    let ended = tokio::time::timeout(GENEROUS, running.server).await;
    assert!(ended.is_ok_and(|r| r.is_ok_and(|served| served.is_ok())), "the server did not end");
    assert!(start.elapsed() < GENEROUS);
    assert!(until_closed(&mut stuck).await.is_empty());
}

#[tokio::test]
async fn an_over_long_request_id_is_replaced_and_big_headers_get_the_envelope() {
    let long = "r".repeat(MAX_REQUEST_ID_CHARS + 1);
    let request = Request::get("/healthz").header("x-request-id", &long).body(Body::empty()).expect("request");
    let response = send(app(AppState::default()), request).await;
    let echoed = response.headers.get("x-request-id").and_then(|v| v.to_str().ok()).expect("an id");
    assert!(echoed.len() <= MAX_REQUEST_ID_CHARS && echoed != long, "{echoed}");
    let kept = "k".repeat(MAX_REQUEST_ID_CHARS);
    let request = Request::get("/healthz").header("x-request-id", &kept).body(Body::empty()).expect("request");
    let response = send(app(AppState::default()), request).await;
    assert_eq!(response.headers.get("x-request-id").and_then(|v| v.to_str().ok()), Some(kept.as_str()));

    let big = "b".repeat(20 * 1024);
    let request = Request::get("/healthz").header("x-big", big).body(Body::empty()).expect("request");
    let response = send(app(AppState::default()), request).await;
    let body = response.assert_error(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, "headers_too_large");
    assert_eq!(body["error"]["details"]["limit"], 16 * 1024, "{body}");
}

/// The answer to `request` sent raw: its status line and its JSON body.
async fn raw_answer(address: SocketAddr, request: &[u8]) -> (String, serde_json::Value) {
    let mut stream = TcpStream::connect(address).await.expect("connect");
    // hyper may answer before the whole request is read: a failed write is the server having closed.
    let _ = stream.write_all(request).await;
    let answer = String::from_utf8_lossy(&until_closed(&mut stream).await).into_owned();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head.lines().next().unwrap_or_default().to_owned();
    let json = serde_json::from_str(body).unwrap_or_else(|_| panic!("no JSON body: {answer:?}"));
    (status, json)
}

#[tokio::test]
async fn what_hyper_refuses_itself_still_gets_the_envelope() {
    let running = start(limits()).await;
    // Over hyper's own buffer (4 x the limit): hyper answers before any layer runs.
    let huge = format!("GET /healthz HTTP/1.1\r\nHost: t\r\nx-request-id: {}\r\n\r\n", "r".repeat(1024 * 1024));
    let (status, body) = raw_answer(running.address, huge.as_bytes()).await;
    assert!(status.starts_with("HTTP/1.1 431"), "{status}");
    assert_eq!(body["error"]["code"], "headers_too_large", "{body}");
    assert_eq!(body["error"]["details"]["limit"], 16 * 1024, "{body}");
    // More header fields than hyper parses (100), each small.
    let many: String = (0..150).map(|i| format!("x-h{i}: v\r\n")).collect();
    let (status, body) = raw_answer(running.address, format!("GET /healthz HTTP/1.1\r\n{many}\r\n").as_bytes()).await;
    assert!(status.starts_with("HTTP/1.1 431"), "{status}");
    assert_eq!(body["error"]["code"], "headers_too_large", "{body}");
    // A request line that is not HTTP.
    let (status, body) = raw_answer(running.address, b"GET /healthz HTTP/1.1\r\nbad header\r\n\r\n").await;
    assert!(status.starts_with("HTTP/1.1 400"), "{status}");
    assert!(body["error"]["code"].is_string(), "{body}");
    // The server still serves.
    let mut stream = TcpStream::connect(running.address).await.expect("connect");
    stream.write_all(b"GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n").await.expect("write");
    let answered = String::from_utf8(until_closed(&mut stream).await).expect("utf-8");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    let _ = running.stop.send(());
}
