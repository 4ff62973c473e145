//! The translator (every direction, shared by the CLI and the service): language detection, and that any text
//! in any direction gives a translation or an error, never a panic, with spans inside the text.

use aiwolf_nl::protocol::{Agent, Context, ErrorCode, ParseOptions};
use aiwolf_nl::render::RenderOptions;
use aiwolf_nl::translator::{Detected, Format, Settings, TranslateError, Translator, detect};
use aiwolf_nl::understand::Lang;

mod common;

fn translator() -> &'static Translator {
    static ONCE: std::sync::OnceLock<Translator> = std::sync::OnceLock::new();
    ONCE.get_or_init(|| Translator::embedded().expect("embedded templates and phrase files load"))
}

fn context() -> Context {
    Context { speaker: Some(Agent::Id(9)), names: common::convention_names(), ..Context::default() }
}

#[test]
fn detection_tells_protocol_japanese_and_english_apart() {
    let options = ParseOptions::default();
    let natural = |text: &str| match detect(text, &options) {
        Ok(Detected::Natural(lang)) => Some(lang),
        _ => None,
    };
    assert!(matches!(detect("Agent[01] COMINGOUT Agent[01] SEER", &options), Ok(Detected::Protocol(_))));
    assert!(matches!(detect("Skip", &options), Ok(Detected::Protocol(_))));
    assert_eq!(natural("ケンジは人狼だと思う"), Some(Lang::Ja));
    assert_eq!(natural("ｹﾝｼﾞ黒"), Some(Lang::Ja));
    assert_eq!(natural("Kenji is sus."), Some(Lang::En));
    assert_eq!(natural("I vote Agent[03]"), Some(Lang::En));
    // Broken protocol keeps its parse error rather than being read as English.
    assert_eq!(detect("REQUEST ANY (VOTE", &options).unwrap_err().code, ErrorCode::UnbalancedParenthesis);
    assert_eq!(detect("   ", &options).unwrap_err().code, ErrorCode::EmptyInput);
}

#[test]
fn every_direction_of_one_utterance() {
    let ctx = context();
    let render = RenderOptions::default();
    let parse = ParseOptions::default();
    let settings = Settings { ctx: &ctx, render: &render, parse: &parse, explain: false };
    let translate = |text: &str, from, to| translator().translate(text, from, to, &settings).expect("translates");
    let ja = translate("ケンジを占った結果、人狼でした。", Some(Format::Ja), Format::Protocol);
    assert_eq!(ja.text, "DIVINED Agent[03] WEREWOLF");
    // Into English through the protocol, and back: the same sentence.
    let en = translate("ケンジを占った結果、人狼でした。", Some(Format::Ja), Format::En);
    assert_eq!(en.reading.sentences, ja.reading.sentences);
    let back = translate(&en.text, Some(Format::En), Format::Protocol);
    assert_eq!(back.text, "DIVINED Agent[03] WEREWOLF", "{}", en.text);
    let auto = translate("I divined Kenji as a werewolf.", None, Format::Protocol);
    assert_eq!((auto.source, auto.text.as_str()), (Format::En, "DIVINED Agent[03] WEREWOLF"));
}

proptest::proptest! {
    /// Any text, any source (or detection), any target: a translation or an error, never a panic; spans stay
    /// inside the text.
    #[test]
    fn any_text_translates_or_fails_cleanly(
        text in "[a-zA-Z0-9 ()@>\\[\\]\\.\\?!、。！？ｱｶﾞﾟーさん占い師CO黒白人狼に投票しようミナトケンジVOTEANY\u{E000}\u{3099}]{0,60}",
        from in proptest::sample::select(vec![None, Some(Format::Protocol), Some(Format::Ja), Some(Format::En)]),
        to in proptest::sample::select(Format::ALL.to_vec()),
    ) {
        let ctx = context();
        let render = RenderOptions::default();
        let parse = ParseOptions::default();
        let settings = Settings { ctx: &ctx, render: &render, parse: &parse, explain: false };
        match translator().translate(&text, from, to, &settings) {
            Ok(translation) => {
                proptest::prop_assert!(!translation.text.is_empty());
                for s in &translation.reading.sentences {
                    proptest::prop_assert!(text.get(s.span.start..s.span.end).is_some());
                }
            }
            Err(TranslateError::Parse(error)) => proptest::prop_assert!(error.span.start <= error.span.end),
            Err(TranslateError::Render(error)) => proptest::prop_assert!(false, "render failed: {error}"),
            Err(TranslateError::OutOfBudget(_)) => proptest::prop_assert!(false, "translate has no time budget"),
        }
    }
}
