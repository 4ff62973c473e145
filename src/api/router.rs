//! The route table. Documented routes go through `OpenApiRouter` + `routes!`, so a route cannot exist
//! without its OpenAPI description, nor the reverse.

use axum::Router;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

use super::error::ApiError;
use super::handlers::{gamelog, health, languages, metrics, parse, render, templates, translate, validate};
use super::middleware;
use super::openapi::base as base_document;
use super::state::AppState;

/// The documented routes and the OpenAPI document describing them.
pub fn routes() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(base_document())
        .routes(routes!(translate::translate))
        .routes(routes!(parse::parse_texts))
        .routes(routes!(render::render))
        .routes(routes!(validate::validate))
        .routes(routes!(gamelog::render_gamelog))
        .routes(routes!(languages::languages))
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
        .routes(routes!(metrics::metrics))
        .routes(routes!(templates::templates))
        .split_for_parts()
}

/// The OpenAPI document (what `GET /openapi.json` serves and `openapi/openapi.json` holds).
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes().1
}

/// The whole service: documented routes, `/openapi.json`, Swagger UI at `/docs`, the 404 fallback, and
/// the middleware.
pub fn app(state: AppState) -> Router {
    with_middleware(routes().0, state)
}

/// Adds the web page (`/`), `/docs`, `/openapi.json`, the fallback and the middleware to `routes`. Public
/// so that tests can run extra routes (a panicking one, a slow one) through exactly the production stack.
pub fn with_middleware(routes: Router<AppState>, state: AppState) -> Router {
    let router = routes
        .merge(super::handlers::page::routes())
        .merge(SwaggerUi::new("/docs").url("/openapi.json", openapi()))
        .fallback(not_found)
        .with_state(state.clone());
    middleware::apply(router, &state)
}

async fn not_found() -> ApiError {
    ApiError::NotFound
}
