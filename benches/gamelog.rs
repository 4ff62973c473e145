//! Game log → transcript: the 15-player ANAC2019 log (../shared/data/game-logs, 975 lines, 795 talk and
//! whisper lines) to HTML, Japanese and English, single-threaded. Goal: under 5 ms per log.
//!
//! `cargo bench --bench gamelog`. Prints the median thread-CPU and wall time per log over 200 passes, each pass
//! a fresh transcript (reading, parsing, rendering every talk, narration, HTML); also the JSON and text forms.
//! The renderer keeps a per-thread memo of template outputs, so those passes are warm (as in a running
//! service); the cold line builds a new renderer (own memo namespace) before each of 20 passes and times only
//! the transcript. Skipped when ../shared is absent.

mod support;

use std::path::Path;

use aiwolf_nl::gamelog::{Format, LogLimits, TranscriptOptions, transcribe, write};
use aiwolf_nl::render::{Lang, Renderer};

const PASSES: usize = 200;
const LOG: &str = "2019_ANAC2019_15p_protocol3.6_k-harada_anac2019-000-096.log";

fn main() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/game-logs").join(LOG);
    let Ok(log) = std::fs::read_to_string(&path) else {
        eprintln!("SKIPPED: {} not found", path.display());
        return;
    };
    let renderer = Renderer::embedded().expect("embedded templates");
    let limits = LogLimits::default();
    println!("{LOG}: {} bytes, {} lines", log.len(), log.lines().count());
    for lang in Lang::ALL {
        let options = TranscriptOptions::new(lang);
        let mut cold: Vec<std::time::Duration> = (0..20)
            .map(|_| {
                let fresh = Renderer::embedded().expect("embedded templates");
                let start = support::thread_cpu_time();
                let transcript = transcribe(&log, &fresh, &options, &limits).expect("transcript");
                std::hint::black_box(write(&transcript, Format::Html).expect("write"));
                support::thread_cpu_time() - start
            })
            .collect();
        cold.sort();
        println!("{lang} Html, cold memo: median {:.2} ms CPU per log (20 passes)", cold[10].as_secs_f64() * 1e3);
        for format in [Format::Html, Format::Json, Format::Text] {
            let mut size = 0;
            let (cpu, wall) = support::measure(PASSES, || {
                let transcript = transcribe(&log, &renderer, &options, &limits).expect("transcript");
                let out = write(&transcript, format).expect("write");
                size = out.len();
                out.len()
            });
            println!(
                "{lang} {format:?}: median {:.2} ms CPU, {:.2} ms wall per log ({} passes, {size} bytes out)",
                cpu.as_secs_f64() * 1e3,
                wall.as_secs_f64() * 1e3,
                PASSES,
            );
        }
    }
}
