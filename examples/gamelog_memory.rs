//! Where the memory of one maximum-size game log goes: the heap in use (and its peak) after each step of
//! `POST /v1/gamelog/render` with HTML output (written in 64 KiB pieces, as the server does), and the
//! process's resident memory.
//! Run: `cargo run --release --example gamelog_memory [LOG_FILE]` (default: a 4 MiB log of short votes).

#[path = "support/counting_alloc.rs"]
mod counting_alloc;

use aiwolf_nl::gamelog::{Format, LogLimits, TranscriptOptions, read_log, transcribe, write_into};
use aiwolf_nl::render::{Lang, Renderer};

fn report(step: &str) {
    println!(
        "{step:<20} heap {:>6.1} MB (peak {:>6.1}, {:>7} allocations)  VmRSS {:>6.1} MB  VmHWM {:>6.1} MB",
        counting_alloc::live_mb(),
        counting_alloc::take_peak_mb(),
        counting_alloc::take_allocations(),
        counting_alloc::status_mb("VmRSS:"),
        counting_alloc::status_mb("VmHWM:")
    );
}

/// The log of `benches/gamelog_rss.sh`: short votes up to the reader's 4 MiB limit.
fn default_log() -> String {
    let mut log = String::new();
    for i in 0.. {
        let line = format!("1,talk,{i},0,{},VOTE Agent[{:02}]\n", i % 15 + 1, i % 97);
        if log.len() + line.len() > 4 * 1024 * 1024 - 64 {
            break;
        }
        log.push_str(&line);
    }
    log
}

/// Output in pieces of 64 KiB, as the server writes it (`api::chunked`).
struct Pieces(Vec<String>);

impl std::fmt::Write for Pieces {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        match self.0.last_mut() {
            Some(last) if last.capacity() - last.len() >= text.len() => last.push_str(text),
            _ => self.0.push(String::with_capacity(text.len().max(64 * 1024)) + text),
        }
        Ok(())
    }
}

fn main() {
    let renderer = Renderer::embedded().expect("templates load");
    report("renderer");
    let log = match std::env::args().nth(1) {
        Some(path) => std::fs::read_to_string(path).expect("log file reads"),
        None => default_log(),
    };
    report("log text");
    let read = read_log(&log, &LogLimits::default()).expect("log reads");
    println!("  {} lines, {} errors", read.lines.len(), read.errors.len());
    report("read_log");
    drop(read);
    let options = TranscriptOptions::new(Lang::Ja);
    let transcript = transcribe(&log, &renderer, &options, &LogLimits::default()).expect("log transcribes");
    report("transcribe");
    drop(log);
    let mut html = Pieces(Vec::new());
    write_into(&transcript, Format::Html, &mut html).expect("html writes");
    println!(
        "  html {:.1} MB in {} pieces",
        html.0.iter().map(String::len).sum::<usize>() as f64 / 1048576.0,
        html.0.len()
    );
    report("write html");
    drop(transcript);
    report("transcript dropped");
    drop(html);
    report("html dropped");
}
