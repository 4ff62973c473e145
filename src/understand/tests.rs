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
fn lexicon_and_frame_examples_hold() {
    let understander = Understander::embedded().expect("embedded lexicons load");
    let ctx = convention_context();
    let mut failures = Vec::new();
    for lang in [Lang::Ja, Lang::En] {
        for (at, utterance, expected) in &understander.lexicon(lang).examples {
            let got = joined(&understander.understand(utterance, lang, &ctx));
            if &got != expected {
                failures.push(format!("{at}: {utterance:?}: expected {expected}, got {got}"));
            }
        }
    }
    assert!(failures.is_empty(), "{} examples fail:\n{}", failures.len(), failures.join("\n"));
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

/// Development aid: `DEBUG_UNDERSTAND='text' cargo test -p aiwolf-nl --lib debug_dump -- --nocapture` prints
/// the tokens and pieces of one Japanese (or, prefixed `en:`, English) utterance.
#[test]
fn debug_dump() {
    let Ok(text) = std::env::var("DEBUG_UNDERSTAND") else { return };
    let understander = Understander::from_dir(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/locales")))
        .expect("locale files load");
    let (lang, text) = match text.strip_prefix("en:") {
        Some(rest) => (Lang::En, rest.to_owned()),
        None => (Lang::Ja, text),
    };
    let ctx = convention_context();
    let lexicon = understander.lexicon(lang);
    let folded = normalize::fold(&text);
    let names = agents::NameIndex::new(&ctx, lexicon.word_boundaries);
    let marks = mentions::find(&folded, &names, &lexicon.agents.numbered);
    let skeleton = agents::tokenize(&text, &folded, &marks, &names, &lexicon.agents, &ctx, ctx.addressee);
    let tokens = lexer::tokens(&skeleton, lexicon);
    for t in &tokens {
        println!("{:>4}..{:<4} {:?} {:?}", t.start, t.end, &skeleton.text[t.start..t.end], t.kind);
    }
    for s in segments::split(&skeleton.text, &tokens, lexicon) {
        for p in s.pieces {
            println!("piece {:?} {:?} {:?}", &skeleton.text[p.start..p.end], p.opened_by, p.closed_by);
        }
    }
    println!("{:#?}", understander.explain(&text, lang, &ctx).explanation);
}
