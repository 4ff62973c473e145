//! `POST /v1/translate`: a batch of texts from one language to another, one result per text, in order.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::item::{ItemError, ItemFailure};
use super::{JsonBodyErrors, check_batch, check_context};
use crate::api::error::ApiError;
use crate::api::extract::ApiJson;
use crate::api::lang::{Language, SourceLang, Style, supported};
use crate::api::state::AppState;
use crate::api::strict::object_only;
use crate::protocol::{Context, ErrorCode, ParseOptions, Parsed, Sentence, Span, Warning, parse};
use crate::render::RenderOptions;

/// Texts to translate, and how.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"texts": ["VOTE Agent[3]", "Agent[01] COMINGOUT Agent[01] SEER"],
    "source_lang": "auto", "target_lang": "protocol", "style": "polite",
    "context": {"speaker": "Agent[01]", "day": 2}}))]
pub struct TranslateRequest {
    /// The texts; each is translated on its own and gets its own result or error.
    #[schema(max_items = 256)]
    pub texts: Vec<String>,
    /// The language of the texts; `auto` (the default) detects it per text.
    #[serde(default)]
    pub source_lang: SourceLang,
    /// The language to translate into.
    pub target_lang: Language,
    /// Register of ja/en output; ignored for the protocol.
    #[serde(default)]
    pub style: Style,
    /// Who speaks to whom, the day, and the game's names.
    #[serde(default, deserialize_with = "object_only")]
    pub context: Context,
}

/// One result per input text, in input order.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"results": [
    {"text": "VOTE Agent[03]", "detected_source_lang": "protocol", "target_lang": "protocol",
     "sentences": [{"protocol": "VOTE Agent[03]", "ast": {"type": "VOTE", "target": "Agent[03]"},
                    "confidence": 1.0, "span": {"start": 0, "end": 13}, "alternatives": []}],
     "unknown_names": [],
     "warnings": [{"code": "number_format", "span": {"start": 5, "end": 13}, "message": "agent written `Agent[3]`"}]},
    {"error": {"code": "nl_understanding_unavailable", "span": {"start": 0, "end": 9},
     "message": "natural-language understanding is not available yet"}}]}))]
pub struct TranslateResponse {
    pub results: Vec<TranslateResult>,
}

/// A translation, or why this text could not be translated.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum TranslateResult {
    Ok(Translation),
    Err(ItemFailure),
}

/// One translated text.
#[derive(Debug, Serialize, ToSchema)]
pub struct Translation {
    /// The translation.
    pub text: String,
    /// The language the text was read as (with `source_lang: auto`, the detected one).
    pub detected_source_lang: Language,
    pub target_lang: Language,
    /// The protocol reading of the text: one sentence for protocol input; for natural language, one per
    /// recognized sentence, with alternatives.
    pub sentences: Vec<Reading>,
    /// Names in natural-language input that are not in `context.names`.
    pub unknown_names: Vec<String>,
    /// What the lenient protocol parser normalized.
    pub warnings: Vec<Warning>,
}

/// A sentence of the input as protocol.
#[derive(Debug, Serialize, ToSchema)]
pub struct Reading {
    /// Canonical protocol text.
    pub protocol: String,
    pub ast: Sentence,
    /// How sure the reading is, 0 to 1 (1 for protocol input).
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub confidence: f32,
    /// The bytes of the input this sentence was read from.
    pub span: Span,
    /// Other readings, most likely first.
    pub alternatives: Vec<Alternative>,
}

/// A less likely reading.
#[derive(Debug, Serialize, ToSchema)]
pub struct Alternative {
    pub protocol: String,
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub confidence: f32,
}

/// Translate texts between the protocol, Japanese and English.
///
/// Every text gets a result in the same position: a translation, or a per-item error (invalid protocol,
/// unsupported direction). Only problems with the request itself fail it.
#[utoipa::path(post, path = "/v1/translate", tag = "translate", request_body = TranslateRequest,
    responses((status = 200, description = "One result per text", body = TranslateResponse), JsonBodyErrors))]
pub async fn translate(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<TranslateRequest>,
) -> Result<Json<TranslateResponse>, ApiError> {
    check_batch(&state, request.texts.len())?;
    check_context(&request.context)?;
    let options = state.parse_options(false);
    let results = request
        .texts
        .iter()
        .map(|text| match translate_one(&state, text, &request, &options) {
            Ok(translation) => TranslateResult::Ok(translation),
            Err(error) => TranslateResult::Err(error.into()),
        })
        .collect();
    Ok(Json(TranslateResponse { results }))
}

fn translate_one(
    state: &AppState,
    text: &str,
    request: &TranslateRequest,
    options: &ParseOptions,
) -> Result<Translation, ItemError> {
    let (source, parsed) = read(text, request.source_lang, options)?;
    let target = request.target_lang;
    if !supported(source, target) {
        return Err(ItemError::unsupported_pair(text, source, target));
    }
    let canonical = parsed.sentence.to_canonical();
    let translated = match target.render_lang() {
        None => canonical.clone(),
        Some(lang) => {
            let options = RenderOptions { style: request.style.into(), ..RenderOptions::default() };
            state
                .renderer()
                .render(&parsed.sentence, lang, &request.context, &options)
                .map_err(|error| ItemError::render_failed(text, &error))?
        }
    };
    let reading = Reading {
        protocol: canonical,
        ast: parsed.sentence,
        confidence: 1.0,
        span: Span::new(0, text.len()),
        alternatives: Vec::new(),
    };
    Ok(Translation {
        text: translated,
        detected_source_lang: source,
        target_lang: target,
        sentences: vec![reading],
        unknown_names: Vec::new(),
        warnings: parsed.warnings,
    })
}

/// Reads `text` as its source language. With `auto`, a text is protocol when it parses leniently.
fn read(text: &str, source: SourceLang, options: &ParseOptions) -> Result<(Language, Parsed), ItemError> {
    match source {
        SourceLang::Protocol => Ok((Language::Protocol, parse(text, options)?)),
        SourceLang::Auto => match parse(text, options) {
            Ok(parsed) => Ok((Language::Protocol, parsed)),
            // Limits hold whatever the language.
            Err(error) if matches!(error.code, ErrorCode::TooLong | ErrorCode::EmptyInput) => Err(error.into()),
            // TODO(nl-understanding): read `text` as ja/en here and return its readings.
            Err(error) => Err(ItemError::nl_unavailable(text, Some(&error))),
        },
        // TODO(nl-understanding): NL → protocol.
        SourceLang::Ja | SourceLang::En => Err(ItemError::nl_unavailable(text, None)),
    }
}
