//! One test over a real socket on 127.0.0.1:0: a request in flight when shutdown starts still gets
//! its answer, and then the server stops.

use std::time::Duration;

use axum::Router;
use axum::routing::get;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use aiwolf_nl::api::{AppState, routes, serve_router, with_middleware};

async fn request(address: std::net::SocketAddr, head: &str) -> String {
    let mut stream = TcpStream::connect(address).await.expect("connect");
    stream.write_all(head.as_bytes()).await.expect("write");
    let mut response = String::new();
    stream.read_to_string(&mut response).await.expect("read");
    response
}

#[tokio::test]
async fn serves_on_a_real_port_and_shuts_down_gracefully() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind loopback");
    let address = listener.local_addr().expect("address");
    let slow = Router::new().route(
        "/test/slow",
        get(|| async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            "finished"
        }),
    );
    let router = with_middleware(routes().0.merge(slow), AppState::default());
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve_router(listener, router, async {
        let _ = stopped.await;
    }));

    let body = r#"{"texts":["VOTE Agent[3]"],"target_lang":"protocol"}"#;
    let translate = request(
        address,
        &format!(
            "POST /v1/translate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await;
    assert!(translate.starts_with("HTTP/1.1 200"), "{translate}");
    assert!(translate.contains("x-request-id: "), "{translate}");
    assert!(translate.contains(r#""text":"VOTE Agent[03]""#), "{translate}");

    let in_flight = tokio::spawn(request(address, "GET /test/slow HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"));
    tokio::time::sleep(Duration::from_millis(100)).await;
    stop.send(()).expect("server is running");
    let slow_response = tokio::time::timeout(Duration::from_secs(5), in_flight)
        .await
        .expect("the in-flight request finishes")
        .expect("task");
    assert!(slow_response.starts_with("HTTP/1.1 200"), "{slow_response}");
    assert!(slow_response.ends_with("finished"), "{slow_response}");
    tokio::time::timeout(Duration::from_secs(5), server)
        .await
        .expect("the server stops after draining")
        .expect("task")
        .expect("serve");
    assert!(TcpStream::connect(address).await.is_err(), "the listener is closed");
}
