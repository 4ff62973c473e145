//! `source_lang: auto`: text that looks like protocol but does not parse gets its parse error, never `Skip`.

use serde_json::json;

use super::util::post_json;

#[tokio::test]
async fn broken_protocol_is_a_parse_error_not_skip() {
    let texts = ["VOTE Agent[03] x", "DAY -1 (VOTE Agent[03])", "VOTE\u{0} Agent[03]", "VOTE Agent[03] 🐺"];
    let response =
        post_json("/v1/translate", &json!({"texts": texts, "source_lang": "auto", "target_lang": "protocol"})).await;
    assert_eq!(response.status, 200, "{}", response.text());
    let body = response.json();
    for (text, result) in texts.iter().zip(body["results"].as_array().expect("results")) {
        let code = result["error"]["code"].as_str();
        assert!(code.is_some(), "{text:?} answered {result}");
        assert!(result["error"]["span"]["end"].as_u64().is_some(), "{text:?}: {result}");
    }
    let english = post_json(
        "/v1/translate",
        &json!({"texts": ["Hello everyone!"], "source_lang": "auto", "target_lang": "protocol"}),
    )
    .await;
    assert_eq!(english.json()["results"][0]["text"], "Skip", "{}", english.text());
}
