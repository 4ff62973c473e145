//! The `[agents]` section of a lexicon: how players are referred to (pronouns, honorifics, numbered seats,
//! group words) and where a capitalised word is taken for a name nobody has. Also the private-use tokens
//! that stand for agent references in the skeleton text, and the regex helpers the loaders share.

use std::collections::HashSet;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use regex::{Regex, RegexBuilder};
use serde::Deserialize;

use super::normalize::{fold_pattern, fold_word};

/// Lead characters of agent tokens in the skeleton text (Unicode private use, never in real talk).
pub const TOKEN_OTHER: char = '\u{E000}';
pub const TOKEN_ME: char = '\u{E001}';
pub const TOKEN_YOU: char = '\u{E002}';
pub const TOKEN_UNKNOWN: char = '\u{E003}';
/// The second character of a token is `TOKEN_INDEX + k`, k indexing the utterance's agent references.
pub const TOKEN_INDEX: u32 = 0xE100;
pub const MAX_TOKENS: usize = 256;

/// The section as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgentDef {
    speaker: Vec<String>,
    addressee: Vec<String>,
    /// Pronouns for a player named before them (him, her, 彼).
    #[serde(default)]
    anaphora: Vec<String>,
    /// Pronouns in subject position (he, she): of several players named before, the first.
    #[serde(default)]
    subject_anaphora: Vec<String>,
    /// Words that, between a player and a subject pronoun, make the pronoun that player ("vote Shion as she's
    /// the wolf"), however many were named before.
    #[serde(default)]
    back_to_nearest: Vec<String>,
    /// Nouns after which an anaphor is a possessive ("her vote", "her reaction"): no reference, so phrases
    /// written with it ("her vote" in the noise) read as written.
    #[serde(default)]
    possessed: Vec<String>,
    /// Speaker words that, right after another player and one of `reflexive_after` («リンが自分を»), may be that
    /// player or the speaker: they name nobody, unless a word of `reflexive_reported` later in the sentence tells
    /// it as what that player says (then, also after a comma, they are that player).
    #[serde(default)]
    reflexive: Vec<String>,
    #[serde(default)]
    reflexive_after: Vec<String>,
    #[serde(default)]
    reflexive_reported: Vec<String>,
    /// Endings right after a claim with no claimant that make it something the addressee did, not a claim the
    /// speaker makes («@ユミ 占いCOしてるのに», «占いCOしてるよね»).
    #[serde(default)]
    addressee_did: Vec<String>,
    /// Anaphora that also name a place or a point in the talk («ここ»): set off with a topic mark before
    /// another player in the same clause («ここは@ハルに入れる»), they mean "at this point", not a player.
    #[serde(default)]
    places: Vec<String>,
    #[serde(default)]
    honorifics: Vec<String>,
    #[serde(default)]
    plural: Vec<String>,
    #[serde(default)]
    everyone: Vec<String>,
    numbered: Vec<String>,
    #[serde(default)]
    word_boundaries: bool,
    #[serde(default)]
    name_positions: Vec<String>,
    #[serde(default)]
    coordination: Vec<String>,
    #[serde(default)]
    not_names: Vec<String>,
}

/// Agent words of one language, compiled.
#[derive(Debug)]
pub struct AgentWords {
    /// All pronouns in one automaton (leftmost-longest); `pronoun_kinds[pattern]` says which list each is from.
    pub pronouns: AhoCorasick,
    pub pronoun_kinds: Vec<PronounKind>,
    pub honorifics: Vec<String>,
    /// See `AgentDef::places`.
    pub places: Vec<String>,
    /// See `AgentDef::back_to_nearest`.
    pub back_to_nearest: Vec<String>,
    /// See `AgentDef::possessed`.
    pub possessed: Vec<String>,
    /// See `AgentDef::reflexive`.
    pub reflexive: Vec<String>,
    pub reflexive_after: Vec<String>,
    pub reflexive_reported: Vec<String>,
    /// See `AgentDef::addressee_did`.
    pub addressee_did: Vec<String>,
    pub plural: Vec<String>,
    pub numbered: DigitGated,
    /// The lexicon's talk references («1日目の1番目の発話»): no player is named inside one.
    pub talk_refs: Vec<DigitGated>,
    pub word_boundaries: bool,
    /// Capitalised words that name nobody ("I vote for Bob"); `None` when the file lists no positions.
    pub unknown: Option<UnknownNameRules>,
}

/// Where a capitalised word is taken for a name, and how lists of names are joined (see `name_positions`).
#[derive(Debug)]
pub struct UnknownNameRules {
    /// A position cue (and an optional `@`) that ends where the candidate word starts.
    pub cue_before: Regex,
    /// A joiner that ends where the candidate word starts (a reference must end where it starts).
    pub joiner_before: Regex,
    /// A joiner that starts where the candidate word ends (a reference must start where it ends).
    pub joiner_after: Regex,
    /// Folded words that are never names (vocabulary, pronouns, `not_names`).
    pub not_names: HashSet<String>,
}

/// Which list a pronoun comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PronounKind {
    Speaker,
    Addressee,
    Anaphor,
    SubjectAnaphor,
}

impl AgentDef {
    /// Compiles the section; `vocabulary` are the lexicon's other words, which are never unknown names.
    pub fn compile(&self, vocabulary: &[String]) -> Result<AgentWords, (String, String)> {
        fn at(entry: &'static str) -> impl Fn(String) -> (String, String) {
            move |reason| (format!("agents.{entry}"), reason)
        }
        let speaker = fold_all(&self.speaker);
        let addressee = fold_all(&self.addressee);
        let anaphora = fold_all(&self.anaphora);
        let subject_anaphora = fold_all(&self.subject_anaphora);
        let lists = [
            (&speaker, PronounKind::Speaker),
            (&addressee, PronounKind::Addressee),
            (&anaphora, PronounKind::Anaphor),
            (&subject_anaphora, PronounKind::SubjectAnaphor),
        ];
        let pronoun_kinds = lists.iter().flat_map(|(list, kind)| list.iter().map(|_| *kind)).collect();
        let pronouns = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .build(lists.iter().flat_map(|(list, _)| list.iter()))
            .map_err(|e| at("speaker")(e.to_string()))?;
        let numbered =
            DigitGated::new(compile(&format!("(?:{})", fold_list(&self.numbered).join("|"))).map_err(at("numbered"))?);
        if numbered.captures_len() < 2 {
            return Err(at("numbered")("each pattern needs a capture group for the number".into()));
        }
        Ok(AgentWords {
            pronouns,
            pronoun_kinds,
            honorifics: fold_all(&self.honorifics),
            places: fold_all(&self.places),
            back_to_nearest: fold_all(&self.back_to_nearest),
            possessed: fold_all(&self.possessed),
            reflexive: fold_all(&self.reflexive),
            reflexive_after: fold_all(&self.reflexive_after),
            reflexive_reported: fold_all(&self.reflexive_reported),
            addressee_did: fold_all(&self.addressee_did),
            plural: fold_all(&self.plural),
            talk_refs: Vec::new(),
            numbered,
            word_boundaries: self.word_boundaries,
            unknown: self.unknown_name_rules(vocabulary).map_err(at("name_positions"))?,
        })
    }

    /// Every word of the section (the lexicon keeps them out of its own matcher's way).
    pub fn everyone_words(&self) -> &[String] {
        &self.everyone
    }

    fn unknown_name_rules(&self, vocabulary: &[String]) -> Result<Option<UnknownNameRules>, String> {
        if self.name_positions.is_empty() {
            return Ok(None);
        }
        if self.coordination.is_empty() {
            return Err("`name_positions` needs `coordination` (how names are listed)".into());
        }
        let cues = fold_list(&self.name_positions).join("|");
        let joiner = fold_list(&self.coordination).join("|");
        let not_names =
            [&self.speaker, &self.addressee, &self.anaphora, &self.subject_anaphora, &self.everyone, &self.not_names]
                .into_iter()
                .flat_map(|list| fold_all(list))
                .chain(vocabulary.iter().map(|w| fold_word(w)))
                .collect();
        Ok(Some(UnknownNameRules {
            cue_before: compile(&format!(r"(?:{cues})(?:@\s*)?$"))?,
            joiner_before: compile(&format!(r"(?:{joiner})(?:@\s*)?$"))?,
            joiner_after: compile(&format!(r"^(?:{joiner})"))?,
            not_names,
        }))
    }
}

/// Folded, non-empty, longest first.
pub fn fold_all(words: &[String]) -> Vec<String> {
    let mut folded: Vec<String> = words.iter().map(|w| fold_word(w)).filter(|w| !w.is_empty()).collect();
    folded.sort_by_key(|w| std::cmp::Reverse(w.len()));
    folded
}

pub fn fold_list(fragments: &[String]) -> Vec<String> {
    fragments.iter().map(|f| fold_pattern(f)).collect()
}

/// A regex from a locale file that knows whether every match holds a digit (a literal one, `\d`, `[0-9]`):
/// most talk holds none, and then the search is skipped. Derefs to the regex.
#[derive(Debug, Clone)]
pub struct DigitGated {
    regex: Regex,
    needs_digit: bool,
}

impl DigitGated {
    pub fn new(regex: Regex) -> Self {
        let needs_digit = regex_syntax::parse(regex.as_str()).is_ok_and(|hir| needs_digit(&hir));
        DigitGated { regex, needs_digit }
    }

    /// The regex, or `None` when it cannot match a text that [`holds_digit`] says holds no digit.
    pub fn for_text(&self, text_holds_digit: bool) -> Option<&Regex> {
        (text_holds_digit || !self.needs_digit).then_some(&self.regex)
    }
}

impl std::ops::Deref for DigitGated {
    type Target = Regex;

    fn deref(&self) -> &Regex {
        &self.regex
    }
}

/// Whether `text` holds a character that a digit in a pattern could match (`\d` is Unicode's decimal digits,
/// all of which are numeric). Kana, common kanji and the skeleton's tokens are no numbers: asking Unicode's
/// tables about each of them would cost more than the searches saved.
pub fn holds_digit(text: &str) -> bool {
    // The ASCII head is decided byte by byte; characters are decoded from the first byte beyond ASCII on.
    let bytes = text.as_bytes();
    let Some(first) = bytes.iter().position(|b| b.is_ascii_digit() || !b.is_ascii()) else { return false };
    if bytes[first].is_ascii_digit() {
        return true;
    }
    text[first..].chars().any(|c| match c {
        '\0'..='\u{7f}' => c.is_ascii_digit(),
        '\u{3040}'..='\u{30ff}' | '\u{4e00}'..='\u{9fff}' | '\u{e000}'..='\u{f8ff}' => false,
        _ => c.is_numeric(),
    })
}

/// Whether every match of `hir` holds a numeric character.
fn needs_digit(hir: &regex_syntax::hir::Hir) -> bool {
    use regex_syntax::hir::{Class, HirKind};
    match hir.kind() {
        HirKind::Empty | HirKind::Look(_) => false,
        HirKind::Literal(literal) => String::from_utf8_lossy(&literal.0).chars().any(char::is_numeric),
        HirKind::Class(Class::Unicode(class)) => {
            !class.ranges().is_empty() && class.ranges().iter().all(|r| (r.start()..=r.end()).all(char::is_numeric))
        }
        HirKind::Class(Class::Bytes(class)) => {
            !class.ranges().is_empty() && class.ranges().iter().all(|r| r.start() >= b'0' && r.end() <= b'9')
        }
        HirKind::Repetition(repetition) => repetition.min > 0 && needs_digit(&repetition.sub),
        HirKind::Capture(capture) => needs_digit(&capture.sub),
        HirKind::Concat(parts) => parts.iter().any(needs_digit),
        HirKind::Alternation(branches) => branches.iter().all(needs_digit),
    }
}

/// A regex from a locale file: ASCII in lower case (text is matched lower-cased), `\b` the ASCII boundary.
pub fn compile(source: &str) -> Result<Regex, String> {
    check_lower_case(source)?;
    RegexBuilder::new(&ascii_word_boundaries(source)).build().map_err(|e| e.to_string())
}

/// A small regex from a locale file searched on every utterance (the sentence and piece splitters): compiled
/// ahead into a full DFA, since the lazy one of [`Regex`] spends more on setting up each search of a short
/// text than on the search itself. Same syntax and leftmost-first matches as [`compile`].
#[derive(Debug)]
pub struct Splitter(regex_automata::dfa::regex::Regex);

impl Splitter {
    /// A bound on each compiled DFA: a splitter is a few alternatives of marks (the embedded ones take tens of
    /// kilobytes), and a pattern from a user's phrase directory that would blow up is refused at load.
    const SIZE_LIMIT: usize = 8 << 20;

    pub fn compile(source: &str) -> Result<Self, String> {
        use regex_automata::dfa::{dense, regex::Regex};
        check_lower_case(source)?;
        let limits =
            dense::Config::new().dfa_size_limit(Some(Self::SIZE_LIMIT)).determinize_size_limit(Some(Self::SIZE_LIMIT));
        Regex::builder()
            .dense(limits)
            .build(&ascii_word_boundaries(source))
            .map(Splitter)
            .map_err(|e| format!("{e} (a splitter compiles to a DFA of at most {} MiB)", Self::SIZE_LIMIT >> 20))
    }

    /// The byte spans of the non-overlapping matches in `text`.
    pub fn find_iter<'t>(&'t self, text: &'t str) -> impl Iterator<Item = std::ops::Range<usize>> + 't {
        self.0.find_iter(text).map(|m| m.range())
    }
}

/// `\b` becomes the ASCII word boundary `(?-u:\b)`: the Unicode one makes the fast (lazy DFA) engines give
/// up on non-ASCII text and fall back to the slow one, and game words in `\b` patterns are ASCII anyway.
fn ascii_word_boundaries(source: &str) -> String {
    let mut out = String::with_capacity(source.len() + 16);
    let mut chars = source.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('b') => out.push_str("(?-u:\\b)"),
            Some(next) => {
                out.push('\\');
                out.push(next);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Text is matched lower-cased, so an upper-case ASCII letter outside an escape could never match.
fn check_lower_case(source: &str) -> Result<(), String> {
    let mut escaped = false;
    for c in source.chars() {
        if !escaped && c.is_ascii_uppercase() {
            return Err(format!("`{source}`: write ASCII letters in lower case (text is matched lower-cased)"));
        }
        escaped = !escaped && c == '\\';
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_splitter_finds_marks_and_refuses_a_pattern_that_would_blow_up() {
        let splitter = Splitter::compile(r"[!?;\n]+|\.+(?:\s+|$)").expect("compiles");
        let marks: Vec<_> = splitter.find_iter("Vote Kenji. Why? ok").collect();
        assert_eq!(marks, [10..12, 15..16]);
        // The n-th symbol from the end: a DFA of 2^20 states.
        let error = Splitter::compile("(?:a|b)*a(?:a|b){20}").map(|_| ()).expect_err("too large");
        assert!(error.contains("at most 8 MiB"), "{error}");
    }

    #[test]
    fn a_pattern_needs_a_digit_only_when_every_match_holds_one() {
        let gated = |pattern: &str| DigitGated::new(compile(pattern).expect("compiles")).needs_digit;
        for pattern in [r"(\d{1,3})\s*日目", r"\bday\s*(\d{1,3})\b", r"agent\s*[0-9]+", "(?:a1|b[2-3])", "１番"] {
            assert!(gated(pattern), "{pattern}");
        }
        for pattern in [r"day|\d", r"\d?", r"[0-9a]", r"(\d)*", r"\bday\b", ""] {
            assert!(!gated(pattern), "{pattern}");
        }
        assert!(holds_digit("day ３") && holds_digit("二日目 or 2") && !holds_digit("二日目"));
        assert!(holds_digit("〇") && holds_digit("٣"));
        let skipped = ['\0'..='\u{7f}', '\u{3040}'..='\u{30ff}', '\u{4e00}'..='\u{9fff}', '\u{e000}'..='\u{f8ff}'];
        for c in skipped.into_iter().flatten() {
            assert_eq!(holds_digit(c.encode_utf8(&mut [0; 4])), c.is_numeric(), "{c:?}");
        }
    }

    #[test]
    fn the_embedded_number_patterns_are_skipped_for_text_without_digits() {
        let understander = crate::understand::Understander::embedded().expect("phrases load");
        for lang in [crate::understand::Lang::Ja, crate::understand::Lang::En] {
            let lexicon = understander.lexicon(lang);
            assert!(lexicon.agents.numbered.needs_digit);
            assert!(lexicon.day.iter().chain(&lexicon.talk).chain(&lexicon.agents.talk_refs).all(|r| r.needs_digit));
        }
    }
}
