//! The layers every route runs through, outermost first: an over-long client request id dropped, request id
//! (set, then echoed on the response), CORS, the trace span, metrics, the error envelope, the header size
//! limit, the panic catcher, the timeout and the body limit.
//!
//! They are applied with `Router::layer`, which wraps each route, so `MatchedPath` is known to the span
//! and the metrics (labels stay low-cardinality: `/v1/translate`, never a raw URI).

use std::any::Any;
use std::time::Instant;

use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::{Next, from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use tower_http::LatencyUnit;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::{Any as AnyOrigin, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::{Level, Span};

use super::error::{ApiError, ErrorBody};
use super::metrics::{UNMATCHED_ROUTE, method_label};
use super::state::AppState;

/// The request id header: taken from the client when present, generated (UUID v4) otherwise, and
/// always echoed on the response.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Wraps `router` in the service's layers.
pub fn apply(router: Router, state: &AppState) -> Router {
    let config = state.config();
    router
        .layer(DefaultBodyLimit::max(config.body_limit))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, config.request_timeout))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(from_fn_with_state(config.connections.max_header_bytes, limit_header_size))
        .layer(from_fn(error_envelope))
        .layer(from_fn_with_state(state.clone(), track_metrics))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(make_span)
                .on_response(DefaultOnResponse::new().level(Level::INFO).latency_unit(LatencyUnit::Micros)),
        )
        .layer(cors())
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
        .layer(from_fn(drop_oversized_request_id))
}

/// Longest client `x-request-id` kept; a longer one is replaced by a generated id, so that a client cannot
/// make the service echo (and log) arbitrary amounts of its data.
pub const MAX_REQUEST_ID_CHARS: usize = 128;

async fn drop_oversized_request_id(mut request: Request, next: Next) -> Response {
    if request.headers().get(REQUEST_ID).is_some_and(|id| id.len() > MAX_REQUEST_ID_CHARS) {
        request.headers_mut().remove(REQUEST_ID);
    }
    next.run(request).await
}

/// 431 `headers_too_large` (with the envelope) for a header section over the limit. hyper refuses only far
/// larger ones (see `server`), without a body.
async fn limit_header_size(State(limit): State<usize>, request: Request, next: Next) -> Response {
    // As sent: `name: value\r\n` per field, plus the request line.
    let size = request.uri().path_and_query().map_or(0, |p| p.as_str().len())
        + request.headers().iter().map(|(name, value)| name.as_str().len() + value.len() + 4).sum::<usize>();
    if size > limit {
        return ApiError::HeadersTooLarge { limit }.into_response();
    }
    next.run(request).await
}

/// Browser front ends call the API from other origins; nothing is credentialed, so any origin may.
fn cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(AnyOrigin)
        .allow_methods([Method::GET, Method::POST])
        .allow_headers([header::CONTENT_TYPE, REQUEST_ID])
        .expose_headers([REQUEST_ID])
        .max_age(std::time::Duration::from_secs(3600))
}

fn route_of(request: &Request) -> &str {
    request.extensions().get::<MatchedPath>().map_or(UNMATCHED_ROUTE, MatchedPath::as_str)
}

fn make_span(request: &Request) -> Span {
    let request_id = request.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or_default();
    tracing::info_span!("request", method = %request.method(), route = route_of(request), request_id)
}

async fn track_metrics(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = method_label(request.method());
    let route = route_of(&request).to_owned();
    let response = next.run(request).await;
    state.metrics().record(method, &route, response.status().as_u16(), start.elapsed().as_secs_f64());
    response
}

/// Gives every 4xx/5xx the envelope: re-renders our own errors with the request id, and replaces the
/// bodies of errors made by axum or a layer (404, 405, 408, 500 from a panic).
async fn error_envelope(request: Request, next: Next) -> Response {
    let request_id = request.headers().get(REQUEST_ID).and_then(|v| v.to_str().ok()).map(str::to_owned);
    let response = next.run(request).await;
    let status = response.status();
    if !status.is_client_error() && !status.is_server_error() {
        return response;
    }
    let mut body = match response.extensions().get::<ErrorBody>() {
        Some(body) => body.clone(),
        None => ApiError::from_status(status).body(),
    };
    body.request_id = request_id;
    let (parts, _) = response.into_parts();
    let mut enveloped = body.into_response(status);
    for (name, value) in &parts.headers {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            enveloped.headers_mut().insert(name.clone(), value.clone());
        }
    }
    enveloped
}

/// A handler panicked: log it, answer 500 with the envelope, keep serving.
fn panic_response(panic: Box<dyn Any + Send + 'static>) -> Response {
    let message = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "non-string panic payload".to_owned());
    tracing::error!(panic = %message, "handler panicked");
    let mut response = ApiError::Internal.into_response();
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
