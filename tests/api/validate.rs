use serde_json::json;

use crate::util::post_json;

#[tokio::test]
async fn reports_validity_errors_with_spans_and_warnings() {
    let response = post_json("/v1/validate", &json!({"texts": ["VOTE Agent[03]", "VOTE Agent[3]", "VOTE (x"]})).await;
    assert_eq!(response.status, 200);
    let body = response.json();
    assert_eq!(body["valid"], false);
    assert_eq!(body["results"][0], json!({"valid": true, "errors": [], "warnings": []}));
    assert_eq!(body["results"][1]["valid"], true);
    assert_eq!(body["results"][1]["warnings"][0]["code"], "number_format");
    assert_eq!(body["results"][2]["valid"], false);
    assert!(body["results"][2]["errors"][0]["span"]["start"].is_u64());
}

#[tokio::test]
async fn strict_mode_and_all_valid() {
    let strict = post_json("/v1/validate", &json!({"texts": ["VOTE Agent[3]"], "strict": true})).await;
    assert_eq!(strict.json()["results"][0]["errors"][0]["code"], "not_canonical");
    let fine = post_json("/v1/validate", &json!({"texts": ["VOTE Agent[03]", "Over"], "strict": true})).await;
    assert_eq!(fine.json()["valid"], true);
    let empty = post_json("/v1/validate", &json!({"texts": []})).await;
    assert_eq!(empty.json(), json!({"valid": true, "results": []}));
}
