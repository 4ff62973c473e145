//! The frames the reader tries at every body and clause, rendered once per grammar in the order they are tried.
//!
//! A body alone tries some ninety REQUEST/INQUIRE, BECAUSE, DAY, OR/XOR and quote frames; looking each up in a
//! hash map by its spec was a fifth of the reader's time. The hot loops walk these lists instead.

use std::sync::Arc;

use super::{KINDS, MAX_OPERANDS, MOODS, Spec, Sym};
use crate::protocol::Keyword;
use crate::render::compose::{LangSet, Mood, PLAIN_CLAUSE, PLAIN_LIST};
use crate::render::frame::Part;
use crate::render::options::{Channel, Style};

/// A REQUEST or INQUIRE frame and the discrete values it was rendered for.
#[derive(Debug)]
pub(super) struct AskFrame {
    pub keyword: Keyword,
    pub to_kind: &'static str,
    pub framed: bool,
    pub from_kind: &'static str,
    pub act: &'static str,
    /// How a reported ask is said (statement, or plain among alternatives); statement for every other ask.
    pub said: Mood,
    pub parts: Arc<[Part]>,
}

/// A DAY frame: its relative word, the mood its operand is read in, whether it names whose result it is (text 2),
/// and its parts.
#[derive(Debug, Clone)]
pub(super) struct DayFrame {
    pub relative: &'static str,
    pub mood: Mood,
    pub by: bool,
    pub parts: Arc<[Part]>,
}

/// An OR / XOR frame: the operator, its number of operands, and its parts.
pub(super) type ListFrame = (Keyword, usize, Arc<[Part]>);

/// A `_quoted` / NOT frame: its act (``, `request`, `inquire`) and its parts.
pub(super) type QuotedFrame = (&'static str, Arc<[Part]>);

/// A clause frame (another's view as a clause): its holder's kind and its parts.
pub(super) type ViewFrame = (&'static str, Arc<[Part]>);

/// A BECAUSE frame in plain form: its number of reasons, whether they hold a group, its parts.
pub(super) type PlainBecauseFrame = (usize, Groups, Arc<[Part]>);

/// Whether the reasons a BECAUSE frame reads hold a group (see `compose::has_group`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Groups {
    No,
    Yes,
    /// The frame's joints are the same either way.
    Either,
}

#[derive(Debug)]
pub(super) struct Tried {
    /// REQUEST / INQUIRE, in the order `Reader::asks` tries them.
    pub asks: Vec<AskFrame>,
    /// BECAUSE by number of reasons, whether the conclusion runs on and whether the reasons hold a group:
    /// statements, then questions.
    pub because: Vec<(usize, bool, Groups, Arc<[Part]>)>,
    /// BECAUSE in plain form, `[held by a view, denied by a NOT]`, by number of reasons and whether they hold a
    /// group.
    plain_because: [Vec<PlainBecauseFrame>; 2],
    /// Clause frames by kind, `[framed, held]` in the moods of [`ALTERNATIVE_MOODS`].
    views: [[Vec<ViewFrame>; 3]; 2],
    /// OR / XOR said in full by number of operands, in the moods of [`ALTERNATIVE_MOODS`].
    alternatives: [Vec<ListFrame>; 3],
    /// OR / XOR / AND lists of words a verb is said once over, by number of operands.
    pub words: Vec<ListFrame>,
    /// The AND separator frame.
    pub and: Option<Arc<[Part]>>,
    /// ANDs said as one clause, by mood: (number of operands, parts).
    joined: Vec<Vec<(usize, Arc<[Part]>)>>,
    /// DAY frames, at [`day_index`].
    days: Vec<Vec<DayFrame>>,
    /// `_quoted` / NOT frames by act, at [`quoted_index`].
    quoted: Vec<Vec<QuotedFrame>>,
}

const RELATIVES: [&str; 4] = ["", "today", "yesterday", "tomorrow"];
/// The moods alternatives are listed in and views are said in: a statement, plain (for a NOT to deny) and a
/// question.
const ALTERNATIVE_MOODS: [Mood; 3] = [Mood::Statement, Mood::Plain, Mood::Question];

impl Tried {
    pub fn build(set: &LangSet, style: Style, channel: Channel) -> Tried {
        let parts = |spec: Spec| spec.parts(set, style, channel);
        let mut asks = Vec::new();
        for keyword in [Keyword::Request, Keyword::Inquire] {
            for to_kind in ["me", "any", "agent"] {
                for framed in [false, true] {
                    let from_kinds: &[&'static str] = if framed { &KINDS } else { &["me"] };
                    for &from_kind in from_kinds {
                        // A REQUEST ANY may be addressed to the role holder (see `role_addressed`).
                        let acts: &[&'static str] = if keyword == Keyword::Request && to_kind == "any" && !framed {
                            &["", "divine", "guard", "comingout"]
                        } else {
                            &[""]
                        };
                        // A reported ask is said as a statement, a plain clause among alternatives, or asked about.
                        let saids: &[Mood] =
                            if framed { &[Mood::Statement, Mood::Plain, Mood::Question] } else { &[Mood::Statement] };
                        for (&act, quoted) in acts.iter().flat_map(|act| [(act, false), (act, true)]) {
                            for &said in saids {
                                let (to, from, act) = (Sym(to_kind), Sym(from_kind), Sym(act));
                                let spec =
                                    Spec::Ask { keyword, to_kind: to, from_kind: from, framed, quoted, act, said };
                                if let Some(parts) = parts(spec) {
                                    let act = act.0;
                                    asks.push(AskFrame { keyword, to_kind, framed, from_kind, act, said, parts });
                                }
                            }
                        }
                    }
                }
            }
        }
        // BECAUSE frames by number of reasons, each with whether its reasons hold a group.
        let because_frames = |question: bool, run: bool, plain: bool, denied: bool| {
            let mut frames = Vec::new();
            for count in 1..=MAX_OPERANDS {
                let spec = |grouped| Spec::Because { question, reasons: count, run, grouped, plain, denied };
                let Some(plain) = parts(spec(false)) else { continue };
                // Only a list of two or more reasons can hold a group; where its joints are the same as a plain
                // list's (English, three or more), one frame reads both.
                let grouped = if count > 1 { parts(spec(true)) } else { None };
                match grouped {
                    Some(grouped) if grouped != plain => {
                        frames.push((count, Groups::No, plain));
                        frames.push((count, Groups::Yes, grouped));
                    }
                    Some(_) => frames.push((count, Groups::Either, plain)),
                    None => frames.push((count, Groups::No, plain)),
                }
            }
            frames
        };
        let mut because = Vec::new();
        for question in [false, true] {
            for run in [false, true] {
                let frames = because_frames(question, run, false, false).into_iter();
                because.extend(frames.map(|(count, groups, parts)| (count, run, groups, parts)));
            }
        }
        let plain_because = [false, true].map(|denied| because_frames(false, false, true, denied));
        // Alternatives said in full, and lists of words a verb is said once over (an AND's too).
        let lists = |inline: bool, mood: Mood| {
            let mut list = Vec::new();
            let keywords: &[Keyword] =
                if inline { &[Keyword::Or, Keyword::Xor, Keyword::And] } else { &[Keyword::Or, Keyword::Xor] };
            for &keyword in keywords {
                let most = if keyword == Keyword::Xor { 2 } else { MAX_OPERANDS };
                for count in 2..=most {
                    let spec = Spec::List { keyword, count, inline, mood, list: inline };
                    list.extend(parts(spec).map(|parts| (keyword, count, parts)));
                }
            }
            list
        };
        let alternatives = ALTERNATIVE_MOODS.map(|mood| lists(false, mood));
        let views = [false, true].map(|held| {
            ALTERNATIVE_MOODS.map(|mood| {
                let frame = |kind: &'static str| Spec::Frame { kind: Sym(kind), inline: true, run: false, held, mood };
                KINDS.iter().filter_map(|&kind| parts(frame(kind)).map(|parts| (kind, parts))).collect()
            })
        });
        let words = lists(true, Mood::Statement);
        let and =
            parts(Spec::List { keyword: Keyword::And, count: 2, inline: false, mood: Mood::Statement, list: false });
        let joined = MOODS
            .iter()
            .map(|&mood| {
                (2..=MAX_OPERANDS)
                    .filter_map(|count| {
                        let spec = Spec::List { keyword: Keyword::And, count, inline: true, mood, list: false };
                        parts(spec).map(|p| (count, p))
                    })
                    .collect()
            })
            .collect();
        let mut days = vec![Vec::new(); MOODS.len() * 16];
        let mut quoted = vec![Vec::new(); MOODS.len() * 2 * KINDS.len()];
        for mood in MOODS {
            for negated in [false, true] {
                for inline in [false, true] {
                    for results in [false, true] {
                        for dated in [false, true] {
                            let relatives = if dated { &RELATIVES[..] } else { &RELATIVES[..1] };
                            // A day's result is a sentence of its own (`results`), and where the language says
                            // so a statement-like clause too (`nested`; see `compose::day_result`).
                            let nested = !results && set.vocab.dated_results_in_clauses;
                            let acts: &[&'static str] =
                                if (results || nested) && inline && mood == Mood::Statement && !negated {
                                    &["", "divined", "identified"]
                                } else {
                                    &[""]
                                };
                            let frames = &mut days[day_index(mood, negated, inline, results, dated)];
                            for &relative in relatives {
                                for &act in acts {
                                    let operand_mood = if act.is_empty() { mood } else { Mood::Result };
                                    let nested = nested && !act.is_empty();
                                    // A nested result may be another's, named in the frame.
                                    for by in [false, true].into_iter().take(if nested { 2 } else { 1 }) {
                                        let (relative, act) = (Sym(relative), Sym(act));
                                        let spec = Spec::Day { mood, negated, relative, inline, act, nested, by };
                                        frames.extend(parts(spec).map(|parts| DayFrame {
                                            relative: relative.0,
                                            mood: operand_mood,
                                            by,
                                            parts,
                                        }));
                                    }
                                }
                            }
                        }
                    }
                }
                for (kind, &subj_kind) in KINDS.iter().enumerate() {
                    let frames = &mut quoted[quoted_index(mood, negated, kind)];
                    // A clause or a list in plain form is denied whole, or asked for.
                    let plain = negated || matches!(mood, Mood::Request | Mood::Suggest);
                    let plain = if plain { &[PLAIN_CLAUSE, PLAIN_LIST][..] } else { &[][..] };
                    for &act in ["", "request", "inquire"].iter().chain(plain) {
                        let spec = Spec::Quoted { mood, negated, act: Sym(act), subj_kind: Sym(subj_kind) };
                        frames.extend(parts(spec).map(|parts| (act, parts)));
                    }
                }
            }
        }
        Tried { asks, because, plain_because, views, alternatives, words, and, joined, days, quoted }
    }

    /// BECAUSE frames in plain form, held by a view or (`denied`) for a NOT to deny.
    pub fn plain_because(&self, denied: bool) -> &[PlainBecauseFrame] {
        &self.plain_because[usize::from(denied)]
    }

    /// Clause frames of another's view, `held` or not, in `mood` (none outside [`ALTERNATIVE_MOODS`]).
    pub fn views(&self, held: bool, mood: Mood) -> &[ViewFrame] {
        mood_slot(mood).map_or(&[], |index| &self.views[usize::from(held)][index])
    }

    /// OR / XOR frames said in full in `mood` (none outside [`ALTERNATIVE_MOODS`]).
    pub fn alternatives(&self, mood: Mood) -> &[ListFrame] {
        mood_slot(mood).map_or(&[], |index| &self.alternatives[index])
    }

    /// AND frames said as one clause in `mood`, by number of operands.
    pub fn joined(&self, mood: Mood) -> &[(usize, Arc<[Part]>)] {
        &self.joined[mood_index(mood)]
    }

    /// DAY frames in `mood` for each relative word (`dated`: the current day is known) and, for an inline
    /// statement in sentence position (`results`), each kind of result (see `compose::day_result`).
    pub fn days(&self, mood: Mood, negated: bool, inline: bool, results: bool, dated: bool) -> &[DayFrame] {
        &self.days[day_index(mood, negated, inline, results, dated)]
    }

    /// `_quoted` (or NOT, when negated) frames for a subject of kind `subj_kind` (one of [`KINDS`]).
    pub fn quoted(&self, mood: Mood, negated: bool, subj_kind: &'static str) -> &[QuotedFrame] {
        let kind = KINDS.iter().position(|kind| Sym(kind) == Sym(subj_kind)).unwrap_or(0);
        &self.quoted[quoted_index(mood, negated, kind)]
    }
}

/// Where frames in `mood` are kept among those built for [`ALTERNATIVE_MOODS`].
fn mood_slot(mood: Mood) -> Option<usize> {
    ALTERNATIVE_MOODS.iter().position(|m| *m == mood)
}

fn mood_index(mood: Mood) -> usize {
    MOODS.iter().position(|m| *m == mood).unwrap_or(0)
}

fn day_index(mood: Mood, negated: bool, inline: bool, results: bool, dated: bool) -> usize {
    mood_index(mood) * 16
        + usize::from(negated) * 8
        + usize::from(inline) * 4
        + usize::from(results) * 2
        + usize::from(dated)
}

fn quoted_index(mood: Mood, negated: bool, kind: usize) -> usize {
    (mood_index(mood) * 2 + usize::from(negated)) * KINDS.len() + kind
}
