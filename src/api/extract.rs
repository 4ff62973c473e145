//! `ApiJson<T>`: axum's `Json` with every rejection answered by the error envelope, and with the JSON
//! path of a schema mismatch in `details.path`.

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use serde::de::DeserializeOwned;
use serde_json::Value;

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
        from_json_object(&bytes).map(ApiJson)
    }
}

/// Deserializes a JSON object body.
///
/// Two leniencies of serde are closed or matched to the schema here: serde reads a struct from an array
/// (`[[]]` as `{"texts": []}`), which the schema forbids, so the body must be an object; and JSON Schema
/// counts `41.0` as an integer while serde does not, so on that error the body is read again with
/// integral floats made integers. The fast path is a single parse.
pub fn from_json_object<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    if bytes.trim_ascii_start().first() != Some(&b'{') {
        serde_json::from_slice::<serde::de::IgnoredAny>(bytes).map_err(|e| ApiError::MalformedJson(e.to_string()))?;
        return Err(ApiError::InvalidBody { path: ".".to_owned(), reason: "expected a JSON object".to_owned() });
    }
    let mut deserializer = serde_json::Deserializer::from_slice(bytes);
    match serde_path_to_error::deserialize(&mut deserializer) {
        Ok(value) => {
            deserializer.end().map_err(|error| ApiError::MalformedJson(error.to_string()))?;
            Ok(value)
        }
        Err(error) if error.inner().to_string().starts_with("invalid type: floating point") => {
            let mut value: Value = serde_json::from_slice(bytes).map_err(|e| ApiError::MalformedJson(e.to_string()))?;
            super::strict::integral_floats_to_integers(&mut value);
            serde_path_to_error::deserialize(&value).map_err(json_error)
        }
        Err(error) => Err(json_error(error)),
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
