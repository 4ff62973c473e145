//! Our own fixtures for the protocol language (always run, no ../shared needed): dialects, errors with
//! spans, warnings, strict mode, subject completion, and the generated-sentence round trip.

mod common;

use aiwolf_nl::protocol::{Agent, Dialect, ErrorCode, ParseOptions, WarningCode, parse, resolve_subjects};

fn lenient(text: &str) -> (String, Vec<WarningCode>, Vec<Option<Dialect>>) {
    let parsed = parse(text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{text:?}: {e}"));
    (
        parsed.sentence.to_canonical(),
        parsed.warnings.iter().map(|w| w.code).collect(),
        parsed.warnings.iter().map(|w| w.dialect).collect(),
    )
}

fn error(text: &str) -> (ErrorCode, usize, usize) {
    let e = parse(text, &ParseOptions::default()).expect_err(text);
    (e.code, e.span.start, e.span.end)
}

#[test]
fn dialects_normalize_to_3_6_with_a_named_warning() {
    let cases: &[(&str, &str, Dialect)] = &[
        ("VOTE Agent1", "VOTE Agent[01]", Dialect::SpecAgentNames),
        ("Agent3 COMINGOUT Agent3 SEER", "Agent[03] COMINGOUT Agent[03] SEER", Dialect::SpecAgentNames),
        ("AGREE day4 ID:38", "AGREE TALK day4 ID:38", Dialect::UntypedTalkNumber),
        ("DISAGREE day1 ID:0", "DISAGREE TALK day1 ID:0", Dialect::UntypedTalkNumber),
        ("INQUESTED Agent[15] WEREWOLF", "IDENTIFIED Agent[15] WEREWOLF", Dialect::Protocol2Inquested),
        ("REQUEST(VOTE Agent[02])", "REQUEST ANY (VOTE Agent[02])", Dialect::Platform04Request),
        (
            "REQUEST(Agent[14] DIVINATION Agent[15])",
            "REQUEST Agent[14] (DIVINATION Agent[15])",
            Dialect::Platform04Request,
        ),
        ("REQUEST(Agent[08] Over)", "REQUEST Agent[08] (Over)", Dialect::Platform04Request),
        ("REQUEST (VOTE Agent[02])", "REQUEST ANY (VOTE Agent[02])", Dialect::Protocol2Request),
        // Found by fuzzing: subjects below the operand inherit the target, known only after the operand.
        (
            "REQUEST (XOR (VOTE Agent[13]) (ANY GUARDED Agent[05]))",
            "REQUEST ANY (XOR (VOTE Agent[13]) (GUARDED Agent[05]))",
            Dialect::Protocol2Request,
        ),
        (
            "REQUEST(Agent[03] NOT (Agent[03] VOTE Agent[02]))",
            "REQUEST Agent[03] (NOT (VOTE Agent[02]))",
            Dialect::Platform04Request,
        ),
        ("ＶＯＴＥ　Ａｇｅｎｔ［０３］", "VOTE Agent[03]", Dialect::FullWidth),
        ("4 werewolf", "ESTIMATE Agent[04] WEREWOLF", Dialect::PreProtocol2014),
        (
            "( 5 werewolf ) and ( 8 medium_telled werewolf ) ",
            "AND (ESTIMATE Agent[05] WEREWOLF) (IDENTIFIED Agent[08] WEREWOLF)",
            Dialect::PreProtocol2014,
        ),
        (
            "( 9 werewolf ) and ( 9 comingout seer ) and ( 4 inspected HUMAN ) ",
            "AND (ESTIMATE Agent[09] WEREWOLF) (COMINGOUT Agent[09] SEER) (DIVINED Agent[04] HUMAN)",
            Dialect::PreProtocol2014,
        ),
    ];
    for (input, canonical, dialect) in cases {
        let (printed, _, dialects) = lenient(input);
        assert_eq!(&printed, canonical, "{input}");
        let tree = parse(input, &ParseOptions::default()).unwrap().sentence;
        assert_eq!(parse(canonical, &ParseOptions::strict()).unwrap().sentence, tree, "{input}: tree is canonical");
        assert!(dialects.contains(&Some(*dialect)), "{input}: {dialects:?}");
        let strict = parse(input, &ParseOptions::strict()).expect_err(input);
        assert_eq!(strict.code, ErrorCode::NotCanonical, "{input}");
        assert_eq!(strict.expected, [canonical.to_string()]);
    }
}

#[test]
fn java_leniencies_are_accepted_with_a_warning() {
    let cases: &[(&str, &str, WarningCode)] = &[
        ("Agent[01]VOTE Agent[02]", "Agent[01] VOTE Agent[02]", WarningCode::GluedSubject),
        ("AND (VOTE Agent[01])(VOTE Agent[02])", "AND (VOTE Agent[01]) (VOTE Agent[02])", WarningCode::GluedOperands),
        (
            "AND (VOTE Agent[01]) junk (VOTE Agent[02])",
            "AND (VOTE Agent[01]) (VOTE Agent[02])",
            WarningCode::IgnoredText,
        ),
        ("NOT (VOTE Agent[01]) (VOTE Agent[02])", "NOT (VOTE Agent[01])", WarningCode::DroppedOperand),
        ("AND (VOTE Agent[01])) (VOTE Agent[02])", "AND (VOTE Agent[01])", WarningCode::StrayParenthesis),
        ("VOTE Agent[00]", "VOTE ANY", WarningCode::AgentZeroIsAny),
        ("VOTE Agent[001]", "VOTE Agent[01]", WarningCode::NumberFormat),
        ("DAY 01 (VOTE Agent[01])", "DAY 1 (VOTE Agent[01])", WarningCode::NumberFormat),
        ("OR (VOTE Agent[12]) ", "OR (VOTE Agent[12])", WarningCode::Whitespace),
        ("NOT ( VOTE Agent[01] )", "NOT (VOTE Agent[01])", WarningCode::Whitespace),
        (
            "REQUEST Agent[01] (Agent[01] VOTE Agent[02])",
            "REQUEST Agent[01] (VOTE Agent[02])",
            WarningCode::RedundantSubject,
        ),
    ];
    for (input, canonical, code) in cases {
        let (printed, codes, _) = lenient(input);
        assert_eq!(&printed, canonical, "{input}");
        assert!(codes.contains(code), "{input}: {codes:?}");
    }
}

#[test]
fn errors_say_what_and_where() {
    let cases: &[(&str, ErrorCode, usize, usize)] = &[
        ("", ErrorCode::EmptyInput, 0, 0),
        ("   ", ErrorCode::EmptyInput, 0, 3),
        ("SUSPECT Agent[01]", ErrorCode::UnknownVerb, 0, 7),
        ("VOTE", ErrorCode::MissingArgument, 4, 4),
        ("ESTIMATE Agent[01]", ErrorCode::MissingArgument, 18, 18),
        ("VOTE Agent[01] Agent[02]", ErrorCode::UnexpectedToken, 15, 24),
        ("NOT (VOTE Agent[01]", ErrorCode::UnbalancedParenthesis, 4, 5),
        ("NOT ((VOTE Agent[01])", ErrorCode::UnbalancedParenthesis, 4, 5),
        ("VOTE agent[01]", ErrorCode::BadAgent, 5, 14),
        ("VOTE Agent[99999999999]", ErrorCode::BadAgent, 5, 23),
        ("COMINGOUT Agent[01] HUMAN", ErrorCode::BadRole, 20, 25),
        ("DIVINED Agent[01] SEER", ErrorCode::BadSpecies, 18, 22),
        ("AGREE FOO day4 ID:38", ErrorCode::BadTalkType, 6, 9),
        ("AGREE TALK day4 ID: 38", ErrorCode::BadTalkNumber, 16, 19),
        ("DAY -1 (VOTE Agent[01])", ErrorCode::BadNumber, 4, 6),
        ("XOR (VOTE Agent[01])", ErrorCode::WrongArity, 4, 20),
        ("BECAUSE (VOTE Agent[01])", ErrorCode::WrongArity, 8, 24),
        ("NOT(VOTE Agent[01])", ErrorCode::MissingSpace, 3, 3),
        ("Agent[01] Skip", ErrorCode::SubjectNotAllowed, 0, 10),
        ("4 suspects werewolf", ErrorCode::PreProtocol2014, 2, 10),
        ("( 5 werewolf ) or ( 8 medium_telled werewolf ) ", ErrorCode::UnexpectedToken, 15, 17),
        ("DECLARED Agent[04] SEER", ErrorCode::UnknownVerb, 0, 8),
        ("COMINGOUT Agent[01] IMMORALIST", ErrorCode::BadRole, 20, 30),
        // Spans point into the original text even after full-width folding.
        ("ＶＯＴＥ　ａｇｅｎｔ", ErrorCode::BadAgent, 15, 30),
    ];
    for (input, code, start, end) in cases {
        assert_eq!(error(input), (*code, *start, *end), "{input:?}");
    }
    let e = parse("vote Agent[01]", &ParseOptions::default()).unwrap_err();
    assert!(e.message.contains("`VOTE`"), "{}", e.message);
    assert!(e.expected.contains(&"VOTE".to_owned()));
}

#[test]
fn limits_are_configurable() {
    let options = ParseOptions { max_len: 10, ..ParseOptions::default() };
    let e = parse("VOTE Agent[01]", &options).unwrap_err();
    assert_eq!((e.code, e.span.start, e.span.end), (ErrorCode::TooLong, 10, 14));
    let options = ParseOptions { max_depth: 1, ..ParseOptions::default() };
    assert!(parse("NOT (VOTE Agent[01])", &options).is_ok());
    assert_eq!(parse("NOT (NOT (VOTE Agent[01]))", &options).unwrap_err().code, ErrorCode::TooDeep);
}

#[test]
fn subjects_resolve_per_spec() {
    let parsed = parse(
        "BECAUSE (Agent[03] DIVINED Agent[01] WEREWOLF) (AND (VOTE Agent[01]) (REQUEST ANY (VOTE Agent[01])) (INQUIRE Agent[04] (NOT (VOTE Agent[02]))))",
        &ParseOptions::default(),
    )
    .unwrap();
    let resolved = resolve_subjects(&parsed.sentence, Some(Agent::Id(2)));
    let json = serde_json::to_value(&resolved).unwrap();
    assert_eq!(json["subject"], "Agent[02]");
    assert_eq!(json["reason"]["subject"], "Agent[03]");
    let and = &json["conclusion"];
    assert_eq!(and["subject"], "Agent[02]");
    assert_eq!(and["sentences"][0]["subject"], "Agent[02]");
    assert_eq!(and["sentences"][1]["sentence"]["subject"], "ANY");
    assert_eq!(and["sentences"][2]["sentence"]["subject"], "Agent[04]");
    assert_eq!(and["sentences"][2]["sentence"]["sentence"]["subject"], "Agent[04]");
    // As written, the tree keeps omitted subjects omitted and prints as before.
    assert!(serde_json::to_value(&parsed.sentence).unwrap().get("subject").is_none());
    // Without a speaker the top level stays omitted.
    let unknown = resolve_subjects(&parsed.sentence, None);
    assert_eq!(unknown.subject, None);
}

#[test]
fn the_json_form_is_stable() {
    let parsed = parse(
        "Agent[01] BECAUSE (DAY 2 (DIVINED Agent[03] WEREWOLF)) (AGREE TALK day2 ID:5)",
        &ParseOptions::default(),
    )
    .unwrap();
    assert_eq!(
        serde_json::to_string(&parsed.sentence).unwrap(),
        r#"{"subject":"Agent[01]","type":"BECAUSE","reason":{"type":"DAY","day":2,"sentence":{"type":"DIVINED","target":"Agent[03]","species":"WEREWOLF"}},"conclusion":{"type":"AGREE","talk":{"kind":"TALK","day":2,"id":5}}}"#
    );
    let bad =
        serde_json::from_str::<aiwolf_nl::protocol::Sentence>(r#"{"type":"VOTE","target":"Agent[01]","extra":1}"#);
    assert!(bad.is_err(), "unknown fields are rejected");
}

#[test]
fn generated_sentences_round_trip_exactly() {
    let Some(shared) = common::shared_dir() else { return };
    let output = std::process::Command::new("python3")
        .arg(shared.join("tools/gen_protocol.py"))
        .args(["100000", "--seed", "1"])
        .output()
        .expect("python3 runs gen_protocol.py");
    assert!(output.status.success(), "gen_protocol.py failed");
    let text = String::from_utf8(output.stdout).unwrap();
    let mut count = 0;
    for line in text.lines() {
        let parsed = parse(line, &ParseOptions::strict()).unwrap_or_else(|e| panic!("{line:?}: {e}"));
        assert_eq!(parsed.sentence.to_canonical(), line);
        count += 1;
    }
    assert_eq!(count, 100_000);
}

#[test]
fn keyword_lookups_agree() {
    use aiwolf_nl::protocol::Keyword;
    for keyword in Keyword::ALL {
        let upper = Keyword::from_upper(keyword.keyword());
        let expected = (!matches!(keyword, Keyword::Skip | Keyword::Over)).then_some(*keyword);
        assert_eq!(upper, expected, "{keyword}");
        assert_eq!(Keyword::from_keyword(keyword.keyword()), Some(*keyword));
    }
    assert_eq!(Keyword::from_upper("VOTES"), None);
}
