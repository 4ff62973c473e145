//! Address marks and the trailing Over: `>>Agent[03]`, `@Name` (with optional padding spaces) and a final
//! stand-alone `Over` token (C16). Leading marks name the addressee and are cut out of the text; inline
//! `@` marks keep the name in the text (it is an ordinary reference: "I vote @Servas") and only lose the `@`, as do
//! leading marks whose name a particle follows («@ダイスケ の沈黙は不自然»: the name is part of the sentence).

use regex::Regex;

use super::agents::NameIndex;
use super::normalize::Folded;
use crate::protocol::Agent;

/// What the marks of one utterance say.
#[derive(Debug, Default)]
pub struct Marks {
    /// Folded byte ranges to leave out of matching.
    pub masked: Vec<(usize, usize)>,
    /// Every mention: the agent (or `None` for a name that matches nobody), its folded span, and whether it
    /// leads the utterance (an address rather than a reference).
    pub mentions: Vec<(Option<Agent>, (usize, usize), bool)>,
    /// The utterance opens with a `>>` anchor: it answers someone.
    pub reply: bool,
    /// The folded span of a trailing `Over`.
    pub over: Option<(usize, usize)>,
    /// Where the names of inline `@` marks start (the name stays in the text; only the `@` is masked).
    pub inline_names: Vec<usize>,
    /// The folded spans of inline `@` names that match nobody (without the `@`): unknown references.
    pub inline_unknown: Vec<(usize, usize)>,
}

/// Finds the marks in `folded`.
/// Bytes after a mark in which a numbered name (`Agent[03]`, 「3番」) must end.
const NUMBERED_WINDOW: usize = 64;

/// `referenced(text, end)` says whether the name ending at `end` is part of the sentence (a particle follows it).
pub fn find(folded: &Folded, names: &NameIndex, numbered: &Regex, referenced: impl Fn(&str, usize) -> bool) -> Marks {
    let text = folded.text.as_str();
    let mut marks = Marks::default();
    let mut leading = true;
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let Some(c) = rest.chars().next() else { break };
        let mark_len = if rest.starts_with(">>") {
            2
        } else if c == '@' {
            1
        } else {
            if !(c.is_whitespace() || matches!(c, ',' | '、' | ':')) {
                leading = false;
                // Past the leading marks, only `@` and `>` can start another one: jump to the next.
                match rest.find(['@', '>']) {
                    Some(k) if k > 0 => i += k,
                    Some(_) => i += c.len_utf8(),
                    None => break,
                }
                continue;
            }
            i += c.len_utf8();
            continue;
        };
        let after = i + mark_len;
        let name_start = after + text[after..].len() - text[after..].trim_start().len();
        // A seat number is short: search a window at the name, not the rest of the text (from every mark, that
        // would be quadratic in the marks).
        let mut window_end = text.len().min(name_start + NUMBERED_WINDOW);
        while !text.is_char_boundary(window_end) {
            window_end -= 1;
        }
        let numbered = numbered
            .captures_at(&text[..window_end], name_start)
            .filter(|caps| caps.get(0).is_some_and(|m| m.start() == name_start))
            .and_then(|caps| {
                let end = caps.get(0)?.end();
                let n = caps.iter().skip(1).flatten().next()?.as_str().parse::<u32>().ok()?;
                Some((Agent::from_number(n)?, end))
            });
        let (agent, end) = match numbered.or_else(|| names.resolve_at(text, name_start)) {
            Some((agent, end)) => (Some(agent), end),
            None => {
                let word_end = text[name_start..]
                    .char_indices()
                    .find(|&(_, ch)| !(ch.is_alphanumeric() || matches!(ch, '_' | '-' | 'ー' | '・')))
                    .map_or(text.len(), |(k, _)| name_start + k);
                (None, word_end)
            }
        };
        if end == name_start {
            i = after;
            continue;
        }
        // A `>>` anchor answers its player whatever follows it.
        if leading && mark_len == 1 && agent.is_some() && referenced(text, end) {
            leading = false;
        }
        if leading {
            marks.reply |= mark_len == 2;
            marks.masked.push((i, end));
        } else {
            marks.masked.push((i, after));
            marks.inline_names.push(name_start);
            if agent.is_none() {
                marks.inline_unknown.push((name_start, end));
            }
        }
        marks.mentions.push((agent, (i, end), leading));
        i = end;
    }
    marks.over = trailing_over(text);
    if let Some(span) = marks.over {
        marks.masked.push(span);
    }
    marks
}

/// A final `over` token that stands alone: not glued to a preceding ASCII word ("game over" is talk).
fn trailing_over(text: &str) -> Option<(usize, usize)> {
    let trimmed = text.trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '.' | '。' | '!'));
    let start = trimmed.strip_suffix("over").map(str::len)?;
    let before = trimmed[..start].trim_end();
    let glued = before.len() == start && before.chars().next_back().is_some_and(|c| c.is_ascii_alphanumeric());
    let prev = before.chars().next_back();
    let stands_alone = match prev {
        None => true,
        Some(c) if c.is_ascii_alphanumeric() => false,
        Some(_) => !glued,
    };
    stands_alone.then_some((start, text.len()))
}

#[cfg(test)]
mod tests {
    use super::trailing_over;

    #[test]
    fn over_only_when_it_stands_alone() {
        assert!(trailing_over("今日は投票するよ。over").is_some());
        assert!(trailing_over("i vote kenji. over").is_some());
        assert!(trailing_over("over").is_some());
        assert!(trailing_over("the game is over").is_none());
        assert!(trailing_over("hangover").is_none());
    }
}
