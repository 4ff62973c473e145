//! Unit tests: the phrase files' own examples.

use super::*;
use crate::protocol::NameTable;

/// The name table of meaning-conventions.md, speaker Agent[09] (ダイスケ/Daisuke).
pub(super) fn convention_context() -> Context {
    let mut names = NameTable::new();
    let table = [
        ("ミナト", "Minato"),
        ("サクラ", "Sakura"),
        ("ケンジ", "Kenji"),
        ("シオン", "Shion"),
        ("ミヅキ", "Mizuki"),
        ("タクミ", "Takumi"),
        ("リン", "Rin"),
        ("ユミ", "Yumi"),
        ("ダイスケ", "Daisuke"),
    ];
    for (i, (ja, en)) in table.iter().enumerate() {
        names.insert(Agent::Id(i as u32 + 1), *ja);
        names.insert(Agent::Id(i as u32 + 1), *en);
    }
    Context { speaker: Some(Agent::Id(9)), addressee: None, names, day: None }
}

fn joined(u: &Understanding) -> String {
    if u.skip {
        return "Skip".into();
    }
    u.sentences.iter().map(|s| s.canonical.as_str()).collect::<Vec<_>>().join(" ; ")
}

#[test]
fn phrase_file_examples_hold() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    let ctx = convention_context();
    let mut failures = Vec::new();
    for (lang, phrases) in [(Lang::Ja, &understander.ja), (Lang::En, &understander.en)] {
        for (id, utterance, expected) in &phrases.examples {
            let got = joined(&understander.understand(utterance, lang, &ctx));
            if &got != expected {
                failures.push(format!("{id}: {utterance:?}: expected {expected}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} examples fail:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn pattern_ids_are_unique() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    for phrases in [&understander.ja, &understander.en] {
        let mut ids: Vec<&str> = phrases.patterns.iter().map(|p| p.id.as_str()).collect();
        let total = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), total, "duplicate pattern ids");
    }
}

#[test]
fn understanding_serializes() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    let result = understander.understand("占いCO。ケンジは黒でした。Over", Lang::Ja, &convention_context());
    let json = serde_json::to_string(&result).expect("serializes");
    let back: Understanding = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, result);
    assert!(json.contains(r#""canonical":"DIVINED Agent[03] WEREWOLF""#), "{json}");
}

#[test]
fn understander_is_shared_across_threads() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Understander>();
}
