//! Frame rendering (cached frames spliced with texts) must be byte-identical to tera interpreting every
//! template call, for every kind of sentence, context and option.

mod common;
mod render_trees;

use std::collections::HashMap;

use aiwolf_nl::protocol::{Agent, Content, Context, NameTable, Sentence};
use aiwolf_nl::render::{Lang, RenderOptions, Renderer, Style, TalkQuote};
use render_trees::{Rng, canonical_sentence};

fn contexts(lang: Lang) -> Vec<Context> {
    let names = match lang {
        Lang::Ja => common::convention_names(),
        Lang::En => {
            let mut names = NameTable::new();
            for (i, name) in ["Minato", "sakura", "Élodie", "Kenji"].iter().enumerate() {
                names.insert(Agent::Id(i as u32 + 1), *name);
            }
            names
        }
    };
    vec![
        Context { speaker: Some(Agent::Id(1)), addressee: Some(Agent::Id(3)), names: names.clone(), day: Some(3) },
        Context { speaker: Some(Agent::Id(2)), addressee: None, names, day: Some(1) },
        Context::default(),
    ]
}

/// Quotes for every talk reference of `sentence` (some with a speaker, some without).
fn quotes_of(sentence: &Sentence, into: &mut HashMap<aiwolf_nl::protocol::TalkRef, TalkQuote>) {
    if let Content::Agree { talk } | Content::Disagree { talk } = &sentence.content {
        let speaker = (talk.id % 3 != 0).then_some(Agent::Id(talk.id % 5));
        into.insert(*talk, TalkQuote { speaker, text: format!("quote “{}” 「{}」", talk.id, talk.day) });
    }
    for operand in sentence.content.operands() {
        quotes_of(operand, into);
    }
}

fn options(rng: &mut Rng, sentence: &Sentence) -> RenderOptions {
    let mut options = RenderOptions {
        style: Style::ALL[rng.below(Style::ALL.len() as u64) as usize],
        variant_seed: (rng.below(2) == 0).then(|| rng.next()),
        ..RenderOptions::default()
    };
    match rng.below(6) {
        0 => options.honorific = false,
        1 => options.pronoun = Some("僕".to_owned()),
        2 => quotes_of(sentence, &mut options.quotes),
        _ => {}
    }
    options
}

#[test]
fn frames_render_exactly_what_tera_renders() {
    let renderer = Renderer::embedded().expect("embedded templates build");
    let mut rng = Rng(20_261_123);
    let mut compared = 0;
    for lang in [Lang::Ja, Lang::En] {
        let contexts = contexts(lang);
        for i in 0..4_000 {
            let sentence = canonical_sentence(&mut rng, 1 + i % 4);
            let ctx = &contexts[i as usize % contexts.len()];
            let options = if i % 4 == 0 { RenderOptions::default() } else { options(&mut rng, &sentence) };
            let framed = renderer.render(&sentence, lang, ctx, &options);
            let interpreted = renderer.render_through_tera(&sentence, lang, ctx, &options);
            match (framed, interpreted) {
                (Ok(framed), Ok(interpreted)) => {
                    assert_eq!(framed, interpreted, "{lang} {} with {options:?}", sentence.to_canonical())
                }
                (framed, interpreted) => panic!("{lang} {}: {framed:?} vs {interpreted:?}", sentence.to_canonical()),
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 8_000);
}
