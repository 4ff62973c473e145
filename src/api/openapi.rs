//! The OpenAPI document's fixed parts (info, tags). Paths and schemas come from the route table in
//! `router.rs`, so the document always describes the routes that exist.

use utoipa::OpenApi;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "aiwolf-nl",
        description = "Translates between the AIWolf (人狼知能) agent protocol and natural Japanese and English.\n\n\
            Every 4xx/5xx answer has the body `{\"error\": {\"code\", \"message\", \"details\", \"request_id\"}}`; \
            branch on `code`. Every response carries `x-request-id`. In batch endpoints an invalid text is a \
            per-item error in its own slot, never a failed request."
    ),
    tags(
        (name = "translate", description = "Protocol ↔ Japanese/English"),
        (name = "protocol", description = "Parsing and validating protocol text"),
        (name = "gamelog", description = "Whole game logs as transcripts for human readers"),
        (name = "meta", description = "Languages, health, readiness and metrics")
    )
)]
pub struct ApiDoc;

/// The base document; `router::routes` adds the paths.
pub fn base() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    doc.info.version = env!("CARGO_PKG_VERSION").to_owned();
    // Filled from Cargo metadata, which declares no license: leave it out rather than publish "".
    doc.info.license = None;
    doc.info.contact = None;
    doc
}
