//! `POST /v1/gamelog/render`: the contract the web page codes against (formats, content types, the HTML
//! fragment's structure and escaping, the error envelope for unreadable logs).

use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use serde_json::json;

use crate::util::post_json;

/// A small game of our own: a seer claim, a whisper with markup in it, an AGREE, a tied vote and its revote,
/// a guarded attack, and a malformed line.
const LOG: &str = "\
0,status,1,SEER,ALIVE,alice
0,status,2,WEREWOLF,ALIVE,bob
0,status,3,BODYGUARD,ALIVE,carol
0,divine,1,3,HUMAN
1,status,1,SEER,ALIVE,alice
1,status,2,WEREWOLF,ALIVE,bob
1,status,3,BODYGUARD,ALIVE,carol
1,talk,0,0,1,COMINGOUT Agent[01] SEER
1,talk,1,0,3,AGREE TALK day1 ID:0
1,whisper,0,0,2,<script>alert(1)</script>
1,vote,this line is broken
1,vote,1,2
1,vote,2,1
1,vote,3,3
1,vote,1,2
1,vote,2,1
1,vote,3,2
1,execute,2,WEREWOLF
1,guard,3,1,SEER
1,attack,1,false
2,status,1,SEER,ALIVE,alice
2,status,2,WEREWOLF,DEAD,bob
2,status,3,BODYGUARD,ALIVE,carol
2,result,2,0,VILLAGER
";

/// What the renderer says for `text` spoken by `Agent[speaker]` on day 1, with the test's names.
fn render_as_speaker(text: &str, speaker: u32) -> String {
    use aiwolf_nl::protocol::{Agent, Context, NameTable, ParseOptions, parse};
    use aiwolf_nl::render::{Lang, RenderOptions, Renderer};
    let mut names = NameTable::new();
    names.insert(Agent::Id(1), "Minato");
    names.insert(Agent::Id(3), "Sakura");
    let ctx = Context { speaker: Some(Agent::Id(speaker)), addressee: None, names, day: Some(1) };
    let sentence = parse(text, &ParseOptions::default()).unwrap().sentence;
    Renderer::embedded().unwrap().render(&sentence, Lang::En, &ctx, &RenderOptions::default()).unwrap()
}

async fn render(body: serde_json::Value) -> crate::util::TestResponse {
    post_json("/v1/gamelog/render", &body).await
}

#[tokio::test]
async fn json_transcript_has_days_talk_votes_result_and_errors() {
    let response =
        render(json!({"log": LOG, "target_lang": "en", "names": {"Agent[01]": "Minato", "Agent[03]": "Sakura"}})).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert!(response.headers[CONTENT_TYPE].to_str().unwrap().starts_with("application/json"));
    let body = response.json();
    assert_eq!(body["lang"], "en");
    assert_eq!(
        body["errors"],
        json!([{"line": 11, "message": "vote line needs 4 fields (day,vote,voter,target), found 3"}])
    );
    let day1 = &body["days"][1];
    assert_eq!((day1["day"].as_u64(), day1["title"].as_str()), (Some(1), Some("Day 1")));
    let claim = &day1["entries"][0];
    assert_eq!(claim["kind"], "talk");
    assert_eq!(claim["speaker_name"], "Minato");
    assert_eq!(claim["protocol"], "COMINGOUT Agent[01] SEER");
    // The translation is the renderer's, with the speaker and day as context.
    let claim_en = render_as_speaker("COMINGOUT Agent[01] SEER", 1);
    assert_eq!(claim["translation"], claim_en.as_str());
    // AGREE quotes the talk it refers to and its speaker.
    let agree = day1["entries"][1]["translation"].as_str().unwrap();
    assert!(agree.contains("Minato") && agree.contains(&claim_en), "{agree}");
    let whisper = &day1["entries"][2];
    assert_eq!((whisper["whisper"].as_bool(), whisper["error"]["code"].as_str()), (Some(true), Some("unknown_verb")));
    assert!(whisper.get("translation").is_none());
    // The tie shows as a second round.
    assert_eq!(day1["entries"][3]["kind"], "votes");
    assert_eq!(day1["entries"][4]["round"], 2);
    assert_eq!(day1["entries"][4]["votes"][2]["text"], "Sakura voted for Agent[02].");
    assert_eq!(day1["entries"][7]["text"], "The werewolves attacked Minato, but Minato survived.");
    assert_eq!(body["result"]["winner"], "VILLAGER");
    assert_eq!(body["players"][1]["role"], "WEREWOLF");
    assert_eq!(body["players"][1]["alive"], false);
}

#[tokio::test]
async fn html_is_one_escaped_fragment_with_the_agreed_structure() {
    let response = render(json!({"log": LOG, "target_lang": "ja", "format": "html"})).await;
    assert_eq!(response.status, StatusCode::OK, "{}", response.text());
    assert_eq!(response.headers[CONTENT_TYPE], "text/html; charset=utf-8");
    let html = response.text();
    assert!(html.starts_with("<article class=\"transcript\" lang=\"ja\">"), "{html}");
    assert!(html.trim_end().ends_with("</article>"));
    assert_eq!(html.matches("<article").count(), 1);
    assert!(html.contains("<section class=\"day\" data-day=\"1\">\n<h2 class=\"day-title\">1日目</h2>"));
    assert!(html.contains("<section class=\"result\">"));
    assert!(html.contains("<div class=\"talk whisper\""));
    assert!(html.contains("<code class=\"protocol\">COMINGOUT Agent[01] SEER</code>"));
    // The talk with markup is shown, never run.
    assert!(!html.contains("<script"), "{html}");
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
}

#[tokio::test]
async fn names_and_style_reach_html_escaped() {
    let response = render(json!({"log": LOG, "target_lang": "en", "format": "html", "style": "casual",
        "names": {"Agent[01]": "<b>Minato</b>"}}))
    .await;
    let html = response.text();
    assert!(!html.contains("<b>"), "{html}");
    assert!(html.contains("&lt;b&gt;Minato&lt;/b&gt;"));
}

#[tokio::test]
async fn text_is_plain_utf8() {
    let response = render(json!({"log": LOG, "target_lang": "ja", "format": "text"})).await;
    assert_eq!(response.status, StatusCode::OK);
    assert_eq!(response.headers[CONTENT_TYPE], "text/plain; charset=utf-8");
    let text = response.text();
    assert!(text.starts_with("== 0日目 =="), "{text}");
    assert!(text.contains("村人陣営の勝利です。"));
}

#[tokio::test]
async fn empty_or_unreadable_logs_are_400_invalid_log() {
    for log in ["", "  \n", "not a log\nstill not\n"] {
        let response = render(json!({"log": log, "target_lang": "en"})).await;
        response.assert_error(StatusCode::BAD_REQUEST, "invalid_log");
    }
    let response = render(json!({"log": "x\n", "target_lang": "en", "format": "html"})).await;
    let body = response.assert_error(StatusCode::BAD_REQUEST, "invalid_log");
    assert!(body["error"]["message"].as_str().unwrap().contains("line 1"), "{body}");
    assert_eq!(body["error"]["details"], json!({"line": 1}));
}

#[tokio::test]
async fn bad_fields_are_422() {
    render(json!({"log": LOG, "target_lang": "protocol"}))
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, "unsupported_language");
    render(json!({"log": LOG, "target_lang": "en", "format": "pdf"}))
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    render(json!({"log": LOG, "target_lang": "en", "names": {"ANY": "x"}}))
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
    render(json!({"log": LOG, "target_lang": "en", "extra": 1}))
        .await
        .assert_error(StatusCode::UNPROCESSABLE_ENTITY, "invalid_body");
}

#[tokio::test]
async fn bodies_over_the_limit_are_413() {
    let log = "1,vote,1,2\n".repeat(30_000);
    render(json!({"log": log, "target_lang": "en"}))
        .await
        .assert_error(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large");
}
