//! A response body written in chunks: large output (a game log's transcript) is written into pieces of
//! [`CHUNK`] bytes and sent piece by piece, never as one buffer that doubles as it grows (a 26 MB transcript in
//! one `String` had reserved 32 MB, and had held 16 and 32 MB at once while growing).

use std::collections::VecDeque;
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::body::Bytes;
use http_body::{Frame, SizeHint};

/// The size of each piece.
const CHUNK: usize = 64 * 1024;

/// Collects text or bytes into pieces of [`CHUNK`] bytes; a piece is never reallocated once reserved.
#[derive(Debug, Default)]
pub struct Chunks {
    done: VecDeque<Bytes>,
    current: Vec<u8>,
    len: u64,
}

impl Chunks {
    pub fn new() -> Self {
        Chunks::default()
    }

    fn push(&mut self, mut bytes: &[u8]) {
        self.len += bytes.len() as u64;
        while !bytes.is_empty() {
            if self.current.capacity() == 0 {
                self.current.reserve_exact(CHUNK);
            }
            let room = self.current.capacity() - self.current.len();
            let (now, later) = bytes.split_at(room.min(bytes.len()));
            self.current.extend_from_slice(now);
            bytes = later;
            if self.current.len() == self.current.capacity() {
                self.done.push_back(Bytes::from(std::mem::take(&mut self.current)));
            }
        }
    }

    /// The body that sends the pieces in order.
    pub fn into_body(mut self) -> ChunkedBody {
        if !self.current.is_empty() {
            self.done.push_back(Bytes::from(self.current));
        }
        ChunkedBody { chunks: self.done, remaining: self.len }
    }
}

impl std::fmt::Write for Chunks {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        self.push(text.as_bytes());
        Ok(())
    }
}

impl std::io::Write for Chunks {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.push(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Sends each piece as one frame and frees it once sent; its length is known, so it goes with a
/// `Content-Length`.
#[derive(Debug)]
pub struct ChunkedBody {
    chunks: VecDeque<Bytes>,
    remaining: u64,
}

impl http_body::Body for ChunkedBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(mut self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, Infallible>>> {
        let Some(chunk) = self.chunks.pop_front() else { return Poll::Ready(None) };
        self.remaining -= chunk.len() as u64;
        Poll::Ready(Some(Ok(Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.chunks.is_empty()
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.remaining)
    }
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    use http_body::Body;

    use super::*;

    #[test]
    fn pieces_hold_the_text_in_order_and_fill_to_the_chunk_size() {
        let mut chunks = Chunks::new();
        let line = "ミナトがAgent[03]に投票した。\n";
        let mut expected = String::new();
        while expected.len() < 3 * CHUNK {
            chunks.write_str(line).unwrap();
            expected.push_str(line);
        }
        let body = chunks.into_body();
        assert_eq!(body.size_hint().exact(), Some(expected.len() as u64));
        assert!(body.chunks.iter().rev().skip(1).all(|c| c.len() == CHUNK));
        let joined: Vec<u8> = body.chunks.iter().flat_map(|c| c.iter().copied()).collect();
        assert_eq!(joined, expected.as_bytes());
    }

    #[test]
    fn an_empty_writer_is_an_empty_body() {
        let body = Chunks::new().into_body();
        assert!(body.is_end_stream());
        assert_eq!(body.size_hint().exact(), Some(0));
    }
}
