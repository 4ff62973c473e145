//! The cost of the largest inputs the service accepts: 8 KiB utterances built to stress each step of the
//! understander (address marks, names, sentences, reasons, one long clause, a big name table), a full batch
//! of them, 4 MiB game logs built to stress the transcript (many days, many voters, many revotes, quoted
//! talk, malformed lines, deep talk), and the deepest and widest sentence trees rendered.
//!
//! `cargo bench --bench bounds` runs every case in its own child process and prints, per case, the input
//! size, the median thread-CPU time per call and the child's peak RSS. `cargo bench --bench bounds -- NAME`
//! runs one case. No ../shared input: every case is generated here.

mod support;

use std::process::Command;
use std::time::Duration;

use aiwolf_nl::gamelog::{Format as LogFormat, LogLimits, TranscriptOptions, transcribe, write};
use aiwolf_nl::protocol::{
    Agent, Content, Context, HARD_MAX_DEPTH, MAX_NAME_CHARS, MAX_NAMED_AGENTS, MAX_NAMES_PER_AGENT, NameTable,
    ParseOptions, Sentence, parse,
};
use aiwolf_nl::render::{Lang as RenderLang, RenderOptions};
use aiwolf_nl::translator::{Format, Settings, Translator};
use aiwolf_nl::understand::{Lang, MAX_INPUT_BYTES};

/// The API's default batch limit (`ApiConfig::max_batch`).
const MAX_BATCH: usize = 256;
/// The API's default log limit (`LogLimits::max_bytes`).
const MAX_LOG: usize = 4 * 1024 * 1024;

/// `unit` repeated up to `max` bytes.
fn fill(unit: &str, max: usize) -> String {
    unit.repeat(max / unit.len())
}

fn fill_with(max: usize, mut line: impl FnMut(usize) -> String) -> String {
    let mut out = String::with_capacity(max);
    for i in 0.. {
        let next = line(i);
        if out.len() + next.len() > max {
            break;
        }
        out.push_str(&next);
    }
    out
}

fn speaker_ctx() -> Context {
    let mut names = NameTable::new();
    for (seat, name) in [(1, "ミナト"), (2, "シオン"), (3, "ユキ"), (4, "Minato"), (5, "Shion")] {
        names.insert(Agent::Id(seat), name);
    }
    Context { speaker: Some(Agent::Id(2)), addressee: None, names, day: Some(2) }
}

/// The worst name table the API accepts (`MAX_NAMED_AGENTS` agents × `MAX_NAMES_PER_AGENT` names), read
/// from JSON as a request's would be: every string of the two `letters` of 10 letters, then of 9, then of 8
/// (as many as the table holds). Over a text of the same letters, a name of each length ends at every position.
fn worst_names_ctx(letters: [&str; 2]) -> Context {
    let longest = MAX_NAME_CHARS.min(10);
    let wanted = MAX_NAMED_AGENTS * MAX_NAMES_PER_AGENT;
    let names: Vec<String> = (1..=longest)
        .rev()
        .flat_map(|len| (0..1u32 << len).map(move |bits| (0..len).map(|i| letters[(bits >> i & 1) as usize]).collect()))
        .take(wanted)
        .collect();
    let table: serde_json::Map<String, serde_json::Value> = names
        .chunks(MAX_NAMES_PER_AGENT)
        .enumerate()
        .map(|(seat, chunk)| (format!("Agent[{:02}]", seat + 1), serde_json::json!(chunk)))
        .collect();
    let names: NameTable = serde_json::from_value(table.into()).expect("the worst table is within the limits");
    Context { names, ..speaker_ctx() }
}

/// `max` bytes of the two `letters` in a fixed pseudo-random order.
fn random_letters(letters: [&str; 2], max: usize) -> String {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    fill_with(max, |_| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        letters[(state & 1) as usize].to_owned()
    })
}

/// The worst-table cases, translated (not only understood): both the exact reader and the understander see
/// the names.
fn worst_name_cases() -> Vec<(&'static str, Lang, String, Context)> {
    let ja = ["ユ", "キ"];
    let en = ["a", "b"];
    vec![
        ("ja_worst_names", Lang::Ja, random_letters(ja, MAX_INPUT_BYTES), worst_names_ctx(ja)),
        ("en_worst_names", Lang::En, random_letters(en, MAX_INPUT_BYTES), worst_names_ctx(en)),
    ]
}

/// The most a worst-table text may cost: a full batch of them must stay well inside the 10 s request limit.
const WORST_NAMES_BUDGET: Duration = Duration::from_millis(20);

/// Utterance cases: (name, language, text, context).
fn utterances() -> Vec<(&'static str, Lang, String, Context)> {
    let max = MAX_INPUT_BYTES;
    vec![
        ("ja_at_marks", Lang::Ja, fill("@", max), speaker_ctx()),
        ("en_at_marks", Lang::En, fill("@ ", max), speaker_ctx()),
        ("ja_at_names", Lang::Ja, fill("@ユキ ", max), speaker_ctx()),
        ("ja_sentences", Lang::Ja, fill("Agent[01]に投票します。", max), speaker_ctx()),
        ("en_sentences", Lang::En, fill("I vote for Agent[01]. ", max), speaker_ctx()),
        ("ja_one_clause", Lang::Ja, fill("ミナトに投票するシオンが人狼", max), speaker_ctx()),
        ("en_one_clause", Lang::En, fill("Minato is a werewolf and ", max), speaker_ctx()),
        ("ja_reasons", Lang::Ja, fill("ミナトが人狼だから、", max), speaker_ctx()),
        ("en_reasons", Lang::En, fill("because Minato is a werewolf ", max), speaker_ctx()),
        ("ja_unknown_names", Lang::Ja, fill("アイウさん", max), speaker_ctx()),
        // NFKC makes each of these 3-byte characters many: the folded text is far longer than the input.
        ("ja_nfkc_expanding", Lang::Ja, fill("\u{FDFD}", max), speaker_ctx()),
        ("ja_katakana_squares", Lang::Ja, fill("\u{3300}", max), speaker_ctx()),
    ]
}

/// Texts translated en → protocol whole (understood, and tried against the canonical reader, which checks
/// whether a text is one of the renderer's own sentences): (name, text). Ten clauses joined by "so" make the
/// reader spend its whole step budget (found by the translate fuzz target: ~17 ms here, against ~4 µs for
/// real talk; longer texts of the same clauses are turned away sooner).
fn reader_cases() -> Vec<(&'static str, String)> {
    vec![("en_reader_budget", "I did not want it, so please do not vote for me today. ".repeat(10))]
}

/// Log cases: (name, log).
fn logs() -> Vec<(&'static str, String)> {
    let agree = |i: usize| format!("1,talk,{i},0,{},AGREE TALK day1 ID:{}\n", i % 15 + 1, i.saturating_sub(1));
    let deep = format!("{}VOTE Agent[01]{}", "NOT (".repeat(32), ")".repeat(32));
    vec![
        ("log_days", fill_with(MAX_LOG, |i| format!("{i},attack,-1,false\n"))),
        ("log_voters", fill_with(MAX_LOG, |i| format!("1,vote,{},1\n", i + 1))),
        ("log_revotes", fill("1,vote,1,2\n", MAX_LOG)),
        ("log_talk", fill_with(MAX_LOG, |i| format!("1,talk,{i},0,{},VOTE Agent[{:02}]\n", i % 15 + 1, i % 97))),
        ("log_quotes", fill_with(MAX_LOG, agree)),
        // One readable line, so the log is not rejected whole.
        ("log_malformed", format!("1,vote,1,2\n{}", fill("1,cursed,4,FOX\n", MAX_LOG - 11))),
        ("log_deep_talk", fill_with(MAX_LOG, |i| format!("{},talk,{i},0,1,{deep}\n", i % 7))),
    ]
}

/// Tree cases: (name, sentence).
fn trees() -> Vec<(&'static str, Sentence)> {
    let vote = || Sentence::new(Content::Vote { target: Agent::Id(1) });
    let chain =
        |depth: usize| (0..depth).fold(vote(), |inner, _| Sentence::new(Content::Not { sentence: Box::new(inner) }));
    // A full binary tree of depth 12 (4095 operators): what a 256 KiB JSON body holds.
    fn binary(depth: usize) -> Sentence {
        if depth == 0 {
            return Sentence::new(Content::Vote { target: Agent::Id(1) });
        }
        let side = || Box::new(binary(depth - 1));
        Sentence::new(Content::Because { reason: side(), conclusion: side() })
    }
    let wide = Sentence::new(Content::And { sentences: (0..4000).map(|_| vote()).collect() });
    vec![
        ("tree_chain_32", chain(ParseOptions::default().max_depth)),
        // The deepest nesting any configuration allows (`--max-depth` is capped there).
        ("tree_chain_256", chain(HARD_MAX_DEPTH)),
        ("tree_binary_4095", binary(12)),
        ("tree_and_4000", wide),
    ]
}

fn main() {
    let translator = Translator::embedded().expect("embedded files load");
    let case = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let Some(case) = case else {
        let names: Vec<&str> = utterances()
            .iter()
            .map(|u| u.0)
            .chain(worst_name_cases().iter().map(|u| u.0))
            .chain(reader_cases().iter().map(|r| r.0))
            .chain(["batch_256"])
            .chain(logs().iter().map(|l| l.0))
            .chain(trees().iter().map(|t| t.0))
            .collect();
        for name in names {
            let status = Command::new(std::env::current_exe().expect("own path")).arg(name).status();
            assert!(status.is_ok_and(|s| s.success()), "case {name} failed");
        }
        return;
    };
    let ja = |ctx: &Context| translator.understander().understand("", Lang::Ja, ctx);
    std::hint::black_box(ja(&Context::default()));
    let (bytes, per_call) = run_case(&translator, &case);
    println!(
        "{case:18} {:>9} bytes  {:>10.3} ms per call  peak RSS {:>7} KiB",
        bytes,
        per_call.as_secs_f64() * 1e3,
        support::peak_rss_kib()
    );
}

fn run_case(translator: &Translator, case: &str) -> (usize, Duration) {
    if let Some((_, lang, text, ctx)) = utterances().into_iter().find(|u| u.0 == case) {
        let (cpu, _) = support::measure(5, || translator.understander().understand(&text, lang, &ctx).sentences.len());
        return (text.len(), cpu);
    }
    if let Some((_, lang, text, ctx)) = worst_name_cases().into_iter().find(|u| u.0 == case) {
        let render = RenderOptions::default();
        let settings = Settings { ctx: &ctx, render: &render, parse: &ParseOptions::default(), explain: false };
        let from = Some(Format::from(lang));
        let (cpu, _) = support::measure(5, || {
            translator.translate(&text, from, Format::Protocol, &settings).expect("translates").text.len()
        });
        assert!(cpu < WORST_NAMES_BUDGET, "{case}: {cpu:?} per text, over the budget of {WORST_NAMES_BUDGET:?}");
        return (text.len(), cpu);
    }
    if let Some((_, text)) = reader_cases().into_iter().find(|r| r.0 == case) {
        let ctx = speaker_ctx();
        let render = RenderOptions::default();
        let settings = Settings { ctx: &ctx, render: &render, parse: &ParseOptions::default(), explain: false };
        let (cpu, _) = support::measure(5, || {
            translator.translate(&text, Some(Format::En), Format::Protocol, &settings).expect("translates").text.len()
        });
        return (text.len(), cpu);
    }
    if case == "batch_256" {
        // Every text of a full batch is the costliest utterance above, translated ja → en (understood, then
        // every sentence rendered).
        let text = fill("Agent[01]に投票します。", MAX_INPUT_BYTES);
        let ctx = speaker_ctx();
        let render = RenderOptions::default();
        let settings = Settings { ctx: &ctx, render: &render, parse: &ParseOptions::default(), explain: false };
        let (cpu, _) = support::measure(3, || {
            (0..MAX_BATCH)
                .map(|_| translator.translate(&text, None, Format::En, &settings).expect("translates").text.len())
                .sum()
        });
        return (text.len() * MAX_BATCH, cpu);
    }
    if let Some((_, log)) = logs().into_iter().find(|l| l.0 == case) {
        let renderer = translator.renderer();
        let options = TranscriptOptions::new(RenderLang::Ja);
        let (cpu, _) = support::measure(3, || {
            let transcript = transcribe(&log, renderer, &options, &LogLimits::default()).expect("transcript");
            write(&transcript, LogFormat::Html).expect("html").len()
        });
        return (log.len(), cpu);
    }
    if let Some((_, tree)) = trees().into_iter().find(|t| t.0 == case) {
        let ctx = speaker_ctx();
        let options = RenderOptions::default();
        let (cpu, _) = support::measure(3, || {
            let canonical = tree.to_canonical();
            let limits = ParseOptions { max_len: usize::MAX, max_depth: HARD_MAX_DEPTH, ..ParseOptions::default() };
            let reparsed = parse(&canonical, &limits);
            let rendered = translator.renderer().render(&tree, RenderLang::Ja, &ctx, &options).expect("renders");
            rendered.len() + usize::from(reparsed.is_ok())
        });
        return (tree.to_canonical().len(), cpu);
    }
    panic!("unknown case `{case}`");
}
