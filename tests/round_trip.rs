//! Issue 4's round trip: what the renderer says in the canonical (default) style, the translator understands
//! back as exactly that sentence — `to_protocol(render(p)) == [p]` — for every line of
//! `gen_protocol.py 100000 --seed 3`, in Japanese and in English, with the same context; and issue 11's: every
//! other style and channel reads back exactly too (on a sample of 5,000 of those sentences each).

mod common;
mod render_trees;

use std::collections::HashSet;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

use aiwolf_nl::protocol::{Agent, Context, ParseOptions, Sentence, parse};
use aiwolf_nl::render::{Channel, RenderOptions, Style};
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

/// Where a rendering is read back: polite talk (the canonical style) through the translator, as any caller reads
/// text; every other style and channel through the renderer's reader for that style and channel.
#[derive(Debug, Clone, Copy)]
struct Sweep {
    format: Format,
    style: Style,
    channel: Channel,
}

impl Sweep {
    fn options(self) -> RenderOptions {
        RenderOptions { style: self.style, channel: self.channel, ..RenderOptions::default() }
    }
}

/// Renders each sentence as `sweep` says and reads it back; the failures (at most `keep`).
fn failures(translator: &Translator, sentences: &[&Sentence], sweep: Sweep, keep: usize) -> Vec<String> {
    let ctx = ctx();
    let (Some(render_lang), Some(understand_lang)) = (sweep.format.render_lang(), sweep.format.understand_lang())
    else {
        panic!("{:?} is not a natural language", sweep.format);
    };
    let options = sweep.options();
    let canonical = options == RenderOptions::default();
    let mut failures = Vec::new();
    for sentence in sentences {
        let text = translator.renderer().render(sentence, render_lang, &ctx, &options).expect("renders");
        let got: Vec<String> = if canonical {
            let reading = translator.to_protocol(&text, understand_lang, &ctx);
            reading.sentences.iter().map(|s| s.canonical.clone()).collect()
        } else {
            translator
                .renderer()
                .read_as(&text, render_lang, &ctx, &options)
                .map(|s| s.to_canonical())
                .into_iter()
                .collect()
        };
        // A top-level subject equal to the speaker means the same as the omitted one (meaning-conventions C1).
        let expected = said_by(sentence, ctx.speaker);
        if got != [expected.as_str()] && failures.len() < keep {
            failures.push(format!("{}\n   text: {text}\n   got:  {got:?}", expected));
        }
    }
    failures
}

/// Sentences each style and channel other than polite talk is tried on: a spread of the generated ones, kept small
/// so plain `cargo test` stays short (the
/// reader is the same code for every style; what differs is the templates' wording).
const SAMPLE: usize = 5_000;

/// Sentences per unit of work handed to a thread.
const CHUNK: usize = 2_000;

#[test]
fn gen_protocol_100000_is_understood_back_exactly_in_every_style_and_channel() {
    let Some(shared) = common::shared_dir() else { return };
    let sentences = generated(&shared);
    let all: Vec<&Sentence> = sentences.iter().collect();
    let step = (sentences.len() / SAMPLE).max(1);
    let sample: Vec<&Sentence> = sentences.iter().step_by(step).collect();
    let translator = Translator::embedded().expect("the embedded templates and phrases load");
    let mut sweeps = Vec::new();
    for format in [Format::Ja, Format::En] {
        for style in Style::ALL {
            for channel in [Channel::Talk, Channel::Whisper] {
                sweeps.push(Sweep { format, style, channel });
            }
        }
    }
    // Work in chunks, so every core stays busy until the end (the sweeps differ in length).
    let mut work: Vec<(usize, &[&Sentence])> = Vec::new();
    for (index, sweep) in sweeps.iter().enumerate() {
        let canonical = sweep.options() == RenderOptions::default();
        let chosen: &[&Sentence] = if canonical { &all } else { &sample };
        work.extend(chosen.chunks(CHUNK).map(|chunk| (index, chunk)));
    }
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    let mut found: Vec<Vec<String>> = vec![Vec::new(); sweeps.len()];
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                let (translator, sweeps, work, next) = (&translator, &sweeps, &work, &next);
                scope.spawn(move || {
                    let mut found = Vec::new();
                    while let Some(&(index, chunk)) = work.get(next.fetch_add(1, Ordering::Relaxed)) {
                        found.extend(failures(translator, chunk, sweeps[index], 10).into_iter().map(|f| (index, f)));
                    }
                    found
                })
            })
            .collect();
        for worker in workers {
            for (index, failure) in worker.join().expect("the sweep does not panic") {
                found[index].push(failure);
            }
        }
    });
    let report: Vec<String> = sweeps
        .iter()
        .zip(&found)
        .filter(|(_, failures)| !failures.is_empty())
        .map(|(sweep, failures)| {
            let shown: Vec<&str> = failures.iter().take(10).map(String::as_str).collect();
            format!("{sweep:?}: {} or more failures:\n{}", failures.len(), shown.join("\n"))
        })
        .collect();
    assert!(
        report.is_empty(),
        "of {} sentences (a sample of {} for styles other than polite talk):\n{}",
        sentences.len(),
        sample.len(),
        report.join("\n")
    );
}
