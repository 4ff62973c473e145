//! `POST /v1/translate`: a batch of texts from one language to another, one result per text, in order.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::item::{ItemError, ItemFailure};
use super::{JsonBodyErrors, check_batch, check_context, on_pool};
use crate::api::error::ApiError;
use crate::api::extract::ApiJson;
use crate::api::lang::{Channel, Language, SourceLang, Style};
use crate::api::pool::Weight;
use crate::api::state::AppState;
use crate::api::strict::object_only;
use crate::protocol::{Budget, Context, Sentence, Span, Warning};
use crate::render::RenderOptions;
use crate::translator::{self, Settings, TranslateError};
use crate::understand::Explanation;

/// Texts to translate, and how.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"texts": ["VOTE Agent[3]", "占い師COします。ケンジを占った結果、人狼でした。@ユキ 誰に投票する？",
    "Hello everyone!", "VOTX Agent[01]"],
    "source_lang": "auto", "target_lang": "protocol", "style": "polite",
    "context": {"speaker": "Agent[01]", "day": 2, "names": {"Agent[03]": "ケンジ"}}}))]
pub struct TranslateRequest {
    /// The texts; each is translated on its own and gets its own result or error.
    #[schema(max_items = 256)]
    pub texts: Vec<String>,
    /// The language of the texts; `auto` (the default) detects it per text: protocol when the text parses
    /// as protocol (or looks like it, so broken protocol gets its parse error), Japanese when it holds kana
    /// or kanji, English otherwise.
    #[serde(default)]
    pub source_lang: SourceLang,
    /// The language to translate into.
    pub target_lang: Language,
    /// Register of ja/en output; ignored for the protocol.
    #[serde(default)]
    pub style: Style,
    /// Talk or whisper, for ja/en output: in a whisper a COMINGOUT is a plan, not a claim.
    #[serde(default)]
    pub channel: Channel,
    /// Who speaks to whom, the day, and the game's names: read by both directions (natural-language input
    /// resolves 私/I to the speaker, あなた/you to the addressee, names through the table).
    #[serde(default, deserialize_with = "object_only")]
    pub context: Context,
    /// Natural-language input only: also say, for each sentence, which frame read it and which words filled
    /// it, and for each clause that gave nothing, why.
    #[serde(default)]
    pub explain: bool,
}

/// One result per input text, in input order.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"results": [
    {"text": "VOTE Agent[03]", "detected_source_lang": "protocol", "target_lang": "protocol",
     "sentences": [{"protocol": "VOTE Agent[03]", "ast": {"type": "VOTE", "target": "Agent[03]"},
                    "confidence": 1.0, "span": {"start": 0, "end": 13}, "alternatives": []}],
     "unknown_names": [],
     "warnings": [{"code": "number_format", "span": {"start": 5, "end": 13}, "message": "agent written `Agent[03]`"}]},
    {"text": "COMINGOUT Agent[01] SEER ; DIVINED Agent[03] WEREWOLF", "detected_source_lang": "ja",
     "target_lang": "protocol",
     "sentences": [
        {"protocol": "COMINGOUT Agent[01] SEER",
         "ast": {"type": "COMINGOUT", "target": "Agent[01]", "role": "SEER"},
         "confidence": 0.9, "span": {"start": 0, "end": 20}, "alternatives": []},
        {"protocol": "DIVINED Agent[03] WEREWOLF",
         "ast": {"type": "DIVINED", "target": "Agent[03]", "species": "WEREWOLF"},
         "confidence": 0.9, "span": {"start": 23, "end": 59}, "alternatives": []}],
     "unknown_names": [{"name": "ユキ", "span": {"start": 71, "end": 78}}], "warnings": []},
    {"text": "Skip", "detected_source_lang": "en", "target_lang": "protocol", "sentences": [],
     "unknown_names": [], "warnings": []},
    {"error": {"code": "unknown_verb", "span": {"start": 0, "end": 4},
     "message": "`VOTX` is not a verb or operator"}}]}))]
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
    /// The translation. Into the protocol: the canonical sentences joined by ` ; `, or `Skip` when nothing
    /// in a natural-language text maps to the protocol. Between ja and en: the protocol reading rendered
    /// (what is not understood is not carried over).
    pub text: String,
    /// The language the text was read as (with `source_lang: auto`, the detected one).
    pub detected_source_lang: Language,
    pub target_lang: Language,
    /// The protocol reading of the text: one sentence for protocol input; for natural language one per
    /// recognized sentence, in utterance order, each with its confidence, span and alternatives (empty
    /// when nothing maps).
    pub sentences: Vec<Reading>,
    /// Readings of natural-language input too doubtful to be sentences (a result with no source word may be
    /// DIVINED or IDENTIFIED), most likely first; empty when there are none.
    pub alternatives: Vec<Alternative>,
    /// With `explain`: how the natural-language input was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
    /// Names in natural-language input that match nobody in `context.names`: reported, never bound to a seat.
    pub unknown_names: Vec<UnknownName>,
    /// What the lenient protocol parser normalized (protocol input only).
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
    /// Other readings of the same words, most likely first.
    pub alternatives: Vec<Alternative>,
}

/// A less likely reading.
#[derive(Debug, Serialize, ToSchema)]
pub struct Alternative {
    pub protocol: String,
    pub ast: Sentence,
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub confidence: f32,
}

/// A name-like word (`@Yuki`, a katakana name with さん) that is not in the name table.
#[derive(Debug, Serialize, ToSchema)]
pub struct UnknownName {
    /// As written in the text.
    pub name: String,
    /// Where, in bytes of the text.
    pub span: Span,
}

/// Translate texts between the protocol, Japanese and English.
///
/// Every text gets a result in the same position: a translation, or a per-item error (invalid protocol,
/// a text over the length limit). Only problems with the request itself fail it. Natural language is read
/// as said by `context.speaker` to `context.addressee` (or the player a leading `@Name` / `>>Agent[NN]`
/// names), with `context.names` resolving names to seats.
#[utoipa::path(post, path = "/v1/translate", tag = "translate", request_body = TranslateRequest,
    responses((status = 200, description = "One result per text", body = TranslateResponse), JsonBodyErrors))]
pub async fn translate(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<TranslateRequest>,
) -> Result<Json<TranslateResponse>, ApiError> {
    check_batch(&state, request.texts.len())?;
    check_context(&request.context)?;
    on_pool(&state, Weight::Light, move |state, budget| translate_batch(state, &request, budget)).await.map(Json)
}

/// Every text of the request, in order; stops with 408 once the budget is spent.
fn translate_batch(
    state: &AppState,
    request: &TranslateRequest,
    budget: &Budget,
) -> Result<TranslateResponse, ApiError> {
    let parse = state.parse_options(false);
    let render =
        RenderOptions { style: request.style.into(), channel: request.channel.into(), ..RenderOptions::default() };
    let settings = Settings { ctx: &request.context, render: &render, parse: &parse, explain: request.explain };
    let from = request.source_lang.format();
    let to = request.target_lang.into();
    let mut results = Vec::with_capacity(request.texts.len());
    for text in &request.texts {
        results.push(match state.translator().translate_within(text, from, to, &settings, budget) {
            Ok(translation) => TranslateResult::Ok(response(translation, request.target_lang)),
            Err(TranslateError::Parse(error)) => TranslateResult::Err(ItemError::from(error).into()),
            Err(TranslateError::Render(error)) => TranslateResult::Err(ItemError::render_failed(text, &error).into()),
            Err(TranslateError::OutOfBudget(out)) => return Err(out.into()),
        });
    }
    Ok(TranslateResponse { results })
}

fn response(translation: translator::Translation, target_lang: Language) -> Translation {
    let reading = translation.reading;
    let alternative = |a: crate::understand::Alternative| Alternative {
        protocol: a.canonical,
        ast: a.sentence,
        confidence: a.confidence,
    };
    let sentences = reading
        .sentences
        .into_iter()
        .map(|understood| Reading {
            protocol: understood.canonical,
            ast: understood.sentence,
            confidence: understood.confidence,
            span: understood.span,
            alternatives: understood.alternatives.into_iter().map(alternative).collect(),
        })
        .collect();
    Translation {
        text: translation.text,
        detected_source_lang: translation.source.into(),
        target_lang,
        sentences,
        alternatives: reading.alternatives.into_iter().map(alternative).collect(),
        explanation: reading.explanation,
        unknown_names: reading.unknown_names.into_iter().map(|u| UnknownName { name: u.name, span: u.span }).collect(),
        warnings: translation.warnings,
    }
}
