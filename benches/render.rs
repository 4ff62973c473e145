//! Render throughput: `gen_protocol.py 1000000 --seed 42` to Japanese and to English, single-threaded.
//!
//! `cargo bench --bench render`. The input is generated into `target/` at bench time (never committed); the
//! bench is skipped when `../shared` is absent. Prints sentences per second and peak memory (VmHWM).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use aiwolf_nl::protocol::{Agent, Context, ParseOptions, Sentence, parse};
use aiwolf_nl::render::{Channel, Lang, RenderOptions, Renderer, Style, sample_names};

const COUNT: usize = 1_000_000;

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let generator = root.join("../shared/tools/gen_protocol.py");
    if !generator.is_file() {
        eprintln!("SKIPPED: {} not found", generator.display());
        return;
    }
    let input = root.join("target/bench-protocol-1000000-42.txt");
    if let Err(message) = ensure_input(&generator, &input) {
        eprintln!("bench input: {message}");
        std::process::exit(1);
    }
    let text = match std::fs::read_to_string(&input) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("reading {}: {e}", input.display());
            std::process::exit(1);
        }
    };
    let options = ParseOptions::default();
    let sentences: Vec<Sentence> =
        text.lines().filter_map(|line| parse(line, &options).ok().map(|p| p.sentence)).collect();
    println!("parsed {} sentences (max depth 3)", sentences.len());

    let renderer = match Renderer::embedded() {
        Ok(renderer) => renderer,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    for lang in [Lang::Ja, Lang::En] {
        let ctx = Context { speaker: Some(Agent::Id(1)), addressee: None, names: sample_names(lang), day: Some(3) };
        let render_options = RenderOptions::default();
        let start = Instant::now();
        let cpu_start = thread_cpu_ns();
        let mut bytes = 0usize;
        let mut errors = 0usize;
        for sentence in &sentences {
            match renderer.render(sentence, lang, &ctx, &render_options) {
                Ok(out) => bytes += out.len(),
                Err(_) => errors += 1,
            }
        }
        let elapsed = start.elapsed().as_secs_f64();
        let n = sentences.len() as f64;
        println!(
            "{lang}: {} sentences in {elapsed:.2} s wall = {:.0} sentences/s ({:.2} µs each), {:.1} MB of text, {errors} errors",
            sentences.len(),
            n / elapsed,
            elapsed * 1e6 / n,
            bytes as f64 / 1e6,
        );
        // On a shared machine wall time includes waiting for a core; the thread's own CPU time does not.
        if let (Some(begin), Some(end)) = (cpu_start, thread_cpu_ns()) {
            let cpu = (end - begin) as f64 / 1e9;
            println!("{lang}: thread CPU time {cpu:.2} s = {:.0} sentences/s per core", n / cpu);
        }
    }
    // Issue 11: the figure per style and channel (the default, polite talk, is the one above).
    for lang in [Lang::Ja, Lang::En] {
        let ctx = Context { speaker: Some(Agent::Id(1)), addressee: None, names: sample_names(lang), day: Some(3) };
        let others = Style::ALL
            .into_iter()
            .flat_map(|style| [(style, Channel::Talk), (style, Channel::Whisper)])
            .filter(|&(style, channel)| (style, channel) != (Style::Polite, Channel::Talk));
        for (style, channel) in others {
            let options = RenderOptions { style, channel, ..RenderOptions::default() };
            let (Some(begin), start) = (thread_cpu_ns(), Instant::now()) else { continue };
            let rendered = sentences.iter().filter(|s| renderer.render(s, lang, &ctx, &options).is_ok()).count();
            let cpu = thread_cpu_ns().map_or(start.elapsed().as_secs_f64(), |end| (end - begin) as f64 / 1e9);
            println!(
                "{lang} {} {}: {rendered} sentences, {:.0} sentences/s per core (thread CPU time)",
                style.code(),
                channel.code(),
                sentences.len() as f64 / cpu
            );
        }
    }
    for lang in [Lang::Ja, Lang::En] {
        by_depth(&renderer, &sentences, lang);
    }
    println!("peak memory (VmHWM): {}", peak_memory());
    read_back(&renderer, &sentences[..READ_COUNT.min(sentences.len())], &root);
    println!("peak memory after reading (VmHWM): {}", peak_memory());
}

/// Sentences read back (`Renderer::read`) per language.
const READ_COUNT: usize = 100_000;

/// `Renderer::read` speed: on canonical renderings of the first sentences, and on real player talk (which it
/// must reject cheaply, since the understanding pipeline tries it first).
fn read_back(renderer: &Renderer, sentences: &[Sentence], root: &Path) {
    for lang in [Lang::Ja, Lang::En] {
        let ctx = Context { speaker: Some(Agent::Id(1)), addressee: None, names: sample_names(lang), day: Some(3) };
        let options = RenderOptions::default();
        let texts: Vec<String> =
            sentences.iter().filter_map(|s| renderer.render(s, lang, &ctx, &options).ok()).collect();
        // The first read builds the language's verb frames; time it apart.
        let warm = Instant::now();
        let _ = renderer.read(&texts[0], lang, &ctx);
        let warm = warm.elapsed().as_secs_f64();
        let (Some(begin), mut read) = (thread_cpu_ns(), 0usize) else { continue };
        for text in &texts {
            read += usize::from(renderer.read(text, lang, &ctx).is_some());
        }
        if let Some(end) = thread_cpu_ns() {
            let cpu = (end - begin) as f64 / 1e9;
            println!(
                "{lang} read: {read} of {} canonical texts read back, {:.1} µs CPU each ({:.0}/s per core); first read (builds the frames) {warm:.2} s",
                texts.len(),
                cpu * 1e6 / texts.len() as f64,
                texts.len() as f64 / cpu
            );
        }
    }
    let real = root.join("../shared/nl/real-utterances.tsv");
    let Ok(tsv) = std::fs::read_to_string(&real) else { return };
    let utterances: Vec<&str> = tsv.lines().skip(1).filter_map(|line| line.split('\t').nth(3)).collect();
    for lang in [Lang::Ja, Lang::En] {
        let ctx = Context { speaker: Some(Agent::Id(1)), addressee: None, names: sample_names(lang), day: Some(3) };
        let (Some(begin), mut read) = (thread_cpu_ns(), 0usize) else { continue };
        for utterance in &utterances {
            read += usize::from(renderer.read(utterance, lang, &ctx).is_some());
        }
        if let Some(end) = thread_cpu_ns() {
            let cpu = (end - begin) as f64 / 1e9;
            println!(
                "{lang} read on real talk: {read} of {} utterances read, {:.1} µs CPU each ({:.0}/s per core)",
                utterances.len(),
                cpu * 1e6 / utterances.len() as f64,
                utterances.len() as f64 / cpu
            );
        }
    }
}

fn ensure_input(generator: &Path, input: &Path) -> Result<(), String> {
    if input.is_file() {
        return Ok(());
    }
    let output = Command::new("python3")
        .arg(generator)
        .args([COUNT.to_string().as_str(), "--seed", "42"])
        .output()
        .map_err(|e| format!("running python3: {e}"))?;
    if !output.status.success() {
        return Err(String::from_utf8_lossy(&output.stderr).into_owned());
    }
    std::fs::write(input, &output.stdout).map_err(|e| format!("writing {}: {e}", input.display()))
}

/// Where the time goes: thread CPU time per sentence by operator depth.
fn by_depth(renderer: &Renderer, sentences: &[Sentence], lang: Lang) {
    let ctx = Context { speaker: Some(Agent::Id(1)), addressee: None, names: sample_names(lang), day: Some(3) };
    let options = RenderOptions::default();
    for depth in 0..=3 {
        let subset: Vec<&Sentence> = sentences.iter().filter(|s| s.depth() == depth).collect();
        let (Some(begin), false) = (thread_cpu_ns(), subset.is_empty()) else { continue };
        for sentence in &subset {
            let _ = std::hint::black_box(renderer.render(sentence, lang, &ctx, &options));
        }
        if let Some(end) = thread_cpu_ns() {
            let each = (end - begin) as f64 / 1e3 / subset.len() as f64;
            println!("{lang} depth {depth}: {} sentences, {each:.2} µs CPU each ({:.0}/s)", subset.len(), 1e6 / each);
        }
    }
}

/// This thread's time on a CPU in nanoseconds (Linux `schedstat`), if available.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat").ok()?.split_whitespace().next()?.parse().ok()
}

fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status.lines().find(|l| l.starts_with("VmHWM:")).map(|l| l["VmHWM:".len()..].trim().to_owned())
        })
        .unwrap_or_else(|| "unknown".to_owned())
}
