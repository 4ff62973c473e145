//! Errors found while loading the phrase files, all at start-up.

use serde::Serialize;

/// Why an [`Understander`](super::Understander) could not be built. Every variant names the locale file, and
/// where it can, the entry, so that an edited phrase file is fixed without reading Rust.
#[derive(Debug, thiserror::Error, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum UnderstandError {
    /// The file could not be read.
    #[error("{file}: cannot read: {reason}")]
    Missing { file: String, reason: String },
    /// The file is not valid TOML or does not have the expected shape.
    #[error("{file}: not a phrase file: {reason}")]
    Syntax { file: String, reason: String },
    /// One entry is wrong: an unknown slot, role or species, a bad regular expression, a `make` that is not
    /// protocol.
    #[error("{file}: {entry}: {reason}")]
    Entry { file: String, entry: String, reason: String },
}
