//! The canonical printer: byte for byte what the Java reference's `Content.getText()` prints.
//!
//! Single spaces, `Agent[%02d]`, no leading zeros in numbers, and an operand's subject is left out when it
//! equals the subject the operand inherits (the operator's target inside REQUEST/INQUIRE, otherwise the
//! operator's effective subject), which is how the reference strips redundant subjects.

use super::ast::{Agent, Content, Sentence, TalkRef};

/// Appends the canonical text of `sentence` to `out`.
pub fn write_canonical(out: &mut String, sentence: &Sentence) {
    write_sentence(out, sentence, None, false);
}

/// `inherited` is what an omitted subject would stand for here; `nested` is false only at the top level,
/// where the Java printer keeps any written subject.
fn write_sentence(out: &mut String, sentence: &Sentence, inherited: Option<Agent>, nested: bool) {
    let effective = sentence.subject.or(inherited);
    let control = matches!(sentence.content, Content::Skip | Content::Over);
    if let Some(subject) = sentence.subject.filter(|s| !control && (!nested || Some(*s) != inherited)) {
        write_agent(out, subject);
        out.push(' ');
    }
    let content = &sentence.content;
    out.push_str(content.keyword().keyword());
    let operand_subject = content.operand_subject(effective);
    match content {
        Content::Skip | Content::Over => {}
        Content::Estimate { target, role } | Content::Comingout { target, role } => {
            out.push(' ');
            write_agent(out, *target);
            out.push(' ');
            out.push_str(role.keyword());
        }
        Content::Divined { target, species } | Content::Identified { target, species } => {
            out.push(' ');
            write_agent(out, *target);
            out.push(' ');
            out.push_str(species.keyword());
        }
        Content::Divination { target }
        | Content::Guard { target }
        | Content::Vote { target }
        | Content::Attack { target }
        | Content::Guarded { target }
        | Content::Voted { target }
        | Content::Attacked { target } => {
            out.push(' ');
            write_agent(out, *target);
        }
        Content::Agree { talk } | Content::Disagree { talk } => {
            out.push(' ');
            write_talk(out, talk);
        }
        Content::Request { target, sentence } | Content::Inquire { target, sentence } => {
            out.push(' ');
            write_agent(out, *target);
            write_operand(out, sentence, operand_subject);
        }
        Content::Day { day, sentence } => {
            out.push(' ');
            write_number(out, *day);
            write_operand(out, sentence, operand_subject);
        }
        Content::Not { sentence } => write_operand(out, sentence, operand_subject),
        Content::Because { reason: left, conclusion: right } | Content::Xor { left, right } => {
            write_operand(out, left, operand_subject);
            write_operand(out, right, operand_subject);
        }
        Content::And { sentences } | Content::Or { sentences } => {
            for sentence in sentences {
                write_operand(out, sentence, operand_subject);
            }
        }
    }
}

fn write_operand(out: &mut String, sentence: &Sentence, inherited: Option<Agent>) {
    out.push_str(" (");
    write_sentence(out, sentence, inherited, true);
    out.push(')');
}

fn write_agent(out: &mut String, agent: Agent) {
    match agent {
        Agent::Any => out.push_str("ANY"),
        Agent::Id(n) if n < 10 => {
            out.push_str("Agent[0");
            out.push(char::from(b'0' + n as u8));
            out.push(']');
        }
        Agent::Id(n) => {
            out.push_str("Agent[");
            write_number(out, n);
            out.push(']');
        }
    }
}

fn write_talk(out: &mut String, talk: &TalkRef) {
    out.push_str(talk.kind.keyword());
    out.push_str(" day");
    write_number(out, talk.day);
    out.push_str(" ID:");
    write_number(out, talk.id);
}

fn write_number(out: &mut String, mut n: u32) {
    let mut digits = [0u8; 10];
    let mut start = digits.len();
    loop {
        start -= 1;
        digits[start] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &digit in &digits[start..] {
        out.push(char::from(digit));
    }
}
