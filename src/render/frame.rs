//! Templates compiled into frames: a render is a hash lookup and a concatenation, not a tera call.
//!
//! A template's output is a function of its discrete variables that splices its text variables verbatim
//! (the start-up check in [`super::frame_check`] makes sure every template keeps to that). So the first call
//! with some discrete values renders the template once through tera with a private-use *marker* character
//! standing for each non-empty text, and splits the output into literal pieces and text references: the
//! frame. Every later call with the same key writes the pieces and the texts into the output buffer.
//! `cap` (capitalise the first letter) applied to a value that starts with a text leaves a "capitalised
//! text" marker, which the frame honours when it writes that text.
//!
//! Frames are kept per thread, keyed by the template set (each compiled set has its own id, so a renderer
//! loaded from a folder never sees another's frames), and the table is cleared when it reaches its cap.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::fast_hash::FastMap;
use super::vars::{Text, Vars};

/// Texts one call may have (markers are `FIRST_MARKER + index`).
pub(crate) const MAX_TEXTS: usize = 0xFFFE;
/// Plane 15 (supplementary private use): the marker of text `i` is `FIRST_MARKER + i`.
const FIRST_MARKER: u32 = 0xF_0000;
/// Plane 16: `FIRST_CAP_MARKER + i` is text `i` with its first letter upper-cased.
const FIRST_CAP_MARKER: u32 = 0x10_0000;
/// Frames per thread before the table is cleared (a frame is a few hundred bytes).
const CAPACITY: usize = 16 * 1024;

/// True for characters reserved as markers; templates and vocabularies may not contain them.
pub(crate) fn is_marker(c: char) -> bool {
    u32::from(c) >= FIRST_MARKER
}

fn marker(index: usize) -> String {
    char::from_u32(FIRST_MARKER + index as u32).map(String::from).unwrap_or_default()
}

/// One piece of a frame.
#[derive(Debug, Clone, Copy)]
enum Piece {
    /// Bytes of [`Frame::literal`].
    Literal(u32, u32),
    /// Text `i` of the call.
    Text(u32),
    /// Text `i` with its first letter upper-cased.
    CapText(u32),
}

/// A template rendered for one set of discrete values, with holes for the texts.
#[derive(Debug)]
pub(crate) struct Frame {
    literal: Box<str>,
    pieces: Box<[Piece]>,
}

impl Frame {
    /// Splits a marker rendering into pieces; `None` if it refers to a text the call does not have.
    fn parse(rendered: &str, texts: usize) -> Option<Frame> {
        let mut literal = String::with_capacity(rendered.len());
        let mut pieces = Vec::new();
        let mut start = 0;
        let flush = |literal: &mut String, pieces: &mut Vec<Piece>, text: &str| {
            if !text.is_empty() {
                let begin = literal.len() as u32;
                literal.push_str(text);
                pieces.push(Piece::Literal(begin, literal.len() as u32));
            }
        };
        for (at, c) in rendered.char_indices() {
            if !is_marker(c) {
                continue;
            }
            flush(&mut literal, &mut pieces, &rendered[start..at]);
            start = at + c.len_utf8();
            let code = u32::from(c);
            let piece = if code >= FIRST_CAP_MARKER {
                Piece::CapText(code - FIRST_CAP_MARKER)
            } else {
                Piece::Text(code - FIRST_MARKER)
            };
            match piece {
                Piece::Text(i) | Piece::CapText(i) if (i as usize) < texts => pieces.push(piece),
                _ => return None,
            }
        }
        flush(&mut literal, &mut pieces, &rendered[start..]);
        Some(Frame { literal: literal.into_boxed_str(), pieces: pieces.into_boxed_slice() })
    }

    /// Appends the frame with `texts` filled in.
    fn write(&self, texts: &[Text<'_>], out: &mut String) {
        for piece in self.pieces.iter() {
            match *piece {
                Piece::Literal(begin, end) => out.push_str(&self.literal[begin as usize..end as usize]),
                Piece::Text(i) => texts[i as usize].write_to(out),
                Piece::CapText(i) => {
                    let start = out.len();
                    texts[i as usize].write_to(out);
                    capitalize_in_place(out, start);
                }
            }
        }
    }
}

/// Upper-cases the first character of `out[start..]`, as `cap` does.
fn capitalize_in_place(out: &mut String, start: usize) {
    let Some(first) = out[start..].chars().next() else { return };
    if first.is_ascii() {
        out[start..start + 1].make_ascii_uppercase();
        return;
    }
    let upper: String = first.to_uppercase().collect();
    out.replace_range(start..start + first.len_utf8(), &upper);
}

/// `cap`: upper-cases the first letter only (tera's `capitalize` lower-cases the rest, which breaks names).
/// While a frame is being built, a value starting with a text marker gets the capitalised-text marker instead.
pub(crate) fn capitalize_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) if BUILDING.get() && is_marker(first) && u32::from(first) < FIRST_CAP_MARKER => {
            let cap = char::from_u32(u32::from(first) - FIRST_MARKER + FIRST_CAP_MARKER).unwrap_or(first);
            std::iter::once(cap).chain(chars).collect()
        }
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// A piece of a frame, for the reader: literal text, or the index of a text (capitalised or not).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Part {
    Literal(String),
    Text(usize, bool),
}

impl Frame {
    fn parts(&self) -> Vec<Part> {
        self.pieces
            .iter()
            .map(|piece| match *piece {
                Piece::Literal(begin, end) => Part::Literal(self.literal[begin as usize..end as usize].to_owned()),
                Piece::Text(i) => Part::Text(i as usize, false),
                Piece::CapText(i) => Part::Text(i as usize, true),
            })
            .collect()
    }
}

/// The frame of `template` for `vars` as parts (building it with `render` if needed).
pub(crate) fn parts(
    template: u8,
    vars: &mut Vars<'_>,
    render: impl FnOnce(&tera::Context) -> Result<String, tera::Error>,
) -> Result<Rc<[Part]>, FrameError> {
    vars.finish_key(template);
    if let Some(parts) = PARTS.with(|parts| parts.borrow().get(vars.key()).cloned()) {
        return Ok(parts);
    }
    let parts: Rc<[Part]> = match FRAMES.with(|frames| frames.borrow().get(vars.key()).map(Frame::parts)) {
        Some(parts) => parts.into(),
        None => build(vars, render)?.parts().into(),
    };
    PARTS.with(|table| {
        let mut table = table.borrow_mut();
        if table.len() >= CAPACITY {
            table.clear();
        }
        table.insert(vars.key().into(), parts.clone());
    });
    Ok(parts)
}

fn build(
    vars: &Vars<'_>,
    render: impl FnOnce(&tera::Context) -> Result<String, tera::Error>,
) -> Result<Frame, FrameError> {
    let context = vars.context(|index, text| if text.is_empty() { String::new() } else { marker(index) });
    BUILDING.set(true);
    let rendered = render(&context);
    BUILDING.set(false);
    Frame::parse(&rendered.map_err(FrameError::Tera)?, vars.texts().len()).ok_or(FrameError::Markers)
}

fn keep(key: Box<[u8]>, frame: Frame) {
    FRAMES.with(|frames| {
        let mut frames = frames.borrow_mut();
        if frames.len() >= CAPACITY {
            frames.clear();
        }
        frames.insert(key, frame);
    });
}

/// Why a frame could not be used.
pub(crate) enum FrameError {
    Tera(tera::Error),
    /// The template's output refers to texts it was not given (it took a marker apart).
    Markers,
}

// Fx hashing (see `fast_hash`): the tables are per thread, capped and cleared, and their keys are made of
// template names and discrete values, never of user text.
type Table = FastMap<Box<[u8]>, Frame>;
type PartsTable = FastMap<Box<[u8]>, Rc<[Part]>>;

thread_local! {
    static FRAMES: RefCell<Table> = RefCell::new(Table::default());
    /// Frames as parts, for the reader.
    static PARTS: RefCell<PartsTable> = RefCell::new(PartsTable::default());
    /// Set while tera renders a frame, so `cap` leaves markers for texts.
    static BUILDING: Cell<bool> = const { Cell::new(false) };
}

/// Appends the output of `template` for `vars` to `out`, building its frame with `render` on first use.
pub(crate) fn write(
    template: u8,
    vars: &mut Vars<'_>,
    out: &mut String,
    render: impl FnOnce(&tera::Context) -> Result<String, tera::Error>,
) -> Result<(), FrameError> {
    vars.finish_key(template);
    let key = vars.key();
    let written = FRAMES.with(|frames| {
        let frames = frames.borrow();
        frames.get(key).map(|frame| frame.write(vars.texts(), out)).is_some()
    });
    if written {
        return Ok(());
    }
    let frame = build(vars, render)?;
    frame.write(vars.texts(), out);
    keep(vars.key().into(), frame);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_splices_texts_and_capitalises_marked_ones() {
        let rendered = format!("a{}b{}", marker(1), char::from_u32(FIRST_CAP_MARKER).unwrap());
        let frame = Frame::parse(&rendered, 2).unwrap();
        let mut out = "xyz".to_owned();
        frame.write(&[Text::Words("élan", ""), Text::Out(0..2)], &mut out);
        assert_eq!(out, "xyzaxybÉlan");
    }

    #[test]
    fn a_marker_for_a_missing_text_is_refused() {
        assert!(Frame::parse(&marker(3), 2).is_none());
    }
}
