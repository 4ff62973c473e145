//! What the templates are (names, variables, a sample each) and the start-up self-check that renders a
//! battery of sentences through every template branch, so a broken template stops the program at start-up.

use serde::Serialize;

use super::compose::{Composer, Engine, LangSet};
use super::error::RenderError;
use super::options::{Lang, RenderOptions, Style};
use super::source::{HELPERS, template_name};
use crate::protocol::{Agent, Context, Keyword, NameTable, ParseOptions, Sentence, parse};

/// One template as listed by `GET /v1/templates`.
#[derive(Debug, Clone, Serialize)]
pub struct TemplateInfo {
    pub lang: Lang,
    /// File name, e.g. `VOTE.txt`.
    pub name: String,
    /// The variables it reads, sorted.
    pub variables: Vec<String>,
    /// A protocol sentence that uses it, and how it renders (speaker Agent[01], the sample name table, day 2).
    pub sample_input: String,
    pub sample_output: String,
}

/// A sentence exercising each template.
fn sample_for(name: &str) -> &'static str {
    match name {
        "ESTIMATE.txt" => "ESTIMATE Agent[03] WEREWOLF",
        "COMINGOUT.txt" => "COMINGOUT Agent[01] SEER",
        "DIVINATION.txt" => "DIVINATION Agent[03]",
        "GUARD.txt" => "GUARD Agent[02]",
        "VOTE.txt" => "VOTE Agent[03]",
        "ATTACK.txt" => "ATTACK Agent[04]",
        "DIVINED.txt" => "DIVINED Agent[03] WEREWOLF",
        "IDENTIFIED.txt" => "IDENTIFIED Agent[05] HUMAN",
        "GUARDED.txt" => "GUARDED Agent[02]",
        "VOTED.txt" => "Agent[02] VOTED Agent[03]",
        "ATTACKED.txt" => "ANY ATTACKED Agent[05]",
        "AGREE.txt" => "AGREE TALK day2 ID:5",
        "DISAGREE.txt" => "DISAGREE TALK day1 ID:7",
        "Skip.txt" => "Skip",
        "Over.txt" => "Over",
        "REQUEST.txt" => "REQUEST Agent[03] (VOTE Agent[04])",
        "INQUIRE.txt" => "INQUIRE Agent[03] (VOTE ANY)",
        "BECAUSE.txt" => "BECAUSE (DIVINED Agent[03] WEREWOLF) (REQUEST ANY (VOTE Agent[03]))",
        "DAY.txt" => "DAY 1 (Agent[02] VOTED Agent[04])",
        "NOT.txt" => "NOT (AND (VOTED Agent[03]) (VOTED Agent[04]))",
        "AND.txt" => "AND (VOTED Agent[03]) (GUARDED Agent[02])",
        "OR.txt" => "OR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[04] WEREWOLF)",
        "XOR.txt" => "XOR (ESTIMATE Agent[03] WEREWOLF) (ESTIMATE Agent[04] WEREWOLF)",
        "_quoted.txt" => "BECAUSE (AND (VOTED Agent[03]) (VOTED Agent[04])) (VOTE Agent[05])",
        "_frame.txt" => "Agent[02] BECAUSE (COMINGOUT Agent[02] SEER) (VOTE Agent[03])",
        _ => "VOTE Agent[03]",
    }
}

/// The example cast (meaning-conventions names, fifteen seats): ミナト/Minato is Agent[01] … カイ/Kai Agent[15].
const CAST: [(&str, &str); 15] = [
    ("ミナト", "Minato"),
    ("サクラ", "Sakura"),
    ("ケンジ", "Kenji"),
    ("シオン", "Shion"),
    ("ミヅキ", "Mizuki"),
    ("タクミ", "Takumi"),
    ("リン", "Rin"),
    ("ユミ", "Yumi"),
    ("ダイスケ", "Daisuke"),
    ("ハナ", "Hana"),
    ("ソラ", "Sora"),
    ("レン", "Ren"),
    ("アオイ", "Aoi"),
    ("ユウ", "Yu"),
    ("カイ", "Kai"),
];

/// The example name table in `lang` (for samples, tests and benchmarks).
pub fn sample_names(lang: Lang) -> NameTable {
    CAST.iter()
        .enumerate()
        .map(|(i, (ja, en))| {
            let name = match lang {
                Lang::Ja => ja,
                Lang::En => en,
            };
            (Agent::Id(i as u32 + 1), (*name).to_owned())
        })
        .collect()
}

/// The context samples render with: speaker Agent[01], the example names, day 2.
pub fn sample_context(lang: Lang) -> Context {
    Context { speaker: Some(Agent::Id(1)), addressee: None, names: sample_names(lang), day: Some(2) }
}

fn parse_known(text: &str) -> Option<Sentence> {
    parse(text, &ParseOptions::default()).ok().map(|parsed| parsed.sentence)
}

pub(crate) fn describe(set: &LangSet) -> Vec<TemplateInfo> {
    let ctx = sample_context(set.lang);
    let options = RenderOptions::default();
    let mut names: Vec<&str> = Keyword::ALL.iter().map(|k| template_name(*k)).chain(HELPERS).collect();
    names.sort_unstable();
    names
        .into_iter()
        .map(|name| {
            let mut variables: Vec<String> = set
                .tera
                .get_template_variables(name)
                .map(|vars| vars.into_iter().map(str::to_owned).collect())
                .unwrap_or_default();
            variables.sort();
            let input = sample_for(name);
            let output =
                parse_known(input).and_then(|s| Composer::new(set, &ctx, &options).render(&s).ok()).unwrap_or_default();
            TemplateInfo {
                lang: set.lang,
                name: name.to_owned(),
                variables,
                sample_input: input.to_owned(),
                sample_output: output,
            }
        })
        .collect()
}

/// Verbs with every kind of argument.
const LEAVES: &[&str] = &[
    "ESTIMATE Agent[03] WEREWOLF",
    "ESTIMATE ANY ANY",
    "ESTIMATE Agent[01] VILLAGER",
    "COMINGOUT Agent[01] SEER",
    "COMINGOUT Agent[03] ANY",
    "COMINGOUT ANY BODYGUARD",
    "DIVINATION Agent[03]",
    "DIVINATION ANY",
    "GUARD Agent[01]",
    "VOTE ANY",
    "ATTACK Agent[04]",
    "DIVINED Agent[03] HUMAN",
    "DIVINED ANY ANY",
    "IDENTIFIED Agent[01] WEREWOLF",
    "IDENTIFIED ANY ANY",
    "GUARDED ANY",
    "VOTED Agent[02]",
    "ATTACKED ANY",
    "AGREE TALK day2 ID:5",
    "DISAGREE WHISPER day1 ID:0",
];

/// Subjects: omitted, the speaker, the person asked, another agent, ANY.
const SUBJECTS: &[&str] = &["", "Agent[01] ", "Agent[03] ", "Agent[05] ", "ANY "];

/// Positions a clause can take; `#` is replaced by the clause.
const POSITIONS: &[&str] = &[
    "#",
    "NOT (#)",
    "DAY 1 (#)",
    "DAY 2 (NOT (#))",
    "REQUEST Agent[03] (#)",
    "REQUEST ANY (NOT (#))",
    "INQUIRE Agent[03] (#)",
    "INQUIRE ANY (NOT (DAY 0 (#)))",
    "BECAUSE (#) (REQUEST Agent[04] (#))",
    "AND (#) (INQUIRE ANY (#))",
    "OR (#) (#) (NOT (AND (#) (#)))",
    "XOR (#) (Agent[04] DAY 3 (#))",
    "Agent[02] REQUEST ANY (BECAUSE (#) (#))",
    "Agent[02] INQUIRE Agent[03] (XOR (#) (#))",
    "REQUEST Agent[03] (OR (#) (#))",
];

/// Renders the battery in every style; the first failure (or an empty output) is returned. In the default style
/// with the sample context, frames must also agree with tera interpreting every call: a second line of defence
/// behind [`super::frame_check`].
pub(crate) fn self_check(set: &LangSet) -> Result<(), RenderError> {
    let contexts = [sample_context(set.lang), Context::default()];
    let styles = Style::ALL.map(|style| RenderOptions { style, ..RenderOptions::default() });
    let controls = ["Skip", "Over"].into_iter().map(str::to_owned);
    let battery = LEAVES.iter().flat_map(|leaf| {
        SUBJECTS.iter().flat_map(move |subject| {
            POSITIONS.iter().map(move |position| position.replace('#', &format!("{subject}{leaf}")))
        })
    });
    for text in controls.chain(battery) {
        let Some(sentence) = parse_known(&text) else { continue };
        for ctx in &contexts {
            for options in &styles {
                let out = Composer::new(set, ctx, options).render(&sentence)?;
                let error = |message: String| RenderError::Template {
                    lang: set.lang.code().to_owned(),
                    name: sentence.content.keyword().to_string(),
                    message,
                };
                if out.trim().is_empty() {
                    return Err(error(format!("rendered `{text}` as an empty string")));
                }
                if std::ptr::eq(ctx, &contexts[0]) && options.style == Style::Polite {
                    let reference = Composer::with_engine(set, ctx, options, Engine::Tera).render(&sentence)?;
                    if reference != out {
                        return Err(error(format!(
                            "`{text}` renders as `{out}` through frames but `{reference}` through tera: a template \
                             inspects text in a way frames cannot honour"
                        )));
                    }
                }
            }
        }
    }
    Ok(())
}
