//! Any UTF-8 text, read as Japanese or as English, with or without a speaker, addressee and name table (the
//! input's first byte chooses): the understander never panics, and what it answers is consistent (spans on the text, canonical
//! sentences that parse back to themselves).
#![no_main]

mod common;

use std::sync::LazyLock;

use aiwolf_nl::understand::{Lang, Understander};
use libfuzzer_sys::fuzz_target;

static UNDERSTANDER: LazyLock<Understander> = LazyLock::new(|| Understander::embedded().expect("phrase files load"));

// Built before the first input: building checks every template, which under the sanitizer would eat the
// first input's time limit.
fuzz_target!(init: { LazyLock::force(&UNDERSTANDER); }, |data: &[u8]| {
    let Some((choice, text)) = common::choose(data, 4) else { return };
    let Ok(text) = std::str::from_utf8(text) else { return };
    let ctx = &common::contexts()[choice / 2];
    let lang = [Lang::Ja, Lang::En][choice % 2];
    let reading = UNDERSTANDER.understand(text, lang, ctx);
    common::check_reading(text, &reading);
});
