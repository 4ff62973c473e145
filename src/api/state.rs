//! What every request handler shares: configuration and the loaded language resources.

use std::sync::Arc;

use crate::protocol::ParseOptions;

/// Cheap to clone: everything lives behind one `Arc`.
#[derive(Clone, Default)]
pub struct AppState {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    parse_options: ParseOptions,
}

impl AppState {
    pub fn new(parse_options: ParseOptions) -> Self {
        AppState { inner: Arc::new(Inner { parse_options }) }
    }

    /// The limits requests are parsed with (lenient; a request may ask for strict).
    pub fn parse_options(&self) -> ParseOptions {
        self.inner.parse_options
    }
}
