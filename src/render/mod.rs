//! Protocol → natural Japanese and English, through tera templates (one per verb, operator, Skip and Over).
//!
//! Templates live in `templates/<lang>/*.txt` and are compiled into the binary ([`Renderer::embedded`]) or
//! read from a folder ([`Renderer::from_dir`]); per-language nouns live in `locales/<lang>.render.toml`.
//! Rust composes nesting (which clause form each operand needs, what is quoted); templates hold all
//! wording. The default phrasing is canonical: the understanding side maps it back to exactly the
//! sentence rendered (see `docs/canonical-phrasing.md`). This module depends only on [`crate::protocol`].

mod catalog;
mod collapse;
mod compose;
mod error;
mod fast_hash;
mod frame;
mod frame_check;
mod options;
mod read;
mod renderer;
mod source;
mod vars;
mod vocab;

pub use catalog::{TemplateInfo, sample_context, sample_names};
pub use error::RenderError;
pub use options::{Channel, Lang, RenderOptions, Style, TalkQuote};
pub use renderer::Renderer;
