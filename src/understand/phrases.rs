//! The phrase files (`locales/<lang>.phrases.toml`): what they may contain, how they are checked at start-up
//! and compiled into matchers. The words live in the files; this module holds only the machinery.

use std::collections::{BTreeMap, HashMap, HashSet};

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use regex::{Regex, RegexBuilder, RegexSet, RegexSetBuilder};
use serde::Deserialize;

use super::UnderstandError;
use super::normalize::{fold_pattern, fold_word};
use crate::protocol::{ParseOptions, Role, Species, parse};

/// The file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PhraseFile {
    lang: String,
    vocab: VocabDef,
    agents: AgentDef,
    markers: MarkerDef,
    split: SplitDef,
    #[serde(rename = "pattern", default)]
    patterns: Vec<PatternDef>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct VocabDef {
    role: BTreeMap<String, Vec<String>>,
    species: BTreeMap<String, Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AgentDef {
    speaker: Vec<String>,
    addressee: Vec<String>,
    #[serde(default)]
    anaphora: Vec<String>,
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MarkerDef {
    #[serde(default)]
    hedge: Vec<String>,
    #[serde(default)]
    negation: Vec<String>,
    #[serde(default)]
    question: Vec<String>,
    #[serde(default)]
    conditional: Vec<String>,
    #[serde(default)]
    hearsay: Vec<String>,
    #[serde(default)]
    day: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SplitDef {
    sentence: String,
    #[serde(default)]
    reason_before: Vec<String>,
    #[serde(default)]
    reason_after: Vec<String>,
    #[serde(default)]
    join_next: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PatternDef {
    id: String,
    #[serde(rename = "match")]
    matcher: String,
    #[serde(default)]
    make: String,
    kind: Kind,
    #[serde(default)]
    negatable: bool,
    #[serde(default = "yes")]
    in_replies: bool,
    #[serde(default)]
    confidence: Option<f32>,
    #[serde(default)]
    alternatives: Vec<String>,
    #[serde(default)]
    examples: Vec<(String, String)>,
}

fn yes() -> bool {
    true
}

/// How the stance markers around a match act on it (see `map.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A flat statement (claim, result, intent, report): dropped under a hedge or a question, wrapped in NOT
    /// under a negation when the pattern is `negatable`, dropped otherwise.
    Claim,
    /// Already hedged (ESTIMATE): dropped under a negation or a question.
    Estimate,
    /// A request: the pattern consumed its own request form; dropped under a trailing negation.
    Request,
    /// A question that the pattern consumed: kept as is.
    Inquire,
    /// Words that must not be read by a shorter pattern (「自称占い師」, "3人占い師CO"): they win the overlap
    /// and yield nothing. `make` is empty.
    Ignore,
}

/// Lead characters of agent tokens in the skeleton text (Unicode private use, never in real talk).
pub const TOKEN_OTHER: char = '\u{E000}';
pub const TOKEN_ME: char = '\u{E001}';
pub const TOKEN_YOU: char = '\u{E002}';
pub const TOKEN_UNKNOWN: char = '\u{E003}';
/// The second character of a token is `TOKEN_INDEX + k`, k indexing the utterance's agent references.
pub const TOKEN_INDEX: u32 = 0xE100;
pub const MAX_TOKENS: usize = 256;

const ANY_INDEX: &str = r"[\x{e100}-\x{e1ff}]";
/// Slot kinds that match an agent token.
pub const AGENT_SLOTS: &[&str] = &["agent", "other", "me", "you", "asked"];
/// Placeholders a `make` may use besides the slots of its `match`.
const CONTEXT_SLOTS: &[&str] = &["speaker", "addressee", "target"];

/// A compiled phrase pattern.
#[derive(Debug)]
pub struct Pattern {
    /// The file's name for the pattern (shown in `Debug` output when a phrase file is being tuned).
    #[cfg_attr(not(test), allow(dead_code))]
    pub id: String,
    pub regex: Regex,
    pub make: String,
    pub kind: Kind,
    pub negatable: bool,
    /// Whether the pattern reads talk that answers a `>>Agent[NN]` anchor. Bare assertions in such replies
    /// («>>Agent[03] Agent[05]は狼だ») restate an opinion for the asker rather than report a result.
    pub in_replies: bool,
    pub confidence: f32,
    pub alternatives: Vec<String>,
    /// Slot names of the match, in the order of the regex's named groups.
    pub slots: Vec<String>,
    /// For a pattern with `^`/`$` anchors (a clause's ends), the pattern without them: what the
    /// whole-utterance prefilter searches for.
    unanchored: Option<Regex>,
}

impl Pattern {
    /// What to search the whole utterance for: a superset of the pattern's matches in any of its clauses.
    pub fn probe(&self) -> &Regex {
        self.unanchored.as_ref().unwrap_or(&self.regex)
    }
}

/// Agent words of one language.
#[derive(Debug)]
pub struct AgentWords {
    /// All pronouns in one automaton (leftmost-longest); `pronoun_kinds[pattern]` says which list each is from.
    pub pronouns: AhoCorasick,
    pub pronoun_kinds: Vec<PronounKind>,
    pub honorifics: Vec<String>,
    pub plural: Vec<String>,
    /// Group addresses («みんな、», "Others:»): a sentence opening with one speaks to everyone.
    pub everyone: Vec<String>,
    pub numbered: Regex,
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
    /// An agent slot's end followed by a coordination that reaches an unknown token.
    pub joined_unknown_after: Regex,
    /// An agent slot's start preceded by an unknown token and a coordination.
    pub joined_unknown_before: Regex,
}

/// Which list a pronoun comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PronounKind {
    Speaker,
    Addressee,
    Anaphor,
}

/// Stance markers, each an alternation of the file's fragments (`None` when the list is empty).
#[derive(Debug)]
pub struct Markers {
    pub hedge: Option<Regex>,
    pub negation: Option<Regex>,
    pub question: Option<Regex>,
    pub conditional: Option<Regex>,
    pub hearsay: Option<Regex>,
    pub day: Option<Regex>,
}

/// Clause boundaries.
#[derive(Debug)]
pub struct Splits {
    pub sentence: Regex,
    pub reason_before: Option<Regex>,
    pub reason_after: Option<Regex>,
    /// A sentence that starts with one of these continues the previous one (「…占いました。結果は人狼です」).
    pub join_next: Option<Regex>,
}

/// One language's phrases, checked and compiled.
#[derive(Debug)]
pub struct Phrases {
    pub roles: HashMap<String, Role>,
    pub species: HashMap<String, Species>,
    pub agents: AgentWords,
    pub markers: Markers,
    pub splits: Splits,
    pub set: RegexSet,
    pub patterns: Vec<Pattern>,
    /// `(pattern id, utterance, expected canonical list)` examples from the file, checked by the test suite.
    #[cfg_attr(not(test), allow(dead_code))]
    pub examples: Vec<(String, String, String)>,
}

impl Phrases {
    /// Parses and checks `text` (the content of `file`).
    pub fn load(file: &str, text: &str, expected_lang: &str) -> Result<Phrases, UnderstandError> {
        let def: PhraseFile =
            toml::from_str(text).map_err(|e| UnderstandError::Syntax { file: file.into(), reason: e.to_string() })?;
        let entry =
            |entry: &str, reason: String| UnderstandError::Entry { file: file.into(), entry: entry.into(), reason };
        if def.lang != expected_lang {
            return Err(entry("lang", format!("expected \"{expected_lang}\", found \"{}\"", def.lang)));
        }
        let roles = vocabulary(&def.vocab.role, Role::from_keyword).map_err(|r| entry("vocab.role", r))?;
        let species = vocabulary(&def.vocab.species, Species::from_keyword).map_err(|r| entry("vocab.species", r))?;
        let role_re = alternation(roles.keys());
        let species_re = alternation(species.keys());

        let speaker = fold_all(&def.agents.speaker);
        let addressee = fold_all(&def.agents.addressee);
        let anaphora = fold_all(&def.agents.anaphora);
        let lists =
            [(&speaker, PronounKind::Speaker), (&addressee, PronounKind::Addressee), (&anaphora, PronounKind::Anaphor)];
        let pronoun_kinds = lists.iter().flat_map(|(list, kind)| list.iter().map(|_| *kind)).collect();
        let pronouns = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            .build(lists.iter().flat_map(|(list, _)| list.iter()))
            .map_err(|e| entry("agents", e.to_string()))?;
        let agents = AgentWords {
            pronouns,
            pronoun_kinds,
            honorifics: fold_all(&def.agents.honorifics),
            plural: fold_all(&def.agents.plural),
            everyone: fold_all(&def.agents.everyone),
            numbered: compile(&format!("(?:{})", fold_list(&def.agents.numbered).join("|")))
                .map_err(|r| entry("agents.numbered", r))?,
            word_boundaries: def.agents.word_boundaries,
            unknown: unknown_name_rules(&def, &roles, &species).map_err(|r| entry("agents.name_positions", r))?,
        };
        if agents.numbered.captures_len() < 2 {
            return Err(entry("agents.numbered", "each pattern needs a capture group for the number".into()));
        }
        let marker = |name: &str, list: &[String]| marker_regex(list).map_err(|r| entry(&format!("markers.{name}"), r));
        let m = &def.markers;
        let markers = Markers {
            hedge: marker("hedge", &m.hedge)?,
            negation: marker("negation", &m.negation)?,
            question: marker("question", &m.question)?,
            conditional: marker("conditional", &m.conditional)?,
            hearsay: marker("hearsay", &m.hearsay)?,
            day: marker("day", &m.day)?,
        };
        if markers.day.as_ref().is_some_and(|d| d.captures_len() < 2) {
            return Err(entry("markers.day", "needs a capture group for the day number".into()));
        }
        let splits = Splits {
            sentence: compile(&fold_pattern(&def.split.sentence)).map_err(|r| entry("split.sentence", r))?,
            reason_before: marker_regex(&def.split.reason_before).map_err(|r| entry("split.reason_before", r))?,
            reason_after: marker_regex(&def.split.reason_after).map_err(|r| entry("split.reason_after", r))?,
            join_next: marker_regex(&def.split.join_next.iter().map(|j| format!("^\\s*{j}")).collect::<Vec<_>>())
                .map_err(|r| entry("split.join_next", r))?,
        };

        let mut patterns = Vec::with_capacity(def.patterns.len());
        let mut examples = Vec::new();
        for p in &def.patterns {
            let name = format!("pattern {}", p.id);
            let pattern = compile_pattern(p, &role_re, &species_re).map_err(|r| entry(&name, r))?;
            for (utterance, expected) in &p.examples {
                examples.push((p.id.clone(), utterance.clone(), expected.clone()));
            }
            patterns.push(pattern);
        }
        let set = RegexSetBuilder::new(patterns.iter().map(|p| p.probe().as_str()))
            .dfa_size_limit(DFA_CACHE_BYTES * 4)
            .build()
            .map_err(|e| entry("pattern", format!("cannot combine the patterns: {e}")))?;
        Ok(Phrases { roles, species, agents, markers, splits, set, patterns, examples })
    }
}

/// Folded synonym → value; every key must be a protocol keyword.
fn vocabulary<T: Copy>(
    table: &BTreeMap<String, Vec<String>>,
    keyword: fn(&str) -> Option<T>,
) -> Result<HashMap<String, T>, String> {
    let mut map = HashMap::new();
    for (key, words) in table {
        let value = keyword(key).ok_or_else(|| format!("`{key}` is not a protocol keyword"))?;
        for word in words {
            let folded = fold_word(word);
            if folded.is_empty() {
                return Err(format!("{key}: empty word"));
            }
            map.insert(folded, value);
        }
    }
    Ok(map)
}

/// A regex alternation of literal words, longest first (leftmost-longest behaviour in a backtracking-free
/// engine that prefers earlier alternatives).
fn alternation<'a>(words: impl Iterator<Item = &'a String>) -> String {
    let mut words: Vec<&String> = words.collect();
    words.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let escaped: Vec<String> = words.iter().map(|w| regex::escape(w)).collect();
    format!("(?:{})", escaped.join("|"))
}

fn unknown_name_rules(
    def: &PhraseFile,
    roles: &HashMap<String, Role>,
    species: &HashMap<String, Species>,
) -> Result<Option<UnknownNameRules>, String> {
    let a = &def.agents;
    if a.name_positions.is_empty() {
        return Ok(None);
    }
    if a.coordination.is_empty() {
        return Err("`name_positions` needs `coordination` (how names are listed)".into());
    }
    let cues = fold_list(&a.name_positions).join("|");
    let joiner = fold_list(&a.coordination).join("|");
    let known = format!(r"[\x{{e000}}-\x{{e002}}]{ANY_INDEX}");
    let unknown = format!(r"\x{{e003}}{ANY_INDEX}");
    let not_names = [&a.speaker, &a.addressee, &a.anaphora, &a.everyone, &a.not_names]
        .into_iter()
        .flat_map(|list| fold_all(list))
        .chain(roles.keys().cloned())
        .chain(species.keys().cloned())
        .collect();
    Ok(Some(UnknownNameRules {
        cue_before: compile(&format!(r"(?:{cues})(?:@\s*)?$"))?,
        joiner_before: compile(&format!(r"(?:{joiner})(?:@\s*)?$"))?,
        joiner_after: compile(&format!(r"^(?:{joiner})"))?,
        not_names,
        joined_unknown_after: compile(&format!(r"^(?:(?:{joiner}){known})*(?:{joiner}){unknown}"))?,
        joined_unknown_before: compile(&format!(r"{unknown}(?:(?:{joiner}){known})*(?:{joiner})$"))?,
    }))
}

fn fold_all(words: &[String]) -> Vec<String> {
    let mut folded: Vec<String> = words.iter().map(|w| fold_word(w)).filter(|w| !w.is_empty()).collect();
    folded.sort_by_key(|w| std::cmp::Reverse(w.len()));
    folded
}

fn fold_list(fragments: &[String]) -> Vec<String> {
    fragments.iter().map(|f| fold_pattern(f)).collect()
}

fn compile(source: &str) -> Result<Regex, String> {
    check_lower_case(source)?;
    RegexBuilder::new(&ascii_word_boundaries(source)).dfa_size_limit(DFA_CACHE_BYTES).build().map_err(|e| e.to_string())
}

/// Lazy-DFA cache per regex. The default (2 MiB) is too small for the pattern set, whose many Japanese
/// alternatives keep the cache refilling (determinization dominated the profile); states are built once
/// and kept with this size.
const DFA_CACHE_BYTES: usize = 16 << 20;

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

fn marker_regex(list: &[String]) -> Result<Option<Regex>, String> {
    if list.is_empty() {
        return Ok(None);
    }
    compile(&format!("(?:{})", fold_list(list).join("|"))).map(Some)
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

/// The kind of a slot: `agent2` and `agent_r1` are agents.
pub fn slot_base(name: &str) -> &str {
    name.split(|c: char| c.is_ascii_digit() || c == '_').next().unwrap_or(name)
}

fn slot_regex(slot: &str, role_re: &str, species_re: &str) -> Option<String> {
    let base = slot_base(slot);
    Some(match base {
        "agent" => format!(r"[\x{{e000}}-\x{{e002}}]{ANY_INDEX}"),
        "other" => format!(r"\x{{e000}}{ANY_INDEX}"),
        "asked" => format!(r"[\x{{e000}}\x{{e002}}]{ANY_INDEX}"),
        "me" => format!(r"\x{{e001}}{ANY_INDEX}"),
        "you" => format!(r"\x{{e002}}{ANY_INDEX}"),
        "role" => role_re.to_owned(),
        "species" => species_re.to_owned(),
        "day" | "id" => r"\d{1,4}".to_owned(),
        _ => return None,
    })
}

/// Expands `{slot}` into named groups and checks `make` against the slots.
fn compile_pattern(def: &PatternDef, role_re: &str, species_re: &str) -> Result<Pattern, String> {
    let source = fold_pattern(&def.matcher);
    let mut expanded = String::with_capacity(source.len() * 2);
    let mut slots: Vec<String> = Vec::new();
    let mut rest = source.as_str();
    while let Some(open) = rest.find('{') {
        let (before, after) = rest.split_at(open);
        expanded.push_str(before);
        let close = after.find('}').ok_or_else(|| format!("unclosed `{{` in `{}`", def.matcher))?;
        let name = &after[1..close];
        if name.starts_with(|c: char| c.is_ascii_lowercase()) {
            let slot = slot_regex(name, role_re, species_re).ok_or_else(|| format!("unknown slot `{{{name}}}`"))?;
            // Agents are tokens of non-word characters: a `\b` right after one can never match before
            // punctuation or the end, which silently disables the alternative.
            if AGENT_SLOTS.contains(&slot_base(name)) && after[close + 1..].starts_with("\\b") {
                return Err(format!("`{{{name}}}\\b`: an agent slot is not a word; leave out the `\\b`"));
            }
            // A slot repeated in another alternative is captured under a numbered alias (`role_r1`): the regex
            // engine wants unique group names, and `make` falls back to any matched slot of the same kind.
            let mut group = name.to_owned();
            let mut k = 0;
            while slots.contains(&group) {
                k += 1;
                group = format!("{name}_r{k}");
            }
            expanded.push_str(&format!("(?<{group}>{slot})"));
            slots.push(group);
        } else {
            expanded.push_str(&after[..=close]);
        }
        rest = &after[close + 1..];
    }
    expanded.push_str(rest);
    let regex = compile(&expanded)?;
    let relaxed = without_anchors(&expanded);
    let unanchored = if relaxed == expanded { None } else { Some(compile(&relaxed)?) };
    if def.kind == Kind::Ignore {
        if !def.make.is_empty() || !def.alternatives.is_empty() {
            return Err("an `ignore` pattern makes nothing: leave out `make` and `alternatives`".into());
        }
    } else {
        for make in std::iter::once(&def.make).chain(&def.alternatives) {
            check_make(make, &slots)?;
        }
    }
    let confidence = def.confidence.unwrap_or(0.9);
    if !(0.0..=1.0).contains(&confidence) {
        return Err(format!("confidence {confidence} is not within 0..1"));
    }
    Ok(Pattern {
        id: def.id.clone(),
        regex,
        make: def.make.clone(),
        kind: def.kind,
        negatable: def.negatable,
        in_replies: def.in_replies,
        confidence,
        alternatives: def.alternatives.clone(),
        unanchored,
        slots,
    })
}

/// `source` without its `^` and `$` anchors (outside escapes and character classes): it matches a superset of
/// what `source` matches.
fn without_anchors(source: &str) -> String {
    let mut out = String::with_capacity(source.len());
    let mut chars = source.chars().peekable();
    let mut in_class = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                out.push(c);
                out.extend(chars.next());
            }
            '[' => {
                in_class += 1;
                out.push(c);
                // A leading `^` negates the class; a `]` right after the opening is a literal.
                out.extend(chars.next_if_eq(&'^'));
                out.extend(chars.next_if_eq(&']'));
            }
            ']' if in_class > 0 => {
                in_class -= 1;
                out.push(c);
            }
            '^' | '$' if in_class == 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// `make` may only use the match's slots and the context slots, and with sample values it must be protocol.
fn check_make(make: &str, slots: &[String]) -> Result<(), String> {
    let sample = fill(make, |name| {
        let base = slot_base(name);
        let known = slots.iter().any(|s| s == name) || CONTEXT_SLOTS.contains(&name);
        known.then(|| match base {
            "role" => "SEER".to_owned(),
            "species" => "HUMAN".to_owned(),
            "day" | "id" => "1".to_owned(),
            _ => "Agent[01]".to_owned(),
        })
    })?;
    parse(&sample, &ParseOptions::default()).map_err(|e| format!("make `{make}` is not protocol: {e}"))?;
    Ok(())
}

/// Replaces every `{name}` in `template` with `value(name)`; an unknown name is an error.
pub fn fill(template: &str, mut value: impl FnMut(&str) -> Option<String>) -> Result<String, String> {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open..];
        let close = after.find('}').ok_or_else(|| format!("unclosed `{{` in `{template}`"))?;
        let name = &after[1..close];
        out.push_str(&value(name).ok_or_else(|| format!("unknown placeholder `{{{name}}}` in `{template}`"))?);
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::without_anchors;

    #[test]
    fn anchors_go_but_classes_and_escapes_stay() {
        assert_eq!(without_anchors(r"^\s*vote\s+(?:[!。]|$)"), r"\s*vote\s+(?:[!。]|)");
        assert_eq!(without_anchors(r"[^、。]{0,8}の\$\^[]^$]x$"), r"[^、。]{0,8}の\$\^[]^$]x");
        assert_eq!(without_anchors("plain"), "plain");
    }
}
