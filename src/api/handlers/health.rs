//! `GET /healthz` (liveness) and `GET /readyz` (readiness: every check passes).

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::GetErrors;
use crate::api::error::{ApiError, ErrorEnvelope};
use crate::api::state::AppState;
use crate::protocol::{ParseOptions, parse};
use crate::understand::Lang;

/// The process is up.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"status": "ok"}))]
pub struct Health {
    /// Always `ok`.
    pub status: String,
}

/// Liveness: the process answers.
#[utoipa::path(get, path = "/healthz", tag = "meta",
    responses((status = 200, description = "Alive", body = Health), GetErrors))]
pub async fn healthz() -> Json<Health> {
    Json(Health { status: "ok".to_owned() })
}

/// Every readiness check passed.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"status": "ready", "checks": [{"name": "protocol_self_test", "ok": true}]}))]
pub struct Readiness {
    /// Always `ready` (a failed check answers 503 instead).
    pub status: String,
    pub checks: Vec<Check>,
}

/// The outcome of one readiness check.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Check {
    pub name: &'static str,
    pub ok: bool,
    /// Why the check failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A named readiness check.
type CheckFn = fn(&AppState) -> Result<(), String>;

/// What must work before the service takes traffic.
const CHECKS: &[(&str, CheckFn)] = &[
    ("protocol_self_test", protocol_self_test),
    ("render_self_test", render_self_test),
    ("understand_self_test", understand_self_test),
];

/// The phrase files of both languages read a coming-out claim.
fn understand_self_test(state: &AppState) -> Result<(), String> {
    let ctx = crate::protocol::Context { speaker: Some(crate::protocol::Agent::Id(1)), ..Default::default() };
    for (lang, text) in [(Lang::Ja, "占い師COします。"), (Lang::En, "Seer CO.")] {
        let reading = state.translator().to_protocol(text, lang, &ctx);
        let got: Vec<&str> = reading.sentences.iter().map(|s| s.canonical.as_str()).collect();
        if got != ["COMINGOUT Agent[01] SEER"] {
            return Err(format!("{}: self-test read {text:?} as {got:?}", lang.code()));
        }
    }
    Ok(())
}

/// Every loaded language renders a nested sentence to non-empty text without protocol keywords.
fn render_self_test(state: &AppState) -> Result<(), String> {
    let parsed = parse("BECAUSE (DIVINED Agent[03] WEREWOLF) (REQUEST ANY (VOTE Agent[03]))", &ParseOptions::default())
        .map_err(|e| e.to_string())?;
    let renderer = state.renderer();
    let languages = renderer.languages();
    if languages.is_empty() {
        return Err("no template language is loaded".to_owned());
    }
    for lang in languages {
        let text = renderer
            .render(
                &parsed.sentence,
                lang,
                &crate::protocol::Context::default(),
                &crate::render::RenderOptions::default(),
            )
            .map_err(|e| e.to_string())?;
        if text.is_empty() || text.contains("BECAUSE") || text.contains("{{") {
            return Err(format!("{}: self-test rendered `{text}`", lang.code()));
        }
    }
    Ok(())
}

/// The parser and printer round-trip a sentence that exercises operators, nesting and normalization.
fn protocol_self_test(_: &AppState) -> Result<(), String> {
    const INPUT: &str = "Agent[01] BECAUSE (DIVINED Agent[3] WEREWOLF) (REQUEST ANY (VOTE Agent[03]))";
    const EXPECTED: &str = "Agent[01] BECAUSE (DIVINED Agent[03] WEREWOLF) (REQUEST ANY (VOTE Agent[03]))";
    let parsed = parse(INPUT, &ParseOptions::default()).map_err(|e| e.to_string())?;
    let canonical = parsed.sentence.to_canonical();
    if canonical == EXPECTED { Ok(()) } else { Err(format!("self-test printed `{canonical}`")) }
}

fn run_checks(state: &AppState) -> Vec<Check> {
    CHECKS
        .iter()
        .map(|(name, check)| match check(state) {
            Ok(()) => Check { name, ok: true, error: None },
            Err(error) => Check { name, ok: false, error: Some(error) },
        })
        .collect()
}

/// Readiness: the language resources are loaded and a self-test succeeds.
#[utoipa::path(get, path = "/readyz", tag = "meta",
    responses((status = 200, description = "Ready", body = Readiness),
        (status = 503, description = "`not_ready`: `details.checks` lists the checks", body = ErrorEnvelope),
        GetErrors))]
pub async fn readyz(State(state): State<AppState>) -> Result<Json<Readiness>, ApiError> {
    let checks = run_checks(&state);
    if checks.iter().all(|c| c.ok) {
        Ok(Json(Readiness { status: "ready".to_owned(), checks }))
    } else {
        Err(ApiError::NotReady(serde_json::to_value(&checks).unwrap_or_default()))
    }
}
