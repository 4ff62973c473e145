//! Every error class answers with the envelope, the right status and a stable code.

use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use axum::routing::get;
use serde_json::json;

use aiwolf_nl::api::{ApiConfig, AppState, app, routes, with_middleware};

use crate::util::{get as get_path, json_request, post_json, post_json_with, send};

async fn post_raw(content_type: Option<&str>, body: &str) -> crate::util::TestResponse {
    let mut request = Request::post("/v1/validate");
    if let Some(content_type) = content_type {
        request = request.header(header::CONTENT_TYPE, content_type);
    }
    send(app(AppState::default()), request.body(Body::from(body.to_owned())).expect("request")).await
}

#[tokio::test]
async fn malformed_json_is_400() {
    post_raw(Some("application/json"), r#"{"texts": ["#).await.assert_error(StatusCode::BAD_REQUEST, "malformed_json");
    post_raw(Some("application/json"), r#"{"texts": []} trailing"#)
        .await
        .assert_error(StatusCode::BAD_REQUEST, "malformed_json");
    post_raw(Some("application/json"), "").await.assert_error(StatusCode::BAD_REQUEST, "malformed_json");
}

#[tokio::test]
async fn wrong_or_missing_content_type_is_415() {
    post_raw(Some("text/plain"), r#"{"texts": []}"#)
        .await
        .assert_error(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type");
    post_raw(None, r#"{"texts": []}"#).await.assert_error(StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type");
    let ok = post_raw(Some("application/json; charset=utf-8"), r#"{"texts": []}"#).await;
    assert_eq!(ok.status, 200);
}

#[tokio::test]
async fn wrong_shapes_are_422_with_the_path() {
    let unknown_field = post_json("/v1/validate", &json!({"texts": [], "strct": true})).await;
    unknown_field.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    let missing = post_json("/v1/translate", &json!({"texts": ["Over"]})).await;
    missing.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    let wrong_type = post_json("/v1/parse", &json!({"texts": [1]})).await;
    let body = wrong_type.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    assert_eq!(body["error"]["details"]["path"], "texts[0]");
    let bad_agent = post_json("/v1/parse", &json!({"texts": [], "speaker": "Agent03"})).await;
    bad_agent.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    let bad_names = post_json(
        "/v1/translate",
        &json!({"texts": [], "target_lang": "protocol", "context": {"names": {"ANY": "x"}}}),
    )
    .await;
    bad_names.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
}

#[tokio::test]
async fn unknown_languages_are_422_unsupported_language() {
    let target = post_json("/v1/translate", &json!({"texts": [], "target_lang": "fr"})).await;
    let body = target.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "unsupported_language");
    assert_eq!(body["error"]["details"]["path"], "target_lang");
    let source = post_json("/v1/translate", &json!({"texts": [], "source_lang": "de", "target_lang": "ja"})).await;
    source.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "unsupported_language");
}

#[tokio::test]
async fn bodies_over_the_limit_are_413() {
    let state = AppState::new(ApiConfig { body_limit: 1024, ..ApiConfig::default() });
    let texts: Vec<String> = (0..100).map(|_| "VOTE Agent[01]".to_owned()).collect();
    let response = post_json_with(state, "/v1/validate", &json!({ "texts": texts })).await;
    let body = response.assert_error(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
    assert_eq!(body["error"]["details"]["limit"], 1024);
}

#[tokio::test]
async fn batches_over_the_limit_are_400() {
    let texts = vec!["Over"; 257];
    for path in ["/v1/validate", "/v1/parse"] {
        let response = post_json(path, &json!({ "texts": texts })).await;
        let body = response.assert_error(StatusCode::BAD_REQUEST, "batch_too_large");
        assert_eq!(body["error"]["details"], json!({"len": 257, "max": 256}));
    }
    let translate = post_json("/v1/translate", &json!({"texts": texts, "target_lang": "protocol"})).await;
    translate.assert_error(StatusCode::BAD_REQUEST, "batch_too_large");
    let at_limit = post_json("/v1/validate", &json!({ "texts": vec!["Over"; 256] })).await;
    assert_eq!(at_limit.status, 200);
}

#[tokio::test]
async fn unknown_paths_are_404_and_wrong_methods_405() {
    get_path("/v2/translate").await.assert_error(StatusCode::NOT_FOUND, "not_found");
    let wrong_method = send(app(AppState::default()), json_request(Method::PUT, "/v1/translate", "{}")).await;
    wrong_method.assert_error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
    assert_eq!(wrong_method.headers["allow"], "POST");
    get_path("/v1/parse").await.assert_error(StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed");
}

async fn panics() -> &'static str {
    panic!("deliberate test panic")
}

/// The production stack around extra routes that misbehave on purpose.
fn misbehaving(config: ApiConfig) -> Router {
    let extra = Router::new().route("/test/panic", get(panics)).route(
        "/test/slow",
        get(|| async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            "done"
        }),
    );
    with_middleware(routes().0.merge(extra), AppState::new(config))
}

#[tokio::test]
async fn panics_are_500_and_the_service_keeps_serving() {
    let router = misbehaving(ApiConfig::default());
    let panic = send(router.clone(), Request::get("/test/panic").body(Body::empty()).expect("request")).await;
    panic.assert_error(StatusCode::INTERNAL_SERVER_ERROR, "internal_error");
    let after = send(router, Request::get("/healthz").body(Body::empty()).expect("request")).await;
    assert_eq!(after.status, 200);
}

#[tokio::test]
async fn slow_requests_time_out_with_408() {
    let router = misbehaving(ApiConfig { request_timeout: Duration::from_millis(50), ..ApiConfig::default() });
    let slow = send(router, Request::get("/test/slow").body(Body::empty()).expect("request")).await;
    slow.assert_error(StatusCode::REQUEST_TIMEOUT, "request_timeout");
}

#[tokio::test]
async fn a_long_batch_stops_at_the_time_limit_with_408() {
    // Handlers compute without awaiting; the batch must still give the timeout a chance between items.
    let utterance =
        "ミナトさんを占った結果、人狼でした。私は占い師です。みんな、ミナトさんに投票しましょう。".repeat(6);
    let body = json!({"texts": vec![utterance; 256], "source_lang": "ja", "target_lang": "en",
                      "context": {"speaker": "Agent[02]", "names": {"Agent[01]": "ミナト"}}});
    let hurried = AppState::new(ApiConfig { request_timeout: Duration::from_millis(1), ..ApiConfig::default() });
    post_json_with(hurried, "/v1/translate", &body).await.assert_error(StatusCode::REQUEST_TIMEOUT, "request_timeout");
    let patient = post_json("/v1/translate", &body).await;
    assert_eq!(patient.status, 200, "the same batch within the default limit: {}", patient.text());
}

#[tokio::test]
async fn bodies_must_be_objects_and_integral_floats_are_integers() {
    let array = post_raw(Some("application/json"), "[[]]").await;
    array.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    let context_array =
        post_json("/v1/translate", &json!({"texts": [], "target_lang": "protocol", "context": [null, null]})).await;
    context_array.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    let float_day = post_json(
        "/v1/render",
        &json!({"sentence": {"type": "AGREE", "talk": {"kind": "TALK", "day": 41.0, "id": 3.0}}}),
    )
    .await;
    assert_eq!(float_day.json()["renderings"][0]["text"], "AGREE TALK day41 ID:3", "{}", float_day.text());
    let fraction = post_json(
        "/v1/render",
        &json!({"sentence": {"type": "AGREE", "talk": {"kind": "TALK", "day": 41.5, "id": 3}}}),
    )
    .await;
    fraction.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
}
