//! Reads input lines in constant memory: a line longer than the limit is measured and skipped, never held.

use std::io::{self, BufRead};

/// One input line.
pub enum Line<'a> {
    /// The line's bytes, without `\n` or `\r\n`.
    Text(&'a [u8]),
    /// A line longer than the limit; its length in bytes.
    TooLong(usize),
}

/// Splits a reader into lines of at most `max_len` bytes.
pub struct BoundedLines<R> {
    reader: R,
    max_len: usize,
    buffer: Vec<u8>,
}

impl<R: BufRead> BoundedLines<R> {
    pub fn new(reader: R, max_len: usize) -> Self {
        BoundedLines { reader, max_len, buffer: Vec::with_capacity(256) }
    }

    /// The next line, or `None` at the end of input.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.buffer.clear();
        let mut total = 0usize;
        let mut saw_any = false;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if !saw_any {
                    return Ok(None);
                }
                break;
            }
            saw_any = true;
            let (part, consumed, done) = match memchr_newline(chunk) {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            // Keep one byte more than the limit so a line of exactly max_len + "\r" is still recognised.
            let room = (self.max_len + 1).saturating_sub(self.buffer.len());
            self.buffer.extend_from_slice(&part[..part.len().min(room)]);
            total += part.len();
            self.reader.consume(consumed);
            if done {
                break;
            }
        }
        if self.buffer.last() == Some(&b'\r') && total <= self.max_len + 1 {
            self.buffer.pop();
            total -= 1;
        }
        if total > self.max_len {
            return Ok(Some(Line::TooLong(total)));
        }
        Ok(Some(Line::Text(&self.buffer)))
    }
}

fn memchr_newline(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn collect(input: &str, max: usize) -> Vec<String> {
        let mut lines = BoundedLines::new(input.as_bytes(), max);
        let mut out = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            out.push(match line {
                Line::Text(t) => String::from_utf8_lossy(t).into_owned(),
                Line::TooLong(n) => format!("<{n}>"),
            });
        }
        out
    }

    #[test]
    fn splits_lines_and_strips_crlf() {
        assert_eq!(collect("a\r\nbb\n\nc", 10), ["a", "bb", "", "c"]);
        assert!(collect("", 10).is_empty());
    }

    #[test]
    fn over_long_lines_are_measured_not_kept() {
        assert_eq!(collect("abcd\nxyz\r\nabcdef\n", 3), ["<4>", "xyz", "<6>"]);
    }
}
