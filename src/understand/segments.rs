//! Sentences and pieces. Sentences end at the lexicon's sentence marks; a sentence is cut into pieces at
//! commas and connectives, and each piece remembers the connective that links it to its neighbours (a
//! reason before or after, "so", "but"). A piece that evokes nothing lends its words to the next piece of
//! its sentence (or, at the end, to the previous one): 「ケンジとリン、どっちも怪しい」 is read as one.

use super::agents::RefKind;
use super::flags::Flags;
use super::lexer::{Tok, Token};
use super::lexicon::{Conn, Lex, Lexicon};

/// A sentence: its pieces, and whether it is asked.
#[derive(Debug, Clone)]
pub struct Sentence {
    /// The text after the last word ends with a question mark.
    pub asked: bool,
    pub pieces: Vec<Piece>,
}

/// A piece of a sentence: token range and how it is linked.
#[derive(Debug, Clone)]
pub struct Piece {
    pub start: usize,
    pub end: usize,
    /// Indices into the utterance's tokens.
    pub tokens: std::ops::Range<usize>,
    /// The connective that opens this piece ("because", "so", "but"), if any.
    pub opened_by: Option<Conn>,
    /// The connective that closes it («から», «ので»), if any.
    pub closed_by: Option<Conn>,
    /// Tokens before this index were lent by pieces before it: their names count, their modality markers
    /// stay with them («No reason to hide it anymore: on day 3 I guarded Shion»).
    pub own_from: usize,
    /// Token ranges left out: attributive clauses inside the piece (", who defended her all day,").
    pub holes: Vec<std::ops::Range<usize>>,
}

/// Cuts the skeleton text into sentences and pieces.
pub fn split(text: &str, tokens: &[Token], lexicon: &Lexicon) -> Vec<Sentence> {
    let mut bounds: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    for mark in lexicon.sentence.find_iter(text) {
        if mark.end <= start {
            continue;
        }
        // A mark inside a word's span ("Mr.", "Agent5." as a name) does not end a sentence there.
        // A modality word that takes the mark in («です!») still ends its sentence there.
        if tokens.iter().any(|t| {
            t.start < mark.start
                && mark.start < t.end
                && !(t.end <= mark.end && matches!(t.lex(), Some(Lex::Markers(_))))
        }) {
            continue;
        }
        bounds.push((start, mark.end));
        start = mark.end;
    }
    if start < text.len() {
        bounds.push((start, text.len()));
    }
    bounds
        .into_iter()
        .filter(|&(s, e)| !text[s..e].trim().is_empty())
        .map(|(s, e)| sentence(text, s, e, tokens, lexicon))
        .collect()
}

fn is_mark(token: &Token) -> bool {
    matches!(token.lex(), Some(Lex::Mark(_)))
}

/// Whether token `i` is a name right after another name and its mark («ユミ○ケンジ», "minato ○ rin"), in the
/// sentence starting at token `first`.
fn next_marked_name(tokens: &[Token], first: usize, i: usize) -> bool {
    i >= first + 2 && tokens[i].is_agent() && is_mark(&tokens[i - 1]) && tokens[i - 2].is_agent()
}

/// "@minato who u voting": chat drops the question mark; a wh-word opening the sentence (after any names
/// called) right before "you" asks, when nothing at all closes the sentence ("Who you vote for is yours." does not).
fn chat_question(text: &str, tokens: &[Token], after_last_word: usize, end: usize) -> bool {
    if !text[after_last_word..end].trim().is_empty() {
        return false;
    }
    let mut rest = tokens.iter().skip_while(|t| matches!(t.kind, Tok::Agent { kind: RefKind::Other, .. }));
    let (Some(wh), Some(you)) = (rest.next(), rest.next()) else { return false };
    matches!(wh.kind, Tok::Word(Lex::Wh))
        && matches!(you.kind, Tok::Agent { kind: RefKind::You, .. })
        && text[wh.end..you.start].trim().is_empty()
}

fn sentence(text: &str, start: usize, end: usize, tokens: &[Token], lexicon: &Lexicon) -> Sentence {
    let first = tokens.partition_point(|t| t.start < start);
    let last = tokens.partition_point(|t| t.start < end);
    let after_last_word = tokens[first..last].last().map_or(start, |t| t.end);
    // "Yumi slapped a black on me?!": in English a question mark with an exclamation mark is surprise at what
    // happened, unless a wh-word asks («3人も占い師CO！？» still asserts nothing).
    let closing = &text[after_last_word..end];
    let surprised = lexicon.word_boundaries
        && closing.contains('!')
        && !tokens[first..last].iter().any(|t| matches!(t.lex(), Some(Lex::Wh)));
    let asked = closing.contains('?') && !surprised || chat_question(text, &tokens[first..last], after_last_word, end);

    // Cut points: (offset, token index where the next piece starts, connective opening it, connective closing
    // the previous one).
    let mut cuts: Vec<(usize, usize, Option<Conn>, Option<Conn>)> = Vec::new();
    for m in lexicon.piece.find_iter(&text[start..end]) {
        let at = start + m.end;
        if tokens[first..last].iter().any(|t| t.start < at && at <= t.end.saturating_sub(1)) {
            continue;
        }
        let next = tokens.partition_point(|t| t.start < at);
        // "Minato, Bob and Carl": a comma inside an English list of names (one that goes on with a comma,
        // "and" or "or") is no cut.
        if lexicon.word_boundaries
            && next > first
            && next < last
            && tokens[next - 1].is_agent()
            && tokens[next].is_agent()
            && text[tokens[next - 1].end..tokens[next].start].trim() == ","
            && {
                let rest = text[tokens[next].end..end].trim_start();
                rest.starts_with(',') || rest.starts_with("and ") || rest.starts_with("or ")
            }
        {
            continue;
        }
        // "My divination: Rin, human.": a name and the value closing the sentence after its comma are one
        // statement.
        if lexicon.word_boundaries
            && next > first
            && next + 1 == last
            && tokens[next - 1].is_agent()
            && matches!(tokens[next].lex(), Some(Lex::Species(_) | Lex::Mark(_) | Lex::Wolf))
            && text[tokens[next - 1].end..tokens[next].start].trim() == ","
        {
            continue;
        }
        cuts.push((at, next, None, None));
    }
    // «占いCO ケンジ● リン○»: in Japanese chat a space before a name parts clauses as a comma does (a space after a
    // name, «Agent[01] に投票», does not).
    if !lexicon.word_boundaries {
        for i in first + 1..last {
            let (before, name) = (&tokens[i - 1], &tokens[i]);
            let gap = &text[before.end.min(name.start)..name.start];
            let spaced = !gap.is_empty() && gap.chars().all(char::is_whitespace);
            // «霊能です 昨日のサクラ○»: so does a space after a copula.
            let after_copula = matches!(before.lex(), Some(Lex::Markers(m)) if m.any(Flags::COPULA));
            // «ユミ○ケンジ○タクミ●»: a name right after another name's mark opens its own result.
            let after_mark = next_marked_name(tokens, first, i);
            if spaced && (name.is_agent() && !before.is_agent() || after_copula) || after_mark {
                cuts.push((name.start, i, None, None));
            }
        }
    }
    // "medium co kenji ●", "minato ○ rin ●": in English chat a name with its mark right after a role claim or
    // after another name's mark opens the result's clause, as a comma would.
    if lexicon.word_boundaries {
        for i in first + 1..last.saturating_sub(1) {
            let claim_before = i >= first + 2
                && matches!(
                    (tokens[i - 2].lex(), tokens[i - 1].lex()),
                    (Some(Lex::Role(_)), Some(Lex::Cue(_))) | (Some(Lex::Cue(_)), Some(Lex::Role(_)))
                );
            if tokens[i].is_agent()
                && is_mark(&tokens[i + 1])
                && (claim_before || next_marked_name(tokens, first, i))
                && text.get(tokens[i - 1].end..tokens[i].start).is_some_and(|gap| gap.trim().is_empty())
            {
                cuts.push((tokens[i].start, i, None, None));
            }
            // "sakura ● lynch her": a verb right after a name's mark opens the next clause.
            if i >= first + 2
                && tokens[i].is_cue()
                && is_mark(&tokens[i - 1])
                && tokens[i - 2].is_agent()
                && text.get(tokens[i - 1].end..tokens[i].start).is_some_and(|gap| gap.trim().is_empty())
            {
                cuts.push((tokens[i].start, i, None, None));
            }
        }
    }
    for (i, token) in tokens.iter().enumerate().take(last).skip(first) {
        let Tok::Word(Lex::Conn(mut conn)) = token.kind else { continue };
        // A particle that a name took («ユミから白もらった») is no connective. (English "Kenji as he is…": the
        // connective "as {they}" is not the "as" of "see Kenji as a wolf".)
        if !lexicon.word_boundaries
            && i > first
            && let Tok::Agent { after_end, .. } = tokens[i - 1].kind
            && after_end >= token.end
        {
            continue;
        }
        // «…なので、» inside a Japanese sentence gives the reason before it, like «から».
        if conn == Conn::Therefore
            && !lexicon.word_boundaries
            && !text[start..token.start].trim().is_empty()
            && i > first
        {
            conn = Conn::ReasonBefore;
        }
        // «…。ということは、B»: a reason-giving connective opening a Japanese sentence points back at the one
        // before, as «だから» does.
        if conn == Conn::ReasonBefore && !lexicon.word_boundaries && text[start..token.start].trim().is_empty() {
            conn = Conn::Therefore;
        }
        // A list of names is not cut at its "and" ("Kenji and Rin"), unless a verb stands before the list and
        // another right after its second name: that name opens a clause ("Kenji blacked Rin and Yumi blacked Shion").
        // ("Both people I divined, Sakura and Yumi, came back white" is a list set off by commas.)
        let close = |a: &Token, b: &Token| !text[a.end..b.start].contains(',');
        let new_clause = lexicon.word_boundaries
            && i >= first + 2
            && tokens[i - 2].is_cue()
            && close(&tokens[i - 2], &tokens[i - 1])
            && tokens.get(i + 2).is_some_and(|verb| verb.is_cue() && close(&tokens[i + 1], verb));
        if conn == Conn::And
            && i > first
            && tokens[i - 1].is_agent()
            && tokens.get(i + 1).is_some_and(|next| next.is_agent() && !next.subject_contracted(text))
            && !new_clause
        {
            continue;
        }
        // "No COs yet?", "He's the wolf though?": a connective ending an English sentence opens nothing.
        if lexicon.word_boundaries && conn != Conn::ReasonBefore && i + 1 == last {
            continue;
        }
        match conn {
            // The piece ends with the connective: «ケンジが怪しいから、…».
            Conn::ReasonBefore => cuts.push((token.end, i + 1, None, Some(conn))),
            _ => cuts.push((token.start, i, Some(conn), None)),
        }
    }
    cuts.sort_by_key(|c| c.0);
    let mut pieces: Vec<Piece> = Vec::new();
    let mut from = (start, first, None);
    // «ミヅキに入れる。ミヅキが一番狼っぽいので»: a reason connective ending the sentence closes its last piece.
    let mut last_closed_by = None;
    for (at, token_at, opens, closes) in cuts {
        if at >= end && closes.is_some() {
            last_closed_by = closes;
        }
        if at <= from.0 || at >= end {
            // A connective at the very start still opens the first piece.
            if at <= from.0 && opens.is_some() && from.2.is_none() {
                from.2 = opens;
            }
            continue;
        }
        pieces.push(Piece {
            start: from.0,
            end: at,
            tokens: from.1..token_at,
            opened_by: from.2,
            closed_by: closes,
            own_from: from.1,
            holes: Vec::new(),
        });
        from = (at, token_at, opens);
    }
    pieces.push(Piece {
        start: from.0,
        end,
        tokens: from.1..last,
        opened_by: from.2,
        closed_by: last_closed_by,
        own_from: from.1,
        holes: Vec::new(),
    });
    pieces.retain(|p| !p.tokens.is_empty() || p.closed_by.is_some() || p.opened_by.is_some());
    Sentence { asked, pieces }
}
