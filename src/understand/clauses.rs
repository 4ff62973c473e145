//! Sentences and clauses of the skeleton text. Sentences end at the language's sentence marks (the mark
//! stays in the sentence, so a final `?` can be seen); inside a sentence, reason markers cut the clause that
//! gives a reason (「〜から、」 before it, "because …" after it) from the rest.

use super::phrases::Splits;

/// A clause: byte range of the skeleton text, and whether it states a reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clause {
    pub start: usize,
    pub end: usize,
    pub reason: bool,
}

/// The sentences of `text`, each a list of clauses.
pub fn split(text: &str, splits: &Splits) -> Vec<Vec<Clause>> {
    let mut sentences = Vec::new();
    let mut start = 0;
    for mark in splits.sentence.find_iter(text) {
        let joins = splits.join_next.as_ref().is_some_and(|j| j.is_match(&text[mark.end()..]));
        if joins {
            continue;
        }
        if mark.end() > start {
            push_sentence(text, start, mark.end(), splits, &mut sentences);
        }
        start = mark.end();
    }
    if start < text.len() {
        push_sentence(text, start, text.len(), splits, &mut sentences);
    }
    sentences
}

fn push_sentence(text: &str, start: usize, end: usize, splits: &Splits, out: &mut Vec<Vec<Clause>>) {
    let sentence = &text[start..end];
    if sentence.trim().is_empty() {
        return;
    }
    // Cut points: (offset, the clause before it is a reason, the clause after it is a reason).
    let mut cuts: Vec<(usize, bool, bool, usize)> = Vec::new();
    if let Some(re) = &splits.reason_before {
        cuts.extend(re.find_iter(sentence).map(|m| (m.end(), true, false, m.start())));
    }
    if let Some(re) = &splits.reason_after {
        cuts.extend(re.find_iter(sentence).map(|m| (m.start(), false, true, m.end())));
    }
    cuts.sort_unstable();
    let mut clauses = Vec::with_capacity(cuts.len() + 1);
    let mut from = 0;
    let mut next_is_reason = false;
    for (at, before_is_reason, after_is_reason, _) in cuts {
        if at < from {
            continue;
        }
        clauses.push(Clause { start: start + from, end: start + at, reason: before_is_reason || next_is_reason });
        from = at;
        next_is_reason = after_is_reason;
    }
    clauses.push(Clause { start: start + from, end, reason: next_is_reason });
    clauses.retain(|c| c.end > c.start);
    out.push(clauses);
}
