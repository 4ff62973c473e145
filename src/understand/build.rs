//! From a filled frame to protocol: what each class of predicate means under each mood, following the
//! meaning conventions (../shared/notes/meaning-conventions.md). Precision first: a frame that is
//! incomplete or contradicted yields nothing, with the reason kept for `--explain`.

use super::flags::Flags;
use super::frames::{Class, Frame, Negated, Slot, Value as FrameValue};
use super::lexicon::{Lex, Quant, Source, Time, inflected};
use super::reader::{Origin, Pending, PieceContext, Value};
use super::scene::{Address, Scene};
use super::words::PronounKind;
use crate::protocol::{Agent, Content, ParseOptions, Role, Sentence, Species, TalkRef, canonicalized, parse};

/// A player or a list of players in one participant role.
#[derive(Debug, Clone)]
pub struct Party {
    pub people: Vec<Person>,
    /// Skeleton byte span of the references (the first to the last of a list).
    pub start: usize,
    pub end: usize,
    /// Where the particle after the last reference ends.
    pub mark_end: usize,
    /// The mark a particle after it gives (Japanese), or a possessive.
    pub after: Option<String>,
    /// The mark a preposition before it gives (English).
    pub before: Option<String>,
    /// «どっちも», "at least one of": how a list combines.
    pub quant: Option<Quant>,
}

impl Party {
    /// A named player other than the speaker (a list counts when all its members are).
    pub fn is_third_party(&self) -> bool {
        self.people.iter().all(|p| matches!(p, Person::Named(_)))
    }

    /// A named player standing alone (a vocative or a leading mention).
    pub fn named(agent: Agent, start: usize, end: usize) -> Party {
        Party { people: vec![Person::Named(agent)], start, end, mark_end: end, after: None, before: None, quant: None }
    }

    /// The speaker as an implicit participant at `at`.
    pub fn me(at: usize) -> Party {
        Party { people: vec![Person::Me], start: at, end: at, mark_end: at, after: None, before: None, quant: None }
    }

    pub fn only(&self) -> Option<Person> {
        (self.people.len() == 1).then(|| self.people[0])
    }
}

/// Who a reference stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Person {
    /// The speaker (I, 私, or the speaker's own name).
    Me,
    /// The addressee (you, あなた), if known.
    You(Option<Agent>),
    /// Another player of the table.
    Named(Agent),
    /// «みんな», "everyone", "we": ANY.
    Everyone,
    /// «誰», "who": ANY in a question.
    Wh,
    /// A name nobody in the table has, or a pronoun with no antecedent.
    Unknown,
}

/// A frame with its participants and modality, ready to be built.
#[derive(Debug, Clone)]
pub struct Filled<'f> {
    /// The cue's frame; `None` for a copula statement with no cue.
    pub frame: Option<&'f Frame>,
    pub cue: (usize, usize),
    pub target: Option<Party>,
    /// The actor, reporter, holder or claimant.
    pub subject: Option<Party>,
    /// In a request whose subject is named, the player asked (marked «に»): «Agent[02]にAgent[01]が占い師だと
    /// 宣言してほしい».
    pub asked: Option<Party>,
    pub values: Vec<(Value, (usize, usize))>,
    /// Two values joined by «か» / "or" («狼か狂人»).
    pub value_or: bool,
    pub flags: Flags,
    pub day: Option<u32>,
    pub talk: Option<TalkRef>,
    pub time: Option<Time>,
    /// The source word of the piece or the cue.
    pub source: Option<Source>,
    /// The clause itself names the source («占いで», "my divination"), not only the frame's word.
    pub source_word: bool,
    /// A source stated earlier in the utterance (C18).
    pub context_source: Option<Origin>,
    pub pending: Option<Pending>,
    pub address: Address,
    /// An English verb opening its sentence with no subject: an imperative.
    pub imperative: bool,
    /// A piece that is only a role and a copula («村人です。», "Plain villager."): the speaker's claim.
    pub bare_role: bool,
    /// A value carried by another cue of the same result («… cleared Yumi»).
    pub merged_value: Option<FrameValue>,
    /// A quantifier with no list of its own in the clause («どっちも人間», "both came back human"): how the
    /// players a divination named before are joined.
    pub quant: Option<Quant>,
}

impl<'f> Filled<'f> {
    pub fn new(frame: &'f Frame, start: usize, end: usize) -> Self {
        Filled { frame: Some(frame), ..Filled::state(start, end) }
    }

    pub fn state(start: usize, end: usize) -> Self {
        Filled {
            frame: None,
            cue: (start, end),
            target: None,
            subject: None,
            asked: None,
            values: Vec::new(),
            value_or: false,
            flags: Flags::NONE,
            day: None,
            talk: None,
            time: None,
            source: None,
            source_word: false,
            context_source: None,
            pending: None,
            address: Address::None,
            imperative: false,
            bare_role: false,
            merged_value: None,
            quant: None,
        }
    }

    pub fn set(&mut self, slot: Slot, party: Party) {
        match slot {
            Slot::Target => self.target = Some(party),
            _ => self.subject = Some(party),
        }
    }

    pub fn set_subject(&mut self, party: Party) {
        self.subject = Some(party);
    }

    pub fn subject_party(&self) -> Option<&Party> {
        self.subject.as_ref()
    }

    /// A result frame that reported nothing still names its source (and a possessor as the reporter).
    /// So does a past divination with no target ("I divined last night and found that…").
    pub fn origin(&self) -> Option<Origin> {
        let frame = self.frame?;
        let source = match frame.class {
            Class::Result => frame.source.or(self.source)?,
            Class::Divine if self.target.is_none() => frame.source?,
            _ => return None,
        };
        let reporter = self
            .subject
            .clone()
            .or_else(|| {
                self.target.clone().filter(|t| t.after.as_deref() == Some("の") || t.after.as_deref() == Some("'s"))
            })
            .filter(Party::is_third_party);
        Some(Origin { source, reporter })
    }

    fn id(&self) -> &str {
        self.frame.map_or("copula", |f| f.id.as_str())
    }

    fn span(&self) -> (usize, usize) {
        let mut start = self.cue.0;
        let mut end = self.cue.1;
        // A result completed by a later piece («ケンジさんを占った結果、人狼でした») spans from its target.
        let pending = self.pending.iter().map(|p| &p.target);
        for party in self.target.iter().chain(self.subject.iter()).chain(pending) {
            start = start.min(party.start);
            end = end.max(party.end);
        }
        for (_, (s, e)) in &self.values {
            start = start.min(*s);
            end = end.max(*e);
        }
        (start, end)
    }

    /// Asked rather than stated: a question that is not a question-shaped request («占ってくれない？», "could
    /// you …?" are requests, C8), or a request for information («教えて», "tell us").
    fn asking(&self) -> bool {
        (self.flags.any(Flags::INFO) || self.flags.any(Flags::QUESTION) && !self.flags.any(Flags::REQUEST))
            && !self.imperative_request()
    }

    fn imperative_request(&self) -> bool {
        self.imperative && !self.flags.any(Flags::QUESTION | Flags::INFO)
    }
}

/// A protocol sentence read from the utterance.
#[derive(Debug, Clone)]
pub struct Reading {
    pub sentence: Sentence,
    pub confidence: f32,
    /// Skeleton byte span.
    pub span: (usize, usize),
    pub alternatives: Vec<(Sentence, f32)>,
    pub trace: Trace,
}

/// How a reading was made, for `--explain`.
#[derive(Debug, Clone)]
pub struct Trace {
    pub frame: String,
    pub class: &'static str,
    /// Participant role or value name → skeleton span of the words that filled it.
    pub fillers: Vec<(&'static str, (usize, usize))>,
    pub flags: Flags,
}

/// A frame that yielded nothing, and why.
#[derive(Debug, Clone)]
pub struct Dropped {
    pub frame: String,
    pub span: (usize, usize),
    pub reason: &'static str,
    pub alternatives: Vec<(Sentence, f32)>,
    pub flags: Flags,
}

pub enum Outcome {
    Read(Vec<Reading>),
    Dropped(Dropped),
    Pending(Pending),
}

type Built = Result<Vec<Sentence>, Drop>;

/// Why nothing came of a frame (and what it might have meant).
struct Drop {
    reason: &'static str,
    alternatives: Vec<Sentence>,
}

/// Why a result with no player is dropped; the discourse reads it again when its conclusion names one.
pub const NO_PLAYER: &str = "no player the result is about";
/// A result-shaped clause with no source word (C4, real-talk house rule 1).
pub const NO_SOURCE: &str = "a result with no divination or medium word (C4)";

/// Another player's result said as a noun phrase ("Midori's divination Shizue=Werewolf", real-talk house rule 3).
pub const NOUN_PHRASE: &str = "another player's result as a noun phrase (house rule 3)";
/// "I doubt Rin is a wolf": the clause after a doubting word is denied, and no copula reads it on its own.
pub const DOUBTED: &str = "doubting that a player is something denies it, which is ambiguous (C7)";

fn drop(reason: &'static str) -> Drop {
    Drop { reason, alternatives: Vec::new() }
}

/// Builds the protocol sentences of a filled frame.
pub fn build(scene: &Scene, f: &Filled, context: &PieceContext) -> Outcome {
    let _ = context;
    let result = check_modality(f)
        .and_then(|()| {
            if f.flags.contains(Flags::REPORT | Flags::REQUEST) { say_request(scene, f) } else { content(scene, f) }
        })
        .and_then(|sentences| {
            if sentences.iter().any(|s| acts_on_itself(s, scene.ctx.speaker)) {
                // «>>Agent[04] Agent[04]の投票に反対»: nobody votes for, divines or guards themselves; such a
                // reading took one player for two.
                return Err(drop("a player would act on themselves"));
            }
            Ok(sentences)
        });
    outcome(scene, f, result)
}

/// Whether a sentence has the speaker vote for, divine, identify or guard themselves. Only the speaker's
/// own acts are checked: «Agent[03]はAgent[03]に白を出した» is what the text says (logs whose names were
/// all masked alike), and requests and questions are acts of someone else.
fn acts_on_itself(sentence: &Sentence, speaker: Option<Agent>) -> bool {
    let actor = sentence.subject.or(speaker).filter(|&actor| Some(actor) == speaker);
    match &sentence.content {
        Content::Vote { target }
        | Content::Voted { target }
        | Content::Divination { target }
        | Content::Divined { target, .. }
        | Content::Identified { target, .. }
        | Content::Guard { target }
        | Content::Guarded { target } => actor == Some(*target) && *target != Agent::Any,
        Content::Because { reason, conclusion } => {
            acts_on_itself(reason, speaker) || acts_on_itself(conclusion, speaker)
        }
        Content::Day { sentence, .. } | Content::Not { sentence } => acts_on_itself(sentence, speaker),
        Content::And { sentences } | Content::Or { sentences } => sentences.iter().any(|s| acts_on_itself(s, speaker)),
        Content::Xor { left, right } => acts_on_itself(left, speaker) || acts_on_itself(right, speaker),
        _ => false,
    }
}

/// The sentences a filled frame states.
fn content(scene: &Scene, f: &Filled) -> Built {
    // "I don't know what role Kenji is claiming": a role asked about names none outside a question.
    if f.values.iter().any(|(value, _)| *value == Value::Role(Role::Any)) && !f.asking() {
        return Err(drop("a role asked about outside a question"));
    }
    match f.frame.map(|frame| frame.class) {
        None => copula(scene, f),
        Some(Class::Claim) => claim(scene, f),
        Some(Class::Result) => result(scene, f),
        Some(Class::Estimate) => estimate(scene, f),
        Some(Class::Vote | Class::Divine | Class::Guard | Class::Attack) => action(scene, f),
        Some(Class::Victim) => victim(scene, f),
        Some(Class::Agree | Class::Disagree) => agree(scene, f),
    }
}

/// «Agent[01]を占った結果人狼だったと言ってほしい»: asking someone to say a statement is a request of it.
fn say_request(scene: &Scene, f: &Filled) -> Built {
    let to = asked(scene, f)?;
    let mut said = f.clone();
    said.flags.remove(Flags::REPORT | Flags::REQUEST | Flags::TE);
    said.subject = None;
    Ok(content(scene, &said)?.into_iter().map(|s| request(to, s)).collect())
}

fn outcome(scene: &Scene, f: &Filled, result: Built) -> Outcome {
    let span = f.span();
    match result {
        Ok(sentences) if sentences.is_empty() => {
            if let Some(pending) = pending_of(scene, f) {
                return Outcome::Pending(pending);
            }
            Outcome::Dropped(Dropped {
                frame: f.id().to_owned(),
                span,
                reason: "nothing to say",
                alternatives: vec![],
                flags: f.flags,
            })
        }
        Ok(sentences) => {
            let confidence = confidence_of(f);
            let readings = sentences
                .into_iter()
                .map(|s| {
                    let sentence = finish(wrap_day(s, f), scene.ctx.speaker);
                    Reading { sentence, confidence, span, alternatives: Vec::new(), trace: trace(f) }
                })
                .collect();
            Outcome::Read(readings)
        }
        Err(Drop { reason: "pending", .. }) => match pending_of(scene, f) {
            Some(pending) => Outcome::Pending(pending),
            None => Outcome::Dropped(Dropped {
                frame: f.id().to_owned(),
                span,
                reason: "no result given",
                alternatives: vec![],
                flags: f.flags,
            }),
        },
        Err(d) => Outcome::Dropped(Dropped {
            frame: f.id().to_owned(),
            span,
            reason: d.reason,
            alternatives: d.alternatives.into_iter().map(|s| (finish(s, scene.ctx.speaker), 0.4)).collect(),
            flags: f.flags,
        }),
    }
}

fn confidence_of(f: &Filled) -> f32 {
    let mut confidence = f.frame.map_or(0.8, |frame| frame.confidence);
    if f.source.is_none() && f.context_source.is_some() {
        confidence *= 0.9;
    }
    if f.subject.is_none() && f.target.is_none() {
        confidence *= 0.9;
    }
    confidence
}

fn trace(f: &Filled) -> Trace {
    let mut fillers = vec![("cue", f.cue)];
    if let Some(target) = &f.target {
        fillers.push(("target", (target.start, target.end)));
    }
    // A subject carried from an earlier sentence has no words here ("Mizuki claimed seer. Her result: …").
    if let Some(subject) = f.subject.as_ref().filter(|s| s.start < s.end) {
        let name = f.frame.map_or("subject", |frame| match frame.class {
            Class::Claim => "claimant",
            Class::Result => "reporter",
            Class::Estimate => "holder",
            _ => "actor",
        });
        fillers.push((name, (subject.start, subject.end)));
    }
    for (value, span) in &f.values {
        fillers.push((if matches!(value, Value::Role(_)) { "role" } else { "species" }, *span));
    }
    Trace {
        frame: f.id().to_owned(),
        class: f.frame.map_or("copula", |frame| frame.class.name()),
        fillers,
        flags: f.flags,
    }
}

/// Conditions, hearsay and musings assert nothing (C5, C17); why-questions ask nothing protocol can (C9).
fn check_modality(f: &Filled) -> Result<(), Drop> {
    if f.flags.any(Flags::CONDITIONAL) {
        return Err(drop("under a condition or hypothesis (C17)"));
    }
    // "Mizuki thinks I'm the possessed, apparently": hearsay about what a named player thinks or says is theirs;
    // "apparently she protected Sakura": so is an act they are said to have done.
    let acted =
        f.frame.is_some_and(|frame| matches!(frame.class, Class::Vote | Class::Divine | Class::Guard | Class::Attack));
    // «サクラの占いだとユミは人狼らしいよ»: a result heard from the player whose divination it is is theirs.
    let attributed = (acted || f.flags.any(Flags::OPINION | Flags::REPORT) || f.source.is_some())
        && f.subject.as_ref().is_some_and(|p| p.is_third_party() && p.people.len() == 1);
    if f.flags.any(Flags::HEARSAY) && !attributed {
        return Err(drop("unattributed hearsay (C5)"));
    }
    if f.flags.any(Flags::WHY) {
        return Err(drop("a why-question (C9)"));
    }
    if f.flags.any(Flags::MUSING) {
        return Err(drop("a musing or rhetorical question (C17)"));
    }
    Ok(())
}

/// The agents a party stands for.
fn agents(scene: &Scene, party: &Party) -> Result<Vec<Agent>, Drop> {
    party.people.iter().map(|p| agent(scene, *p)).collect()
}

fn agent(scene: &Scene, person: Person) -> Result<Agent, Drop> {
    match person {
        Person::Me => scene.ctx.speaker.ok_or_else(|| drop("no speaker is given")),
        Person::You(Some(agent)) | Person::Named(agent) => Ok(agent),
        Person::You(None) => Err(drop("'you' names nobody (no addressee)")),
        Person::Everyone | Person::Wh => Ok(Agent::Any),
        Person::Unknown => Err(drop("a player who is not in the name table, or an unresolved pronoun")),
    }
}

/// Whom a question or request goes to: the subject when it is "you", everyone or a named player, else the
/// sentence's or utterance's addressee, else everyone.
fn asked(scene: &Scene, f: &Filled) -> Result<Agent, Drop> {
    if let Some(person) = f.asked.as_ref().and_then(Party::only) {
        return agent(scene, person);
    }
    if let Some(person) = f.subject.as_ref().and_then(Party::only) {
        match person {
            Person::You(Some(_)) | Person::Named(_) | Person::Everyone => return agent(scene, person),
            // "tell us who you suspect" with nobody addressed asks whoever is listening.
            Person::You(None) | Person::Me | Person::Wh | Person::Unknown => {}
        }
    }
    match f.address {
        Address::Agent(agent) => return Ok(agent),
        Address::Everyone | Address::RoleHolder => return Ok(Agent::Any),
        Address::Unknown => return Err(drop("addressed to a name nobody has")),
        Address::None => {}
    }
    match scene.addressee {
        Some(agent) => Ok(agent),
        None if scene.unknown_address => Err(drop("addressed to a name nobody has")),
        None => Ok(Agent::Any),
    }
}

/// Combines per-player sentences as the list's quantifier says: both → AND, at least one → OR, exactly one
/// → XOR, none → one sentence each (C12).
fn combine(sentences: Vec<Sentence>, quant: Option<Quant>) -> Result<Vec<Sentence>, Drop> {
    if sentences.len() < 2 {
        return Ok(sentences);
    }
    Ok(match quant {
        Some(Quant::Both) => vec![Sentence::new(Content::And { sentences })],
        Some(Quant::AtLeastOne | Quant::Among) => vec![Sentence::new(Content::Or { sentences })],
        Some(Quant::ExactlyOne) if sentences.len() == 2 => {
            let mut it = sentences.into_iter();
            match (it.next(), it.next()) {
                (Some(left), Some(right)) => {
                    vec![Sentence::new(Content::Xor { left: Box::new(left), right: Box::new(right) })]
                }
                _ => return Err(drop("'exactly one' needs two players")),
            }
        }
        Some(Quant::ExactlyOne) => return Err(drop("'exactly one' of more than two players")),
        // "Kenji or Rin is a wolf" may mean one or both: offered, not said.
        Some(Quant::Or) => {
            let alternatives = vec![Sentence::new(Content::Or { sentences })];
            return Err(Drop { reason: "'or' without 'at least' or 'exactly one' (C12)", alternatives });
        }
        Some(Quant::Each) | None => sentences,
    })
}

fn with_subject(subject: Agent, content: Content) -> Sentence {
    Sentence::with_subject(subject, content)
}

fn not(sentence: Sentence) -> Sentence {
    Sentence::new(Content::Not { sentence: Box::new(sentence) })
}

fn request(target: Agent, sentence: Sentence) -> Sentence {
    Sentence::new(Content::Request { target, sentence: Box::new(sentence) })
}

fn inquire(target: Agent, sentence: Sentence) -> Sentence {
    Sentence::new(Content::Inquire { target, sentence: Box::new(sentence) })
}

/// The role a frame's value or the words near its cue name (ESTIMATE takes a role, never a species: C6).
fn role_of(f: &Filled) -> Option<Role> {
    if let Some(frame) = f.frame
        && let Some(FrameValue::Role(role)) = frame.value
    {
        // "I trust Daisuke as the seer": trust with a role named is an estimate of that role.
        let named = f.values.iter().find_map(|(value, _)| match value {
            Value::Role(named) if *named != Role::Villager && role == Role::Villager => Some(*named),
            Value::Role(named @ (Role::Seer | Role::Medium | Role::Bodyguard)) if frame.genuine => Some(*named),
            // "I suspect Minato may be the possessed": suspicion of the wolves' human ally.
            Value::Role(Role::Possessed) if role == Role::Werewolf => Some(Role::Possessed),
            _ => None,
        });
        // «霊能のリンは真っぽい»: the source word names the role the player is genuine in.
        let by_source = match f.source {
            Some(Source::Medium) if frame.genuine => Some(Role::Medium),
            _ => None,
        };
        return Some(named.or(by_source).unwrap_or(role));
    }
    f.values.iter().find_map(|(value, _)| match value {
        Value::Role(role) => Some(*role),
        Value::Wolf => Some(Role::Werewolf),
        Value::Species(Species::Human) | Value::Mark(Species::Human) => Some(Role::Villager),
        Value::Species(Species::Werewolf) | Value::Mark(Species::Werewolf) => Some(Role::Werewolf),
        Value::Species(Species::Any) | Value::Mark(Species::Any) => None,
    })
}

/// The one role a yes/no question asks about: "are you the seer or the medium?" asks which, and no one
/// sentence says that.
fn asked_role(f: &Filled) -> Result<Role, Drop> {
    let role = role_of(f).ok_or_else(|| drop("no role"))?;
    let other = f.values.iter().any(|(value, _)| matches!(value, Value::Role(r) if *r != role));
    if other || f.value_or { Err(drop("asks which of several roles")) } else { Ok(role) }
}

/// The species a result frame's value or its words give (a role word in a result is read as its species).
fn species_of(f: &Filled) -> Option<Species> {
    if let Some(FrameValue::Species(species)) = f.frame.and_then(|frame| frame.value).or(f.merged_value) {
        return Some(species);
    }
    f.values.iter().find_map(|(value, _)| match value {
        Value::Species(species) | Value::Mark(species) => Some(*species),
        Value::Wolf | Value::Role(Role::Werewolf) => Some(Species::Werewolf),
        Value::Role(Role::Villager) => Some(Species::Human),
        Value::Role(_) => None,
    })
}

/// The species a result gives when its species word is denied right beside it («人狼ではありませんでした», "not a
/// werewolf"): the other one (a role other than werewolf has no opposite).
fn denied_species(scene: &Scene, f: &Filled) -> Option<Species> {
    let text = scene.skeleton.text.as_str();
    let words = scene.lexicon;
    let denied = f.values.iter().find_map(|&(ref value, (start, end))| {
        let after = text.get(end..)?.trim_start();
        let before = text.get(..start)?.trim_end();
        let beside = words.species_denied_after.iter().any(|w| after.starts_with(w.as_str()))
            || words.species_denied_before.iter().any(|w| before.ends_with(w.as_str()));
        match value {
            _ if !beside => None,
            Value::Species(species) | Value::Mark(species) => Some(*species),
            Value::Wolf | Value::Role(Role::Werewolf) => Some(Species::Werewolf),
            Value::Role(_) => None,
        }
    })?;
    match denied {
        Species::Werewolf => Some(Species::Human),
        Species::Human => Some(Species::Werewolf),
        Species::Any => None,
    }
}

/// What a question or request for information with this cue asks for; about a past day, the past act
/// («昨日の投票先を教えて» → `VOTED ANY`).
fn asks(scene: &Scene, f: &Filled) -> Option<Result<Vec<Sentence>, Drop>> {
    let template = f.frame?.asks.as_ref()?;
    let mut to = asked(scene, f);
    // "Did you all see Kenji's result?": a result's owner named as its reporter is asked about like a target.
    let owner_named = f.subject.as_ref().filter(|s| matches!(s.after.as_deref(), Some("の" | "'s")));
    if let Some(target) = f.target.as_ref().or(owner_named).filter(|t| t.is_third_party()) {
        // «シオンさんの占い結果を教えていただけますか？»: a player's own result asked for, of nobody else, is
        // asked of that player.
        let owner = matches!(target.after.as_deref(), Some("の" | "'s"))
            && f.flags.any(Flags::INFO)
            && matches!(f.address, Address::None)
            && scene.addressee.is_none();
        match target.only() {
            Some(person) if owner => to = agent(scene, person),
            // «Agent[01]の占い結果は本当に…？»: a question about another player's result asks nobody for it.
            _ => return Some(Err(drop("a question about another player's result"))),
        }
    }
    Some(to.and_then(|to| {
        let text = template.replace("{asked}", &to.to_string());
        let mut sentence = parse(&text, &ParseOptions::default()).map_err(|_| drop("bad asks template"))?.sentence;
        if f.flags.any(Flags::PAST) || f.time == Some(Time::Past) {
            sentence.content = match sentence.content {
                Content::Vote { target } => Content::Voted { target },
                Content::Divination { target } => Content::Divined { target, species: Species::Any },
                Content::Guard { target } => Content::Guarded { target },
                Content::Attack { target } => Content::Attacked { target },
                other => other,
            };
        }
        // "Kenji, tonight's divination — who's it going to be?": a result not yet had asks whom they will divine.
        if matches!(f.time, Some(Time::Tonight | Time::Future)) {
            sentence.content = match sentence.content {
                Content::Divined { target: Agent::Any, species: Species::Any } => {
                    Content::Divination { target: Agent::Any }
                }
                other => other,
            };
        }
        Ok(vec![inquire(to, sentence)])
    }))
}

/// Whether a report word ("said", "says that") stands before the value's player in an English clause.
fn reported_before(scene: &Scene, f: &Filled) -> bool {
    let Some(target) = f.target.as_ref() else { return false };
    scene.tokens.iter().any(|t| {
        matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::REPORT))
            && t.end <= target.start
            && scene
                .skeleton
                .text
                .get(t.end..target.start)
                .is_some_and(|gap| scene.lexicon.nearby.complementiser_gap(gap))
    })
}

/// Whether the text before a cue ends with a head count («3人占い師COで»: three seer claims).
fn counted_before(before: &str) -> bool {
    let mut chars = before.trim_end().chars().rev();
    chars.next() == Some('人') && chars.next().is_some_and(|c| c.is_ascii_digit() || "二三四五六".contains(c))
}

/// COMINGOUT.
fn claim(scene: &Scene, f: &Filled) -> Built {
    let Some(role) = role_of(f).or_else(|| power_before_cue(scene, f)) else {
        // "No COs.", "No role claims": a call that nobody comes out (C7), to the whole team however addressed.
        let opens_clause = scene.skeleton.text[..f.cue.0]
            .trim_end()
            .chars()
            .next_back()
            .is_none_or(|c| matches!(c, '.' | '!' | ':' | ';' | ',' | '—' | '-' | '。' | '、'));
        // «No COs yet?» asks whether anyone came out.
        if f.frame.is_some_and(|frame| frame.flags.contains(Flags::NEG | Flags::REQUEST))
            && opens_clause
            && !f.flags.any(Flags::QUESTION)
        {
            let nobody_claims = Sentence::new(Content::Comingout { target: Agent::Any, role: Role::Any });
            return Ok(vec![request(Agent::Any, not(nobody_claims))]);
        }
        // «役職なに？», "what's your role?", "claim a role": asks for the claim.
        if (f.asking() || f.flags.any(Flags::REQUEST) || f.imperative)
            && let Some(asked) = asks(scene, f)
        {
            return asked.and_then(|sentences| {
                if sentences.iter().any(|s| matches!(s.content, Content::Inquire { target: Agent::Any, .. })) {
                    Err(drop("asks everyone for a claim (C18)"))
                } else {
                    Ok(sentences)
                }
            });
        }
        return Err(drop("no role is named"));
    };
    if f.flags.any(Flags::FAKE) {
        return Err(drop("a role called fake is denied, which is ambiguous (C7)"));
    }
    // "until we see who claims Seer": a claim whose claimant is "who" is nobody's.
    let by_who = scene.tokens.iter().any(|t| {
        t.end <= f.cue.0 && matches!(t.lex(), Some(Lex::Wh)) && scene.skeleton.text[t.end..f.cue.0].trim().is_empty()
    });
    if by_who && !f.asking() {
        return Err(drop("a claim by 'who'"));
    }
    // «ミドリ1COでベンジャミン黒か»: a result mark beside a claim is the claimant's result, not the role claimed.
    if f.frame.is_none_or(|frame| frame.value.is_none())
        && !f.values.is_empty()
        && f.values.iter().all(|(v, _)| matches!(v, Value::Mark(_)))
    {
        return Err(drop("a result mark names no role to claim"));
    }
    // «タクミさんの占い師CO(は信用できる)»: a claim named as a noun with its owner is talked about, not made; noun
    // phrases report nothing (C18).
    let owned_noun = |p: &Party| match p.after.as_deref() {
        Some("の") => f.frame.is_some_and(|frame| frame.value.is_some()),
        // "Takumi's bodyguard claim" ("Takumi's claiming seer" is a verb).
        Some("'s") => scene.skeleton.text.get(f.cue.0..f.cue.1).is_some_and(|cue| cue.eq_ignore_ascii_case("claim")),
        _ => false,
    };
    if f.subject.as_ref().is_some_and(owned_noun) {
        return Err(drop("a claim named as a noun with its owner («Xの占いCO») reports nothing (C18)"));
    }
    if f.flags.any(Flags::NOUN) || counted_before(&scene.skeleton.text[..f.cue.0]) {
        return Err(drop("claims counted or named, not made («占いCOが2人»)"));
    }
    if f.asking() {
        let to = asked(scene, f)?;
        if to == Agent::Any {
            return Err(drop("asks everyone for a claim (C8)"));
        }
        return Ok(vec![inquire(to, Sentence::new(Content::Comingout { target: to, role }))]);
    }
    // "CO Seer." with nobody addressed is chat shorthand for the speaker's own claim, not a command.
    let shorthand = f.imperative
        && f.address == Address::None
        && scene.skeleton.text.get(f.cue.0..f.cue.1).is_some_and(|cue| cue.eq_ignore_ascii_case("co"));
    if f.flags.any(Flags::REQUEST | Flags::INCLUSIVE | Flags::SHOULD) || f.imperative && !shorthand {
        // «Agent[01]に占い師だと宣言してほしい», "@Rin please come out as seer": one player asked to come out as a
        // role is well defined; only a call to whoever holds it is not ("Seer, please come out", C8).
        let asked_is_claimant = f
            .subject
            .as_ref()
            .is_none_or(|p| p.after.as_deref() == Some("に") || matches!(p.only(), Some(Person::You(_))));
        if f.flags.any(Flags::REQUEST)
            && !f.flags.any(Flags::INCLUSIVE | Flags::NEG | Flags::QUESTION)
            && let Ok(to) = asked(scene, f)
            && to != Agent::Any
        {
            if asked_is_claimant && f.asked.is_none() {
                return Ok(vec![request(to, Sentence::new(Content::Comingout { target: to, role }))]);
            }
            // «Agent[02]にAgent[01]が占い師だと宣言してほしい»: the player asked declares the named one's role.
            if let Some(Person::Named(claimant)) = f.subject.as_ref().and_then(Party::only)
                && f.asked.is_some()
                && claimant != to
            {
                return Ok(vec![request(to, Sentence::new(Content::Comingout { target: claimant, role }))]);
            }
        }
        return Err(drop("a call to come out is ambiguous (C8)"));
    }
    if f.flags.any(Flags::HEDGE | Flags::UNDECIDED) {
        return Err(drop("a hedged claim"));
    }
    let claimants = match &f.subject {
        Some(party) => agents(scene, party)?,
        None if let Some(addressee) = claim_put_to_addressee(scene, f) => vec![addressee],
        // "Two people claimed seer": a past claim of nobody named.
        None if f.flags.any(Flags::PAST) && !f.flags.any(Flags::RETRACT) => {
            return Err(drop("a claim made by nobody named"));
        }
        None => vec![scene.ctx.speaker.ok_or_else(|| drop("no speaker is given"))?],
    };
    // «リンの正体は人狼»: another player's true self is what the speaker says of them, read by the copula.
    if f.frame.is_some_and(|frame| frame.own_only) && claimants.iter().any(|&c| Some(c) != scene.ctx.speaker) {
        return Err(drop("another player's true self is no claim of theirs"));
    }
    // "I won't retract my seer claim": a retraction denied keeps the claim, which is not said again here.
    if f.flags.any(Flags::RETRACT) && f.flags.any(Flags::NEG) {
        return Err(drop("a retraction denied"));
    }
    let mut out = Vec::new();
    for claimant in claimants {
        let comingout = Content::Comingout { target: claimant, role };
        out.push(if f.flags.any(Flags::RETRACT) {
            // A retraction is the claimant's own denial: 「Xは占い師COを撤回した」 → `X NOT (COMINGOUT X SEER)`.
            with_subject(claimant, Content::Not { sentence: Box::new(Sentence::new(comingout)) })
        } else {
            negated_claim(f, with_subject(claimant, comingout))?
        });
    }
    combine(out, f.subject.as_ref().and_then(|p| p.quant))
}

/// «霊媒やってます»: a power's word right before a claim verb names the role that holds it.
fn power_before_cue(scene: &Scene, f: &Filled) -> Option<Role> {
    let token = scene.tokens[..scene.tokens.partition_point(|t| t.end <= f.cue.0)].last()?;
    let adjacent = scene.skeleton.text.get(token.end..f.cue.0).is_some_and(|gap| gap.trim().is_empty());
    match token.lex() {
        Some(Lex::Source(Source::Divination)) if adjacent => Some(Role::Seer),
        Some(Lex::Source(Source::Medium)) if adjacent => Some(Role::Medium),
        _ => None,
    }
}

/// «@ユミ 占いCOしてるのに…», «占いCOしてるよね»: a standing claim with no claimant, put to another player as what
/// they did (an ending of `agents.addressee_did`), is that player's.
fn claim_put_to_addressee(scene: &Scene, f: &Filled) -> Option<Agent> {
    let rest = scene.skeleton.text.get(f.cue.1..)?;
    if !scene.lexicon.agents.addressee_did.iter().any(|ending| rest.starts_with(ending.as_str())) {
        return None;
    }
    let addressee = match f.address {
        Address::Agent(to) => Some(to),
        Address::None => scene.addressee,
        _ => None,
    };
    addressee.filter(|&to| Some(to) != scene.ctx.speaker)
}

fn negated_claim(f: &Filled, sentence: Sentence) -> Result<Sentence, Drop> {
    if f.flags.any(Flags::NEG) { Ok(not(sentence)) } else { Ok(sentence) }
}

/// DIVINED / IDENTIFIED.
fn result(scene: &Scene, f: &Filled) -> Built {
    // «占い結果：タクミさんは人狼ではありません»: the species denied beside its word is the other one.
    let denied = if f.flags.any(Flags::NEG) { denied_species(scene, f) } else { None };
    let species = denied.or_else(|| species_of(f));
    let target_party = f.target.clone().or_else(|| f.pending.as_ref().map(|p| p.target.clone()));
    // «サクラ、霊能結果よろしく», "medium result please": a result asked for with nobody and no species named asks
    // for it.
    let result_asked_for = f.flags.any(Flags::REQUEST) && species.is_none() && target_party.is_none();
    if (f.asking() && (species.is_none() || target_party.is_none()) || result_asked_for)
        && let Some(asked) = asks(scene, f)
    {
        return asked;
    }
    // «ユミから白もらった», «タクミに黒出された»: a received result is about the receiver, the speaker unless named.
    let received = f.flags.any(Flags::RECEIVE) || f.flags.contains(Flags::GIVE | Flags::PASSIVE);
    if received && f.subject.is_none() {
        return Err(drop("a result received from nobody named (C5)"));
    }
    let target_party = target_party.or_else(|| received.then(|| Party::me(f.cue.0)));
    let Some(target_party) = target_party else {
        return Err(drop(NO_PLAYER));
    };
    let Some(species) = species else {
        // «ケンジさんの占い結果だと、»: a possessor with no result yet is whose results follow.
        let possessor = matches!(target_party.after.as_deref(), Some("の" | "'s")) && target_party.is_third_party();
        if possessor {
            return Err(drop("no species is given"));
        }
        let sourced = f.frame.is_some_and(|frame| frame.class == Class::Divine || frame.source.is_some())
            || f.source.is_some()
            || f.context_source.is_some();
        if sourced {
            return Err(drop("pending"));
        }
        return Err(drop("no species is given"));
    };
    let source =
        f.source.or(f.context_source.as_ref().map(|o| o.source)).or_else(|| f.pending.as_ref().map(|p| p.source));
    // "this contradicts Midori's divination Shizue=Werewolf": another player's result noun with its player right
    // after it, no verb, copula or colon between, is a noun phrase, which reports nothing (real-talk house rule 3).
    if scene.lexicon.word_boundaries
        && f.frame.is_some_and(|frame| frame.class == Class::Result)
        && let Some(reporter) = f.subject.as_ref().filter(|p| p.after.as_deref() == Some("'s") && p.end <= f.cue.0)
        && reporter.is_third_party()
        && target_party.start >= f.cue.1
        && scene.skeleton.text.get(f.cue.1..target_party.start).is_some_and(|gap| gap.trim().is_empty())
    {
        return Err(drop(NOUN_PHRASE));
    }
    let targets = agents(scene, &target_party)?;
    let reporter_party = f
        .subject
        .clone()
        .or_else(|| if f.source.is_none() { f.context_source.as_ref().and_then(|o| o.reporter.clone()) } else { None });
    let reporter = match &reporter_party {
        Some(party) => Some(agent(scene, party.only().ok_or_else(|| drop("a result of several players"))?)?),
        None => f.pending.as_ref().map(|p| agent(scene, p.reporter.only().unwrap_or(Person::Me))).transpose()?,
    };
    let make = |source: Source, target: Agent| match source {
        Source::Divination => Content::Divined { target, species },
        Source::Medium => Content::Identified { target, species },
    };
    let Some(source) = source else {
        let alternatives = targets
            .iter()
            .flat_map(|&t| [Sentence::new(make(Source::Divination, t)), Sentence::new(make(Source::Medium, t))])
            .collect();
        return Err(Drop { reason: NO_SOURCE, alternatives });
    };
    if f.asking() {
        let to = asked(scene, f)?;
        let mut out = Vec::new();
        for target in targets {
            out.push(inquire(to, Sentence::new(make(source, target))));
        }
        return Ok(out);
    }
    // «リョウさんの占い結果でエリザは白だと思っている»: another player's result under the speaker's opinion verb is
    // what the speaker thinks of the player (C6), not a report of the result.
    if f.flags.any(Flags::OPINION)
        && !f.flags.any(Flags::NEG | Flags::REPORT)
        && reporter.is_some_and(|r| Some(r) != scene.ctx.speaker)
    {
        let role = if species == Species::Werewolf { Role::Werewolf } else { Role::Villager };
        return Ok(targets.into_iter().map(|target| Sentence::new(Content::Estimate { target, role })).collect());
    }
    // «Xさんは…に人狼判定を出しているようですね»: a hedge on someone else's result only hedges the report.
    let hedged = f.flags.any(Flags::HEDGE) && reporter.is_none_or(|r| Some(r) == scene.ctx.speaker);
    if f.flags.any(Flags::NEG) && denied.is_none() || f.flags.any(Flags::UNDECIDED | Flags::FAKE) || hedged {
        return Err(drop("a negated or hedged result"));
    }
    // «なるほど、ユウは人間判定か»: a result given by nobody named, with no claim of the speaker's before it.
    if f.flags.any(Flags::GIVE) && reporter.is_none() && !f.source_word && f.context_source.is_none() {
        return Err(drop("a result given by nobody named (C5)"));
    }
    if f.flags.any(Flags::INTENT | Flags::LATER) {
        return Err(drop("a result foretold, not given"));
    }
    if f.flags.any(Flags::REQUEST | Flags::INCLUSIVE) {
        return Err(drop("a result asked for, not given"));
    }
    // «1日目の夜にシオンさんを占いました。結果は白です。»: the day stated with the divination dates its result.
    let pending_day = f.pending.as_ref().filter(|_| f.target.is_none() && f.day.is_none()).and_then(|p| p.day);
    let mut out = Vec::new();
    for target in targets {
        let content = make(source, target);
        let sentence = match reporter {
            Some(reporter) => with_subject(reporter, content),
            None => Sentence::new(content),
        };
        out.push(match pending_day {
            Some(day) => Sentence::new(Content::Day { day, sentence: Box::new(sentence) }),
            None => sentence,
        });
    }
    // "I divined Mizuki and Minato, and both came back human": the pending list joined as the clause says.
    let quant = if f.target.is_none() { target_party.quant.or(f.quant) } else { target_party.quant };
    combine(out, quant)
}

/// ESTIMATE.
fn estimate(scene: &Scene, f: &Filled) -> Built {
    let roles: Vec<Role> = if f.value_or { value_roles(f) } else { role_of(f).into_iter().collect() };
    if roles.is_empty() {
        return Err(drop("no role is named"));
    }
    if f.flags.any(Flags::FAKE) {
        return Err(drop("'fake' denies a role, which is ambiguous (C7)"));
    }
    if f.frame.is_some_and(|frame| frame.denies_clause) && !f.values.is_empty() {
        return Err(drop(DOUBTED));
    }
    let asking = f.asking() && !f.flags.any(Flags::TAG);
    let Some(target_party) = &f.target else {
        if asking && let Some(asked) = asks(scene, f) {
            return asked;
        }
        return Err(drop("nobody is named"));
    };
    // "Trust Minako's divination": trust in what a player said or found, with no role named, is no estimate of
    // the player (real-talk house rule 6).
    if roles == [Role::Villager] && target_party.after.as_deref() == Some("'s") && target_party.start >= f.cue.1 {
        return Err(drop("trust in a player's result or words, not in the player"));
    }
    let targets = agents(scene, target_party)?;
    let sentences = |targets: &[Agent]| -> Result<Vec<Sentence>, Drop> {
        let mut out = Vec::new();
        for &target in targets {
            let per_role: Vec<Sentence> =
                roles.iter().map(|&role| Sentence::new(Content::Estimate { target, role })).collect();
            out.extend(combine(per_role, f.value_or.then_some(Quant::ExactlyOne))?);
        }
        combine(out, target_party.quant)
    };
    if asking {
        if f.subject.as_ref().and_then(Party::only) == Some(Person::Me) {
            return Err(drop("a question about the speaker's own opinion"));
        }
        let to = asked(scene, f)?;
        // «@ユミ あなたの意見はどう思う？»: the player asked owns the opinion; an open question about themself
        // is not what they are asked.
        if roles == [Role::Any] && targets == [to] {
            return Err(drop("asks a player's opinion of themself"));
        }
        return Ok(sentences(&targets)?.into_iter().map(|s| inquire(to, s)).collect());
    }
    // "Who is your wolf pick and …?" with the question mark on a later clause: "who" asks; it is no player.
    if target_party.people.contains(&Person::Wh) {
        return Err(drop("'who' outside a question"));
    }
    let steers = f.frame.is_some_and(|frame| frame.steer);
    // «ケンジを疑わないで»: what is asked is not to hold the opinion.
    let asked_for = |targets: &[Agent]| -> Result<Vec<Sentence>, Drop> {
        sentences(targets)?.into_iter().map(|s| denied_if_negated(f, s)).collect()
    };
    if f.flags.any(Flags::REQUEST) || f.imperative_request() {
        let to = asked(scene, f)?;
        return Ok(asked_for(&targets)?.into_iter().map(|s| request(to, s)).collect());
    }
    let by_everyone = f.subject.as_ref().and_then(Party::only) == Some(Person::Everyone);
    if f.flags.any(Flags::INCLUSIVE) || steers && by_everyone {
        return Ok(asked_for(&targets)?.into_iter().map(|s| request(Agent::Any, s)).collect());
    }
    if steers {
        return Err(drop("steering suspicion is no opinion held; only a call to do it says something"));
    }
    if f.flags.any(Flags::UNDECIDED | Flags::CONCERN) {
        return Err(drop("undecided"));
    }
    // «ケンジから見てユミは怪しい»: how things look from another player's seat is nobody's opinion stated.
    if f.subject.as_ref().is_some_and(|p| p.after.as_deref() == Some("視点") && p.is_third_party()) {
        return Err(drop("a view from another player's seat, held by nobody"));
    }
    // "I am the real seer", «私は真占いですよ»: an estimate of oneself is a claim.
    if targets == [scene.ctx.speaker.unwrap_or(Agent::Any)]
        && f.subject.as_ref().is_none_or(|p| !p.is_third_party())
        && roles.len() == 1
        && !matches!(roles[0], Role::Werewolf | Role::Any | Role::Villager)
        && !f.flags.any(Flags::NEG | Flags::HEDGE)
    {
        return Ok(vec![Sentence::new(Content::Comingout { target: targets[0], role: roles[0] })]);
    }
    if roles.contains(&Role::Any) {
        return Err(drop("an opinion with no role is only asked for"));
    }
    if f.flags.any(Flags::PASSIVE) {
        return Err(drop("a passive opinion («メイに疑われた») is someone else's, unattributed"));
    }
    // Someone else's opinion only when it is reported («ケンジは…と言ってた», "Rin told us she thinks…").
    // "who do you suspect?": the addressee's opinion is what is asked, and the question says whose it is.
    let asking = f.flags.any(Flags::QUESTION | Flags::INFO | Flags::REQUEST);
    let holders: Vec<Agent> = match f
        .subject
        .as_ref()
        .filter(|p| {
            f.flags.any(Flags::REPORT)
                || !p.is_third_party()
                || thinker(p, f.target.as_ref())
                || says_whose(scene, f, p)
        })
        .filter(|p| !(asking && matches!(p.only(), Some(Person::You(_)))))
    {
        Some(party) => agents(scene, party)?,
        None => Vec::new(),
    };
    let speaker = scene.ctx.speaker.unwrap_or(Agent::Any);
    // "Rin accuses me": an opinion about the speaker is reported only when someone else holds it.
    if targets.contains(&speaker) && holders.iter().all(|&h| h == speaker) {
        return Err(drop("an opinion of the speaker about themself"));
    }
    // "Midori said she is the real seer", «汝が真の占い師であると主張する», "Yumi keeps insisting she's the real
    // seer": a reported claim (C5).
    if f.flags.any(Flags::REPORT)
        && (f.subject.is_none() || holders == targets)
        && targets.len() == 1
        && roles.len() == 1
        && !matches!(roles[0], Role::Werewolf | Role::Villager | Role::Any)
    {
        let target = targets[0];
        return Ok(vec![with_subject(target, Content::Comingout { target, role: roles[0] })]);
    }
    let mut out = Vec::new();
    for sentence in sentences(&targets)? {
        let sentence = denied_if_negated(f, sentence)?;
        if holders.is_empty() {
            out.push(sentence);
            continue;
        }
        for &holder in &holders {
            let held = sentence.clone();
            out.push(if holder == speaker { held } else { with_subject(holder, held.content) });
        }
    }
    // "Rin and Yumi both accuse me": one opinion per holder, joined as their list says.
    if holders.len() > 1 {
        return combine(out, f.subject.as_ref().and_then(|p| p.quant));
    }
    Ok(out)
}

/// An opinion under a negation: denied when the frame's word can be («疑ってない»), else too ambiguous to say
/// (C7: «狼じゃないと思う» could mean any other role).
fn denied_if_negated(f: &Filled, sentence: Sentence) -> Result<Sentence, Drop> {
    if !f.flags.any(Flags::NEG) {
        return Ok(sentence);
    }
    match f.frame.map(|frame| frame.negated) {
        Some(Negated::Not) if !f.flags.any(Flags::OPINION) => Ok(not(sentence)),
        _ => Err(drop("negated content is ambiguous (C7)")),
    }
}

/// "Kenji suspects Yumi", "Rin sees Kenji as a wolf": an English holder before an inflected verb whose target
/// follows it is the one who thinks it (a command or the speaker's own verb is in its base form). So is one before
/// an inflected verb that takes the opinion verb as its infinitive ("Takumi seems to suspect me"), or before the
/// verb's progressive.
fn says_whose(scene: &Scene, f: &Filled, holder: &Party) -> bool {
    let text = &scene.skeleton.text;
    let inflected_before = || {
        let gap = text.get(holder.end..f.cue.0).unwrap_or("");
        let words: Vec<&str> = gap.split_whitespace().collect();
        let progressive = text
            .get(f.cue.0..f.cue.1)
            .and_then(|cue| cue.split_whitespace().next())
            .is_some_and(|verb| verb.ends_with("ing"));
        matches!(words.as_slice(), [verb, "to"] if inflected(verb))
            // "Kenji is treating Rin as a wolf", "Kenji keeps suspecting Rin".
            || progressive && matches!(words.as_slice(), ["is" | "was" | "'s" | "keeps" | "kept"])
    };
    // "Rin has me pegged as the possessed": the player held between the holder and the cue.
    let held = || {
        f.target.as_ref().is_some_and(|t| {
            t.start >= holder.end
                && t.end <= f.cue.0
                && text
                    .get(holder.end..t.start)
                    .is_some_and(|gap| gap.split_whitespace().count() == 1 && scene.lexicon.nearby.held_before(gap))
        })
    };
    scene.lexicon.word_boundaries
        && holder.end <= f.cue.0
        && (f.target.as_ref().is_some_and(|t| t.start >= f.cue.1)
            && (text.get(f.cue.0..f.cue.1).is_some_and(inflected) || inflected_before())
            || held())
}

/// «ケンジはユミが狼だと思う», «ケンジはユミを狼だと思っている»: a player set off with «は» before another marked
/// «が» or «を» is the one who thinks it.
fn thinker(holder: &Party, target: Option<&Party>) -> bool {
    holder.after.as_deref() == Some("は")
        && target.is_some_and(|t| matches!(t.after.as_deref(), Some("が" | "を")) && t.start > holder.end)
        // «サクラが俺を狼だと疑ってた»: so is one marked «が» before the player marked «を».
        || holder.after.as_deref() == Some("が")
            && target.is_some_and(|t| t.after.as_deref() == Some("を") && t.start > holder.end)
        // «サクラを疑ってるのはケンジだけ»: the player a cleft puts after the opinion.
        || holder.after.is_none() && target.is_some_and(|t| t.after.as_deref() == Some("を") && t.end < holder.start)
}

/// "Shion is convinced Mizuki is a werewolf", "Rin believes Kenji is the seer": an English player right before a
/// verb of belief about the player after it is the one who holds the opinion.
fn believer(scene: &Scene, holder: &Party, target: Option<&Party>) -> bool {
    scene.lexicon.word_boundaries
        && target.is_some_and(|t| {
            t.start > holder.end
                && scene.skeleton.text.get(holder.end..t.start).is_some_and(|gap| scene.lexicon.nearby.believes(gap))
        })
}

fn value_roles(f: &Filled) -> Vec<Role> {
    let mut roles: Vec<Role> = Vec::new();
    for (value, _) in &f.values {
        let role = match value {
            Value::Role(role) => *role,
            Value::Wolf | Value::Species(Species::Werewolf) | Value::Mark(Species::Werewolf) => Role::Werewolf,
            Value::Species(Species::Human) | Value::Mark(Species::Human) => Role::Villager,
            Value::Species(Species::Any) | Value::Mark(Species::Any) => continue,
        };
        if !roles.contains(&role) {
            roles.push(role);
        }
    }
    roles
}

/// Whether a question with no target asks the actor for their act: "Rin, did you divine anyone last night?" ("did
/// you" takes the pronoun in). A noun ("your vote") and Japanese («占い先は？») name no actor. "Did Kenji guard
/// anyone?" asks nobody for Kenji's act, "shouldn't bodyguards watch over …?" asks for no act, and in "when did
/// you divine them?" the target is named, if unresolved.
fn asks_the_actor(scene: &Scene, f: &Filled, frame: &Frame) -> bool {
    if !scene.lexicon.word_boundaries || !frame.verb {
        return true;
    }
    if let Some(actor) = &f.subject {
        return actor.only().is_some_and(|p| matches!(p, Person::You(_)));
    }
    let text = scene.skeleton.text.as_str();
    let next = scene.tokens.iter().find(|t| t.start >= f.cue.1);
    let gap = text.get(f.cue.1..next.map_or(text.len(), |t| t.start)).unwrap_or_default().trim_start();
    let object_named = gap.starts_with(char::is_alphanumeric) || gap.is_empty() && next.is_some_and(|t| t.is_agent());
    f.flags.any(Flags::QUESTION)
        && !f.flags.any(Flags::SHOULD)
        && !object_named
        && (f.address != Address::None || scene.addressee.is_some())
}

/// VOTE / VOTED, DIVINATION, GUARD / GUARDED, ATTACK / ATTACKED, and requests and questions about them.
fn action(scene: &Scene, f: &Filled) -> Built {
    let Some(frame) = f.frame else { return Err(drop("no verb")) };
    // «今夜の襲撃はリンでいこう», «占い先はシオンでお願い»: a player marked «で» after an act noun is what a call
    // settles on; said flatly («投票先はミヅキで。») it is a proposal or the speaker's own choice (C8).
    if f.target.as_ref().is_some_and(|t| t.after.as_deref() == Some("で"))
        && !f.flags.any(Flags::REQUEST | Flags::INCLUSIVE | Flags::SHOULD)
    {
        return Err(drop("«Xで» with no call may be a proposal or the speaker's choice (C8)"));
    }
    // "I'm voting Kenji, how about you?": the speaker's act, and the others invited to do it too.
    if f.flags.any(Flags::INVITE) {
        let mut own = f.clone();
        own.flags.remove(Flags::INVITE | Flags::QUESTION);
        let acts = action(scene, &own)?;
        let to = asked(scene, f)?;
        // "Vote Kenji with me": a request already asks the others.
        let invited: Vec<Sentence> = acts
            .iter()
            .filter(|s| s.subject.is_none() && !matches!(s.content, Content::Request { .. } | Content::Inquire { .. }))
            .map(|s| request(to, s.clone()))
            .collect();
        return Ok(acts.into_iter().chain(invited).collect());
    }
    // "We eliminate George tonight": no vote is cast at night, so this is a vote or the wolves' attack.
    if frame.class == Class::Vote && frame.proposal && f.time == Some(Time::Tonight) {
        return Err(drop("an elimination tonight: a vote or an attack? (ambiguous)"));
    }
    if frame.class == Class::Divine && species_of(f).is_some() {
        // «シオンに占われて白だった», «シオンに占ってもらったら白»: the player marked «に» divined the subject, the
        // speaker unless named.
        if f.flags.any(Flags::PASSIVE | Flags::RECEIVE) {
            let Some(diviner) = f.target.clone().filter(|t| t.after.as_deref() == Some("に")) else {
                return Err(drop("a divination received from nobody named (C5)"));
            };
            let mut received = f.clone();
            received.target = Some(f.subject.clone().unwrap_or_else(|| Party::me(f.cue.0)));
            received.subject = Some(diviner);
            received.flags.remove(Flags::PASSIVE | Flags::RECEIVE);
            return result(scene, &received);
        }
        return result(scene, f);
    }
    if f.flags.any(Flags::RECEIVE) {
        return Err(drop("an act received, done by someone else"));
    }
    // «霊能でケンジを調べます»: a look said with the medium's word is no divination, and protocol has no medium act.
    if frame.class == Class::Divine && f.source_word && f.source == Some(Source::Medium) {
        return Err(drop("a look by the medium is no divination"));
    }
    // «サクラにもう一人占ってほしい»: the player marked «に» in a request to divine is the one asked to do it; in
    // «占い先はケンジにしてください» «にする» chooses whom.
    if frame.class == Class::Divine
        && !scene.lexicon.word_boundaries
        && f.flags.any(Flags::REQUEST)
        && f.target.as_ref().is_some_and(|t| {
            t.after.as_deref() == Some("に")
                && !scene.skeleton.text.get(t.mark_end..).is_some_and(|r| r.starts_with('し'))
        })
    {
        return Err(drop("the player asked to divine, not whom"));
    }
    // «ミヅキさんが襲撃されました», "Mizuki was attacked": a victim report (C14). Other passives (an execution,
    // «吊られた») report nothing protocol says. "The wolves attacked Daisuke": a victim report too.
    let wolves_did = frame.class == Class::Attack
        && f.subject.is_none()
        && f.values.iter().any(|(v, (_, end))| matches!(v, Value::Wolf) && *end <= f.cue.0);
    if wolves_did {
        return victim(scene, f);
    }
    // «昨日はどなたに投票されたのでしょうか»: a passive form asking whom, marked «に», is the honorific of the act.
    let honorific = !scene.lexicon.word_boundaries
        && f.flags.any(Flags::PASSIVE)
        && f.flags.any(Flags::QUESTION)
        && f.target.as_ref().is_some_and(|t| {
            t.only() == Some(Person::Wh)
                && t.after.as_deref() == Some("に")
                && scene.skeleton.text.get(t.start..t.end).is_some_and(|who| who.starts_with("どなた"))
        });
    if honorific {
        let mut active = f.clone();
        active.flags.remove(Flags::PASSIVE);
        return action(scene, &active);
    }
    if f.flags.any(Flags::PASSIVE) {
        if frame.class == Class::Attack {
            return victim(scene, f);
        }
        return Err(drop("a passive act (an execution) is not a protocol sentence"));
    }
    let plain = !f.flags.any(Flags::REQUEST | Flags::INCLUSIVE | Flags::INTENT | Flags::QUESTION | Flags::REPORT);
    // «ケンジくんがミナトくんに入れてる»: a vote another player has cast is a past one (votes are cast at day's end).
    let cast_by_other = frame.class == Class::Vote
        && f.flags.any(Flags::PERFECT)
        && f.subject.as_ref().is_some_and(Party::is_third_party);
    // «昨日ケンジには投票してないよ»: a past day makes a plain act past.
    let past = f.flags.any(Flags::PAST) || (f.time == Some(Time::Past) || cast_by_other) && plain;
    if f.flags.any(Flags::SHOULD) && f.flags.any(Flags::QUESTION) {
        return Err(drop("a musing question («投票するべきかな？»)"));
    }
    // «私も投票しようか迷っていた»: an act only considered, with nobody asked to do it (C17).
    if f.flags.any(Flags::UNDECIDED) && !f.flags.any(Flags::REQUEST | Flags::SHOULD | Flags::QUESTION) {
        return Err(drop("undecided (C17)"));
    }
    let Some(target_party) = &f.target else {
        if f.asking()
            && asks_the_actor(scene, f, frame)
            && let Some(asked) = asks(scene, f)
        {
            return asked;
        }
        if frame.class == Class::Attack && past {
            return Err(drop("no victim is named"));
        }
        return Err(drop("no target is named"));
    };
    let targets = agents(scene, target_party)?;
    if target_party.people.contains(&Person::Wh) && !f.asking() && !f.flags.any(Flags::INCLUSIVE) {
        return Err(drop("an embedded question («誰を占うか») names no target"));
    }
    // «私はAgent[01]を占って白を引いている»: a divination linked to what follows reports its result there.
    if frame.class == Class::Divine && f.flags.any(Flags::TE) && !f.flags.any(Flags::REQUEST) {
        return Err(drop("pending"));
    }
    let make = |target: Agent| -> Content {
        match (frame.class, past) {
            (Class::Vote, false) => Content::Vote { target },
            (Class::Vote, true) => Content::Voted { target },
            (Class::Divine, false) => Content::Divination { target },
            (Class::Divine, true) => Content::Divined { target, species: Species::Any },
            (Class::Guard, false) => Content::Guard { target },
            (Class::Guard, true) => Content::Guarded { target },
            (Class::Attack, false) => Content::Attack { target },
            _ => Content::Attacked { target },
        }
    };
    let contents = |negate: bool| -> Vec<Sentence> {
        targets
            .iter()
            .map(|&t| {
                let s = Sentence::new(make(t));
                if negate { not(s) } else { s }
            })
            .collect()
    };
    let negate = f.flags.any(Flags::NEG);
    // «ミオ噛みでどうかな？»: a proposal in question form is still a proposal (C8).
    if f.flags.any(Flags::INCLUSIVE) {
        return Ok(contents(negate).into_iter().map(|s| request(Agent::Any, s)).collect());
    }
    if f.asking() {
        let to = asked(scene, f)?;
        return Ok(contents(negate).into_iter().map(|s| inquire(to, s)).collect());
    }
    if frame.class == Class::Divine && past {
        return Err(drop("pending"));
    }
    let subject = f.subject.as_ref().and_then(Party::only);
    if subject == Some(Person::Wh) {
        return Err(drop("an attributive clause (\"everyone who voted her\") asserts nothing"));
    }
    // «全員ケンジに投票ね», «みんな、タクミ投票で»: a Japanese group word calling on everyone before a bare act noun
    // with no actor of its own tells them what to do («みんな、ケンジに投票します» is the speaker's act, announced).
    let bare_noun = || {
        let rest = scene.skeleton.text.get(f.cue.1..).unwrap_or_default().trim_start();
        rest.is_empty() || rest.starts_with(['ね', 'で', '。', '!', '〜', '~', 'ー'])
    };
    let everyone_told = !scene.lexicon.word_boundaries
        && f.address == Address::Everyone
        && subject.is_none()
        && !f.flags.any(Flags::HEDGE | Flags::REPORT)
        && bare_noun();
    let everyone = subject == Some(Person::Everyone) || f.address == Address::Everyone && f.imperative || everyone_told;
    // Everyone acting is a call to everyone only when said as one («みんなで…しない？», "we should").
    let called = f.flags.any(Flags::SHOULD | Flags::REQUEST) || f.imperative || everyone_told;
    if everyone && !called && !past {
        return Err(drop("what everyone does, described, is no call"));
    }
    // «投票すべきかは悩みどころ»: what should be done, only wondered about (C17).
    if f.flags.contains(Flags::SHOULD | Flags::UNDECIDED) {
        return Err(drop("a 'should' only wondered about (C17)"));
    }
    if everyone && !past || f.flags.any(Flags::SHOULD) && subject != Some(Person::Me) {
        return Ok(contents(negate).into_iter().map(|s| request(Agent::Any, s)).collect());
    }
    // "@Takumi you attack Mizuki tonight": telling the addressee what to do.
    let told = matches!(subject, Some(Person::You(_))) && !past && !f.flags.any(Flags::HEDGE | Flags::NEG);
    // «俺がケンジに投票するんだ！»: the speaker as the one who acts makes it their own act, however urged.
    let by_me = subject == Some(Person::Me);
    if !by_me && (f.flags.any(Flags::REQUEST) || f.imperative_request()) || told {
        let mut to = asked(scene, f)?;
        if targets.contains(&to) {
            // «@ユミ … ユミに投票して！» asks everyone, not ユミ, to vote for ユミ.
            to = Agent::Any;
        }
        return Ok(contents(negate).into_iter().map(|s| request(to, s)).collect());
    }
    if f.flags.any(Flags::UNDECIDED) {
        return Err(drop("undecided (C17)"));
    }
    // «投票しようと思っている»: the と思 of a volitional states the plan, it does not hedge it.
    if f.flags.any(Flags::HEDGE) && !f.flags.any(Flags::DESIRE | Flags::INTENT) {
        return Err(drop("a hedged intent (C17)"));
    }
    if f.flags.any(Flags::NOUN) || frame.proposal && f.flags.any(Flags::DESIRE) {
        let alternatives = targets
            .iter()
            .flat_map(|&t| [Sentence::new(make(t)), request(Agent::Any, Sentence::new(make(t)))])
            .collect();
        return Err(Drop { reason: "own vote or proposal? ambiguous (C8)", alternatives });
    }
    // «Agent[01]も僕たちが殺害した»: a group word built on a first-person word is the speaker's side, and the
    // attack it made the wolves' own, told by one of them (C14).
    let ours = |party: &Party| {
        let text = scene.skeleton.text.get(party.start..party.end).unwrap_or_default();
        scene.lexicon.agents.pronouns.find(text).is_some_and(|m| {
            m.start() == 0
                && scene.lexicon.agents.pronoun_kinds.get(m.pattern().as_usize()) == Some(&PronounKind::Speaker)
        })
    };
    if frame.class == Class::Attack
        && past
        && f.subject.as_ref().is_some_and(|p| p.only() == Some(Person::Everyone) && ours(p))
        && scene.ctx.speaker.is_some()
    {
        return combine(contents(negate), target_party.quant);
    }
    // «ミヅキもタクミも、どっちも昨日ユミに投票してた»: several actors, joined as their list says.
    let actors = match &f.subject {
        Some(party) => agents(scene, party)?,
        // «ケンジ、昨日リンに投票したよね？», "@Kenji you voted Rin yesterday, right?": a past act the addressed
        // player is asked to confirm is theirs.
        None if past
            && f.flags.any(Flags::TAG)
            && (matches!(f.address, Address::Agent(_)) || f.address == Address::None && scene.addressee.is_some()) =>
        {
            vec![asked(scene, f)?]
        }
        // «ケンジ、シオンに入れるって宣言してたな»: an act told as the words of the player called on is theirs.
        None if f.flags.any(Flags::REPORT) && matches!(f.address, Address::Agent(_)) => vec![asked(scene, f)?],
        // "According to Kenji, his guard last night was on Yumi": an act owned by "his" / "her" is someone else's,
        // and the word names nobody here.
        None if scene.lexicon.word_boundaries
            && scene.lexicon.nearby.third_person_possessive_before(&scene.skeleton.text[..f.cue.0]) =>
        {
            return Err(drop("an act owned by a third person named by a possessive only"));
        }
        None => vec![scene.ctx.speaker.ok_or_else(|| drop("no speaker is given"))?],
    };
    if negate && frame.negated == Negated::Drop {
        return Err(drop("a negated act is ambiguous"));
    }
    let mut out = Vec::new();
    for &actor in &actors {
        for sentence in contents(false) {
            let sentence =
                if Some(actor) == scene.ctx.speaker { sentence } else { with_subject(actor, sentence.content) };
            out.push(if negate { not(sentence) } else { sentence });
        }
    }
    if actors.len() > 1 {
        return combine(out, f.subject.as_ref().and_then(|p| p.quant));
    }
    combine(out, target_party.quant)
}

/// `ANY ATTACKED X`: a victim report (C14).
fn victim(scene: &Scene, f: &Filled) -> Built {
    if f.flags.any(Flags::NEG | Flags::QUESTION | Flags::HEDGE) {
        return Err(drop("a negated, asked or hedged attack"));
    }
    let party = f.target.as_ref().or(f.subject.as_ref()).ok_or_else(|| drop("no victim is named"))?;
    let targets = agents(scene, party)?;
    Ok(targets.into_iter().map(|t| with_subject(Agent::Any, Content::Attacked { target: t })).collect())
}

/// AGREE / DISAGREE: only with a talk number (C13).
fn agree(scene: &Scene, f: &Filled) -> Built {
    let talk = f.talk.ok_or_else(|| drop("agreement without a talk number (C13)"))?;
    if f.flags.any(Flags::NEG | Flags::QUESTION | Flags::CONDITIONAL) {
        return Err(drop("a negated or asked agreement"));
    }
    let agree = f.frame.is_some_and(|frame| frame.class == Class::Agree);
    let sentence = Sentence::new(if agree { Content::Agree { talk } } else { Content::Disagree { talk } });
    // «1日目の1番目の発話に賛成してほしい»: asked of someone.
    if f.flags.any(Flags::REQUEST | Flags::INCLUSIVE) {
        let to = if f.flags.any(Flags::INCLUSIVE) { Agent::Any } else { asked(scene, f)? };
        return Ok(vec![request(to, sentence)]);
    }
    Ok(vec![sentence])
}

/// A copula statement: a player and a role or species with no verb.
fn copula(scene: &Scene, f: &Filled) -> Built {
    // A list of players («狼はミナトかユミ、どっちか一人だけ»): one statement each, joined as its quantifier says.
    if let Some(party) = f.target.as_ref().filter(|p| p.people.len() > 1) {
        let mut out = Vec::new();
        for person in &party.people {
            let mut one = f.clone();
            one.target = Some(Party { people: vec![*person], quant: None, ..party.clone() });
            out.extend(copula(scene, &one)?);
        }
        // «占い師はサクラとケンジの二人か»: a role only one player holds, said of all of them, names its claimants
        // rather than an opinion (one of them at most can hold it).
        let one_holder = |s: &Sentence| {
            matches!(s.content, Content::Estimate { role: Role::Seer | Role::Medium | Role::Bodyguard, .. })
        };
        if matches!(party.quant, None | Some(Quant::Both)) && out.iter().all(one_holder) {
            return Err(drop("a role one player holds, said of several"));
        }
        return combine(out, party.quant);
    }
    let Some(&(value, _)) = f.values.first() else { return Err(drop("no role or species")) };
    // «ケンジが本当に占い師かどうか»: whether it is so, not that it is. Asked to weigh it («ケンジが人狼である
    // 可能性を考えてみてください»), everyone is asked to consider that it is (spec §5.1).
    let weigh = f.flags.any(Flags::REQUEST) && !f.flags.any(Flags::INFO | Flags::QUESTION);
    if f.flags.any(Flags::UNDECIDED) && !weigh {
        return Err(drop("undecided: whether, not that"));
    }
    let subject = match &f.target {
        Some(party) => party.only().ok_or_else(|| drop("a list in a copula"))?,
        // «ユミ占ったけど、普通に人間。»: the result of a divination named before.
        None if f.pending.is_some() && species_of(f).is_some() => {
            return result(scene, f);
        }
        // «Agent[01]さんの占い結果は、人狼だったわ»: a result word with only its possessor, then the species:
        // the possessor is whom the speaker's result is about.
        None if species_of(f).is_some()
            && let Some(origin) = f.context_source.as_ref()
            && let Some(possessor) = origin.reporter.as_ref().filter(|p| p.is_third_party()) =>
        {
            let mut about = f.clone();
            about.target = Some(possessor.clone());
            about.source = Some(origin.source);
            about.context_source = None;
            return result(scene, &about);
        }
        // "@Takumi are you the bodyguard?" (the pronoun went into "are you"): asked of the addressee.
        None if f.flags.any(Flags::QUESTION)
            && !f.flags.any(Flags::TAG)
            && !matches!(value, Value::Species(_) | Value::Mark(_)) =>
        {
            let to = asked(scene, f)?;
            if to == Agent::Any {
                return Err(drop("asks nobody in particular"));
            }
            let role = asked_role(f)?;
            return Ok(vec![inquire(to, Sentence::new(Content::Comingout { target: to, role }))]);
        }
        None if f.bare_role && !f.flags.any(Flags::QUESTION | Flags::HEDGE) => {
            // «村人です。», "Plain villager.": a bare role is the speaker's own claim; «狩人じゃないです» denies it.
            return match value {
                Value::Role(role) => Ok(vec![negated_claim(
                    f,
                    Sentence::new(Content::Comingout {
                        target: scene.ctx.speaker.ok_or_else(|| drop("no speaker is given"))?,
                        role,
                    }),
                )?]),
                _ => Err(drop("a bare species says nothing of anyone")),
            };
        }
        None => return Err(drop("nobody is named")),
    };
    if f.flags.any(Flags::FAKE) {
        return Err(drop("'fake' denies a role, which is ambiguous (C7)"));
    }
    let asking = f.flags.any(Flags::QUESTION) && !f.flags.any(Flags::TAG);
    match subject {
        // «カナタがユウを占ってくれたんだ！ボクは人間さんだって！»: the result of a divination of the speaker.
        Person::Me
            if f.pending.as_ref().is_some_and(|p| p.target.only() == Some(Person::Me)) && species_of(f).is_some() =>
        {
            let mut about_me = f.clone();
            about_me.target = None;
            result(scene, &about_me)
        }
        Person::Me => {
            if asking {
                return Err(drop("a question about the speaker"));
            }
            // «リンが私を白と言っていた», «私のこと黒って言った»: a result mark a named player gave the speaker is
            // that player's divination (C18), and a role they named is their opinion (C5), as for anyone else
            // («リョウがあなたを白って言った», «ケンジはリンのこと狼だって言ってた»).
            // «シオンは僕を狂人だと思ってる»: so is a role they are said to think the speaker has.
            let thinks = f.flags.any(Flags::OPINION) && !matches!(value, Value::Mark(_));
            if (f.flags.any(Flags::REPORT) || thinks)
                && !f.flags.any(Flags::NEG | Flags::QUESTION)
                && f.source.is_none()
                && let Some(giver) =
                    f.subject.as_ref().filter(|p| p.is_third_party() && p.people.len() == 1).and_then(Party::only)
            {
                let speaker = scene.ctx.speaker.ok_or_else(|| drop("no speaker is given"))?;
                let giver = agent(scene, giver)?;
                if let Value::Mark(species) = value {
                    return Ok(vec![with_subject(giver, Content::Divined { target: speaker, species })]);
                }
                let role = role_of(f).ok_or_else(|| drop("no role"))?;
                return Ok(vec![with_subject(giver, Content::Estimate { target: speaker, role })]);
            }
            // «…が私を人狼だと占った»: the speaker as the object of another's verb is what that player thinks.
            if f.target.as_ref().is_some_and(|p| p.after.as_deref() == Some("を")) {
                return Err(drop("the speaker as the object of someone's verb"));
            }
            // "Shion and Yumi, I'd call both of them villagers": a plural role is never the speaker's own.
            // ("I am one of the wolves" is one.)
            let plural = |(start, end): (usize, usize)| {
                let text = &scene.skeleton.text;
                let word = text.get(start..end).unwrap_or_default().to_ascii_lowercase();
                let one_of = word.starts_with("one of")
                    || text.get(..start).is_some_and(|before| {
                        let before = before.trim_end();
                        before.ends_with("one of the") || before.ends_with("one of")
                    });
                // No English role word ends in a single "s" ("villagers", "bodyguards", "wolves" are plurals).
                scene.lexicon.word_boundaries && !one_of && word.ends_with('s') && !word.ends_with("ss")
            };
            if f.values.first().is_some_and(|&(_, span)| plural(span)) {
                return Err(drop("a plural role is no claim of the speaker's"));
            }
            let speaker = scene.ctx.speaker.ok_or_else(|| drop("no speaker is given"))?;
            let role = match value {
                Value::Role(role) => role,
                Value::Wolf | Value::Species(Species::Werewolf) => Role::Werewolf,
                // «私は人間», "I'm human": not a werewolf (house rule 7).
                Value::Species(Species::Human) if !f.flags.any(Flags::NEG) => {
                    return Ok(vec![not(Sentence::new(Content::Comingout { target: speaker, role: Role::Werewolf }))]);
                }
                // «Agent[01]によれば私は黒らしい», «シオンからは白»: a result mark on the speaker, who is alive, from a
                // named player is that player's divination (C18, house rule 1).
                Value::Mark(species)
                    if !f.flags.any(Flags::NEG | Flags::OPINION)
                        && let Some(giver) = f
                            .subject
                            .as_ref()
                            .filter(|p| p.is_third_party() && matches!(p.after.as_deref(), Some("から" | "from")))
                            .and_then(Party::only) =>
                {
                    let giver = agent(scene, giver)?;
                    return Ok(vec![with_subject(giver, Content::Divined { target: speaker, species })]);
                }
                Value::Mark(_) => return Err(drop(NO_SOURCE)),
                _ => return Err(drop("a negated species of the speaker")),
            };
            // «実は僕が人狼だったんです», «本当は狂人だったみたい»: one's own role revealed as found out is a claim.
            let revealed = f.flags.any(Flags::GENUINE) && f.flags.any(Flags::PAST);
            if f.flags.any(Flags::HEDGE | Flags::PAST) && !f.flags.any(Flags::NEG) && !revealed {
                return Err(drop("a hedged or past claim"));
            }
            let co = Sentence::new(Content::Comingout { target: speaker, role });
            Ok(vec![if f.flags.any(Flags::NEG) { not(co) } else { co }])
        }
        Person::Wh => {
            if !asking {
                return Err(drop("'who' outside a question"));
            }
            // "who said kenji ●??": who said it is asked, not what anyone holds.
            if f.flags.any(Flags::REPORT) {
                return Err(drop("asks who said it (no protocol sentence)"));
            }
            let to = asked(scene, f)?;
            // «占い結果気になるね。誰が白だったのか教えて»: a result mark asked for after its source asks for the result.
            let source = f.source.or(f.context_source.as_ref().map(|o| o.source));
            if let (Some(source), Some(&(Value::Mark(species), _))) = (source, f.values.first()) {
                let result = match source {
                    Source::Divination => Content::Divined { target: Agent::Any, species },
                    Source::Medium => Content::Identified { target: Agent::Any, species },
                };
                return Ok(vec![inquire(to, Sentence::new(result))]);
            }
            let role = role_of(f).ok_or_else(|| drop("no role"))?;
            Ok(vec![inquire(to, Sentence::new(Content::Estimate { target: Agent::Any, role }))])
        }
        // "are you the seer?", "tell us what role you are".
        Person::You(_) if asking || f.asking() => {
            let to = agent(scene, subject)?;
            let role = asked_role(f)?;
            Ok(vec![inquire(to, Sentence::new(Content::Comingout { target: to, role }))])
        }
        Person::Everyone => Err(drop("everyone has no role")),
        Person::Unknown => Err(drop("a player who is not in the name table, or an unresolved pronoun")),
        Person::You(_) | Person::Named(_) if f.flags.any(Flags::REQUEST) && !f.flags.any(Flags::QUESTION) => {
            // «ケンジさんが人狼だと考えてみてください»: please consider X a wolf (C8).
            let target = agent(scene, subject)?;
            let role = role_of(f).ok_or_else(|| drop("no role"))?;
            let to = asked(scene, f)?;
            Ok(vec![request(to, Sentence::new(Content::Estimate { target, role }))])
        }
        // "According to Sakura, Rin is a wolf": what the player after "according to" holds is reported too.
        Person::You(_) | Person::Named(_)
            if (f.flags.any(Flags::REPORT)
                || scene.lexicon.word_boundaries
                    && f.subject.as_ref().is_some_and(|p| p.before.as_deref() == Some("from")))
                && f.source.is_none()
                && f.subject.as_ref().is_some_and(|p| p.is_third_party() && p.people.len() == 1) =>
        {
            let target = agent(scene, subject)?;
            let holder = agent(scene, f.subject.as_ref().and_then(Party::only).unwrap_or(Person::Unknown))?;
            if f.flags.any(Flags::NEG | Flags::QUESTION) {
                return Err(drop("a negated or asked report"));
            }
            // «リョウがあなたを白って言った»: a result mark given by a named player is a divination (C18); nobody
            // divines themself.
            if let Some(&(Value::Mark(species), _)) = f.values.iter().find(|(v, _)| matches!(v, Value::Mark(_))) {
                if holder == target {
                    return Err(drop("a result a player gave themself"));
                }
                return Ok(vec![with_subject(holder, Content::Divined { target, species })]);
            }
            // «ケンジはリンのこと狼だって言ってた»: another player's opinion, reported (C5); "Sakura says she is the
            // seer": of themself, a claim.
            let role = role_of(f).ok_or_else(|| drop("no role"))?;
            if holder == target && matches!(value, Value::Role(_) | Value::Wolf) {
                return Ok(vec![with_subject(holder, Content::Comingout { target, role })]);
            }
            Ok(vec![with_subject(holder, Content::Estimate { target, role })])
        }
        // «ケンジはユミが狼だと思う»: what another player, set off with «は», thinks.
        // "Shion is convinced Mizuki is a werewolf": so does an English player before a verb of belief.
        Person::Named(_)
            if !f.flags.any(Flags::NEG | Flags::QUESTION)
                && f.subject.as_ref().is_some_and(|h| {
                    h.is_third_party()
                        && (f.flags.any(Flags::HEDGE) && thinker(h, f.target.as_ref())
                            || believer(scene, h, f.target.as_ref()))
                }) =>
        {
            let target = agent(scene, subject)?;
            let holder = agent(scene, f.subject.as_ref().and_then(Party::only).unwrap_or(Person::Unknown))?;
            let role = role_of(f).ok_or_else(|| drop("no role"))?;
            Ok(vec![with_subject(holder, Content::Estimate { target, role })])
        }
        // «カナタが狂人だって言ってた», "Agent[02] says he is the seer": a reported claim (C5). An English report
        // word before the player («…and said Shion is a werewolf») reports someone else's words about them.
        Person::You(_) | Person::Named(_)
            if f.flags.any(Flags::REPORT)
                && f.source.is_none()
                && f.subject.is_none()
                && !(scene.lexicon.word_boundaries && reported_before(scene, f))
                && matches!(value, Value::Role(_) | Value::Wolf)
                && !f.flags.any(Flags::NEG | Flags::QUESTION) =>
        {
            let target = agent(scene, subject)?;
            let role = role_of(f).ok_or_else(|| drop("no role"))?;
            Ok(vec![with_subject(target, Content::Comingout { target, role })])
        }
        // "Misaki … says Shizue is Human": what someone else said, and they are not named here.
        Person::You(_) | Person::Named(_)
            if f.flags.any(Flags::REPORT)
                && f.source.is_none()
                && f.context_source.is_none()
                && f.pending.is_none()
                && f.subject.as_ref().is_none_or(|p| p.only() != Some(Person::Me)) =>
        {
            Err(drop("another player's words, whose player is not named here (C5)"))
        }
        Person::You(_) | Person::Named(_) => {
            let target = agent(scene, subject)?;
            // "I divined Mizuki last night, and … she's human": the divination named before (or one of the players
            // it named: "I divined Mizuki and Minato: Mizuki is human …").
            let pending_act =
                f.pending.as_ref().filter(|p| agents(scene, &p.target).is_ok_and(|named| named.contains(&target)));
            let pending = pending_act.map(|p| p.source);
            // "When I divined Takumi on day 1, he came out a werewolf": the day stated with the act dates it.
            let pending_day = pending_act.and_then(|p| p.day).filter(|_| f.day.is_none());
            let source = f.source.or(f.context_source.as_ref().map(|o| o.source)).or(pending);
            let marked = f.values.iter().any(|(v, _)| matches!(v, Value::Mark(_)));
            // «昨晩の占い結果です。タクミさんは人狼ではありませんでした。», "I divined Mizuki, and she is not a
            // werewolf": a result has two species, so one the speaker reports denied is the other: in the past, or
            // of a divination just named (not one others are said to have confirmed, a passive).
            let reported = f.flags.any(Flags::PAST) || f.source.is_some() || pending.is_some();
            let species = match f.flags {
                flags if !flags.any(Flags::NEG) => species_of(f),
                flags if reported && !flags.any(Flags::PASSIVE) => denied_species(scene, f),
                _ => None,
            };
            let reporter_party = f.subject.clone().or_else(|| {
                if f.source.is_none() { f.context_source.as_ref().and_then(|o| o.reporter.clone()) } else { None }
            });
            // «ミヅキの占いではタクミ黒らしい»: a hedge on another player's result only hedges the report.
            let hedged = f.flags.any(Flags::HEDGE) && reporter_party.as_ref().is_none_or(|p| !p.is_third_party());
            if let Some(source) = source
                && let Some(species) = species
                && !hedged
                && !f.flags.any(Flags::QUESTION)
            {
                let content = match source {
                    Source::Divination => Content::Divined { target, species },
                    Source::Medium => Content::Identified { target, species },
                };
                let reporter = match &reporter_party {
                    Some(party) => Some(agent(scene, party.only().ok_or_else(|| drop("several reporters"))?)?),
                    None => None,
                };
                // "my medium reading for Takumi, who we lost…: he was human": the player a result is about was
                // taken for its owner too; nobody reports a result on themselves.
                if reporter == Some(target) {
                    return Err(drop("a result on its own reporter"));
                }
                let sentence = match reporter {
                    Some(r) => with_subject(r, content),
                    None => Sentence::new(content),
                };
                return Ok(vec![match pending_day {
                    Some(day) => Sentence::new(Content::Day { day, sentence: Box::new(sentence) }),
                    None => sentence,
                }]);
            }
            if asking {
                let role = asked_role(f)?;
                // «@リン 霊能者ってほんと？»: asked of the player it is about, it asks for a claim.
                if matches!(subject, Person::Named(_)) && asked(scene, f).ok() == Some(target) && f.subject.is_none() {
                    return Ok(vec![inquire(target, Sentence::new(Content::Comingout { target, role }))]);
                }
                // «あなたはケンジさんのことを人狼だとお考えですか？», «みんな、タクミが狼だと思う？»: asks for an opinion.
                let holder = f.subject.as_ref().and_then(Party::only);
                let addressed = !matches!(f.address, Address::None) || scene.addressee.is_some();
                if matches!(holder, Some(Person::You(_) | Person::Everyone | Person::Named(_))) || addressed {
                    let to = asked(scene, f)?;
                    if to != target {
                        return Ok(vec![inquire(to, Sentence::new(Content::Estimate { target, role }))]);
                    }
                }
                // "Could she be Possessed?": a hedged opinion, not a question to anyone.
                if f.flags.any(Flags::HEDGE) {
                    return Ok(vec![Sentence::new(Content::Estimate { target, role })]);
                }
                return Err(drop("a question about a third player"));
            }
            if f.flags.any(Flags::NEG) {
                return Err(drop("negated content is ambiguous (C7)"));
            }
            if f.flags.any(Flags::HEDGE) {
                let roles = if f.value_or { value_roles(f) } else { role_of(f).into_iter().collect() };
                let sentences: Vec<Sentence> =
                    roles.iter().map(|&role| Sentence::new(Content::Estimate { target, role })).collect();
                return combine(sentences, f.value_or.then_some(Quant::ExactlyOne));
            }
            // "Minato was our real seer": a past role no result can show is an opinion; a past species (or
            // «村人», which a medium's "human" also says) is a result with no source.
            let no_result_shows =
                matches!(value, Value::Role(role) if !matches!(role, Role::Villager | Role::Werewolf));
            if marked || f.flags.any(Flags::PAST) && !no_result_shows {
                let species = species_of(f);
                let alternatives = species
                    .map(|species| {
                        vec![
                            Sentence::new(Content::Divined { target, species }),
                            Sentence::new(Content::Identified { target, species }),
                        ]
                    })
                    .unwrap_or_default();
                return Err(Drop { reason: NO_SOURCE, alternatives });
            }
            let roles = if f.value_or { value_roles(f) } else { role_of(f).into_iter().collect() };
            let sentences: Vec<Sentence> =
                roles.iter().map(|&role| Sentence::new(Content::Estimate { target, role })).collect();
            combine(sentences, f.value_or.then_some(Quant::ExactlyOne))
        }
    }
}

/// A divination or medium act that names its target but not yet the result.
fn pending_of(scene: &Scene, f: &Filled) -> Option<Pending> {
    let frame = f.frame?;
    let source = match frame.class {
        Class::Divine => Source::Divination,
        Class::Result => frame.source.or(f.source).or(f.context_source.as_ref().map(|o| o.source))?,
        _ => return None,
    };
    let target = f.target.clone()?;
    if agents(scene, &target).is_err() {
        return None;
    }
    let reporter = f.subject.clone().unwrap_or_else(|| Party::me(f.cue.0));
    Some(Pending { target, reporter, source, day: f.day })
}

/// A stated day number wraps a statement in DAY (C11).
fn wrap_day(sentence: Sentence, f: &Filled) -> Sentence {
    match f.day {
        Some(day) if !matches!(sentence.content, Content::Request { .. } | Content::Inquire { .. }) => {
            Sentence::new(Content::Day { day, sentence: Box::new(sentence) })
        }
        _ => sentence,
    }
}

/// The top-level subject is written only when it is not the speaker (C1); nested ones as the printer wants.
pub fn finish(mut sentence: Sentence, speaker: Option<Agent>) -> Sentence {
    // With the speaker as the explicit top-level subject, canonicalization drops every nested subject that
    // repeats it; then the top-level one goes too.
    if sentence.subject.is_none() {
        sentence.subject = speaker;
    }
    let mut sentence = canonicalized(&sentence);
    if speaker.is_some() && sentence.subject == speaker {
        sentence.subject = None;
    }
    sentence
}
