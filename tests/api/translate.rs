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
async fn auto_detects_protocol_japanese_and_english_per_text() {
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["Agent[01] VOTE Agent[02]", "Agent[03]に投票します", "I vote Agent[03].", "VOTX Agent[01]", ""],
                "target_lang": "protocol", "context": {"speaker": "Agent[01]"}}),
    )
    .await;
    assert_eq!(response.status, 200, "{}", response.text());
    let body = response.json();
    let results = &body["results"];
    assert_eq!(results[0]["detected_source_lang"], "protocol");
    assert_eq!(results[0]["text"], "Agent[01] VOTE Agent[02]");
    assert_eq!(results[1]["detected_source_lang"], "ja");
    assert_eq!(results[1]["text"], "VOTE Agent[03]");
    assert_eq!(results[2]["detected_source_lang"], "en");
    assert_eq!(results[2]["text"], "VOTE Agent[03]");
    // Broken protocol is not English: it keeps its parse error.
    assert_eq!(results[3]["error"]["code"], "unknown_verb");
    assert_eq!(results[4]["error"]["code"], "empty_input");
}

#[tokio::test]
async fn japanese_to_protocol_gives_sentences_with_confidence_spans_and_unknown_names() {
    let text = "占い師COします。ケンジさんを占った結果、人狼でした。@ユキ 誰に投票する？";
    // The question goes to ユキ, whom the name table does not know: reported, and not read as one to everyone.
    let response = post_json(
        "/v1/translate",
        &json!({"texts": [text], "source_lang": "ja", "target_lang": "protocol",
                "context": {"speaker": "Agent[01]", "names": {"Agent[03]": "ケンジ"}}}),
    )
    .await;
    assert_eq!(response.status, 200, "{}", response.text());
    let result = &response.json()["results"][0];
    assert_eq!(result["text"], "COMINGOUT Agent[01] SEER ; DIVINED Agent[03] WEREWOLF");
    let sentences = result["sentences"].as_array().expect("sentences");
    assert_eq!(sentences.len(), 2);
    assert_eq!(sentences[1]["ast"], json!({"type": "DIVINED", "target": "Agent[03]", "species": "WEREWOLF"}));
    for sentence in sentences {
        let confidence = sentence["confidence"].as_f64().expect("confidence");
        assert!(confidence > 0.0 && confidence <= 1.0);
        assert_eq!(sentence["alternatives"], json!([]));
    }
    let span = &sentences[1]["span"];
    let (start, end) = (span["start"].as_u64().unwrap() as usize, span["end"].as_u64().unwrap() as usize);
    assert!(text[start..end].starts_with("ケンジさんを占った結果"), "{}", &text[start..end]);
    let unknown = &result["unknown_names"][0];
    assert_eq!(unknown["name"], "ユキ");
    assert!(text[unknown["span"]["start"].as_u64().unwrap() as usize..].starts_with("@ユキ"));
    assert_eq!(result["warnings"], json!([]));
}

#[tokio::test]
async fn english_reads_names_lists_and_the_leading_address() {
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["@Shion please vote for Kenji. Over", "Good morning, everyone!"], "source_lang": "en",
                "target_lang": "protocol",
                "context": {"speaker": "Agent[01]", "names": {"Agent[03]": ["ケンジ", "Kenji"], "Agent[04]": ["シオン", "Shion"]}}}),
    )
    .await;
    let body = response.json();
    assert_eq!(body["results"][0]["text"], "REQUEST Agent[04] (VOTE Agent[03]) ; Over");
    assert_eq!(body["results"][0]["detected_source_lang"], "en");
    assert_eq!(body["results"][1]["text"], "Skip");
    assert_eq!(body["results"][1]["sentences"], json!([]));
}

#[tokio::test]
async fn japanese_to_english_pivots_through_the_protocol() {
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["ケンジさんに投票します。", "おはよう"], "source_lang": "ja", "target_lang": "en",
                "context": {"speaker": "Agent[01]", "names": {"Agent[03]": ["ケンジ", "Kenji"]}}}),
    )
    .await;
    let body = response.json();
    let pivot = &body["results"][0];
    assert_eq!(pivot["sentences"][0]["protocol"], "VOTE Agent[03]");
    let text = pivot["text"].as_str().expect("a translation");
    // The name table lists both names: English output shows the Latin one.
    assert_eq!(text, "I will vote for Kenji.");
    // Nothing understood renders as Skip in the target language, not as the word `Skip`.
    let skip = body["results"][1]["text"].as_str().expect("a translation");
    assert!(!skip.is_empty() && skip != "Skip", "{skip}");
}

#[tokio::test]
async fn natural_language_over_the_length_limit_is_a_per_item_error() {
    let long = "占い".repeat(2000);
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["占い師COします", long], "source_lang": "ja", "target_lang": "protocol",
                "context": {"speaker": "Agent[02]"}}),
    )
    .await;
    let body = response.json();
    assert_eq!(body["results"][0]["text"], "COMINGOUT Agent[02] SEER");
    assert_eq!(body["results"][1]["error"]["code"], "too_long");
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

#[tokio::test]
async fn a_result_without_a_source_word_is_skipped_with_both_readings_offered() {
    // C4: «黒でした» with no divination or medium word may be either result; neither is asserted.
    let response = post_json(
        "/v1/translate",
        &json!({"texts": ["ケンジは黒でした。"], "source_lang": "ja", "target_lang": "protocol",
                "context": {"speaker": "Agent[01]", "names": {"Agent[03]": "ケンジ"}}}),
    )
    .await;
    let result = &response.json()["results"][0];
    assert_eq!(result["text"], "Skip");
    assert_eq!(result["sentences"], json!([]));
    let offered: Vec<&str> = result["alternatives"]
        .as_array()
        .expect("alternatives")
        .iter()
        .map(|a| a["protocol"].as_str().unwrap())
        .collect();
    assert_eq!(offered, ["DIVINED Agent[03] WEREWOLF", "IDENTIFIED Agent[03] WEREWOLF"]);
    assert_eq!(
        result["alternatives"][1]["ast"],
        json!({"type": "IDENTIFIED", "target": "Agent[03]", "species": "WEREWOLF"})
    );
    assert!(result["alternatives"].as_array().unwrap().iter().all(|a| a["confidence"].as_f64() < Some(0.5)));
}
