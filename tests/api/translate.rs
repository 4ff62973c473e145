use serde_json::json;

use crate::util::post_json;

#[tokio::test]
async fn protocol_to_protocol_normalizes_in_input_order() {
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["VOTE Agent[3]", "Agent[01] COMINGOUT Agent[01] SEER"], "source_lang": "protocol",
                "target_lang": "protocol"}),
    )
    .await;
    assert_eq!(response.status, 200, "{}", response.text());
    let body = response.json();
    let results = body["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    assert_eq!(results[0]["text"], "VOTE Agent[03]");
    assert_eq!(results[0]["detected_source_lang"], "protocol");
    assert_eq!(results[0]["target_lang"], "protocol");
    assert_eq!(results[0]["sentences"][0]["ast"], json!({"type": "VOTE", "target": "Agent[03]"}));
    assert_eq!(results[0]["sentences"][0]["confidence"], 1.0);
    assert_eq!(results[0]["sentences"][0]["span"], json!({"start": 0, "end": 13}));
    assert_eq!(results[0]["warnings"][0]["code"], "number_format");
    assert_eq!(results[1]["text"], "Agent[01] COMINGOUT Agent[01] SEER");
    assert_eq!(results[1]["unknown_names"], json!([]));
}

#[tokio::test]
async fn invalid_protocol_is_a_per_item_error() {
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["VOTE Agent[01]", "VOTX Agent[01]", "VOTE Agent[01]"], "source_lang": "protocol",
                "target_lang": "protocol"}),
    )
    .await;
    assert_eq!(response.status, 200);
    let body = response.json();
    assert_eq!(body["results"][0]["text"], "VOTE Agent[01]");
    let error = &body["results"][1]["error"];
    assert_eq!(error["code"], "unknown_verb");
    assert_eq!(error["span"], json!({"start": 0, "end": 4}));
    assert!(error["message"].is_string());
    assert_eq!(body["results"][2]["text"], "VOTE Agent[01]");
}

#[tokio::test]
async fn auto_detects_protocol_and_reports_natural_language_as_unavailable() {
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["Agent[01] VOTE Agent[02]", "Agent[03]に投票します", ""], "target_lang": "protocol"}),
    )
    .await;
    let body = response.json();
    assert_eq!(body["results"][0]["detected_source_lang"], "protocol");
    assert_eq!(body["results"][1]["error"]["code"], "nl_understanding_unavailable");
    assert_eq!(body["results"][1]["error"]["span"], json!({"start": 0, "end": "Agent[03]に投票します".len()}));
    assert_eq!(body["results"][2]["error"]["code"], "empty_input");
}

#[tokio::test]
async fn natural_language_source_is_unavailable_per_item() {
    let response =
        post_json("/v1/translate", &json!({"texts": ["占い師です"], "source_lang": "ja", "target_lang": "protocol"}))
            .await;
    assert_eq!(response.json()["results"][0]["error"]["code"], "nl_understanding_unavailable");
}

#[tokio::test]
async fn protocol_to_japanese_renders_with_the_context() {
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["VOTE Agent[01]", "VOTX"], "source_lang": "protocol", "target_lang": "ja",
                "style": "casual", "context": {"speaker": "Agent[02]", "day": 1, "names": {"Agent[01]": "ミナト"}}}),
    )
    .await;
    assert_eq!(response.status, 200);
    let body = response.json();
    let text = body["results"][0]["text"].as_str().expect("a translation");
    assert!(text.contains("ミナト") && !text.contains("Agent["), "{text}");
    assert_eq!(body["results"][0]["sentences"][0]["protocol"], "VOTE Agent[01]");
    assert_eq!(body["results"][1]["error"]["code"], "unknown_verb");
}

#[tokio::test]
async fn too_long_text_is_a_per_item_error() {
    let long = format!("VOTE Agent[01]{}", " ".repeat(9000));
    let response =
        post_json("/v1/translate", &json!({"texts": [long], "source_lang": "auto", "target_lang": "protocol"})).await;
    assert_eq!(response.json()["results"][0]["error"]["code"], "too_long");
}
