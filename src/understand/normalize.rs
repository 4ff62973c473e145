//! Text folding before matching: NFKC, lower-case ASCII, katakana → hiragana, ◯/〇 → ○.
//!
//! Matching runs on the folded text, but spans are reported in the caller's original bytes, so every folded
//! byte remembers the original character it came from. Folding is done one character at a time (with
//! canonical composition against the previous character, which joins half-width `ｶﾞ` into `が`), which is
//! NFKC for everything that occurs in game talk and keeps the offset map trivial.

use unicode_normalization::char::{canonical_combining_class, compose, decompose_compatible};

/// Folded text with a byte map back into the original.
#[derive(Debug, Clone, Default)]
pub struct Folded {
    /// The folded text.
    pub text: String,
    /// For each byte of `text`: the start of the original character it came from.
    starts: Vec<u32>,
    /// For each byte of `text`: the end of the original character it came from.
    ends: Vec<u32>,
    /// For each byte of `text`: whether the original character was katakana (names are written in it).
    katakana: Vec<bool>,
}

impl Folded {
    /// The original byte span of the folded span `start..end`.
    pub fn original_span(&self, start: usize, end: usize) -> (usize, usize) {
        if self.text.is_empty() || start >= end {
            let at = self.starts.get(start).copied().unwrap_or_else(|| self.ends.last().copied().unwrap_or(0));
            return (at as usize, at as usize);
        }
        let s = self.starts.get(start).copied().unwrap_or(0) as usize;
        let e = self.ends.get(end.saturating_sub(1)).copied().unwrap_or(0) as usize;
        (s, e.max(s))
    }

    /// Whether the character at folded byte `at` was written in katakana.
    pub fn was_katakana(&self, at: usize) -> bool {
        self.katakana.get(at).copied().unwrap_or(false)
    }
}

/// Folds one character the way [`fold`] does, for words from locale files and name tables.
fn fold_char(c: char) -> char {
    match c {
        'A'..='Z' => c.to_ascii_lowercase(),
        '\u{30A1}'..='\u{30F6}' => char::from_u32(c as u32 - 0x60).unwrap_or(c),
        '◯' | '〇' => '○',
        '⚫' | '⬤' => '●',
        '～' | '〜' => '~',
        '’' | '‘' => '\'',
        _ => c,
    }
}

/// Folds `input`, keeping the offset map.
pub fn fold(input: &str) -> Folded {
    let mut folded = Folded {
        text: String::with_capacity(input.len()),
        starts: Vec::with_capacity(input.len()),
        ends: Vec::with_capacity(input.len()),
        katakana: Vec::with_capacity(input.len()),
    };
    for (start, c) in input.char_indices() {
        let end = (start + c.len_utf8()) as u32;
        let start = start as u32;
        if c.is_ascii() {
            folded.push(fold_char(c), start, end, false);
            continue;
        }
        if is_nfkc_stable(c) {
            let kata = ('\u{30A1}'..='\u{30FA}').contains(&c) || c == 'ー';
            folded.push(fold_char(c), start, end, kata);
            continue;
        }
        decompose_compatible(c, |d| {
            let kata = ('\u{30A1}'..='\u{30FA}').contains(&d) || d == 'ー';
            let d = fold_char(d);
            // Only a combining mark (such as the kana voicing marks of half-width ｶﾞ) can join the previous
            // character; skipping the composition lookup for starters keeps folding cheap.
            if canonical_combining_class(d) != 0
                && let Some(last) = folded.text.chars().next_back()
                && let Some(joined) = compose(last, d)
            {
                let at = folded.text.len() - last.len_utf8();
                let (last_start, last_kata) = (folded.starts[at], folded.katakana[at]);
                folded.truncate(at);
                folded.push(fold_char(joined), last_start, end, last_kata);
                return;
            }
            folded.push(d, start, end, kata);
        });
    }
    folded
}

impl Folded {
    fn push(&mut self, c: char, start: u32, end: u32, kata: bool) {
        self.text.push(c);
        let n = c.len_utf8();
        self.starts.extend(std::iter::repeat_n(start, n));
        self.ends.extend(std::iter::repeat_n(end, n));
        self.katakana.extend(std::iter::repeat_n(kata, n));
    }

    fn truncate(&mut self, at: usize) {
        self.text.truncate(at);
        self.starts.truncate(at);
        self.ends.truncate(at);
        self.katakana.truncate(at);
    }
}

/// Kana and common kanji: NFKC leaves them as they are (precomposed kana decompose canonically and compose
/// back), so the decomposition tables, the hot spot of folding Japanese, are skipped for them.
fn is_nfkc_stable(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}' | 'ー' | '\u{4E00}'..='\u{9FFF}')
}

/// Folds a word from a locale file or a name table (no offsets needed).
pub fn fold_word(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if c.is_ascii() || is_nfkc_stable(c) {
            out.push(fold_char(c));
            continue;
        }
        decompose_compatible(c, |d| {
            let d = fold_char(d);
            if canonical_combining_class(d) == 0 {
                out.push(d);
            } else if let Some(last) = out.pop() {
                match compose(last, d) {
                    Some(joined) => out.push(fold_char(joined)),
                    None => {
                        out.push(last);
                        out.push(d);
                    }
                }
            } else {
                out.push(d);
            }
        });
    }
    out
}

/// Folds the literal parts of a regular expression from a locale file: non-ASCII characters only, so that
/// escapes such as `\D` keep their meaning (ASCII in patterns is written in lower case, checked at load).
/// Folded runs are escaped: `…` folds to `...` and `？` to `?`, which must stay literal.
pub fn fold_pattern(pattern: &str) -> String {
    let mut out = String::with_capacity(pattern.len());
    let mut run = String::new();
    for c in pattern.chars() {
        if c.is_ascii() {
            if !run.is_empty() {
                out.push_str(&regex::escape(&fold_word(&run)));
                run.clear();
            }
            out.push(c);
        } else {
            run.push(c);
        }
    }
    out.push_str(&regex::escape(&fold_word(&run)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_width_case_and_kana_with_offsets() {
        let f = fold("Ａｇｅｎｔ［０３］はｼﾞﾝﾛｳ◯");
        assert_eq!(f.text, "agent[03]はじんろう○");
        let at = f.text.find("じんろう").unwrap();
        let (s, e) = f.original_span(at, at + "じんろう".len());
        assert_eq!(&"Ａｇｅｎｔ［０３］はｼﾞﾝﾛｳ◯"[s..e], "ｼﾞﾝﾛｳ");
        assert!(f.was_katakana(at));
        assert_eq!(fold_word("ミナト"), "みなと");
        assert_eq!(fold_pattern(r"\D占いＣＯ"), r"\D占いco");
        assert_eq!(fold_pattern("…？"), r"\.\.\.\?");
    }
}
