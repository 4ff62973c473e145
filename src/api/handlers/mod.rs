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

use utoipa::IntoResponses;

use super::error::{ApiError, ErrorEnvelope};
use super::pool::Weight;
use super::state::AppState;
use crate::protocol::{Budget, Context, MAX_NUMBER};

/// Rejects a batch over the configured limit (400 `batch_too_large`).
fn check_batch(state: &AppState, len: usize) -> Result<(), ApiError> {
    let max = state.config().max_batch;
    if len > max { Err(ApiError::BatchTooLarge { len, max }) } else { Ok(()) }
}

/// Runs `work` on the CPU pool (see `api::pool`) with a budget of the request's time limit, so that the
/// async workers stay free and the work stops when the limit passes.
async fn on_pool<T, F>(state: &AppState, weight: Weight, work: F) -> Result<T, ApiError>
where
    T: Send + 'static,
    F: FnOnce(&AppState, &Budget) -> Result<T, ApiError> + Send + 'static,
{
    let budget = Budget::lasting(state.config().request_timeout);
    let worker_state = state.clone();
    state.pool().run(weight, budget, move |budget| work(&worker_state, budget)).await?
}

/// `each` of every text in order, checking the budget before each one (408 once it is spent).
fn each_text<T>(texts: &[String], budget: &Budget, mut each: impl FnMut(&str) -> T) -> Result<Vec<T>, ApiError> {
    let mut results = Vec::with_capacity(texts.len());
    for text in texts {
        budget.check()?;
        results.push(each(text));
    }
    Ok(results)
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
    /// `headers_too_large`: the header section is over the limit.
    #[response(status = 431)]
    HeadersTooLarge(ErrorEnvelope),
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
    /// `overloaded`: every worker stayed busy; retry after the `Retry-After` header's seconds.
    #[response(status = 503, headers(("Retry-After" = u64, description = "Seconds to wait before retrying")))]
    Overloaded(ErrorEnvelope),
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
