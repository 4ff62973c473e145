//! `POST /v1/gamelog/render`: a whole game log → a transcript in Japanese or English, as the JSON
//! transcript, plain text, or one HTML fragment (see docs/gamelog.md).

use axum::body::Body;
use axum::extract::{FromRequest, Request, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::ToSchema;

use super::{JsonBodyErrors, on_pool};
use crate::api::chunked::Chunks;
use crate::api::error::ApiError;
use crate::api::extract::ApiJson;
use crate::api::lang::Style;
use crate::api::pool::Weight;
use crate::api::state::AppState;
use crate::api::strict::object_only;
use crate::gamelog::{Format, GamelogError, LogLimits, Transcript, TranscriptOptions, transcribe, write_into};
use crate::protocol::{Budget, NameTable};
use crate::render::Lang;

/// A log to transcribe.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"log": "0,status,1,SEER,ALIVE,alice\n0,status,2,WEREWOLF,ALIVE,bob\n1,talk,0,0,1,COMINGOUT Agent[01] SEER\n1,vote,1,2\n1,vote,2,1\n1,execute,2,WEREWOLF\n1,result,1,0,VILLAGER\n",
    "target_lang": "en", "format": "json", "names": {"Agent[01]": "Minato", "Agent[02]": "Sakura"}, "style": "polite"}))]
pub struct GamelogRequest {
    /// The whole log text, as the AIWolf server writes it (any era from 2014).
    pub log: String,
    /// The transcript's language.
    pub target_lang: TranscriptLang,
    /// `json` (the transcript object, default), `text` (text/plain) or `html` (one text/html fragment).
    #[serde(default)]
    pub format: Format,
    /// Display names of the agents; the others read `Agent[NN]`.
    #[serde(default, deserialize_with = "object_only")]
    pub names: NameTable,
    /// Register of the translated talk.
    #[serde(default)]
    pub style: Style,
}

/// A language a transcript can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TranscriptLang {
    Ja,
    En,
}

impl From<TranscriptLang> for Lang {
    fn from(lang: TranscriptLang) -> Self {
        match lang {
            TranscriptLang::Ja => Lang::Ja,
            TranscriptLang::En => Lang::En,
        }
    }
}

/// Transcribe a game log.
///
/// Reads every line of the log (5- and 6-field talk, lower-case 2014 roles, revotes, `attack,-1,false`, …); a
/// line that cannot be read is listed in `errors` with its number and reading goes on. Talk is translated with
/// the original protocol kept beside it; AGREE/DISAGREE quote the talk they refer to; votes, executions,
/// divinations, guards and attacks are narrated; the result reveals every role. With `format: html` the body is
/// one `<article class="transcript">` fragment in which every string from the log is escaped. An empty log,
/// or one with no readable line, is a 400 `invalid_log` (`details.line`: the first bad line).
#[utoipa::path(post, path = "/v1/gamelog/render", tag = "gamelog", request_body = GamelogRequest,
    responses(
        (status = 200, description = "The transcript: the JSON object, text/plain or one text/html fragment, as `format` asks",
            content((Transcript = "application/json"), (String = "text/plain"), (String = "text/html"))),
        JsonBodyErrors))]
pub async fn render_gamelog(State(state): State<AppState>, request: Request) -> Result<Response, ApiError> {
    // The permit first, the body after: a request waiting for its turn holds no log (see `api::pool`).
    let permit = state.pool().reserve_heavy().await?;
    let ApiJson(request) = ApiJson::<GamelogRequest>::from_request(request, &state).await?;
    on_pool(&state, Weight::Heavy(permit), move |state, budget| transcribe_log(state, request, budget)).await
}

/// The transcript in the asked format, as a response.
fn transcribe_log(state: &AppState, request: GamelogRequest, budget: &Budget) -> Result<Response, ApiError> {
    let mut options = TranscriptOptions::new(request.target_lang.into());
    options.style = request.style.into();
    options.names = request.names;
    options.parse = state.parse_options(false);
    options.budget = budget.clone();
    let limits = LogLimits::default();
    let transcript = transcribe(&request.log, state.renderer(), &options, &limits).map_err(|error| match error {
        GamelogError::Empty => ApiError::InvalidLog { message: error.to_string(), line: None },
        GamelogError::Unreadable { line, .. } => ApiError::InvalidLog { message: error.to_string(), line: Some(line) },
        GamelogError::TooLarge { max, .. } => ApiError::PayloadTooLarge { limit: max },
        GamelogError::OutOfBudget => ApiError::Timeout,
        GamelogError::Phrases { .. } => {
            tracing::error!(%error, "narration phrases");
            ApiError::Internal
        }
    })?;
    // The log is no longer needed: free it before the output is built beside the transcript.
    drop(request.log);
    // Written in pieces (see `api::chunked`): the output of a 4 MiB log is tens of megabytes.
    let mut chunks = Chunks::new();
    let (written, content_type) = match request.format {
        Format::Json => (serde_json::to_writer(&mut chunks, &transcript).is_ok(), "application/json"),
        Format::Text => (write_into(&transcript, Format::Text, &mut chunks).is_ok(), "text/plain; charset=utf-8"),
        Format::Html => (write_into(&transcript, Format::Html, &mut chunks).is_ok(), "text/html; charset=utf-8"),
    };
    if !written {
        return Err(ApiError::Internal);
    }
    drop(transcript);
    Ok(([(header::CONTENT_TYPE, content_type)], Body::new(chunks.into_body())).into_response())
}
