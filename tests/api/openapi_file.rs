//! `openapi/openapi.json` is the committed contract; it must equal what the code generates.
//! `UPDATE_OPENAPI=1 cargo test --test api openapi` rewrites it.

use std::path::Path;

use crate::util::get;

fn generated() -> String {
    aiwolf_nl::api::openapi().to_pretty_json().expect("the document serializes") + "\n"
}

#[test]
fn committed_openapi_json_is_fresh() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi/openapi.json");
    let generated = generated();
    if std::env::var_os("UPDATE_OPENAPI").is_some() {
        std::fs::write(&path, &generated).expect("write openapi/openapi.json");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "openapi/openapi.json is stale: run `UPDATE_OPENAPI=1 cargo test --test api openapi` and commit it"
    );
}

#[tokio::test]
async fn served_document_is_the_generated_one() {
    let served = get("/openapi.json").await.json();
    let generated: serde_json::Value = serde_json::from_str(&generated()).expect("JSON");
    assert_eq!(served, generated);
}

#[test]
fn every_route_documents_its_errors_and_bodies_have_examples() {
    let doc: serde_json::Value = serde_json::from_str(&generated()).expect("JSON");
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, operation) in item.as_object().expect("operation") {
            let responses = operation["responses"].as_object().expect("responses");
            assert!(responses.contains_key("500"), "{method} {path} does not document 500");
            if method == "post" {
                for status in ["400", "413", "415", "422"] {
                    assert!(responses.contains_key(status), "{method} {path} does not document {status}");
                }
            }
        }
    }
    for name in [
        "TranslateRequest",
        "TranslateResponse",
        "ParseRequest",
        "RenderRequest",
        "ValidateRequest",
        "ErrorEnvelope",
        "Sentence",
        "Context",
    ] {
        let schema = &doc["components"]["schemas"][name];
        assert!(schema.get("example").is_some() || schema.get("examples").is_some(), "{name} has no example");
    }
}
