//! Natural language → protocol: Japanese and English utterances read by clause frames.
//!
//! The pipeline, one file per step:
//! [`normalize`] (NFKC, case and kana folding with an offset map) → [`mentions`] (`>>Agent[03]`, `@Name`,
//! trailing `Over`) → [`agents`] (names, numbers, pronouns → tokens of a skeleton text) → [`lexer`] (the
//! lexicon's words: roles, species, cue words, modality markers, connectives) → [`segments`] (sentences and
//! their pieces) → [`reader`] (each cue's frame: participants by their marks, values, modality) →
//! [`build`] (frame → protocol, by the meaning conventions) → [`discourse`] (addresses, reasons across
//! pieces and sentences, sources and pending results carried forward).
//!
//! All words, marks, endings and frame definitions come from `locales/<lang>.lexicon.toml` and
//! `locales/<lang>.frames.toml` (see `docs/understanding.md`); Rust holds only the machinery. Precision
//! comes before recall: a wrong sentence misleads an agent, a missing one does not, so every doubtful
//! reading yields nothing (or an alternative).

mod agents;
mod build;
mod discourse;
mod error;
mod explain;
mod flags;
mod frames;
mod lexer;
mod lexicon;
mod mentions;
mod nearby;
mod normalize;
mod reader;
mod scene;
mod segments;
mod words;

use std::path::Path;

use serde::{Deserialize, Serialize};

pub use self::error::UnderstandError;
pub use self::explain::{Dropped, Explanation, Filler, FrameTrace};
use self::lexicon::Lexicon;
use crate::protocol::{Agent, Budget, Content, Context, Sentence, Span};

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
    /// Readings too doubtful to be sentences («ケンジ●» with no source word: DIVINED or IDENTIFIED?).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alternatives: Vec<Alternative>,
    /// Name-like words that match nobody in the name table; never bound to a seat.
    pub unknown_names: Vec<UnknownName>,
    /// `@Name` and `>>Agent[03]` marks.
    pub mentions: Vec<Mention>,
    /// Nothing mapped: the caller outputs `Skip`.
    pub skip: bool,
    /// How each sentence was read and why the other clauses gave nothing (only when asked for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
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

/// Reads utterances in both languages. Built once (the lexicons are checked then), shared by threads.
#[derive(Debug)]
pub struct Understander {
    ja: Lexicon,
    en: Lexicon,
    /// The name indexes of the tables read lately.
    names: agents::NameIndexCache,
}

impl Understander {
    /// The lexicon and frame files compiled into the binary.
    pub fn embedded() -> Result<Self, UnderstandError> {
        Ok(Understander {
            names: agents::NameIndexCache::default(),
            ja: Lexicon::load(
                ("locales/ja.lexicon.toml", include_str!("../../locales/ja.lexicon.toml")),
                ("locales/ja.frames.toml", include_str!("../../locales/ja.frames.toml")),
                "ja",
            )?,
            en: Lexicon::load(
                ("locales/en.lexicon.toml", include_str!("../../locales/en.lexicon.toml")),
                ("locales/en.frames.toml", include_str!("../../locales/en.frames.toml")),
                "en",
            )?,
        })
    }

    /// The files `<dir>/<lang>.lexicon.toml` and `<dir>/<lang>.frames.toml` (edited without rebuilding).
    pub fn from_dir(dir: &Path) -> Result<Self, UnderstandError> {
        let load = |lang: Lang| {
            let read = |kind: &str| {
                let path = dir.join(format!("{}.{kind}.toml", lang.code()));
                let file = path.display().to_string();
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| UnderstandError::Missing { file: file.clone(), reason: e.to_string() })?;
                Ok::<_, UnderstandError>((file, text))
            };
            let (lexicon_file, lexicon_text) = read("lexicon")?;
            let (frames_file, frames_text) = read("frames")?;
            Lexicon::load((&lexicon_file, &lexicon_text), (&frames_file, &frames_text), lang.code())
        };
        Ok(Understander { ja: load(Lang::Ja)?, en: load(Lang::En)?, names: agents::NameIndexCache::default() })
    }

    pub(crate) fn lexicon(&self, lang: Lang) -> &Lexicon {
        match lang {
            Lang::Ja => &self.ja,
            Lang::En => &self.en,
        }
    }

    /// Reads one utterance said by `ctx.speaker`. Never panics; input over [`MAX_INPUT_BYTES`] gives `skip`.
    pub fn understand(&self, text: &str, lang: Lang, ctx: &Context) -> Understanding {
        self.read(text, lang, ctx, false, &Budget::unlimited())
    }

    /// As [`Understander::understand`], with the [`Explanation`]: the frame behind each sentence, the words
    /// that filled it, and why each other clause gave nothing.
    pub fn explain(&self, text: &str, lang: Lang, ctx: &Context) -> Understanding {
        self.read(text, lang, ctx, true, &Budget::unlimited())
    }

    /// [`Understander::understand`] (or [`Understander::explain`]) that gives up, with an empty and incomplete
    /// reading, once `budget` is spent: the caller checks the budget afterwards and discards it.
    pub fn read_within(&self, text: &str, lang: Lang, ctx: &Context, explain: bool, budget: &Budget) -> Understanding {
        self.read(text, lang, ctx, explain, budget)
    }

    fn read(&self, text: &str, lang: Lang, ctx: &Context, explain: bool, budget: &Budget) -> Understanding {
        if ctx.speaker.is_some() {
            return self.read_spoken(text, lang, ctx, explain, budget);
        }
        // With no speaker given, the speaker's own statements still read (they carry no subject); a sentence
        // that would have to name the speaker («私は占い師», "Kenji voted for me") cannot be written.
        let ctx = Context { speaker: Some(UNKNOWN_SPEAKER), ..ctx.clone() };
        let mut read = self.read_spoken(text, lang, &ctx, explain, budget);
        let unknown = UNKNOWN_SPEAKER.to_string();
        read.sentences.retain(|s| !s.canonical.contains(&unknown));
        for s in &mut read.sentences {
            s.alternatives.retain(|a| !a.canonical.contains(&unknown));
        }
        read.alternatives.retain(|a| !a.canonical.contains(&unknown));
        if let Some(explanation) = &mut read.explanation {
            explanation.frames.retain(|f| !f.canonical.contains(&unknown));
        }
        read.skip = read.sentences.is_empty();
        read
    }

    fn read_spoken(&self, text: &str, lang: Lang, ctx: &Context, explain: bool, budget: &Budget) -> Understanding {
        if text.len() > MAX_INPUT_BYTES {
            return Understanding { skip: true, ..Understanding::default() };
        }
        let lexicon = self.lexicon(lang);
        let folded = normalize::fold(text);
        let names = self.names.get(ctx, lexicon.word_boundaries);
        // «@ダイスケ の沈黙»: a particle, not the start of a word («@ケンジ はい、…» still calls on ケンジ).
        let marks = mentions::find(&folded, &names, &lexicon.agents.numbered, |text, end| {
            !lexicon.word_boundaries
                && lexicon
                    .mark_after(text, end)
                    .is_some_and(|(_, len)| text[end + len..].chars().next().is_none_or(|c| !normalize::is_hiragana(c)))
        });
        let span_of = |(s, e): (usize, usize)| {
            let (s, e) = folded.original_span(s, e);
            Span::new(s, e)
        };
        let leading = marks.mentions.iter().find(|m| m.2);
        let addressee = ctx.addressee.or_else(|| leading.and_then(|m| m.0));
        // «@ユキ 誰に投票する？» with ユキ in nobody's name table asks ユキ, not everyone: an `@` mark that names
        // nobody leaves the addressee unknown rather than absent.
        let unknown_address = addressee.is_none() && marks.mentions.iter().any(|m| m.0.is_none() && m.2);
        let skeleton = agents::tokenize(text, &folded, &marks, &names, &lexicon.agents, ctx, addressee);
        if budget.is_spent() {
            return Understanding::default();
        }
        let tokens = lexer::tokens(&skeleton, lexicon);
        let leading = leading.and_then(|&(agent, span, _)| {
            let agent = agent?;
            let (start, end) = skeleton.skeleton_span(span.0, span.1);
            Some(build::Party::named(agent, start, end))
        });
        let scene =
            scene::Scene { ctx, lexicon, skeleton: &skeleton, tokens: &tokens, addressee, unknown_address, leading };
        let read = discourse::read(&scene);
        if budget.is_spent() {
            return Understanding::default();
        }
        let original = |span: (usize, usize)| span_of(skeleton.folded_span(span.0, span.1));

        let mut sentences: Vec<Understood> = Vec::with_capacity(read.readings.len() + 1);
        let mut traces = Vec::new();
        for reading in read.readings {
            let canonical = reading.sentence.to_canonical();
            if explain {
                traces.push(explain::trace(&reading.trace, &canonical, text, &original));
            }
            let alternatives = reading
                .alternatives
                .into_iter()
                .map(|(sentence, confidence)| Alternative { canonical: sentence.to_canonical(), sentence, confidence })
                .collect();
            sentences.push(Understood {
                sentence: reading.sentence,
                canonical,
                confidence: reading.confidence,
                span: original(reading.span),
                alternatives,
            });
        }
        // A doubtful reading is offered as an alternative of nothing: «ケンジ●» could be DIVINED or IDENTIFIED.
        let mut doubtful = Vec::new();
        for dropped in &read.dropped {
            for (sentence, confidence) in &dropped.alternatives {
                doubtful.push(Alternative {
                    canonical: sentence.to_canonical(),
                    sentence: sentence.clone(),
                    confidence: *confidence,
                });
            }
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
        let explanation = explain.then(|| Explanation {
            frames: traces,
            dropped: read.dropped.iter().map(|d| explain::dropped(d, text, &original)).collect(),
        });
        Understanding { sentences, alternatives: doubtful, unknown_names, mentions, skip, explanation }
    }
}

/// Stands for a speaker nobody named while reading; no real seat number can print as it.
const UNKNOWN_SPEAKER: Agent = Agent::Id(u32::MAX);

fn text_at(text: &str, span: Span) -> String {
    text.get(span.start..span.end).unwrap_or_default().to_owned()
}

#[cfg(test)]
mod tests;
