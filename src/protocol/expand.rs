//! ANY expansion (spec 3.6, "Interpretation of ANY sentences"): a sentence with ANY means the OR of every
//! substitution of it. Each ANY is expanded in the sentence that holds it as an argument, so
//! `INQUIRE Agent[01] (VOTED ANY)` becomes `INQUIRE Agent[01] (OR (VOTED Agent[01]) (VOTED Agent[02]) …)`
//! while `REQUEST ANY (…)` becomes `OR (REQUEST Agent[01] (…)) (REQUEST Agent[02] (…)) …`.
//!
//! Agents come from the caller (the game's players); roles and species are the spec's valid sets. The
//! result grows as a product, so it is sized before it is built and refused past [`MAX_EXPANDED_SENTENCES`].

use super::ast::{Agent, Content, Role, Sentence, Species};
use super::error::{ErrorCode, ParseError, Span};

/// Most sentences (every node of the tree, operators included) an expansion may produce.
pub const MAX_EXPANDED_SENTENCES: usize = 4096;

/// Most agents one expansion may substitute (more than any AIWolf game has players).
pub const MAX_EXPANSION_AGENTS: usize = 256;

/// The six valid roles of spec 3.6 (FREEMASON and FOX parse, but are not roles of a 3.6 game).
const VALID_ROLES: [Role; 6] =
    [Role::Villager, Role::Seer, Role::Medium, Role::Bodyguard, Role::Werewolf, Role::Possessed];

/// The two valid species of spec 3.6.
const VALID_SPECIES: [Species; 2] = [Species::Human, Species::Werewolf];

/// The agents an ANY stands for: a checked, non-empty list without ANY, repeats dropped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnyAgents(Vec<Agent>);

impl AnyAgents {
    /// Checks the list; the error says what is wrong with it (for a 4xx, a CLI usage error or a `ValueError`).
    pub fn new(agents: Vec<Agent>) -> Result<Self, String> {
        if agents.is_empty() {
            return Err("the agent list for ANY expansion is empty; give the game's agents".to_owned());
        }
        if agents.len() > MAX_EXPANSION_AGENTS {
            return Err(format!("{} agents for ANY expansion; the limit is {MAX_EXPANSION_AGENTS}", agents.len()));
        }
        if agents.contains(&Agent::Any) {
            return Err("ANY (or Agent[00]) cannot stand for itself in the agent list for ANY expansion".to_owned());
        }
        // `Agent[1]` and `Agent[01]` are one seat: a repeat adds nothing, so it is dropped, not refused.
        let mut distinct = Vec::with_capacity(agents.len());
        for agent in agents {
            if !distinct.contains(&agent) {
                distinct.push(agent);
            }
        }
        Ok(AnyAgents(distinct))
    }

    pub fn as_slice(&self) -> &[Agent] {
        &self.0
    }
}

impl std::str::FromStr for AnyAgents {
    type Err = String;

    /// A comma-separated list, as the command line takes it: `Agent[01],Agent[02],Agent[03]`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let agents = s.split(',').map(|word| word.trim().parse::<Agent>()).collect::<Result<Vec<_>, _>>()?;
        AnyAgents::new(agents)
    }
}

/// `sentence` with every ANY replaced by the OR over its substitutions; `expansion_too_large` when the result
/// would have more than [`MAX_EXPANDED_SENTENCES`] sentences. `span` is what the error points at (the text
/// the sentence was read from).
pub fn expand_any(sentence: &Sentence, agents: &AnyAgents, span: Span) -> Result<Sentence, ParseError> {
    let size = expanded_size(sentence, agents.as_slice().len());
    if size > MAX_EXPANDED_SENTENCES {
        return Err(ParseError::new(
            ErrorCode::ExpansionTooLarge,
            span,
            format!(
                "expanding ANY over {} agents gives {} sentences; the limit is {MAX_EXPANDED_SENTENCES}",
                agents.as_slice().len(),
                if size == usize::MAX { "too many".to_owned() } else { size.to_string() }
            ),
        ));
    }
    Ok(expand(sentence, agents.as_slice()))
}

/// How many choices each ANY-bearing argument of this sentence (not its operands) has, multiplied.
fn own_choices(sentence: &Sentence, agent_count: usize) -> usize {
    let mut choices = 1usize;
    let mut times = |n: usize| choices = choices.saturating_mul(n);
    if sentence.subject == Some(Agent::Any) {
        times(agent_count);
    }
    if sentence.content.target() == Some(Agent::Any) {
        times(agent_count);
    }
    if role(&sentence.content) == Some(Role::Any) {
        times(VALID_ROLES.len());
    }
    if species(&sentence.content) == Some(Species::Any) {
        times(VALID_SPECIES.len());
    }
    choices
}

/// The number of sentences in the expansion (saturating), computed without building it.
fn expanded_size(sentence: &Sentence, agent_count: usize) -> usize {
    let one = sentence
        .content
        .operands()
        .into_iter()
        .fold(1usize, |total, operand| total.saturating_add(expanded_size(operand, agent_count)));
    match own_choices(sentence, agent_count) {
        1 => one,
        n => n.saturating_mul(one).saturating_add(1),
    }
}

fn expand(sentence: &Sentence, agents: &[Agent]) -> Sentence {
    let mut template = sentence.clone();
    for operand in template.content.operands_mut() {
        *operand = expand(operand, agents);
    }
    let mut variants = vec![template];
    if sentence.subject == Some(Agent::Any) {
        variants = substitute(variants, agents, |s, agent| s.subject = Some(*agent));
    }
    if sentence.content.target() == Some(Agent::Any) {
        variants = substitute(variants, agents, |s, agent| {
            if let Some(target) = s.content.target_mut() {
                *target = *agent;
            }
        });
    }
    if role(&sentence.content) == Some(Role::Any) {
        variants = substitute(variants, &VALID_ROLES, |s, role| set_role(&mut s.content, *role));
    }
    if species(&sentence.content) == Some(Species::Any) {
        variants = substitute(variants, &VALID_SPECIES, |s, species| set_species(&mut s.content, *species));
    }
    match variants.len() {
        1 => variants.pop().expect("one variant"),
        _ => Sentence::new(Content::Or { sentences: variants }),
    }
}

/// Every variant once per choice, in order (the first ANY varies slowest).
fn substitute<T>(variants: Vec<Sentence>, choices: &[T], set: impl Fn(&mut Sentence, &T)) -> Vec<Sentence> {
    let mut out = Vec::with_capacity(variants.len() * choices.len());
    for variant in variants {
        for choice in choices {
            let mut next = variant.clone();
            set(&mut next, choice);
            out.push(next);
        }
    }
    out
}

fn role(content: &Content) -> Option<Role> {
    match content {
        Content::Estimate { role, .. } | Content::Comingout { role, .. } => Some(*role),
        _ => None,
    }
}

fn set_role(content: &mut Content, new: Role) {
    if let Content::Estimate { role, .. } | Content::Comingout { role, .. } = content {
        *role = new;
    }
}

fn species(content: &Content) -> Option<Species> {
    match content {
        Content::Divined { species, .. } | Content::Identified { species, .. } => Some(*species),
        _ => None,
    }
}

fn set_species(content: &mut Content, new: Species) {
    if let Content::Divined { species, .. } | Content::Identified { species, .. } = content {
        *species = new;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{ParseOptions, parse};

    fn agents(n: u32) -> AnyAgents {
        AnyAgents::new((1..=n).map(Agent::Id).collect()).unwrap()
    }

    fn expanded(text: &str, n: u32) -> Result<String, ParseError> {
        let sentence = parse(text, &ParseOptions::default()).unwrap().sentence;
        expand_any(&sentence, &agents(n), Span::new(0, text.len())).map(|s| s.to_canonical())
    }

    #[test]
    fn spec_example_inquire_voted_any() {
        assert_eq!(
            expanded("Agent[02] INQUIRE Agent[01] (VOTED ANY)", 3).unwrap(),
            "Agent[02] INQUIRE Agent[01] (OR (VOTED Agent[01]) (VOTED Agent[02]) (VOTED Agent[03]))"
        );
    }

    #[test]
    fn spec_example_request_any() {
        assert_eq!(
            expanded("REQUEST ANY (DIVINED Agent[04] WEREWOLF)", 3).unwrap(),
            "OR (REQUEST Agent[01] (DIVINED Agent[04] WEREWOLF)) (REQUEST Agent[02] (DIVINED Agent[04] WEREWOLF)) \
             (REQUEST Agent[03] (DIVINED Agent[04] WEREWOLF))"
        );
    }

    #[test]
    fn roles_species_and_subjects_expand_too() {
        assert_eq!(
            expanded("COMINGOUT Agent[01] ANY", 2).unwrap(),
            "OR (COMINGOUT Agent[01] VILLAGER) (COMINGOUT Agent[01] SEER) (COMINGOUT Agent[01] MEDIUM) \
             (COMINGOUT Agent[01] BODYGUARD) (COMINGOUT Agent[01] WEREWOLF) (COMINGOUT Agent[01] POSSESSED)"
        );
        assert_eq!(
            expanded("ANY IDENTIFIED ANY ANY", 2).unwrap(),
            "OR (Agent[01] IDENTIFIED Agent[01] HUMAN) (Agent[01] IDENTIFIED Agent[01] WEREWOLF) \
             (Agent[01] IDENTIFIED Agent[02] HUMAN) (Agent[01] IDENTIFIED Agent[02] WEREWOLF) \
             (Agent[02] IDENTIFIED Agent[01] HUMAN) (Agent[02] IDENTIFIED Agent[01] WEREWOLF) \
             (Agent[02] IDENTIFIED Agent[02] HUMAN) (Agent[02] IDENTIFIED Agent[02] WEREWOLF)"
        );
    }

    #[test]
    fn sentences_without_any_are_unchanged() {
        for text in
            ["VOTE Agent[01]", "AGREE TALK day1 ID:3", "Skip", "BECAUSE (DIVINED Agent[01] HUMAN) (VOTE Agent[02])"]
        {
            assert_eq!(
                expanded(text, 5).unwrap(),
                parse(text, &ParseOptions::default()).unwrap().sentence.to_canonical()
            );
        }
    }

    #[test]
    fn nested_any_in_both_levels() {
        assert_eq!(
            expanded("REQUEST ANY (VOTE ANY)", 2).unwrap(),
            "OR (REQUEST Agent[01] (OR (VOTE Agent[01]) (VOTE Agent[02]))) \
             (REQUEST Agent[02] (OR (VOTE Agent[01]) (VOTE Agent[02])))"
        );
    }

    #[test]
    fn size_is_exact_and_bounded() {
        let sentence = parse("REQUEST ANY (ESTIMATE ANY ANY)", &ParseOptions::default()).unwrap().sentence;
        let out = expand_any(&sentence, &agents(5), Span::at(0)).unwrap();
        fn count(s: &Sentence) -> usize {
            1 + s.content.operands().into_iter().map(count).sum::<usize>()
        }
        assert_eq!(count(&out), expanded_size(&sentence, 5));
        // Four times 15 × 15 × 6 substitutions, plus their ORs and the AND: 5,405 sentences.
        let text = "AND (ANY ESTIMATE ANY ANY) (ANY ESTIMATE ANY ANY) (ANY ESTIMATE ANY ANY) (ANY ESTIMATE ANY ANY)";
        let error = expanded(text, 15).map(|s| s.len()).unwrap_err();
        assert_eq!(error.code, ErrorCode::ExpansionTooLarge);
        assert_eq!(error.span, Span::new(0, text.len()));
        assert!(error.message.contains("gives 5405 sentences"), "{}", error.message);
        assert!(error.message.contains("limit is 4096"), "{}", error.message);
    }

    #[test]
    fn deep_nesting_saturates_instead_of_overflowing() {
        let deep = (0..60).fold("VOTE ANY".to_owned(), |inner, _| format!("REQUEST ANY ({inner})"));
        let options = ParseOptions { max_depth: 100, ..ParseOptions::default() };
        let sentence = parse(&deep, &options).unwrap().sentence;
        let error = expand_any(&sentence, &agents(15), Span::at(0)).unwrap_err();
        assert_eq!(error.code, ErrorCode::ExpansionTooLarge);
    }

    #[test]
    fn bad_agent_lists_are_refused() {
        assert!(AnyAgents::new(Vec::new()).unwrap_err().contains("empty"));
        assert!(AnyAgents::new(vec![Agent::Id(1), Agent::Any]).unwrap_err().contains("ANY"));
        assert_eq!(AnyAgents::new(vec![Agent::Id(1), Agent::Id(1)]).unwrap().as_slice(), [Agent::Id(1)]);
        assert_eq!("Agent[01], Agent[2]".parse::<AnyAgents>().unwrap().as_slice(), &[Agent::Id(1), Agent::Id(2)]);
        assert!("Agent[01],Bob".parse::<AnyAgents>().unwrap_err().contains("Bob"));
    }
}
