//! The transcript as one HTML fragment: `<article class="transcript" lang="…">` with a
//! `<section class="day" data-day="N">` per day and `<section class="result">` at the end.
//!
//! Every string that comes from the log or the caller (talk text, names, translations that quote them) is
//! escaped, so a talk containing `<script>` is shown as text, never run.

use std::fmt::{self, Write};

use super::phrases::{Phrases, fill};
use super::transcript::{Entry, Narrated, Talk, Transcript, VoteRound};

/// `text` with `& < > " '` escaped, appended to `out`.
pub fn escape_into(out: &mut impl Write, text: &str) -> fmt::Result {
    let mut rest = text;
    while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
        out.write_str(&rest[..at])?;
        out.write_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        })?;
        rest = &rest[at + 1..];
    }
    out.write_str(rest)
}

/// The writer: a sink (a `String`, or the API's chunks) that cannot fail, so results are not threaded through.
struct Html<'a, W> {
    out: &'a mut W,
    phrases: &'a Phrases,
}

impl<W: Write> Html<'_, W> {
    fn text(&mut self, text: &str) {
        let _ = escape_into(self.out, text);
    }

    fn raw(&mut self, markup: &str) {
        let _ = self.out.write_str(markup);
    }

    /// `<tag class="class">text</tag>`.
    fn element(&mut self, tag: &str, class: &str, text: &str) {
        let _ = write!(self.out, "<{tag} class=\"{class}\">");
        self.text(text);
        let _ = write!(self.out, "</{tag}>");
    }
}

/// Writes the fragment into `out`.
pub fn write_html(transcript: &Transcript, phrases: &Phrases, out: &mut impl Write) {
    let mut html = Html { out, phrases };
    let _ = writeln!(html.out, "<article class=\"transcript\" lang=\"{}\">", transcript.lang.code());
    for day in &transcript.days {
        let _ = writeln!(html.out, "<section class=\"day\" data-day=\"{}\">", day.day);
        html.element("h2", "day-title", &day.title);
        html.raw("\n");
        for entry in &day.entries {
            match entry {
                Entry::Talk(talk) => write_talk(&mut html, talk),
                Entry::Votes(round) => write_votes(&mut html, round),
                Entry::Execute(event) => write_event(&mut html, "execute", event),
                Entry::Divine(event) => write_event(&mut html, "divine", event),
                Entry::Guard(event) => write_event(&mut html, "guard", event),
                Entry::Attack(event) => write_event(&mut html, "attack", event),
            }
        }
        html.raw("</section>\n");
    }
    write_result(&mut html, transcript);
    if !transcript.errors.is_empty() {
        html.raw("<section class=\"errors\">");
        html.element("h2", "errors-title", &html.phrases.errors.clone());
        html.raw("<ul>");
        for error in &transcript.errors {
            let line = error.line.to_string();
            let text = fill(&html.phrases.error_line, &[("line", &line), ("message", &error.message)]);
            let _ = write!(html.out, "<li data-line=\"{line}\">");
            html.text(&text);
            html.raw("</li>");
        }
        html.raw("</ul></section>\n");
    }
    html.raw("</article>\n");
}

fn write_talk(html: &mut Html<impl Write>, talk: &Talk) {
    let class = if talk.whisper { "talk whisper" } else { "talk" };
    let _ = write!(html.out, "<div class=\"{class}\" data-id=\"{}\"", talk.id);
    if let Some(verb) = &talk.verb {
        html.raw(" data-type=\"");
        html.text(verb);
        html.raw("\"");
    }
    if talk.translation.is_none() {
        html.raw(" data-untranslated=\"true\"");
    }
    html.raw(">");
    if talk.whisper {
        let label = html.phrases.whisper.clone();
        html.element("span", "whisper-mark", &label);
        html.raw(" ");
    }
    html.element("span", "speaker", &talk.speaker_name);
    html.raw(" ");
    match (&talk.translation, &talk.error) {
        (Some(translation), _) => html.element("span", "translation", translation),
        (None, error) => {
            let label = html.phrases.untranslated.clone();
            html.raw("<span class=\"untranslated\"");
            if let Some(error) = error {
                html.raw(" title=\"");
                html.text(&error.message);
                html.raw("\"");
            }
            html.raw(">");
            html.text(&label);
            html.raw("</span>");
        }
    }
    html.raw(" ");
    html.element("code", "protocol", &talk.protocol);
    html.raw("</div>\n");
}

fn write_votes(html: &mut Html<impl Write>, round: &VoteRound) {
    let class = if round.attack { "votes attack-votes" } else { "votes" };
    let _ = write!(html.out, "<div class=\"{class}\" data-round=\"{}\">", round.round);
    html.element("h3", "votes-title", &round.title);
    html.raw("<ul>");
    for vote in &round.votes {
        html.element("li", "vote", &vote.text);
    }
    html.raw("</ul></div>\n");
}

fn write_event(html: &mut Html<impl Write>, kind: &str, event: &Narrated) {
    html.element("p", &format!("event {kind}"), &event.text);
    html.raw("\n");
}

fn write_result(html: &mut Html<impl Write>, transcript: &Transcript) {
    let result = &transcript.result;
    html.raw("<section class=\"result\">");
    html.element("h2", "result-title", &result.title);
    html.element("p", "winner", &result.text);
    if let Some(survivors) = &result.survivors {
        html.element("p", "survivors", survivors);
    }
    // A log without status lines knows no roles: no empty table.
    if transcript.players.is_empty() {
        html.raw("</section>\n");
        return;
    }
    html.element("h3", "roles-title", &result.roles_title);
    let p = html.phrases;
    html.raw("<table class=\"roles\"><thead><tr>");
    for header in [&p.agent, &p.name, &p.player, &p.role, &p.state] {
        html.raw("<th>");
        html.text(header);
        html.raw("</th>");
    }
    html.raw("</tr></thead><tbody>\n");
    for player in &transcript.players {
        let _ = write!(html.out, "<tr data-role=\"{}\">", player.role.keyword());
        html.element("td", "agent", &player.agent.to_string());
        html.element("td", "name", &player.name);
        html.element("td", "player", &player.player);
        html.element("td", "role", &player.role_name);
        html.element("td", "state", if player.alive { &p.alive } else { &p.dead });
        html.raw("</tr>\n");
    }
    html.raw("</tbody></table></section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        let mut out = String::new();
        escape_into(&mut out, "<script>alert('x')</script> & \"y\"").unwrap();
        assert_eq!(out, "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;");
    }
}
