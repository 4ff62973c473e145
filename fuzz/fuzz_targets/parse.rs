//! Any bytes: the parser never panics, its canonical fast path agrees with the full parser, and whatever
//! it accepts prints to canonical text that parses strictly to the same tree.
#![no_main]

use aiwolf_nl::protocol::{ParseOptions, parse, parse_without_fast_path};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for options in [ParseOptions::default(), ParseOptions::strict()] {
        let result = parse(text, &options);
        assert_eq!(result, parse_without_fast_path(text, &options), "fast path disagrees on {text:?}");
        if let Ok(parsed) = result {
            let canonical = parsed.sentence.to_canonical();
            let again = parse(&canonical, &ParseOptions::strict()).expect("canonical text parses strictly");
            assert_eq!(again.sentence, parsed.sentence, "{text:?} -> {canonical:?}");
        }
    }
});
