//! The CPU pool: while every worker is busy, `/healthz` still answers at once and a request that cannot get
//! a worker within the queue timeout is shed with 503 `overloaded` and `Retry-After`; a request past its
//! time limit answers 408 and its work stops; a game log waits for its turn before its body is read.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{Method, Request, StatusCode};
use axum::routing::get;
use serde_json::json;

use aiwolf_nl::api::config::PoolLimits;
use aiwolf_nl::api::pool::Weight;
use aiwolf_nl::api::{ApiConfig, AppState, routes, with_middleware};
use aiwolf_nl::protocol::Budget;
use http_body::Frame;

use super::util::{json_request, send};

/// One worker, a short queue, and two test routes on the pool: one that holds its worker until told to
/// stop, one that spins until its budget is spent.
fn one_worker(request_timeout: Duration) -> (Router, AppState, mpsc::Sender<()>) {
    let pool = PoolLimits { workers: 1, heavy_workers: 1, queue_timeout: Duration::from_millis(200) };
    let state = AppState::new(ApiConfig { pool, request_timeout, ..ApiConfig::default() });
    let (release, released) = mpsc::channel::<()>();
    let released = Arc::new(std::sync::Mutex::new(released));
    let extra = Router::new()
        .route(
            "/test/hold",
            get(move |State(state): State<AppState>| async move {
                let released = released.clone();
                state
                    .pool()
                    .run(Weight::Light, Budget::unlimited(), move |_| {
                        let _ = released.lock().map(|r| r.recv_timeout(Duration::from_secs(30)));
                    })
                    .await
                    .map(|()| "released")
            }),
        )
        .route(
            "/test/spin",
            get(|State(state): State<AppState>| async move {
                let budget = Budget::lasting(Duration::from_secs(60));
                state
                    .pool()
                    .run(Weight::Light, budget, |budget| while budget.check().is_ok() {})
                    .await
                    .map(|()| "spent")
            }),
        );
    (with_middleware(routes().0.merge(extra), state.clone()), state, release)
}

async fn until_pool_is_full(state: &AppState) {
    let start = Instant::now();
    while state.pool().available() > 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "the held request never took the worker");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_pool_sheds_with_503_while_health_answers() {
    let (router, state, release) = one_worker(Duration::from_secs(10));
    let held = tokio::spawn(send(router.clone(), Request::get("/test/hold").body(Body::empty()).expect("request")));
    until_pool_is_full(&state).await;

    let start = Instant::now();
    let health = send(router.clone(), Request::get("/healthz").body(Body::empty()).expect("request")).await;
    assert_eq!(health.status, StatusCode::OK);
    let ready = send(router.clone(), Request::get("/readyz").body(Body::empty()).expect("request")).await;
    assert_eq!(ready.status, StatusCode::OK, "{}", ready.text());
    assert!(start.elapsed() < Duration::from_secs(2), "health checks waited {:?}", start.elapsed());

    let body = json!({"texts": ["VOTE Agent[03]"], "target_lang": "en"}).to_string();
    let shed = send(router.clone(), json_request(Method::POST, "/v1/translate", body)).await;
    let envelope = shed.assert_error(StatusCode::SERVICE_UNAVAILABLE, "overloaded");
    assert_eq!(envelope["error"]["details"]["retry_after"], 1, "{envelope}");
    assert_eq!(shed.headers.get("retry-after").and_then(|v| v.to_str().ok()), Some("1"));

    release.send(()).expect("the held job waits");
    let held = held.await.expect("task");
    assert_eq!((held.status, held.text().as_str()), (StatusCode::OK, "released"));
    let body = json!({"texts": ["VOTE Agent[03]"], "target_lang": "en"}).to_string();
    let after = send(router, json_request(Method::POST, "/v1/translate", body)).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.text());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn work_past_the_time_limit_answers_408_and_frees_its_worker() {
    let (router, state, _release) = one_worker(Duration::from_millis(200));
    let start = Instant::now();
    let spun = send(router, Request::get("/test/spin").body(Body::empty()).expect("request")).await;
    spun.assert_error(StatusCode::REQUEST_TIMEOUT, "request_timeout");
    assert!(start.elapsed() < Duration::from_secs(3), "408 after {:?}", start.elapsed());
    // The request gave up, so the work's budget was stopped: the worker comes back long before its own
    // 60 s deadline.
    let freed = Instant::now();
    while state.pool().available() == 0 {
        assert!(freed.elapsed() < Duration::from_secs(10), "the worker was never freed");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// A request body that records whether the server has started reading it.
struct Watched {
    read: Arc<AtomicBool>,
    data: Option<Bytes>,
}

impl http_body::Body for Watched {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        self.read.store(true, Ordering::SeqCst);
        Poll::Ready(self.data.take().map(|data| Ok(Frame::data(data))))
    }
}

fn watched_game_log() -> (Request<Body>, Arc<AtomicBool>) {
    let read = Arc::new(AtomicBool::new(false));
    let data = json!({"log": "1,vote,1,2\n1,vote,2,1\n", "target_lang": "en", "format": "text"}).to_string();
    let body = Body::new(Watched { read: read.clone(), data: Some(Bytes::from(data)) });
    (json_request(Method::POST, "/v1/gamelog/render", body), read)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_log_waiting_for_its_turn_has_not_read_its_body() {
    let (router, state, _release) = one_worker(Duration::from_secs(10));
    let busy = state.pool().reserve_heavy().await.expect("the heavy permit is free");
    let (request, read) = watched_game_log();
    send(router.clone(), request).await.assert_error(StatusCode::SERVICE_UNAVAILABLE, "overloaded");
    assert!(!read.load(Ordering::SeqCst), "the body was read while the request waited for the heavy permit");

    drop(busy);
    let (request, read) = watched_game_log();
    let answered = send(router, request).await;
    assert_eq!(answered.status, StatusCode::OK, "{}", answered.text());
    assert!(read.load(Ordering::SeqCst));
}
