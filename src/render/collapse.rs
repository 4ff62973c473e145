//! A one-operand AND or OR means its operand, so it is said as its operand: 「ケンジさんに投票します」, not
//! 「ケンジさんに投票するか、どれかです」 (real agents send `OR (VOTE Agent[03])` when their list has one name).

use std::borrow::Cow;

use crate::protocol::{Content, Sentence};

/// `sentence` with every one-operand AND and OR replaced by its operand; borrowed when there is none.
pub(crate) fn collapsed(sentence: &Sentence) -> Cow<'_, Sentence> {
    if has_sole_operand(sentence) { Cow::Owned(collapse(sentence.clone())) } else { Cow::Borrowed(sentence) }
}

fn has_sole_operand(sentence: &Sentence) -> bool {
    match &sentence.content {
        Content::And { sentences } | Content::Or { sentences } => {
            sentences.len() == 1 || sentences.iter().any(has_sole_operand)
        }
        Content::Request { sentence, .. }
        | Content::Inquire { sentence, .. }
        | Content::Day { sentence, .. }
        | Content::Not { sentence } => has_sole_operand(sentence),
        Content::Because { reason: left, conclusion: right } | Content::Xor { left, right } => {
            has_sole_operand(left) || has_sole_operand(right)
        }
        _ => false,
    }
}

fn collapse(mut sentence: Sentence) -> Sentence {
    for operand in sentence.content.operands_mut() {
        *operand = collapse(std::mem::replace(operand, Sentence::new(Content::Skip)));
    }
    let subject = sentence.subject;
    match sentence.content {
        Content::And { mut sentences } | Content::Or { mut sentences } if sentences.len() == 1 => {
            // The operand inherits the operator's subject unless it names its own.
            let mut operand = sentences.swap_remove(0);
            operand.subject = operand.subject.or(subject);
            operand
        }
        content => Sentence { subject, content },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{ParseOptions, parse};

    fn collapsed_text(text: &str) -> String {
        let sentence = parse(text, &ParseOptions::default()).expect("valid").sentence;
        collapsed(&sentence).to_canonical()
    }

    #[test]
    fn one_operand_and_or_become_their_operand_at_any_depth() {
        assert_eq!(collapsed_text("OR (VOTE Agent[03])"), "VOTE Agent[03]");
        assert_eq!(collapsed_text("Agent[02] AND (VOTE Agent[03])"), "Agent[02] VOTE Agent[03]");
        assert_eq!(collapsed_text("Agent[02] OR (Agent[04] VOTE Agent[03])"), "Agent[04] VOTE Agent[03]");
        assert_eq!(
            collapsed_text("BECAUSE (OR (AND (DIVINED Agent[01] WEREWOLF))) (REQUEST ANY (OR (VOTE Agent[01])))"),
            "BECAUSE (DIVINED Agent[01] WEREWOLF) (REQUEST ANY (VOTE Agent[01]))"
        );
    }

    #[test]
    fn lists_of_two_or_more_are_kept() {
        let text = "OR (VOTE Agent[03]) (VOTE Agent[04])";
        let sentence = parse(text, &ParseOptions::default()).expect("valid").sentence;
        assert!(matches!(collapsed(&sentence), Cow::Borrowed(_)));
    }
}
