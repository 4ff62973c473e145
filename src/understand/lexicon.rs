//! A language's lexicon (`locales/<lang>.lexicon.toml`): every word the reader knows and what kind of word
//! it is (a role, a species, a time, a modality marker, a connective…), the marks particles and
//! prepositions put on a player, the verb endings, and the sentence splitter. The words live in the file;
//! this module checks them at start-up and compiles them into one matcher.

use std::collections::{BTreeMap, HashMap};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, Anchored, Input, MatchKind, StartKind};
use serde::Deserialize;

use super::UnderstandError;
use super::flags::Flags;
use super::frames::{FrameDef, Frames};
use super::nearby::Nearby;
use super::normalize::fold_word;
use super::words::{AgentDef, AgentWords, DigitGated, Splitter, compile, fold_list};
use crate::protocol::{Role, Species};

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LexiconFile {
    lang: String,
    split: SplitDef,
    agents: AgentDef,
    marks: MarkDef,
    words: WordDef,
    markers: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    endings: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    day: PatternList,
    #[serde(default)]
    talk: PatternList,
    #[serde(default)]
    nearby: Nearby,
    #[serde(default)]
    examples: Vec<(String, String)>,
}

/// Regular expressions, tried in order.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PatternList {
    patterns: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SplitDef {
    /// Where sentences end (a regex; the mark stays with its sentence).
    sentence: String,
    /// Where the pieces of a sentence end (a regex): commas and the like. A piece that says nothing lends its
    /// words to the next one.
    piece: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MarkDef {
    /// Text right after a reference → its mark (Japanese particles: 「ケンジを」 is marked `を`).
    #[serde(default)]
    after: BTreeMap<String, String>,
    /// Text right before a reference → its mark (English prepositions: "for Kenji" is marked `for`).
    #[serde(default)]
    before: BTreeMap<String, String>,
    /// What may stand between the names of a list («と», "and", ",").
    joiners: Vec<String>,
    /// What joins two alternatives («か», "or").
    or: Vec<String>,
    /// What turns a clause into a noun («…のは», «…のが»): an opinion of it is about the clause's subject.
    #[serde(default)]
    nominalisers: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct WordDef {
    role: BTreeMap<String, Vec<String>>,
    /// Species words that may be an opinion as well as a result («人間», "human").
    species: BTreeMap<String, Vec<String>>,
    /// The result marks («白», «●», "black»): a result, never a plain opinion.
    #[serde(default)]
    mark: BTreeMap<String, Vec<String>>,
    /// Words that are both the role WEREWOLF and the species WEREWOLF («狼», "wolf").
    wolf: Vec<String>,
    source: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    wh: Vec<String>,
    #[serde(default)]
    time: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    quant: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    conn: BTreeMap<String, Vec<String>>,
    /// Words that contain a known word but mean something else («人狼ゲーム»): they shadow it.
    #[serde(default)]
    noise: Vec<String>,
    /// Words that take back the player or value just said («…じゃなくて», "I mean"): what follows replaces it.
    #[serde(default)]
    correction: Vec<String>,
    /// Nouns for a person («人», «者»): a verb right before one modifies it («占い師COしている人») and asserts
    /// nothing.
    #[serde(default)]
    people: Vec<String>,
    /// Someone left unnamed as a subject («1人は», «どちらかが»): what is said of them is said of nobody known.
    #[serde(default)]
    unnamed: Vec<String>,
    /// Sentence-final particles («よ», «ね»): a clause ending in one before a comma is a sentence of its own.
    #[serde(default)]
    sentence_final: Vec<String>,
    /// A species word's denial right after it («人狼ではありませんでした») or right before it ("not a werewolf"):
    /// a result denying one species gives the other.
    #[serde(default)]
    species_denied_after: Vec<String>,
    #[serde(default)]
    species_denied_before: Vec<String>,
}

/// What a matched word is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lex {
    Role(Role),
    Species(Species),
    /// A result mark: «白», «●», "black".
    Mark(Species),
    /// Both the role and the species WEREWOLF.
    Wolf,
    Source(Source),
    /// A word that evokes a frame (index into [`Frames::frames`]).
    Cue(u16),
    Markers(Flags),
    Time(Time),
    Quant(Quant),
    Conn(Conn),
    /// An interrogative standing for a player («誰», "who").
    Wh,
    /// A group word as a participant («みんな», "everyone").
    Everyone,
    /// A self-correction: the player or value before it is replaced by the one after it.
    Correction,
    Noise,
}

/// Where a result comes from: the source word decides DIVINED or IDENTIFIED (C4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Source {
    Divination,
    Medium,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Time {
    /// 昨日, yesterday, 昨夜, last night: a past day or night.
    Past,
    /// 今日, today, now.
    Today,
    /// 今夜, tonight: tonight's action.
    Tonight,
    /// 明日, tomorrow, later.
    Future,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quant {
    /// どっちも, both: AND.
    Both,
    /// 少なくとも一人, at least one of: OR.
    AtLeastOne,
    /// どちらか一方, exactly one of, not both: XOR.
    ExactlyOne,
    /// か, or, either: a disjunction whose kind another word decides.
    Or,
    /// の中に, among: the OR of a list.
    Among,
    /// それぞれ, each: separate sentences.
    Each,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conn {
    /// 「〜から」「〜ので」: the piece before is the reason of what follows.
    ReasonBefore,
    /// "because", "since", 「なぜなら」: the piece after is the reason of what precedes (or follows, at the
    /// start of a sentence: "Since X, Y").
    ReasonAfter,
    /// 「だから」, "so", "that's why": what precedes is the reason of the piece after.
    Therefore,
    /// 「けど」, "but": a plain boundary.
    Contrast,
    /// "and": a plain boundary between clauses (and a joiner between names).
    And,
    /// 「ために」, "so that": a purpose, never a reason.
    Purpose,
    /// "who", "which": an attributive clause about the name before it; it asserts nothing (C6).
    Relative,
}

/// One language's lexicon, checked and compiled.
#[derive(Debug)]
pub struct Lexicon {
    pub agents: AgentWords,
    pub word_boundaries: bool,
    matcher: AhoCorasick,
    /// The surface and kind of each matcher pattern.
    entries: Vec<(String, Lex)>,
    /// Particles after / prepositions before a reference, longest first.
    marks_after: MarkTable,
    marks_before: MarkTable,
    endings: Option<AhoCorasick>,
    ending_flags: Vec<Flags>,
    joiners: Vec<String>,
    or_words: Vec<String>,
    nominalisers: Vec<String>,
    pub sentence: Splitter,
    pub piece: Splitter,
    pub day: Option<DigitGated>,
    pub talk: Vec<DigitGated>,
    pub frames: Frames,
    /// Nouns for a person, folded (see `words.people`).
    pub people: Vec<String>,
    /// Subjects that name nobody, folded (see `words.unnamed`).
    pub unnamed: Vec<String>,
    /// Sentence-final particles, folded (see `words.sentence_final`).
    pub sentence_final: Vec<String>,
    /// Denials of a species word after / before it, folded (see `words.species_denied_after`).
    pub species_denied_after: Vec<String>,
    pub species_denied_before: Vec<String>,
    /// Words some rules look at beside a token (see [`Nearby`]).
    pub nearby: Nearby,
    /// `(where, utterance, expected)` examples of the two files, checked by the library's tests.
    #[cfg_attr(not(test), allow(dead_code))]
    pub examples: Vec<(String, String, String)>,
}

/// A word found in a text: its kind and folded byte span.
#[derive(Debug, Clone, Copy)]
pub struct Found {
    pub lex: Lex,
    pub start: usize,
    pub end: usize,
}

impl Lexicon {
    /// Parses and checks a lexicon file and its frame file.
    pub fn load(
        (lexicon_file, lexicon_text): (&str, &str),
        (frames_file, frames_text): (&str, &str),
        expected_lang: &str,
    ) -> Result<Lexicon, UnderstandError> {
        let def: LexiconFile = toml::from_str(lexicon_text)
            .map_err(|e| UnderstandError::Syntax { file: lexicon_file.into(), reason: e.to_string() })?;
        let entry = |entry: &str, reason: String| UnderstandError::Entry {
            file: lexicon_file.into(),
            entry: entry.into(),
            reason,
        };
        if def.lang != expected_lang {
            return Err(entry("lang", format!("expected \"{expected_lang}\", found \"{}\"", def.lang)));
        }
        let frame_defs = FrameDef::parse_file(frames_file, frames_text, expected_lang)?;
        let frames = Frames::compile(frames_file, &frame_defs)?;

        let mut words = WordList::default();
        let w = &def.words;
        for (key, list) in &w.role {
            let role = Role::from_keyword(key).ok_or_else(|| entry("words.role", format!("`{key}` is no role")))?;
            words.add_all("words.role", list, Lex::Role(role));
        }
        for (key, list) in &w.species {
            let species = Species::from_keyword(key)
                .filter(|s| *s != Species::Any)
                .ok_or_else(|| entry("words.species", format!("`{key}` is no species")))?;
            words.add_all("words.species", list, Lex::Species(species));
        }
        for (key, list) in &w.mark {
            let species = Species::from_keyword(key)
                .filter(|s| *s != Species::Any)
                .ok_or_else(|| entry("words.mark", format!("`{key}` is no species")))?;
            words.add_all("words.mark", list, Lex::Mark(species));
        }
        words.add_all("words.wolf", &w.wolf, Lex::Wolf);
        for (key, list) in &w.source {
            let source = match key.as_str() {
                "divination" => Source::Divination,
                "medium" => Source::Medium,
                _ => return Err(entry("words.source", format!("`{key}`: expected divination or medium"))),
            };
            words.add_all("words.source", list, Lex::Source(source));
        }
        words.add_all("words.wh", &w.wh, Lex::Wh);
        words.add_all("words.noise", &w.noise, Lex::Noise);
        words.add_all("words.correction", &w.correction, Lex::Correction);
        words.add_all("agents.everyone", def.agents.everyone_words(), Lex::Everyone);
        for (key, list) in &w.time {
            let time = match key.as_str() {
                "past" => Time::Past,
                "today" => Time::Today,
                "tonight" => Time::Tonight,
                "future" => Time::Future,
                _ => return Err(entry("words.time", format!("`{key}`: expected past, today, tonight or future"))),
            };
            words.add_all("words.time", list, Lex::Time(time));
        }
        for (key, list) in &w.quant {
            let quant = match key.as_str() {
                "both" => Quant::Both,
                "at_least_one" => Quant::AtLeastOne,
                "exactly_one" => Quant::ExactlyOne,
                "or" => Quant::Or,
                "among" => Quant::Among,
                "each" => Quant::Each,
                _ => return Err(entry("words.quant", format!("`{key}` is no quantifier"))),
            };
            words.add_all("words.quant", list, Lex::Quant(quant));
        }
        for (key, list) in &w.conn {
            let conn = match key.as_str() {
                "reason_before" => Conn::ReasonBefore,
                "reason_after" => Conn::ReasonAfter,
                "therefore" => Conn::Therefore,
                "contrast" => Conn::Contrast,
                "and" => Conn::And,
                "purpose" => Conn::Purpose,
                "relative" => Conn::Relative,
                _ => return Err(entry("words.conn", format!("`{key}` is no connective"))),
            };
            words.add_all("words.conn", list, Lex::Conn(conn));
        }
        for (key, list) in &def.markers {
            // A key may name several flags: `neg+past` for "didn't".
            let names: Vec<String> = key.split('+').map(str::to_owned).collect();
            let flags = Flags::parse(&names).map_err(|r| entry("markers", r))?;
            words.add_all(&format!("markers.{key}"), list, Lex::Markers(flags));
        }
        for (index, frame) in frames.frames.iter().enumerate() {
            words.add_all(&format!("frame {}", frame.id), &frame.cue_words, Lex::Cue(index as u16));
        }
        let entries = words.finish().map_err(|(at, reason)| entry(&at, reason))?;

        let vocabulary: Vec<String> = entries.iter().map(|(word, _)| word.clone()).collect();
        let mut agents = def.agents.compile(&vocabulary).map_err(|(at, reason)| entry(&at, reason))?;
        let matcher = AhoCorasickBuilder::new()
            .match_kind(if agents.word_boundaries { MatchKind::Standard } else { MatchKind::LeftmostLongest })
            .build(entries.iter().map(|(word, _)| word))
            .map_err(|e| entry("words", e.to_string()))?;

        let mut ending_words = Vec::new();
        let mut ending_flags = Vec::new();
        for (ending, names) in &def.endings {
            let flags = Flags::parse(names).map_err(|r| entry(&format!("endings.{ending}"), r))?;
            ending_words.push(fold_word(ending));
            ending_flags.push(flags);
        }
        let endings = if ending_words.is_empty() {
            None
        } else {
            Some(
                AhoCorasickBuilder::new()
                    .match_kind(MatchKind::LeftmostLongest)
                    .start_kind(StartKind::Anchored)
                    .build(&ending_words)
                    .map_err(|e| entry("endings", e.to_string()))?,
            )
        };
        let marks = |table: &BTreeMap<String, String>, side: Side| {
            MarkTable::new(table.iter().map(|(k, v)| (fold_word(k), v.clone())).collect(), side)
        };
        let optional = |name: &str, list: &[String]| -> Result<Option<DigitGated>, UnderstandError> {
            if list.is_empty() {
                return Ok(None);
            }
            compile(&format!("(?:{})", fold_list(list).join("|")))
                .map(|r| Some(DigitGated::new(r)))
                .map_err(|r| entry(name, r))
        };
        let day = optional("day", &def.day.patterns)?;
        if day.as_ref().is_some_and(|d| d.captures_len() < 2) {
            return Err(entry("day", "needs a capture group for the day number".into()));
        }
        let mut talk = Vec::new();
        for pattern in &def.talk.patterns {
            let regex = compile(&super::normalize::fold_pattern(pattern)).map_err(|r| entry("talk", r))?;
            let names: Vec<&str> = regex.capture_names().flatten().collect();
            if !names.contains(&"day") || !names.contains(&"id") {
                return Err(entry("talk", format!("`{pattern}` needs the named groups `day` and `id`")));
            }
            talk.push(DigitGated::new(regex));
        }
        let mut examples: Vec<(String, String, String)> =
            def.examples.iter().map(|(u, e)| (lexicon_file.to_owned(), u.clone(), e.clone())).collect();
        for frame in &frame_defs {
            examples.extend(frame.examples.iter().map(|(u, e)| (format!("frame {}", frame.id), u.clone(), e.clone())));
        }
        agents.talk_refs = talk.clone();
        Ok(Lexicon {
            word_boundaries: agents.word_boundaries,
            agents,
            matcher,
            entries,
            marks_after: marks(&def.marks.after, Side::After),
            marks_before: marks(&def.marks.before, Side::Before),
            endings,
            ending_flags,
            joiners: def.marks.joiners.iter().map(|w| fold_word(w).trim().to_owned()).collect(),
            or_words: def.marks.or.iter().map(|w| fold_word(w).trim().to_owned()).collect(),
            nominalisers: def.marks.nominalisers.iter().map(|w| fold_word(w).trim().to_owned()).collect(),
            sentence: Splitter::compile(&super::normalize::fold_pattern(&def.split.sentence))
                .map_err(|r| entry("split.sentence", r))?,
            piece: Splitter::compile(&super::normalize::fold_pattern(&def.split.piece))
                .map_err(|r| entry("split.piece", r))?,
            day,
            talk,
            frames,
            people: def.words.people.iter().map(|w| fold_word(w)).collect(),
            sentence_final: def.words.sentence_final.iter().map(|w| fold_word(w)).collect(),
            unnamed: def.words.unnamed.iter().map(|w| fold_word(w)).collect(),
            species_denied_after: def.words.species_denied_after.iter().map(|w| fold_word(w)).collect(),
            species_denied_before: def.words.species_denied_before.iter().map(|w| fold_word(w)).collect(),
            nearby: def.nearby.folded(),
            examples,
        })
    }

    /// The words of `text` (folded skeleton text), left to right, not overlapping: the longest word wins at
    /// each place, and with word boundaries only whole words count.
    pub fn scan(&self, text: &str) -> Vec<Found> {
        let text = anonymous_tokens(text);
        let text = text.as_ref();
        let mut out = Vec::new();
        if !self.word_boundaries {
            for m in self.matcher.find_iter(text) {
                let lex = self.entries[m.pattern().as_usize()].1;
                out.push(Found { lex, start: m.start(), end: m.end() });
            }
            return out;
        }
        let mut all: Vec<(usize, usize, usize)> = self
            .matcher
            .find_overlapping_iter(text)
            .filter(|m| is_word(text, m.start(), m.end()))
            .map(|m| (m.start(), m.end(), m.pattern().as_usize()))
            .collect();
        all.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let mut at = 0;
        for (start, end, pattern) in all {
            if start >= at {
                // "as {they}": the player the word looks ahead to stays a player of the clause it opens.
                let (word, lex) = &self.entries[pattern];
                let end = match word.strip_suffix(THEY_SLOT.as_str()) {
                    Some(head) => start + head.trim_end().len(),
                    None => end,
                };
                out.push(Found { lex: *lex, start, end });
                at = end;
            }
        }
        out
    }

    /// The mark of the reference ending at `end` given by what follows it (a particle), if any, and the
    /// particle's length.
    pub fn mark_after(&self, text: &str, end: usize) -> Option<(&str, usize)> {
        let rest = text.get(end..)?;
        let trimmed = rest.trim_start_matches([' ', '\u{3000}']);
        let skipped = rest.len() - trimmed.len();
        self.marks_after
            .fitting(trimmed)
            .find_map(|(word, mark)| {
                let fits = trimmed.starts_with(word.as_str())
                    && (!self.word_boundaries
                        || is_word(trimmed, 0, word.len())
                        || !word.starts_with(char::is_alphanumeric));
                fits.then_some((mark.as_str(), skipped + word.len()))
            })
            // «僕です»: a copula after the name is no particle ("-").
            .filter(|(mark, _)| *mark != "-")
    }

    /// The mark of the reference starting at `start` given by what precedes it (a preposition), if any.
    pub fn mark_before(&self, text: &str, start: usize) -> Option<&str> {
        let before = text.get(..start)?.trim_end_matches([' ', '@']);
        self.marks_before.fitting(before).find_map(|(word, mark)| {
            let at = before.len().checked_sub(word.len())?;
            (before.ends_with(word.as_str()) && (!self.word_boundaries || is_word(before, at, before.len())))
                .then_some(mark.as_str())
        })
    }

    /// Whether the text between two names lists them («と», "and", ", ").
    pub fn joins(&self, gap: &str) -> bool {
        let gap = gap.trim_matches([' ', '\u{3000}']);
        self.joiners.iter().any(|j| j == gap) || self.is_or(gap)
    }

    /// Whether the text between two words offers them as alternatives («か», "or").
    pub fn is_or(&self, gap: &str) -> bool {
        let gap = gap.trim_matches([' ', '\u{3000}', ',', '、']);
        let gap = gap.strip_prefix("a ").or_else(|| gap.strip_prefix("the ")).unwrap_or(gap);
        self.or_words.iter().any(|w| w == gap || gap.strip_suffix(" a").or_else(|| gap.strip_suffix(" the")) == Some(w))
    }

    /// Whether the text between a subject and a predicate turns the subject's clause into a noun
    /// («ミドリが素村COを続けるのは»).
    pub fn nominalises(&self, between: &str) -> bool {
        let between = between.trim_end_matches([' ', '\u{3000}', '、', ',']);
        self.nominalisers.iter().any(|n| between.ends_with(n.as_str()))
    }

    /// Where a nominaliser closing the verb at `at` ends («疑う|のは»): only kana of the verb's ending before it.
    pub fn nominalised_at(&self, text: &str, at: usize) -> Option<usize> {
        let rest = text.get(at..)?;
        let ending = rest.find(|c: char| !super::normalize::is_hiragana(c)).unwrap_or(rest.len());
        (0..=ending).filter(|&k| rest.is_char_boundary(k)).find_map(|k| {
            let tail = &rest[k..];
            self.nominalisers.iter().find(|n| tail.starts_with(n.as_str())).map(|n| at + k + n.len())
        })
    }

    /// The verb ending that starts exactly at `at` (Japanese), with what it says and its end.
    pub fn ending_at(&self, text: &str, at: usize) -> Option<(Flags, usize)> {
        let endings = self.endings.as_ref()?;
        let input = Input::new(text).span(at..text.len()).anchored(Anchored::Yes);
        let m = endings.find(input)?;
        Some((self.ending_flags[m.pattern().as_usize()], m.end()))
    }
}

/// Collects words with their kinds; the same word in two lists is an error naming both.
#[derive(Default)]
struct WordList {
    seen: HashMap<String, (String, Lex)>,
    entries: Vec<(String, Lex)>,
    conflict: Option<(String, String)>,
}

impl WordList {
    fn add_all(&mut self, list_name: &str, words: &[String], lex: Lex) {
        for word in words {
            let folded = with_pronoun_slots(&fold_word(word));
            if folded.is_empty() {
                self.conflict.get_or_insert((list_name.to_owned(), "an empty word".into()));
                continue;
            }
            if folded.trim_end_matches(THEY_SLOT.as_str()).contains(THEY_SLOT.as_str()) || folded == *THEY_SLOT {
                self.conflict.get_or_insert((
                    list_name.to_owned(),
                    format!("`{word}`: {{they}} looks ahead, so it may only end a word that has words before it"),
                ));
                continue;
            }
            if let Some((other, other_lex)) = self.seen.get(&folded) {
                if *other_lex != lex {
                    self.conflict.get_or_insert((
                        list_name.to_owned(),
                        format!("`{word}` is also listed in {other}; a word has one kind"),
                    ));
                }
                continue;
            }
            self.seen.insert(folded.clone(), (list_name.to_owned(), lex));
            self.entries.push((folded, lex));
        }
    }

    fn finish(self) -> Result<Vec<(String, Lex)>, (String, String)> {
        match self.conflict {
            Some(conflict) => Err(conflict),
            None => Ok(self.entries),
        }
    }
}

/// The index character every agent token has in the text [`Lexicon::scan`] searches: words of the lexicon
/// may contain a pronoun («{me} think», "could {you}"), which then matches the speaker's or addressee's token.
const ANY_TOKEN_INDEX: char = '\u{E0FF}';

/// What `{they}` in a lexicon word becomes: any other player's token (a name, or "he"/"she" resolved).
static THEY_SLOT: std::sync::LazyLock<String> =
    std::sync::LazyLock::new(|| format!("{}{ANY_TOKEN_INDEX}", super::words::TOKEN_OTHER));

/// `{me}` and `{you}` in a lexicon word become the tokens they match, and the word takes the token in.
/// `{they}` (only at the end) matches another player's token but leaves it out of the word: "as {they}" opens a
/// reason whose subject that player is.
fn with_pronoun_slots(word: &str) -> String {
    word.replace("{me}", &format!("{}{ANY_TOKEN_INDEX}", super::words::TOKEN_ME))
        .replace("{you}", &format!("{}{ANY_TOKEN_INDEX}", super::words::TOKEN_YOU))
        .replace("{they}", &THEY_SLOT)
}

/// `text` with every token's index character replaced by [`ANY_TOKEN_INDEX`] (same length in UTF-8).
fn anonymous_tokens(text: &str) -> std::borrow::Cow<'_, str> {
    let mut indexes = text.char_indices().filter(|&(_, c)| ('\u{E100}'..='\u{E1FF}').contains(&c)).peekable();
    if indexes.peek().is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    // The text between index characters is copied a run at a time.
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for (at, c) in indexes {
        out.push_str(&text[copied..at]);
        out.push(ANY_TOKEN_INDEX);
        copied = at + c.len_utf8();
    }
    out.push_str(&text[copied..]);
    std::borrow::Cow::Owned(out)
}

/// Which side of a reference a mark table's words stand on.
#[derive(Debug, Clone, Copy)]
enum Side {
    After,
    Before,
}

/// Marks (particles or prepositions), longest first, indexed by the character that touches the reference: a
/// lookup compares only the few words that can fit (it runs for every name in every utterance).
#[derive(Debug)]
struct MarkTable {
    marks: Vec<(String, String)>,
    side: Side,
    /// For each key byte, the indices of the marks whose touching character ends with it (so that kana,
    /// which share their first bytes, spread over the lists), in table order; the last list is for no
    /// character at all (the reference touches the end of the text).
    by_byte: Vec<Vec<usize>>,
}

impl MarkTable {
    const NO_BYTE: usize = 256;

    fn new(mut marks: Vec<(String, String)>, side: Side) -> Self {
        marks.sort_by_key(|(word, _)| std::cmp::Reverse(word.len()));
        let mut by_byte = vec![Vec::new(); Self::NO_BYTE + 1];
        for (i, (word, _)) in marks.iter().enumerate() {
            match Self::key(side, word) {
                Self::NO_BYTE => by_byte.iter_mut().for_each(|list| list.push(i)), // an empty word fits anywhere
                key => by_byte[key].push(i),
            }
        }
        MarkTable { marks, side, by_byte }
    }

    /// The last byte of the character of `text` that touches the reference: its first character for a mark
    /// after it, its last for a mark before it.
    fn key(side: Side, text: &str) -> usize {
        let touching = match side {
            Side::After => text.chars().next(),
            Side::Before => text.chars().next_back(),
        };
        touching.map_or(Self::NO_BYTE, |c| usize::from(c.encode_utf8(&mut [0; 4]).as_bytes()[c.len_utf8() - 1]))
    }

    /// The marks that may fit `text` (what follows the reference, or what precedes it), longest first.
    fn fitting(&self, text: &str) -> impl Iterator<Item = &(String, String)> {
        self.by_byte[Self::key(self.side, text)].iter().map(|&i| &self.marks[i])
    }
}

/// Whether an English verb cue is said in its third-person or past form ("claims", "declared"), which no
/// command takes.
pub fn inflected(cue: &str) -> bool {
    let verb = cue.split_whitespace().next().unwrap_or("").to_ascii_lowercase();
    verb.len() > 3 && (verb.ends_with('s') && !verb.ends_with("ss") || verb.ends_with("ed"))
}

/// Whether `text[start..end]` is a whole word: no letter or digit glued to either side. Agent tokens
/// (private use) and punctuation are boundaries.
pub fn is_word(text: &str, start: usize, end: usize) -> bool {
    let glued = |c: char| c.is_ascii_alphanumeric();
    // A word that starts or ends with a non-letter ("'d you", "+1") needs no boundary on that side.
    let starts_word = text[start..end].chars().next().is_some_and(glued);
    let ends_word = text[start..end].chars().next_back().is_some_and(glued);
    let before = !starts_word || text[..start].chars().next_back().is_none_or(|c| !glued(c));
    let after = !ends_word || text[end..].chars().next().is_none_or(|c| !glued(c));
    before && after
}

#[cfg(test)]
mod tests {
    use super::{MarkTable, Side};

    fn table(side: Side) -> MarkTable {
        let marks = [("に", "to"), ("には", "to-topic"), ("が", "subject"), ("from", "from"), ("to", "to")];
        MarkTable::new(marks.iter().map(|(w, m)| (w.to_string(), m.to_string())).collect(), side)
    }

    fn fitting(table: &MarkTable, text: &str) -> Vec<String> {
        table.fitting(text).map(|(word, _)| word.clone()).collect()
    }

    #[test]
    fn a_mark_table_offers_the_words_touching_the_reference_longest_first() {
        let after = table(Side::After);
        // Kana share their leading bytes: the key is the touching character's last byte.
        assert_eq!(fitting(&after, "には投票しない"), ["には", "に"]);
        assert_eq!(fitting(&after, "が怪しい"), ["が"]);
        assert_eq!(fitting(&after, "to vote"), ["to"]);
        assert!(fitting(&after, "").is_empty());
        let before = table(Side::Before);
        assert_eq!(fitting(&before, "votes from"), ["from"]);
        assert_eq!(fitting(&before, "ケンジには"), ["には"]);
    }
}
