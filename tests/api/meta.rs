use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::json;

use aiwolf_nl::api::{AppState, app};

use crate::util::{get, json_request, send};

#[tokio::test]
async fn languages_lists_codes_directions_and_styles() {
    let response = get("/v1/languages").await;
    assert_eq!(response.status, 200);
    let body = response.json();
    let languages = body["languages"].as_array().expect("languages");
    let codes: Vec<&str> = languages.iter().filter_map(|l| l["code"].as_str()).collect();
    assert_eq!(codes, ["protocol", "ja", "en"]);
    assert_eq!(languages[0]["targets"], json!(["protocol", "ja", "en"]));
    assert_eq!(languages[1]["target"], true);
    assert_eq!(languages[1]["targets"], json!(["protocol", "ja", "en"]));
    assert_eq!(languages[0]["source"], true);
    assert_eq!(languages[1]["styles"], json!(["polite", "casual", "chat"]));
}

#[tokio::test]
async fn healthz_and_readyz() {
    let health = get("/healthz").await;
    assert_eq!(health.json(), json!({"status": "ok"}));
    let ready = get("/readyz").await;
    assert_eq!(ready.status, 200);
    assert_eq!(ready.json()["status"], "ready");
    assert_eq!(ready.json()["checks"][0], json!({"name": "protocol_self_test", "ok": true}));
    assert_eq!(ready.json()["checks"][1], json!({"name": "render_self_test", "ok": true}));
    assert_eq!(ready.json()["checks"][2], json!({"name": "understand_self_test", "ok": true}));
}

#[tokio::test]
async fn metrics_are_labelled_by_matched_route() {
    let router = app(AppState::default());
    let request = json_request(Method::POST, "/v1/validate", r#"{"texts":["Over"]}"#);
    assert_eq!(send(router.clone(), request).await.status, 200);
    send(router.clone(), Request::get("/no/such/path").body(Body::empty()).expect("request")).await;
    let invented = Method::from_bytes(b"FOOBAR").expect("a valid method token");
    let request = Request::builder().method(invented).uri("/healthz").body(Body::empty()).expect("request");
    assert_eq!(send(router.clone(), request).await.status, 405);
    let metrics = send(router, Request::get("/metrics").body(Body::empty()).expect("request")).await;
    assert_eq!(metrics.status, 200);
    assert!(metrics.headers["content-type"].to_str().is_ok_and(|c| c.starts_with("text/plain")));
    let text = metrics.text();
    assert!(text.contains(r#"http_requests_total{method="POST",route="/v1/validate",status="200"} 1"#), "{text}");
    assert!(text.contains(r#"http_requests_total{method="GET",route="unmatched",status="404"} 1"#), "{text}");
    assert!(text.contains(r#"http_request_duration_seconds_count{method="POST",route="/v1/validate"} 1"#));
    // Invented methods share one label, so clients cannot grow the registry without bound.
    assert!(text.contains(r#"http_requests_total{method="OTHER",route="/healthz",status="405"} 1"#), "{text}");
    assert!(!text.contains("FOOBAR"), "{text}");
}

#[tokio::test]
async fn openapi_json_and_offline_swagger_ui_are_served() {
    let spec = get("/openapi.json").await;
    assert_eq!(spec.status, 200);
    assert_eq!(spec.json()["info"]["title"], "aiwolf-nl");
    let docs = get("/docs/").await;
    assert_eq!(docs.status, 200);
    assert!(docs.text().contains("swagger"), "{}", docs.text());
    let bundle = get("/docs/swagger-ui-bundle.js").await;
    assert_eq!(bundle.status, 200);
    assert!(bundle.body.len() > 100_000, "the vendored Swagger UI bundle is embedded");
}

#[tokio::test]
async fn request_ids_are_generated_or_echoed() {
    let generated = get("/healthz").await;
    let id = generated.headers["x-request-id"].to_str().expect("ascii");
    assert_eq!(id.len(), 36, "a UUID: {id}");
    let request = Request::get("/healthz").header("x-request-id", "bot-7-turn-3").body(Body::empty()).expect("request");
    let echoed = send(app(AppState::default()), request).await;
    assert_eq!(echoed.headers["x-request-id"], "bot-7-turn-3");
}

#[tokio::test]
async fn cors_preflight_is_answered() {
    let request = Request::builder()
        .method(Method::OPTIONS)
        .uri("/v1/translate")
        .header("origin", "http://localhost:3000")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .body(Body::empty())
        .expect("request");
    let response = send(app(AppState::default()), request).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.headers["access-control-allow-origin"], "*");
    assert!(response.headers.contains_key("x-request-id"));
}

#[tokio::test]
async fn templates_lists_every_template_of_both_languages_with_a_sample() {
    let response = get("/v1/templates").await;
    assert_eq!(response.status, 200);
    let body = response.json();
    let templates = body["templates"].as_array().expect("templates");
    for lang in ["ja", "en"] {
        let of_lang: Vec<&serde_json::Value> = templates.iter().filter(|t| t["lang"] == lang).collect();
        // 13 verbs, Skip, Over and 8 operators at least, plus the shared parts.
        assert!(of_lang.len() >= 23, "{lang}: {} templates", of_lang.len());
        let vote = of_lang.iter().find(|t| t["name"] == "VOTE.txt").expect("VOTE.txt");
        assert_eq!(vote["sample_input"], "VOTE Agent[03]");
        let sample = vote["sample_output"].as_str().expect("sample");
        assert!(sample.contains(if lang == "ja" { "ケンジ" } else { "Kenji" }), "{sample}");
        assert!(vote["variables"].as_array().is_some_and(|v| v.iter().any(|v| v == "target")), "{vote}");
    }
}
