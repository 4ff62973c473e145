//! `ApiJson<T>`: axum's `Json` with every rejection answered by the error envelope, and with the JSON
//! path of a schema mismatch in `details.path`.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use serde::de::DeserializeOwned;

use super::error::ApiError;
use super::state::AppState;

/// The request fields whose values are language codes; a bad value there is `unsupported_language`.
const LANGUAGE_FIELDS: &[&str] = &["source_lang", "target_lang", "targets"];

/// A JSON request body. Requires `Content-Type: application/json` (or `application/*+json`).
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for ApiJson<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        if !is_json(request.headers()) {
            return Err(ApiError::UnsupportedMediaType);
        }
        let limit = state.config().body_limit;
        let bytes = Bytes::from_request(request, state).await.map_err(|rejection| body_error(rejection, limit))?;
        let mut deserializer = serde_json::Deserializer::from_slice(&bytes);
        let value = serde_path_to_error::deserialize(&mut deserializer).map_err(json_error)?;
        deserializer.end().map_err(|error| ApiError::MalformedJson(error.to_string()))?;
        Ok(ApiJson(value))
    }
}

fn is_json(headers: &axum::http::HeaderMap) -> bool {
    let Some(content_type) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = content_type.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence == "application/json" || (essence.starts_with("application/") && essence.ends_with("+json"))
}

fn body_error(rejection: BytesRejection, limit: usize) -> ApiError {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::PayloadTooLarge { limit }
    } else {
        ApiError::MalformedJson(rejection.body_text())
    }
}

fn json_error(error: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    let path = error.path().to_string();
    let inner = error.into_inner();
    let reason = inner.to_string();
    match inner.classify() {
        serde_json::error::Category::Data => {
            let language_field = error_field(&path).is_some_and(|field| LANGUAGE_FIELDS.contains(&field));
            if language_field && reason.starts_with("unknown variant") {
                ApiError::UnsupportedLanguage { path, reason }
            } else {
                ApiError::InvalidBody { path, reason }
            }
        }
        serde_json::error::Category::Syntax | serde_json::error::Category::Eof | serde_json::error::Category::Io => {
            ApiError::MalformedJson(reason)
        }
    }
}

/// The last named field of a serde path (`targets[1]` → `targets`).
fn error_field(path: &str) -> Option<&str> {
    path.rsplit('.').find(|segment| !segment.starts_with('[')).map(|s| s.split('[').next().unwrap_or(s))
}
