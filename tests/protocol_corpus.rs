//! Every distinct string real agents said (../shared/data/protocol-talk-corpus.meta.tsv): the 3.6 rows
//! normalize, the legacy classes (2014 pre-protocol, protocol 2.x, platform 0.4.x) normalize through their
//! dialect, the modified server's extension is rejected with the right code, and
//! the number of rows per class is what the corpus notes say.

mod common;

use std::collections::BTreeMap;

use aiwolf_nl::protocol::{Dialect, ErrorCode, ParseOptions, Parsed, WarningCode, parse};

fn has_dialect(parsed: &Parsed, dialect: Dialect) -> bool {
    parsed.warnings.iter().any(|w| w.dialect == Some(dialect))
}

#[test]
fn every_corpus_row_meets_its_class() {
    let Some(shared) = common::shared_dir() else {
        return;
    };
    let rows = common::tsv_rows(&shared.join("data/protocol-talk-corpus.meta.tsv"));
    let lenient = ParseOptions::default();
    let mut per_class: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut strict_canonical = 0;
    let mut pre_protocol_normalized = 0;
    for row in &rows {
        let (java36, class, text) = (row[2].as_str(), row[3].as_str(), row[5].as_str());
        *per_class.entry(class.to_owned()).or_default() += 1;
        let result = parse(text, &lenient);
        let verdict = match (java36, class, &result) {
            ("Y", "ok", Ok(parsed))
                if parsed
                    .warnings
                    .iter()
                    .all(|w| matches!(w.code, WarningCode::RedundantSubject | WarningCode::AgentZeroIsAny)) =>
            {
                strict_canonical += usize::from(parse(text, &ParseOptions::strict()).is_ok());
                Ok(())
            }
            ("Y", "ok-after-trim", Ok(parsed)) if parsed.warnings.iter().all(|w| w.code == WarningCode::Whitespace) => {
                Ok(())
            }
            ("N", c, Ok(parsed))
                if c.starts_with("protocol 3.0") && has_dialect(parsed, Dialect::Platform04Request) =>
            {
                Ok(())
            }
            ("N", c, Ok(parsed))
                if c.starts_with("protocol 2.x") && has_dialect(parsed, Dialect::Protocol2Inquested) =>
            {
                Ok(())
            }
            ("N", c, Ok(parsed))
                if c.starts_with("pre-protocol 2014") && has_dialect(parsed, Dialect::PreProtocol2014) =>
            {
                pre_protocol_normalized += 1;
                Ok(())
            }
            ("N", c, Err(e))
                if c.starts_with("non-standard extension")
                    && matches!(e.code, ErrorCode::UnknownVerb | ErrorCode::BadRole) =>
            {
                Ok(())
            }
            _ => Err(format!("{class} / java36={java36}: {text:?} -> {result:?}")),
        };
        if let Err(failure) = verdict {
            failures.push(failure);
            continue;
        }
        if let Ok(parsed) = &result {
            // The canonical text is itself canonical: it parses strictly to the same tree.
            let canonical = parsed.sentence.to_canonical();
            match parse(&canonical, &ParseOptions::strict()) {
                Ok(again) if again.sentence == parsed.sentence => {}
                other => failures.push(format!("{text:?}: canonical {canonical:?} does not round-trip: {other:?}")),
            }
        }
    }
    assert!(failures.is_empty(), "{} rows fail:\n{}", failures.len(), failures[..failures.len().min(30)].join("\n"));
    let counts: Vec<(&str, usize)> = per_class.iter().map(|(k, v)| (k.as_str(), *v)).collect();
    assert_eq!(
        counts,
        [
            ("non-standard extension (DECLARED/IMMORALIST, modified server)", 24),
            ("ok", 7582),
            ("ok-after-trim", 288),
            ("pre-protocol 2014 (0.1.x) \"( N role ) and ( ... )\"", 413),
            ("protocol 2.x INQUESTED", 45),
            ("protocol 3.0 (platform 0.4.x) REQUEST(...) without space/target", 321),
        ]
    );
    assert_eq!(pre_protocol_normalized, 413, "every 2014 row normalizes through its dialect");
    eprintln!("{strict_canonical} of 7582 `ok` rows are already canonical (strict mode accepts them)");
}
