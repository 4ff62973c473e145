//! Liveness.

use axum::Json;
use serde::Serialize;

#[derive(Serialize)]
pub struct Health {
    status: &'static str,
}

/// `GET /healthz`: the process is up.
pub async fn healthz() -> Json<Health> {
    Json(Health { status: "ok" })
}
