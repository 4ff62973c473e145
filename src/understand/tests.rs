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

#[test]
fn threads_sharing_the_name_index_cache_read_as_one_thread_does() {
    let understander = Understander::embedded().expect("embedded phrase files load");
    // More tables than the cache keeps, each naming seat 3 differently, read from several threads at once.
    let tables: Vec<Context> = (0..40)
        .map(|n| {
            let mut ctx = convention_context();
            ctx.names.insert(Agent::Id(3), format!("ケン{n}"));
            ctx
        })
        .collect();
    let read = |understander: &Understander, n: usize| {
        let text = format!("ケン{n}が人狼だと思う。ミナトに投票する。");
        joined(&understander.understand(&text, Lang::Ja, &tables[n]))
    };
    let single = Understander::embedded().expect("embedded phrase files load");
    let alone: Vec<String> = (0..tables.len()).map(|n| read(&single, n)).collect();
    assert_eq!(alone[7], "ESTIMATE Agent[03] WEREWOLF ; VOTE Agent[01]");
    let count = tables.len();
    std::thread::scope(|scope| {
        for thread in 0..4 {
            let (understander, alone, read) = (&understander, &alone, &read);
            scope.spawn(move || {
                for round in 0..3 {
                    for n in (0..count).map(|k| (k * 7 + thread * 5 + round) % count) {
                        assert_eq!(read(understander, n), alone[n], "table {n}");
                    }
                }
            });
        }
    });
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
    let marks = mentions::find(&folded, &names, &lexicon.agents.numbered, |_, _| false);
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
