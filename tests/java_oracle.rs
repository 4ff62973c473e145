//! The canonical printer agrees with the Java reference on every input the reference accepts
//! (../shared/data/reference/java-oracle.tsv), and every input it rejects is rejected here or
//! accepted only with a warning.

mod common;

use aiwolf_nl::protocol::{ParseOptions, parse};

#[test]
fn every_accepted_oracle_input_prints_as_java() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let rows = common::tsv_rows(&shared.join("data/reference/java-oracle.tsv"));
    assert_eq!(rows.len(), 144, "the oracle has 144 inputs");
    let mut failures = Vec::new();
    let mut accepted = 0;
    for row in &rows {
        let input = common::unescape_tsv(&row[0]);
        if row[1] != "true" {
            continue;
        }
        accepted += 1;
        match parse(&input, &ParseOptions::default()) {
            Ok(parsed) if parsed.sentence.to_canonical() == row[2] => {}
            Ok(parsed) => {
                failures.push(format!("{input:?}: printed {:?}, Java {:?}", parsed.sentence.to_canonical(), row[2]))
            }
            Err(error) => failures.push(format!("{input:?}: rejected ({error}), Java {:?}", row[2])),
        }
    }
    assert_eq!(accepted, 85);
    assert!(failures.is_empty(), "{} disagreements:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn oracle_inputs_java_rejects_are_rejected_or_warned() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let rows = common::tsv_rows(&shared.join("data/reference/java-oracle.tsv"));
    let mut silently_accepted = Vec::new();
    for row in rows.iter().filter(|row| row[1] != "true") {
        let input = common::unescape_tsv(&row[0]);
        if let Ok(parsed) = parse(&input, &ParseOptions::default())
            && parsed.warnings.is_empty()
        {
            silently_accepted.push(input);
        }
    }
    assert!(silently_accepted.is_empty(), "accepted without a warning though Java rejects: {silently_accepted:?}");
}

#[test]
fn strict_mode_accepts_only_canonical_oracle_inputs() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let rows = common::tsv_rows(&shared.join("data/reference/java-oracle.tsv"));
    for row in rows.iter().filter(|row| row[1] == "true") {
        let input = common::unescape_tsv(&row[0]);
        let strict = parse(&input, &ParseOptions::strict());
        assert_eq!(strict.is_ok(), input == row[2], "strict on {input:?}: {strict:?}");
    }
}
