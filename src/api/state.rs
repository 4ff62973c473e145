//! What every request handler shares: configuration, metrics and (after the render merge) the loaded
//! language resources.

use std::sync::Arc;

use super::config::ApiConfig;
use super::metrics::Metrics;
use crate::protocol::ParseOptions;

/// Cheap to clone: everything lives behind one `Arc`.
#[derive(Clone, Default)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    config: ApiConfig,
    metrics: Metrics,
    // TODO(render-merge): `renderer: crate::render::Renderer` (from `Renderer::embedded()` or `from_dir`),
    // passed in by `AppState::new` so that startup fails on a broken template set.
}

impl AppState {
    pub fn new(config: ApiConfig) -> Self {
        AppState { inner: Arc::new(Inner { config, metrics: Metrics::default() }) }
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
