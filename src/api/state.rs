//! What every request handler shares: configuration, metrics, the CPU pool and the translator (templates and
//! phrases).

use std::sync::{Arc, OnceLock};

use super::config::ApiConfig;
use super::metrics::Metrics;
use super::pool::Pool;
use crate::protocol::ParseOptions;
use crate::render::Renderer;
use crate::translator::Translator;
use crate::understand::Understander;

/// Cheap to clone: everything lives behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    config: ApiConfig,
    metrics: Metrics,
    pool: Pool,
    translator: Translator,
}

impl Default for AppState {
    fn default() -> Self {
        AppState::new(ApiConfig::default())
    }
}

/// The embedded templates, built (and self-checked) once per process.
fn embedded_renderer() -> Arc<Renderer> {
    static EMBEDDED: OnceLock<Arc<Renderer>> = OnceLock::new();
    EMBEDDED
        .get_or_init(|| {
            // The embedded set is part of the binary and checked by the test suite; failing here is a build bug.
            Arc::new(Renderer::embedded().expect("the embedded templates load"))
        })
        .clone()
}

/// The embedded phrase files, compiled (and checked) once per process.
fn embedded_understander() -> Arc<Understander> {
    static EMBEDDED: OnceLock<Arc<Understander>> = OnceLock::new();
    EMBEDDED
        .get_or_init(|| {
            // The embedded files are part of the binary and checked by the test suite; failing here is a build bug.
            Arc::new(Understander::embedded().expect("the embedded phrase files load"))
        })
        .clone()
}

impl AppState {
    /// State with the embedded templates and phrase files.
    pub fn new(config: ApiConfig) -> Self {
        AppState::with_renderer(config, embedded_renderer())
    }

    /// State with a renderer loaded elsewhere (`--templates DIR`) and the embedded phrase files.
    pub fn with_renderer(config: ApiConfig, renderer: Arc<Renderer>) -> Self {
        AppState::with_translator(config, Translator::new(renderer, embedded_understander()))
    }

    /// State with templates and phrases loaded elsewhere, so that startup fails on a broken set.
    pub fn with_translator(config: ApiConfig, translator: Translator) -> Self {
        let pool = Pool::new(config.pool);
        AppState { inner: Arc::new(Inner { config, metrics: Metrics::default(), pool, translator }) }
    }

    pub fn renderer(&self) -> &Renderer {
        self.inner.translator.renderer()
    }

    pub fn translator(&self) -> &Translator {
        &self.inner.translator
    }

    pub fn config(&self) -> &ApiConfig {
        &self.inner.config
    }

    /// The lenient options requests are parsed with; `strict` asks for strict mode on top.
    pub fn parse_options(&self, strict: bool) -> ParseOptions {
        ParseOptions { strict, ..self.inner.config.parse_options }
    }

    pub fn metrics(&self) -> &Metrics {
        &self.inner.metrics
    }

    /// The CPU pool handlers run their work on.
    pub fn pool(&self) -> &Pool {
        &self.inner.pool
    }
}
