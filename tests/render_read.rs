//! `Renderer::read`, the exact inverse of the canonical rendering: every generated sentence reads back as
//! itself (ja and en, default style, a name table and a speaker), real player talk is not mistaken for
//! canonical text, and no input makes it panic.

mod common;
mod render_trees;

use std::sync::OnceLock;

use aiwolf_nl::protocol::{Agent, Context, Sentence};
use aiwolf_nl::render::{Lang, RenderOptions, Renderer};
use proptest::prelude::*;
use render_trees::{Rng, canonical_sentence, said_by};

fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::embedded().expect("embedded templates build"))
}

/// Speaker Agent[01], the convention names, no addressee, day 2 (so 昨日/今日 occur).
fn ctx() -> Context {
    Context { speaker: Some(Agent::Id(1)), addressee: None, names: common::convention_names(), day: Some(2) }
}

/// Renders and reads back every sentence; returns the failures (at most `keep`).
fn round_trip<'s>(
    sentences: impl Iterator<Item = &'s Sentence>,
    lang: Lang,
    ctx: &Context,
    keep: usize,
) -> (usize, Vec<String>) {
    let options = RenderOptions::default();
    let mut failures = Vec::new();
    let mut count = 0;
    for sentence in sentences {
        count += 1;
        let text = renderer().render(sentence, lang, ctx, &options).expect("renders");
        let expected = said_by(sentence, ctx.speaker);
        let read = renderer().read(&text, lang, ctx).map(|s| s.to_canonical());
        if read.as_deref() != Some(expected.as_str()) && failures.len() < keep {
            failures.push(format!("{lang}: {expected}\n   text: {text}\n   read: {read:?}"));
        }
    }
    (count, failures)
}

#[test]
fn generated_trees_read_back_exactly() {
    let mut rng = Rng(3);
    let sentences: Vec<Sentence> = (0..1_500).map(|i| canonical_sentence(&mut rng, i % 4)).collect();
    for lang in [Lang::Ja, Lang::En] {
        for ctx in [ctx(), Context { addressee: Some(Agent::Id(4)), day: None, ..ctx() }] {
            let (count, failures) = round_trip(sentences.iter(), lang, &ctx, 20);
            assert!(failures.is_empty(), "{} of {count} failed:\n{}", failures.len(), failures.join("\n"));
        }
    }
}

#[test]
fn real_talk_is_not_read_unless_it_renders_exactly() {
    let Some(shared) = common::shared_dir() else { return };
    let rows = common::tsv_rows(&shared.join("nl/real-utterances.tsv"));
    let mut read = 0;
    for row in rows.iter().take(2_000) {
        let Some(utterance) = row.get(3).map(|u| common::unescape_tsv(u)) else { continue };
        let speaker = row.get(2).and_then(|s| s.parse::<Agent>().ok());
        let ctx = Context { speaker, ..ctx() };
        for lang in [Lang::Ja, Lang::En] {
            if let Some(sentence) = renderer().read(&utterance, lang, &ctx) {
                let again = renderer().render(&sentence, lang, &ctx, &RenderOptions::default()).unwrap();
                assert_eq!(again, utterance, "read as {}", sentence.to_canonical());
                read += 1;
            }
        }
    }
    eprintln!("{read} real utterances are canonical renderings");
}

#[test]
fn canonical_fixtures_read_back() {
    let ctx = ctx();
    for (lang, text, expected) in [
        (Lang::Ja, "ケンジさんに投票します。", "VOTE Agent[03]"),
        (Lang::Ja, "私は占い師です。", "COMINGOUT Agent[01] SEER"),
        (Lang::En, "Kenji, please vote for Mizuki.", "REQUEST Agent[03] (VOTE Agent[05])"),
        (Lang::En, "I will vote for Kenji.", "VOTE Agent[03]"),
    ] {
        let read = renderer().read(text, lang, &ctx).map(|s| s.to_canonical());
        assert_eq!(read.as_deref(), Some(expected), "{text}");
    }
    for text in
        ["", "。", "ケンジさんに投票します", "ケンジさんに投票します。。", "VOTE Agent[03]", "I will vote for Kenji"]
    {
        assert_eq!(renderer().read(text, Lang::Ja, &ctx), None, "{text:?}");
        assert_eq!(renderer().read(text, Lang::En, &ctx), None, "{text:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn reading_never_panics(text in ".{0,200}") {
        for lang in [Lang::Ja, Lang::En] {
            if let Some(sentence) = renderer().read(&text, lang, &ctx()) {
                let again = renderer().render(&sentence, lang, &ctx(), &RenderOptions::default()).unwrap();
                prop_assert_eq!(again, text.clone());
            }
        }
    }

    #[test]
    fn near_canonical_text_never_reads_wrong(seed in any::<u64>(), cut in 0usize..40) {
        let mut rng = Rng(seed);
        let sentence = canonical_sentence(&mut rng, 3);
        for lang in [Lang::Ja, Lang::En] {
            let text = renderer().render(&sentence, lang, &ctx(), &RenderOptions::default()).unwrap();
            let damaged: String = text.chars().enumerate().filter(|(i, _)| *i != cut).map(|(_, c)| c).collect();
            if let Some(read) = renderer().read(&damaged, lang, &ctx()) {
                let again = renderer().render(&read, lang, &ctx(), &RenderOptions::default()).unwrap();
                prop_assert_eq!(again, damaged);
            }
        }
    }
}
