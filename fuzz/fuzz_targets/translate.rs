//! Any UTF-8 text translated from any language (or from a detected one) into any language, the pair chosen by
//! the input's first byte: never a panic, and protocol output is canonical text that parses strictly.
#![no_main]

mod common;

use std::sync::LazyLock;

use aiwolf_nl::protocol::{ParseOptions, parse};
use aiwolf_nl::render::{RenderOptions, Style};
use aiwolf_nl::translator::{Format, Settings, Translator};
use libfuzzer_sys::fuzz_target;

static TRANSLATOR: LazyLock<Translator> = LazyLock::new(|| Translator::embedded().expect("embedded files load"));

// Built before the first input: building checks every template, which under the sanitizer would eat the
// first input's time limit.
fuzz_target!(init: { LazyLock::force(&TRANSLATOR); }, |data: &[u8]| {
    const SOURCES: [Option<Format>; 4] = [None, Some(Format::Protocol), Some(Format::Ja), Some(Format::En)];
    let Some((pair, text)) = common::choose(data, SOURCES.len() * Format::ALL.len()) else { return };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let (from, to) = (SOURCES[pair / Format::ALL.len()], Format::ALL[pair % Format::ALL.len()]);
    let [ctx, _] = common::contexts();
    let render = RenderOptions { style: Style::Casual, variant_seed: Some(data.len() as u64), ..RenderOptions::default() };
    let settings = Settings { ctx: &ctx, render: &render, parse: &ParseOptions::default(), explain: false };
    let Ok(translation) = TRANSLATOR.translate(text, from, to, &settings) else { return };
    if let Some(from) = from {
        assert_eq!(translation.source, from);
    }
    common::check_reading(text, &translation.reading);
    if to == Format::Protocol && translation.text != "Skip" {
        for sentence in translation.text.split(" ; ") {
            parse(sentence, &ParseOptions::strict())
                .unwrap_or_else(|e| panic!("{sentence:?} from {text:?} does not parse: {e}"));
        }
    }
});
