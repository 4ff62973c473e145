//! From the skeleton text to tokens: agent references (with the mark a particle or preposition puts on
//! them), the lexicon's words, stated day numbers and talk numbers. Everything else is filler the reader
//! never looks at.

use super::agents::{RefKind, Skeleton};
use super::flags::Flags;
use super::lexicon::{Lex, Lexicon};
use super::words::{TOKEN_INDEX, TOKEN_ME, TOKEN_OTHER, TOKEN_UNKNOWN, TOKEN_YOU, holds_digit};
use crate::protocol::{TalkKind, TalkRef};

/// A token of the skeleton text (byte offsets into it).
#[derive(Debug, Clone, Copy)]
pub struct Token<'l> {
    pub kind: Tok<'l>,
    pub start: usize,
    pub end: usize,
}

#[derive(Debug, Clone, Copy)]
pub enum Tok<'l> {
    /// An agent reference: the index into the skeleton's references, its kind, the mark a particle after
    /// it gives (ja) and the mark a preposition before it gives (en), and whether a possessive follows.
    Agent {
        index: usize,
        kind: RefKind,
        after: Option<&'l str>,
        before: Option<&'l str>,
        after_end: usize,
    },
    Word(Lex),
    /// A stated day number («2日目», "day 3").
    Day(u32),
    /// A talk number («day2 ID:5»).
    Talk(TalkRef),
}

impl Token<'_> {
    pub fn lex(&self) -> Option<Lex> {
        match self.kind {
            Tok::Word(lex) => Some(lex),
            _ => None,
        }
    }

    pub fn is_agent(&self) -> bool {
        matches!(self.kind, Tok::Agent { .. })
    }

    /// A word that evokes a frame.
    pub fn is_cue(&self) -> bool {
        matches!(self.kind, Tok::Word(Lex::Cue(_)))
    }

    /// A role, species or result mark word.
    pub fn is_value(&self) -> bool {
        matches!(self.lex(), Some(Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf))
    }

    /// An English first-person reference with its verb glued on after it ("I'm", "I'll", "I've", "I'd"): the
    /// subject of a clause, never one more name of a list.
    pub fn subject_contracted(&self, text: &str) -> bool {
        const GLUED: [&str; 4] = ["'m", "'ll", "'ve", "'d"];
        matches!(self.kind, Tok::Agent { kind: RefKind::Me, .. })
            && text.get(self.end..).is_some_and(|rest| GLUED.iter().any(|c| rest.starts_with(c)))
    }
}

/// The tokens of the skeleton, in order, not overlapping.
pub fn tokens<'l>(skeleton: &Skeleton, lexicon: &'l Lexicon) -> Vec<Token<'l>> {
    let text = skeleton.text.as_str();
    let mut out: Vec<Token> = Vec::new();
    let mut taken: Vec<(usize, usize)> = Vec::new();
    let digits = skeleton.folded_holds_digit && holds_digit(text);
    for talk in lexicon.talk.iter().filter_map(|talk| talk.for_text(digits)) {
        for caps in talk.captures_iter(text) {
            let (Some(whole), Some(day), Some(id)) = (caps.get(0), caps.name("day"), caps.name("id")) else { continue };
            if taken.iter().any(|&(s, e)| whole.start() < e && s < whole.end()) {
                continue;
            }
            let (Ok(day), Ok(id)) = (day.as_str().parse(), id.as_str().parse()) else { continue };
            let kind = if caps.name("whisper").is_some() { TalkKind::Whisper } else { TalkKind::Talk };
            out.push(Token { kind: Tok::Talk(TalkRef { kind, day, id }), start: whole.start(), end: whole.end() });
            taken.push((whole.start(), whole.end()));
        }
    }
    if let Some(day) = lexicon.day.as_ref().and_then(|day| day.for_text(digits)) {
        for caps in day.captures_iter(text) {
            let Some(whole) = caps.get(0) else { continue };
            if taken.iter().any(|&(s, e)| whole.start() < e && s < whole.end()) {
                continue;
            }
            let Some(n) = caps.iter().skip(1).flatten().next().and_then(|m| m.as_str().parse().ok()) else { continue };
            out.push(Token { kind: Tok::Day(n), start: whole.start(), end: whole.end() });
            taken.push((whole.start(), whole.end()));
        }
    }
    for found in lexicon.scan(text) {
        if taken.iter().any(|&(s, e)| found.start < e && s < found.end) {
            continue;
        }
        out.push(Token { kind: Tok::Word(found.lex), start: found.start, end: found.end });
    }
    // A word that takes a pronoun in («{me} think», "could {you}") consumes its token.
    let words: Vec<(usize, usize)> = out.iter().filter(|t| t.lex().is_some()).map(|t| (t.start, t.end)).collect();
    // "Vote Kenji as he is a wolf": an English connective's "as" is neither the mark after the name before it
    // nor the preposition before the player after it (a Japanese particle may be both: «ユミから白»).
    let connectives: Vec<(usize, usize)> = out
        .iter()
        .filter(|t| lexicon.word_boundaries && matches!(t.lex(), Some(Lex::Conn(_))))
        .map(|t| (t.start, t.end))
        .collect();
    let only_spaces = |gap: &str| gap.chars().all(char::is_whitespace);
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if !matches!(c, TOKEN_OTHER | TOKEN_ME | TOKEN_YOU | TOKEN_UNKNOWN) {
            continue;
        }
        if words.iter().any(|&(s, e)| s <= at && at < e) {
            continue;
        }
        let Some(&(index_at, index_char)) = chars.peek() else { break };
        let Some(index) = (index_char as u32).checked_sub(TOKEN_INDEX) else { continue };
        let Some(reference) = skeleton.refs.get(index as usize) else { continue };
        let end = index_at + index_char.len_utf8();
        let (after, after_end) = match lexicon.mark_after(text, end) {
            Some(_) if connectives.iter().any(|&(s, _)| s >= end && only_spaces(&text[end..s])) => (None, end),
            // "she's a wolf": "is", not "her".
            Some(("'s", _)) if reference.subject_pronoun => (None, end),
            Some((mark, len)) => (Some(mark), end + len),
            None => (None, end),
        };
        let before = lexicon
            .mark_before(text, at)
            .filter(|_| !connectives.iter().any(|&(_, e)| e <= at && only_spaces(&text[e..at])));
        let kind = Tok::Agent { index: index as usize, kind: reference.kind, after, before, after_end };
        out.push(Token { kind, start: at, end });
    }
    out.sort_by_key(|t| t.start);
    // "say if you're the seer", "tell us whether…": an «if» right after a word asking for information opens an
    // embedded question, not a condition.
    for i in 1..out.len() {
        if let (Some(Lex::Markers(asking)), Some(Lex::Markers(marker))) = (out[i - 1].lex(), out[i].lex())
            && asking.any(Flags::INFO)
            && marker.any(Flags::CONDITIONAL)
            && text[out[i - 1].end..out[i].start].trim().is_empty()
        {
            out[i].kind = Tok::Word(Lex::Markers(marker.without(Flags::CONDITIONAL)));
        }
    }
    out
}
