//! One module per endpoint group. Shared here: the batch-size check and the error responses every JSON
//! endpoint documents.

pub mod gamelog;
pub mod health;
pub mod item;
pub mod languages;
pub mod metrics;
pub mod page;
pub mod parse;
pub mod render;
pub mod templates;
pub mod translate;
pub mod validate;

use std::time::Instant;

use utoipa::IntoResponses;

use super::error::{ApiError, ErrorEnvelope};
use super::state::AppState;
use crate::protocol::{Context, MAX_NUMBER};

/// Rejects a batch over the configured limit (400 `batch_too_large`).
fn check_batch(state: &AppState, len: usize) -> Result<(), ApiError> {
    let max = state.config().max_batch;
    if len > max { Err(ApiError::BatchTooLarge { len, max }) } else { Ok(()) }
}

/// How many texts a batch handler translates between two looks at the clock.
const ITEMS_BETWEEN_DEADLINE_CHECKS: usize = 16;

/// The request's time limit, as seen by a handler. Handlers compute without awaiting, and the timeout layer
/// only looks at its clock while the handler is pending, so a long batch checks the limit itself and answers
/// 408 like the layer would. (Yielding to the runtime instead cost half again as much CPU per batch.)
struct Deadline(Instant);

impl Deadline {
    /// The configured limit, counted from now (the body has been read).
    fn start(state: &AppState) -> Self {
        Deadline(Instant::now() + state.config().request_timeout)
    }

    /// 408 `request_timeout` once the limit has passed; looks at the clock every
    /// [`ITEMS_BETWEEN_DEADLINE_CHECKS`]th item only.
    fn check(&self, index: usize) -> Result<(), ApiError> {
        let due = index % ITEMS_BETWEEN_DEADLINE_CHECKS == ITEMS_BETWEEN_DEADLINE_CHECKS - 1;
        if due && Instant::now() >= self.0 { Err(ApiError::Timeout) } else { Ok(()) }
    }
}

/// Rejects a context the protocol cannot talk about: a day above 2^31−1 (422 `invalid_body`).
fn check_context(context: &Context) -> Result<(), ApiError> {
    match context.day {
        Some(day) if day > MAX_NUMBER => Err(ApiError::InvalidBody {
            path: "context.day".to_owned(),
            reason: format!("day {day} is larger than {MAX_NUMBER}"),
        }),
        _ => Ok(()),
    }
}

/// The failures every `POST` endpoint with a JSON body can answer with.
#[derive(IntoResponses)]
pub enum JsonBodyErrors {
    /// `malformed_json` (not JSON), `batch_too_large`, or `invalid_log` (a game log with no readable line).
    #[response(status = 400)]
    BadRequest(ErrorEnvelope),
    /// `request_timeout`.
    #[response(status = 408)]
    Timeout(ErrorEnvelope),
    /// `payload_too_large`: the body is over the configured limit.
    #[response(status = 413)]
    TooLarge(ErrorEnvelope),
    /// `unsupported_media_type`: send `Content-Type: application/json`.
    #[response(status = 415)]
    MediaType(ErrorEnvelope),
    /// `invalid_body` or `unsupported_language`: JSON of the wrong shape (`details.path` says where).
    #[response(status = 422)]
    Unprocessable(ErrorEnvelope),
    /// `internal_error`.
    #[response(status = 500)]
    Internal(ErrorEnvelope),
}

/// The failures every `GET` endpoint can answer with.
#[derive(IntoResponses)]
pub enum GetErrors {
    /// `request_timeout`.
    #[response(status = 408)]
    Timeout(ErrorEnvelope),
    /// `internal_error`.
    #[response(status = 500)]
    Internal(ErrorEnvelope),
}
