//! Understanding throughput, single thread: over all 2,000 rows of ../shared/nl/real-utterances.tsv (long LLM
//! turns), with a per-game name table built from the speakers as a bridge bot would pass it, and over the 1,040
//! rows of the two issue-10 dev sets with their own contexts; then the process's peak memory.
//! Run: `cargo bench --bench understand`. Goals: ≥ 30k utterances/s per core on real utterances, ≥ 100k on
//! the dev sets.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "../tests/understand_dev/dev_sets.rs"]
#[allow(dead_code)]
mod dev_sets;
mod support;

// The same allocator as the binary.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::collections::BTreeMap;
use std::path::Path;

use aiwolf_nl::protocol::{Agent, Context, NameTable};
use aiwolf_nl::understand::{Lang, Understander};

fn main() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/nl/real-utterances.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("SKIPPED: {} not found", path.display());
        return;
    };
    let rows: Vec<Vec<&str>> =
        text.lines().skip(1).map(|l| l.split('\t').collect()).filter(|r: &Vec<&str>| r.len() >= 4).collect();
    let mut games: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for row in &rows {
        let seats = games.entry(row[0]).or_default();
        if !row[2].is_empty() && !row[2].starts_with("Agent[") && !seats.contains(&row[2]) {
            seats.push(row[2]);
        }
    }
    let inputs: Vec<(&str, Lang, Context)> = rows
        .iter()
        .map(|row| {
            let seats = &games[row[0]];
            let mut names = NameTable::new();
            for (i, name) in seats.iter().enumerate() {
                names.insert(Agent::Id(i as u32 + 1), *name);
            }
            // Games without names write their speakers as `Agent[NN]` (as the dev evaluation reads them).
            let speaker = seats
                .iter()
                .position(|s| *s == row[2])
                .map(|i| Agent::Id(i as u32 + 1))
                .or_else(|| row[2].parse().ok());
            let lang = if row[0].contains("_en_") { Lang::En } else { Lang::Ja };
            (row[3], lang, Context { speaker, names, ..Context::default() })
        })
        .collect();

    let start = std::time::Instant::now();
    let understander = Understander::embedded().expect("phrase files load");
    println!("load + compile both phrase files: {:.1} ms", start.elapsed().as_secs_f64() * 1e3);

    let passes = std::env::var("UNDERSTAND_BENCH_PASSES").ok().and_then(|p| p.parse().ok()).unwrap_or(20);
    throughput("understand", &understander, &inputs, passes);
    if let Some(shared) = common::shared_dir() {
        let rows: Vec<dev_sets::Row> =
            dev_sets::free_talk(&shared).into_iter().chain(dev_sets::real_talk(&shared)).collect();
        let dev: Vec<(&str, Lang, Context)> =
            rows.iter().map(|row| (row.utterance.as_str(), row.lang, row.ctx.clone())).collect();
        throughput("understand dev sets", &understander, &dev, passes);
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in status.lines().filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS")) {
        println!("{line}");
    }
}

/// Understands every input `passes` times, five times over, and prints the median rate.
fn throughput(label: &str, understander: &Understander, inputs: &[(&str, Lang, Context)], passes: usize) {
    let (cpu, wall) = support::measure(5, || {
        let mut sentences = 0;
        for _ in 0..passes {
            for (text, lang, ctx) in inputs {
                sentences += understander.understand(text, *lang, ctx).sentences.len();
            }
        }
        sentences
    });
    let count = inputs.len() * passes;
    let bytes: usize = inputs.iter().map(|(t, _, _)| t.len()).sum::<usize>() * passes;
    println!(
        "{label}: {} utterances ({} rows x {passes}), median of 5: {:.0} utterances/s per core (thread CPU; {:.0} wall), {:.1} MB/s, {:.1} µs/utterance",
        count,
        inputs.len(),
        support::per_second(count, cpu),
        support::per_second(count, wall),
        bytes as f64 / cpu.as_secs_f64() / 1e6,
        cpu.as_secs_f64() * 1e6 / count as f64,
    );
}
