//! The accept loop and per-connection hygiene, so that slow, idle or many clients cannot hold the server
//! and a shutdown signal always ends it:
//!
//! - at most `max_connections` connections are served at once (the rest wait in the listen backlog);
//! - a request's header section must arrive within `header_read_timeout` (hyper's timer);
//! - a connection with no request in flight and no traffic for `idle_timeout` is closed (keep-alive or one
//!   that never sent a byte);
//! - on shutdown the listener closes, every connection is asked to finish its request and close, and after
//!   `shutdown_drain` the ones still open are dropped.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, watch};
use tokio::task::JoinSet;
use tower::Service;

use super::bare_errors::Enveloped;
use super::config::ConnectionLimits;

/// hyper's read buffer: a header section beyond it is refused by hyper itself (431, enveloped on its way out by
/// `bare_errors`), so it is kept well above `max_header_bytes`, which the middleware refuses with the limit
/// checked exactly.
const READ_BUFFER_FACTOR: usize = 4;

/// Serves `router` on `listener` until `shutdown` completes, then drains (see the module documentation).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let (stop, stopping) = watch::channel(false);
    let mut connections = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        let slot = tokio::select! {
            () = &mut shutdown => break,
            slot = slots.clone().acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => break,
            },
        };
        let stream = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of file descriptors and the like: wait rather than spin; the connection is gone anyway.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
        };
        while connections.try_join_next().is_some() {}
        connections.spawn(serve_connection(stream, router.clone(), limits, stopping.clone(), slot));
    }
    drop(listener);
    let _ = stop.send(true);
    let drained =
        tokio::time::timeout(limits.shutdown_drain, async { while connections.join_next().await.is_some() {} }).await;
    if drained.is_err() {
        tracing::warn!(open = connections.len(), "shutdown drain deadline passed; closing the remaining connections");
        connections.shutdown().await;
    }
    Ok(())
}

/// Last traffic and requests in flight on one connection.
struct Activity {
    opened: Instant,
    last_traffic_ms: AtomicU64,
    in_flight: AtomicUsize,
}

impl Activity {
    fn touch(&self) {
        self.last_traffic_ms.store(self.opened.elapsed().as_millis() as u64, Ordering::Relaxed);
    }

    fn idle_for(&self) -> Duration {
        let last = Duration::from_millis(self.last_traffic_ms.load(Ordering::Relaxed));
        self.opened.elapsed().saturating_sub(last)
    }

    fn is_idle(&self, limit: Duration) -> bool {
        self.in_flight.load(Ordering::Relaxed) == 0 && self.idle_for() >= limit
    }
}

/// Counts a request as in flight until its response is ready.
struct InFlight(Arc<Activity>);

impl InFlight {
    fn start(activity: &Arc<Activity>) -> Self {
        activity.in_flight.fetch_add(1, Ordering::Relaxed);
        InFlight(activity.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
        self.0.touch();
    }
}

async fn serve_connection(
    stream: TcpStream,
    router: Router,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<bool>,
    _slot: OwnedSemaphorePermit,
) {
    let _ = stream.set_nodelay(true);
    let activity = Arc::new(Activity {
        opened: Instant::now(),
        last_traffic_ms: AtomicU64::new(0),
        in_flight: AtomicUsize::new(0),
    });
    let tracked = Tracked { inner: stream, activity: activity.clone() };
    let io = TokioIo::new(Enveloped::new(tracked, limits.max_header_bytes));
    let requests = activity.clone();
    let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
        let in_flight = InFlight::start(&requests);
        let mut router = router.clone();
        async move {
            let response = router.call(request.map(Body::new)).await;
            drop(in_flight);
            response
        }
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .max_buf_size((limits.max_header_bytes * READ_BUFFER_FACTOR).max(8192));
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    let mut idle_check = tokio::time::interval((limits.idle_timeout / 4).max(Duration::from_millis(10)));
    let mut closing = false;
    loop {
        tokio::select! {
            result = connection.as_mut() => {
                if let Err(error) = result {
                    tracing::debug!(%error, "connection ended with an error");
                }
                return;
            }
            changed = stopping.changed(), if !closing => {
                if changed.is_err() || *stopping.borrow() {
                    closing = true;
                    connection.as_mut().graceful_shutdown();
                }
            }
            _ = idle_check.tick(), if !closing => {
                if activity.is_idle(limits.idle_timeout) {
                    closing = true;
                    connection.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

/// A stream that records when bytes last moved, for the idle timeout.
struct Tracked {
    inner: TcpStream,
    activity: Arc<Activity>,
}

impl AsyncRead for Tracked {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let result = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        result
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(result, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        result
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let result = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(result, Poll::Ready(Ok(n)) if n > 0) {
            self.activity.touch();
        }
        result
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
