//! Every request-level failure as one enum, answered with one JSON envelope:
//! `{"error": {"code", "message", "details", "request_id"}}`.
//!
//! Handlers and extractors return [`ApiError`]. Responses made elsewhere (axum's 404/405, the timeout,
//! the panic catcher) are turned into the same envelope by `middleware::error_envelope`, which also fills in
//! `request_id`; so the envelope is the only error body a client ever sees.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::ToSchema;

use crate::protocol::{OutOfBudget, ParseError};

/// A failed request.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("the request body is not valid JSON: {0}")]
    MalformedJson(String),
    #[error("the request body does not match the schema at `{path}`: {reason}")]
    InvalidBody { path: String, reason: String },
    #[error("unsupported language at `{path}`: {reason}")]
    UnsupportedLanguage { path: String, reason: String },
    #[error("expected `Content-Type: application/json`")]
    UnsupportedMediaType,
    #[error("the request body is larger than the limit of {limit} bytes")]
    PayloadTooLarge { limit: usize },
    #[error("{len} texts in one request; the limit is {max}")]
    BatchTooLarge { len: usize, max: usize },
    #[error("the sentence cannot be written as protocol: {0}")]
    InvalidTree(ParseError),
    #[error("the game log cannot be read: {message}")]
    InvalidLog { message: String, line: Option<usize> },
    #[error("no such endpoint")]
    NotFound,
    #[error("this endpoint does not accept that method")]
    MethodNotAllowed,
    #[error("the request took longer than the time limit")]
    Timeout,
    #[error("the service is busy; retry after {retry_after} s")]
    Overloaded { retry_after: u64 },
    #[error("the request's header section is larger than the limit of {limit} bytes")]
    HeadersTooLarge { limit: usize },
    #[error("the service is not ready")]
    NotReady(Value),
    #[error("internal error")]
    Internal,
    /// A status produced by a layer that has no more specific variant.
    #[error("{}", .0.canonical_reason().unwrap_or("error"))]
    Status(StatusCode),
}

/// The stable, machine-readable error codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ApiErrorCode {
    /// 400: the body is not JSON.
    MalformedJson,
    /// 422: valid JSON of the wrong shape (missing or unknown field, wrong type or value).
    InvalidBody,
    /// 422: a language code that is not `protocol`, `ja`, `en` (or `auto` for sources).
    UnsupportedLanguage,
    /// 415: the body is not declared as JSON.
    UnsupportedMediaType,
    /// 413: the body is over the configured limit.
    PayloadTooLarge,
    /// 400: more texts than the configured batch limit.
    BatchTooLarge,
    /// 422: a syntax tree the protocol cannot express (nesting too deep, numbers too large, …).
    InvalidTree,
    /// 400: a game log that is empty or has no readable line.
    InvalidLog,
    /// 404.
    NotFound,
    /// 405.
    MethodNotAllowed,
    /// 408: the request timed out.
    RequestTimeout,
    /// 503: every worker stayed busy for the queue timeout; retry after `details.retry_after` seconds (also
    /// the `Retry-After` header).
    Overloaded,
    /// 431: the header section is over the limit (an `x-request-id` over 128 characters is replaced, not refused).
    HeadersTooLarge,
    /// 503: a readiness check failed.
    NotReady,
    /// 500: a bug; the log has the details.
    InternalError,
    /// Any other HTTP error status.
    HttpError,
}

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::MalformedJson(_) | ApiError::BatchTooLarge { .. } | ApiError::InvalidLog { .. } => {
                StatusCode::BAD_REQUEST
            }
            ApiError::InvalidBody { .. } | ApiError::UnsupportedLanguage { .. } | ApiError::InvalidTree(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotFound => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Timeout => StatusCode::REQUEST_TIMEOUT,
            ApiError::NotReady(_) | ApiError::Overloaded { .. } => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::HeadersTooLarge { .. } => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            ApiError::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Status(status) => *status,
        }
    }

    pub fn code(&self) -> ApiErrorCode {
        match self {
            ApiError::MalformedJson(_) => ApiErrorCode::MalformedJson,
            ApiError::InvalidBody { .. } => ApiErrorCode::InvalidBody,
            ApiError::UnsupportedLanguage { .. } => ApiErrorCode::UnsupportedLanguage,
            ApiError::UnsupportedMediaType => ApiErrorCode::UnsupportedMediaType,
            ApiError::PayloadTooLarge { .. } => ApiErrorCode::PayloadTooLarge,
            ApiError::BatchTooLarge { .. } => ApiErrorCode::BatchTooLarge,
            ApiError::InvalidTree(_) => ApiErrorCode::InvalidTree,
            ApiError::InvalidLog { .. } => ApiErrorCode::InvalidLog,
            ApiError::NotFound => ApiErrorCode::NotFound,
            ApiError::MethodNotAllowed => ApiErrorCode::MethodNotAllowed,
            ApiError::Timeout => ApiErrorCode::RequestTimeout,
            ApiError::NotReady(_) => ApiErrorCode::NotReady,
            ApiError::Overloaded { .. } => ApiErrorCode::Overloaded,
            ApiError::HeadersTooLarge { .. } => ApiErrorCode::HeadersTooLarge,
            ApiError::Internal => ApiErrorCode::InternalError,
            ApiError::Status(_) => ApiErrorCode::HttpError,
        }
    }

    fn details(&self) -> Option<Value> {
        match self {
            ApiError::InvalidBody { path, .. } | ApiError::UnsupportedLanguage { path, .. } => {
                Some(json!({ "path": path }))
            }
            ApiError::PayloadTooLarge { limit } | ApiError::HeadersTooLarge { limit } => {
                Some(json!({ "limit": limit }))
            }
            ApiError::Overloaded { retry_after } => Some(json!({ "retry_after": retry_after })),
            ApiError::InvalidLog { line: Some(line), .. } => Some(json!({ "line": line })),
            ApiError::BatchTooLarge { len, max } => Some(json!({ "len": len, "max": max })),
            ApiError::InvalidTree(error) => serde_json::to_value(error).ok(),
            ApiError::NotReady(checks) => Some(json!({ "checks": checks })),
            ApiError::Status(status) => Some(json!({ "status": status.as_u16() })),
            _ => None,
        }
    }

    /// The envelope body, without a request id (the middleware adds it).
    pub fn body(&self) -> ErrorBody {
        ErrorBody { code: self.code(), message: self.to_string(), details: self.details(), request_id: None }
    }

    /// The error a bare status from a layer stands for.
    pub fn from_status(status: StatusCode) -> ApiError {
        match status {
            StatusCode::NOT_FOUND => ApiError::NotFound,
            StatusCode::METHOD_NOT_ALLOWED => ApiError::MethodNotAllowed,
            StatusCode::REQUEST_TIMEOUT => ApiError::Timeout,
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType,
            StatusCode::INTERNAL_SERVER_ERROR => ApiError::Internal,
            status => ApiError::Status(status),
        }
    }
}

/// Work that ran out of the request's time budget answers like the timeout layer would.
impl From<OutOfBudget> for ApiError {
    fn from(_: OutOfBudget) -> Self {
        ApiError::Timeout
    }
}

/// Every 4xx and 5xx response has this body.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[schema(example = json!({"error": {"code": "batch_too_large", "message": "300 texts in one request; the limit is 256",
    "details": {"len": 300, "max": 256}, "request_id": "5f1d2c9e-0c49-4a43-9d0e-3f7d7c2b1a10"}}))]
pub struct ErrorEnvelope {
    pub error: ErrorBody,
}

/// What went wrong, for programs (`code`, `details`) and for people (`message`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// Stable snake_case code; branch on this, not on the message.
    pub code: ApiErrorCode,
    /// One line for humans; wording may change.
    pub message: String,
    /// Structured data about the failure (the offending JSON path, the limit, the parse error, …).
    #[schema(value_type = Option<Object>)]
    pub details: Option<Value>,
    /// The `x-request-id` of the request, for finding it in the logs.
    pub request_id: Option<String>,
}

impl ErrorBody {
    /// The JSON response for this body.
    pub fn into_response(self, status: StatusCode) -> Response {
        let mut response = (status, axum::Json(ErrorEnvelope { error: self.clone() })).into_response();
        response.extensions_mut().insert(self);
        response
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status().is_server_error() {
            tracing::error!(error = %self, "request failed");
        }
        let mut response = self.body().into_response(self.status());
        if let ApiError::Overloaded { retry_after } = self {
            response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        }
        response
    }
}
