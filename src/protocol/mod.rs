//! The AIWolf protocol language: typed syntax tree, parser (3.6 plus the dialects of real logs), canonical
//! printer, subject completion, ANY expansion, and precise errors.
//!
//! ```
//! use aiwolf_nl::protocol::{normalize, ParseOptions};
//! let text = normalize("Agent[01] REQUEST Agent[02] (Agent[02] VOTE Agent[3])", &ParseOptions::default()).unwrap();
//! assert_eq!(text, "Agent[01] REQUEST Agent[02] (VOTE Agent[03])");
//! ```

pub mod ast;
mod budget;
mod canonical;
pub mod context;
mod dialect;
pub mod error;
mod expand;
mod parser;
mod printer;
mod subject;

pub use ast::{Agent, Content, Keyword, MAX_NUMBER, Role, Sentence, Species, TalkKind, TalkRef};
pub use budget::{Budget, OutOfBudget};
pub use context::{Context, MAX_NAME_CHARS, MAX_NAMED_AGENTS, MAX_NAMES_PER_AGENT, NameTable};
pub use dialect::fold_char as fold_full_width_char;
pub use error::{Dialect, ErrorCode, ParseError, Span, Warning, WarningCode};
pub use expand::{AnyAgents, MAX_EXPANDED_SENTENCES, MAX_EXPANSION_AGENTS, expand_any};
pub use parser::{HARD_MAX_DEPTH, ParseOptions, Parsed, normalize, normalize_into, parse, parse_without_fast_path};
pub use printer::write_canonical;
pub use subject::{canonicalized, resolve_subjects, validate_tree};
