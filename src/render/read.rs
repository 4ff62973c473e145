//! Reading canonical text back: the exact inverse of the default rendering (polite, no variant).
//!
//! The templates are the grammar. The reader walks top-down as the composer does (sentence → body → clause →
//! verb); at each position it tries the frames that can occur there (the discrete values are enumerable for the
//! default options), matches their literal pieces against the text with bounded backtracking, maps agent and
//! noun slots back through the context and the vocabulary, and recurses into clause and sentence slots. Every
//! candidate is then rendered at its position and kept only if it gives exactly the text, so the reader never
//! returns a sentence that does not render as its input. Work is bounded by an input length limit, a memo per
//! (position, text) and a step budget; anything beyond them is read as nothing (`None`).

use std::cell::{Cell, OnceCell, RefCell};
use std::collections::HashSet;
use std::rc::Rc;
use std::sync::{Arc, OnceLock, RwLock};

use smallvec::SmallVec;

use super::compose::{
    Composer, LangSet, Mood, PLAIN_CLAUSE, PLAIN_LIST, Position, Scope, Template, framed_clause, has_group, honorific,
    is_asked_turn, is_because_run, is_framed_run, is_inline, is_listed_alternatives, is_reason_item, is_run_conclusion,
    is_unframed_and, is_verb, reason_mood, written_subject,
};
use super::fast_hash::FastMap;
use super::frame::{self, Part};
use super::options::{Channel, RenderOptions, Style};
use super::vars::{Text, Var, Vars, Word};
use crate::protocol::{Agent, Content, Context, Keyword, Role, Sentence, Species, TalkKind, TalkRef, canonicalized};

mod tried;

use tried::{AskFrame, DayFrame, Groups, Tried};

/// Longest text the reader looks at (bytes); canonical renderings of 3-deep sentences are far shorter.
pub(crate) const MAX_READ_BYTES: usize = 4096;
/// Frame matches and recursions per read before giving up (about 60 ms). Unquoted compound clauses (alternatives,
/// views held) leave more places to cut a long sentence than quotes did: a depth-4 English sentence with three
/// reasons takes 300k.
const STEP_BUDGET: usize = 600_000;
/// Candidates kept per position and text.
const MAX_CANDIDATES: usize = 8;
/// Matches kept per frame whose texts touch (the chat style's 「ケンジ●」 and 「ケンジ人狼だと思う」): every cut
/// between the two matches, and the right one comes after as many wrong ones as the first text has characters
/// (a name is at most 32), so such a frame keeps more than [`MAX_CANDIDATES`].
const MAX_ADJACENT_MATCHES: usize = 64;
/// Verb readings tried per clause before confirmation.
const MAX_VERB_CANDIDATES: usize = 1024;
/// Non-verb frames kept per language (the `_sentence` frames depend on a character, so bound them).
const MAX_CACHED_FRAMES: usize = 4096;
/// Most operands an AND / OR the reader tries.
const MAX_OPERANDS: usize = 8;
/// Most places an AND's text may be cut into sentences (every grouping of them is tried).
const MAX_AND_CUTS: usize = 10;

const MOODS: [Mood; 8] = [
    Mood::Statement,
    Mood::Plain,
    Mood::Request,
    Mood::Suggest,
    Mood::Question,
    Mood::Result,
    Mood::Past,
    Mood::PlainPast,
];
const KINDS: [&str; 4] = ["me", "you", "any", "agent"];
const VERBS: [Keyword; 13] = [
    Keyword::Estimate,
    Keyword::Comingout,
    Keyword::Divination,
    Keyword::Guard,
    Keyword::Vote,
    Keyword::Attack,
    Keyword::Divined,
    Keyword::Identified,
    Keyword::Guarded,
    Keyword::Voted,
    Keyword::Attacked,
    Keyword::Agree,
    Keyword::Disagree,
];

/// Where each text of a verb frame goes (indices into the frame's texts).
#[derive(Debug, Clone, Copy, Default)]
struct VerbHoles {
    subj: usize,
    target: Option<usize>,
    target_nom: Option<usize>,
    noun: Option<usize>,
    /// The chat style's short role name or result mark.
    tag: Option<usize>,
    day: Option<usize>,
    id: Option<usize>,
}

/// The discrete values a verb frame was built for.
#[derive(Debug)]
struct VerbShape {
    keyword: Keyword,
    subj_kind: &'static str,
    target_kind: &'static str,
    same: bool,
    /// role_any / species_any / whisper.
    flag: bool,
    /// Built for a whispered VILLAGER claim.
    villager: bool,
    holes: VerbHoles,
}

/// One verb frame and every set of discrete values that gives it.
#[derive(Debug)]
struct VerbFrame {
    parts: Vec<Part>,
    shapes: Vec<VerbShape>,
}

/// The verb frames of one (mood, negated), indexed by how they end: a clause can only match the frames that end
/// in a literal it ends with, or in a text, and whose literals' byte pairs it holds. Trying only those (in the
/// original order, so readings come out as before) spares the reader most of the hundreds of frames per clause.
#[derive(Debug, Default)]
struct VerbFrames {
    frames: Vec<VerbFrame>,
    /// The byte pairs of each frame's literals (see [`byte_pairs`]).
    pairs: Vec<u64>,
    /// Frames ending in a literal, grouped by the literal, by its last character (ascending indices).
    by_end: FastMap<char, Vec<(String, Vec<u32>)>>,
    /// Frames ending in a text (ascending).
    open_end: Vec<u32>,
}

impl VerbFrames {
    fn new(frames: Vec<VerbFrame>) -> VerbFrames {
        let mut index = VerbFrames { frames, ..VerbFrames::default() };
        for (at, frame) in index.frames.iter().enumerate() {
            let literals = frame.parts.iter().filter_map(|part| match part {
                Part::Literal(literal) => Some(byte_pairs(literal)),
                Part::Text(..) => None,
            });
            index.pairs.push(literals.fold(0, |all, pairs| all | pairs));
            let at = at as u32;
            match frame.parts.last() {
                Some(Part::Literal(literal)) if !literal.is_empty() => {
                    let last = literal.chars().next_back().unwrap_or_default();
                    let groups = index.by_end.entry(last).or_default();
                    match groups.iter_mut().find(|(ending, _)| ending == literal) {
                        Some((_, group)) => group.push(at),
                        None => groups.push((literal.to_string(), vec![at])),
                    }
                }
                _ => index.open_end.push(at),
            }
        }
        index
    }

    /// The frames `text` can end like, in their original order.
    fn ending<'g>(&'g self, text: &str) -> impl Iterator<Item = &'g VerbFrame> + 'g {
        let mut picked: SmallVec<[u32; 64]> = SmallVec::new();
        if let Some(groups) = text.chars().next_back().and_then(|last| self.by_end.get(&last)) {
            for (ending, group) in groups {
                if text.ends_with(ending.as_str()) {
                    picked.extend_from_slice(group);
                }
            }
        }
        picked.extend_from_slice(&self.open_end);
        picked.sort_unstable();
        let held = byte_pairs(text);
        picked.into_iter().filter(move |&at| self.pairs[at as usize] & !held == 0).map(|at| &self.frames[at as usize])
    }
}

/// The adjacent byte pairs of `text`, folded into 64 bits: a frame whose literals hold a pair a text lacks
/// cannot match it.
fn byte_pairs(text: &str) -> u64 {
    text.as_bytes().windows(2).fold(0, |mask, pair| mask | 1 << ((u64::from(pair[0]) * 31 + u64::from(pair[1])) % 64))
}

/// Frames by their spec.
type FrameCache = FastMap<Spec, Option<Arc<[Part]>>>;

/// Every verb frame of a language for one style and channel, by (mood, negated), and every character its
/// templates and vocabulary can write. Built on first read.
#[derive(Debug)]
pub(crate) struct Grammar {
    style: Style,
    channel: Channel,
    verbs: FastMap<(Mood, bool), VerbFrames>,
    chars: HashSet<char>,
    /// The other frames, built as the reader first needs them (each reader keeps its own copy of those it used,
    /// so threads reading at once do not contend for this lock).
    frames: RwLock<FrameCache>,
    /// The frames tried at every position, in order (built on first read).
    tried: OnceLock<Tried>,
}

/// The variables every template gets, for a style and channel without variants.
fn base_vars(set: &LangSet, style: Style, channel: Channel) -> Vars<'static> {
    let mut vars = Vars::new(set.id);
    vars.set(Var::Casual, style != Style::Polite);
    vars.set(Var::Chat, style == Style::Chat);
    vars.set(Var::Channel, Word(channel.code()));
    vars.set(Var::Variant, 0u16);
    vars
}

/// A stand-in text: non-empty unless `empty`.
fn hole(empty: bool) -> Text<'static> {
    Text::Words(if empty { "" } else { "x" }, "")
}

fn parts_of(set: &LangSet, template: Template, vars: &mut Vars<'_>) -> Option<Rc<[Part]>> {
    let name = template.name();
    frame::parts(template.id(), vars, |context| set.tera.render(name, context)).ok()
}

impl Grammar {
    pub(crate) fn build(set: &LangSet, style: Style, channel: Channel) -> Grammar {
        let mut verbs: FastMap<(Mood, bool), VerbFrames> = FastMap::default();
        for mood in MOODS {
            for negated in [false, true] {
                let mut list = Vec::new();
                for keyword in VERBS {
                    verb_frames(set, (style, channel), keyword, mood, negated, &mut list);
                }
                verbs.insert((mood, negated), VerbFrames::new(list));
            }
        }
        let mut chars: HashSet<char> = set.source_chars.clone();
        chars.extend("Agent[]".chars());
        Grammar { style, channel, verbs, chars, frames: RwLock::default(), tried: OnceLock::new() }
    }
}

fn verb_frames(
    set: &LangSet,
    (style, channel): (Style, Channel),
    keyword: Keyword,
    mood: Mood,
    negated: bool,
    into: &mut Vec<VerbFrame>,
) {
    let has_target = !matches!(keyword, Keyword::Agree | Keyword::Disagree);
    let target_kinds: &[&'static str] = if has_target { &KINDS } else { &["none"] };
    for subj_kind in KINDS {
        for &target_kind in target_kinds {
            for same in [false, true] {
                if same && !has_target {
                    continue;
                }
                // `villager`: a whispered VILLAGER claim, which templates tell apart by its key (「潜伏します」).
                for (flag, villager) in [(false, false), (true, false), (false, true)] {
                    if villager && !(keyword == Keyword::Comingout && channel == Channel::Whisper) {
                        continue;
                    }
                    let mut vars = base_vars(set, style, channel);
                    let mut holes = VerbHoles::default();
                    let mut next = 0;
                    let mut text = |vars: &mut Vars<'static>, var: Var, empty: bool| {
                        vars.set(var, hole(empty));
                        next += 1;
                        next - 1
                    };
                    vars.set(Var::Mood, Word(mood.code()));
                    vars.set(Var::Neg, negated);
                    vars.set(Var::SubjKind, Word(subj_kind));
                    holes.subj = text(&mut vars, Var::Subj, subj_kind == "any");
                    if has_target {
                        vars.set(Var::TargetKind, Word(target_kind));
                        holes.target = Some(text(&mut vars, Var::Target, target_kind == "any"));
                        holes.target_nom = Some(text(&mut vars, Var::TargetNom, target_kind == "any"));
                        vars.set(Var::Same, same);
                    }
                    match keyword {
                        Keyword::Estimate | Keyword::Comingout => {
                            holes.noun = Some(text(&mut vars, Var::Role, false));
                            holes.tag = Some(text(&mut vars, Var::Tag, false));
                            vars.set(Var::RoleAny, flag);
                            // Only whispered plans tell roles apart by their key.
                            vars.set(Var::RoleKey, Word(if villager { "VILLAGER" } else { "" }));
                        }
                        Keyword::Divined | Keyword::Identified => {
                            holes.noun = Some(text(&mut vars, Var::Species, false));
                            holes.tag = Some(text(&mut vars, Var::Tag, false));
                            vars.set(Var::SpeciesAny, flag);
                        }
                        Keyword::Agree | Keyword::Disagree => {
                            holes.day = Some(text(&mut vars, Var::Day, false));
                            holes.id = Some(text(&mut vars, Var::Id, false));
                            holes.noun = Some(text(&mut vars, Var::Talk, false));
                            vars.set(Var::Whisper, flag);
                            text(&mut vars, Var::Quote, true);
                            text(&mut vars, Var::QuoteBy, true);
                            vars.set(Var::QuoteByKind, Word(""));
                            vars.set(Var::QuoteByKnown, false);
                        }
                        _ if flag => continue,
                        _ => {}
                    }
                    if let Some(parts) = parts_of(set, Template::Keyword(keyword), &mut vars) {
                        let shape = VerbShape { keyword, subj_kind, target_kind, same, flag, villager, holes };
                        match into.iter_mut().find(|group| *group.parts == *parts) {
                            Some(group) => group.shapes.push(shape),
                            None => into.push(VerbFrame { parts: parts.to_vec(), shapes: vec![shape] }),
                        }
                    }
                }
            }
        }
    }
}

/// A discrete word of a [`Spec`] (a kind, an act, a relative day). Specs are looked up thousands of times per
/// read and their words are nearly always the same literals, so equality tries the pointer before the bytes;
/// the hash is the bytes', so equal words hash alike wherever their literal lives.
#[derive(Debug, Clone, Copy, Eq)]
struct Sym(&'static str);

impl PartialEq for Sym {
    fn eq(&self, other: &Sym) -> bool {
        std::ptr::eq(self.0, other.0) || self.0 == other.0
    }
}

impl std::hash::Hash for Sym {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// A non-verb frame the reader tries, by the discrete values that make it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Spec {
    Sentence { quoted: bool, question: bool, end: char },
    Frame { kind: Sym, inline: bool, run: bool, held: bool, mood: Mood },
    Because { question: bool, reasons: usize, run: bool, grouped: bool, plain: bool, denied: bool },
    List { keyword: Keyword, count: usize, inline: bool, mood: Mood, list: bool },
    Ask { keyword: Keyword, to_kind: Sym, from_kind: Sym, framed: bool, quoted: bool, act: Sym, said: Mood },
    Quoted { mood: Mood, negated: bool, act: Sym, subj_kind: Sym },
    Day { mood: Mood, negated: bool, relative: Sym, inline: bool, act: Sym, nested: bool, by: bool },
}

impl Spec {
    /// The frame's parts, rendered with the variables the composer gives that template (texts: 0, 1, … in the
    /// order set).
    fn parts(self, set: &LangSet, style: Style, channel: Channel) -> Option<Arc<[Part]>> {
        let mut vars = base_vars(set, style, channel);
        let template = match self {
            Spec::Sentence { quoted, question, end } => {
                vars.set(Var::Quoted, quoted);
                vars.set(Var::Continued, false);
                vars.set(Var::Body, hole(false));
                vars.set(Var::BodyEnd, end);
                vars.set(Var::Question, question);
                Template::Sentence
            }
            Spec::Frame { kind: Sym(kind), inline, run, held, mood } => {
                vars.set(Var::WhoKind, Word(kind));
                vars.set(Var::Who, hole(kind == "any"));
                vars.set(Var::Inline, inline);
                vars.set(Var::Run, run);
                vars.set(Var::Held, held);
                vars.set(Var::Mood, Word(mood.code()));
                vars.set(Var::Sentence, hole(false));
                Template::Frame
            }
            Spec::Because { question, reasons, run, grouped, plain, denied } => {
                let stand_ins = vec![hole(false); reasons];
                vars.set(Var::Clauses, &stand_ins[..]);
                vars.set(Var::Conclusion, hole(false));
                vars.set(Var::Run, run);
                vars.set(Var::Grouped, grouped);
                vars.set(Var::Question, question);
                vars.set(Var::Neg, denied);
                vars.set(Var::Mood, Word(if plain { Mood::Plain } else { Mood::Statement }.code()));
                Template::Keyword(Keyword::Because)
            }
            Spec::List { keyword, count, inline, mood, list } => {
                let stand_ins = vec![hole(false); count];
                vars.set(Var::Clauses, &stand_ins[..]);
                vars.set(Var::Inline, inline);
                vars.set(Var::List, list);
                vars.set(Var::Mood, Word(mood.code()));
                Template::Keyword(keyword)
            }
            Spec::Ask {
                keyword,
                to_kind: Sym(to_kind),
                from_kind: Sym(from_kind),
                framed,
                quoted,
                act: Sym(act),
                said,
            } => {
                vars.set(Var::Said, Word(said.code()));
                vars.set(Var::Act, Word(act));
                vars.set(Var::ToKind, Word(to_kind));
                vars.set(Var::To, hole(to_kind == "any"));
                vars.set(Var::FromKind, Word(from_kind));
                vars.set(Var::From, hole(from_kind == "any"));
                vars.set(Var::Framed, framed);
                vars.set(Var::Quoted, quoted);
                vars.set(Var::Clause, hole(false));
                Template::Keyword(keyword)
            }
            Spec::Quoted { mood, negated, act: Sym(act), subj_kind: Sym(subj_kind) } => {
                vars.set(Var::Mood, Word(mood.code()));
                vars.set(Var::Sentence, hole(false));
                vars.set(Var::Act, Word(act));
                vars.set(Var::Neg, negated);
                vars.set(Var::SubjKind, Word(subj_kind));
                vars.set(Var::Subj, hole(subj_kind == "any"));
                if negated { Template::Keyword(Keyword::Not) } else { Template::Quoted }
            }
            Spec::Day { mood, negated, relative: Sym(relative), inline, act: Sym(act), nested, by } => {
                vars.set(Var::Act, Word(act));
                vars.set(Var::Nested, nested);
                vars.set(Var::WhoKind, Word(if by { "agent" } else { "me" }));
                vars.set(Var::Day, hole(false));
                vars.set(Var::Mood, Word(mood.code()));
                vars.set(Var::Neg, negated);
                vars.set(Var::Relative, Word(relative));
                vars.set(Var::Inline, inline);
                vars.set(if inline { Var::Clause } else { Var::Sentence }, hole(false));
                if by {
                    vars.set(Var::Who, hole(false));
                }
                Template::Keyword(Keyword::Day)
            }
        };
        parts_of(set, template, &mut vars).map(|parts| parts.iter().cloned().collect())
    }
}

/// Assignments of frame texts to pieces of the input: `holes[i]` is text `i`'s piece (as written, so a
/// capitalised text appears capitalised).
/// Inline: frames have a handful of texts, and a match is tried for every frame at every position.
type Holes<'t> = SmallVec<[Option<&'t str>; 8]>;

/// The matches of one frame, and how many are kept.
struct Matches<'t> {
    all: Vec<Holes<'t>>,
    limit: usize,
    /// Whether the text may hold quotes, so that a piece must be checked to hold whole ones.
    quotes: bool,
}

/// The reader for one input and context.
pub(crate) struct Reader<'a> {
    set: &'a LangSet,
    ctx: &'a Context,
    grammar: &'a Grammar,
    options: RenderOptions,
    steps: Cell<usize>,
    memo: RefCell<Memo>,
    /// The frames this read has used (see [`Grammar::frames`]).
    frames: RefCell<FrameCache>,
    /// Each named agent's name as this language shows it, agents in order (built on the first name read).
    shown_names: OnceCell<Vec<(String, Agent)>>,
}

/// Readings already made, by position and then text (so a text is looked up without copying it).
type Memo = FastMap<PositionKey, FastMap<Box<str>, Rc<Vec<Sentence>>>>;

/// A memo key for a [`Position`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum PositionKey {
    Sentence(Scope, bool),
    Body(Scope),
    Clause(Scope, Mood, bool),
}

impl<'a> Reader<'a> {
    pub fn new(set: &'a LangSet, ctx: &'a Context, grammar: &'a Grammar) -> Self {
        Reader {
            set,
            ctx,
            grammar,
            options: RenderOptions { style: grammar.style, channel: grammar.channel, ..RenderOptions::default() },
            steps: Cell::new(0),
            memo: RefCell::default(),
            frames: RefCell::default(),
            shown_names: OnceCell::new(),
        }
    }

    /// The sentence whose default rendering with the context is exactly `text`.
    pub fn read(&self, text: &str) -> Option<Sentence> {
        if text.is_empty() || text.len() > MAX_READ_BYTES || !self.could_be_canonical(text) {
            return None;
        }
        let scope = Composer::new(self.set, self.ctx, &self.options).top_scope();
        let candidates = self.sentence(text, scope, false);
        if self.exhausted() {
            return None;
        }
        // A top-level subject equal to the speaker reads like the omitted one: give the canonical form.
        candidates.iter().map(|s| self.canonical_top(s)).next()
    }

    /// A cheap first test for real talk: canonical text only has characters of the templates, the vocabulary,
    /// the names and the digits.
    fn could_be_canonical(&self, text: &str) -> bool {
        let known = |c: char| {
            self.grammar.chars.contains(&c) || c.is_ascii_digit() || self.ctx.names.iter().any(|(_, n)| n.contains(c))
        };
        // `cap` may have upper-cased a letter of a name or a word.
        text.chars().all(|c| known(c) || c.to_lowercase().all(known))
    }

    fn canonical_top(&self, sentence: &Sentence) -> Sentence {
        let mut sentence = canonicalized(sentence);
        if sentence.subject.is_some() && sentence.subject == self.ctx.speaker {
            sentence.subject = None;
        }
        sentence
    }

    fn exhausted(&self) -> bool {
        self.steps.get() > STEP_BUDGET
    }

    fn step(&self) -> bool {
        self.steps.set(self.steps.get() + 1);
        !self.exhausted()
    }

    /// Keeps the candidates that render as `text` at `at`, without duplicates.
    fn confirmed(&self, candidates: Vec<Sentence>, text: &str, at: Position) -> Vec<Sentence> {
        let mut kept: Vec<Sentence> = Vec::new();
        for candidate in candidates {
            if kept.len() >= MAX_CANDIDATES || kept.contains(&candidate) || !self.step() {
                continue;
            }
            let rendered = Composer::new(self.set, self.ctx, &self.options).render_at(&candidate, at);
            if rendered.is_ok_and(|r| r == text) {
                kept.push(candidate);
            }
        }
        kept
    }

    fn memoised(&self, key: PositionKey, text: &str, read: impl FnOnce() -> Vec<Sentence>) -> Rc<Vec<Sentence>> {
        if let Some(found) = self.memo.borrow().get(&key).and_then(|texts| texts.get(text)) {
            return found.clone();
        }
        let found = Rc::new(if self.step() { read() } else { Vec::new() });
        self.memo.borrow_mut().entry(key).or_default().insert(text.into(), found.clone());
        found
    }

    /// Matches a frame against `text`.
    fn matches<'t>(&self, parts: &[Part], text: &'t str) -> Vec<Holes<'t>> {
        let starts = match parts.first() {
            Some(Part::Literal(literal)) => text.starts_with(literal.as_str()),
            _ => true,
        };
        let ends = match parts.last() {
            Some(Part::Literal(literal)) => text.ends_with(literal.as_str()),
            _ => true,
        };
        if !starts || !ends {
            return Vec::new();
        }
        let texts = parts.iter().filter_map(|p| if let Part::Text(i, _) = p { Some(*i + 1) } else { None }).max();
        let mut holes: Holes<'t> = smallvec::smallvec![None; texts.unwrap_or(0)];
        let adjacent = parts.windows(2).any(|pair| matches!(pair, [Part::Text(..), Part::Text(..)]));
        let limit = if adjacent { MAX_ADJACENT_MATCHES } else { MAX_CANDIDATES };
        let quotes = may_quote(text);
        let mut found = Matches { all: Vec::new(), limit, quotes };
        self.match_from(parts, text, &mut holes, &mut found);
        found.all
    }

    fn match_from<'t>(&self, parts: &[Part], text: &'t str, holes: &mut Holes<'t>, found: &mut Matches<'t>) {
        if found.all.len() >= found.limit || !self.step() {
            return;
        }
        match parts.first() {
            None if text.is_empty() => found.all.push(holes.clone()),
            None => {}
            Some(Part::Literal(literal)) => {
                if let Some(rest) = text.strip_prefix(literal.as_str()) {
                    self.match_from(&parts[1..], rest, holes, found);
                }
            }
            Some(Part::Text(index, _)) => {
                let index = *index;
                // The splits come at growing positions: the quotes of each piece are checked from where the
                // last one ended, not from the start (per piece, that made a read quadratic in its text).
                let mut prefix = PrefixBalance::new(text);
                let mut try_split = |at: usize, holes: &mut Holes<'t>, found: &mut Matches<'t>| {
                    let piece = &text[..at];
                    let previous = holes[index];
                    if previous.is_some_and(|p| p != piece) || found.quotes && !prefix.balanced_to(at) {
                        return;
                    }
                    holes[index] = Some(piece);
                    self.match_from(&parts[1..], &text[at..], holes, found);
                    holes[index] = previous;
                };
                match parts.get(1) {
                    None => try_split(text.len(), holes, found),
                    Some(Part::Literal(next)) => {
                        // A text is never empty: the literal is searched from after its first character.
                        let mut from = text.chars().next().map_or(text.len() + 1, char::len_utf8);
                        while let Some(at) = text.get(from..).and_then(|rest| find(rest, next)) {
                            try_split(from + at, holes, found);
                            from += at + text[from + at..].chars().next().map_or(1, char::len_utf8);
                        }
                    }
                    Some(Part::Text(..)) => {
                        for (at, _) in text.char_indices().skip(1) {
                            try_split(at, holes, found);
                        }
                    }
                }
            }
        }
    }

    // ------------------------------------------------------------ positions

    /// Sentences rendering as `text` in sentence position (with the final mark).
    fn sentence(&self, text: &str, scope: Scope, quoted: bool) -> Rc<Vec<Sentence>> {
        self.memoised(PositionKey::Sentence(scope, quoted), text, || {
            let mut candidates = Vec::new();
            for body in self.bodies(text, quoted) {
                candidates.extend(self.body(&body, scope).iter().cloned());
            }
            self.confirmed(candidates, text, Position::Sentence { scope, quoted })
        })
    }

    /// Sentences rendering as `text` as a body (a sentence without its final mark).
    fn body(&self, text: &str, scope: Scope) -> Rc<Vec<Sentence>> {
        self.memoised(PositionKey::Body(scope), text, || {
            let mut candidates: Vec<Sentence> = self
                .clause(text, scope, Mood::Statement, false)
                .iter()
                .filter(|s| is_inline(s, scope.inherited))
                .cloned()
                .collect();
            candidates.extend(self.operators(text, scope));
            candidates.extend(self.asks(text, scope, Mood::Statement, false));
            candidates.extend(self.framed(text, scope));
            for content in [Content::Skip, Content::Over] {
                candidates.push(Sentence { subject: None, content });
            }
            self.confirmed(candidates, text, Position::Body { scope })
        })
    }

    /// An operator sentence with its own subject: `_frame` ("According to X, …"; a run of sentences: "X's view: A.
    /// B.").
    fn framed(&self, text: &str, scope: Scope) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        for kind in KINDS {
            // A framed run of sentences (「ケンジさんの考えはこうです：A。B。」).
            if let Some(parts) = self.frame(Spec::Frame {
                kind: Sym(kind),
                inline: false,
                run: true,
                held: false,
                mood: Mood::Statement,
            }) {
                for holes in self.matches(&parts, text) {
                    let Some(inner) = at(&holes, 1) else { continue };
                    for who in self.agents(kind, at(&holes, 0), scope, false) {
                        let inner_scope = Scope { inherited: Some(who), ..scope };
                        for run in self.conjunctions(inner, inner_scope) {
                            let run = Sentence { subject: Some(who), ..run };
                            if is_framed_run(&run, scope.inherited) {
                                candidates.push(run);
                            }
                        }
                    }
                }
            }
            let Some(parts) = self.frame(Spec::Frame {
                kind: Sym(kind),
                inline: false,
                run: false,
                held: false,
                mood: Mood::Statement,
            }) else {
                continue;
            };
            for holes in self.matches(&parts, text) {
                let Some(inner) = at(&holes, 1) else { continue };
                for who in self.agents(kind, at(&holes, 0), scope, false) {
                    if Some(who) == scope.inherited {
                        continue;
                    }
                    let inner_scope = Scope { inherited: Some(who), ..scope };
                    for mut sentence in self.operators(inner, inner_scope) {
                        sentence.subject = Some(who);
                        candidates.push(sentence);
                    }
                    // Plain clauses under the frame are joined.
                    for mut joined in self.joined(inner, inner_scope, Mood::Statement) {
                        joined.subject = Some(who);
                        candidates.push(joined);
                    }
                }
            }
        }
        candidates
    }

    /// Another's one-clause view under a clause frame (see `compose::framed_clause`).
    fn framed_clauses(&self, text: &str, scope: Scope, mood: Mood) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        self.views(text, scope, false, mood, |who, inner, inner_scope| {
            for sentence in self.clause(inner, inner_scope, mood, false).iter() {
                let sentence = Sentence { subject: Some(who), ..sentence.clone() };
                if framed_clause(&sentence, scope.inherited, mood) == Some(who) {
                    candidates.push(sentence);
                }
            }
        });
        candidates
    }

    /// Another's view said held in `mood` (see `compose::Composer::held_view`).
    fn held_views(&self, text: &str, scope: Scope, mood: Mood) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        self.views(text, scope, true, mood, |who, inner, inner_scope| {
            let views = self.clause(inner, inner_scope, Mood::Plain, false);
            let listed = self.alternatives(inner, inner_scope, Mood::Plain);
            let becauses = self.plain_becauses(inner, inner_scope, false);
            for view in views.iter().cloned().chain(listed).chain(becauses) {
                candidates.push(Sentence { subject: Some(who), ..view });
            }
        });
        candidates
    }

    /// Every match of a clause frame (`held` or not, in `mood`) of any kind: `found(holder, the view's text, its
    /// scope)`.
    fn views(&self, text: &str, scope: Scope, held: bool, mood: Mood, mut found: impl FnMut(Agent, &str, Scope)) {
        for (kind, parts) in self.tried().views(held, mood) {
            for holes in self.matches(parts, text) {
                let Some(inner) = at(&holes, 1) else { continue };
                for who in self.agents(kind, at(&holes, 0), scope, false) {
                    found(who, inner, Scope { inherited: Some(who), ..scope });
                }
            }
        }
    }

    /// BECAUSE, DAY of a whole sentence, NOT, AND, OR and XOR without a subject of their own.
    fn operators(&self, text: &str, scope: Scope) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        let bare = |content| Sentence { subject: None, content };
        // BECAUSE
        for &(count, run, groups, ref parts) in &self.tried().because {
            for holes in self.matches(parts, text) {
                let Some(conclusion) = at(&holes, count) else { continue };
                let reason_mood = reason_mood(&self.set.vocab, self.options.style);
                let Some(reasons) = self.reasons(&holes[..count], groups, scope, reason_mood) else { continue };
                let mut conclusions: Vec<Sentence> = Vec::new();
                if run {
                    // The run's first sentence is not capitalised after the reasons ("…, so vote Kenji.").
                    for conclusion in capitalised(conclusion) {
                        let runs = self.body(&conclusion, scope);
                        conclusions.extend(runs.iter().filter(|s| is_run_conclusion(s, scope.inherited)).cloned());
                    }
                } else {
                    conclusions.extend(self.clause(conclusion, scope, Mood::Statement, false).iter().cloned());
                    conclusions.extend(self.body(conclusion, scope).iter().cloned());
                }
                candidates.extend(because_pairs(&reasons, &conclusions));
            }
        }
        // DAY n: “…” (or DAY of a clause, when the DAY has a subject of its own and so is not inline)
        for inline in [false, true] {
            for frame in self.day_frames(Mood::Statement, false, inline, true) {
                let DayFrame { relative, mood, ref parts, .. } = *frame;
                for holes in self.matches(parts, text) {
                    let Some(operand) = at(&holes, 1) else { continue };
                    let Some(day) = self.day_of(relative, at(&holes, 0)) else { continue };
                    let operands: Vec<Sentence> = if inline {
                        self.operand_moods(day, mood)
                            .flat_map(|mood| self.clause(operand, scope, mood, false).to_vec())
                            .collect()
                    } else {
                        self.sentence(operand, scope, true).to_vec()
                    };
                    for sentence in operands {
                        candidates.push(bare(Content::Day { day, sentence: Box::new(sentence) }));
                    }
                }
            }
        }
        // NOT
        for operand in self.clause(text, scope, Mood::Statement, true).iter() {
            candidates.push(bare(Content::Not { sentence: Box::new(operand.clone()) }));
        }
        candidates.extend(self.conjunctions(text, scope));
        candidates.extend(self.merged(text, scope, Mood::Statement));
        candidates.extend(self.alternatives(text, scope, Mood::Statement));
        candidates
    }

    /// OR, XOR without a subject of their own, listed in `mood`: every operand a plain clause, listed by the
    /// template.
    fn alternatives(&self, text: &str, scope: Scope, mood: Mood) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        for &(keyword, count, ref parts) in self.tried().alternatives(mood) {
            for holes in self.matches(parts, text) {
                let mut combinations: Vec<Vec<Sentence>> = vec![Vec::new()];
                for piece in holes.iter().take(count) {
                    let Some(piece) = piece else { break };
                    let operands = self.clause(piece, scope, Mood::Plain, false);
                    combinations = extended(combinations, &operands);
                }
                for operands in combinations.into_iter().filter(|c| c.len() == count) {
                    let content = match keyword {
                        Keyword::Xor => {
                            let mut operands = operands.into_iter();
                            let (Some(left), Some(right)) = (operands.next(), operands.next()) else { continue };
                            Content::Xor { left: Box::new(left), right: Box::new(right) }
                        }
                        _ => Content::Or { sentences: operands },
                    };
                    candidates.push(Sentence { subject: None, content });
                }
            }
        }
        candidates
    }

    /// A BECAUSE asked about, its conclusion one clause in question form (see `compose::Composer::because_in`).
    fn asked_because(&self, text: &str, scope: Scope) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        for &(count, run, groups, ref parts) in &self.tried().because {
            if run {
                continue;
            }
            for holes in self.matches(parts, text) {
                let Some(conclusion) = at(&holes, count) else { continue };
                let reason_mood = reason_mood(&self.set.vocab, self.options.style);
                let Some(reasons) = self.reasons(&holes[..count], groups, scope, reason_mood) else { continue };
                let conclusions: Vec<Sentence> = (self.clause(conclusion, scope, Mood::Question, false).iter())
                    .filter(|s| is_inline(s, scope.inherited))
                    .cloned()
                    .collect();
                candidates.extend(because_pairs(&reasons, &conclusions));
            }
        }
        candidates
    }

    /// A BECAUSE of plain clauses in plain form, held by a view or (`denied`) for a NOT to deny (see
    /// `compose::Composer::plain_because`).
    fn plain_becauses(&self, text: &str, scope: Scope, denied: bool) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        for &(count, groups, ref parts) in self.tried().plain_because(denied) {
            for holes in self.matches(parts, text) {
                let Some(conclusion) = at(&holes, count) else { continue };
                let Some(reasons) = self.reasons(&holes[..count], groups, scope, Mood::Plain) else { continue };
                let conclusions = self.clause(conclusion, scope, Mood::Plain, false);
                candidates.extend(because_pairs(&reasons, &conclusions));
            }
        }
        candidates
    }

    /// An AND of plain clauses said as one clause (see `compose::is_joined_and`), in `mood`.
    fn joined(&self, text: &str, scope: Scope, mood: Mood) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        for &(count, ref parts) in self.tried().joined(mood) {
            // Each joint is a literal of the frame: a text with too few of them cannot match this frame or a
            // longer one.
            if !has_literals(parts, text) {
                break;
            }
            for holes in self.matches(parts, text) {
                let mut combinations: Vec<Vec<Sentence>> = vec![Vec::new()];
                for piece in holes.iter().take(count) {
                    let Some(piece) = piece else { break };
                    let operands: Vec<Sentence> = self
                        .clause(piece, scope, mood, false)
                        .iter()
                        .filter(|s| is_inline(s, scope.inherited))
                        .cloned()
                        .collect();
                    combinations = extended(combinations, &operands);
                    if combinations.is_empty() {
                        break;
                    }
                }
                for operands in combinations.into_iter().filter(|c| c.len() == count) {
                    candidates.push(Sentence { subject: None, content: Content::And { sentences: operands } });
                }
            }
        }
        candidates
    }

    /// OR / XOR of one verb said once over a list of roles or targets (see `compose::mergeable`): a verb frame
    /// in `mood` whose role or target slot holds the list.
    fn merged(&self, text: &str, scope: Scope, mood: Mood) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        // One clause: never a quote, a question or a run of sentences.
        if text.contains(['「', '“', '。', '？', '?']) || text.contains(". ") {
            return candidates;
        }
        let Some(frames) = self.grammar.verbs.get(&(mood, false)) else { return candidates };
        let mut lists = Vec::new();
        for (keyword, count, list) in &self.tried().words {
            // Cheap tests first: every word of the list frame is in the text, and an item (a name or a role)
            // ends right before the last one.
            let last_joint = list.iter().rev().find_map(|part| match part {
                Part::Literal(literal) => Some(literal.as_str()),
                Part::Text(..) => None,
            });
            // An AND lists named agents only, so a name follows its last joint too ("…, and you got…" is no list).
            let named_after = |joint: &str| *keyword != Keyword::And || self.name_after(text, joint);
            if list.iter().all(|part| !matches!(part, Part::Literal(l) if find(text, l).is_none()))
                && last_joint.is_none_or(|joint| self.item_before(text, joint) && named_after(joint))
            {
                lists.push((*keyword, *count, list));
            }
        }
        if lists.is_empty() {
            return candidates;
        }
        for frame in frames.ending(text) {
            if !frame.shapes.iter().any(|shape| merges(shape.keyword)) {
                continue;
            }
            for holes in self.matches(&frame.parts, text) {
                for shape in frame.shapes.iter().filter(|shape| merges(shape.keyword)) {
                    for (keyword, count, list) in &lists {
                        self.merged_shape(shape, &holes, list, *count, *keyword, scope, &mut candidates);
                    }
                }
            }
        }
        candidates
    }

    #[allow(clippy::too_many_arguments)]
    fn merged_shape(
        &self,
        shape: &VerbShape,
        holes: &Holes<'_>,
        list: &[Part],
        count: usize,
        keyword: Keyword,
        scope: Scope,
        into: &mut Vec<Sentence>,
    ) {
        let target = [shape.holes.target, shape.holes.target_nom];
        let subject = Some(shape.holes.subj);
        let slots = match shape.keyword {
            // An AND lists targets or subjects, never roles (see `compose::mergeable`).
            _ if keyword == Keyword::And && takes_target_list(shape.keyword) => [subject, target[0], target[1]],
            _ if keyword == Keyword::And => [subject, None, None],
            Keyword::Estimate => [shape.holes.noun, target[0], target[1]],
            keyword if takes_target_list(keyword) => [target[0], target[1], None],
            _ => return,
        };
        for slot in slots.into_iter().flatten() {
            let Some(piece) = holes.get(slot).copied().flatten() else { continue };
            for items in self.matches(list, piece) {
                let mut combinations: Vec<Vec<Sentence>> = vec![Vec::new()];
                for item in items.iter().take(count) {
                    let Some(item) = item else { break };
                    let mut one = holes.clone();
                    one[slot] = Some(item);
                    // The target may be spliced twice (as object and as that-clause subject).
                    if target.contains(&Some(slot)) {
                        for other in target.into_iter().flatten() {
                            if one.get(other).copied().flatten() == Some(piece) {
                                one[other] = Some(item);
                            }
                        }
                    }
                    let mut found = Vec::new();
                    self.verb_candidates(shape, &one, scope, &mut found);
                    if Some(slot) == subject {
                        // Each listed agent is that clause's written subject (and its own object, when reflexive).
                        found.retain(|s| s.subject.is_some() && (!shape.same || s.content.target() == s.subject));
                    }
                    combinations = extended(combinations, &found);
                }
                for operands in combinations.into_iter().filter(|c| c.len() == count) {
                    let content = match keyword {
                        Keyword::Xor => {
                            let mut operands = operands.into_iter();
                            let (Some(left), Some(right)) = (operands.next(), operands.next()) else { continue };
                            Content::Xor { left: Box::new(left), right: Box::new(right) }
                        }
                        Keyword::And => Content::And { sentences: operands },
                        _ => Content::Or { sentences: operands },
                    };
                    into.push(Sentence { subject: None, content });
                }
            }
        }
    }

    /// The reasons of a BECAUSE: one clause, or an AND listing reason items (plain clauses, or groups of them
    /// when the frame's joints allow one: `groups`).
    fn reasons(&self, pieces: &[Option<&str>], groups: Groups, scope: Scope, mood: Mood) -> Option<Vec<Sentence>> {
        if let [Some(piece)] = pieces {
            let mut reasons = self.clause(piece, scope, mood, false).to_vec();
            let listed = self.alternatives(piece, scope, Mood::Statement).into_iter();
            reasons.extend(listed.filter(|reason| is_listed_alternatives(reason, scope.inherited)));
            return (!reasons.is_empty()).then_some(reasons);
        }
        let item = |s: &Sentence| {
            if groups == Groups::No { is_inline(s, scope.inherited) } else { is_reason_item(s, scope.inherited) }
        };
        let mut combinations: Vec<Vec<Sentence>> = vec![Vec::new()];
        for piece in pieces {
            let operands = self.clause((*piece)?, scope, mood, false);
            let operands: Vec<Sentence> = operands.iter().filter(|s| item(s)).cloned().collect();
            combinations = extended(combinations, &operands);
        }
        let reasons: Vec<Sentence> = combinations
            .into_iter()
            .filter(|sentences| match groups {
                Groups::No => !has_group(sentences),
                Groups::Yes => has_group(sentences),
                Groups::Either => true,
            })
            .map(|sentences| Sentence { subject: None, content: Content::And { sentences } })
            .collect();
        (!reasons.is_empty()).then_some(reasons)
    }

    /// AND: a run of whole sentences, joined by the template's separator. The text is cut only where a sentence
    /// can end (after a final mark or a closing quote, outside quotes, before the separator); every grouping of
    /// those cuts is tried.
    fn conjunctions(&self, text: &str, scope: Scope) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        let Some(parts) = &self.tried().and else { return candidates };
        let separator = match parts.get(1) {
            Some(Part::Literal(literal)) => literal.as_str(),
            _ => "",
        };
        let cuts = sentence_ends(text, separator);
        if cuts.is_empty() || cuts.len() > MAX_AND_CUTS {
            return candidates;
        }
        for chosen in 1..(1u32 << cuts.len()) {
            if chosen.count_ones() as usize >= MAX_OPERANDS {
                continue;
            }
            let mut pieces = Vec::new();
            let mut start = 0;
            for (i, &cut) in cuts.iter().enumerate() {
                if chosen & (1 << i) != 0 {
                    pieces.push(&text[start..cut]);
                    start = cut + separator.len();
                }
            }
            pieces.push(&text[start..]);
            let mut combinations: Vec<Vec<Sentence>> = vec![Vec::new()];
            for piece in pieces {
                let operands = self.conjunct(piece, scope);
                combinations = extended(combinations, &operands);
                if combinations.is_empty() {
                    break;
                }
            }
            for operands in combinations {
                candidates.push(Sentence { subject: None, content: Content::And { sentences: operands } });
            }
        }
        candidates
    }

    /// One operand of an AND: a whole sentence, or a nested AND (or a BECAUSE whose conclusion runs on) said as
    /// a clause and punctuated.
    fn conjunct(&self, text: &str, scope: Scope) -> Vec<Sentence> {
        let mut operands: Vec<Sentence> = self.sentence(text, scope, false).to_vec();
        for body in self.bodies(text, false) {
            let nested = self.clause(&body, scope, Mood::Statement, false);
            operands.extend(
                nested
                    .iter()
                    .filter(|s| {
                        is_unframed_and(s, scope.inherited)
                            || is_because_run(s, scope.inherited)
                            || is_framed_run(s, scope.inherited)
                    })
                    .cloned(),
            );
        }
        operands
    }

    /// The bodies `text` can be in sentence position: `text` without its final mark, as `_sentence` writes it.
    fn bodies(&self, text: &str, quoted: bool) -> Vec<String> {
        let mut bodies = Vec::new();
        // The final mark is at most a character or two; the frame depends on the body's last character.
        let ends: Vec<usize> = text.char_indices().rev().take(3).map(|(at, _)| at).chain([text.len()]).collect();
        for end in ends.into_iter().filter(|&end| end > 0) {
            let Some(last) = text[..end].chars().next_back() else { continue };
            for question in [false, true] {
                let Some(parts) = self.frame(Spec::Sentence { quoted, question, end: last }) else { continue };
                for holes in self.matches(&parts, text) {
                    let Some(body) = at(&holes, 0) else { continue };
                    for body in uncapitalised(body, 0, &parts) {
                        if !bodies.contains(&body) {
                            bodies.push(body);
                        }
                    }
                }
            }
        }
        bodies
    }

    /// REQUEST and INQUIRE, with or without a subject of their own, said as a sentence (`said`: statement), or only
    /// those with a subject of their own (`reported`) as a clause in `said` (see `compose::Composer::ask`).
    fn asks(&self, text: &str, scope: Scope, said: Mood, reported: bool) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        for frame in self.tried().asks.iter().filter(|frame| frame.said == said && (frame.framed || !reported)) {
            let AskFrame { keyword, to_kind, framed, from_kind, act, ref parts, .. } = *frame;
            for holes in self.matches(parts, text) {
                let Some(clause) = at(&holes, 2) else { continue };
                let subjects: Vec<Option<Agent>> = if framed {
                    self.agents(from_kind, at(&holes, 1), scope, true).into_iter().map(Some).collect()
                } else {
                    vec![None]
                };
                let to_scope = Scope { you: None, ..scope };
                for target in self.agents(to_kind, at(&holes, 0), to_scope, false) {
                    let mood = match keyword {
                        Keyword::Inquire => Mood::Question,
                        _ if target == Agent::Any && act.is_empty() => Mood::Suggest,
                        _ => Mood::Request,
                    };
                    let inner = Scope { inherited: Some(target), you: Some(target) };
                    let operands: Vec<Sentence> = uncapitalised(clause, 2, parts)
                        .iter()
                        .flat_map(|clause| self.clause(clause, inner, mood, false).to_vec())
                        .collect();
                    for operand in &operands {
                        for subject in &subjects {
                            let operand = Box::new(operand.clone());
                            let content = match keyword {
                                Keyword::Inquire => Content::Inquire { target, sentence: operand },
                                _ => Content::Request { target, sentence: operand },
                            };
                            candidates.push(Sentence { subject: *subject, content });
                        }
                    }
                }
            }
        }
        candidates
    }

    /// Sentences rendering as `text` as a clause in `mood` (negated if `negated`).
    fn clause(&self, text: &str, scope: Scope, mood: Mood, negated: bool) -> Rc<Vec<Sentence>> {
        self.memoised(PositionKey::Clause(scope, mood, negated), text, || {
            let mut candidates = self.quoted(text, scope, mood, negated);
            if !negated {
                candidates.extend(self.joined(text, scope, mood));
                candidates.extend(self.merged(text, scope, mood));
                for operand in self.verbs(text, scope, mood, true).into_iter().chain(self.denied(text, scope, mood)) {
                    candidates.push(Sentence { subject: None, content: Content::Not { sentence: Box::new(operand) } });
                }
                for frame in self.day_frames(mood, false, true, false) {
                    let DayFrame { relative, mood: operand_mood, by, ref parts } = *frame;
                    for holes in self.matches(parts, text) {
                        let Some(clause) = at(&holes, 1) else { continue };
                        let Some(day) = self.day_of(relative, at(&holes, 0)) else { continue };
                        // Another's result names its holder in the frame (「ミナトさんの1日目の占い結果では、…」).
                        let holders: Vec<Option<Agent>> = if by {
                            self.agents("agent", at(&holes, 2), scope, false).into_iter().map(Some).collect()
                        } else {
                            vec![None]
                        };
                        for operand_mood in self.operand_moods(day, operand_mood) {
                            for operand in self.clause(clause, scope, operand_mood, false).iter() {
                                for &holder in &holders {
                                    let operand = Sentence { subject: holder.or(operand.subject), ..operand.clone() };
                                    let content = Content::Day { day, sentence: Box::new(operand) };
                                    candidates.push(Sentence { subject: None, content });
                                }
                            }
                        }
                    }
                }
            }
            candidates.extend(self.verbs(text, scope, mood, negated));
            if !negated {
                if mood == Mood::Question {
                    candidates.extend(self.asked_because(text, scope));
                    candidates.extend(self.alternatives(text, scope, mood));
                }
                // Another's view or ask is a clause only where a statement-like clause or a question is wanted.
                if matches!(mood, Mood::Statement | Mood::Plain | Mood::Question) {
                    candidates.extend(self.framed_clauses(text, scope, mood));
                    if mood != Mood::Plain {
                        candidates.extend(self.held_views(text, scope, mood));
                    }
                    let reported = self.asks(text, scope, mood, true).into_iter();
                    candidates.extend(reported.filter(|s| written_subject(s, scope.inherited).is_some()));
                }
                for content in [Content::Skip, Content::Over] {
                    let turn = Sentence { subject: None, content };
                    if is_asked_turn(&turn, mood) {
                        candidates.push(turn);
                    }
                }
            }
            self.confirmed(candidates, text, Position::Clause { scope, mood, negated })
        })
    }

    /// A clause or a list denied whole, unquoted (see `compose::Composer::denied_as_clause`): the operands it may
    /// deny.
    fn denied(&self, text: &str, scope: Scope, mood: Mood) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        // The confirmation keeps only what the composer denies this way.
        for (act, clause) in self.plain_clauses(text, scope, mood, true) {
            if act == PLAIN_LIST {
                candidates.extend(self.alternatives(clause, scope, Mood::Plain));
                candidates.extend(self.joined(clause, scope, Mood::Plain));
            } else {
                candidates.extend(self.clause(clause, scope, Mood::Plain, false).iter().cloned());
                candidates.extend(self.held_views(clause, scope, Mood::Plain));
                candidates.extend(self.plain_becauses(clause, scope, true));
            }
        }
        candidates
    }

    /// A compound asked for in plain form, unquoted (see `compose::Composer::ensured`).
    fn ensured(&self, text: &str, scope: Scope, mood: Mood) -> Vec<Sentence> {
        let mut candidates = Vec::new();
        // The confirmation keeps only what the composer asks for this way.
        for (act, clause) in self.plain_clauses(text, scope, mood, false) {
            if act == PLAIN_LIST {
                candidates.extend(self.alternatives(clause, scope, Mood::Plain));
            } else {
                candidates.extend(self.held_views(clause, scope, Mood::Plain));
                candidates.extend(self.plain_becauses(clause, scope, false));
                let reported = self.asks(clause, scope, Mood::Plain, true).into_iter();
                candidates.extend(reported.filter(|s| written_subject(s, scope.inherited).is_some()));
                for operand in self.denied(clause, scope, Mood::Plain) {
                    candidates.push(Sentence { subject: None, content: Content::Not { sentence: Box::new(operand) } });
                }
            }
        }
        candidates
    }

    /// The plain clauses (with the frame's act) that the NOT (`negated`) or `_quoted` frames of `mood` say whole
    /// in `text`.
    fn plain_clauses<'t>(
        &self,
        text: &'t str,
        scope: Scope,
        mood: Mood,
        negated: bool,
    ) -> Vec<(&'static str, &'t str)> {
        let subj_kind = self.kind_of(scope.inherited, scope, true);
        let frames = self.tried().quoted(mood, negated, subj_kind).iter().filter(|(act, _)| is_plain(act));
        frames
            .flat_map(|(act, parts)| {
                self.matches(parts, text).into_iter().filter_map(|holes| Some((*act, at(&holes, 0)?)))
            })
            .collect()
    }

    /// A sentence quoted whole as a clause (`_quoted`, or `NOT` when negated).
    fn quoted(&self, text: &str, scope: Scope, mood: Mood, negated: bool) -> Vec<Sentence> {
        let mut candidates = if negated {
            self.denied(text, scope, mood)
        } else if matches!(mood, Mood::Request | Mood::Suggest) {
            self.ensured(text, scope, mood)
        } else {
            Vec::new()
        };
        let subj_kind = self.kind_of(scope.inherited, scope, true);
        // A clause denied whole is read by `denied`, one asked for by `ensured`.
        let frames = self.tried().quoted(mood, negated, subj_kind).iter().filter(|(act, _)| !is_plain(act));
        for (_, parts) in frames {
            for holes in self.matches(parts, text) {
                let Some(quoted) = at(&holes, 0) else { continue };
                for sentence in self.sentence(quoted, scope, true).iter() {
                    if !is_inline(sentence, scope.inherited) || negated && !is_verb(sentence) {
                        candidates.push(sentence.clone());
                    }
                }
            }
        }
        candidates
    }

    /// The moods a DAY operand is read in: a day before today also states its intentions as past plans (see
    /// `compose::day_mood`; the confirmation drops whatever the wrong mood reads).
    fn operand_moods(&self, day: u32, mood: Mood) -> impl Iterator<Item = Mood> {
        let past = match mood {
            Mood::Statement => Some(Mood::Past),
            Mood::Plain => Some(Mood::PlainPast),
            _ => None,
        };
        let past = past.filter(|_| self.ctx.day.is_some_and(|today| day < today));
        std::iter::once(mood).chain(past)
    }

    /// DAY frames in `mood` for each relative word and, for an inline statement in sentence position
    /// (`results`), each kind of result (see `compose::day_result`): (relative, the operand's mood, parts); texts are 0 the day, 1 the clause or the
    /// quoted sentence.
    fn day_frames(&self, mood: Mood, negated: bool, inline: bool, results: bool) -> &[DayFrame] {
        self.tried().days(mood, negated, inline, results, self.ctx.day.is_some())
    }

    /// The frames tried at every position, built on the first read of this grammar.
    fn tried(&self) -> &Tried {
        self.grammar.tried.get_or_init(|| Tried::build(self.set, self.grammar.style, self.grammar.channel))
    }

    /// The parts of a frame, from this reader's cache, else the language's.
    fn frame(&self, spec: Spec) -> Option<Arc<[Part]>> {
        if let Some(found) = self.frames.borrow().get(&spec) {
            return found.clone();
        }
        let parts = self.shared_frame(spec);
        self.frames.borrow_mut().insert(spec, parts.clone());
        parts
    }

    fn shared_frame(&self, spec: Spec) -> Option<Arc<[Part]>> {
        let cache = &self.grammar.frames;
        if let Some(found) = cache.read().ok()?.get(&spec) {
            return found.clone();
        }
        let parts = spec.parts(self.set, self.grammar.style, self.grammar.channel);
        let mut cache = cache.write().ok()?;
        if cache.len() >= MAX_CACHED_FRAMES {
            cache.clear();
        }
        cache.insert(spec, parts.clone());
        parts
    }

    fn day_of(&self, relative: &str, digits: Option<&str>) -> Option<u32> {
        match (relative, self.ctx.day) {
            ("today", Some(today)) => Some(today),
            ("yesterday", Some(today)) => today.checked_sub(1),
            ("tomorrow", Some(today)) => today.checked_add(1),
            _ => number(digits?),
        }
    }

    /// Verb clauses: every verb frame of (mood, negated) matched, its slots mapped back.
    fn verbs(&self, text: &str, scope: Scope, mood: Mood, negated: bool) -> Vec<Sentence> {
        // Candidates are capped per verb: verbs sharing a frame (DIVINED and IDENTIFIED after a DAY that names the
        // result) must each get their readings.
        let mut per_verb: Vec<Vec<Sentence>> = vec![Vec::new(); VERBS.len()];
        let Some(frames) = self.grammar.verbs.get(&(mood, negated)) else { return Vec::new() };
        for frame in frames.ending(text) {
            // `ending` checked the last literal.
            if matches!(frame.parts.first(), Some(Part::Literal(literal)) if !text.starts_with(literal.as_str())) {
                continue;
            }
            for holes in self.matches(&frame.parts, text) {
                for shape in &frame.shapes {
                    let verb = VERBS.iter().position(|k| *k == shape.keyword).unwrap_or(0);
                    self.verb_candidates(shape, &holes, scope, &mut per_verb[verb]);
                }
            }
        }
        per_verb.into_iter().flatten().collect()
    }

    fn verb_candidates(&self, frame: &VerbShape, holes: &Holes<'_>, scope: Scope, into: &mut Vec<Sentence>) {
        let slot = |index: Option<usize>| index.and_then(|i| holes.get(i).copied().flatten());
        // The subject as written: omitted, or an agent different from the one it would inherit.
        let mut subjects = vec![None];
        let written_scope = if frame.subj_kind == "any" { Scope { you: None, ..scope } } else { scope };
        for agent in self.agents(frame.subj_kind, slot(Some(frame.holes.subj)), written_scope, true) {
            if Some(agent) != scope.inherited {
                subjects.push(Some(agent));
            }
        }
        let mut targets: Vec<Agent> = Vec::new();
        if frame.holes.target.is_some() {
            targets.extend(self.agents(frame.target_kind, slot(frame.holes.target), scope, false));
            targets.extend(self.agents(frame.target_kind, slot(frame.holes.target_nom), scope, true));
            if frame.same {
                let resolved = subjects.iter().filter_map(|s| s.or(scope.inherited).or(self.ctx.speaker));
                targets.extend(resolved.collect::<Vec<_>>());
            }
            targets.dedup();
        }
        let noun = slot(frame.holes.noun);
        let tag = slot(frame.holes.tag);
        let contents: Vec<Content> = match frame.keyword {
            Keyword::Estimate | Keyword::Comingout => {
                let word = noun.map(|word| self.role_of(word)).or_else(|| tag.map(|tag| self.role_tagged(tag)));
                let roles: Vec<Role> = match word {
                    _ if frame.villager => Role::ALL.iter().copied().filter(|r| r.keyword() == "VILLAGER").collect(),
                    Some(Some(role)) => vec![role],
                    Some(None) => return,
                    None if frame.flag => Role::ALL.iter().copied().filter(|r| r.keyword() == "ANY").collect(),
                    None => Role::ALL.to_vec(),
                };
                let mut contents = Vec::new();
                for &target in &targets {
                    for &role in &roles {
                        contents.push(Content::with_role(frame.keyword, target, role));
                    }
                }
                contents.into_iter().flatten().collect()
            }
            Keyword::Divined | Keyword::Identified => {
                let word = noun.map(|word| self.species_of(word)).or_else(|| tag.map(|tag| self.species_tagged(tag)));
                let species: Vec<Species> = match word {
                    Some(Some(species)) => vec![species],
                    Some(None) => return,
                    None if frame.flag => Species::ALL.iter().copied().filter(|s| s.keyword() == "ANY").collect(),
                    None => Species::ALL.to_vec(),
                };
                let mut contents = Vec::new();
                for &target in &targets {
                    for &s in &species {
                        contents.push(Content::with_species(frame.keyword, target, s));
                    }
                }
                contents.into_iter().flatten().collect()
            }
            Keyword::Agree | Keyword::Disagree => {
                let kind = if frame.flag { "WHISPER" } else { "TALK" };
                let kind = TalkKind::ALL.iter().copied().find(|k| k.keyword() == kind);
                let (Some(kind), Some(day), Some(id)) =
                    (kind, slot(frame.holes.day).and_then(number), slot(frame.holes.id).and_then(number))
                else {
                    return;
                };
                Content::with_talk(frame.keyword, TalkRef { kind, day, id }).into_iter().collect()
            }
            keyword => targets.iter().filter_map(|&target| Content::with_target(keyword, target)).collect(),
        };
        for content in contents {
            for subject in &subjects {
                if into.len() < MAX_VERB_CANDIDATES {
                    into.push(Sentence { subject: *subject, content: content.clone() });
                }
            }
        }
    }

    // ------------------------------------------------------------ words

    /// The kind the composer gives `agent` at `scope` (`subject`: as a subject).
    fn kind_of(&self, agent: Option<Agent>, scope: Scope, subject: bool) -> &'static str {
        match agent {
            None => "me",
            Some(a) if Some(a) == self.ctx.speaker => "me",
            Some(a) if Some(a) == scope.you && (subject || a != Agent::Any) => "you",
            Some(Agent::Any) => "any",
            Some(_) => "agent",
        }
    }

    /// The agents an agent slot of `kind` showing `word` can stand for.
    fn agents(&self, kind: &str, word: Option<&str>, scope: Scope, subject: bool) -> Vec<Agent> {
        let agents: Vec<Agent> = match kind {
            "me" => self.ctx.speaker.into_iter().collect(),
            "you" => scope.you.into_iter().collect(),
            "any" => vec![Agent::Any],
            _ => word.map(|word| self.named(word)).unwrap_or_default(),
        };
        agents.into_iter().filter(|a| self.kind_of(Some(*a), scope, subject) == kind).collect()
    }

    /// Agents whose name (with the honorific) is `word`; `Agent[NN]` for agents the table does not name.
    fn named(&self, word: &str) -> Vec<Agent> {
        let honorific = honorific(&self.set.vocab, &self.options);
        let Some(name) = word.strip_suffix(honorific) else { return Vec::new() };
        let mut agents: Vec<Agent> =
            self.shown_names().iter().filter(|(shown, _)| shown == name).map(|(_, agent)| *agent).collect();
        if let Ok(agent @ Agent::Id(_)) = name.parse::<Agent>()
            && self.ctx.names.display_name(agent).is_none()
        {
            agents.push(agent);
        }
        agents
    }

    /// Each named agent's name as this language shows it, agents in order (built on first use).
    fn shown_names(&self) -> &[(String, Agent)] {
        self.shown_names.get_or_init(|| {
            let mut shown: Vec<(String, Agent)> = Vec::new();
            for (agent, _) in self.ctx.names.iter() {
                if let Some(name) = self.set.lang.name_of(&self.ctx.names, agent)
                    && !shown.iter().any(|(_, a)| *a == agent)
                {
                    shown.push((name.to_owned(), agent));
                }
            }
            shown
        })
    }

    /// Whether `joint` occurs in `text` right after a list item: a name (as shown, or `Agent[NN]`) or a role.
    fn item_before(&self, text: &str, joint: &str) -> bool {
        let honorific = honorific(&self.set.vocab, &self.options);
        text.match_indices(joint).any(|(at, _)| {
            let before = &text[..at];
            // Roles merge only when named (an ANY role is never listed).
            let role =
                Role::ALL.iter().any(|role| role.keyword() != "ANY" && before.ends_with(self.set.vocab.role(*role)));
            let Some(named) = before.strip_suffix(honorific) else { return role };
            role || named.ends_with(']') || self.shown_names().iter().any(|(name, _)| named.ends_with(name.as_str()))
        })
    }

    /// Whether a name starts right after some occurrence of `joint` in `text`.
    fn name_after(&self, text: &str, joint: &str) -> bool {
        text.match_indices(joint).any(|(at, _)| {
            let after = &text[at + joint.len()..];
            after.starts_with("Agent[") || self.shown_names().iter().any(|(name, _)| after.starts_with(name.as_str()))
        })
    }

    fn role_of(&self, word: &str) -> Option<Role> {
        Role::ALL.iter().copied().find(|r| self.set.vocab.role(*r) == word)
    }

    fn species_of(&self, word: &str) -> Option<Species> {
        Species::ALL.iter().copied().find(|s| self.set.vocab.species(*s) == word)
    }

    fn role_tagged(&self, tag: &str) -> Option<Role> {
        Role::ALL.iter().copied().find(|r| self.set.vocab.role_tag(*r) == tag)
    }

    fn species_tagged(&self, tag: &str) -> Option<Species> {
        Species::ALL.iter().copied().find(|s| self.set.vocab.species_tag(*s) == tag)
    }
}

/// Verbs said once over a list: an OR/XOR or AND of targets, an AND of subjects (see `compose::mergeable`).
/// Every BECAUSE (without a subject of its own) of one of `reasons` and one of `conclusions`.
fn because_pairs<'s>(reasons: &'s [Sentence], conclusions: &'s [Sentence]) -> impl Iterator<Item = Sentence> + 's {
    reasons.iter().flat_map(move |reason| {
        conclusions.iter().map(move |conclusion| Sentence {
            subject: None,
            content: Content::Because { reason: Box::new(reason.clone()), conclusion: Box::new(conclusion.clone()) },
        })
    })
}

/// Whether a NOT or `_quoted` frame's act says a clause or a list in plain form, unquoted (read by
/// `Reader::denied` and `Reader::ensured`).
fn is_plain(act: &str) -> bool {
    act == PLAIN_CLAUSE || act == PLAIN_LIST
}

fn merges(keyword: Keyword) -> bool {
    takes_target_list(keyword)
        || matches!(keyword, Keyword::Comingout | Keyword::Divined | Keyword::Identified | Keyword::Attacked)
}

/// Verbs said once over a list of targets (see `compose::mergeable`).
fn takes_target_list(keyword: Keyword) -> bool {
    matches!(
        keyword,
        Keyword::Estimate
            | Keyword::Vote
            | Keyword::Divination
            | Keyword::Guard
            | Keyword::Attack
            | Keyword::Voted
            | Keyword::Guarded
    )
}

/// Where `needle` first occurs in `haystack` (short texts: cheaper than building a two-way searcher). Anchored
/// on the needle's last two bytes, which vary more than the lead byte of Japanese characters, so the full
/// comparison runs almost only where the needle is.
/// Whether `text` holds every literal of `parts` as many times as the frame does.
fn has_literals(parts: &[Part], text: &str) -> bool {
    parts.iter().enumerate().all(|(i, part)| match part {
        Part::Literal(literal) if !parts[..i].contains(part) => {
            let needed = parts.iter().filter(|other| *other == part).count();
            text.matches(literal.as_str()).take(needed).count() == needed
        }
        _ => true,
    })
}

fn find(haystack: &str, needle: &str) -> Option<usize> {
    let (bytes, needle) = (haystack.as_bytes(), needle.as_bytes());
    let last = *needle.last()?;
    let n = needle.len();
    if bytes.len() < n {
        return None;
    }
    let before_last = n.checked_sub(2).map(|at| needle[at]);
    (n - 1..bytes.len())
        .find(|&end| {
            bytes[end] == last
                && before_last.is_none_or(|byte| bytes[end - 1] == byte)
                && bytes[end + 1 - n..=end] == *needle
        })
        .map(|end| end + 1 - n)
}

/// Every prefix followed by every operand (at most [`MAX_CANDIDATES`] combinations).
fn extended(prefixes: Vec<Vec<Sentence>>, operands: &[Sentence]) -> Vec<Vec<Sentence>> {
    prefixes
        .into_iter()
        .flat_map(|prefix| {
            operands.iter().map(move |operand| {
                let mut next = prefix.clone();
                next.push(operand.clone());
                next
            })
        })
        .take(MAX_CANDIDATES)
        .collect()
}

/// Where a sentence of a run can end in `text`: after a final mark or a closing quote at quote depth 0, where the
/// separator follows (and something after it).
fn sentence_ends(text: &str, separator: &str) -> Vec<usize> {
    let mut depth = 0usize;
    let mut cuts = Vec::new();
    for (at, c) in text.char_indices() {
        match c {
            '「' | '“' => depth += 1,
            '」' | '”' => depth = depth.saturating_sub(1),
            _ => {}
        }
        let end = at + c.len_utf8();
        let mark = matches!(c, '。' | '？' | '.' | '?' | '」' | '”');
        if depth == 0
            && mark
            && end < text.len()
            && text[end..].starts_with(separator)
            && end + separator.len() < text.len()
        {
            cuts.push(end);
        }
    }
    cuts
}

/// Whether `text` may hold a quote (「」“”): false when no byte of it can end one. Pieces of a text without
/// quotes are balanced, so only texts that may have some need each piece scanned; this byte test is far cheaper
/// than decoding the characters (a kanji sharing a last byte only costs the scan).
fn may_quote(text: &str) -> bool {
    text.bytes().any(|byte| matches!(byte, 0x8C | 0x8D | 0x9C | 0x9D))
}

/// Whether ever longer prefixes of one text have their quotes (「」, “”) open and close properly (a slot holds
/// whole quotes only), each prefix checked in the time of the characters it adds.
struct PrefixBalance<'t> {
    text: &'t str,
    scanned: usize,
    open: Vec<char>,
    /// A quote closed that was not open: every longer prefix is unbalanced too.
    broken: bool,
}

impl<'t> PrefixBalance<'t> {
    fn new(text: &'t str) -> Self {
        PrefixBalance { text, scanned: 0, open: Vec::new(), broken: false }
    }

    /// Whether `text[..end]` is balanced; `end` never goes back.
    fn balanced_to(&mut self, end: usize) -> bool {
        for c in self.text.get(self.scanned..end).unwrap_or_default().chars() {
            if self.broken {
                break;
            }
            match c {
                '「' => self.open.push('」'),
                '“' => self.open.push('”'),
                '」' | '”' if self.open.pop() != Some(c) => self.broken = true,
                _ => {}
            }
        }
        self.scanned = self.scanned.max(end);
        !self.broken && self.open.is_empty()
    }
}

/// Text `index` of a match, if the frame splices it.
fn at<'t>(holes: &Holes<'t>, index: usize) -> Option<&'t str> {
    holes.get(index).copied().flatten()
}

/// A number written in canonical digits.
fn number(digits: &str) -> Option<u32> {
    let canonical =
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with("0") || digits == "0";
    if canonical { digits.parse().ok() } else { None }
}

/// `piece`, and `piece` with its first letter upper-cased when that differs.
fn capitalised(piece: &str) -> Vec<String> {
    let mut out = vec![piece.to_owned()];
    let upper = frame::capitalize_first(piece);
    if upper != piece {
        out.push(upper);
    }
    out
}

/// The texts slot `index` showing `piece` can have come from: itself, or, when the frame capitalises the slot,
/// with its first letter lower-cased.
fn uncapitalised(piece: &str, index: usize, parts: &[Part]) -> Vec<String> {
    let capitalised = parts.contains(&Part::Text(index, true));
    let mut out = vec![piece.to_owned()];
    if capitalised {
        let mut chars = piece.chars();
        if let Some(first) = chars.next() {
            let lower: String = first.to_lowercase().chain(chars).collect();
            if lower != piece {
                out.push(lower);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::PrefixBalance;

    #[test]
    fn prefixes_are_balanced_when_their_quotes_close_in_order() {
        let text = "a「b」c“d「e」”f」g";
        let ends: Vec<usize> = text.char_indices().map(|(at, _)| at).skip(1).chain([text.len()]).collect();
        let mut prefix = PrefixBalance::new(text);
        let balanced: Vec<&str> =
            ends.into_iter().filter(|&end| prefix.balanced_to(end)).map(|end| &text[..end]).collect();
        // The stray 」 breaks every longer prefix.
        assert_eq!(balanced, ["a", "a「b」", "a「b」c", "a「b」c“d「e」”", "a「b」c“d「e」”f"]);
    }
}
