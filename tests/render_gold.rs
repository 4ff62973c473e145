//! Issue 11's gold files: reviewed renderings of the compound shapes players see most (AND of sentences,
//! BECAUSE with compound parts, NOT of a result, COMINGOUT of another agent's role, a wolf's whispered plan), in
//! every style and both channels. `tests/render_gold/<lang>.tsv`: style, channel, protocol, wanted text. Every
//! rendering must also read back exactly as the protocol line, through the reader of its style and channel.

use aiwolf_nl::protocol::{ParseOptions, parse};
use aiwolf_nl::render::{Lang, RenderOptions, Renderer, sample_context};

fn check(lang: Lang, gold: &str) {
    let renderer = Renderer::embedded().expect("the embedded templates load");
    let ctx = sample_context(lang);
    let mut failures = Vec::new();
    let mut rows = 0;
    for (number, line) in gold.lines().enumerate().filter(|(_, line)| !line.starts_with('#') && !line.is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [style, channel, protocol, wanted] = fields[..] else {
            panic!("{lang} gold line {}: expected 4 tab-separated fields, got {}", number + 1, fields.len());
        };
        rows += 1;
        let sentence = parse(protocol, &ParseOptions::default()).expect("gold protocol parses").sentence;
        let options = RenderOptions {
            style: style.parse().expect("gold style"),
            channel: channel.parse().expect("gold channel"),
            ..RenderOptions::default()
        };
        let got = renderer.render(&sentence, lang, &ctx, &options).expect("renders");
        if got != wanted {
            failures
                .push(format!("line {}: {protocol} ({style}, {channel})\n  want: {wanted}\n  got:  {got}", number + 1));
        }
        // Every style reads back exactly (the chat style too); the generated round trip covers the rest.
        let read = renderer.read_as(&got, lang, &ctx, &options).map(|s| s.to_canonical());
        if read.as_deref() != Some(protocol) {
            failures.push(format!("line {}: `{got}` reads back as {read:?}, not {protocol}", number + 1));
        }
    }
    assert!(rows >= 150, "{lang}: only {rows} gold rows");
    assert!(failures.is_empty(), "{lang}: {} of {rows} gold rows differ:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn japanese_gold_renderings() {
    check(Lang::Ja, include_str!("render_gold/ja.tsv"));
}

#[test]
fn english_gold_renderings() {
    check(Lang::En, include_str!("render_gold/en.tsv"));
}
