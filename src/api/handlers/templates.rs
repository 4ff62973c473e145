//! `GET /v1/templates`: every loaded template, the variables it reads and how a sample renders, so template
//! authors and front ends can see what a language set contains without reading the folder.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::GetErrors;
use crate::api::lang::Language;
use crate::api::state::AppState;
use crate::render::{Lang, TemplateInfo};

/// The loaded template sets.
#[derive(Debug, Serialize, ToSchema)]
pub struct TemplatesResponse {
    /// Every template of every loaded language, by language then file name.
    pub templates: Vec<TemplateEntry>,
}

/// One template file of one language.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"lang": "en", "name": "VOTE.txt", "variables": ["casual", "mood", "neg", "same",
    "subj", "subj_kind", "target", "target_kind", "v", "variant", "verb"], "sample_input": "VOTE Agent[03]",
    "sample_output": "I will vote for Kenji."}))]
pub struct TemplateEntry {
    /// The language the template belongs to.
    pub lang: Language,
    /// The file name in `templates/<lang>/`: one per verb and operator, `_*.txt` for shared parts.
    pub name: String,
    /// The variables the template reads, sorted.
    pub variables: Vec<String>,
    /// A protocol sentence that goes through this template.
    pub sample_input: String,
    /// How that sentence renders (speaker Agent[01], the example name table, day 2, polite).
    pub sample_output: String,
}

impl From<TemplateInfo> for TemplateEntry {
    fn from(info: TemplateInfo) -> Self {
        let lang = match info.lang {
            Lang::Ja => Language::Ja,
            Lang::En => Language::En,
        };
        TemplateEntry {
            lang,
            name: info.name,
            variables: info.variables,
            sample_input: info.sample_input,
            sample_output: info.sample_output,
        }
    }
}

/// List the templates of every loaded language with their variables and a sample rendering.
#[utoipa::path(get, path = "/v1/templates", tag = "meta",
    responses((status = 200, description = "The loaded templates", body = TemplatesResponse), GetErrors))]
pub async fn templates(State(state): State<AppState>) -> Json<TemplatesResponse> {
    let templates = state.renderer().templates().into_iter().map(TemplateEntry::from).collect();
    Json(TemplatesResponse { templates })
}
