//! The fast path: a single left-to-right pass that accepts text already in canonical form and nothing else.
//!
//! Almost everything agents send is canonical, and the reference-compatible parser pays for its leniency
//! (each operand level rescans its text the way the Java reference does). This pass builds the same tree
//! without rescanning; on the first byte that is not canonical it gives up and the full parser decides,
//! with its warnings and errors. For canonical input both produce the same tree (a property test and the
//! fuzz target check it).

use super::ast::{Agent, Content, Keyword, MAX_NUMBER, Role, Sentence, Species, TalkKind, TalkRef};

/// The tree of `text` if it is canonical 3.6 with operators nested at most `max_depth` deep.
pub(super) fn parse_canonical(text: &str, max_depth: usize) -> Option<Sentence> {
    let mut cursor = Cursor { text, bytes: text.as_bytes(), pos: 0, max_depth };
    let sentence = cursor.sentence(None, false, 0)?;
    (cursor.pos == cursor.bytes.len()).then_some(sentence)
}

struct Cursor<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    max_depth: usize,
}

/// `bytes.starts_with(literal)` for the short literals here, compared inline instead of through `memcmp`.
#[inline(always)]
fn has_prefix(bytes: &[u8], literal: &[u8]) -> bool {
    bytes.len() >= literal.len() && bytes.iter().zip(literal).all(|(a, b)| a == b)
}

impl Cursor<'_> {
    #[inline(always)]
    fn eat(&mut self, literal: &[u8]) -> Option<()> {
        if has_prefix(&self.bytes[self.pos..], literal) {
            self.pos += literal.len();
            Some(())
        } else {
            None
        }
    }

    #[inline(always)]
    fn peek(&self, literal: &[u8]) -> bool {
        has_prefix(&self.bytes[self.pos..], literal)
    }

    /// An upper-case word (a keyword, role, species or talk type).
    fn word(&mut self) -> &str {
        let start = self.pos;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_uppercase() {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    /// A number without leading zeros, at most [`MAX_NUMBER`].
    fn number(&mut self) -> Option<u32> {
        let start = self.pos;
        let mut value: u64 = 0;
        while self.pos < self.bytes.len() && self.bytes[self.pos].is_ascii_digit() {
            value = value * 10 + u64::from(self.bytes[self.pos] - b'0');
            if value > u64::from(MAX_NUMBER) {
                return None;
            }
            self.pos += 1;
        }
        let len = self.pos - start;
        (len == 1 || (len > 1 && self.bytes[start] != b'0')).then_some(value as u32)
    }

    /// `Agent[%02d]` (never `Agent[00]`) or `ANY`.
    fn agent(&mut self) -> Option<Agent> {
        if self.eat(b"ANY").is_some() {
            return Some(Agent::Any);
        }
        self.eat(b"Agent[")?;
        let start = self.pos;
        let number = if self.bytes.get(start) == Some(&b'0') {
            // Only `0n` for one-digit agents.
            self.pos += 1;
            let digit = *self.bytes.get(self.pos).filter(|b| matches!(b, b'1'..=b'9'))?;
            self.pos += 1;
            u32::from(digit - b'0')
        } else {
            let n = self.number()?;
            if n < 10 {
                return None;
            }
            n
        };
        self.eat(b"]")?;
        Some(Agent::Id(number))
    }

    fn sentence(&mut self, inherited: Option<Agent>, nested: bool, depth: usize) -> Option<Sentence> {
        if self.eat(b"Skip").is_some() {
            return Some(Sentence::new(Content::Skip));
        }
        if self.eat(b"Over").is_some() {
            return Some(Sentence::new(Content::Over));
        }
        let subject = if self.peek(b"Agent[") || self.peek(b"ANY ") {
            let subject = self.agent()?;
            self.eat(b" ")?;
            Some(subject)
        } else {
            None
        };
        if nested && subject.is_some() && subject == inherited {
            return None;
        }
        let keyword = Keyword::from_upper(self.word())?;
        let effective = subject.or(inherited);
        let content = match keyword {
            Keyword::Skip | Keyword::Over => return None,
            Keyword::Estimate | Keyword::Comingout => {
                self.eat(b" ")?;
                let target = self.agent()?;
                self.eat(b" ")?;
                let role = Role::from_keyword(self.word())?;
                if keyword == Keyword::Estimate {
                    Content::Estimate { target, role }
                } else {
                    Content::Comingout { target, role }
                }
            }
            Keyword::Divined | Keyword::Identified => {
                self.eat(b" ")?;
                let target = self.agent()?;
                self.eat(b" ")?;
                let species = Species::from_keyword(self.word())?;
                if keyword == Keyword::Divined {
                    Content::Divined { target, species }
                } else {
                    Content::Identified { target, species }
                }
            }
            Keyword::Agree | Keyword::Disagree => {
                self.eat(b" ")?;
                let kind = TalkKind::from_keyword(self.word())?;
                self.eat(b" day")?;
                let day = self.number()?;
                self.eat(b" ID:")?;
                let id = self.number()?;
                let talk = TalkRef { kind, day, id };
                if keyword == Keyword::Agree { Content::Agree { talk } } else { Content::Disagree { talk } }
            }
            Keyword::Request | Keyword::Inquire => {
                self.eat(b" ")?;
                let target = self.agent()?;
                let sentence = self.operand(Some(target), depth)?;
                if keyword == Keyword::Request {
                    Content::Request { target, sentence }
                } else {
                    Content::Inquire { target, sentence }
                }
            }
            Keyword::Day => {
                self.eat(b" ")?;
                let day = self.number()?;
                Content::Day { day, sentence: self.operand(effective, depth)? }
            }
            Keyword::Not => Content::Not { sentence: self.operand(effective, depth)? },
            Keyword::Because => {
                let reason = self.operand(effective, depth)?;
                Content::Because { reason, conclusion: self.operand(effective, depth)? }
            }
            Keyword::Xor => {
                let left = self.operand(effective, depth)?;
                Content::Xor { left, right: self.operand(effective, depth)? }
            }
            Keyword::And | Keyword::Or => {
                let mut sentences = Vec::with_capacity(3);
                sentences.push(*self.operand(effective, depth)?);
                while self.peek(b" (") {
                    sentences.push(*self.operand(effective, depth)?);
                }
                if keyword == Keyword::And { Content::And { sentences } } else { Content::Or { sentences } }
            }
            _ => {
                self.eat(b" ")?;
                let target = self.agent()?;
                // Spelled out rather than `Content::with_target`: on this hot path the call measured ~13 %
                // slower (`cargo bench --bench normalize`).
                match keyword {
                    Keyword::Divination => Content::Divination { target },
                    Keyword::Guard => Content::Guard { target },
                    Keyword::Vote => Content::Vote { target },
                    Keyword::Attack => Content::Attack { target },
                    Keyword::Guarded => Content::Guarded { target },
                    Keyword::Voted => Content::Voted { target },
                    _ => Content::Attacked { target },
                }
            }
        };
        Some(Sentence { subject, content })
    }

    /// ` (sentence)`.
    fn operand(&mut self, inherited: Option<Agent>, depth: usize) -> Option<Box<Sentence>> {
        if depth >= self.max_depth {
            return None;
        }
        self.eat(b" (")?;
        let sentence = self.sentence(inherited, true, depth + 1)?;
        self.eat(b")")?;
        Some(Box::new(sentence))
    }
}
