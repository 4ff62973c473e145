//! `GET /metrics`: Prometheus text format.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

use super::GetErrors;
use crate::api::state::AppState;

/// Prometheus metrics: request counts and latency histograms by method, matched route and status.
#[utoipa::path(get, path = "/metrics", tag = "meta",
    responses((status = 200, description = "Prometheus text exposition format 0.0.4", body = String,
        content_type = "text/plain"), GetErrors))]
pub async fn metrics(axum::extract::State(state): State<AppState>) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], state.metrics().render())
}
