//! Any UTF-8 text translated from every language (and from a detected one) into every language: never a
//! panic, and protocol output is canonical text that parses strictly.
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
    let Ok(text) = std::str::from_utf8(data) else { return };
    let [ctx, _] = common::contexts();
    let render = RenderOptions { style: Style::Casual, variant_seed: Some(data.len() as u64), ..RenderOptions::default() };
    let settings = Settings { ctx: &ctx, render: &render, parse: &ParseOptions::default(), explain: false };
    let sources = [None, Some(Format::Protocol), Some(Format::Ja), Some(Format::En)];
    for from in sources {
        for to in Format::ALL {
            let Ok(translation) = TRANSLATOR.translate(text, from, to, &settings) else { continue };
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
        }
    }
});
