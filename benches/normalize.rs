//! Normalize (parse + canonical print) over `gen_protocol.py 1000000 --seed 42`, single thread, and the
//! streaming CLI's wall time and peak memory on the same file. Run: `cargo bench --bench normalize`.

mod support;

// The same allocator as the binary.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use aiwolf_nl::protocol::{ParseOptions, normalize_into, parse, write_canonical};

fn main() {
    let Some(path) = support::generated_protocol(1_000_000, 42) else { return };
    // The CLI first: a child's peak RSS counts what the parent held when it was spawned.
    let binary = env!("CARGO_BIN_EXE_aiwolf-nl");
    let (cli_wall, peak_kib, ok) = support::run_child(binary, &["normalize"], &path);
    assert!(ok, "aiwolf-nl normalize failed");
    let text = std::fs::read_to_string(&path).expect("read input");
    let lines: Vec<&str> = text.lines().collect();
    let options = ParseOptions::default();
    let mut out = String::with_capacity(512);
    let java = 215_462.0;
    let report = |what: &str, (cpu, wall): (std::time::Duration, std::time::Duration)| {
        let rate = support::per_second(lines.len(), cpu);
        println!(
            "{what}: {} lines, median of 5: {:.2}M lines/s per core (thread CPU; {:.2}M wall), {:.1} MB/s, {:.1}x Java's 215,462/s",
            lines.len(),
            rate / 1e6,
            support::per_second(lines.len(), wall) / 1e6,
            text.len() as f64 / cpu.as_secs_f64() / 1e6,
            rate / java,
        );
    };
    report(
        "normalize_into (the CLI's path)",
        support::measure(5, || {
            let mut bytes = 0;
            for line in &lines {
                out.clear();
                let _ = normalize_into(&mut out, line, &options);
                bytes += out.len();
            }
            bytes
        }),
    );
    report(
        "parse to a tree + print the tree",
        support::measure(5, || {
            let mut bytes = 0;
            for line in &lines {
                out.clear();
                if let Ok(parsed) = parse(line, &options) {
                    write_canonical(&mut out, &parsed.sentence);
                }
                bytes += out.len();
            }
            bytes
        }),
    );
    println!(
        "aiwolf-nl normalize (CLI, stdin -> /dev/null): {:.2}M lines/s wall, peak RSS {:.1} MB",
        support::per_second(lines.len(), cli_wall) / 1e6,
        peak_kib as f64 / 1024.0
    );
}
