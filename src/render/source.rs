//! Where templates and vocabularies come from: compiled into the binary, or read from a folder so a template
//! author can edit wording and restart without touching Rust.

use std::path::{Path, PathBuf};

use super::error::RenderError;
use super::options::Lang;
use crate::protocol::Keyword;

/// Helper templates every language provides besides one per keyword:
/// `_sentence` finishes a whole sentence (punctuation, capital), `_quoted` turns a quoted sentence into a
/// clause, `_frame` prefixes an operator sentence with its explicit subject ("according to X").
pub(crate) const HELPERS: [&str; 3] = ["_sentence.txt", "_quoted.txt", "_frame.txt"];

/// The template file of a verb, operator, Skip or Over.
pub(crate) fn template_name(keyword: Keyword) -> &'static str {
    match keyword {
        Keyword::Estimate => "ESTIMATE.txt",
        Keyword::Comingout => "COMINGOUT.txt",
        Keyword::Divination => "DIVINATION.txt",
        Keyword::Guard => "GUARD.txt",
        Keyword::Vote => "VOTE.txt",
        Keyword::Attack => "ATTACK.txt",
        Keyword::Divined => "DIVINED.txt",
        Keyword::Identified => "IDENTIFIED.txt",
        Keyword::Guarded => "GUARDED.txt",
        Keyword::Voted => "VOTED.txt",
        Keyword::Attacked => "ATTACKED.txt",
        Keyword::Agree => "AGREE.txt",
        Keyword::Disagree => "DISAGREE.txt",
        Keyword::Skip => "Skip.txt",
        Keyword::Over => "Over.txt",
        Keyword::Request => "REQUEST.txt",
        Keyword::Inquire => "INQUIRE.txt",
        Keyword::Because => "BECAUSE.txt",
        Keyword::Day => "DAY.txt",
        Keyword::Not => "NOT.txt",
        Keyword::And => "AND.txt",
        Keyword::Or => "OR.txt",
        Keyword::Xor => "XOR.txt",
    }
}

/// Every template name a language must have.
pub(crate) fn required_templates() -> impl Iterator<Item = &'static str> {
    Keyword::ALL.iter().map(|k| template_name(*k)).chain(HELPERS)
}

/// One language's raw material.
pub(crate) struct LangSource {
    pub lang: Lang,
    /// (file name, text); the required ones plus any extra `*.txt` a folder holds (for `{% include %}`).
    pub templates: Vec<(String, String)>,
    /// (label for errors, text) of `<lang>.render.toml`.
    pub locale: (String, String),
}

macro_rules! embed {
    ($lang:literal: $($name:literal),+ $(,)?) => {
        &[$(($name, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/templates/", $lang, "/", $name))),)+]
    };
}

/// Every required template of a language plus its own partials (files included by other templates).
macro_rules! embed_lang {
    ($lang:literal: $($partial:literal),* $(,)?) => {
        embed!($lang: "ESTIMATE.txt", "COMINGOUT.txt", "DIVINATION.txt", "GUARD.txt", "VOTE.txt", "ATTACK.txt",
            "DIVINED.txt", "IDENTIFIED.txt", "GUARDED.txt", "VOTED.txt", "ATTACKED.txt", "AGREE.txt",
            "DISAGREE.txt", "Skip.txt", "Over.txt", "REQUEST.txt", "INQUIRE.txt", "BECAUSE.txt", "DAY.txt",
            "NOT.txt", "AND.txt", "OR.txt", "XOR.txt", "_sentence.txt", "_quoted.txt", "_frame.txt", $($partial),*)
    };
}

const EMBEDDED_JA: &[(&str, &str)] = embed_lang!("ja": "_act.txt", "_done.txt", "_talk.txt");
const EMBEDDED_EN: &[(&str, &str)] = embed_lang!("en": "_act.txt", "_done.txt", "_talk.txt", "_result.txt");
const LOCALE_JA: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/ja.render.toml"));
const LOCALE_EN: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/locales/en.render.toml"));

fn embedded_of(lang: Lang) -> (&'static [(&'static str, &'static str)], &'static str) {
    match lang {
        Lang::Ja => (EMBEDDED_JA, LOCALE_JA),
        Lang::En => (EMBEDDED_EN, LOCALE_EN),
    }
}

/// The templates and vocabularies compiled into the binary.
pub(crate) fn embedded() -> Vec<LangSource> {
    Lang::ALL
        .into_iter()
        .map(|lang| {
            let (templates, locale) = embedded_of(lang);
            LangSource {
                lang,
                templates: templates.iter().map(|(n, t)| ((*n).to_owned(), (*t).to_owned())).collect(),
                locale: (format!("locales/{}.render.toml (embedded)", lang.code()), locale.to_owned()),
            }
        })
        .collect()
}

/// Every language folder `dir/<lang>/` with its `*.txt` files. The vocabulary is read from
/// `dir/../locales/<lang>.render.toml` when that file exists (the repository layout, so `--templates
/// ./templates` makes both live), otherwise the embedded one is used.
pub(crate) fn from_dir(dir: &Path) -> Result<Vec<LangSource>, RenderError> {
    let mut sources = Vec::new();
    for lang in Lang::ALL {
        let folder = dir.join(lang.code());
        if !folder.is_dir() {
            continue;
        }
        let mut templates = Vec::new();
        for entry in std::fs::read_dir(&folder).map_err(|source| io(&folder, source))? {
            let path = entry.map_err(|source| io(&folder, source))?.path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()).filter(|n| n.ends_with(".txt")) else {
                continue;
            };
            let text = std::fs::read_to_string(&path).map_err(|source| io(&path, source))?;
            templates.push((name.to_owned(), text));
        }
        templates.sort();
        let locale_path = dir.join("..").join("locales").join(format!("{}.render.toml", lang.code()));
        let locale = if locale_path.is_file() {
            let text = std::fs::read_to_string(&locale_path).map_err(|source| io(&locale_path, source))?;
            (locale_path.display().to_string(), text)
        } else {
            (format!("locales/{}.render.toml (embedded)", lang.code()), embedded_of(lang).1.to_owned())
        };
        sources.push(LangSource { lang, templates, locale });
    }
    if sources.is_empty() {
        return Err(RenderError::NoLanguages(dir.to_path_buf()));
    }
    Ok(sources)
}

fn io(path: &Path, source: std::io::Error) -> RenderError {
    RenderError::Io { path: PathBuf::from(path), source }
}
