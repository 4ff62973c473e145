//! What every request handler shares: configuration, metrics and the loaded templates.

use std::sync::{Arc, OnceLock};

use super::config::ApiConfig;
use super::metrics::Metrics;
use crate::protocol::ParseOptions;
use crate::render::Renderer;

/// Cheap to clone: everything lives behind one `Arc`.
#[derive(Clone)]
pub struct AppState {
    inner: Arc<Inner>,
}

struct Inner {
    config: ApiConfig,
    metrics: Metrics,
    renderer: Arc<Renderer>,
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

impl AppState {
    /// State with the embedded templates.
    pub fn new(config: ApiConfig) -> Self {
        AppState::with_renderer(config, embedded_renderer())
    }

    /// State with a renderer loaded elsewhere (`--templates DIR`), so that startup fails on a broken set.
    pub fn with_renderer(config: ApiConfig, renderer: Arc<Renderer>) -> Self {
        AppState { inner: Arc::new(Inner { config, metrics: Metrics::default(), renderer }) }
    }

    pub fn renderer(&self) -> &Renderer {
        &self.inner.renderer
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
}
