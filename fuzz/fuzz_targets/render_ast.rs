//! A sentence tree within the depth limit (built from the bytes, or decoded when they are JSON) rendered in
//! either language and style, canonical or with variants (the input's first byte chooses): never a panic,
//! and every valid tree renders.
//! Only the public `Renderer::render` is used, so the target outlives rewrites of the renderer's insides.
#![no_main]

mod common;

use std::sync::LazyLock;

use aiwolf_nl::protocol::{
    Agent, Content, Context, MAX_NUMBER, ParseOptions, Role, Sentence, Species, TalkKind, TalkRef, validate_tree,
};
use aiwolf_nl::render::{Lang, RenderOptions, Renderer, Style, TalkQuote};
use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;

static RENDERER: LazyLock<Renderer> = LazyLock::new(|| Renderer::embedded().expect("templates load"));

// Built before the first input: building checks every template, which under the sanitizer would eat the
// first input's time limit.
fuzz_target!(init: { LazyLock::force(&RENDERER); }, |data: &[u8]| {
    let styles = Style::ALL.len();
    let Some((choice, data)) = common::choose(data, Lang::ALL.len() * styles * 3) else { return };
    let lang = Lang::ALL[choice / (styles * 3)];
    let style = Style::ALL[choice / 3 % styles];
    let variant_seed = [None, Some(data.len() as u64), Some(u64::MAX)][choice % 3];
    let sentence = if data.first() == Some(&b'{') {
        match serde_json::from_slice::<Sentence>(data) {
            Ok(sentence) => sentence,
            Err(_) => return,
        }
    } else {
        match sentence(&mut Unstructured::new(data), 0) {
            Ok(sentence) => sentence,
            Err(_) => return,
        }
    };
    let max_depth = ParseOptions::default().max_depth;
    if validate_tree(&sentence, max_depth).is_err() {
        return;
    }
    let mut names = aiwolf_nl::protocol::NameTable::new();
    names.insert(Agent::Id(1), "ミナト");
    names.insert(Agent::Id(2), "Shion <b>");
    let ctx = Context { speaker: Some(Agent::Id(2)), addressee: None, names, day: Some(3) };
    let quote = TalkQuote { speaker: Some(Agent::Id(1)), text: "VOTE Agent[01]".to_owned() };
    let mut quoted = RenderOptions::default();
    quoted.quotes.insert(TalkRef { kind: TalkKind::Talk, day: 1, id: 0 }, quote);
    let options = RenderOptions { style, variant_seed, ..quoted };
    if let Err(error) = RENDERER.render(&sentence, lang, &ctx, &options) {
        panic!("{} does not render in {lang} ({style:?}, {variant_seed:?}): {error}", sentence.to_canonical());
    }
});

fn sentence(u: &mut Unstructured, depth: usize) -> Result<Sentence> {
    let subject = if u.arbitrary()? { Some(agent(u)?) } else { None };
    // Past the limit only leaves are built, so the input decides the shape and not the recursion.
    let leaves_only = depth >= 34;
    let choice = u.int_in_range(0..=if leaves_only { 14 } else { 22 })?;
    let content = match choice {
        0 => Content::Skip,
        1 => Content::Over,
        2 => Content::Estimate { target: agent(u)?, role: role(u)? },
        3 => Content::Comingout { target: agent(u)?, role: role(u)? },
        4 => Content::Divination { target: agent(u)? },
        5 => Content::Guard { target: agent(u)? },
        6 => Content::Vote { target: agent(u)? },
        7 => Content::Attack { target: agent(u)? },
        8 => Content::Divined { target: agent(u)?, species: species(u)? },
        9 => Content::Identified { target: agent(u)?, species: species(u)? },
        10 => Content::Guarded { target: agent(u)? },
        11 => Content::Voted { target: agent(u)? },
        12 => Content::Attacked { target: agent(u)? },
        13 => Content::Agree { talk: talk(u)? },
        14 => Content::Disagree { talk: talk(u)? },
        15 => Content::Request { target: agent(u)?, sentence: Box::new(sentence(u, depth + 1)?) },
        16 => Content::Inquire { target: agent(u)?, sentence: Box::new(sentence(u, depth + 1)?) },
        17 => Content::Because {
            reason: Box::new(sentence(u, depth + 1)?),
            conclusion: Box::new(sentence(u, depth + 1)?),
        },
        18 => Content::Day { day: number(u)?, sentence: Box::new(sentence(u, depth + 1)?) },
        19 => Content::Not { sentence: Box::new(sentence(u, depth + 1)?) },
        20 => Content::And { sentences: sentences(u, depth)? },
        21 => Content::Or { sentences: sentences(u, depth)? },
        _ => Content::Xor { left: Box::new(sentence(u, depth + 1)?), right: Box::new(sentence(u, depth + 1)?) },
    };
    Ok(Sentence { subject, content })
}

fn sentences(u: &mut Unstructured, depth: usize) -> Result<Vec<Sentence>> {
    let count = u.int_in_range(1..=6)?;
    (0..count).map(|_| sentence(u, depth + 1)).collect()
}

fn number(u: &mut Unstructured) -> Result<u32> {
    // Mostly small numbers, sometimes the extremes.
    Ok(match u.int_in_range(0..=3)? {
        0 => MAX_NUMBER,
        1 => u.int_in_range(0..=MAX_NUMBER)?,
        _ => u.int_in_range(0..=20)?,
    })
}

fn agent(u: &mut Unstructured) -> Result<Agent> {
    Ok(match number(u)? {
        0 => Agent::Any,
        n => Agent::Id(n),
    })
}

fn role(u: &mut Unstructured) -> Result<Role> {
    u.choose(Role::ALL).copied()
}

fn species(u: &mut Unstructured) -> Result<Species> {
    u.choose(Species::ALL).copied()
}

fn talk(u: &mut Unstructured) -> Result<TalkRef> {
    let kind = if u.arbitrary()? { TalkKind::Talk } else { TalkKind::Whisper };
    Ok(TalkRef { kind, day: number(u)?, id: number(u)? })
}
