//! Frame definitions (`locales/<lang>.frames.toml`): which words evoke which kind of predicate (a claim, a
//! result, an estimate, a vote…), which marks (particles, prepositions, word order) put a player in which
//! participant role, and the values a cue carries by itself («狼っぽい» is an estimate of WEREWOLF).
//! What each class of predicate means in protocol is the reader's machinery (`build.rs`); the words are
//! here, each frame with examples that the test suite runs.

use serde::Deserialize;

use super::UnderstandError;
use super::flags::Flags;
use super::lexicon::Source;
use crate::protocol::{ParseOptions, Role, Species, parse};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FrameFile {
    lang: String,
    #[serde(rename = "frame", default)]
    frames: Vec<FrameDef>,
}

/// One frame as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrameDef {
    pub id: String,
    class: Class,
    #[serde(default)]
    cues: Vec<String>,
    /// A role (claims, estimates) or species (results) the cue carries by itself.
    #[serde(default)]
    value: Option<String>,
    /// For results: where the result comes from, when the cue says it («占った», "divined").
    #[serde(default)]
    source: Option<String>,
    /// Modality the cue carries by itself ("voted" is past).
    #[serde(default)]
    flags: Vec<String>,
    #[serde(default)]
    target: Vec<String>,
    #[serde(default)]
    actor: Vec<String>,
    #[serde(default)]
    reporter: Vec<String>,
    #[serde(default)]
    holder: Vec<String>,
    #[serde(default)]
    claimant: Vec<String>,
    /// What a question or a request for information with this cue asks for («投票先教えて» → `VOTE ANY`);
    /// `{asked}` stands for the player asked.
    #[serde(default)]
    asks: Option<String>,
    /// Under a negation: `not` wraps the sentence in NOT (the speaker denies it), `drop` yields nothing (C7).
    #[serde(default)]
    negated: Negated,
    /// The cue also names a proposal («吊る», "lynch»): its noun and wish forms are ambiguous between the
    /// speaker's own vote and a call to everyone (C8).
    #[serde(default)]
    proposal: bool,
    /// The result is handed back ("came back wolf"): its source is the frame's own only when the speaker has
    /// not claimed the other result role in the same utterance ("I'm the medium … came back as a werewolf").
    #[serde(default)]
    handed_back: bool,
    /// The cue steers what others think («疑いを向けよう», "push suspicion on"): it is a call or a plan,
    /// never the speaker's own opinion, so outside a request it yields nothing.
    #[serde(default)]
    steer: bool,
    /// The cue says a player is genuine in the role they hold («真目», "feels real"): a result role the clause
    /// names («霊能者のリンは真», "the medium Rin is real»), or its source word («霊能のリン»), says which role;
    /// `value` is the role meant when none is named.
    #[serde(default)]
    genuine: bool,
    /// Before a clause that names a role or species ("I doubt Rin is a wolf") the cue denies that clause, which
    /// C7 reads as nothing; before a player alone ("I doubt Rin") it is the frame's estimate.
    #[serde(default)]
    denies_clause: bool,
    /// The cue is a verb's base form (English): opening its sentence with no subject, it is an imperative
    /// ("vote Kenji", "guard me tonight").
    #[serde(default)]
    verb: bool,
    /// The cue names a true self («正体»): the speaker's own is a claim, another player's is no claim of theirs
    /// but a statement about them, which the copula reads («リンの正体は人狼» is the speaker's opinion).
    #[serde(default)]
    own_only: bool,
    #[serde(default)]
    confidence: Option<f32>,
    #[serde(default)]
    pub examples: Vec<(String, String)>,
}

/// The kind of predicate: it decides the protocol verb and the participant roles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    /// COMINGOUT: a claimant claims a role.
    Claim,
    /// DIVINED / IDENTIFIED: a reporter's result about a target.
    Result,
    /// ESTIMATE: a holder thinks a target has a role.
    Estimate,
    /// VOTE / VOTED.
    Vote,
    /// DIVINATION (and, past, the act of divining that a result completes).
    Divine,
    /// GUARD / GUARDED.
    Guard,
    /// ATTACK / ATTACKED.
    Attack,
    /// `ANY ATTACKED X`: a player was attacked (C14).
    Victim,
    /// AGREE with a numbered talk.
    Agree,
    /// DISAGREE with a numbered talk.
    Disagree,
}

impl Class {
    pub fn name(self) -> &'static str {
        match self {
            Class::Claim => "claim",
            Class::Result => "result",
            Class::Estimate => "estimate",
            Class::Vote => "vote",
            Class::Divine => "divine",
            Class::Guard => "guard",
            Class::Attack => "attack",
            Class::Victim => "victim",
            Class::Agree => "agree",
            Class::Disagree => "disagree",
        }
    }

    /// The participant roles a class has, the first being the one filled first.
    fn slots(self) -> &'static [Slot] {
        match self {
            Class::Claim => &[Slot::Claimant],
            Class::Result => &[Slot::Target, Slot::Reporter],
            Class::Estimate => &[Slot::Target, Slot::Holder],
            Class::Vote | Class::Divine | Class::Guard | Class::Attack => &[Slot::Target, Slot::Actor],
            Class::Victim => &[Slot::Target],
            Class::Agree | Class::Disagree => &[],
        }
    }
}

/// A participant role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// Whom it is about: the voted, divined, suspected player.
    Target,
    /// Who acts (votes, divines, guards, attacks).
    Actor,
    /// Whose result it is.
    Reporter,
    /// Whose opinion it is.
    Holder,
    /// Who claims the role.
    Claimant,
}

impl Slot {
    pub fn name(self) -> &'static str {
        match self {
            Slot::Target => "target",
            Slot::Actor => "actor",
            Slot::Reporter => "reporter",
            Slot::Holder => "holder",
            Slot::Claimant => "claimant",
        }
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Negated {
    /// The speaker denies it: NOT (…).
    Not,
    /// Negated content is ambiguous (C7): nothing.
    #[default]
    Drop,
}

/// A value a cue carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Role(Role),
    Species(Species),
}

/// A compiled frame.
#[derive(Debug)]
pub struct Frame {
    pub id: String,
    pub class: Class,
    pub cue_words: Vec<String>,
    pub value: Option<Value>,
    pub source: Option<Source>,
    pub flags: Flags,
    /// Participant roles in the order they are filled, each with the marks that can fill it, best first.
    pub slots: Vec<(Slot, Vec<String>)>,
    pub asks: Option<String>,
    pub negated: Negated,
    pub proposal: bool,
    pub handed_back: bool,
    pub steer: bool,
    pub genuine: bool,
    pub denies_clause: bool,
    pub verb: bool,
    pub own_only: bool,
    pub confidence: f32,
}

impl Frame {
    /// Whether the frame asks for an opinion with the role left open («どう思う？», "your read on").
    pub fn leaves_value_open(&self) -> bool {
        matches!(self.value, Some(Value::Role(Role::Any) | Value::Species(Species::Any)))
    }

    /// Whether the frame is an opinion whose role the clause names ("I see Kenji as a wolf", "seer vibes").
    pub fn estimates_role_from_clause(&self) -> bool {
        self.class == Class::Estimate && self.value.is_none()
    }
}

/// All frames of a language.
#[derive(Debug, Default)]
pub struct Frames {
    pub frames: Vec<Frame>,
}

impl FrameDef {
    pub fn parse_file(file: &str, text: &str, expected_lang: &str) -> Result<Vec<FrameDef>, UnderstandError> {
        let def: FrameFile =
            toml::from_str(text).map_err(|e| UnderstandError::Syntax { file: file.into(), reason: e.to_string() })?;
        if def.lang != expected_lang {
            return Err(UnderstandError::Entry {
                file: file.into(),
                entry: "lang".into(),
                reason: format!("expected \"{expected_lang}\", found \"{}\"", def.lang),
            });
        }
        Ok(def.frames)
    }
}

impl Frames {
    pub fn compile(file: &str, defs: &[FrameDef]) -> Result<Frames, UnderstandError> {
        let mut frames = Vec::with_capacity(defs.len());
        for def in defs {
            let frame = compile_frame(def).map_err(|reason| UnderstandError::Entry {
                file: file.into(),
                entry: format!("frame {}", def.id),
                reason,
            })?;
            if frames.iter().any(|f: &Frame| f.id == frame.id) {
                return Err(UnderstandError::Entry {
                    file: file.into(),
                    entry: format!("frame {}", def.id),
                    reason: "two frames have this id".into(),
                });
            }
            frames.push(frame);
        }
        Ok(Frames { frames })
    }
}

fn compile_frame(def: &FrameDef) -> Result<Frame, String> {
    let value = match &def.value {
        None => None,
        Some(word) => Some(match (def.class, Role::from_keyword(word), Species::from_keyword(word)) {
            (Class::Result, _, Some(species)) => Value::Species(species),
            (Class::Claim | Class::Estimate, Some(role), _) => Value::Role(role),
            _ => return Err(format!("value `{word}` does not fit a {} frame", def.class.name())),
        }),
    };
    let source = match def.source.as_deref() {
        None => None,
        Some("divination") => Some(Source::Divination),
        Some("medium") => Some(Source::Medium),
        Some(other) => return Err(format!("source `{other}`: expected divination or medium")),
    };
    if source.is_some() && def.class != Class::Result && def.class != Class::Divine {
        return Err("only result and divine frames have a source".into());
    }
    let given = [
        (Slot::Target, &def.target),
        (Slot::Actor, &def.actor),
        (Slot::Reporter, &def.reporter),
        (Slot::Holder, &def.holder),
        (Slot::Claimant, &def.claimant),
    ];
    let allowed = def.class.slots();
    let mut slots = Vec::new();
    for slot in allowed {
        let marks = given.iter().find(|(s, _)| s == slot).map(|(_, m)| (*m).clone()).unwrap_or_default();
        slots.push((*slot, marks));
    }
    if let Some((slot, _)) = given.iter().find(|(slot, marks)| !marks.is_empty() && !allowed.contains(slot)) {
        return Err(format!("a {} frame has no {} (it has {:?})", def.class.name(), slot.name(), allowed));
    }
    if let Some(asks) = &def.asks {
        let sample = asks.replace("{asked}", "Agent[01]");
        parse(&sample, &ParseOptions::default()).map_err(|e| format!("asks `{asks}` is not protocol: {e}"))?;
    }
    let confidence = def.confidence.unwrap_or(0.9);
    if !(0.0..=1.0).contains(&confidence) {
        return Err(format!("confidence {confidence} is not within 0..1"));
    }
    let flags = Flags::parse(&def.flags)?;
    if def.genuine && !(def.class == Class::Estimate && matches!(value, Some(Value::Role(_)))) {
        return Err("only an estimate frame with a role value can be `genuine`".into());
    }
    if def.denies_clause && def.class != Class::Estimate {
        return Err("only an estimate frame can deny the clause after it (`denies_clause`)".into());
    }
    if def.own_only && def.class != Class::Claim {
        return Err("only a claim frame can be `own_only`".into());
    }
    if def.cues.is_empty() {
        return Err("a frame needs at least one cue word".into());
    }
    Ok(Frame {
        id: def.id.clone(),
        class: def.class,
        cue_words: def.cues.clone(),
        value,
        source,
        flags,
        slots,
        asks: def.asks.clone(),
        negated: def.negated,
        proposal: def.proposal,
        handed_back: def.handed_back,
        genuine: def.genuine,
        denies_clause: def.denies_clause,
        steer: def.steer,
        verb: def.verb,
        own_only: def.own_only,
        confidence,
    })
}
