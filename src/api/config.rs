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
}

impl Default for ApiConfig {
    fn default() -> Self {
        ApiConfig {
            body_limit: 256 * 1024,
            max_batch: 256,
            request_timeout: Duration::from_secs(10),
            parse_options: ParseOptions::default(),
        }
    }
}
