//! Rendering protocol as Japanese and English: fixtures, snapshots of every verb and operator, and the
//! 100,000-sentence sweep over `gen_protocol.py` output.

mod common;

use std::process::Command;
use std::sync::OnceLock;

use aiwolf_nl::protocol::{Agent, Context, Keyword, NameTable, ParseOptions, Role, Species, TalkKind, parse};
use aiwolf_nl::render::{Lang, RenderOptions, Renderer, Style, TalkQuote, sample_names};

fn renderer() -> &'static Renderer {
    static RENDERER: OnceLock<Renderer> = OnceLock::new();
    RENDERER.get_or_init(|| Renderer::embedded().expect("embedded templates build"))
}

fn names(lang: Lang) -> NameTable {
    sample_names(lang)
}

/// Speaker Agent[01] (ミナト / Minato), names for Agent[01]..[15], no day.
fn ctx(lang: Lang) -> Context {
    Context { speaker: Some(Agent::Id(1)), addressee: None, names: names(lang), day: None }
}

fn render_with(text: &str, lang: Lang, ctx: &Context, options: &RenderOptions) -> String {
    let sentence = parse(text, &ParseOptions::default()).unwrap_or_else(|e| panic!("{text}: {e}")).sentence;
    renderer().render(&sentence, lang, ctx, options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn render(text: &str, lang: Lang) -> String {
    render_with(text, lang, &ctx(lang), &RenderOptions::default())
}

// ---------------------------------------------------------------- fixtures (no ../shared needed)

#[test]
fn fixtures_read_as_a_player_would_say_them() {
    let cases = [
        ("COMINGOUT Agent[01] SEER", "私は占い師です。", "I am the seer."),
        ("ESTIMATE Agent[03] WEREWOLF", "ケンジさんは人狼だと思います。", "I think Kenji is a werewolf."),
        ("DIVINED Agent[03] WEREWOLF", "ケンジさんを占った結果、人狼でした。", "I divined Kenji as a werewolf."),
        ("VOTE Agent[03]", "ケンジさんに投票します。", "I will vote for Kenji."),
        ("VOTED Agent[03]", "ケンジさんに投票しました。", "I voted for Kenji."),
        ("AGREE TALK day2 ID:5", "2日目の5番の発言に賛成です。", "I agree with talk 5 of day 2."),
        (
            "NOT (ESTIMATE Agent[05] WEREWOLF)",
            "ミヅキさんが人狼だとは思っていません。",
            "I do not hold the view that Mizuki is a werewolf.",
        ),
        ("NOT (COMINGOUT Agent[01] WEREWOLF)", "私は人狼ではありません。", "I am not a werewolf."),
        (
            "REQUEST Agent[03] (VOTE Agent[04])",
            "ケンジさん、シオンさんに投票してください。",
            "Kenji, please vote for Shion.",
        ),
        ("REQUEST ANY (VOTE Agent[04])", "みんな、シオンさんに投票しましょう。", "Everyone, let's vote for Shion."),
        (
            "REQUEST ANY (NOT (VOTE Agent[08]))",
            "みんな、ユミさんに投票しないでおきましょう。",
            "Everyone, let's not vote for Yumi.",
        ),
        ("INQUIRE Agent[03] (VOTE ANY)", "ケンジさん、誰に投票しますか？", "Kenji, who will you vote for?"),
        (
            "INQUIRE Agent[02] (COMINGOUT Agent[02] BODYGUARD)",
            "サクラさん、あなたは狩人ですか？",
            "Sakura, are you the bodyguard?",
        ),
        (
            "BECAUSE (DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])",
            "ケンジさんを占った結果、人狼でしたから、ケンジさんに投票します。",
            "I will vote for Kenji, because I divined Kenji as a werewolf.",
        ),
        (
            "DAY 1 (Agent[02] VOTED Agent[04])",
            "1日目に、サクラさんはシオンさんに投票しました。",
            "Sakura voted for Shion on day 1.",
        ),
        ("ANY ATTACKED Agent[05]", "ミヅキさんが襲撃されました。", "Mizuki was attacked."),
        ("Over", "以上です。", "That is all from me."),
    ];
    for (protocol, ja, en) in cases {
        assert_eq!(render(protocol, Lang::Ja), ja, "{protocol}");
        assert_eq!(render(protocol, Lang::En), en, "{protocol}");
    }
}

#[test]
fn context_changes_words_not_meaning() {
    let plain = Context::default();
    let options = RenderOptions::default();
    assert_eq!(
        render_with("Agent[03] VOTE Agent[04]", Lang::Ja, &plain, &options),
        "Agent[03]さんはAgent[04]さんに投票します。"
    );
    assert_eq!(
        render_with("Agent[03] VOTE Agent[04]", Lang::En, &plain, &options),
        "Agent[03] will vote for Agent[04]."
    );
    let today = Context { day: Some(3), ..ctx(Lang::Ja) };
    assert_eq!(render_with("DAY 2 (VOTED Agent[03])", Lang::Ja, &today, &options), "昨日、ケンジさんに投票しました。");
    let today = Context { day: Some(3), ..ctx(Lang::En) };
    assert_eq!(render_with("DAY 3 (VOTE Agent[03])", Lang::En, &today, &options), "I will vote for Kenji today.");
    assert_eq!(render_with("DAY 4 (VOTE Agent[03])", Lang::En, &today, &options), "I will vote for Kenji tomorrow.");
    assert_eq!(
        render_with("DAY 2 (DIVINED Agent[03] HUMAN)", Lang::En, &today, &options),
        "My divination result from last night: Kenji is human."
    );
    let casual =
        RenderOptions { style: Style::Casual, pronoun: Some("俺".into()), honorific: false, ..options.clone() };
    assert_eq!(render_with("COMINGOUT Agent[01] SEER", Lang::Ja, &ctx(Lang::Ja), &casual), "俺は占い師だよ。");
    assert_eq!(render_with("VOTE Agent[03]", Lang::Ja, &ctx(Lang::Ja), &casual), "ケンジに投票するね。");
    let to_kenji = Context { addressee: Some(Agent::Id(3)), ..ctx(Lang::En) };
    assert_eq!(render_with("VOTE Agent[03]", Lang::En, &to_kenji, &options), "I will vote for you.");
}

#[test]
fn talk_references_can_quote_the_utterance() {
    let mut options = RenderOptions::default();
    let talk = aiwolf_nl::protocol::TalkRef { kind: TalkKind::Talk, day: 2, id: 5 };
    options.quotes.insert(talk, TalkQuote { speaker: Some(Agent::Id(3)), text: "ミヅキさんが怪しい".into() });
    assert_eq!(
        render_with("AGREE TALK day2 ID:5", Lang::Ja, &ctx(Lang::Ja), &options),
        "2日目の5番の発言（ケンジさん「ミヅキさんが怪しい」）に賛成です。"
    );
}

#[test]
fn a_one_operand_list_is_said_as_its_operand() {
    // `OR (VOTE Agent[03])` is what an agent sends when its candidate list has one name.
    for (list, operand) in [
        ("OR (VOTE Agent[03])", "VOTE Agent[03]"),
        ("AND (ESTIMATE Agent[03] WEREWOLF)", "ESTIMATE Agent[03] WEREWOLF"),
        ("REQUEST ANY (OR (VOTE Agent[03]))", "REQUEST ANY (VOTE Agent[03])"),
        (
            "BECAUSE (OR (DIVINED Agent[03] WEREWOLF)) (VOTE Agent[03])",
            "BECAUSE (DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])",
        ),
    ] {
        for lang in [Lang::Ja, Lang::En] {
            for style in Style::ALL {
                let options = RenderOptions { style, ..RenderOptions::default() };
                let said = render_with(list, lang, &ctx(lang), &options);
                assert_eq!(said, render_with(operand, lang, &ctx(lang), &options), "{list} ({lang}, {style:?})");
            }
        }
    }
}

#[test]
fn output_is_deterministic_without_a_seed() {
    let text = "BECAUSE (AND (DIVINED Agent[02] WEREWOLF) (VOTED Agent[02])) (REQUEST ANY (VOTE Agent[02]))";
    assert_eq!(render(text, Lang::Ja), render(text, Lang::Ja));
    assert_eq!(render(text, Lang::En), render(text, Lang::En));
}

#[test]
fn a_seed_picks_extra_phrasings_deterministically() {
    let outputs = |lang: Lang| -> Vec<String> {
        (0..12)
            .map(|seed| {
                let options = RenderOptions { variant_seed: Some(seed), ..RenderOptions::default() };
                render_with("COMINGOUT Agent[01] SEER", lang, &ctx(lang), &options)
            })
            .collect()
    };
    for lang in [Lang::Ja, Lang::En] {
        let first = outputs(lang);
        assert_eq!(first, outputs(lang), "same seed, same text");
        let canonical = render("COMINGOUT Agent[01] SEER", lang);
        assert!(first.iter().any(|o| *o != canonical), "{lang}: some seed gives a variant: {first:?}");
    }
}

#[test]
fn every_language_has_every_template_with_a_sample() {
    let list = renderer().templates();
    for lang in [Lang::Ja, Lang::En] {
        for keyword in Keyword::ALL {
            let name = format!("{keyword}.txt");
            let info =
                list.iter().find(|t| t.lang == lang && t.name == name).unwrap_or_else(|| panic!("{lang}/{name}"));
            assert!(!info.sample_output.is_empty(), "{lang}/{name} has no sample");
        }
    }
    assert_eq!(renderer().languages(), [Lang::Ja, Lang::En]);
}

#[test]
fn templates_load_from_the_repository_folder_too() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let from_dir = Renderer::from_dir(&dir).expect("templates/ builds");
    let sentence = parse("VOTE Agent[03]", &ParseOptions::default()).unwrap().sentence;
    let rendered = from_dir.render(&sentence, Lang::Ja, &ctx(Lang::Ja), &RenderOptions::default()).unwrap();
    assert_eq!(rendered, "ケンジさんに投票します。");
}

/// A fresh copy of `templates/ja` in `<tmp>/<label>-<pid>/ja`; returns (the folder, its `ja`).
fn copy_of_ja_templates(label: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("aiwolf-nl-{label}-{}", std::process::id()));
    let ja = dir.join("ja");
    std::fs::create_dir_all(&ja).unwrap();
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates/ja");
    for entry in std::fs::read_dir(&source).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, ja.join(path.file_name().unwrap())).unwrap();
    }
    (dir, ja)
}

#[test]
fn a_template_that_inspects_text_is_refused_at_start_up() {
    let (dir, ja) = copy_of_ja_templates("inspects");
    let template = "{% if target == \"ケンジさん\" %}x{% else %}{{ target }}を護衛します{% endif %}";
    std::fs::write(ja.join("GUARD.txt"), template).unwrap();
    let error = Renderer::from_dir(&dir).err().expect("text inspection is refused").to_string();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(error.contains("GUARD.txt") && error.contains("`target` is text"), "{error}");
}

#[test]
fn a_broken_template_fails_at_start_up() {
    let (dir, ja) = copy_of_ja_templates("broken");
    std::fs::write(ja.join("VOTE.txt"), "{{ target | nonexistent_filter }}").unwrap();
    let error = Renderer::from_dir(&dir).err().expect("a broken template is an error").to_string();
    assert!(error.contains("VOTE.txt"), "{error}");
    std::fs::remove_file(ja.join("VOTE.txt")).unwrap();
    let error = Renderer::from_dir(&dir).err().expect("a missing template is an error").to_string();
    assert!(error.contains("VOTE.txt") && error.contains("missing"), "{error}");
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------- snapshots

/// Every verb with a target and arguments, in protocol form without a subject.
const VERBS: [&str; 13] = [
    "ESTIMATE Agent[03] WEREWOLF",
    "COMINGOUT Agent[03] SEER",
    "DIVINATION Agent[03]",
    "GUARD Agent[03]",
    "VOTE Agent[03]",
    "ATTACK Agent[03]",
    "DIVINED Agent[03] HUMAN",
    "IDENTIFIED Agent[03] WEREWOLF",
    "GUARDED Agent[03]",
    "VOTED Agent[03]",
    "ATTACKED Agent[03]",
    "AGREE TALK day2 ID:5",
    "DISAGREE WHISPER day1 ID:3",
];

/// Subject omitted, the speaker (Agent[01]), another agent, ANY.
const SUBJECTS: [&str; 4] = ["", "Agent[01] ", "Agent[05] ", "ANY "];

fn table(lang: Lang, style: Style, lines: impl IntoIterator<Item = String>) -> String {
    let options = RenderOptions { style, ..RenderOptions::default() };
    let ctx = ctx(lang);
    lines.into_iter().map(|text| format!("{text}\n  → {}\n", render_with(&text, lang, &ctx, &options))).collect()
}

fn verb_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for verb in VERBS {
        for subject in SUBJECTS {
            lines.push(format!("{subject}{verb}"));
        }
        // The speaker's own claim and ANY arguments.
        if verb.starts_with("COMINGOUT") {
            lines.push("COMINGOUT Agent[01] SEER".into());
            lines.push("Agent[05] COMINGOUT Agent[05] SEER".into());
        }
        if let Some(rest) = verb.strip_suffix("WEREWOLF").or_else(|| verb.strip_suffix("HUMAN")) {
            lines.push(format!("{}ANY", rest.replace("Agent[03]", "ANY")));
        }
        if !verb.contains("TALK") && !verb.contains("WHISPER") {
            lines.push(verb.replacen("Agent[03]", "ANY", 1));
        }
    }
    lines.extend(["Skip".into(), "Over".into()]);
    lines
}

#[test]
fn snapshot_verbs() {
    for lang in [Lang::Ja, Lang::En] {
        for style in Style::ALL {
            let name = format!("verbs_{}_{}", lang.code(), style.code());
            insta::assert_snapshot!(name, table(lang, style, verb_lines()));
        }
    }
}

/// Every operator around a few verbs, in the clause forms it asks for.
fn operator_lines() -> Vec<String> {
    let mut lines = Vec::new();
    for verb in VERBS {
        lines.push(format!("NOT ({verb})"));
        lines.push(format!("REQUEST Agent[03] ({verb})"));
        lines.push(format!("REQUEST ANY (NOT ({verb}))"));
        lines.push(format!("INQUIRE Agent[03] ({verb})"));
        lines.push(format!("INQUIRE ANY (NOT ({})) ", verb.replacen("Agent[03]", "ANY", 1)));
    }
    lines.extend(
        [
            "REQUEST Agent[03] (Agent[05] VOTE Agent[04])",
            "INQUIRE Agent[03] (ESTIMATE ANY WEREWOLF)",
            "INQUIRE Agent[03] (ESTIMATE Agent[04] ANY)",
            "INQUIRE Agent[03] (DIVINED Agent[04] ANY)",
            "INQUIRE Agent[03] (IDENTIFIED ANY ANY)",
            "INQUIRE ANY (COMINGOUT ANY SEER)",
            "BECAUSE (DIVINED Agent[03] WEREWOLF) (VOTE Agent[03])",
            "BECAUSE (COMINGOUT Agent[01] SEER) (REQUEST ANY (VOTE Agent[03]))",
            "BECAUSE (Agent[02] DIVINED Agent[03] WEREWOLF) (INQUIRE Agent[03] (COMINGOUT Agent[03] ANY))",
            "DAY 1 (DIVINED Agent[03] HUMAN)",
            "DAY 2 (NOT (Agent[05] VOTED Agent[03]))",
            "DAY 2 (AND (VOTED Agent[03]) (GUARDED Agent[04]))",
            "AND (VOTE Agent[03]) (GUARD Agent[04])",
            "AND (VOTED Agent[03]) (GUARDED Agent[04]) (Agent[05] DIVINED Agent[06] HUMAN)",
            "OR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[04] WEREWOLF)",
            "OR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[04] WEREWOLF) (ESTIMATE Agent[05] POSSESSED)",
            "XOR (COMINGOUT Agent[01] SEER) (COMINGOUT Agent[01] MEDIUM)",
            "NOT (NOT (VOTE Agent[03]))",
            "Agent[02] NOT (VOTED Agent[03])",
            "Agent[02] REQUEST Agent[03] (VOTE Agent[04])",
            "Agent[02] INQUIRE ANY (VOTE ANY)",
            "Agent[02] BECAUSE (COMINGOUT Agent[02] SEER) (VOTE Agent[03])",
        ]
        .map(String::from),
    );
    lines.into_iter().map(|l| l.trim().to_owned()).collect()
}

#[test]
fn snapshot_operators() {
    for lang in [Lang::Ja, Lang::En] {
        for style in Style::ALL {
            let name = format!("operators_{}_{}", lang.code(), style.code());
            insta::assert_snapshot!(name, table(lang, style, operator_lines()));
        }
    }
}

/// Three-deep nesting, from gen_protocol.py's coverage block and by hand.
const DEEP: [&str; 8] = [
    "Agent[01] BECAUSE (AND (DIVINED Agent[02] WEREWOLF) (NOT (COMINGOUT Agent[02] SEER))) (REQUEST ANY (VOTE Agent[02]))",
    "REQUEST Agent[03] (INQUIRE Agent[04] (DAY 1 (VOTED ANY)))",
    "XOR (OR (ESTIMATE Agent[05] WEREWOLF) (ESTIMATE Agent[05] POSSESSED)) (DAY 2 (Agent[06] DISAGREE TALK day2 ID:7))",
    "BECAUSE (XOR (Agent[02] DIVINED Agent[03] WEREWOLF) (Agent[04] DIVINED Agent[03] WEREWOLF)) (INQUIRE ANY (ESTIMATE ANY POSSESSED))",
    "NOT (BECAUSE (VOTED Agent[03]) (NOT (ESTIMATE Agent[03] WEREWOLF)))",
    "AND (REQUEST Agent[02] (GUARD Agent[03])) (INQUIRE Agent[04] (DAY 2 (NOT (VOTED Agent[05]))))",
    "Agent[06] OR (Agent[07] AND (COMINGOUT Agent[07] WEREWOLF) (ATTACKED Agent[02])) (VOTED Agent[04])",
    "DAY 3 (REQUEST ANY (BECAUSE (IDENTIFIED Agent[03] WEREWOLF) (NOT (VOTE Agent[04]))))",
];

#[test]
fn snapshot_deep_nesting() {
    for lang in [Lang::Ja, Lang::En] {
        for style in Style::ALL {
            let name = format!("deep_{}_{}", lang.code(), style.code());
            insta::assert_snapshot!(name, table(lang, style, DEEP.map(String::from)));
        }
    }
}

// ---------------------------------------------------------------- 100,000 generated sentences

/// Protocol words that must never leak into the output.
fn keywords() -> Vec<&'static str> {
    let mut words: Vec<&str> = Keyword::ALL.iter().map(|k| k.keyword()).collect();
    words.extend(Role::ALL.iter().map(|r| r.keyword()));
    words.extend(Species::ALL.iter().map(|s| s.keyword()));
    words.extend(TalkKind::ALL.iter().map(|t| t.keyword()));
    words.retain(|w| *w != "Over" && *w != "Skip");
    words
}

fn defects(text: &str, lang: Lang, keywords: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for bad in ["{{", "}}", "{%", "%}", "  ", "Agent[", "、、", "。。", "、。", "「」", "“”"] {
        if text.contains(bad) {
            found.push(format!("contains `{bad}`"));
        }
    }
    if lang == Lang::Ja {
        for doubled in ["はは", "がが", "をを", "にに", "のの", "でで", "とと", "、に", "、を", "、が", "、は"]
        {
            if text.contains(doubled) {
                found.push(format!("doubled or dangling particle `{doubled}`"));
            }
        }
    } else {
        for bad in [" ,", " .", " ?", " :", ", ,"] {
            if text.contains(bad) {
                found.push(format!("contains `{bad}`"));
            }
        }
    }
    for word in text.split(|c: char| !c.is_ascii_alphabetic()) {
        if keywords.contains(&word) {
            found.push(format!("protocol keyword `{word}`"));
        }
    }
    found
}

#[test]
fn renders_100000_generated_sentences_cleanly() {
    let Some(shared) = common::shared_dir() else { return };
    let output = Command::new("python3")
        .arg(shared.join("tools/gen_protocol.py"))
        .args(["100000", "--seed", "1"])
        .output()
        .expect("python3 runs gen_protocol.py");
    assert!(output.status.success(), "gen_protocol.py failed: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let keywords = keywords();
    let options = RenderOptions::default();
    let contexts = [
        (Lang::Ja, ctx(Lang::Ja)),
        (Lang::En, Context { addressee: Some(Agent::Id(2)), day: Some(5), ..ctx(Lang::En) }),
    ];
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        let sentence = parse(line, &ParseOptions::default()).unwrap_or_else(|e| panic!("{line}: {e}")).sentence;
        for (lang, ctx) in &contexts {
            count += 1;
            match renderer().render(&sentence, *lang, ctx, &options) {
                Ok(out) => {
                    let found = defects(&out, *lang, &keywords);
                    if !found.is_empty() && failures.len() < 20 {
                        failures.push(format!("{line}\n  → {out}\n  {}", found.join("; ")));
                    }
                }
                Err(e) if failures.len() < 20 => failures.push(format!("{line}\n  error: {e}")),
                Err(_) => {}
            }
        }
    }
    assert_eq!(count, 200_000);
    assert!(failures.is_empty(), "{} problems, first ones:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_deepest_accepted_nesting_renders_on_a_small_stack() {
    let depth = aiwolf_nl::protocol::HARD_MAX_DEPTH;
    let mut text = String::from("VOTE Agent[03]");
    for i in 0..depth {
        text = match i % 4 {
            _ if i < depth / 2 => format!("DAY 1 ({text})"),
            0 => format!("NOT ({text})"),
            1 => format!("REQUEST Agent[02] ({text})"),
            2 => format!("BECAUSE (VOTED Agent[04]) ({text})"),
            _ => format!("AND ({text}) (GUARD Agent[05])"),
        };
    }
    // Parsing is not under test here; give it room (its recursion is the parser's business).
    let options = ParseOptions { max_depth: depth, ..ParseOptions::default() };
    let sentence = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(move || parse(&text, &options).expect("parses").sentence)
        .expect("thread starts")
        .join()
        .expect("parser finishes");
    // Service worker threads have 2 MiB stacks; rendering must fit in less.
    let handle = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || {
            for lang in [Lang::Ja, Lang::En] {
                let out = renderer().render(&sentence, lang, &ctx(lang), &RenderOptions::default()).expect("renders");
                assert!(!out.is_empty());
            }
        })
        .expect("thread starts");
    handle.join().expect("no stack overflow");
}
