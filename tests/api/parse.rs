use serde_json::json;

use crate::util::post_json;

#[tokio::test]
async fn parses_to_tree_canonical_text_and_resolved_subjects() {
    let response =
        post_json("/v1/parse", &json!({"texts": ["REQUEST Agent[02] (VOTE Agent[3])"], "speaker": "Agent[01]"})).await;
    assert_eq!(response.status, 200, "{}", response.text());
    let result = &response.json()["results"][0];
    assert_eq!(result["canonical"], "REQUEST Agent[02] (VOTE Agent[03])");
    assert_eq!(
        result["ast"],
        json!({"type": "REQUEST", "target": "Agent[02]", "sentence": {"type": "VOTE", "target": "Agent[03]"}})
    );
    assert_eq!(result["resolved"]["subject"], "Agent[01]");
    assert_eq!(result["resolved"]["sentence"]["subject"], "Agent[02]");
    assert_eq!(result["warnings"][0]["code"], "number_format");
}

#[tokio::test]
async fn strict_rejects_non_canonical_text_per_item() {
    let response = post_json("/v1/parse", &json!({"texts": ["VOTE Agent[3]", "VOTE Agent[03]"], "strict": true})).await;
    let body = response.json();
    assert_eq!(body["results"][0]["error"]["code"], "not_canonical");
    assert_eq!(body["results"][0]["error"]["expected"], json!(["VOTE Agent[03]"]));
    assert_eq!(body["results"][1]["canonical"], "VOTE Agent[03]");
}

#[tokio::test]
async fn without_speaker_top_level_subject_stays_omitted() {
    let response = post_json("/v1/parse", &json!({"texts": ["Skip", "VOTE Agent[01]"]})).await;
    let body = response.json();
    assert_eq!(body["results"][0]["ast"], json!({"type": "Skip"}));
    assert!(body["results"][1]["resolved"].get("subject").is_none());
}
