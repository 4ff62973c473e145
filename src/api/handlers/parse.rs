//! `POST /v1/parse`: protocol texts → syntax trees, canonical text, warnings and resolved subjects.

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::item::{ItemError, ItemFailure};
use super::{JsonBodyErrors, check_batch, each_text, on_pool};
use crate::api::error::ApiError;
use crate::api::extract::ApiJson;
use crate::api::pool::Weight;
use crate::api::state::AppState;
use crate::protocol::{Agent, AnyAgents, ParseError, Sentence, Span, Warning, expand_any, parse, resolve_subjects};

/// Protocol texts to parse.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"texts": ["Agent[01] REQUEST Agent[02] (Agent[02] VOTE Agent[3])"], "strict": false,
    "speaker": "Agent[01]"}))]
pub struct ParseRequest {
    /// Protocol texts, parsed independently.
    #[schema(max_items = 256)]
    pub texts: Vec<String>,
    /// Reject anything not already canonical 3.6 (error `not_canonical`) instead of normalizing it.
    #[serde(default)]
    pub strict: bool,
    /// Who said the texts: an omitted top-level subject resolves to this agent.
    #[serde(default)]
    pub speaker: Option<Agent>,
    /// Also give each sentence with every ANY expanded into the OR of its substitutions (spec 3.6).
    #[serde(default)]
    pub expand_any: Option<ExpandAnyRequest>,
}

/// The game's agents, which ANY stands for (roles and species use the spec's valid sets).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"agents": ["Agent[01]", "Agent[02]", "Agent[03]"]}))]
pub struct ExpandAnyRequest {
    /// Agents, not ANY; at most 256 (a repeat is dropped).
    #[schema(schema_with = expand_any_agents)]
    pub agents: Vec<Agent>,
}

fn expand_any_agents() -> utoipa::openapi::schema::ArrayBuilder {
    crate::api::schema::seat_list(crate::protocol::MAX_EXPANSION_AGENTS)
}

/// One result per text, in input order.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"results": [{
    "canonical": "Agent[01] REQUEST Agent[02] (VOTE Agent[03])",
    "ast": {"type": "REQUEST", "subject": "Agent[01]", "target": "Agent[02]",
            "sentence": {"type": "VOTE", "target": "Agent[03]"}},
    "resolved": {"type": "REQUEST", "subject": "Agent[01]", "target": "Agent[02]",
                 "sentence": {"type": "VOTE", "subject": "Agent[02]", "target": "Agent[03]"}},
    "warnings": [{"code": "redundant_subject", "span": {"start": 29, "end": 38},
                  "message": "operand subject equals the inherited one"}]}]}))]
pub struct ParseResponse {
    pub results: Vec<ParseResult>,
}

/// A parsed text, or its parse error.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum ParseResult {
    Ok(ParsedText),
    Err(ItemFailure),
}

/// A parsed text.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParsedText {
    /// The canonical 3.6 text (what the Java reference prints).
    pub canonical: String,
    /// The tree with subjects as written.
    pub ast: Sentence,
    /// The tree with every omitted subject filled in (spec §4): the speaker at the top, the target inside
    /// REQUEST and INQUIRE, the parent's subject inside other operators.
    pub resolved: Sentence,
    /// What the lenient parser normalized (empty in strict mode).
    pub warnings: Vec<Warning>,
    /// The tree with every ANY expanded, when `expand_any` was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expanded: Option<ExpandedText>,
}

/// A sentence with every ANY expanded into the OR of its substitutions.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExpandedText {
    pub canonical: String,
    pub ast: Sentence,
}

/// Parse protocol texts into syntax trees.
#[utoipa::path(post, path = "/v1/parse", tag = "protocol", request_body = ParseRequest,
    responses((status = 200, description = "One result per text", body = ParseResponse), JsonBodyErrors))]
pub async fn parse_texts(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<ParseRequest>,
) -> Result<Json<ParseResponse>, ApiError> {
    check_batch(&state, request.texts.len())?;
    let any_agents = match request.expand_any {
        Some(expansion) => Some(
            AnyAgents::new(expansion.agents)
                .map_err(|reason| ApiError::InvalidBody { path: "expand_any.agents".to_owned(), reason })?,
        ),
        None => None,
    };
    on_pool(&state, Weight::Light, move |state, budget| {
        let options = state.parse_options(request.strict);
        let parse_one = |text: &str| -> Result<ParsedText, ParseError> {
            let parsed = parse(text, &options)?;
            let expanded = match &any_agents {
                Some(agents) => {
                    let ast = expand_any(&parsed.sentence, agents, Span::new(0, text.len()))?;
                    Some(ExpandedText { canonical: ast.to_canonical(), ast })
                }
                None => None,
            };
            Ok(ParsedText {
                canonical: parsed.sentence.to_canonical(),
                resolved: resolve_subjects(&parsed.sentence, request.speaker),
                ast: parsed.sentence,
                warnings: parsed.warnings,
                expanded,
            })
        };
        let results = each_text(&request.texts, budget, |text| match parse_one(text) {
            Ok(parsed) => ParseResult::Ok(parsed),
            Err(error) => ParseResult::Err(ItemFailure { error: ItemError::from(error) }),
        })?;
        Ok(ParseResponse { results })
    })
    .await
    .map(Json)
}
