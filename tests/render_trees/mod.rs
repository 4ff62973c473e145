//! Random protocol trees for the render tests (no ../shared needed): every verb and operator, every kind of
//! subject and target, nesting up to a given depth. Deterministic for a seed.
#![allow(dead_code)]

use aiwolf_nl::protocol::{Agent, Content, Role, Sentence, Species, TalkKind, TalkRef, canonicalized};

/// SplitMix64: small, deterministic, good enough to spread choices.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len() as u64) as usize]
    }
}

/// ANY, or one of the first eleven agents (the name tables name nine, so some print as `Agent[NN]`).
pub fn agent(rng: &mut Rng) -> Agent {
    if rng.below(6) == 0 { Agent::Any } else { Agent::Id(1 + rng.below(11) as u32) }
}

fn subject(rng: &mut Rng) -> Option<Agent> {
    if rng.below(2) == 0 { None } else { Some(agent(rng)) }
}

fn verb(rng: &mut Rng) -> Content {
    let target = agent(rng);
    let role = rng.pick(Role::ALL);
    let species = rng.pick(Species::ALL);
    let talk = TalkRef { kind: rng.pick(TalkKind::ALL), day: rng.below(12) as u32, id: rng.below(120) as u32 };
    match rng.below(13) {
        0 => Content::Estimate { target, role },
        1 => Content::Comingout { target, role },
        2 => Content::Divination { target },
        3 => Content::Guard { target },
        4 => Content::Vote { target },
        5 => Content::Attack { target },
        6 => Content::Divined { target, species },
        7 => Content::Identified { target, species },
        8 => Content::Guarded { target },
        9 => Content::Voted { target },
        10 => Content::Attacked { target },
        11 => Content::Agree { talk },
        _ => Content::Disagree { talk },
    }
}

/// A sentence with operators nested at most `depth` deep (a verb at depth 0).
pub fn sentence(rng: &mut Rng, depth: u32) -> Sentence {
    let operator = depth > 0 && rng.below(3) != 0;
    if !operator {
        return Sentence { subject: subject(rng), content: verb(rng) };
    }
    let inner = |rng: &mut Rng| Box::new(sentence(rng, depth - 1));
    let content = match rng.below(8) {
        0 => Content::Request { target: agent(rng), sentence: inner(rng) },
        1 => Content::Inquire { target: agent(rng), sentence: inner(rng) },
        2 => Content::Because { reason: inner(rng), conclusion: inner(rng) },
        3 => Content::Day { day: rng.below(8) as u32, sentence: inner(rng) },
        4 => Content::Not { sentence: inner(rng) },
        5 => Content::And { sentences: (0..2 + rng.below(2)).map(|_| *inner(rng)).collect() },
        6 => Content::Or { sentences: (0..2 + rng.below(2)).map(|_| *inner(rng)).collect() },
        _ => Content::Xor { left: inner(rng), right: inner(rng) },
    };
    Sentence { subject: subject(rng), content }
}

/// A top-level sentence (sometimes Skip or Over) in canonical form: no nested subject equal to the one it
/// inherits.
pub fn canonical_sentence(rng: &mut Rng, depth: u32) -> Sentence {
    match rng.below(40) {
        0 => Sentence { subject: None, content: Content::Skip },
        1 => Sentence { subject: None, content: Content::Over },
        _ => canonicalized(&sentence(rng, depth)),
    }
}

/// The canonical text of `sentence` as said by `speaker`: subjects completed from the speaker are omitted.
pub fn said_by(sentence: &Sentence, speaker: Option<Agent>) -> String {
    let mut sentence = sentence.clone();
    if sentence.subject.is_none() && !matches!(sentence.content, Content::Skip | Content::Over) {
        sentence.subject = speaker;
    }
    let mut sentence = canonicalized(&sentence);
    if sentence.subject == speaker {
        sentence.subject = None;
    }
    sentence.to_canonical()
}
