//! The HTTP service: an axum router documented by utoipa.
//!
//! `router` holds the route table, `handlers` one module per endpoint, `middleware` the layers, `error`
//! the error envelope, `extract` the JSON extractor that answers with it, `bare_errors` the envelope for hyper's own answers, `state` what handlers share.

mod bare_errors;
mod chunked;
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
pub mod server;
pub mod state;
pub mod strict;

use std::future::Future;

use axum::Router;
use tokio::net::TcpListener;

pub use config::{ApiConfig, ConnectionLimits};
pub use router::{app, openapi, routes, with_middleware};
pub use state::AppState;

/// Serves `app(state)` on `listener` with the state's connection limits until `shutdown` completes, then
/// drains in-flight requests for at most the configured drain deadline.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = state.config().connections;
    server::serve(listener, app(state), limits, shutdown).await
}

/// Serves any router built by [`app`] or [`with_middleware`] the same way, with the default connection limits.
pub async fn serve_router(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    server::serve(listener, router, ConnectionLimits::default(), shutdown).await
}
