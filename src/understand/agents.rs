//! Agent references: `Agent[03]`/`Agent 3`/`エージェント3`, names from the game's table (with or without an
//! honorific), pronouns (speaker, addressee, anaphora) and names that look like names but match nobody.
//!
//! The result is a *skeleton*: the folded text with every reference replaced by a two-character token (a
//! lead character saying what kind of reference it is, and an index into [`Skeleton::refs`]), so that phrase
//! patterns match `{agent}` with one regular expression whatever the name looked like.

use std::sync::{Arc, Mutex};

use aho_corasick::{AhoCorasick, AhoCorasickKind, Input, MatchKind};

use super::mentions::Marks;
use super::normalize::{Folded, fold_word};
use super::words::{
    AgentWords, MAX_TOKENS, PronounKind, TOKEN_INDEX, TOKEN_ME, TOKEN_OTHER, TOKEN_UNKNOWN, TOKEN_YOU,
    UnknownNameRules, holds_digit,
};
use crate::protocol::{Agent, Context, NameTable};

/// The folded names of the game's table, longest first. A table of more than [`FEW_NAMES`] names is indexed
/// by one automaton: finding every occurrence of every name costs O(text + names) instead of one scan of the
/// text per name. A game's table is smaller (a name or two a seat) and found by [`FewNames`], one pass over
/// the text that builds in a fraction of an automaton's time. (Occurrences can overlap, but at most one per
/// distinct name length ends at each byte, and a table from JSON bounds name lengths.)
#[derive(Debug, Default)]
pub struct NameIndex {
    /// Folded name, agent, and whether the table writes it in katakana.
    names: Vec<(String, Agent, bool)>,
    /// `None` for a table of [`FEW_NAMES`] names or fewer (or past the automaton's size limits, far beyond a
    /// bounded table: then no name is found rather than the request failing).
    automaton: Option<AhoCorasick>,
    /// The filter that finds a table of [`FEW_NAMES`] names or fewer.
    few: Option<Box<FewNames>>,
    longest: usize,
    word_boundaries: bool,
}

impl NameIndex {
    pub fn new(ctx: &Context, word_boundaries: bool) -> Self {
        Self::indexing_beyond(ctx, word_boundaries, FEW_NAMES)
    }

    /// The index, with an automaton for more than `few` names.
    fn indexing_beyond(ctx: &Context, word_boundaries: bool, few: usize) -> Self {
        let katakana = |name: &str| name.chars().all(|c| ('\u{30a1}'..='\u{30ff}').contains(&c));
        let mut names: Vec<(String, Agent, bool)> = ctx
            .names
            .iter()
            .map(|(agent, name)| (fold_word(name.trim()), agent, katakana(name.trim())))
            .filter(|(name, _, _)| !name.is_empty())
            .collect();
        names.sort_by_key(|(name, _, _)| std::cmp::Reverse(name.len()));
        // A name several agents share resolves to the first of them anyway; keeping the others would only
        // multiply the matches (a table of thousands of agents all called «ユ» against «ユユユ…»).
        let mut seen = std::collections::HashSet::new();
        names.retain(|(name, _, _)| seen.insert(name.clone()));
        let scan = !names.is_empty() && names.len() <= few.min(FEW_NAMES);
        let few = scan.then(|| FewNames::new(names.iter().map(|(name, _, _)| name.as_str())));
        let automaton = (!scan && !names.is_empty())
            .then(|| {
                // A contiguous NFA builds several times faster than the DFA the builder would pick, and
                // searches a short text about as fast.
                AhoCorasick::builder()
                    .match_kind(MatchKind::Standard)
                    .kind(Some(AhoCorasickKind::ContiguousNFA))
                    .build(names.iter().map(|(n, _, _)| n))
                    .ok()
            })
            .flatten();
        let longest = names.first().map_or(0, |(name, _, _)| name.len());
        NameIndex { names, automaton, few, longest, word_boundaries }
    }

    /// Every occurrence of every name in `text` (overlapping ones too): start, end, agent, and whether the
    /// table writes the name in katakana.
    fn occurrences<'t>(&'t self, text: &'t str) -> impl Iterator<Item = (usize, usize, Agent, bool)> + 't {
        let indexed = self.automaton.iter().flat_map(move |automaton| automaton.find_overlapping_iter(text)).map(|m| {
            let (_, agent, katakana) = self.names[m.pattern().as_usize()];
            (m.start(), m.end(), agent, katakana)
        });
        let scanned = self.few.iter().flat_map(move |few| few.starts(&self.names, text)).map(|(at, k)| {
            let (name, agent, katakana) = &self.names[k];
            (at, at + name.len(), *agent, *katakana)
        });
        indexed.chain(scanned)
    }

    /// The longest table name that starts at `at` (at a word boundary where the language has them), with
    /// its end.
    pub fn resolve_at(&self, text: &str, at: usize) -> Option<(Agent, usize)> {
        let rest = text.get(at..)?;
        if self.few.is_some() {
            // Longest first: the first that fits is the longest.
            return self.names.iter().find_map(|(name, agent, _)| {
                let end = at + name.len();
                (rest.starts_with(name.as_str()) && (!self.word_boundaries || is_boundary(text, at, end)))
                    .then_some((*agent, end))
            });
        }
        let automaton = self.automaton.as_ref()?;
        let window = Input::new(text).span(at..text.len().min(at + self.longest));
        automaton
            .find_overlapping_iter(window)
            .filter(|m| m.start() == at && (!self.word_boundaries || is_boundary(text, at, m.end())))
            .max_by_key(|m| m.end())
            .map(|m| (self.names[m.pattern().as_usize()].1, m.end()))
    }

    /// Bytes the index holds (its names and automaton), for bounding [`NameIndexCache`].
    fn heap_bytes(&self) -> usize {
        self.names
            .iter()
            .map(|(name, _, _)| name.capacity() + std::mem::size_of::<(String, Agent, bool)>())
            .sum::<usize>()
            + self.automaton.as_ref().map_or(0, AhoCorasick::memory_usage)
            + self.few.as_ref().map_or(0, |_| std::mem::size_of::<FewNames>())
    }
}

/// A hash of a name table (agents and names, in order) and the word-boundary flag: one pass over the table,
/// a word at a time.
fn fingerprint(table: &NameTable, word_boundaries: bool) -> u64 {
    let mix = |h: u64, x: u64| {
        let h = (h ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 29)
    };
    let mut h = mix(0, u64::from(word_boundaries));
    for (agent, name) in table.iter() {
        h = mix(h, u64::from(agent.number()) << 32 | name.len() as u64);
        for chunk in name.as_bytes().chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            h = mix(h, u64::from_le_bytes(word));
        }
    }
    h
}

/// Most names a table may have to be found through [`FewNames`] rather than an automaton (one bit each).
const FEW_NAMES: usize = 32;

/// The names of a small table, for finding them without an automaton: bit `k` of `masks[j][b]` says that
/// name `k` (in [`NameIndex::names`]) can have byte `b` at offset `j`, any byte past its end; byte 256 stands
/// for the end of the text. At each position of a text, three lookups leave only the names that start with
/// its next three bytes to compare. Building it costs far less than an automaton.
#[derive(Debug)]
struct FewNames {
    masks: [[u32; 257]; 3],
}

impl FewNames {
    fn new<'n>(names: impl Iterator<Item = &'n str>) -> Box<Self> {
        let mut few = Box::new(FewNames { masks: [[0; 257]; 3] });
        for (k, name) in names.enumerate().take(FEW_NAMES) {
            let bit = 1u32 << k;
            for (j, row) in few.masks.iter_mut().enumerate() {
                match name.as_bytes().get(j) {
                    Some(&byte) => row[usize::from(byte)] |= bit,
                    None => row.iter_mut().for_each(|mask| *mask |= bit),
                }
            }
        }
        few
    }

    /// Every start of every name in `text`, with the name's index, by position (overlapping ones too).
    fn starts<'t>(
        &'t self,
        names: &'t [(String, Agent, bool)],
        text: &'t str,
    ) -> impl Iterator<Item = (usize, usize)> + 't {
        let bytes = text.as_bytes();
        let byte = move |i: usize| bytes.get(i).map_or(256, |&b| usize::from(b));
        let (mut at, mut next, mut candidates) = (0, 0, 0u32);
        std::iter::from_fn(move || {
            loop {
                while candidates != 0 {
                    let k = candidates.trailing_zeros() as usize;
                    candidates &= candidates - 1;
                    if bytes[at..].starts_with(names[k].0.as_bytes()) {
                        return Some((at, k));
                    }
                }
                if next >= bytes.len() {
                    return None;
                }
                at = next;
                next += 1;
                candidates = self.masks[0][byte(at)];
                if candidates != 0 {
                    candidates &= self.masks[1][byte(at + 1)] & self.masks[2][byte(at + 2)];
                }
            }
        })
    }
}

/// Most name indexes [`NameIndexCache`] keeps, and most bytes they may hold together (a table read from JSON
/// is bounded, and its index takes well under this).
const CACHED_INDEXES: usize = 16;
const CACHED_INDEX_BYTES: usize = 8 << 20;

/// The name indexes of the tables read lately, most recently used first: a bridge bot sends its game's table
/// with every request, and building the automaton costs more than reading a short utterance. Shared by the
/// threads reading with one `Understander`; the lock is held only to look a table up or to store an index,
/// never while one is built.
#[derive(Debug, Default)]
pub struct NameIndexCache {
    entries: Mutex<Vec<CachedIndex>>,
}

#[derive(Debug)]
struct CachedIndex {
    /// [`fingerprint`] of the table and flag: most lookups that miss are told apart by it alone.
    fingerprint: u64,
    table: NameTable,
    word_boundaries: bool,
    index: Arc<NameIndex>,
    bytes: usize,
}

impl NameIndexCache {
    /// The index of `ctx`'s name table, built on first use.
    pub fn get(&self, ctx: &Context, word_boundaries: bool) -> Arc<NameIndex> {
        let print = fingerprint(&ctx.names, word_boundaries);
        let found = |entries: &[CachedIndex]| {
            entries
                .iter()
                .position(|e| e.fingerprint == print && e.word_boundaries == word_boundaries && e.table == ctx.names)
        };
        {
            let mut entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            if let Some(i) = found(&entries) {
                entries[..=i].rotate_right(1);
                return Arc::clone(&entries[0].index);
            }
        }
        let index = Arc::new(NameIndex::new(ctx, word_boundaries));
        let bytes = index.heap_bytes()
            + ctx.names.iter().map(|(_, name)| name.len() + std::mem::size_of::<String>()).sum::<usize>();
        if bytes > CACHED_INDEX_BYTES {
            return index;
        }
        let mut entries = self.entries.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        // Another thread may have stored the same table meanwhile.
        if found(&entries).is_none() {
            entries.insert(
                0,
                CachedIndex {
                    fingerprint: print,
                    table: ctx.names.clone(),
                    word_boundaries,
                    index: Arc::clone(&index),
                    bytes,
                },
            );
            let mut total = 0;
            let keep = entries
                .iter()
                .take(CACHED_INDEXES)
                .take_while(|e| {
                    total += e.bytes;
                    total <= CACHED_INDEX_BYTES
                })
                .count();
            entries.truncate(keep);
        }
        index
    }
}

/// What an agent token stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefKind {
    Other,
    Me,
    You,
    Unknown,
}

/// One reference in the utterance.
#[derive(Debug, Clone)]
pub struct AgentRef {
    pub kind: RefKind,
    /// The seat; `None` when it cannot be known (no speaker or addressee given, an unknown name).
    pub agent: Option<Agent>,
    /// Folded byte span.
    pub span: (usize, usize),
    /// A name-like word that matches nobody in the table (reported as an unknown name).
    pub unknown_name: bool,
    /// Written with an `@` mark inside the utterance («… @ケンジ 今日はミサキへ入れてほしいな»): at the start of a
    /// sentence it addresses that player from there on.
    pub marked: bool,
    /// Set off by a comma at the end of its sentence, not ending a list of names ("Rin is our best move,
    /// Takumi."): the player spoken to, not spoken of.
    pub called: bool,
    /// A subject pronoun ("she", "he"): its "'s" is "is", never a possessive.
    pub subject_pronoun: bool,
}

/// The folded text with references tokenized, and a byte map back to the folded text.
#[derive(Debug, Default)]
pub struct Skeleton {
    pub text: String,
    pub refs: Vec<AgentRef>,
    /// One entry per skeleton character, in order: its byte offset and the folded span it stands for.
    map: Vec<(u32, u32, u32)>,
    /// Whether the folded text held a digit (the skeleton holds a part of its characters, and tokens).
    pub folded_holds_digit: bool,
}

impl Skeleton {
    /// The folded span of the skeleton character containing byte `at`.
    fn span_at(&self, at: usize) -> Option<(u32, u32)> {
        let i = self.map.partition_point(|m| m.0 as usize <= at);
        self.map.get(i.checked_sub(1)?).map(|m| (m.1, m.2))
    }

    #[inline]
    fn push(&mut self, c: char, folded: (u32, u32)) {
        self.map.push((self.text.len() as u32, folded.0, folded.1));
        self.text.push(c);
    }

    /// Copies a run of folded text that starts at folded byte `folded_start`, each character standing for itself.
    fn push_run(&mut self, run: &str, folded_start: usize) {
        let offset = self.text.len();
        self.map.extend(run.char_indices().map(|(k, c)| {
            let at = folded_start + k;
            ((offset + k) as u32, at as u32, (at + c.len_utf8()) as u32)
        }));
        self.text.push_str(run);
    }

    /// The folded span of skeleton bytes `start..end`.
    pub fn folded_span(&self, start: usize, end: usize) -> (usize, usize) {
        let Some(first) = self.span_at(start) else {
            let at = self.map.last().map_or(0, |m| m.2 as usize);
            return (at, at);
        };
        if start >= end {
            return (first.0 as usize, first.0 as usize);
        }
        let last = self.span_at(end - 1).map_or(first.1, |m| m.1);
        (first.0 as usize, last.max(first.0) as usize)
    }

    /// The skeleton bytes standing for folded bytes `start..end` (the reverse of [`Skeleton::folded_span`]).
    pub fn skeleton_span(&self, start: usize, end: usize) -> (usize, usize) {
        let first = self.map.partition_point(|m| (m.1 as usize) < start);
        let last = self.map.partition_point(|m| (m.2 as usize) <= end);
        let at = |i: usize| self.map.get(i).map_or(self.text.len(), |m| m.0 as usize);
        (at(first), at(last).max(at(first)))
    }
}

/// The first run of ASCII digits in `text` as a number.
pub fn first_number(text: &str) -> Option<u32> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits = &text[start..];
    let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
    digits[..end].parse().ok()
}

fn is_boundary(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
    let after = text[end..].chars().next().is_none_or(|c| !c.is_alphanumeric());
    before && after
}

/// Finds the references in `folded` (outside `masked`) and builds the skeleton.
pub fn tokenize(
    original: &str,
    folded: &Folded,
    marks: &Marks,
    names: &NameIndex,
    words: &AgentWords,
    ctx: &Context,
    addressee: Option<Agent>,
) -> Skeleton {
    let text = folded.text.as_str();
    let masked = marks.masked.as_slice();
    // (start, end, kind, agent, priority: lower wins on overlap)
    let mut found: Vec<(usize, usize, RefKind, Option<Agent>, u8)> = Vec::new();
    // The number is the match's first digit run (cheaper than asking the regex for its groups).
    let digits = holds_digit(text);
    let talk_refs: Vec<(usize, usize)> = words
        .talk_refs
        .iter()
        .filter_map(|r| r.for_text(digits))
        .flat_map(|r| r.find_iter(text).map(|m| (m.start(), m.end())))
        .collect();
    for whole in words.numbered.for_text(digits).into_iter().flat_map(|r| r.find_iter(text)) {
        // «1日目の1番目の発話» is a talk, not player 1.
        if talk_refs.iter().any(|&(s, e)| whole.start() < e && s < whole.end()) {
            continue;
        }
        if let Some(agent) = first_number(whole.as_str()).filter(|&n| n > 0).and_then(Agent::from_number) {
            found.push((whole.start(), whole.end(), RefKind::Other, Some(agent), 0));
        }
    }
    for (at, end, agent, katakana) in names.occurrences(text) {
        let fits = if words.word_boundaries {
            is_boundary(text, at, end)
        } else {
            !katakana || folded.written_in_katakana(at, end)
        };
        if fits {
            found.push((at, end, RefKind::Other, Some(agent), 0));
        }
    }
    for m in words.pronouns.find_iter(text) {
        let (at, end) = (m.start(), m.end());
        let plural = words.plural.iter().any(|p| text[end..].starts_with(p.as_str()));
        if plural || (words.word_boundaries && !is_boundary(text, at, end)) {
            continue;
        }
        let kind = words.pronoun_kinds.get(m.pattern().as_usize());
        // "her vote", "her reaction": a possessive, not a player of the clause.
        if kind == Some(&PronounKind::Anaphor)
            && let Some(next) = text[end..].strip_prefix(' ')
            && words.possessed.iter().any(|noun| {
                next.strip_prefix(noun.as_str()).is_some_and(|rest| !rest.starts_with(char::is_alphanumeric))
            })
        {
            continue;
        }
        // Anaphora are marked Unknown here and resolved to the preceding reference below.
        let found_ref = match kind {
            Some(PronounKind::Speaker) => (at, end, RefKind::Me, ctx.speaker, 1),
            Some(PronounKind::Addressee) => (at, end, RefKind::You, addressee, 1),
            Some(PronounKind::SubjectAnaphor) => (at, end, RefKind::Unknown, None, 5),
            _ => (at, end, RefKind::Unknown, None, 2),
        };
        found.push(found_ref);
    }
    unknown_katakana_names(folded, &words.honorifics, &mut found);
    // Inline `@` names that match nobody: already reported as mentions, but a phrase needing them must fail.
    found.extend(marks.inline_unknown.iter().map(|&(s, e)| (s, e, RefKind::Unknown, None, 4)));
    if let Some(rules) = &words.unknown {
        unknown_capitalised_names(original, folded, rules, &mut found);
    }
    found.retain(|f| !masked.iter().any(|&(s, e)| f.0 < e && s < f.1));
    found.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)).then(a.4.cmp(&b.4)));

    let mut skeleton = Skeleton {
        text: String::with_capacity(text.len()),
        map: Vec::with_capacity(text.chars().count()),
        folded_holds_digit: digits,
        ..Skeleton::default()
    };
    let mut at = 0;
    // Players named so far (folded offset, seat, called at the start of their sentence), for pronouns, and where
    // the last reference to one ended.
    let mut named: Vec<(usize, Agent, bool)> = Vec::new();
    let mut last_player_end: Option<usize> = None;
    let mut last_player: Option<Agent> = None;
    // Where players are named, for a place word before one («ここは@ハルに入れる»).
    let player_starts: Vec<usize> =
        found.iter().filter(|f| f.2 == RefKind::Other && f.3.is_some()).map(|f| f.0).collect();
    for (start, mut end, mut kind, mut agent, priority) in found {
        if start < at || skeleton.refs.len() >= MAX_TOKENS {
            continue;
        }
        if priority == 2
            && words.places.iter().any(|w| text[start..end] == *w)
            && let Some(rest) = text[end..].strip_prefix('は')
        {
            let clause_end =
                end + 'は'.len_utf8() + rest.find(['、', ',', '。', '.', '!', '?', '\n']).unwrap_or(rest.len());
            if player_starts.iter().any(|&p| p > end && p < clause_end) {
                continue;
            }
        }
        if priority == 2 || priority == 5 {
            // A pronoun stands for the player named before it in this or the previous sentence, when that is
            // one player; of several, a subject pronoun ("he", "she") takes the first-named (the previous
            // clause's subject) and any other pronoun stays unresolved.
            agent = antecedent(text, start, &named, priority == 5, &words.back_to_nearest);
            kind = if agent.is_some() { RefKind::Other } else { RefKind::Unknown };
        }
        // «リンが自分を白と言ってる»: the speaker word right after another player's subject may be that player
        // or the speaker; told as what that player says («タクミ、自分は狂人だって言ってた»), it is that player.
        if kind == RefKind::Me && words.reflexive.iter().any(|w| text[start..end] == *w) {
            let gap = last_player_end.and_then(|e| text.get(e..start)).map(str::trim);
            let subject_gap = gap.is_some_and(|gap| words.reflexive_after.iter().any(|p| gap == p.as_str()));
            let comma_gap = matches!(gap, Some("、" | ","));
            let sentence = &text[end..text[end..].find(['。', '.', '!', '?', '\n']).map_or(text.len(), |i| end + i)];
            let reported = words.reflexive_reported.iter().any(|w| sentence.contains(w.as_str()));
            if (subject_gap || comma_gap) && reported {
                agent = last_player;
                kind = if agent.is_some() { RefKind::Other } else { RefKind::Unknown };
            } else if subject_gap {
                kind = RefKind::Unknown;
                agent = None;
            }
        }
        let mut called = false;
        if matches!(kind, RefKind::Other) {
            if let Some(h) = words.honorifics.iter().find(|h| text[end..].starts_with(h.as_str())) {
                end += h.len();
            }
            // A subject pronoun continues its referent as the subject: "He is…" after "He keeps voting for
            // Shion" is still the first player, not Shion. A player called at the end of a sentence ("Rin is our
            // best move, Takumi. Vote for her") is spoken to, not spoken of, unless a list of names ends there.
            let listed = last_player_end.is_some_and(|e: usize| matches!(text[e..start].trim(), "," | "、"));
            called = !listed
                && text[..start].trim_end().ends_with([',', '、'])
                && text[end..].trim_start().chars().next().is_none_or(|c| matches!(c, '。' | '.' | '!' | '?' | '\n'));
            // "Sakura, read him as a villager": a player called first in a sentence is "you" there, not "him".
            let sentence_start = text[..start]
                .char_indices()
                .rev()
                .find(|&(_, c)| matches!(c, '。' | '.' | '!' | '?' | '\n'))
                .map_or(0, |(i, c)| i + c.len_utf8());
            let called_first = text.get(sentence_start..start).is_some_and(|lead| matches!(lead.trim(), "" | "@"))
                && text[end..].trim_start().starts_with([',', '、']);
            if let Some(agent) = agent.filter(|_| priority != 2 && !called) {
                named.push((start, agent, called_first));
            }
        }
        copy_plain(&mut skeleton, text, at, start, masked);
        let lead = match kind {
            RefKind::Other => TOKEN_OTHER,
            RefKind::Me => TOKEN_ME,
            RefKind::You => TOKEN_YOU,
            RefKind::Unknown => TOKEN_UNKNOWN,
        };
        let index = char::from_u32(TOKEN_INDEX + skeleton.refs.len() as u32).unwrap_or(TOKEN_UNKNOWN);
        for c in [lead, index] {
            skeleton.push(c, (start as u32, end as u32));
        }
        let marked = marks.inline_names.contains(&start);
        let subject_pronoun = priority == 5;
        skeleton.refs.push(AgentRef {
            kind,
            agent,
            span: (start, end),
            unknown_name: priority == 3,
            marked,
            called,
            subject_pronoun,
        });
        last_player_end = (kind == RefKind::Other).then_some(end);
        last_player = agent.filter(|_| kind == RefKind::Other);
        at = end;
    }
    copy_plain(&mut skeleton, text, at, text.len(), masked);
    skeleton
}

/// The player a pronoun at `at` stands for (see `tokenize`).
fn antecedent(
    text: &str,
    at: usize,
    named: &[(usize, Agent, bool)],
    subject_pronoun: bool,
    back_to_nearest: &[String],
) -> Option<Agent> {
    let is_end = |c: char| matches!(c, '。' | '.' | '!' | '?' | '\n');
    // The start of the previous sentence: past the second sentence end before `at`.
    let mut ends = text[..at].char_indices().rev().filter(|&(_, c)| is_end(c));
    ends.next();
    let window_start = ends.next().map_or(0, |(i, c)| i + c.len_utf8());
    let mut candidates: Vec<Agent> = Vec::new();
    for &(position, agent, called_first) in named {
        // An object pronoun is not the player spoken to.
        if called_first && !subject_pronoun {
            continue;
        }
        if position >= window_start && position < at && !candidates.contains(&agent) {
            candidates.push(agent);
        }
    }
    if subject_pronoun {
        // "Safe — George  he claimed villager": a name said right before the pronoun is what it stands for; so
        // is one said right before a word such as "as" ("vote Shion as she's the wolf").
        if let Some(&(position, last, _)) = named.iter().rev().find(|&&(p, _, _)| p >= window_start && p < at) {
            let mut between = text[position..at].split_whitespace().skip(1);
            let nearest = match (between.next(), between.next()) {
                (None, _) => true,
                (Some(word), None) => back_to_nearest.iter().any(|w| w == word),
                _ => false,
            };
            if nearest && !text[position..at].contains(is_end) {
                return Some(last);
            }
        }
        // Of several, a subject pronoun continues the first named ("Daisuke voted for Shion, so he…"), the
        // subject of its own sentence before one of the sentence before ("Takumi was a wolf. Mizuki defended
        // him, so she…").
        let sentence_start =
            text[..at].rfind(is_end).map_or(0, |i| i + text[i..].chars().next().map_or(1, char::len_utf8));
        let in_sentence = named.iter().find(|&&(p, _, _)| p >= sentence_start && p < at).map(|&(_, agent, _)| agent);
        return in_sentence.or_else(|| candidates.first().copied());
    }
    // An object pronoun is not the subject of its own clause ("I'm voting Rin because Minato divined her"):
    // the player named last, with no clause break before the pronoun, is left out.
    // ("Give Kenji a chance and read him as a villager": after "and" the pronoun's clause has a subject of its own.)
    if let Some(&(position, last, _)) = named.iter().rev().find(|&&(p, _, _)| p < at)
        && !text[position..at].contains([',', '、', '.', '。', '!', '?', ';'])
        && !text[position..at].split_whitespace().any(|w| w == "and")
    {
        // "Rin divined him", "Rin gave her a white": one verb after the only candidate, the pronoun is someone
        // else (that player would be "herself"), so it stays unresolved.
        let mut words = text[position..at].split_whitespace().skip(1);
        let one_verb_between = words.next().is_some_and(|w| w.chars().all(|c| c.is_ascii_alphabetic() || c == '\''))
            && words.next().is_none();
        if candidates.len() > 1 {
            candidates.retain(|&c| c != last);
        } else if one_verb_between {
            return None;
        }
    }
    match candidates.as_slice() {
        [one] => Some(*one),
        // «@ダイスケ の沈黙は不自然。人狼の可能性高い。今日は彼を吊るべき。»: further back, the one player named
        // so far in the utterance.
        [] => {
            let mut earlier = named.iter().filter(|&&(p, _, called_first)| p < at && !called_first).map(|&(_, a, _)| a);
            let first = earlier.next()?;
            earlier.all(|a| a == first).then_some(first)
        }
        _ => None,
    }
}

/// Copies `text[from..to]` into the skeleton, leaving masked bytes out.
fn copy_plain(skeleton: &mut Skeleton, text: &str, from: usize, to: usize, masked: &[(usize, usize)]) {
    let mut i = from;
    while i < to {
        // The unmasked run starting at `i`, up to the next mask or `to`.
        if let Some(&(_, e)) = masked.iter().find(|&&(s, e)| s <= i && i < e) {
            i = e.min(to).max(i + 1);
            while !text.is_char_boundary(i) {
                i += 1;
            }
            continue;
        }
        let run_end = masked.iter().filter(|&&(s, _)| s > i && s < to).map(|&(s, _)| s).min().unwrap_or(to);
        skeleton.push_run(&text[i..run_end], i);
        i = run_end;
    }
}

/// Capitalised words in an agent position that no reference claimed: after a position cue ("vote for Bob"),
/// or listed with a reference ("Minato and Bob", "Bob or Minato") become Unknown references (reported, never
/// bound). A word before a reference counts only when joined by a word: in "Yes, Minato …" "Yes" is no name.
fn unknown_capitalised_names(
    original: &str,
    folded: &Folded,
    rules: &UnknownNameRules,
    found: &mut Vec<(usize, usize, RefKind, Option<Agent>, u8)>,
) {
    let text = folded.text.as_str();
    let bytes = text.as_bytes();
    // Capitalised words that are no reference, pronoun or ordinary word. Most utterances have none, so the
    // regexes below stay off the common path.
    let written = original.as_bytes();
    let mut candidates: Vec<(usize, usize)> = (0..written.len())
        .filter(|&o| written[o].is_ascii_uppercase() && (o == 0 || !written[o - 1].is_ascii_alphanumeric()))
        .filter_map(|o| folded.folded_at(o))
        .map(|s| (s, s + bytes[s..].iter().take_while(|b| b.is_ascii_lowercase() || **b == b'-').count()))
        .filter(|&(s, e)| {
            e > s
                && !found.iter().any(|f| f.0 < e && s < f.1)
                && !rules.not_names.contains(text[s..e].trim_end_matches('-'))
        })
        .collect();
    // Lists grow from every reference, the new names included ("Minato, Bob and Carl"): repeat until stable.
    loop {
        let before = candidates.len();
        candidates.retain(|&(s, e)| {
            let after_cue = rules.cue_before.is_match(&text[..s]);
            let after_ref =
                || rules.joiner_before.find(&text[..s]).is_some_and(|j| found.iter().any(|f| f.1 == j.start()));
            let before_ref = || {
                rules.joiner_after.find(&text[e..]).is_some_and(|j| {
                    j.as_str().bytes().any(|b| b.is_ascii_alphabetic()) && found.iter().any(|f| f.0 == e + j.end())
                })
            };
            let unknown = after_cue || after_ref() || before_ref();
            if unknown {
                found.push((s, e, RefKind::Unknown, None, 3));
            }
            !unknown
        });
        if candidates.len() == before || candidates.is_empty() {
            break;
        }
    }
}

/// Katakana runs of two or more characters directly followed by an honorific look like names; those that no
/// table name claimed become Unknown references (reported, never bound).
fn unknown_katakana_names(
    folded: &Folded,
    honorifics: &[String],
    found: &mut Vec<(usize, usize, RefKind, Option<Agent>, u8)>,
) {
    if !folded.has_katakana {
        return;
    }
    let text = folded.text.as_str();
    let mut run_start: Option<usize> = None;
    let mut run_chars = 0;
    for (i, c, katakana) in folded.chars() {
        if katakana && c != '・' {
            if run_start.is_none() {
                run_start = Some(i);
                run_chars = 0;
            }
            run_chars += 1;
            continue;
        }
        if let Some(start) = run_start.take()
            && run_chars >= 2
            && honorifics.iter().any(|h| text[i..].starts_with(h.as_str()))
        {
            found.push((start, i, RefKind::Unknown, None, 3));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::NameTable;

    #[test]
    fn a_name_shared_by_many_agents_is_indexed_once_for_the_first() {
        let names: NameTable =
            (1..=500).map(|n| (Agent::Id(n), "ユ".to_owned())).chain([(Agent::Id(7), "ミナト".to_owned())]).collect();
        let index = NameIndex::new(&Context { names, ..Context::default() }, false);
        assert_eq!(index.names, [(fold_word("ミナト"), Agent::Id(7), true), (fold_word("ユ"), Agent::Id(1), true)]);
    }

    #[test]
    fn the_index_finds_overlapping_names_and_the_longest_at_a_position() {
        let names: NameTable = [(Agent::Id(1), "ユキ"), (Agent::Id(2), "ユキナ"), (Agent::Id(3), "キナコ")]
            .into_iter()
            .map(|(agent, name)| (agent, name.to_owned()))
            .collect();
        let index = NameIndex::new(&Context { names, ..Context::default() }, false);
        let text = fold_word("ユキナコ");
        let mut found: Vec<(usize, usize, Agent)> = index.occurrences(&text).map(|(s, e, a, _)| (s, e, a)).collect();
        found.sort();
        let kana = "ユ".len();
        assert_eq!(found, [(0, 2 * kana, Agent::Id(1)), (0, 3 * kana, Agent::Id(2)), (kana, 4 * kana, Agent::Id(3))]);
        assert_eq!(index.resolve_at(&text, 0), Some((Agent::Id(2), 3 * kana)));
        assert_eq!(index.resolve_at(&text, kana), Some((Agent::Id(3), 4 * kana)));
        assert_eq!(index.resolve_at(&text, 1), None, "not a character boundary");
    }

    #[test]
    fn scanning_few_names_finds_what_the_automaton_finds() {
        let names: NameTable = ["ユキ", "ユキナ", "キナコ", "ユ", "Ann", "Ann Bo", "nn", "x", "ミナト", "みなと"]
            .into_iter()
            .enumerate()
            .map(|(i, name)| (Agent::Id(i as u32 + 1), name.to_owned()))
            .collect();
        let ctx = Context { names, ..Context::default() };
        for word_boundaries in [false, true] {
            let scanned = NameIndex::indexing_beyond(&ctx, word_boundaries, usize::MAX);
            let indexed = NameIndex::indexing_beyond(&ctx, word_boundaries, 0);
            assert!(scanned.few.is_some() && scanned.automaton.is_none());
            assert!(indexed.few.is_none() && indexed.automaton.is_some());
            for text in ["ユキナコ ユユユ", "ann bob, ann bo ann", "みなとミナトの ユキ", "", "nnn", "xx x", "ユ"]
            {
                let text = fold_word(text);
                let all = |index: &NameIndex| {
                    let mut found: Vec<_> = index.occurrences(&text).collect();
                    found.sort();
                    found
                };
                assert_eq!(all(&scanned), all(&indexed), "{text}");
                for at in 0..=text.len() + 1 {
                    assert_eq!(scanned.resolve_at(&text, at), indexed.resolve_at(&text, at), "{text} at {at}");
                }
            }
        }
    }

    #[test]
    fn a_katakana_name_is_not_found_inside_hiragana() {
        let names: NameTable = [(Agent::Id(1), "カナ".to_owned())].into_iter().collect();
        let ctx = Context { names, ..Context::default() };
        let index = NameIndex::new(&ctx, false);
        let words = crate::understand::Understander::embedded().expect("phrases load");
        let found = |text: &str| {
            let folded = crate::understand::normalize::fold(text);
            let agents = &words.lexicon(crate::understand::Lang::Ja).agents;
            let skeleton = tokenize(text, &folded, &Marks::default(), &index, agents, &ctx, None);
            skeleton.refs.iter().filter_map(|r| r.agent).collect::<Vec<_>>()
        };
        assert_eq!(found("今動かなきゃ。カナが怪しい"), [Agent::Id(1)]);
    }

    #[test]
    fn the_cache_reuses_an_index_per_table_and_stays_bounded() {
        let table = |n: u32| -> NameTable { [(Agent::Id(1), format!("ミナト{n}"))].into_iter().collect() };
        let ctx = |n: u32| Context { names: table(n), ..Context::default() };
        let cache = NameIndexCache::default();
        let first = cache.get(&ctx(0), false);
        assert!(Arc::ptr_eq(&first, &cache.get(&ctx(0), false)));
        assert!(!Arc::ptr_eq(&first, &cache.get(&ctx(0), true)), "word boundaries are part of the key");
        assert!(!Arc::ptr_eq(&first, &cache.get(&ctx(1), false)));
        for n in 2..40 {
            cache.get(&ctx(n), false);
        }
        assert_eq!(cache.entries.lock().unwrap().len(), CACHED_INDEXES);
        assert!(!Arc::ptr_eq(&first, &cache.get(&ctx(0), false)), "the least recently used went first");
    }

    #[test]
    fn the_largest_table_json_allows_is_cached() {
        use crate::protocol::{MAX_NAME_CHARS, MAX_NAMED_AGENTS, MAX_NAMES_PER_AGENT};
        let names: NameTable = (1..=MAX_NAMED_AGENTS as u32)
            .flat_map(|a| {
                (0..MAX_NAMES_PER_AGENT).map(move |k| {
                    let name: String = (0..MAX_NAME_CHARS)
                        .map(|i| char::from_u32(0x4e00 + a * 97 + (k * 31 + i) as u32).unwrap())
                        .collect();
                    (Agent::Id(a), name)
                })
            })
            .collect();
        let ctx = Context { names, ..Context::default() };
        let cache = NameIndexCache::default();
        let index = cache.get(&ctx, false);
        assert!(index.heap_bytes() < CACHED_INDEX_BYTES / 4, "{} bytes", index.heap_bytes());
        assert!(Arc::ptr_eq(&index, &cache.get(&ctx, false)));
    }

    #[test]
    fn word_boundaries_reject_a_longest_name_inside_a_word_but_keep_a_shorter_one() {
        let names: NameTable =
            [(Agent::Id(1), "Ann"), (Agent::Id(2), "Ann Bo")].into_iter().map(|(a, n)| (a, n.to_owned())).collect();
        let index = NameIndex::new(&Context { names, ..Context::default() }, true);
        let text = fold_word("Ann Bob");
        assert_eq!(index.resolve_at(&text, 0), Some((Agent::Id(1), 3)));
    }
}
