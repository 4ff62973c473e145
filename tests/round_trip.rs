//! Issue 4's round trip: what the renderer says in the canonical (default) style, the translator understands
//! back as exactly that sentence — `to_protocol(render(p)) == [p]` — for every line of
//! `gen_protocol.py 100000 --seed 3`, in Japanese and in English, with the same context.

mod common;
mod render_trees;

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;

use aiwolf_nl::protocol::{Agent, Context, ParseOptions, Sentence, parse};
use aiwolf_nl::render::RenderOptions;
use aiwolf_nl::translator::{Format, Translator};
use render_trees::said_by;

/// Speaker Agent[01], the convention names (ja and en names for every seat), day 2 (so 昨日/今日 occur).
fn ctx() -> Context {
    Context { speaker: Some(Agent::Id(1)), addressee: None, names: common::convention_names(), day: Some(2) }
}

/// The generated sentences, each distinct line once: reading is a pure function of the text and the context,
/// so all 100,000 lines round-trip when these do.
fn generated(shared: &Path) -> Vec<Sentence> {
    let input = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/round-trip-protocol-100000-3.txt");
    if !input.is_file() {
        let output = Command::new("python3")
            .arg(shared.join("tools/gen_protocol.py"))
            .args(["100000", "--seed", "3"])
            .output()
            .expect("python3 runs gen_protocol.py");
        assert!(output.status.success(), "gen_protocol.py failed: {}", String::from_utf8_lossy(&output.stderr));
        std::fs::write(&input, &output.stdout).expect("writes the generated input into target/");
    }
    let text = std::fs::read_to_string(&input).expect("reads the generated input");
    assert_eq!(text.lines().count(), 100_000);
    let mut seen = HashSet::new();
    text.lines()
        .filter(|line| seen.insert(*line))
        .map(|line| parse(line, &ParseOptions::default()).expect("gen_protocol.py writes valid 3.6").sentence)
        .collect()
}

/// Renders each sentence in `format` and understands it back; the failures (at most `keep`).
fn failures(translator: &Translator, sentences: &[Sentence], format: Format, keep: usize) -> Vec<String> {
    let ctx = ctx();
    let (Some(render_lang), Some(understand_lang)) = (format.render_lang(), format.understand_lang()) else {
        panic!("{format:?} is not a natural language");
    };
    let mut failures = Vec::new();
    for sentence in sentences {
        let text =
            translator.renderer().render(sentence, render_lang, &ctx, &RenderOptions::default()).expect("renders");
        let reading = translator.to_protocol(&text, understand_lang, &ctx);
        let got: Vec<&str> = reading.sentences.iter().map(|s| s.canonical.as_str()).collect();
        // A top-level subject equal to the speaker means the same as the omitted one (meaning-conventions C1).
        let expected = said_by(sentence, ctx.speaker);
        if got != [expected.as_str()] && failures.len() < keep {
            failures.push(format!("{}\n   text: {text}\n   got:  {got:?}", expected));
        }
    }
    failures
}

#[test]
fn gen_protocol_100000_is_understood_back_exactly_in_ja_and_en() {
    let Some(shared) = common::shared_dir() else { return };
    let sentences = generated(&shared);
    let translator = Translator::embedded().expect("the embedded templates and phrases load");
    // One language per thread: the sweep is long in a debug build.
    std::thread::scope(|scope| {
        let sweeps: Vec<_> = [Format::Ja, Format::En]
            .into_iter()
            .map(|format| {
                let (translator, sentences) = (&translator, &sentences);
                scope.spawn(move || (format, failures(translator, sentences, format, 30)))
            })
            .collect();
        for sweep in sweeps {
            let (format, failures) = sweep.join().expect("the sweep does not panic");
            assert!(
                failures.is_empty(),
                "{format:?}: of {} sentences, failures:\n{}",
                sentences.len(),
                failures.join("\n")
            );
        }
    });
}
