//! The one error type of the render layer.

use std::path::PathBuf;

/// Why rendering (or building a [`super::Renderer`]) failed. Messages name the language and template so a
/// template author can find the line to fix.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A template file required for a language is absent.
    #[error("{lang}: template `{name}` is missing")]
    MissingTemplate { lang: String, name: String },
    /// A template does not compile, or failed while rendering.
    #[error("{lang}/{name}: {message}")]
    Template { lang: String, name: String, message: String },
    /// The vocabulary (locale) file of a language is missing or malformed.
    #[error("{lang}: locale file {path}: {message}")]
    Locale { lang: String, path: String, message: String },
    /// A template folder or file could not be read.
    #[error("reading {}: {source}", path.display())]
    Io { path: PathBuf, source: std::io::Error },
    /// The folder holds no language folder at all.
    #[error("no language folder (ja/, en/) found in {}", .0.display())]
    NoLanguages(PathBuf),
    /// The renderer was asked for a language it has no templates for.
    #[error("language `{0}` is not loaded")]
    LanguageNotLoaded(&'static str),
}

impl RenderError {
    /// Wraps a tera error, keeping its full report (tera points at the template line).
    pub(crate) fn template(lang: &str, name: &str, error: &tera::Error) -> Self {
        let mut message = error.to_string();
        let mut source = std::error::Error::source(error);
        while let Some(inner) = source {
            message.push_str(": ");
            message.push_str(&inner.to_string());
            source = inner.source();
        }
        RenderError::Template { lang: lang.to_owned(), name: name.to_owned(), message }
    }
}
