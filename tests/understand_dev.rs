//! Dev evaluation of the understanding direction against ../shared/nl (skipped when it is absent):
//! the mcre gold projected onto COMINGOUT / DIVINED / REQUEST (VOTE), the other labelled sources with their
//! full labels, a no-panic coverage run over the 2,000 real utterances, and the two issue-10 sets
//! (`free-talk-dev.tsv`, `real-talk-dev.tsv`) scored per language and category with a confidence calibration.
//! `cargo test --release --test understand_dev -- --nocapture` prints the tables; `MISSES=n` lists misses.

mod common;
#[path = "understand_dev/dev_sets.rs"]
mod dev_sets;

use std::collections::{BTreeMap, BTreeSet};

use aiwolf_nl::protocol::{Agent, Content, Context, NameTable, ParseOptions, Sentence, parse};
use aiwolf_nl::understand::{Lang, Understander};

fn understander() -> Understander {
    Understander::embedded().expect("embedded phrase files load")
}

/// The mcre label scope: the speaker's own COMINGOUT and DIVINED, and a request to vote (the old
/// `REQUEST(VOTE X)` had no addressee, so any REQUEST target counts and is written ANY). Sentences with a
/// written subject are third-party reports, which the mcre labels never carry. A BECAUSE still says its
/// conclusion (the mcre labels have no BECAUSE, and they leave a reason given for a request unlabelled).
fn project(sentence: &Sentence) -> Vec<String> {
    if sentence.subject.is_some() {
        return Vec::new();
    }
    match &sentence.content {
        Content::Comingout { .. } | Content::Divined { .. } => vec![sentence.to_canonical()],
        Content::Request { sentence: inner, .. } if matches!(inner.content, Content::Vote { .. }) => {
            let request = Content::Request { target: Agent::Any, sentence: inner.clone() };
            vec![Sentence::new(request).to_canonical()]
        }
        Content::Because { conclusion, .. } => project(conclusion),
        _ => Vec::new(),
    }
}

fn parse_label(label: &str) -> Vec<Sentence> {
    label
        .split(" ; ")
        .filter(|p| *p != "Skip")
        .filter_map(|p| parse(p, &ParseOptions::default()).ok().map(|parsed| parsed.sentence))
        .collect()
}

#[test]
fn mcre_projected_exact_set_accuracy() {
    let Some(shared) = common::shared_dir() else { return };
    let understander = understander();
    let ctx = Context { speaker: Some(Agent::Id(99)), ..Context::default() };
    let (mut total, mut right) = (0usize, 0usize);
    let mut misses = Vec::new();
    for row in common::tsv_rows(&shared.join("nl/labelled-dev.tsv")) {
        if !row[0].starts_with("mcre/") {
            continue;
        }
        let utterance = common::unescape_tsv(&row[1]);
        let gold: BTreeSet<String> = parse_label(&row[3]).iter().flat_map(project).collect();
        let got: BTreeSet<String> = understander
            .understand(&utterance, Lang::Ja, &ctx)
            .sentences
            .iter()
            .flat_map(|u| project(&u.sentence))
            .collect();
        total += 1;
        if got == gold {
            right += 1;
        } else {
            misses.push(format!("  {utterance}\n    gold {gold:?}\n    got  {got:?}"));
        }
    }
    let accuracy = right as f64 / total as f64;
    println!("mcre projected exact-set accuracy: {right}/{total} = {:.2}%", accuracy * 100.0);
    for miss in misses.iter().take(std::env::var("MISSES").ok().and_then(|v| v.parse().ok()).unwrap_or(25)) {
        println!("{miss}");
    }
    assert!(total > 2000, "expected the mcre half of the gold, found {total} rows");
    // The clause-frame reader holds 97 % here (the old per-phrasing patterns held 99 %; most rows left are labels
    // the conventions read otherwise): see docs/understanding.md.
    assert!(accuracy >= 0.97, "mcre accuracy {:.2}% < 97%", accuracy * 100.0);
}

#[test]
fn other_sources_full_labels() {
    let Some(shared) = common::shared_dir() else { return };
    let understander = understander();
    let speaker = Agent::Id(99);
    let mut scores: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut misses = Vec::new();
    for row in common::tsv_rows(&shared.join("nl/labelled-dev.tsv")) {
        if row[0].starts_with("mcre/") || row.len() < 4 {
            continue;
        }
        let source = row[0].split('/').nth(1).and_then(|s| s.split(':').next()).unwrap_or("?").to_owned();
        let english = source.starts_with("aiwolf_share");
        let mut utterance = common::unescape_tsv(&row[1]);
        let mut label = row[3].replace("{speaker}", &speaker.to_string());
        if english {
            utterance = utterance.replace("[AGENT]", "Kenji").replace("[ROLE]", "seer").replace("[TEAM]", "werewolf");
            label = label.replace("[AGENT]", "Agent[03]").replace("[ROLE]", "SEER").replace("[TEAM]", "WEREWOLF");
        }
        let gold: BTreeSet<String> = parse_label(&label).iter().map(Sentence::to_canonical).collect();
        let ctx = Context { speaker: Some(speaker), names: common::convention_names(), ..Context::default() };
        let lang = if english { Lang::En } else { Lang::Ja };
        let got: BTreeSet<String> =
            understander.understand(&utterance, lang, &ctx).sentences.into_iter().map(|u| u.canonical).collect();
        let score = scores.entry(source.clone()).or_default();
        score.1 += 1;
        if got == gold {
            score.0 += 1;
        } else {
            misses.push(format!("  [{source}] {utterance}\n    gold {gold:?}\n    got  {got:?}"));
        }
    }
    for (source, (right, total)) in &scores {
        println!("{source}: {right}/{total} exact-set ({:.1}%)", *right as f64 * 100.0 / *total as f64);
    }
    for miss in misses.iter().take(std::env::var("MISSES").ok().and_then(|v| v.parse().ok()).unwrap_or(40)) {
        println!("{miss}");
    }
    assert_eq!(scores.values().map(|s| s.1).sum::<usize>(), 165);
    // Floors a little under what is reached now, so that phrase-file edits cannot quietly lose ground.
    for (source, floor) in [("AIWolfK2B", 19), ("NLPAIWolfSample", 37), ("aiwolf_share", 50)] {
        let right = scores.get(source).map_or(0, |s| s.0);
        assert!(right >= floor, "{source}: {right} exact, expected at least {floor}");
    }
}

#[test]
fn real_utterances_never_panic() {
    let Some(shared) = common::shared_dir() else { return };
    let understander = understander();
    let rows = common::tsv_rows(&shared.join("nl/real-utterances.tsv"));
    // A name table per game from the speakers seen in it, as a bridge bot would be given.
    let mut games: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for row in &rows {
        let seats = games.entry(row[0].as_str()).or_default();
        if !row[2].is_empty() && !row[2].starts_with("Agent[") && !seats.contains(&row[2].as_str()) {
            seats.push(row[2].as_str());
        }
    }
    let mut by_group: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for row in &rows {
        let seats = &games[row[0].as_str()];
        let mut names = NameTable::new();
        for (i, name) in seats.iter().enumerate() {
            names.insert(Agent::Id(i as u32 + 1), *name);
        }
        let speaker = match seats.iter().position(|s| *s == row[2]) {
            Some(i) => Some(Agent::Id(i as u32 + 1)),
            None => row[2].parse::<Agent>().ok(),
        };
        let group = group_of(&row[0]);
        let lang = if group.contains("_en") { Lang::En } else { Lang::Ja };
        let ctx = Context { speaker, names, ..Context::default() };
        let utterance = common::unescape_tsv(&row[3]);
        let result = understander.understand(&utterance, lang, &ctx);
        for s in &result.sentences {
            assert!(utterance.get(s.span.start..s.span.end).is_some(), "bad span in {utterance:?}");
        }
        let count = by_group.entry(group).or_default();
        count.1 += 1;
        if !result.sentences.is_empty() {
            count.0 += 1;
        }
    }
    let (mut hit, mut all) = (0, 0);
    for (group, (with, total)) in &by_group {
        println!("{group}: {with}/{total} utterances yield ≥ 1 sentence");
        hit += with;
        all += total;
    }
    println!("all: {hit}/{all}");
    assert_eq!(all, 2000);
}

fn group_of(source: &str) -> String {
    match source.split("static/assets/").nth(1) {
        Some(rest) => rest.split('/').next().unwrap_or(rest).to_owned(),
        None => source.split(':').next().unwrap_or(source).to_owned(),
    }
}

/// Labels we read differently from the file, each with the convention it rests on. They are scored with our
/// label; the raw score (file labels) is printed too and is what the floors hold.
const REVIEWED: &[dev_sets::Reviewed] = &[
    dev_sets::Reviewed {
        id: "en-0075",
        label: "Skip",
        reason: "\"Sakura is a fake seer\": real-talk-dev.md's house rule reads fake/偽/bluffing as a negated role \
                 that gives nothing (C7), where meaning-conventions.md lists \"fake seer\" as suspicion; the two sets \
                 disagree and the reader follows real talk (偽目 stays suspicion, as both agree)",
    },
    dev_sets::Reviewed {
        id: "ru1865",
        label: "BECAUSE (Agent[01] VOTED Agent[99]) (REQUEST ANY (VOTE Agent[01]))",
        reason: "«>>Agent[01] Agent[01]に投票してくれないか？»: a request to vote for the addressee herself is read as \
                 addressed to all (C8, real-talk-dev.md house rule 4), so REQUEST ANY, not REQUEST Agent[01]",
    },
];

/// The reviewed labels that belong to this set.
fn reviewed_in(rows: &[dev_sets::Row]) -> Vec<dev_sets::Reviewed> {
    REVIEWED.iter().filter(|r| rows.iter().any(|row| row.id == r.id)).copied().collect()
}

#[test]
fn free_talk_dev_floors() {
    let Some(shared) = common::shared_dir() else { return };
    let rows = dev_sets::free_talk(&shared);
    assert_eq!(rows.len(), 640);
    let raw = dev_sets::score(&understander(), &rows, &[]);
    dev_sets::print("free-talk-dev (file labels)", &raw, &[]);
    let reviewed = reviewed_in(&rows);
    if !reviewed.is_empty() {
        let report = dev_sets::score(&understander(), &rows, &reviewed);
        dev_sets::print("free-talk-dev (reviewed labels)", &report, &reviewed);
    }
    // Floors at what is reached now (issue 10 asks ≥ 95 % exact, < 2 % wrong per language).
    for (lang, exact, wrong) in [("ja", 0.97, 0.02), ("en", 0.96, 0.02)] {
        let s = raw.by_lang[lang];
        assert!(s.exact_rate() >= exact, "free-talk {lang}: exact {:.3} < {exact}", s.exact_rate());
        assert!(s.wrong_rate() <= wrong, "free-talk {lang}: wrong {:.3} > {wrong}", s.wrong_rate());
    }
}

#[test]
fn real_talk_dev_floors() {
    let Some(shared) = common::shared_dir() else { return };
    let rows = dev_sets::real_talk(&shared);
    assert_eq!(rows.len(), 400);
    let raw = dev_sets::score(&understander(), &rows, &[]);
    dev_sets::print("real-talk-dev (file labels)", &raw, &[]);
    let reviewed = reviewed_in(&rows);
    if !reviewed.is_empty() {
        let report = dev_sets::score(&understander(), &rows, &reviewed);
        dev_sets::print("real-talk-dev (reviewed labels)", &report, &reviewed);
    }
    // Floors at what is reached now (issue 10 asks precision ≥ 0.97 and recall ≥ 0.75).
    for (lang, precision, recall) in [("ja", 0.97, 0.86), ("en", 0.97, 0.79)] {
        let s = raw.by_lang[lang];
        assert!(s.precision() >= precision, "real-talk {lang}: precision {:.3} < {precision}", s.precision());
        assert!(s.recall() >= recall, "real-talk {lang}: recall {:.3} < {recall}", s.recall());
    }
}
