//! Any UTF-8 text, read as Japanese and as English, with and without a speaker, addressee and name table:
//! the understander never panics, and what it answers is consistent (spans on the text, canonical
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
    let Ok(text) = std::str::from_utf8(data) else { return };
    for ctx in common::contexts() {
        for lang in [Lang::Ja, Lang::En] {
            let reading = UNDERSTANDER.understand(text, lang, &ctx);
            common::check_reading(text, &reading);
        }
    }
});
