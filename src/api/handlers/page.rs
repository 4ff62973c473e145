//! The web page at `/`: a game-log viewer and a one-line translation playground for human players. Plain
//! HTML, CSS and JS embedded in the binary (no CDN, no build step, works offline); the page is a client of
//! the documented API, so its routes stay out of the OpenAPI document, like `/docs`.
//!
//! Every asset carries a strict Content-Security-Policy (scripts only from this origin, nothing inline) and
//! an ETag; `Cache-Control: no-cache` makes browsers revalidate, so a new binary is picked up at once while
//! an unchanged asset costs a 304.

use axum::Router;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::api::state::AppState;

/// No inline script or style, no plugins, no framing; the page talks only to this origin.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// One embedded file.
struct Asset {
    body: &'static [u8],
    content_type: &'static str,
    /// A strong ETag from the content, fixed at compile time.
    etag: u64,
}

impl Asset {
    const fn new(body: &'static [u8], content_type: &'static str) -> Self {
        Asset { body, content_type, etag: fnv1a(body) }
    }
}

const INDEX: Asset = Asset::new(include_bytes!("../web/index.html"), "text/html; charset=utf-8");
const SCRIPT: Asset = Asset::new(include_bytes!("../web/page.js"), "text/javascript; charset=utf-8");
const STYLE: Asset = Asset::new(include_bytes!("../web/page.css"), "text/css; charset=utf-8");
const ICON: Asset = Asset::new(include_bytes!("../web/icon.svg"), "image/svg+xml");

/// The page's routes: `/` and its three assets.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(async |headers: HeaderMap| serve(&INDEX, &headers)))
        .route("/assets/page.js", get(async |headers: HeaderMap| serve(&SCRIPT, &headers)))
        .route("/assets/page.css", get(async |headers: HeaderMap| serve(&STYLE, &headers)))
        .route("/assets/icon.svg", get(async |headers: HeaderMap| serve(&ICON, &headers)))
}

/// The asset with its headers, or 304 when the client's `If-None-Match` names the current version.
fn serve(asset: &'static Asset, request: &HeaderMap) -> Response {
    let etag = format!("\"{:016x}\"", asset.etag);
    let unchanged = request
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == etag || tag.trim() == "*"));
    let mut response = if unchanged { StatusCode::NOT_MODIFIED.into_response() } else { asset.body.into_response() };
    let headers = response.headers_mut();
    if !unchanged {
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(asset.content_type));
    }
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, etag);
    }
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// FNV-1a, 64 bits: a stable content hash usable in a `const`.
const fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        hash ^= bytes[i] as u64;
        hash = hash.wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    hash
}
