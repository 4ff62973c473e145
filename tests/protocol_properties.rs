//! Properties of the protocol language: printing then parsing gives the tree back, and no input makes the
//! parser panic.

mod common;

use aiwolf_nl::protocol::{
    Agent, Content, ParseOptions, Role, Sentence, Species, TalkKind, TalkRef, canonicalized, parse,
    parse_without_fast_path,
};
use proptest::prelude::*;

fn agent() -> impl Strategy<Value = Agent> + Clone {
    prop_oneof![1 => Just(Agent::Any), 6 => (1u32..=15).prop_map(Agent::Id), 1 => (16u32..=i32::MAX as u32).prop_map(Agent::Id)]
}

fn number() -> impl Strategy<Value = u32> + Clone {
    prop_oneof![4 => 0u32..=20, 1 => any::<u32>().prop_map(|n| n % (i32::MAX as u32 + 1))]
}

fn leaf() -> impl Strategy<Value = Content> {
    let role = prop::sample::select(Role::ALL);
    let species = prop::sample::select(Species::ALL);
    let talk =
        (prop::sample::select(TalkKind::ALL), number(), number()).prop_map(|(kind, day, id)| TalkRef { kind, day, id });
    prop_oneof![
        Just(Content::Skip),
        Just(Content::Over),
        (agent(), role.clone()).prop_map(|(target, role)| Content::Estimate { target, role }),
        (agent(), role).prop_map(|(target, role)| Content::Comingout { target, role }),
        agent().prop_map(|target| Content::Divination { target }),
        agent().prop_map(|target| Content::Guard { target }),
        agent().prop_map(|target| Content::Vote { target }),
        agent().prop_map(|target| Content::Attack { target }),
        (agent(), species.clone()).prop_map(|(target, species)| Content::Divined { target, species }),
        (agent(), species).prop_map(|(target, species)| Content::Identified { target, species }),
        agent().prop_map(|target| Content::Guarded { target }),
        agent().prop_map(|target| Content::Voted { target }),
        agent().prop_map(|target| Content::Attacked { target }),
        talk.clone().prop_map(|talk| Content::Agree { talk }),
        talk.prop_map(|talk| Content::Disagree { talk }),
    ]
}

fn sentence_of(content: impl Strategy<Value = Content>) -> impl Strategy<Value = Sentence> {
    (prop::option::of(agent()), content).prop_map(|(subject, content)| {
        let subject = if matches!(content, Content::Skip | Content::Over) { None } else { subject };
        Sentence { subject, content }
    })
}

/// Arbitrary trees up to depth 4, redundant subjects included.
fn sentence() -> impl Strategy<Value = Sentence> {
    sentence_of(leaf()).prop_recursive(4, 24, 4, |inner| {
        let boxed = inner.clone().prop_map(Box::new);
        sentence_of(prop_oneof![
            (agent(), boxed.clone()).prop_map(|(target, sentence)| Content::Request { target, sentence }),
            (agent(), boxed.clone()).prop_map(|(target, sentence)| Content::Inquire { target, sentence }),
            (boxed.clone(), boxed.clone()).prop_map(|(reason, conclusion)| Content::Because { reason, conclusion }),
            (number(), boxed.clone()).prop_map(|(day, sentence)| Content::Day { day, sentence }),
            boxed.clone().prop_map(|sentence| Content::Not { sentence }),
            prop::collection::vec(inner.clone(), 1..4).prop_map(|sentences| Content::And { sentences }),
            prop::collection::vec(inner.clone(), 1..4).prop_map(|sentences| Content::Or { sentences }),
            (boxed.clone(), boxed).prop_map(|(left, right)| Content::Xor { left, right }),
        ])
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn printing_then_parsing_gives_the_canonical_tree(tree in sentence()) {
        let text = tree.to_canonical();
        let parsed = parse(&text, &ParseOptions::strict());
        prop_assert!(parsed.is_ok(), "{text:?} rejected: {parsed:?}");
        let parsed = parsed.unwrap();
        prop_assert_eq!(&parsed.sentence, &canonicalized(&tree), "{}", text);
        prop_assert!(parsed.warnings.is_empty());
        // A canonical tree comes back exactly.
        let canonical = canonicalized(&tree);
        prop_assert_eq!(parse(&canonical.to_canonical(), &ParseOptions::strict()).unwrap().sentence, canonical);
    }

    #[test]
    fn the_fast_path_agrees_with_the_full_parser(tree in sentence(), cut in any::<prop::sample::Index>(), junk in "[ ()A-Z0-9\\[\\]]{0,3}") {
        let text = tree.to_canonical();
        let at = cut.index(text.len() + 1);
        for input in [text.clone(), format!("{}{}{}", &text[..at], junk, &text[at..])] {
            for options in [ParseOptions::default(), ParseOptions::strict(), ParseOptions { max_depth: 2, ..ParseOptions::default() }] {
                prop_assert_eq!(parse(&input, &options), parse_without_fast_path(&input, &options), "{}", input);
            }
        }
    }

    #[test]
    fn the_json_form_round_trips(tree in sentence()) {
        let json = serde_json::to_string(&tree).unwrap();
        let back: Sentence = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, tree);
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let _ = parse(&text, &ParseOptions::default());
        let _ = parse(&text, &ParseOptions::strict());
    }

    #[test]
    fn protocol_shaped_text_never_panics(text in "[ \\t()A-Za-z\\[\\]0-9:　（）Ａ０]{0,120}") {
        if let Ok(parsed) = parse(&text, &ParseOptions::default()) {
            // Whatever is accepted prints to text that is accepted strictly as the same tree.
            let again = parse(&parsed.sentence.to_canonical(), &ParseOptions::strict());
            prop_assert_eq!(again.map(|p| p.sentence), Ok(parsed.sentence));
        }
    }

    #[test]
    fn mutated_protocol_never_panics(tree in sentence(), cut in any::<prop::sample::Index>(), junk in "[ ()\\[\\]A-Z0-9a-z:]{0,6}") {
        let text = tree.to_canonical();
        let at = cut.index(text.len() + 1);
        let mutated = format!("{}{}{}", &text[..at], junk, &text[at..]);
        let _ = parse(&mutated, &ParseOptions::default());
        let truncated = &text[..at];
        let _ = parse(truncated, &ParseOptions::default());
    }
}

#[test]
fn mutated_corpus_lines_never_panic() {
    let Some(shared) = common::shared_dir() else { return };
    let rows = common::tsv_rows(&shared.join("data/protocol-talk-corpus.tsv"));
    let mutations: [fn(&str, usize) -> String; 5] = [
        |t, i| format!("{}{}", &t[..i], &t[i..].replacen(' ', "", 1)),
        |t, i| format!("{}({}", &t[..i], &t[i..]),
        |t, i| format!("{}){}", &t[..i], &t[i..]),
        |t, i| format!("{}{}", &t[..i], t[i..].to_lowercase()),
        |t, i| t[..i].to_owned(),
    ];
    let mut parsed = 0usize;
    for row in &rows {
        let text = &row[3];
        for (k, mutate) in mutations.iter().enumerate() {
            let boundaries: Vec<usize> = (0..=text.len()).filter(|&i| text.is_char_boundary(i)).collect();
            let at = boundaries[(k * 7 + text.len()) % boundaries.len()];
            let _ = parse(&mutate(text, at), &ParseOptions::default());
            parsed += 1;
        }
    }
    assert!(parsed > 40_000);
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for depth in [33usize, 1_000, 100_000] {
        let text = format!("{}VOTE Agent[01]{}", "NOT (".repeat(depth), ")".repeat(depth));
        let options = ParseOptions { max_len: usize::MAX, ..ParseOptions::default() };
        let error = parse(&text, &options).unwrap_err();
        assert_eq!(error.code.as_str(), "too_deep", "depth {depth}");
    }
    let text = format!("{}VOTE Agent[01]{}", "NOT (".repeat(32), ")".repeat(32));
    assert!(parse(&text, &ParseOptions::default()).is_ok());
}
