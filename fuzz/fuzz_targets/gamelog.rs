//! Any UTF-8 text as a game log, transcribed in Japanese or English (the input's first byte chooses) and
//! written in every format: never a panic, the JSON form is JSON, and the HTML form never lets a `<` from the log through unescaped.
#![no_main]

mod common;

use std::sync::LazyLock;

use aiwolf_nl::gamelog::{Format, LogLimits, TranscriptOptions, transcribe, write};
use aiwolf_nl::render::{Lang, Renderer};
use libfuzzer_sys::fuzz_target;

static RENDERER: LazyLock<Renderer> = LazyLock::new(|| Renderer::embedded().expect("templates load"));

// Built before the first input: building checks every template, which under the sanitizer would eat the
// first input's time limit.
fuzz_target!(init: { LazyLock::force(&RENDERER); }, |data: &[u8]| {
    let Some((lang, log)) = common::choose(data, Lang::ALL.len()) else { return };
    let Ok(log) = std::str::from_utf8(log) else { return };
    let lang = Lang::ALL[lang];
    let Ok(transcript) = transcribe(log, &RENDERER, &TranscriptOptions::new(lang), &LogLimits::default()) else {
        return;
    };
    let json = write(&transcript, Format::Json).expect("json");
    serde_json::from_str::<serde_json::Value>(&json).expect("the JSON form is JSON");
    write(&transcript, Format::Text).expect("text");
    let html = write(&transcript, Format::Html).expect("html");
    if !log.contains('<') {
        return;
    }
    // Every tag the writer opens is one of its own, so the log's `<` never starts one.
    for tag in html.split('<').skip(1) {
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        assert!(
            ["article", "section", "h2", "h3", "p", "div", "span", "ol", "ul", "li", "table", "tr", "td", "th", "thead", "tbody", "code", "q", "dl", "dt", "dd", "header", "footer", "small", "em", "strong", "b", "i", "details", "summary", "blockquote", "time", "abbr", "bdi"]
                .contains(&name.as_str()),
            "unexpected tag `<{}` in the HTML of {log:?}",
            tag.chars().take(20).collect::<String>()
        );
    }
});
