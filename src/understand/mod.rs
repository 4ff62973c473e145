//! Natural language → protocol: Japanese and English utterances read through pattern-matched phrases.
//!
//! The pipeline, one file per step:
//! [`normalize`] (NFKC, case and kana folding with an offset map) → [`mentions`] (`>>Agent[03]`, `@Name`,
//! trailing `Over`) → [`agents`] (names, numbers, pronouns → tokens) → [`clauses`] (sentences and reason
//! clauses) → [`map`] (phrase patterns and stance markers → protocol).
//!
//! All words and phrase patterns come from `locales/<lang>.phrases.toml` (see `docs/understanding.md`);
//! Rust holds only the machinery. Precision comes before recall: a wrong sentence misleads an agent, a
//! missing one does not, so every doubtful reading yields nothing.

mod agents;
mod clauses;
mod error;
mod map;
mod mentions;
mod normalize;
mod phrases;

use std::path::Path;

use serde::{Deserialize, Serialize};

pub use self::error::UnderstandError;
use self::phrases::Phrases;
use crate::protocol::{Agent, Content, Context, Sentence, Span};

/// Inputs longer than this many bytes are not read: the result is `skip` with no sentences. Real talk is
/// under 1 KiB; the bound keeps the cost of one request small whatever a client sends.
pub const MAX_INPUT_BYTES: usize = 8 * 1024;

/// The language of an utterance (serialized `"ja"` / `"en"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Ja,
    En,
}

impl Lang {
    /// The code used in file names and JSON.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ja => "ja",
            Lang::En => "en",
        }
    }
}

/// What an utterance means in protocol.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Understanding {
    /// The protocol sentences, in utterance order.
    pub sentences: Vec<Understood>,
    /// Name-like words that match nobody in the name table; never bound to a seat.
    pub unknown_names: Vec<UnknownName>,
    /// `@Name` and `>>Agent[03]` marks.
    pub mentions: Vec<Mention>,
    /// Nothing mapped: the caller outputs `Skip`.
    pub skip: bool,
}

/// One protocol sentence read from the utterance.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Understood {
    pub sentence: Sentence,
    /// `sentence` as canonical protocol text.
    pub canonical: String,
    /// How sure the reading is, 0..1.
    pub confidence: f32,
    /// The byte span of the original text it came from.
    pub span: Span,
    /// Other readings of the same words, less likely.
    pub alternatives: Vec<Alternative>,
}

/// A less likely reading of an [`Understood`]'s words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Alternative {
    pub sentence: Sentence,
    pub canonical: String,
    pub confidence: f32,
}

/// A name that matches nobody in the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnknownName {
    pub name: String,
    pub span: Span,
}

/// An address mark: `@Name` or `>>Agent[03]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mention {
    /// The seat, or `None` when the name matches nobody (then it is also an [`UnknownName`]).
    pub agent: Option<Agent>,
    pub span: Span,
    /// Whether it opens the utterance (an address) rather than naming someone inside it.
    pub leading: bool,
}

/// Reads utterances in both languages. Built once (the phrase files are checked then), shared by threads.
#[derive(Debug)]
pub struct Understander {
    ja: Phrases,
    en: Phrases,
}

const JA_FILE: &str = "locales/ja.phrases.toml";
const EN_FILE: &str = "locales/en.phrases.toml";

impl Understander {
    /// The phrase files compiled into the binary.
    pub fn embedded() -> Result<Self, UnderstandError> {
        Ok(Understander {
            ja: Phrases::load(JA_FILE, include_str!("../../locales/ja.phrases.toml"), "ja")?,
            en: Phrases::load(EN_FILE, include_str!("../../locales/en.phrases.toml"), "en")?,
        })
    }

    /// The phrase files `<dir>/ja.phrases.toml` and `<dir>/en.phrases.toml` (edited without rebuilding).
    pub fn from_dir(dir: &Path) -> Result<Self, UnderstandError> {
        let load = |lang: Lang| {
            let path = dir.join(format!("{}.phrases.toml", lang.code()));
            let file = path.display().to_string();
            let text = std::fs::read_to_string(&path)
                .map_err(|e| UnderstandError::Missing { file: file.clone(), reason: e.to_string() })?;
            Phrases::load(&file, &text, lang.code())
        };
        Ok(Understander { ja: load(Lang::Ja)?, en: load(Lang::En)? })
    }

    fn phrases(&self, lang: Lang) -> &Phrases {
        match lang {
            Lang::Ja => &self.ja,
            Lang::En => &self.en,
        }
    }

    /// Reads one utterance said by `ctx.speaker`. Never panics; input over [`MAX_INPUT_BYTES`] gives `skip`.
    pub fn understand(&self, text: &str, lang: Lang, ctx: &Context) -> Understanding {
        if text.len() > MAX_INPUT_BYTES {
            return Understanding { skip: true, ..Understanding::default() };
        }
        let phrases = self.phrases(lang);
        let folded = normalize::fold(text);
        let names = agents::NameIndex::new(ctx, phrases.agents.word_boundaries);
        let marks = mentions::find(&folded, &names, &phrases.agents.numbered);
        let span_of = |(s, e): (usize, usize)| {
            let (s, e) = folded.original_span(s, e);
            Span::new(s, e)
        };
        let leading = marks.mentions.iter().find(|m| m.2);
        let addressee = ctx.addressee.or_else(|| leading.and_then(|m| m.0));
        // «@ユキ 誰に投票する？» with ユキ in nobody's name table asks ユキ, not everyone: an `@` mark that names
        // nobody leaves the addressee unknown rather than absent.
        let unknown_address = addressee.is_none() && marks.mentions.iter().any(|m| m.0.is_none());
        let skeleton = agents::tokenize(text, &folded, &marks, &names, phrases, ctx, addressee);
        let scene = map::Scene { ctx, addressee, unknown_address, reply: marks.reply };
        let found = map::map(&skeleton, phrases, &scene);

        let mut sentences: Vec<Understood> = Vec::with_capacity(found.len() + 1);
        for f in found {
            let canonical = f.sentence.to_canonical();
            if sentences.iter().any(|s| s.canonical == canonical) {
                continue;
            }
            let alternatives = f
                .alternatives
                .into_iter()
                .map(|(sentence, confidence)| Alternative { canonical: sentence.to_canonical(), sentence, confidence })
                .collect();
            sentences.push(Understood {
                sentence: f.sentence,
                canonical,
                confidence: f.confidence,
                span: span_of(skeleton.folded_span(f.span.0, f.span.1)),
                alternatives,
            });
        }
        if let Some(over) = marks.over {
            let sentence = Sentence::new(Content::Over);
            sentences.push(Understood {
                canonical: sentence.to_canonical(),
                sentence,
                confidence: 1.0,
                span: span_of(over),
                alternatives: Vec::new(),
            });
        }
        let mut unknown_names: Vec<UnknownName> = skeleton
            .refs
            .iter()
            .filter(|r| r.unknown_name)
            .map(|r| UnknownName { name: text_at(text, span_of(r.span)), span: span_of(r.span) })
            .collect();
        let mentions = marks
            .mentions
            .iter()
            .map(|&(agent, span, leading)| {
                let span = span_of(span);
                if agent.is_none() {
                    let name = text_at(text, span).trim_start_matches(['@', '>', ' ', '\u{3000}']).to_owned();
                    unknown_names.push(UnknownName { name, span });
                }
                Mention { agent, span, leading }
            })
            .collect();
        let skip = sentences.is_empty();
        Understanding { sentences, unknown_names, mentions, skip }
    }
}

fn text_at(text: &str, span: Span) -> String {
    text.get(span.start..span.end).unwrap_or_default().to_owned()
}

#[cfg(test)]
mod tests;
