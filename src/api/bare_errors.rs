//! hyper answers a request it cannot parse by itself, before any layer runs: 400 (a malformed request line or
//! header), 414 (a URI over its buffer) or 431 (a header section over its buffer, or more than 100 fields),
//! each with an empty body. [`Enveloped`] rewrites those answers, on their way to the socket, into the JSON
//! error envelope every other 4xx carries.
//!
//! An answer is hyper's own when one write holds exactly one response head with status 4xx, `content-length:
//! 0` and nothing after it: every response the router makes for a 4xx has the envelope as its body, so a
//! non-zero length.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use axum::http::StatusCode;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::error::{ApiError, ErrorEnvelope};

/// A connection's stream whose writes of hyper's bare error answers are replaced by enveloped ones.
pub struct Enveloped<S> {
    inner: S,
    /// The header-size limit the 431 envelope names.
    header_limit: usize,
    /// A replacement being written: its bytes, how many are written, and how many bytes of hyper's answer
    /// it stands for (reported as written once it is all out).
    replacing: Option<(Vec<u8>, usize, usize)>,
}

impl<S> Enveloped<S> {
    pub fn new(inner: S, header_limit: usize) -> Self {
        Enveloped { inner, header_limit, replacing: None }
    }
}

/// The status of `bytes` when they are one bare error head (see the module documentation).
fn bare_error_status(bytes: &[u8]) -> Option<StatusCode> {
    let head = bytes.strip_prefix(b"HTTP/1.1 ")?;
    if !bytes.ends_with(b"\r\n\r\n") || bytes.windows(4).position(|w| w == b"\r\n\r\n")? != bytes.len() - 4 {
        return None;
    }
    let status = StatusCode::from_bytes(head.get(..3)?).ok()?;
    let empty = bytes.split(|&b| b == b'\n').any(|line| line.eq_ignore_ascii_case(b"content-length: 0\r"));
    (status.is_client_error() && empty).then_some(status)
}

/// The enveloped answer for `status`: same status, JSON body, and the connection closed as hyper would.
fn enveloped_answer(status: StatusCode, header_limit: usize) -> Vec<u8> {
    let error = match status {
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE => ApiError::HeadersTooLarge { limit: header_limit },
        status => ApiError::from_status(status),
    };
    let body = serde_json::to_vec(&ErrorEnvelope { error: error.body() }).unwrap_or_default();
    let mut answer = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
        status.as_str(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    )
    .into_bytes();
    answer.extend_from_slice(&body);
    answer
}

impl<S: AsyncWrite + Unpin> Enveloped<S> {
    /// Writes `bytes` (standing for `claimed` bytes of hyper's) through, or their replacement.
    fn write(&mut self, cx: &mut Context<'_>, first: &[u8], claimed: usize) -> Option<Poll<io::Result<usize>>> {
        if self.replacing.is_none() {
            let status = bare_error_status(first).filter(|_| first.len() == claimed)?;
            self.replacing = Some((enveloped_answer(status, self.header_limit), 0, claimed));
        }
        let (answer, written, claimed) = self.replacing.as_mut()?;
        while *written < answer.len() {
            match Pin::new(&mut self.inner).poll_write(cx, &answer[*written..]) {
                Poll::Ready(Ok(0)) => return Some(Poll::Ready(Err(io::ErrorKind::WriteZero.into()))),
                Poll::Ready(Ok(n)) => *written += n,
                Poll::Ready(Err(error)) => return Some(Poll::Ready(Err(error))),
                Poll::Pending => return Some(Poll::Pending),
            }
        }
        let claimed = *claimed;
        self.replacing = None;
        Some(Poll::Ready(Ok(claimed)))
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Enveloped<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Enveloped<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        if let Some(done) = self.write(cx, buf, buf.len()) {
            return done;
        }
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let first = bufs.iter().find(|b| !b.is_empty()).map_or(&[][..], |b| &b[..]);
        let total = bufs.iter().map(|b| b.len()).sum();
        if let Some(done) = self.write(cx, first, total) {
            return done;
        }
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        // A replacement still owed is finished before the close.
        if self.replacing.is_some() {
            ready!(self.as_mut().write(cx, &[], 0).unwrap_or(Poll::Ready(Ok(0))))?;
        }
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_lone_empty_4xx_head_is_bare() {
        let bare = b"HTTP/1.1 431 Request Header Fields Too Large\r\nconnection: close\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        assert_eq!(bare_error_status(bare), Some(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE));
        let ours = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 120\r\n\r\n{\"error\":{}}";
        assert_eq!(bare_error_status(ours), None);
        assert_eq!(bare_error_status(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"), None);
        assert_eq!(bare_error_status(b"HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\nHTTP/1.1"), None);
        assert_eq!(bare_error_status(b"{\"text\": \"HTTP/1.1 400\"}"), None);
    }

    #[test]
    fn the_replacement_is_the_envelope_with_the_limit() {
        let answer = String::from_utf8(enveloped_answer(StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE, 16384)).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 431 "));
        assert!(head.contains(&format!("content-length: {}", body.len())));
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(json["error"]["code"], "headers_too_large");
        assert_eq!(json["error"]["details"]["limit"], 16384);
    }
}
