//! Building the template sets once, and the public entry points.

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};

use tera::{Kwargs, State, Tera, Value};

use super::catalog::{self, TemplateInfo};
use super::collapse::collapsed;
use super::compose::{Composer, Engine, LangSet, grammar_index};
use super::error::RenderError;
use super::frame::{self, is_marker};
use super::frame_check;
use super::options::{Lang, RenderOptions};
use super::read::{Grammar, Reader};
use super::source::{self, LangSource, required_templates};
use super::vocab::Vocab;
use crate::protocol::{Context, Sentence};

/// Renders protocol sentences as Japanese or English. Built once at start-up (template compilation costs
/// 50–200× a render), then shared: it is `Send + Sync` and rendering takes `&self`.
pub struct Renderer {
    sets: Vec<LangSet>,
}

impl Renderer {
    /// The templates and vocabularies compiled into the binary.
    pub fn embedded() -> Result<Renderer, RenderError> {
        Renderer::build(source::embedded())
    }

    /// Templates from `dir/<lang>/*.txt` for every language folder present (vocabulary from
    /// `dir/../locales/<lang>.render.toml` if present, else the embedded one).
    pub fn from_dir(dir: &Path) -> Result<Renderer, RenderError> {
        Renderer::build(source::from_dir(dir)?)
    }

    /// The languages this renderer has templates for.
    pub fn languages(&self) -> Vec<Lang> {
        self.sets.iter().map(|set| set.lang).collect()
    }

    /// One sentence in `lang`. Deterministic unless `options.variant_seed` is set.
    pub fn render(
        &self,
        sentence: &Sentence,
        lang: Lang,
        ctx: &Context,
        options: &RenderOptions,
    ) -> Result<String, RenderError> {
        Composer::new(self.set(lang)?, ctx, options).render(&collapsed(sentence))
    }

    /// `render` with every template call interpreted by tera instead of going through frames: the reference the
    /// frame renderer is tested against (byte-identical output). Slow; not for production use.
    #[doc(hidden)]
    pub fn render_through_tera(
        &self,
        sentence: &Sentence,
        lang: Lang,
        ctx: &Context,
        options: &RenderOptions,
    ) -> Result<String, RenderError> {
        Composer::with_engine(self.set(lang)?, ctx, options, Engine::Tera).render(&collapsed(sentence))
    }

    /// The sentence whose default rendering (polite, no variant) with `ctx` is exactly `text`, or `None`: the
    /// exact inverse of canonical rendering. A top-level subject equal to the speaker comes back omitted (the
    /// same meaning, rendered the same). Never panics; bounded in time on any input (see `read.rs`).
    pub fn read(&self, text: &str, lang: Lang, ctx: &Context) -> Option<Sentence> {
        self.read_as(text, lang, ctx, &RenderOptions::default())
    }

    /// As [`Renderer::read`] for the rendering in `options`' style and channel (its variant seed, pronoun,
    /// honorific and quotes are not read: the defaults are assumed).
    pub fn read_as(&self, text: &str, lang: Lang, ctx: &Context, options: &RenderOptions) -> Option<Sentence> {
        let set = self.set(lang).ok()?;
        let grammar = set.grammars[grammar_index(options.style, options.channel)]
            .get_or_init(|| Grammar::build(set, options.style, options.channel));
        Reader::new(set, ctx, grammar).read(text)
    }

    /// Every template of every language with the variables it reads and a sample rendering (for
    /// `GET /v1/templates` and for template authors).
    pub fn templates(&self) -> Vec<TemplateInfo> {
        self.sets.iter().flat_map(catalog::describe).collect()
    }

    fn set(&self, lang: Lang) -> Result<&LangSet, RenderError> {
        self.sets.iter().find(|set| set.lang == lang).ok_or(RenderError::LanguageNotLoaded(lang.code()))
    }

    /// Compiles every language, then renders the self-check battery so a template that fails on some
    /// branch fails here, at start-up, rather than in a request.
    fn build(sources: Vec<LangSource>) -> Result<Renderer, RenderError> {
        let sets = sources.into_iter().map(compile).collect::<Result<Vec<_>, _>>()?;
        let renderer = Renderer { sets };
        for set in &renderer.sets {
            catalog::self_check(set)?;
        }
        Ok(renderer)
    }
}

fn compile(source: LangSource) -> Result<LangSet, RenderError> {
    let code = source.lang.code();
    for name in required_templates() {
        if !source.templates.iter().any(|(n, _)| n == name) {
            return Err(RenderError::MissingTemplate { lang: code.to_owned(), name: name.to_owned() });
        }
    }
    let vocab = Vocab::parse(code, &source.locale.0, &source.locale.1)?;
    if source.locale.1.chars().any(is_marker) {
        return Err(RenderError::Locale {
            lang: code.to_owned(),
            path: source.locale.0.clone(),
            message: "contains a character from planes 15–16 (reserved for text markers)".to_owned(),
        });
    }
    frame_check::check(code, &source.templates)?;
    let mut tera = Tera::new();
    // Filters first: tera 2 checks filter names when a template is added.
    tera.register_filter("cap", capitalize_first);
    tera.autoescape_on(Vec::<&str>::new());
    tera.global_context().insert_value("v", Value::from_serializable(&vocab.words));
    // All at once: tera resolves `{% include %}` between the templates of one batch.
    tera.add_raw_templates(source.templates.iter().map(|(name, text)| (name.as_str(), text.as_str())))
        .map_err(|e| RenderError::template(code, "*.txt", &e))?;
    // Every compiled set gets its own frames, so a renderer loaded from a folder never uses another
    // renderer's templates.
    static NEXT_SET: AtomicU32 = AtomicU32::new(0);
    let id = NEXT_SET.fetch_add(1, Ordering::Relaxed);
    let source_chars =
        source.templates.iter().flat_map(|(_, text)| text.chars()).chain(source.locale.1.chars()).collect();
    Ok(LangSet { lang: source.lang, tera, vocab, id, source_chars, grammars: Default::default() })
}

/// `cap`: upper-cases the first letter only (tera's `capitalize` lower-cases the rest, which breaks names).
fn capitalize_first(text: &str, _: Kwargs, _: &State) -> String {
    frame::capitalize_first(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renderer_is_send_and_sync() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<Renderer>();
    }
}
