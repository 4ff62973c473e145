//! Request helpers: build a request, run it through the app, read status, headers and JSON body.

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

use aiwolf_nl::api::{AppState, app};

pub struct TestResponse {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl TestResponse {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("body is not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// Asserts the error envelope with `code`, and that its request id is the response header's.
    pub fn assert_error(&self, status: StatusCode, code: &str) -> Value {
        assert_eq!(self.status, status, "{}", self.text());
        let body = self.json();
        assert_eq!(body["error"]["code"], code, "{body}");
        assert!(body["error"]["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
        let header = self.headers.get("x-request-id").and_then(|v| v.to_str().ok());
        assert!(header.is_some(), "no x-request-id header");
        assert_eq!(body["error"]["request_id"].as_str(), header, "{body}");
        body
    }
}

pub async fn send(router: Router, request: Request<Body>) -> TestResponse {
    let response = router.oneshot(request).await.expect("the router is infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.into_body().collect().await.expect("body").to_bytes().to_vec();
    TestResponse { status, headers, body }
}

pub async fn get(path: &str) -> TestResponse {
    send(app(AppState::default()), Request::get(path).body(Body::empty()).expect("request")).await
}

pub fn json_request(method: Method, path: &str, body: impl Into<Body>) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .expect("request")
}

pub async fn post_json_with(state: AppState, path: &str, body: &Value) -> TestResponse {
    send(app(state), json_request(Method::POST, path, body.to_string())).await
}

pub async fn post_json(path: &str, body: &Value) -> TestResponse {
    post_json_with(AppState::default(), path, body).await
}
