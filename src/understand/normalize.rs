//! Text folding before matching: NFKC, lower-case ASCII, katakana → hiragana, ◯/〇 → ○.
//!
//! Matching runs on the folded text, but spans are reported in the caller's original bytes, so every folded
//! byte remembers the original character it came from. Folding is done one character at a time (with
//! canonical composition against the previous character, which joins half-width `ｶﾞ` into `が`), which is
//! NFKC for everything that occurs in game talk and keeps the offset map trivial.

use unicode_normalization::char::{canonical_combining_class, compose, decompose_compatible};

/// Folded text with a map back into the original.
#[derive(Debug, Clone, Default)]
pub struct Folded {
    /// The folded text.
    pub text: String,
    /// One entry per folded character, in order: where it starts in `text`, the original character's byte
    /// range, and whether that was katakana (names are written in it).
    chars: Vec<CharOrigin>,
    /// Whether any character was katakana (most English and many Japanese utterances have none).
    pub has_katakana: bool,
}

#[derive(Debug, Clone, Copy)]
struct CharOrigin {
    at: u32,
    start: u32,
    end: u32,
    katakana: bool,
}

impl Folded {
    /// The entry of the folded character that contains byte `at`.
    fn origin(&self, at: usize) -> Option<&CharOrigin> {
        let i = self.chars.partition_point(|c| c.at as usize <= at);
        self.chars.get(i.checked_sub(1)?)
    }

    /// The original byte span of the folded span `start..end`.
    pub fn original_span(&self, start: usize, end: usize) -> (usize, usize) {
        let Some(first) = self.origin(start) else {
            let at = self.chars.last().map_or(0, |c| c.end as usize);
            return (at, at);
        };
        if start >= end {
            return (first.start as usize, first.start as usize);
        }
        let last = self.origin(end - 1).map_or(first.end, |c| c.end);
        (first.start as usize, (last as usize).max(first.start as usize))
    }

    /// The folded byte offset of the character that starts at original byte `at`, if one does.
    pub fn folded_at(&self, at: usize) -> Option<usize> {
        let i = self.chars.partition_point(|c| (c.start as usize) < at);
        self.chars.get(i).filter(|c| c.start as usize == at).map(|c| c.at as usize)
    }

    /// Whether every kana of the folded span `start..end` was written in katakana (a katakana name is not
    /// found inside a hiragana word: «カナ» in «動かなきゃ»).
    pub fn written_in_katakana(&self, start: usize, end: usize) -> bool {
        let first = self.chars.partition_point(|c| (c.at as usize) < start);
        self.chars[first..]
            .iter()
            .take_while(|c| (c.at as usize) < end)
            .zip(self.text[start..end].chars())
            .all(|(origin, c)| origin.katakana || !('\u{3041}'..='\u{3096}').contains(&c))
    }

    /// Each folded character's byte offset, the character, and whether it was written in katakana.
    pub fn chars(&self) -> impl Iterator<Item = (usize, char, bool)> + '_ {
        self.text.char_indices().zip(&self.chars).map(|((at, c), origin)| (at, c, origin.katakana))
    }

    #[inline]
    fn push(&mut self, c: char, start: u32, end: u32, katakana: bool) {
        self.has_katakana |= katakana;
        self.chars.push(CharOrigin { at: self.text.len() as u32, start, end, katakana });
        self.text.push(c);
    }

    fn pop(&mut self) -> Option<CharOrigin> {
        self.text.pop()?;
        self.chars.pop()
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
        chars: Vec::with_capacity(input.len()),
        has_katakana: false,
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
                && let Some(origin) = folded.pop()
            {
                folded.push(fold_char(joined), origin.start, end, origin.katakana);
                return;
            }
            folded.push(d, start, end, kata);
        });
    }
    folded
}

/// Kana and common kanji: NFKC leaves them as they are (precomposed kana decompose canonically and compose
/// back), so the decomposition tables, the hot spot of folding Japanese, are skipped for them.
fn is_nfkc_stable(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{3096}' | '\u{30A1}'..='\u{30FA}' | 'ー' | '\u{4E00}'..='\u{9FFF}')
}

/// Whether `c` is hiragana: the kana of Japanese particles and verb endings.
pub fn is_hiragana(c: char) -> bool {
    ('ぁ'..='ゖ').contains(&c)
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
        assert!(f.chars().any(|(i, _, kata)| i == at && kata));
        assert_eq!(fold_word("ミナト"), "みなと");
        assert_eq!(fold_pattern(r"\D占いＣＯ"), r"\D占いco");
        assert_eq!(fold_pattern("…？"), r"\.\.\.\?");
    }
}
