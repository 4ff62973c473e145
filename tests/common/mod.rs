//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;

/// The `../shared` test material beside the crate, or `None` (with a message) when it is absent, as in a
/// user's clone. `.ci/run` sets `AIWOLF_NL_REQUIRE_SHARED=1`, which turns its absence into a failure so CI
/// never skips these tests silently.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared");
    if dir.join("README.md").is_file() {
        return Some(dir);
    }
    if std::env::var_os("AIWOLF_NL_REQUIRE_SHARED").is_some() {
        panic!("../shared is missing but AIWOLF_NL_REQUIRE_SHARED is set: {}", dir.display());
    }
    report_skip(&format!("../shared not found beside the crate ({}); this test needs it", dir.display()));
    None
}

/// Prints `SKIPPED: <why> (<test>)` on the terminal, past the test harness: it captures what passing tests
/// print with `eprintln!` and shows it only on failure, so a skip would otherwise look like a pass.
pub fn report_skip(why: &str) {
    use std::io::Write;
    let thread = std::thread::current();
    let test = thread.name().filter(|name| *name != "main").unwrap_or("a test");
    // Writing to the stderr handle itself is not captured (only the print macros are).
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {why} ({test})");
}

/// Undoes the TSV escaping of the reference files (`\t`, `\r`, `\n`, `\\`).
pub fn unescape_tsv(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('n') => out.push('\n'),
            Some('\\') => out.push('\\'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Rows of a TSV file after its header.
pub fn tsv_rows(path: &std::path::Path) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines().skip(1).map(|line| line.split('\t').map(str::to_owned).collect()).collect()
}

/// The name table of meaning-conventions.md: Agent[01] ミナト/Minato … Agent[09] ダイスケ/Daisuke.
pub fn convention_names() -> aiwolf_nl::protocol::NameTable {
    use aiwolf_nl::protocol::{Agent, NameTable};
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
    names
}
