//! Subject completion (spec §4) and structural checks of trees built by callers.
//!
//! The parser keeps subjects as written (an omitted one is `None`), which is what printing needs. For
//! meaning, every omitted subject stands for someone: inside REQUEST and INQUIRE the operator's target,
//! inside the other operators the parent's subject, and at the top level the speaker.

use super::ast::{Agent, Content, Sentence};
use super::error::{ErrorCode, ParseError, Span};
use super::parser::HARD_MAX_DEPTH;

/// The tree with every omitted subject filled in. A top-level omitted subject becomes `speaker`; without a
/// speaker it (and whatever inherits it) stays omitted. Skip and Over never get a subject.
pub fn resolve_subjects(sentence: &Sentence, speaker: Option<Agent>) -> Sentence {
    let mut resolved = sentence.clone();
    fill(&mut resolved, speaker);
    resolved
}

fn fill(sentence: &mut Sentence, inherited: Option<Agent>) {
    if matches!(sentence.content, Content::Skip | Content::Over) {
        return;
    }
    if sentence.subject.is_none() {
        sentence.subject = inherited;
    }
    let operand_subject = sentence.content.operand_subject(sentence.subject);
    for operand in sentence.content.operands_mut() {
        fill(operand, operand_subject);
    }
}

/// The tree as the canonical printer sees it: an operand subject equal to the one it inherits is left out
/// (so `parse(print(t)) == canonicalized(t)`), and Skip/Over lose any subject.
pub fn canonicalized(sentence: &Sentence) -> Sentence {
    let mut canonical = sentence.clone();
    strip(&mut canonical, None, false);
    canonical
}

/// Leaves out, in place, the subjects of an operand (and below) that equal what they inherit.
pub(super) fn strip_redundant_subjects(operand: &mut Sentence, inherited: Option<Agent>) {
    strip(operand, inherited, true);
}

fn strip(sentence: &mut Sentence, inherited: Option<Agent>, nested: bool) {
    if matches!(sentence.content, Content::Skip | Content::Over) || (nested && sentence.subject == inherited) {
        sentence.subject = None;
    }
    let operand_subject = sentence.content.operand_subject(sentence.subject.or(inherited));
    for operand in sentence.content.operands_mut() {
        strip(operand, operand_subject, true);
    }
}

/// Checks a tree that did not come from the parser (an API caller built it): nesting depth, operand counts,
/// and no subject on Skip or Over. Spans are zero: there is no text to point into.
pub fn validate_tree(sentence: &Sentence, max_depth: usize) -> Result<(), ParseError> {
    check(sentence, 0, max_depth.min(HARD_MAX_DEPTH), "$")
}

fn check(sentence: &Sentence, depth: usize, max_depth: usize, path: &str) -> Result<(), ParseError> {
    let at = Span::at(0);
    if depth > max_depth {
        return Err(ParseError::new(
            ErrorCode::TooDeep,
            at,
            format!("{path}: operators nested deeper than {max_depth}"),
        ));
    }
    let keyword = sentence.content.keyword();
    if sentence.subject.is_some() && matches!(sentence.content, Content::Skip | Content::Over) {
        return Err(ParseError::new(ErrorCode::SubjectNotAllowed, at, format!("{path}: {keyword} takes no subject")));
    }
    if let Content::And { sentences } | Content::Or { sentences } = &sentence.content
        && sentences.is_empty()
    {
        return Err(ParseError::new(
            ErrorCode::WrongArity,
            at,
            format!("{path}: {keyword} needs at least one sentence"),
        ));
    }
    for (i, operand) in sentence.content.operands().into_iter().enumerate() {
        check(operand, depth + 1, max_depth, &format!("{path}.{keyword}[{i}]"))?;
    }
    Ok(())
}
