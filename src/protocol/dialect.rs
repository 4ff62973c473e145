//! Dialects handled outside the 3.6 grammar.
//!
//! - Character-level folding done before parsing: full-width ASCII forms (`ＶＯＴＥ`, `Ａｇｅｎｔ［０１］`) and
//!   ideographic spaces (U+3000), as Japanese input methods produce them. The parser works on ASCII bytes; this
//!   module maps such text onto ASCII and keeps the byte offsets of the original so that spans in errors and
//!   warnings still point into what the caller sent.
//! - The 2014 pre-protocol (platform 0.1.x, after the HAI 2013 proposal): `4 werewolf`,
//!   `( 5 werewolf ) and ( 6 comingout medium ) and ( 10 medium_telled HUMAN ) `, read into the 3.6 tree
//!   (see [`parse_pre_protocol_2014`] and docs/protocol.md).

use super::ast::{Agent, Content, MAX_NUMBER, Role, Sentence, Species};
use super::error::{ErrorCode, ParseError, Span};

/// Text with full-width forms folded to ASCII, and where each folded byte came from.
pub struct Folded {
    pub text: String,
    /// `origin[i]` is the byte offset in the original input of folded byte `i`; one extra entry for the end.
    origin: Vec<usize>,
    /// Byte range in the original of the first folded character.
    pub first_fold: (usize, usize),
}

impl Folded {
    /// Maps a byte offset of the folded text back to the original input.
    pub fn original_offset(&self, folded_offset: usize) -> usize {
        self.origin[folded_offset.min(self.origin.len() - 1)]
    }
}

/// The ASCII character a full-width form or ideographic space stands for.
pub fn fold_char(c: char) -> Option<char> {
    match c {
        '\u{3000}' => Some(' '),
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0),
        _ => None,
    }
}

/// Folds full-width forms to ASCII; `None` when the text has none (the common case, at no cost for ASCII).
pub fn fold_full_width(input: &str) -> Option<Folded> {
    if input.is_ascii() || !input.chars().any(|c| fold_char(c).is_some()) {
        return None;
    }
    let mut text = String::with_capacity(input.len());
    let mut origin = Vec::with_capacity(input.len() + 1);
    let mut first_fold = None;
    for (offset, c) in input.char_indices() {
        match fold_char(c) {
            Some(ascii) => {
                first_fold.get_or_insert((offset, offset + c.len_utf8()));
                text.push(ascii);
                origin.push(offset);
            }
            None => {
                text.push(c);
                origin.extend((0..c.len_utf8()).map(|i| offset + i));
            }
        }
    }
    origin.push(input.len());
    Some(Folded { text, origin, first_fold: first_fold.unwrap_or((0, 0)) })
}

/// Whether the trimmed text in `src[s..e]` starts the way 2014 pre-protocol talk does: a digit, or `(` and then
/// (after spaces) a digit. No 3.6 sentence starts either way.
pub(super) fn looks_pre_protocol_2014(src: &[u8], s: usize, e: usize) -> bool {
    let mut i = s;
    if i < e && src[i] == b'(' {
        i += 1;
        while i < e && src[i].is_ascii_whitespace() {
            i += 1;
        }
    }
    i < e && src[i].is_ascii_digit()
}

/// One token of 2014 talk: a parenthesis or a word, with its span.
#[derive(Clone, Copy)]
enum Token {
    Open(usize),
    Close(usize),
    Word(usize, usize),
}

impl Token {
    fn span(self) -> Span {
        match self {
            Token::Open(at) | Token::Close(at) => Span::new(at, at + 1),
            Token::Word(start, end) => Span::new(start, end),
        }
    }
}

/// The 2014 clause verbs, after the agent number.
const VERBS_2014: &[&str] = &["comingout", "inspected", "medium_telled"];

/// Reads 2014 pre-protocol talk in `src[s..e]` (already trimmed) as a 3.6 sentence.
///
/// Grammar (the HAI 2013 proposal as the 0.1.x SamplePlayer spoke it; every clause is the speaker's own):
/// `expr := clause | group ("and" group)*`, `group := "(" expr ")"`, and a clause is
/// `N role` → ESTIMATE, `N comingout role` → COMINGOUT, `N inspected species` → DIVINED,
/// `N medium_telled species` → IDENTIFIED, with agent number `N` → `Agent[NN]`. Roles and species are
/// matched without regard to case (`werewolf`, `HUMAN`). Groups nest at most `max_depth` deep.
pub(super) fn parse_pre_protocol_2014(
    src: &[u8],
    s: usize,
    e: usize,
    max_depth: usize,
) -> Result<Sentence, ParseError> {
    let tokens = tokenize_2014(src, s, e);
    let mut reader = Reader2014 { src, tokens, pos: 0, end: e, max_depth };
    let sentence = reader.expr(0)?;
    if let Some(token) = reader.peek() {
        return Err(reader.unexpected(token, "after a complete 2014 sentence", &["and", "end of text"]));
    }
    Ok(sentence)
}

fn tokenize_2014(src: &[u8], s: usize, e: usize) -> Vec<Token> {
    let mut tokens = Vec::new();
    let mut i = s;
    while i < e {
        match src[i] {
            b'(' => tokens.push(Token::Open(i)),
            b')' => tokens.push(Token::Close(i)),
            b if b.is_ascii_whitespace() => {}
            _ => {
                let start = i;
                while i < e && !matches!(src[i], b'(' | b')') && !src[i].is_ascii_whitespace() {
                    i += 1;
                }
                tokens.push(Token::Word(start, i));
                continue;
            }
        }
        i += 1;
    }
    tokens
}

struct Reader2014<'a> {
    src: &'a [u8],
    tokens: Vec<Token>,
    pos: usize,
    end: usize,
    max_depth: usize,
}

impl Reader2014<'_> {
    fn peek(&self) -> Option<Token> {
        self.tokens.get(self.pos).copied()
    }

    fn word(&self, start: usize, end: usize) -> &str {
        std::str::from_utf8(&self.src[start..end]).unwrap_or("…")
    }

    fn shown(&self, token: Token) -> String {
        match token {
            Token::Open(_) => "(".to_owned(),
            Token::Close(_) => ")".to_owned(),
            Token::Word(start, end) => self.word(start, end).to_owned(),
        }
    }

    fn unexpected(&self, token: Token, context: &str, expected: &[&str]) -> ParseError {
        ParseError::new(
            ErrorCode::UnexpectedToken,
            token.span(),
            format!("unexpected `{}` {context}", self.shown(token)),
        )
        .expecting(expected)
    }

    fn missing(&self, what: &str) -> ParseError {
        ParseError::new(ErrorCode::MissingArgument, Span::at(self.end), format!("the 2014 sentence ends before {what}"))
            .expecting(&[what])
    }

    /// A clause, or groups joined by `and`.
    fn expr(&mut self, depth: usize) -> Result<Sentence, ParseError> {
        match self.peek() {
            Some(Token::Open(_)) => {}
            Some(Token::Word(..)) => return self.clause(),
            Some(token) => return Err(self.unexpected(token, "where a 2014 clause starts", &["N", "("])),
            None => return Err(self.missing("a clause `N role`")),
        }
        let mut operands = vec![self.group(depth)?];
        while let Some(Token::Word(start, end)) = self.peek() {
            if self.word(start, end) != "and" {
                break;
            }
            self.pos += 1;
            match self.peek() {
                Some(Token::Open(_)) => operands.push(self.group(depth)?),
                Some(token) => return Err(self.unexpected(token, "after `and`", &["("])),
                None => return Err(self.missing("a group `( … )` after `and`")),
            }
        }
        Ok(if operands.len() == 1 { operands.remove(0) } else { Sentence::new(Content::And { sentences: operands }) })
    }

    /// `( expr )`.
    fn group(&mut self, depth: usize) -> Result<Sentence, ParseError> {
        let Some(Token::Open(open)) = self.peek() else {
            return Err(self.missing("`(`"));
        };
        if depth + 1 > self.max_depth {
            return Err(ParseError::new(
                ErrorCode::TooDeep,
                Span::new(open, open + 1),
                format!("groups nested deeper than {}", self.max_depth),
            ));
        }
        self.pos += 1;
        let inner = self.expr(depth + 1)?;
        match self.peek() {
            Some(Token::Close(_)) => {
                self.pos += 1;
                Ok(inner)
            }
            Some(token) => Err(self.unexpected(token, "inside a 2014 group", &[")", "and"])),
            None => {
                Err(ParseError::new(ErrorCode::UnbalancedParenthesis, Span::new(open, open + 1), "`(` is never closed")
                    .expecting(&[")"]))
            }
        }
    }

    fn next_word(&mut self, what: &str) -> Result<(usize, usize), ParseError> {
        match self.peek() {
            Some(Token::Word(start, end)) => {
                self.pos += 1;
                Ok((start, end))
            }
            Some(token) => Err(self.unexpected(token, &format!("where {what} belongs"), &[what])),
            None => Err(self.missing(what)),
        }
    }

    /// `N role`, `N comingout role`, `N inspected species`, `N medium_telled species`.
    fn clause(&mut self) -> Result<Sentence, ParseError> {
        let (start, end) = self.next_word("an agent number")?;
        let target = self.agent_number(start, end)?;
        let (start, end) = self.next_word("a role or a 2014 verb")?;
        let word = self.word(start, end);
        let content = match word {
            "comingout" => Content::Comingout { target, role: self.role()? },
            "inspected" => Content::Divined { target, species: self.species()? },
            "medium_telled" => Content::Identified { target, species: self.species()? },
            _ => match role_2014(word) {
                Some(role) => Content::Estimate { target, role },
                None => {
                    let mut expected: Vec<&str> = Role::ALL.iter().map(|r| r.keyword()).collect();
                    expected.extend(VERBS_2014);
                    return Err(ParseError::new(
                        ErrorCode::PreProtocol2014,
                        Span::new(start, end),
                        format!("`{word}` is neither a role nor a 2014 verb (comingout, inspected, medium_telled)"),
                    )
                    .expecting(&expected));
                }
            },
        };
        Ok(Sentence::new(content))
    }

    fn agent_number(&self, start: usize, end: usize) -> Result<Agent, ParseError> {
        let word = self.word(start, end);
        let number = (word.bytes().all(|b| b.is_ascii_digit()))
            .then(|| word.parse::<u64>().ok())
            .flatten()
            .filter(|n| (1..=u64::from(MAX_NUMBER)).contains(n));
        match number {
            Some(n) => Ok(Agent::Id(n as u32)),
            None => Err(ParseError::new(
                ErrorCode::BadAgent,
                Span::new(start, end),
                format!("`{word}` is not a 2014 agent number (1 to {MAX_NUMBER})"),
            )
            .expecting(&["N"])),
        }
    }

    fn role(&mut self) -> Result<Role, ParseError> {
        let (start, end) = self.next_word("a role")?;
        let word = self.word(start, end);
        role_2014(word).ok_or_else(|| {
            ParseError::new(ErrorCode::BadRole, Span::new(start, end), format!("`{word}` is not a role"))
                .expecting(&Role::ALL.iter().filter(|r| **r != Role::Any).map(|r| r.keyword()).collect::<Vec<_>>())
        })
    }

    fn species(&mut self) -> Result<Species, ParseError> {
        let (start, end) = self.next_word("a species")?;
        let word = self.word(start, end);
        Species::ALL
            .iter()
            .copied()
            .filter(|s| *s != Species::Any)
            .find(|s| s.keyword().eq_ignore_ascii_case(word))
            .ok_or_else(|| {
                ParseError::new(ErrorCode::BadSpecies, Span::new(start, end), format!("`{word}` is not a species"))
                    .expecting(&["HUMAN", "WEREWOLF"])
            })
    }
}

/// A role as 2014 wrote it (`werewolf`, `seer`), in any case; ANY did not exist then.
fn role_2014(word: &str) -> Option<Role> {
    Role::ALL.iter().copied().filter(|r| *r != Role::Any).find(|r| r.keyword().eq_ignore_ascii_case(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_2014(text: &str) -> Result<String, ParseError> {
        let trimmed = text.trim_end();
        parse_pre_protocol_2014(trimmed.as_bytes(), 0, trimmed.len(), 32).map(|s| s.to_canonical())
    }

    #[test]
    fn reads_2014_clauses_and_conjunctions() {
        assert_eq!(parse_2014("4 werewolf").unwrap(), "ESTIMATE Agent[04] WEREWOLF");
        assert_eq!(
            parse_2014("( 5 werewolf ) and ( 6 comingout medium ) and ( 10 medium_telled HUMAN ) ").unwrap(),
            "AND (ESTIMATE Agent[05] WEREWOLF) (COMINGOUT Agent[06] MEDIUM) (IDENTIFIED Agent[10] HUMAN)"
        );
        assert_eq!(parse_2014("( 4 inspected werewolf )").unwrap(), "DIVINED Agent[04] WEREWOLF");
        assert_eq!(
            parse_2014("((1 seer) and (2 villager)) and (3 inspected Human)").unwrap(),
            "AND (AND (ESTIMATE Agent[01] SEER) (ESTIMATE Agent[02] VILLAGER)) (DIVINED Agent[03] HUMAN)"
        );
    }

    #[test]
    fn bad_2014_text_says_what_and_where() {
        let error = parse_2014("4 suspects werewolf").unwrap_err();
        assert_eq!((error.code, error.span), (ErrorCode::PreProtocol2014, Span::new(2, 10)));
        assert_eq!(parse_2014("0 werewolf").unwrap_err().code, ErrorCode::BadAgent);
        assert_eq!(parse_2014("( 4 werewolf ").unwrap_err().code, ErrorCode::UnbalancedParenthesis);
        assert_eq!(parse_2014("( 4 werewolf ) or ( 5 seer )").unwrap_err().code, ErrorCode::UnexpectedToken);
        assert_eq!(parse_2014("( 4 werewolf ) and").unwrap_err().code, ErrorCode::MissingArgument);
        assert_eq!(parse_2014("4 inspected seer").unwrap_err().code, ErrorCode::BadSpecies);
        assert_eq!(parse_2014("4 comingout human").unwrap_err().code, ErrorCode::BadRole);
        let deep = format!("{}1 seer{}", "(".repeat(40), ")".repeat(40));
        assert_eq!(parse_2014(&deep).unwrap_err().code, ErrorCode::TooDeep);
    }

    #[test]
    fn ascii_is_left_alone() {
        assert!(fold_full_width("VOTE Agent[01]").is_none());
        assert!(fold_full_width("VOTE ミナト").is_none());
    }

    #[test]
    fn folds_full_width_and_keeps_offsets() {
        let folded = fold_full_width("VOTE\u{3000}Agent[０１]").unwrap();
        assert_eq!(folded.text, "VOTE Agent[01]");
        assert_eq!(folded.first_fold, (4, 7));
        // 'A' of Agent is byte 5 folded, byte 7 in the original.
        assert_eq!(folded.original_offset(5), 7);
        assert_eq!(folded.original_offset(folded.text.len()), "VOTE\u{3000}Agent[０１]".len());
    }
}
