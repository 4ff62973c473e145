//! Request-level limits that keep every request's cost bounded: the name table.

use axum::http::StatusCode;
use serde_json::{Value, json};

use aiwolf_nl::protocol::{MAX_NAME_CHARS, MAX_NAMED_AGENTS, MAX_NAMES_PER_AGENT};

use super::util::post_json;

fn translate_with_names(names: Value) -> Value {
    json!({"texts": ["ミナトに投票します"], "source_lang": "ja", "target_lang": "protocol",
           "context": {"speaker": "Agent[01]", "names": names}})
}

#[tokio::test]
async fn name_tables_over_the_limits_are_422_with_the_limit_named() {
    let agents: serde_json::Map<String, Value> =
        (1..=MAX_NAMED_AGENTS + 1).map(|n| (format!("Agent[{n:02}]"), json!(format!("n{n}")))).collect();
    let too_many_agents = post_json("/v1/translate", &translate_with_names(agents.into())).await;
    let body = too_many_agents.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    assert_eq!(body["error"]["details"]["path"], "context.names", "{body}");
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("the limit is 100")), "{body}");

    let names: Vec<String> = (0..=MAX_NAMES_PER_AGENT).map(|i| format!("n{i}")).collect();
    let too_many_names = post_json("/v1/translate", &translate_with_names(json!({"Agent[01]": names}))).await;
    too_many_names.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");

    let long = "ミ".repeat(MAX_NAME_CHARS + 1);
    let too_long = post_json("/v1/translate", &translate_with_names(json!({"Agent[01]": long}))).await;
    let body = too_long.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    assert!(body["error"]["message"].as_str().is_some_and(|m| m.contains("characters; the limit is 32")), "{body}");

    let within = post_json("/v1/translate", &translate_with_names(json!({"Agent[03]": ["ミナト", "Minato"]}))).await;
    assert_eq!(within.status, StatusCode::OK, "{}", within.text());
    assert_eq!(within.json()["results"][0]["text"], "VOTE Agent[03]", "{}", within.text());
}
