//! The service's limits, set from flags and `AIWOLF_NL_*` variables by the CLI.

use std::time::Duration;

use crate::protocol::ParseOptions;

/// Limits that keep one request cheap; every one is reported to clients as a machine-readable error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ApiConfig {
    /// Largest request body in bytes (413 above it).
    pub body_limit: usize,
    /// Most texts in one batch request (400 `batch_too_large` above it).
    pub max_batch: usize,
    /// Time one request may take before it is answered 408.
    pub request_timeout: Duration,
    /// Per-text length and nesting limits (per-item errors `too_long` and `too_deep`). `strict` is false here;
    /// requests ask for strict parsing themselves.
    pub parse_options: ParseOptions,
    /// The CPU pool (503 `overloaded` when it stays full).
    pub pool: PoolLimits,
    /// What one connection may hold (see `api::server`).
    pub connections: ConnectionLimits,
}

/// How much CPU work runs at once, and how long a request waits for its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolLimits {
    /// Translations, parses and renders running at once.
    pub workers: usize,
    /// Game logs running at once (each holds its log, transcript and output in memory).
    pub heavy_workers: usize,
    /// How long a request waits for a free worker before 503 `overloaded`.
    pub queue_timeout: Duration,
}

/// Connection hygiene: slow or idle clients cannot hold the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Time a client has to send a request's whole header section.
    pub header_read_timeout: Duration,
    /// A keep-alive connection with no request in flight is closed after this long without traffic.
    pub idle_timeout: Duration,
    /// Connections served at once; more wait in the listen backlog.
    pub max_connections: usize,
    /// After a shutdown signal, time in-flight requests get to finish before their connections are closed.
    pub shutdown_drain: Duration,
    /// Largest header section answered normally (431 with the error envelope above it).
    pub max_header_bytes: usize,
}

impl Default for ApiConfig {
    fn default() -> Self {
        ApiConfig {
            body_limit: 256 * 1024,
            max_batch: 256,
            request_timeout: Duration::from_secs(10),
            parse_options: ParseOptions::default(),
            pool: PoolLimits::default(),
            connections: ConnectionLimits::default(),
        }
    }
}

impl Default for PoolLimits {
    fn default() -> Self {
        PoolLimits {
            workers: std::thread::available_parallelism().map_or(2, usize::from),
            heavy_workers: 1,
            queue_timeout: Duration::from_secs(2),
        }
    }
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 1024,
            shutdown_drain: Duration::from_secs(30),
            max_header_bytes: 16 * 1024,
        }
    }
}
