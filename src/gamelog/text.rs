//! The transcript as plain text: a header per day, one line per talk with the original protocol after it,
//! narrated events, then the result and the roles.

use std::fmt::Write;

use super::phrases::{Phrases, fill};
use super::transcript::{Entry, Transcript};

/// Writes the text into `out`, a sink that cannot fail (a `String`, or the API's chunks): results are not
/// threaded through.
pub fn write_text(transcript: &Transcript, phrases: &Phrases, out: &mut impl Write) {
    for day in &transcript.days {
        let _ = writeln!(out, "== {} ==", day.title);
        for entry in &day.entries {
            match entry {
                Entry::Talk(talk) => {
                    let whisper = if talk.whisper { format!("{} ", phrases.whisper) } else { String::new() };
                    let said = match &talk.translation {
                        Some(translation) => translation.clone(),
                        None => format!("[{}]", phrases.untranslated),
                    };
                    let _ = writeln!(out, "{whisper}{}: {said}", talk.speaker_name);
                    let _ = writeln!(out, "    | {}", talk.protocol);
                }
                Entry::Votes(round) => {
                    let _ = writeln!(out, "-- {} --", round.title);
                    for vote in &round.votes {
                        let _ = writeln!(out, "  {}", vote.text);
                    }
                }
                Entry::Execute(event) | Entry::Divine(event) | Entry::Guard(event) | Entry::Attack(event) => {
                    let _ = writeln!(out, "* {}", event.text);
                }
            }
        }
        let _ = out.write_char('\n');
    }
    let result = &transcript.result;
    let _ = writeln!(out, "== {} ==", result.title);
    let _ = writeln!(out, "{}", result.text);
    if let Some(survivors) = &result.survivors {
        let _ = writeln!(out, "{survivors}");
    }
    // A log without status lines knows no roles: no empty section.
    if !transcript.players.is_empty() {
        let _ = writeln!(out, "-- {} --", result.roles_title);
    }
    for player in &transcript.players {
        let state = if player.alive { &phrases.alive } else { &phrases.dead };
        let agent = player.agent.to_string();
        let name = if player.name == agent { String::new() } else { format!(" {}", player.name) };
        let _ = writeln!(out, "  {agent}{name} ({}): {}, {state}", player.player, player.role_name);
    }
    if !transcript.errors.is_empty() {
        let _ = writeln!(out, "\n== {} ==", phrases.errors);
        for error in &transcript.errors {
            let _ = writeln!(
                out,
                "  {}",
                fill(&phrases.error_line, &[("line", &error.line.to_string()), ("message", &error.message)])
            );
        }
    }
}
