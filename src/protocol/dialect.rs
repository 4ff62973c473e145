//! Character-level dialect folding done before parsing: full-width ASCII forms (`ＶＯＴＥ`, `Ａｇｅｎｔ［０１］`)
//! and ideographic spaces (U+3000), as Japanese input methods produce them.
//!
//! The parser works on ASCII bytes; this module maps such text onto ASCII and keeps the byte offsets of the
//! original so that spans in errors and warnings still point into what the caller sent.

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
fn fold_char(c: char) -> Option<char> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
