//! What the caller chooses: language, style, persona and how to quote referenced talk.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::protocol::{Agent, NameTable, TalkRef};

/// An output language. Each has a template folder `templates/<code>/` and a vocabulary file
/// `locales/<code>.render.toml`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Ja,
    En,
}

impl Lang {
    /// Every language the crate knows, in a fixed order.
    pub const ALL: [Lang; 2] = [Lang::Ja, Lang::En];

    /// The folder and serde name: `ja`, `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ja => "ja",
            Lang::En => "en",
        }
    }
}

impl Lang {
    /// Whether `name` is written in this language's script: kana or kanji for Japanese, Latin letters for
    /// English.
    pub fn writes(self, name: &str) -> bool {
        match self {
            Lang::Ja => name.chars().any(|c| {
                matches!(c, '\u{3040}'..='\u{30FF}' | '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{FF66}'..='\u{FF9F}')
            }),
            Lang::En => name.chars().any(char::is_alphabetic) && name.chars().all(|c| c <= '\u{024F}'),
        }
    }

    /// The name `agent` is shown by in this language: its first name written in the language's script (a
    /// table such as `{"Agent[03]": ["ミナト", "Minato"]}` serves both languages), else its display name.
    pub fn name_of(self, names: &NameTable, agent: Agent) -> Option<&str> {
        names.preferred_name(agent, |name| self.writes(name))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl FromStr for Lang {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::ALL
            .into_iter()
            .find(|lang| lang.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown language `{s}` (expected ja or en)"))
    }
}

/// Speech register: `polite` (です/ます), `casual` (だ/する with a sentence-final particle: 「投票するね」「狩人だよ」),
/// or `chat`, the terse register players type (「占いCO」「占い結果：ケンジ●」「ケンジ吊りに一票」 / "Seer CO",
/// "vote Kenji"): casual wherever it has no shorter form, and names without an honorific.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Style {
    #[default]
    Polite,
    Casual,
    Chat,
}

impl Style {
    /// Every style, in a fixed order.
    pub const ALL: [Style; 3] = [Style::Polite, Style::Casual, Style::Chat];

    pub fn code(self) -> &'static str {
        match self {
            Style::Polite => "polite",
            Style::Casual => "casual",
            Style::Chat => "chat",
        }
    }
}

impl FromStr for Style {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Style::ALL
            .into_iter()
            .find(|style| style.code().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown style `{s}` (expected polite, casual or chat)"))
    }
}

/// Where a line is said: in open talk, or in the werewolves' whisper, where a COMINGOUT is a plan
/// (「霊媒師を騙ります」) rather than a claim.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    #[default]
    Talk,
    Whisper,
}

impl Channel {
    pub fn code(self) -> &'static str {
        match self {
            Channel::Talk => "talk",
            Channel::Whisper => "whisper",
        }
    }
}

impl FromStr for Channel {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "talk" => Ok(Channel::Talk),
            "whisper" => Ok(Channel::Whisper),
            _ => Err(format!("unknown channel `{s}` (expected talk or whisper)")),
        }
    }
}

/// A referenced utterance, so `AGREE TALK day2 ID:5` can quote what was said.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TalkQuote {
    /// Who said it, when known.
    pub speaker: Option<Agent>,
    /// The utterance as it should be quoted (already in the output language).
    pub text: String,
}

/// How to render, beyond the game [`crate::protocol::Context`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderOptions {
    pub style: Style,
    /// Talk or whisper (the canonical, readable-back phrasing is talk's).
    pub channel: Channel,
    /// A persona's first-person word (僕, 俺, あたし) replacing the locale's default (私 / I).
    pub pronoun: Option<String>,
    /// Whether names carry the locale's honorific (さん in Japanese; English has none).
    pub honorific: bool,
    /// `None`: the canonical phrasing, deterministic. `Some(seed)`: templates may pick among variants.
    pub variant_seed: Option<u64>,
    /// Utterances that talk references (AGREE/DISAGREE) may quote. Empty: references read by number only.
    pub quotes: HashMap<TalkRef, TalkQuote>,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            style: Style::Polite,
            channel: Channel::Talk,
            pronoun: None,
            honorific: true,
            variant_seed: None,
            quotes: HashMap::new(),
        }
    }
}
