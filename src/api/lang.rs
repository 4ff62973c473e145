//! The languages the API speaks and which directions work.
//!
//! One table, [`supported`], decides every direction, so `/v1/languages`, `/v1/translate` and
//! `/v1/render` cannot disagree about what the service can do.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::translator::Format;

/// A concrete language: the protocol itself, Japanese or English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    /// AIWolf protocol 3.6 (canonical text).
    Protocol,
    /// Japanese.
    Ja,
    /// English.
    En,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::Protocol, Language::Ja, Language::En];

    pub fn code(self) -> &'static str {
        match self {
            Language::Protocol => "protocol",
            Language::Ja => "ja",
            Language::En => "en",
        }
    }

    fn display_name(self) -> &'static str {
        match self {
            Language::Protocol => "AIWolf protocol 3.6",
            Language::Ja => "日本語",
            Language::En => "English",
        }
    }

    /// The styles a target language distinguishes (the protocol has none).
    pub fn styles(self) -> &'static [Style] {
        match self {
            Language::Protocol => &[],
            Language::Ja | Language::En => &[Style::Polite, Style::Casual, Style::Chat],
        }
    }
}

/// A requested source language: a concrete one, or `auto` to detect it per text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SourceLang {
    Protocol,
    Ja,
    En,
    /// Protocol when the text parses leniently as protocol (or looks like it: broken protocol keeps its
    /// parse error), Japanese when it holds kana or kanji, English otherwise.
    #[default]
    Auto,
}

impl SourceLang {
    /// The translator's source format; `None` asks it to detect the language.
    pub fn format(self) -> Option<Format> {
        match self {
            SourceLang::Protocol => Some(Format::Protocol),
            SourceLang::Ja => Some(Format::Ja),
            SourceLang::En => Some(Format::En),
            SourceLang::Auto => None,
        }
    }
}

/// The register of ja/en output. Ignored for the protocol. Defaults to polite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    /// です/ます; "I will vote for …".
    #[default]
    Polite,
    /// Plain form; "I'm voting for …".
    Casual,
    /// What players type in chat: 「占いCO」「占い結果：ケンジ●」「ケンジ吊りに一票」; "Seer CO", "vote Kenji".
    Chat,
}

/// Where a line is said, for ja/en output: open talk, or the werewolves' whisper, where a COMINGOUT is a
/// plan (「霊媒師を騙ります」) rather than a claim. Ignored for the protocol. Defaults to talk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    #[default]
    Talk,
    Whisper,
}

/// Whether the service can translate from `source` to `target`: the protocol renders into every language,
/// and ja/en are understood into the protocol and reach each other through it (see [`crate::translator`]).
pub fn supported(source: Language, target: Language) -> bool {
    match source {
        Language::Protocol => true,
        Language::Ja | Language::En => matches!(target, Language::Protocol | Language::Ja | Language::En),
    }
}

/// One language in `GET /v1/languages`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"code": "protocol", "name": "AIWolf protocol 3.6", "source": true, "target": true,
    "targets": ["protocol"], "styles": []}))]
pub struct LanguageInfo {
    pub code: Language,
    /// Human-readable name, in the language itself.
    pub name: &'static str,
    /// Usable as a source language.
    pub source: bool,
    /// Usable as a target language.
    pub target: bool,
    /// The target languages this language translates into.
    pub targets: Vec<Language>,
    /// The styles this language distinguishes as a target.
    pub styles: Vec<Style>,
}

/// Every language with its directions and styles, computed from [`supported`].
pub fn languages() -> Vec<LanguageInfo> {
    Language::ALL
        .iter()
        .map(|&language| {
            let targets: Vec<Language> = Language::ALL.into_iter().filter(|&t| supported(language, t)).collect();
            LanguageInfo {
                code: language,
                name: language.display_name(),
                source: !targets.is_empty(),
                target: Language::ALL.iter().any(|&s| supported(s, language)),
                targets,
                styles: language.styles().to_vec(),
            }
        })
        .collect()
}

impl From<Style> for crate::render::Style {
    fn from(style: Style) -> Self {
        match style {
            Style::Polite => crate::render::Style::Polite,
            Style::Casual => crate::render::Style::Casual,
            Style::Chat => crate::render::Style::Chat,
        }
    }
}

impl From<Channel> for crate::render::Channel {
    fn from(channel: Channel) -> Self {
        match channel {
            Channel::Talk => crate::render::Channel::Talk,
            Channel::Whisper => crate::render::Channel::Whisper,
        }
    }
}

impl Language {
    /// The render language of a natural-language target; `None` for the protocol.
    pub fn render_lang(self) -> Option<crate::render::Lang> {
        Format::from(self).render_lang()
    }
}

impl From<Language> for Format {
    fn from(language: Language) -> Self {
        match language {
            Language::Protocol => Format::Protocol,
            Language::Ja => Format::Ja,
            Language::En => Format::En,
        }
    }
}

impl From<Format> for Language {
    fn from(format: Format) -> Self {
        match format {
            Format::Protocol => Language::Protocol,
            Format::Ja => Language::Ja,
            Format::En => Language::En,
        }
    }
}
