//! `POST /v1/validate`: is each text valid protocol, and if not, where and why.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{JsonBodyErrors, check_batch, each_text, on_pool};
use crate::api::error::ApiError;
use crate::api::extract::ApiJson;
use crate::api::pool::Weight;
use crate::api::state::AppState;
use crate::protocol::{ParseError, Warning, parse};

/// Texts to check.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"texts": ["VOTE Agent[03]", "VOTX Agent[03]"], "strict": true}))]
pub struct ValidateRequest {
    #[schema(max_items = 256)]
    pub texts: Vec<String>,
    /// Only canonical 3.6 is valid; otherwise anything the lenient parser accepts is.
    #[serde(default)]
    pub strict: bool,
}

/// Per-text verdicts in input order, and whether all passed.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"valid": false, "results": [
    {"valid": true, "errors": [], "warnings": []},
    {"valid": false, "errors": [{"code": "unknown_verb", "span": {"start": 0, "end": 4},
        "expected": ["ESTIMATE", "VOTE"], "message": "`VOTX` is not a verb or operator"}], "warnings": []}]}))]
pub struct ValidateResponse {
    /// True when every text is valid.
    pub valid: bool,
    pub results: Vec<Validation>,
}

/// The verdict on one text.
#[derive(Debug, Serialize, ToSchema)]
pub struct Validation {
    pub valid: bool,
    /// Why the text is invalid, with byte spans (empty when valid).
    pub errors: Vec<ParseError>,
    /// Normalizations a lenient parse applied (a strict parse rejects these instead).
    pub warnings: Vec<Warning>,
}

/// Check protocol texts.
#[utoipa::path(post, path = "/v1/validate", tag = "protocol", request_body = ValidateRequest,
    responses((status = 200, description = "One verdict per text", body = ValidateResponse), JsonBodyErrors))]
pub async fn validate(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ValidateRequest>,
) -> Result<Json<ValidateResponse>, ApiError> {
    check_batch(&state, request.texts.len())?;
    on_pool(&state, Weight::Light, move |state, budget| {
        let options = state.parse_options(request.strict);
        let results: Vec<Validation> = each_text(&request.texts, budget, |text| match parse(text, &options) {
            Ok(parsed) => Validation { valid: true, errors: Vec::new(), warnings: parsed.warnings },
            Err(error) => Validation { valid: false, errors: vec![error], warnings: Vec::new() },
        })?;
        Ok(ValidateResponse { valid: results.iter().all(|r| r.valid), results })
    })
    .await
    .map(Json)
}
