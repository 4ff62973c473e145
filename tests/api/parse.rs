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

#[tokio::test]
async fn expand_any_gives_the_or_of_substitutions_per_text() {
    let agents = json!({"agents": ["Agent[01]", "Agent[02]"]});
    let texts =
        ["Agent[02] INQUIRE Agent[01] (VOTED ANY)", "VOTE Agent[01]", "AND (ESTIMATE ANY ANY) (ESTIMATE ANY ANY)"];
    let many: Vec<String> = (1..=200).map(|n| format!("Agent[{n:02}]")).collect();
    let response = post_json("/v1/parse", &json!({"texts": texts, "expand_any": agents})).await;
    assert_eq!(response.status, 200, "{}", response.text());
    let body = response.json();
    assert_eq!(
        body["results"][0]["expanded"]["canonical"],
        "Agent[02] INQUIRE Agent[01] (OR (VOTED Agent[01]) (VOTED Agent[02]))"
    );
    assert_eq!(body["results"][0]["canonical"], texts[0]);
    assert_eq!(body["results"][1]["expanded"]["ast"], json!({"type": "VOTE", "target": "Agent[01]"}));
    assert_eq!(body["results"][2]["expanded"]["ast"]["sentences"][0]["type"], "OR");

    let product = "ANY ESTIMATE ANY ANY";
    let too_large = post_json("/v1/parse", &json!({"texts": [product], "expand_any": {"agents": many}})).await;
    let error = &too_large.json()["results"][0]["error"];
    assert_eq!(error["code"], "expansion_too_large", "{error}");
    assert_eq!(error["span"], json!({"start": 0, "end": product.len()}));

    let without = post_json("/v1/parse", &json!({"texts": ["VOTE ANY"]})).await;
    assert!(without.json()["results"][0].get("expanded").is_none());
}

#[tokio::test]
async fn expand_any_drops_a_repeated_agent() {
    let agents = json!(["Agent[01]", "Agent[1]"]);
    let response = post_json("/v1/parse", &json!({"texts": ["VOTE ANY"], "expand_any": {"agents": agents}})).await;
    assert_eq!(response.status, 200, "{}", response.text());
    assert_eq!(response.json()["results"][0]["expanded"]["canonical"], "VOTE Agent[01]");
}

#[tokio::test]
async fn expand_any_refuses_a_bad_agent_list() {
    for agents in [json!([]), json!(["Agent[01]", "ANY"]), json!(["Agent[00]"])] {
        let response = post_json("/v1/parse", &json!({"texts": ["VOTE ANY"], "expand_any": {"agents": agents}})).await;
        assert_eq!(response.status, 422, "{agents}: {}", response.text());
        let error = &response.json()["error"];
        assert_eq!(error["code"], "invalid_body");
        assert!(error["message"].as_str().unwrap().contains("expand_any.agents"), "{error}");
    }
}
