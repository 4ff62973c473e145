//! The web page at `/` and its assets: content types, security headers, revalidation, and a page that
//! needs nothing inline (so the Content-Security-Policy can forbid it).

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};

use aiwolf_nl::api::{AppState, app};

use crate::util::{TestResponse, get, send};

const ASSETS: [(&str, &str); 4] = [
    ("/", "text/html; charset=utf-8"),
    ("/assets/page.js", "text/javascript; charset=utf-8"),
    ("/assets/page.css", "text/css; charset=utf-8"),
    ("/assets/icon.svg", "image/svg+xml"),
];

fn header<'a>(response: &'a TestResponse, name: &str) -> &'a str {
    response.headers.get(name).and_then(|v| v.to_str().ok()).unwrap_or_else(|| panic!("no {name} header"))
}

#[tokio::test]
async fn page_and_assets_have_their_content_types_and_security_headers() {
    for (path, content_type) in ASSETS {
        let response = get(path).await;
        assert_eq!(response.status, StatusCode::OK, "{path}");
        assert_eq!(header(&response, "content-type"), content_type, "{path}");
        assert!(!response.body.is_empty(), "{path}");
        let policy = header(&response, "content-security-policy");
        assert!(policy.contains("script-src 'self'"), "{path}: {policy}");
        assert!(policy.contains("default-src 'none'"), "{path}: {policy}");
        assert!(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "{path}: {policy}");
        assert_eq!(header(&response, "x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header(&response, "x-frame-options"), "DENY", "{path}");
        assert_eq!(header(&response, "referrer-policy"), "no-referrer", "{path}");
        assert_eq!(header(&response, "cache-control"), "no-cache", "{path}");
        assert!(header(&response, "etag").starts_with('"'), "{path}");
    }
}

#[tokio::test]
async fn a_current_etag_answers_304_and_a_stale_one_the_asset() {
    let first = get("/assets/page.js").await;
    let etag = header(&first, "etag").to_owned();
    let request = |tag: &str| {
        Request::get("/assets/page.js").header(header::IF_NONE_MATCH, tag).body(Body::empty()).expect("request")
    };
    let unchanged = send(app(AppState::default()), request(&format!("\"stale\", {etag}"))).await;
    assert_eq!(unchanged.status, StatusCode::NOT_MODIFIED);
    assert!(unchanged.body.is_empty());
    assert_eq!(header(&unchanged, "etag"), etag);
    let changed = send(app(AppState::default()), request("\"0000000000000000\"")).await;
    assert_eq!(changed.status, StatusCode::OK);
    assert_eq!(changed.body, first.body);
}

#[tokio::test]
async fn the_page_has_no_inline_script_style_or_handler() {
    let html = get("/").await.text();
    for (at, _) in html.match_indices("<script") {
        let tag = &html[at..at + html[at..].find('>').expect("closed tag")];
        assert!(tag.contains(" src=\"/assets/"), "inline script: {tag}");
    }
    assert!(!html.contains("<style"), "inline style element");
    assert!(!html.contains(" style="), "inline style attribute");
    for rest in html.split(" on").skip(1) {
        let name_end = rest.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(rest.len());
        assert!(name_end == 0 || !rest[name_end..].starts_with('='), "inline event handler: on{}", &rest[..name_end]);
    }
}

#[tokio::test]
async fn every_asset_the_page_references_is_served() {
    let html = get("/").await.text();
    let referenced: Vec<&str> = html.split(['"', '\'']).filter(|piece| piece.starts_with("/assets/")).collect();
    assert!(referenced.len() >= 3, "{referenced:?}");
    for path in referenced {
        assert!(ASSETS.iter().any(|(served, _)| *served == path), "{path} is not in the asset table");
        assert_eq!(get(path).await.status, StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn the_page_answers_head_and_refuses_post_with_the_envelope() {
    let head = send(app(AppState::default()), Request::head("/").body(Body::empty()).expect("request")).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty());
    let request = Request::builder().method(Method::POST).uri("/").body(Body::empty()).expect("request");
    send(app(AppState::default()), request).await.assert_error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
    get("/assets/nothing.js").await.assert_error(StatusCode::NOT_FOUND, "not_found");
}

#[test]
fn the_page_is_not_part_of_the_api_contract() {
    let document = aiwolf_nl::api::openapi();
    assert!(document.paths.paths.keys().all(|path| path != "/" && !path.starts_with("/assets")));
}
