//! Per-item results of the batch endpoints: one bad text never fails the request, it gets an error in
//! its own slot. The error has exactly the JSON of the parser's `ParseError` (code, span, expected,
//! message), with a few service codes added to the parser's.

use serde::Serialize;
use utoipa::ToSchema;

use crate::protocol::{ErrorCode, ParseError, Span, Warning};

/// Why one text of a batch could not be processed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"code": "unknown_verb", "span": {"start": 0, "end": 4}, "message": "`VOTX` is not a verb or operator"}))]
pub struct ItemError {
    pub code: ItemErrorCode,
    /// The bytes of the text the error is about (the whole text for service codes).
    pub span: Span,
    /// What would have been accepted at `span`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub expected: Vec<String>,
    /// One line for humans.
    pub message: String,
    /// Protocol input (given or detected): what the lenient parser had normalized before it failed,
    /// older dialects among them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Warning>,
}

/// A parser error code, or a service code.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ItemErrorCode {
    Parse(ErrorCode),
    Service(ServiceErrorCode),
}

/// Per-item codes that come from the service rather than the parser.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ServiceErrorCode {
    /// A template failed while rendering this sentence (a template bug; the message names the template).
    RenderFailed,
}

/// A failed item: `{"error": {...}}`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ItemFailure {
    pub error: ItemError,
}

impl From<ParseError> for ItemError {
    fn from(error: ParseError) -> Self {
        ItemError {
            code: ItemErrorCode::Parse(error.code),
            span: error.span,
            expected: error.expected,
            message: error.message,
            warnings: error.warnings,
        }
    }
}

impl From<ItemError> for ItemFailure {
    fn from(error: ItemError) -> Self {
        ItemFailure { error }
    }
}

impl ItemError {
    fn service(code: ServiceErrorCode, text: &str, message: String) -> Self {
        ItemError {
            code: ItemErrorCode::Service(code),
            span: Span::new(0, text.len()),
            expected: Vec::new(),
            message,
            warnings: Vec::new(),
        }
    }

    /// Rendering `text` failed inside a template.
    pub fn render_failed(text: &str, error: &crate::render::RenderError) -> Self {
        ItemError::service(ServiceErrorCode::RenderFailed, text, format!("rendering failed: {error}"))
    }
}
