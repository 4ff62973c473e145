//! What several targets share: the choice of settings from an input's first byte, a small game context and
//! checks on an understood reading.
#![allow(dead_code)]

use aiwolf_nl::protocol::{Agent, Context, NameTable, ParseOptions, parse};
use aiwolf_nl::understand::Understanding;

/// The input's first byte picks one of `count` combinations of settings; the rest is the input proper.
///
/// Running every combination on every input multiplied each execution's cost by their number (12
/// translations per input held the translate target to 145 executions/s); with the choice in the input the
/// fuzzer explores the combinations as it explores the text, and coverage guides it to the ones that differ.
/// `None` for an empty input.
pub fn choose(data: &[u8], count: usize) -> Option<(usize, &[u8])> {
    let (&first, rest) = data.split_first()?;
    Some((usize::from(first) % count, rest))
}

/// The contexts each text is read in: a speaker, an addressee and a name table with Japanese, English and
/// overlapping names; and no context at all.
pub fn contexts() -> [Context; 2] {
    let mut names = NameTable::new();
    for (seat, name) in
        [(1, "ミナト"), (1, "Minato"), (2, "シオン"), (2, "Shion"), (3, "ユキ"), (4, "ユキエ"), (5, "Al")]
    {
        names.insert(Agent::Id(seat), name);
    }
    let full = Context { speaker: Some(Agent::Id(2)), addressee: Some(Agent::Id(3)), names, day: Some(2) };
    [full, Context::default()]
}

/// Every span lies on character boundaries of `text`, and every canonical sentence parses strictly to
/// the sentence it was printed from.
pub fn check_reading(text: &str, reading: &Understanding) {
    let on_text = |start: usize, end: usize| {
        assert!(
            start <= end && text.is_char_boundary(start) && text.is_char_boundary(end),
            "span {start}..{end} in {text:?}"
        );
    };
    assert_eq!(reading.skip, reading.sentences.is_empty(), "skip disagrees with the sentences for {text:?}");
    for understood in &reading.sentences {
        on_text(understood.span.start, understood.span.end);
        let parsed = parse(&understood.canonical, &ParseOptions::strict())
            .unwrap_or_else(|e| panic!("{:?} from {text:?} does not parse: {e}", understood.canonical));
        assert_eq!(parsed.sentence, understood.sentence, "{text:?}");
        for alternative in &understood.alternatives {
            assert_eq!(
                parse(&alternative.canonical, &ParseOptions::strict()).map(|p| p.sentence),
                Ok(alternative.sentence.clone())
            );
        }
    }
    for name in &reading.unknown_names {
        on_text(name.span.start, name.span.end);
    }
    for mention in &reading.mentions {
        on_text(mention.span.start, mention.span.end);
    }
}
