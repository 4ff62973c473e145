//! Prints what the understander reads, for phrase-file work.
//!
//! `understand_probe` reads lines `[en ]text` from stdin (speaker Agent[99], no name table);
//! `understand_probe real-utterances.tsv` reads that file, with a name table per game built from its speakers.
use std::collections::BTreeMap;
use std::io::BufRead;

use aiwolf_nl::protocol::{Agent, Context, NameTable};
use aiwolf_nl::understand::{Lang, Understander};

fn main() {
    let understander = Understander::embedded().expect("phrase files load");
    let show = |text: &str, lang: Lang, ctx: &Context| {
        let u = understander.understand(text, lang, ctx);
        let read: Vec<&str> = u.sentences.iter().map(|s| s.canonical.as_str()).collect();
        println!("{text}\n  => {read:?} unknown={:?}", u.unknown_names.iter().map(|n| &n.name).collect::<Vec<_>>());
    };
    if let Some(path) = std::env::args().nth(1) {
        let text = std::fs::read_to_string(path).expect("read the TSV");
        let rows: Vec<Vec<&str>> = text.lines().skip(1).map(|l| l.split('\t').collect()).collect();
        let mut games: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for row in &rows {
            let seats = games.entry(row[0]).or_default();
            if !row[2].is_empty() && !row[2].starts_with("Agent[") && !seats.contains(&row[2]) {
                seats.push(row[2]);
            }
        }
        for row in &rows {
            let mut names = NameTable::new();
            for (i, name) in games[row[0]].iter().enumerate() {
                names.insert(Agent::Id(i as u32 + 1), *name);
            }
            let speaker = games[row[0]]
                .iter()
                .position(|s| *s == row[2])
                .map(|i| Agent::Id(i as u32 + 1))
                .or_else(|| row[2].parse().ok());
            let lang = if row[0].contains("_en_") { Lang::En } else { Lang::Ja };
            show(row[3], lang, &Context { speaker, names, ..Context::default() });
        }
        return;
    }
    for line in std::io::stdin().lock().lines().map_while(Result::ok) {
        let lang = if line.starts_with("en ") { Lang::En } else { Lang::Ja };
        let text = line.trim_start_matches("en ").trim_start_matches("ja ");
        show(text, lang, &Context { speaker: Some(Agent::Id(99)), ..Context::default() });
    }
}
