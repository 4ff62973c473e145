//! Scoring of the issue-10 development sets: exact utterances, wrong utterances (something said that is
//! not the label), sentence precision and recall, per language and per category or source group, and the
//! precision at each confidence step.

use std::collections::BTreeMap;
use std::path::Path;

use aiwolf_nl::protocol::{Agent, Context, NameTable};
use aiwolf_nl::understand::{Lang, Understander};

use crate::common;

/// One labelled utterance with the context a bridge would give.
pub struct Row {
    pub id: String,
    pub lang: Lang,
    /// The category (free talk) or source group (real talk) the row is tabled under.
    pub group: String,
    pub ctx: Context,
    pub utterance: String,
    /// Canonical sentences; empty for `Skip`.
    pub expected: Vec<String>,
}

/// A label we believe contradicts the meaning conventions, with the rule and the label we score instead.
#[derive(Clone, Copy)]
pub struct Reviewed {
    pub id: &'static str,
    pub label: &'static str,
    pub reason: &'static str,
}

fn lang_of(code: &str) -> Lang {
    if code == "en" { Lang::En } else { Lang::Ja }
}

fn split_label(label: &str) -> Vec<String> {
    label.split(" ; ").filter(|s| *s != "Skip" && !s.is_empty()).map(str::to_owned).collect()
}

/// `free-talk-dev.tsv`: id, lang, speaker, utterance, expected, category; one name table for every row.
pub fn free_talk(shared: &Path) -> Vec<Row> {
    common::tsv_rows(&shared.join("nl/free-talk-dev.tsv"))
        .into_iter()
        .map(|r| Row {
            id: r[0].clone(),
            lang: lang_of(&r[1]),
            group: r[5].clone(),
            ctx: Context {
                speaker: Some(r[2].parse().expect("speaker seat")),
                names: common::convention_names(),
                ..Context::default()
            },
            utterance: r[3].clone(),
            expected: split_label(&r[4]),
        })
        .collect()
}

/// `real-talk-dev.tsv`: id, lang, source, day, speaker, names (JSON), utterance, expected, note.
pub fn real_talk(shared: &Path) -> Vec<Row> {
    common::tsv_rows(&shared.join("nl/real-talk-dev.tsv"))
        .into_iter()
        .map(|r| {
            let mut names = NameTable::new();
            let table: BTreeMap<String, String> = serde_json::from_str(&r[5]).expect("names column is JSON");
            for (seat, name) in table {
                names.insert(seat.parse::<Agent>().expect("seat in names"), name);
            }
            Row {
                id: r[0].clone(),
                lang: lang_of(&r[1]),
                group: source_group(&r[2]),
                ctx: Context {
                    speaker: Some(r[4].parse().expect("speaker seat")),
                    names,
                    day: r[3].parse().ok(),
                    ..Context::default()
                },
                utterance: r[6].clone(),
                expected: split_label(&r[7]),
            }
        })
        .collect()
}

/// The game collection a real-talk row comes from (`nlp2025`, `jsai2025_5p`, …).
fn source_group(source: &str) -> String {
    match source.split("static/assets/").nth(1) {
        Some(rest) => rest.split('/').next().unwrap_or(rest).to_owned(),
        None => source.split(':').next().unwrap_or(source).rsplit('/').next().unwrap_or(source).to_owned(),
    }
}

#[derive(Default, Clone, Copy)]
pub struct Score {
    pub utterances: usize,
    pub exact: usize,
    /// Utterances where something was said and it is not the label.
    pub wrong: usize,
    pub emitted: usize,
    pub correct: usize,
    pub gold: usize,
}

impl Score {
    fn add(&mut self, other: &Score) {
        self.utterances += other.utterances;
        self.exact += other.exact;
        self.wrong += other.wrong;
        self.emitted += other.emitted;
        self.correct += other.correct;
        self.gold += other.gold;
    }

    pub fn exact_rate(&self) -> f64 {
        ratio(self.exact, self.utterances)
    }

    pub fn wrong_rate(&self) -> f64 {
        ratio(self.wrong, self.utterances)
    }

    pub fn precision(&self) -> f64 {
        if self.emitted == 0 { 1.0 } else { ratio(self.correct, self.emitted) }
    }

    pub fn recall(&self) -> f64 {
        if self.gold == 0 { 1.0 } else { ratio(self.correct, self.gold) }
    }
}

fn ratio(a: usize, b: usize) -> f64 {
    if b == 0 { 0.0 } else { a as f64 / b as f64 }
}

/// Confidence steps, highest first; a sentence falls in the first step it reaches.
const STEPS: [f32; 5] = [0.9, 0.8, 0.7, 0.6, 0.0];

pub struct Report {
    pub by_group: BTreeMap<(&'static str, String), Score>,
    pub by_lang: BTreeMap<&'static str, Score>,
    /// (lang, step) → (correct, emitted).
    pub calibration: BTreeMap<(&'static str, usize), (usize, usize)>,
    pub misses: Vec<String>,
}

fn lang_name(lang: Lang) -> &'static str {
    match lang {
        Lang::Ja => "ja",
        Lang::En => "en",
    }
}

/// Scores every row, with the reviewed labels put in place of the file's where given.
pub fn score(understander: &Understander, rows: &[Row], reviewed: &[Reviewed]) -> Report {
    let mut report =
        Report { by_group: BTreeMap::new(), by_lang: BTreeMap::new(), calibration: BTreeMap::new(), misses: vec![] };
    for row in rows {
        let expected = match reviewed.iter().find(|r| r.id == row.id) {
            Some(r) => split_label(r.label),
            None => row.expected.clone(),
        };
        let understanding = understander.understand(&row.utterance, row.lang, &row.ctx);
        let mut unmatched = expected.clone();
        let mut score = Score { utterances: 1, gold: expected.len(), ..Score::default() };
        for s in &understanding.sentences {
            score.emitted += 1;
            let right = match unmatched.iter().position(|e| *e == s.canonical) {
                Some(i) => {
                    unmatched.swap_remove(i);
                    true
                }
                None => false,
            };
            score.correct += usize::from(right);
            let step = STEPS.iter().position(|min| s.confidence >= *min).unwrap_or(STEPS.len() - 1);
            let cell = report.calibration.entry((lang_name(row.lang), step)).or_default();
            cell.0 += usize::from(right);
            cell.1 += 1;
        }
        let exact = unmatched.is_empty() && score.correct == score.emitted;
        score.exact = usize::from(exact);
        score.wrong = usize::from(!exact && score.emitted > 0);
        if !exact {
            let got: Vec<&str> = understanding.sentences.iter().map(|s| s.canonical.as_str()).collect();
            report.misses.push(format!(
                "  {} [{}] {}\n    gold {}\n    got  {}",
                row.id,
                row.group,
                row.utterance,
                if expected.is_empty() { "Skip".to_owned() } else { expected.join(" ; ") },
                if got.is_empty() { "Skip".to_owned() } else { got.join(" ; ") },
            ));
        }
        let lang = lang_name(row.lang);
        report.by_group.entry((lang, row.group.clone())).or_default().add(&score);
        report.by_lang.entry(lang).or_default().add(&score);
    }
    report
}

/// Prints the per-group and per-language tables and the calibration, then the first `MISSES` misses.
pub fn print(title: &str, report: &Report, reviewed: &[Reviewed]) {
    println!("\n## {title}\n");
    for r in reviewed {
        println!("reviewed {}: scored as `{}` — {}", r.id, r.label, r.reason);
    }
    println!("| lang | group | n | exact | wrong | precision | recall |");
    println!("|---|---|---|---|---|---|---|");
    for ((lang, group), s) in &report.by_group {
        print_row(lang, group, s);
    }
    for (lang, s) in &report.by_lang {
        print_row(lang, "**all**", s);
    }
    println!("\nprecision by confidence step (correct / emitted):\n");
    println!("| lang | confidence | correct | emitted | precision |");
    println!("|---|---|---|---|---|");
    for ((lang, step), (correct, emitted)) in &report.calibration {
        println!("| {lang} | ≥ {:.1} | {correct} | {emitted} | {:.3} |", STEPS[*step], ratio(*correct, *emitted));
    }
    let shown = std::env::var("MISSES").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    for miss in report.misses.iter().take(shown) {
        println!("{miss}");
    }
}

fn print_row(lang: &str, group: &str, s: &Score) {
    println!(
        "| {lang} | {group} | {} | {:.1}% | {:.1}% | {:.3} | {:.3} |",
        s.utterances,
        s.exact_rate() * 100.0,
        s.wrong_rate() * 100.0,
        s.precision(),
        s.recall()
    );
}
