use axum::http::StatusCode;
use serde_json::json;

use crate::util::post_json;

#[tokio::test]
async fn renders_a_tree_as_protocol_by_default() {
    let tree = json!({"type": "BECAUSE",
        "reason": {"type": "DIVINED", "target": "Agent[01]", "species": "WEREWOLF"},
        "conclusion": {"type": "REQUEST", "target": "ANY", "sentence": {"type": "VOTE", "target": "Agent[01]"}}});
    let response = post_json("/v1/render", &json!({"sentence": tree})).await;
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(
        response.json(),
        json!({"renderings": [{"lang": "protocol",
            "text": "BECAUSE (DIVINED Agent[01] WEREWOLF) (REQUEST ANY (VOTE Agent[01]))"}]})
    );
}

#[tokio::test]
async fn trees_render_as_japanese_and_english() {
    let response = post_json(
        "/v1/render",
        &json!({"sentence": {"type": "VOTE", "target": "Agent[01]"}, "targets": ["ja", "protocol", "en"],
                "context": {"names": {"Agent[01]": "Minato"}}}),
    )
    .await;
    let body = response.json();
    assert_eq!(body["renderings"][0], json!({"lang": "ja", "text": "Minatoさんに投票します。"}));
    assert_eq!(body["renderings"][1], json!({"lang": "protocol", "text": "VOTE Agent[01]"}));
    assert_eq!(body["renderings"][2]["lang"], "en");
    assert!(body["renderings"][2]["text"].as_str().is_some_and(|t| t.contains("Minato")), "{body}");
}

#[tokio::test]
async fn trees_the_protocol_cannot_express_are_invalid() {
    let subject_on_skip = post_json("/v1/render", &json!({"sentence": {"type": "Skip", "subject": "Agent[01]"}})).await;
    let body = subject_on_skip.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_tree");
    assert_eq!(body["error"]["details"]["code"], "subject_not_allowed");

    let empty_and = post_json("/v1/render", &json!({"sentence": {"type": "AND", "sentences": []}})).await;
    empty_and.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_tree");

    let huge_day = post_json(
        "/v1/render",
        &json!({"sentence": {"type": "DAY", "day": 4_000_000_000u32, "sentence": {"type": "Skip"}}}),
    )
    .await;
    huge_day.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_tree");

    let mut deep = json!({"type": "Skip"});
    for _ in 0..40 {
        deep = json!({"type": "NOT", "sentence": deep});
    }
    let too_deep = post_json("/v1/render", &json!({"sentence": deep})).await;
    let body = too_deep.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_tree");
    assert_eq!(body["error"]["details"]["code"], "too_deep");
}

#[tokio::test]
async fn malformed_trees_are_invalid_bodies() {
    let unknown_verb = post_json("/v1/render", &json!({"sentence": {"type": "SHOUT"}})).await;
    let body = unknown_verb.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    assert_eq!(body["error"]["details"]["path"], "sentence");
    let bad_target = post_json("/v1/render", &json!({"sentence": {"type": "Over"}, "targets": ["fr"]})).await;
    bad_target.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "unsupported_language");
}

#[tokio::test]
async fn tags_must_be_keywords_and_context_days_protocol_numbers() {
    let index_tag = post_json("/v1/render", &json!({"sentence": {"type": "NOT", "sentence": {"type": 0}}})).await;
    index_tag.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    let huge_day =
        post_json("/v1/render", &json!({"sentence": {"type": "Over"}, "context": {"day": 2_147_483_648u32}})).await;
    let body = huge_day.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    assert_eq!(body["error"]["details"]["path"], "context.day");
}

#[tokio::test]
async fn skip_and_over_take_no_fields() {
    let extra =
        post_json("/v1/render", &json!({"sentence": {"type": "NOT", "sentence": {"type": "Over", "x": 1}}})).await;
    extra.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
}

#[tokio::test]
async fn a_whispered_comingout_renders_as_a_plan() {
    let sentence = json!({"type": "COMINGOUT", "target": "Agent[01]", "role": "MEDIUM"});
    let request = |channel: Option<&str>| {
        let mut body = json!({"sentence": sentence, "targets": ["ja", "en"], "context": {"speaker": "Agent[01]"}});
        if let Some(channel) = channel {
            body["channel"] = json!(channel);
        }
        body
    };
    let whisper = post_json("/v1/render", &request(Some("whisper"))).await;
    assert_eq!(whisper.status, 200, "{}", whisper.text());
    let whispered = whisper.json();
    assert!(whispered["renderings"][0]["text"].as_str().is_some_and(|t| t.contains("騙ります")), "{whispered}");
    assert!(whispered["renderings"][1]["text"].as_str().is_some_and(|t| t.contains("fake-claim")), "{whispered}");
    // Talk, given or by default, is the claim itself.
    for channel in [Some("talk"), None] {
        let talk = post_json("/v1/render", &request(channel)).await.json();
        assert!(talk["renderings"][0]["text"].as_str().is_some_and(|t| !t.contains("騙")), "{talk}");
        assert_ne!(talk["renderings"][1]["text"], whispered["renderings"][1]["text"], "{talk}");
    }
    // The same through /v1/translate, from protocol text.
    let translated = post_json(
        "/v1/translate",
        &json!({"texts": ["COMINGOUT Agent[01] MEDIUM"], "source_lang": "protocol", "target_lang": "ja",
                "channel": "whisper", "context": {"speaker": "Agent[01]"}}),
    )
    .await;
    assert_eq!(translated.json()["results"][0]["text"], whispered["renderings"][0]["text"], "{}", translated.text());
    let unknown = post_json("/v1/render", &request(Some("shout"))).await;
    unknown.assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
}
