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

#[tokio::test]
async fn broken_protocol_keeps_the_dialect_warnings_found_before_the_error() {
    // `Agent3` (specification style) and full-width letters are dialects the lenient parser normalizes
    // before it meets the stray word; the error says so, under auto-detection as for protocol input.
    let texts = ["VOTE Agent3 x", "ＶＯＴＥ Agent[03] x"];
    let dialects = ["spec_agent_names", "full_width"];
    for source_lang in ["auto", "protocol"] {
        let response =
            post_json("/v1/translate", &json!({"texts": texts, "source_lang": source_lang, "target_lang": "protocol"}))
                .await;
        assert_eq!(response.status, 200, "{}", response.text());
        let body = response.json();
        for ((text, dialect), result) in texts.iter().zip(dialects).zip(body["results"].as_array().expect("results")) {
            let error = &result["error"];
            assert!(error["code"].is_string(), "{source_lang} {text:?} answered {result}");
            let warnings = error["warnings"].as_array().unwrap_or_else(|| panic!("{text:?}: no warnings in {error}"));
            assert!(
                warnings.iter().any(|w| w["code"] == "dialect" && w["dialect"] == dialect),
                "{source_lang} {text:?}: {error}"
            );
        }
    }
    // A clean error has no warnings field at all.
    let clean = post_json("/v1/translate", &json!({"texts": ["VOTX Agent[01]"], "target_lang": "protocol"})).await;
    assert!(clean.json()["results"][0]["error"].get("warnings").is_none(), "{}", clean.text());
}
