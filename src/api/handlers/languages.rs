//! `GET /v1/languages`: what the service translates, in which directions and styles.

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::GetErrors;
use crate::api::lang::{LanguageInfo, languages as all_languages};

/// Every language the API names.
#[derive(Debug, Serialize, ToSchema)]
pub struct LanguagesResponse {
    pub languages: Vec<LanguageInfo>,
}

/// List languages, translation directions and styles.
#[utoipa::path(get, path = "/v1/languages", tag = "meta",
    responses((status = 200, description = "Languages", body = LanguagesResponse), GetErrors))]
pub async fn languages() -> Json<LanguagesResponse> {
    Json(LanguagesResponse { languages: all_languages() })
}
