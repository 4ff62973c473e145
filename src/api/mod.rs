//! The HTTP service.

mod health;
mod state;

use std::future::Future;

use axum::Router;
use axum::routing::get;
use tokio::net::TcpListener;

pub use state::AppState;

/// The service's routes.
pub fn app(state: AppState) -> Router {
    Router::new().route("/healthz", get(health::healthz)).with_state(state)
}

/// Serves `app` on `listener` until `shutdown` completes, then finishes in-flight requests.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, app(state)).with_graceful_shutdown(shutdown).await
}
