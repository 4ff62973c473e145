//! The HTTP service: an axum router documented by utoipa.
//!
//! `router` holds the route table, `handlers` one module per endpoint, `middleware` the layers, `error`
//! the error envelope, `extract` the JSON extractor that answers with it, `state` what handlers share.

pub mod config;
pub mod error;
pub mod extract;
pub mod handlers;
pub mod lang;
pub mod metrics;
pub mod middleware;
pub mod openapi;
pub mod pool;
pub mod router;
mod schema;
pub mod state;
pub mod strict;

use std::future::Future;

use axum::Router;
use tokio::net::TcpListener;

pub use config::ApiConfig;
pub use router::{app, openapi, routes, with_middleware};
pub use state::AppState;

/// Serves `app(state)` on `listener` until `shutdown` completes, then finishes in-flight requests.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_router(listener, app(state), shutdown).await
}

/// Serves any router built by [`app`] or [`with_middleware`] with the same graceful shutdown.
pub async fn serve_router(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router).with_graceful_shutdown(shutdown).await
}
