//! Game logs for human readers: the log reader for every server era (2014 to today), the transcript (days of
//! translated talk with the original protocol beside it, narrated votes and night events, the winner and
//! every role), and its JSON, text and HTML forms.
//!
//! Talk is rendered through [`crate::render::Renderer`]; narration phrases are data in
//! `locales/<lang>.log.toml`. This module sits beside the API and the CLI, on top of protocol and render.
//!
//! ```
//! use aiwolf_nl::gamelog::{Format, TranscriptOptions, render_log};
//! use aiwolf_nl::render::{Lang, Renderer};
//! let renderer = Renderer::embedded().unwrap();
//! let log = "1,status,1,SEER,ALIVE,alice\n1,talk,0,0,1,COMINGOUT Agent[01] SEER\n";
//! let html = render_log(log, &renderer, &TranscriptOptions::new(Lang::En), Format::Html).unwrap();
//! assert!(html.starts_with("<article class=\"transcript\" lang=\"en\">"));
//! ```

mod error;
mod html;
mod phrases;
mod reader;
mod text;
mod transcript;

use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub use error::GamelogError;
pub use html::escape_into as escape_html_into;
pub use reader::{Event, GameLog, LineError, LogLimits, LogLine, Winner, read_log};
pub use transcript::{
    DaySection, Entry, GameEnd, Narrated, Player, Talk, TalkError, Transcript, TranscriptOptions, Vote, VoteRound,
};

use crate::render::Renderer;

/// How a transcript is written out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// The [`Transcript`] object.
    #[default]
    Json,
    /// Plain text, a header per day.
    Text,
    /// One HTML fragment, every agent-provided string escaped.
    Html,
}

impl FromStr for Format {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "json" => Ok(Format::Json),
            "text" => Ok(Format::Text),
            "html" => Ok(Format::Html),
            other => Err(format!("unknown format `{other}` (expected json, text or html)")),
        }
    }
}

/// Reads `log` and builds its transcript. Fails when the log is empty, too large, or has no readable line.
pub fn transcribe(
    log: &str,
    renderer: &Renderer,
    options: &TranscriptOptions,
    limits: &LogLimits,
) -> Result<Transcript, GamelogError> {
    if log.trim().is_empty() {
        return Err(GamelogError::Empty);
    }
    let read = read_log(log, limits)?;
    if read.lines.is_empty() {
        let first = read.errors.first().cloned().unwrap_or(LineError { line: 0, message: "no lines".to_owned() });
        return Err(GamelogError::Unreadable { line: first.line, message: first.message });
    }
    let phrases = phrases::Phrases::get(options.lang)?;
    Ok(transcript::build(&read, renderer, phrases, options)?)
}

/// The transcript written as JSON, text or HTML (the phrases of its language label the parts).
pub fn write(transcript: &Transcript, format: Format) -> Result<String, GamelogError> {
    let mut out = String::new();
    write_into(transcript, format, &mut out)?;
    Ok(out)
}

/// [`write`] into any sink, so that a large transcript can be sent in pieces rather than held in one buffer.
/// `out` is expected not to fail (a `String`, a buffer): a failing sink stops the writing early, unreported.
pub fn write_into(transcript: &Transcript, format: Format, out: &mut impl std::fmt::Write) -> Result<(), GamelogError> {
    let phrases = phrases::Phrases::get(transcript.lang)?;
    match format {
        Format::Json => {
            let _ = out.write_str(&serde_json::to_string(transcript).unwrap_or_default());
        }
        Format::Text => text::write_text(transcript, phrases, out),
        Format::Html => html::write_html(transcript, phrases, out),
    }
    Ok(())
}

/// [`transcribe`] then [`write`], with the default limits.
pub fn render_log(
    log: &str,
    renderer: &Renderer,
    options: &TranscriptOptions,
    format: Format,
) -> Result<String, GamelogError> {
    write(&transcribe(log, renderer, options, &LogLimits::default())?, format)
}
