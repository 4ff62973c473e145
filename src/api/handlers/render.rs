//! `POST /v1/render`: a syntax tree built by a bot → protocol text (and ja/en after the render merge).

use axum::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::item::ItemError;
use super::{JsonBodyErrors, check_context, on_pool};
use crate::api::error::ApiError;
use crate::api::extract::ApiJson;
use crate::api::lang::{Channel, Language, Style};
use crate::api::pool::Weight;
use crate::api::state::AppState;
use crate::api::strict::{object_only, string_tagged_sentence};
use crate::protocol::{Budget, Context, Sentence, parse, validate_tree};
use crate::render::RenderOptions;

/// A tree to write out, and in which languages.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"sentence": {"type": "REQUEST", "target": "ANY",
    "sentence": {"type": "VOTE", "target": "Agent[01]"}}, "targets": ["protocol"], "style": "polite",
    "context": {"speaker": "Agent[02]"}}))]
pub struct RenderRequest {
    #[serde(deserialize_with = "string_tagged_sentence")]
    pub sentence: Sentence,
    /// Languages to render into, answered in this order. Default: `["protocol"]`.
    #[serde(default = "protocol_only")]
    pub targets: Vec<Language>,
    /// Register of ja/en output.
    #[serde(default)]
    pub style: Style,
    /// Talk or whisper, for ja/en output: in a whisper a COMINGOUT is a plan, not a claim.
    #[serde(default)]
    pub channel: Channel,
    /// Who speaks to whom, the day, and the game's names (for ja/en).
    #[serde(default, deserialize_with = "object_only")]
    pub context: Context,
}

fn protocol_only() -> Vec<Language> {
    vec![Language::Protocol]
}

/// One rendering per requested target, in order.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"renderings": [{"lang": "protocol", "text": "REQUEST ANY (VOTE Agent[01])"}]}))]
pub struct RenderResponse {
    pub renderings: Vec<RenderResult>,
}

/// A rendering, or why this target could not be rendered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum RenderResult {
    Ok(Rendering),
    Err(RenderFailure),
}

/// The sentence in one language.
#[derive(Debug, Serialize, ToSchema)]
pub struct Rendering {
    pub lang: Language,
    pub text: String,
}

/// A target that could not be rendered.
#[derive(Debug, Serialize, ToSchema)]
pub struct RenderFailure {
    pub lang: Language,
    pub error: ItemError,
}

/// Write a syntax tree as protocol text (and Japanese or English).
///
/// The tree is checked first: nesting depth, operand counts, no subject on Skip/Over, and numbers the
/// protocol can write; a tree that fails is a 422 `invalid_tree` with the parser's error in `details`.
#[utoipa::path(post, path = "/v1/render", tag = "translate", request_body = RenderRequest,
    responses((status = 200, description = "One rendering per target", body = RenderResponse), JsonBodyErrors))]
pub async fn render(
    State(state): State<AppState>,
    ApiJson(request): ApiJson<RenderRequest>,
) -> Result<Json<RenderResponse>, ApiError> {
    check_context(&request.context)?;
    on_pool(&state, Weight::Light, move |state, budget| render_targets(state, &request, budget)).await.map(Json)
}

/// The tree checked, then written in every target language.
fn render_targets(state: &AppState, request: &RenderRequest, budget: &Budget) -> Result<RenderResponse, ApiError> {
    let options = state.parse_options(false);
    validate_tree(&request.sentence, options.max_depth).map_err(ApiError::InvalidTree)?;
    let canonical = request.sentence.to_canonical();
    // The printed text must read back: this catches what the tree check cannot (numbers above 2^31−1).
    parse(&canonical, &options).map_err(ApiError::InvalidTree)?;
    let mut renderings = Vec::with_capacity(request.targets.len());
    for &lang in &request.targets {
        budget.check()?;
        renderings.push(match lang.render_lang() {
            None => RenderResult::Ok(Rendering { lang, text: canonical.clone() }),
            Some(render_lang) => {
                let options = RenderOptions {
                    style: request.style.into(),
                    channel: request.channel.into(),
                    ..RenderOptions::default()
                };
                match state.renderer().render(&request.sentence, render_lang, &request.context, &options) {
                    Ok(text) => RenderResult::Ok(Rendering { lang, text }),
                    Err(error) => {
                        RenderResult::Err(RenderFailure { lang, error: ItemError::render_failed(&canonical, &error) })
                    }
                }
            }
        });
    }
    Ok(RenderResponse { renderings })
}
