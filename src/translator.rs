//! Translation in every direction, composed from the two halves of the pipeline: [`render`] (protocol →
//! text) and [`understand`] (text → protocol). The command line and the HTTP service both translate through
//! [`Translator::translate`], so the two cannot drift apart.
//!
//! Directions: protocol → protocol (canonical text), protocol → ja/en (rendered), ja/en → protocol
//! (understood: sentences joined by ` ; `, or `Skip`), and ja/en → ja/en by pivoting through the protocol
//! (understood, then each sentence rendered; what is not understood is not carried over).
//!
//! The two lower layers each have their own language enum ([`render::Lang`], [`understand::Lang`]); they
//! are siblings that must not know each other, so this module owns the mapping ([`Format::render_lang`],
//! [`Format::understand_lang`]) with exhaustive matches: a new language fails to compile here first.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::protocol::{
    Budget, Context, ErrorCode, Keyword, OutOfBudget, ParseError, ParseOptions, Parsed, Sentence, Span, Warning,
    fold_full_width_char, parse,
};
use crate::render::{self, RenderError, RenderOptions, Renderer};
use crate::understand::{self, MAX_INPUT_BYTES, Understander, Understanding, Understood};

/// What a text is written in: the protocol itself, Japanese or English (serialized `protocol`, `ja`, `en`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Protocol,
    Ja,
    En,
}

impl Format {
    pub const ALL: [Format; 3] = [Format::Protocol, Format::Ja, Format::En];

    pub fn code(self) -> &'static str {
        match self {
            Format::Protocol => "protocol",
            Format::Ja => "ja",
            Format::En => "en",
        }
    }

    /// The renderer's language for a natural-language format; `None` for the protocol.
    pub fn render_lang(self) -> Option<render::Lang> {
        match self {
            Format::Protocol => None,
            Format::Ja => Some(render::Lang::Ja),
            Format::En => Some(render::Lang::En),
        }
    }

    /// The understander's language for a natural-language format; `None` for the protocol.
    pub fn understand_lang(self) -> Option<understand::Lang> {
        match self {
            Format::Protocol => None,
            Format::Ja => Some(understand::Lang::Ja),
            Format::En => Some(understand::Lang::En),
        }
    }
}

impl From<understand::Lang> for Format {
    fn from(lang: understand::Lang) -> Self {
        match lang {
            understand::Lang::Ja => Format::Ja,
            understand::Lang::En => Format::En,
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|format| format.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown language `{s}` (expected protocol, ja or en)"))
    }
}

/// Why one text could not be translated.
#[derive(Debug, thiserror::Error)]
pub enum TranslateError {
    /// Protocol input that does not parse, or any input over the length limit (`too_long`).
    #[error("{0}")]
    Parse(ParseError),
    /// A template failed (a template bug: the message names the template).
    #[error("rendering failed: {0}")]
    Render(RenderError),
    /// The caller's time budget ran out before the text was translated.
    #[error(transparent)]
    OutOfBudget(#[from] OutOfBudget),
}

impl From<ParseError> for TranslateError {
    fn from(error: ParseError) -> Self {
        TranslateError::Parse(error)
    }
}

impl From<RenderError> for TranslateError {
    fn from(error: RenderError) -> Self {
        TranslateError::Render(error)
    }
}

/// Why a [`Translator`] could not be built.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error(transparent)]
    Render(#[from] RenderError),
    #[error(transparent)]
    Understand(#[from] understand::UnderstandError),
}

/// The settings of one translation besides the text and the languages.
#[derive(Debug, Clone, Copy)]
pub struct Settings<'a> {
    /// Speaker, addressee, day and names: read by both directions.
    pub ctx: &'a Context,
    /// Style and persona of ja/en output.
    pub render: &'a RenderOptions,
    /// Limits (and strictness) for protocol input; `max_len` bounds natural-language input too.
    pub parse: &'a ParseOptions,
    /// Natural language → protocol: also say how each sentence was read (`Understanding::explanation`).
    pub explain: bool,
}

/// One translated text.
#[derive(Debug, Clone)]
pub struct Translation {
    /// The language the text was read as (the detected one when the caller asked to detect it).
    pub source: Format,
    /// The translation: canonical protocol (sentences joined by ` ; `, or `Skip`), or ja/en text.
    pub text: String,
    /// The protocol reading of the input: for protocol input its one sentence (confidence 1, the whole
    /// text as span); for natural language what the understander found.
    pub reading: Understanding,
    /// What the lenient protocol parser normalized (protocol input only).
    pub warnings: Vec<Warning>,
}

/// Renderer and understander, built once and shared (`Send + Sync`; cheap to clone).
#[derive(Clone)]
pub struct Translator {
    renderer: Arc<Renderer>,
    understander: Arc<Understander>,
}

impl Translator {
    pub fn new(renderer: Arc<Renderer>, understander: Arc<Understander>) -> Self {
        Translator { renderer, understander }
    }

    /// The templates and phrase files compiled into the binary.
    pub fn embedded() -> Result<Self, BuildError> {
        Ok(Translator::new(Arc::new(Renderer::embedded()?), Arc::new(Understander::embedded()?)))
    }

    pub fn renderer(&self) -> &Renderer {
        &self.renderer
    }

    pub fn understander(&self) -> &Understander {
        &self.understander
    }

    /// Translates `text` from `from` (`None`: detect it, see [`detect`]) into `to`.
    pub fn translate(
        &self,
        text: &str,
        from: Option<Format>,
        to: Format,
        settings: &Settings,
    ) -> Result<Translation, TranslateError> {
        self.translate_within(text, from, to, settings, &Budget::unlimited())
    }

    /// As [`Translator::translate`], stopping with [`TranslateError::OutOfBudget`] when `budget` runs out
    /// (checked before the work and inside the understanding of natural language).
    pub fn translate_within(
        &self,
        text: &str,
        from: Option<Format>,
        to: Format,
        settings: &Settings,
        budget: &Budget,
    ) -> Result<Translation, TranslateError> {
        budget.check()?;
        let detected = match from.map(|format| (format, format.understand_lang())) {
            Some((_, Some(lang))) => Detected::Natural(lang),
            Some((_, None)) => Detected::Protocol(parse(text, settings.parse)?),
            None => detect(text, settings.parse)?,
        };
        let (source, reading, warnings) = match detected {
            Detected::Protocol(parsed) => (Format::Protocol, protocol_reading(text, parsed.sentence), parsed.warnings),
            Detected::Natural(lang) => {
                check_length(text, settings.parse)?;
                let reading = self.read_natural_within(text, lang, settings.ctx, settings.explain, budget);
                // An understanding cut short by the budget is incomplete: never answer with it.
                budget.check()?;
                (Format::from(lang), reading, Vec::new())
            }
        };
        let text = match to.render_lang() {
            None => protocol_text(&reading),
            Some(lang) => self.to_text(&reading, lang, settings)?,
        };
        Ok(Translation { source, text, reading, warnings })
    }

    /// Natural language → protocol: what `text`, said by `ctx.speaker`, means. The one place where the
    /// command line and the service read natural language. Text in the renderer's canonical phrasing (what
    /// another bridge bot rendered) is read back exactly through the templates themselves, so
    /// `to_protocol(render(p)) == [p]`; everything else is player talk for the understander's phrase patterns.
    pub fn to_protocol(&self, text: &str, lang: understand::Lang, ctx: &Context) -> Understanding {
        self.read_natural(text, lang, ctx, false)
    }

    /// As [`Translator::to_protocol`], with the understander's explanation when `explain` is set.
    pub fn read_natural(&self, text: &str, lang: understand::Lang, ctx: &Context, explain: bool) -> Understanding {
        self.read_natural_within(text, lang, ctx, explain, &Budget::unlimited())
    }

    /// As [`Translator::read_natural`]; the understander stops early (with an incomplete reading) once
    /// `budget` is spent, so callers check the budget after it.
    fn read_natural_within(
        &self,
        text: &str,
        lang: understand::Lang,
        ctx: &Context,
        explain: bool,
        budget: &Budget,
    ) -> Understanding {
        let trimmed = text.trim();
        let exact =
            Format::from(lang).render_lang().and_then(|render_lang| self.renderer.read(trimmed, render_lang, ctx));
        match exact {
            Some(sentence) => {
                let start = text.len() - text.trim_start().len();
                exact_reading(sentence, Span::new(start, start + trimmed.len()), explain)
            }
            None => self.understander.read_within(text, lang, ctx, explain, budget),
        }
    }

    /// Protocol → natural language: every sentence of `reading` rendered in order, or the rendering of
    /// `Skip` when it has none.
    pub fn to_text(
        &self,
        reading: &Understanding,
        lang: render::Lang,
        settings: &Settings,
    ) -> Result<String, RenderError> {
        let render = |sentence: &Sentence| self.renderer.render(sentence, lang, settings.ctx, settings.render);
        if reading.sentences.is_empty() {
            return render(&Sentence::new(crate::protocol::Content::Skip));
        }
        let mut out = String::new();
        for understood in &reading.sentences {
            if !out.is_empty() {
                out.push_str(sentence_separator(lang));
            }
            out.push_str(&render(&understood.sentence)?);
        }
        Ok(out)
    }
}

/// One sentence read exactly (the reader confirmed it renders as the text): full confidence, no alternatives.
fn exact_reading(sentence: Sentence, span: Span, explain: bool) -> Understanding {
    let canonical = sentence.to_canonical();
    let explanation = explain.then(|| understand::Explanation::exact(&canonical, span));
    Understanding {
        sentences: vec![Understood { sentence, canonical, confidence: 1.0, span, alternatives: Vec::new() }],
        explanation,
        ..Understanding::default()
    }
}

/// Between rendered sentences: Japanese sentences end in 。 and follow each other directly.
fn sentence_separator(lang: render::Lang) -> &'static str {
    match lang {
        render::Lang::Ja => "",
        render::Lang::En => " ",
    }
}

/// Canonical sentences joined by ` ; ` (the line format), or `Skip` when nothing was understood.
pub fn protocol_text(reading: &Understanding) -> String {
    if reading.sentences.is_empty() {
        return "Skip".to_owned();
    }
    let texts: Vec<&str> = reading.sentences.iter().map(|s| s.canonical.as_str()).collect();
    texts.join(" ; ")
}

/// Protocol input as a reading: its one sentence, certain, spanning the whole text.
fn protocol_reading(text: &str, sentence: Sentence) -> Understanding {
    let understood = Understood {
        canonical: sentence.to_canonical(),
        sentence,
        confidence: 1.0,
        span: Span::new(0, text.len()),
        alternatives: Vec::new(),
    };
    Understanding { sentences: vec![understood], ..Understanding::default() }
}

/// Natural-language input has the same length limit as protocol input (and never more than the
/// understander reads), so a text over it is an error in every language rather than a silent `Skip`.
fn check_length(text: &str, options: &ParseOptions) -> Result<(), ParseError> {
    let max = options.max_len.min(MAX_INPUT_BYTES);
    if text.len() <= max {
        return Ok(());
    }
    Err(ParseError::new(
        ErrorCode::TooLong,
        Span::new(max, text.len()),
        format!("the text is {} bytes, the limit is {max}", text.len()),
    ))
}

/// What [`detect`] found.
#[derive(Debug)]
pub enum Detected {
    Protocol(Parsed),
    Natural(understand::Lang),
}

/// The language of `text`: protocol when it parses leniently; otherwise Japanese when it holds any kana or
/// kanji, else English. Text that only looks like protocol (every word an upper-case keyword, an agent or
/// a talk number, like `VOTX Agent[01]`) keeps its parse error: it is broken protocol, not English.
pub fn detect(text: &str, options: &ParseOptions) -> Result<Detected, ParseError> {
    match parse(text, options) {
        Ok(parsed) => Ok(Detected::Protocol(parsed)),
        Err(error) if matches!(error.code, ErrorCode::TooLong | ErrorCode::EmptyInput) => Err(error),
        Err(error) if looks_like_protocol(text) => Err(error),
        Err(_) if text.chars().any(is_japanese) => Ok(Detected::Natural(understand::Lang::Ja)),
        Err(_) => Ok(Detected::Natural(understand::Lang::En)),
    }
}

fn is_japanese(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{FF66}'..='\u{FF9F}')
}

/// Text a bot meant as protocol: it opens like a protocol sentence, or every word is protocol-like.
fn looks_like_protocol(text: &str) -> bool {
    opens_like_protocol(text) || all_words_protocol_like(text)
}

/// An upper-case verb or operator first (after a subject `Agent[..]` or `ANY`, if any) and no Japanese:
/// `VOTE Agent[03] x`, `DAY -1 (VOTE Agent[03])`, `VOTE\u{0} Agent[03]` and `VOTE Agent[03] 🐺` are broken
/// protocol, not English that says nothing.
fn opens_like_protocol(text: &str) -> bool {
    if text.chars().any(is_japanese) {
        return false;
    }
    let mut words = text.split(|c: char| c.is_whitespace() || c.is_control() || c == '(').filter(|w| !w.is_empty());
    let first = words.next();
    let verb = match first {
        Some(word) if word.starts_with("Agent[") || word == "ANY" => words.next(),
        _ => first,
    };
    // Full-width letters are a dialect the parser folds (`ＶＯＴＥ`), so they open protocol too.
    let folded = verb.map(|word| word.chars().map(|c| fold_full_width_char(c).unwrap_or(c)).collect::<String>());
    folded.is_some_and(|word| word.bytes().all(|b| b.is_ascii_uppercase()) && Keyword::from_upper(&word).is_some())
}

/// Every word is protocol-like: a keyword in capitals (two letters or more), `Agent[..]`, `dayN`, `ID:N`,
/// a number, or brackets.
fn all_words_protocol_like(text: &str) -> bool {
    let word_is_protocol = |word: &str| {
        let word = word.trim_matches(|c| c == '(' || c == ')');
        word.is_empty()
            || (word.len() >= 2 && word.bytes().all(|b| b.is_ascii_uppercase()))
            || word.starts_with("Agent[")
            || word.starts_with("day")
            || word.starts_with("ID:")
            || word.bytes().all(|b| b.is_ascii_digit())
    };
    text.is_ascii() && text.split_ascii_whitespace().all(word_is_protocol)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Agent;

    fn translator() -> Translator {
        Translator::embedded().expect("embedded files load")
    }

    fn run(text: &str, from: Option<Format>, to: Format) -> Result<Translation, TranslateError> {
        let ctx = Context { speaker: Some(Agent::Id(1)), ..Context::default() };
        let settings =
            Settings { ctx: &ctx, render: &RenderOptions::default(), parse: &ParseOptions::default(), explain: false };
        translator().translate(text, from, to, &settings)
    }

    #[test]
    fn detects_protocol_japanese_and_english() {
        let options = ParseOptions::default();
        assert!(matches!(detect("VOTE Agent[3]", &options), Ok(Detected::Protocol(_))));
        assert!(matches!(detect("Agent[03]に投票します", &options), Ok(Detected::Natural(understand::Lang::Ja))));
        assert!(matches!(detect("I vote Agent[03].", &options), Ok(Detected::Natural(understand::Lang::En))));
        assert_eq!(detect("VOTX Agent[01]", &options).unwrap_err().code, ErrorCode::UnknownVerb);
        assert_eq!(detect("", &options).unwrap_err().code, ErrorCode::EmptyInput);
    }

    #[test]
    fn broken_protocol_keeps_its_parse_error_under_auto_detection() {
        let options = ParseOptions::default();
        for text in ["VOTE Agent[03] x", "DAY -1 (VOTE Agent[03])", "VOTE\u{0} Agent[03]", "VOTE Agent[03] 🐺"] {
            assert!(detect(text, &options).is_err(), "{text:?} was not reported as broken protocol");
        }
        // Ordinary talk that merely mentions a keyword or an agent is still natural language.
        assert!(matches!(detect("Vote Agent[03] please", &options), Ok(Detected::Natural(understand::Lang::En))));
        assert!(matches!(detect("VOTE Agent[03]にします", &options), Ok(Detected::Natural(understand::Lang::Ja))));
    }

    #[test]
    fn every_direction_goes_through_one_function() {
        let ja = run("Agent[03]に投票します。Over", Some(Format::Ja), Format::Protocol).unwrap();
        assert_eq!(ja.text, "VOTE Agent[03] ; Over");
        assert_eq!(ja.reading.sentences.len(), 2);
        let skip = run("こんにちは", None, Format::Protocol).unwrap();
        assert_eq!((skip.source, skip.text.as_str()), (Format::Ja, "Skip"));
        let pivot = run("I vote Agent[03].", Some(Format::En), Format::Ja).unwrap();
        assert!(pivot.text.contains("Agent[03]") && pivot.text.contains("投票"), "{}", pivot.text);
        let rendered = run("VOTE Agent[03]", Some(Format::Protocol), Format::En).unwrap();
        assert_eq!(rendered.reading.sentences[0].confidence, 1.0);
        assert!(rendered.text.contains("vote"), "{}", rendered.text);
    }

    #[test]
    fn natural_language_over_the_limit_is_an_error() {
        let long = "あ".repeat(3000);
        let Err(TranslateError::Parse(error)) = run(&long, Some(Format::Ja), Format::Protocol) else {
            panic!("expected too_long")
        };
        assert_eq!(error.code, ErrorCode::TooLong);
    }
}
