//! `aiwolf-nl translate --from protocol|ja|en --to protocol|ja|en`: one output line per input line, through
//! [`Translator::translate`] (the same function the HTTP service uses).
//!
//! Plain lines: into the protocol, the canonical sentences joined by ` ; ` or `Skip`; into ja/en, the
//! rendered text; a line that cannot be translated gives `ERROR <code> <start>..<end>: <message>` as
//! `normalize` writes it. With `--jsonl` every input line is a JSON request
//! `{"text", "speaker", "addressee", "names", "day", "style"}` (absent fields take the command-line values)
//! and every output line a JSON result: the translation with its protocol reading (sentences with
//! confidence, span and alternatives; unknown names; mentions), or `{"ok": false, "error": …}`.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::lines::{BoundedLines, Line};
use super::normalize::write_error_line;
use super::{PhraseArgs, TemplateArgs};
use crate::protocol::{Agent, Context, ErrorCode, NameTable, ParseError, ParseOptions, Span, Warning};
use crate::render::{RenderError, RenderOptions, Renderer, Style};
use crate::translator::{Format, Settings, TranslateError, Translation, Translator};
use crate::understand::{Understander, Understanding};

/// Everything one run needs besides the input: translator, languages, defaults for every line.
pub struct Job<'a> {
    pub translator: &'a Translator,
    pub from: Format,
    pub to: Format,
    pub ctx: Context,
    pub options: RenderOptions,
    pub parse: ParseOptions,
    pub jsonl: bool,
    /// Say how natural language was read (see `--explain`).
    pub explain: bool,
}

/// Builds the renderer from `--templates DIR` (or `AIWOLF_NL_TEMPLATES`), else the embedded templates.
pub fn load_renderer(dir: Option<&Path>) -> Result<Renderer, RenderError> {
    match dir {
        Some(dir) => Renderer::from_dir(dir),
        None => Renderer::embedded(),
    }
}

/// Builds the translator from `--templates DIR` and `--phrases DIR` (else the embedded files); a broken
/// template or phrase file fails here, before any input is read.
pub fn load_translator(templates: &TemplateArgs, phrases: &PhraseArgs) -> io::Result<Translator> {
    let renderer = load_renderer(templates.dir.as_deref()).map_err(io::Error::other)?;
    let understander = match &phrases.phrases_dir {
        Some(dir) => Understander::from_dir(dir),
        None => Understander::embedded(),
    }
    .map_err(io::Error::other)?;
    Ok(Translator::new(Arc::new(renderer), Arc::new(understander)))
}

/// Reads `--names FILE.json` (`{"Agent[03]": "ミナト", "Agent[04]": ["シオン", "Shion"]}`).
pub fn read_names(path: &PathBuf) -> io::Result<NameTable> {
    let text = std::fs::read_to_string(path)?;
    serde_json::from_str(&text)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display())))
}

/// One `--jsonl` request line; absent fields fall back to the command-line values.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    text: String,
    #[serde(default)]
    speaker: Option<Agent>,
    #[serde(default)]
    addressee: Option<Agent>,
    #[serde(default)]
    names: Option<NameTable>,
    #[serde(default)]
    day: Option<u32>,
    #[serde(default)]
    style: Option<Style>,
}

/// One `--jsonl` result line.
#[derive(Serialize)]
#[serde(untagged)]
enum Response<'a> {
    Ok {
        ok: bool,
        source_lang: Format,
        lang: Format,
        text: &'a str,
        /// The protocol reading as one line: sentences joined by ` ; `, or `Skip`.
        canonical: String,
        #[serde(flatten)]
        reading: &'a Understanding,
        #[serde(skip_serializing_if = "<[Warning]>::is_empty")]
        warnings: &'a [Warning],
    },
    Err {
        ok: bool,
        error: ErrorBody<'a>,
    },
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<Span>,
    message: &'a str,
}

/// Why a line produced no translation.
enum Failure {
    Translate(TranslateError),
    Json(String),
}

impl From<ParseError> for Failure {
    fn from(error: ParseError) -> Self {
        Failure::Translate(TranslateError::Parse(error))
    }
}

/// Translates every line of `input` to `output`; returns only on I/O failure or end of input.
pub fn run(input: impl BufRead, output: impl Write, job: &Job) -> io::Result<()> {
    let mut lines = BoundedLines::new(input, job.parse.max_len);
    let mut out = io::BufWriter::with_capacity(64 * 1024, output);
    while let Some(line) = lines.next_line()? {
        let text = match line {
            Line::TooLong(len) => Err(Failure::from(ParseError::new(
                ErrorCode::TooLong,
                Span::new(job.parse.max_len, len),
                format!("line is {len} bytes, the limit is {}", job.parse.max_len),
            ))),
            Line::Text(bytes) => std::str::from_utf8(bytes).map_err(|e| {
                let at = e.valid_up_to();
                Failure::from(ParseError::new(
                    ErrorCode::InvalidUtf8,
                    Span::new(at, at + e.error_len().unwrap_or(1)),
                    "input is not valid UTF-8",
                ))
            }),
        };
        if job.jsonl {
            json_line(&mut out, job.to, text.and_then(|t| translate_json(t, job)))?;
        } else {
            let result = text.and_then(|t| translate(t, &job.ctx, &job.options, job));
            let explanation = result.as_ref().ok().and_then(|t| t.reading.explanation.clone());
            plain_line(&mut out, result)?;
            if let Some(explanation) = explanation {
                write_explanation(&mut out, &explanation)?;
            }
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}

fn translate(text: &str, ctx: &Context, options: &RenderOptions, job: &Job) -> Result<Translation, Failure> {
    let settings = Settings { ctx, render: options, parse: &job.parse, explain: job.explain };
    job.translator.translate(text, Some(job.from), job.to, &settings).map_err(Failure::Translate)
}

fn translate_json(line: &str, job: &Job) -> Result<Translation, Failure> {
    let request: Request = serde_json::from_str(line).map_err(|e| Failure::Json(e.to_string()))?;
    let ctx = Context {
        speaker: request.speaker.or(job.ctx.speaker),
        addressee: request.addressee.or(job.ctx.addressee),
        names: request.names.unwrap_or_else(|| job.ctx.names.clone()),
        day: request.day.or(job.ctx.day),
    };
    match request.style {
        Some(style) if style != job.options.style => {
            translate(&request.text, &ctx, &RenderOptions { style, ..job.options.clone() }, job)
        }
        _ => translate(&request.text, &ctx, &job.options, job),
    }
}

fn plain_line(out: &mut impl Write, result: Result<Translation, Failure>) -> io::Result<()> {
    match result {
        Ok(translation) => out.write_all(one_line(&translation.text).as_bytes()),
        Err(Failure::Translate(TranslateError::Parse(error))) => write_error_line(out, &error),
        Err(Failure::Translate(TranslateError::Render(error))) => {
            write!(out, "ERROR render_error 0..0: {}", one_line(&error.to_string()))
        }
        Err(Failure::Translate(error @ TranslateError::OutOfBudget(_))) => {
            write!(out, "ERROR out_of_time 0..0: {error}")
        }
        Err(Failure::Json(message)) => write!(out, "ERROR invalid_json 0..0: {}", one_line(&message)),
    }
}

fn json_line(out: &mut impl Write, lang: Format, result: Result<Translation, Failure>) -> io::Result<()> {
    let response_error = |code: &str, span, message: &str, out: &mut dyn Write| {
        serde_json::to_writer(out, &Response::Err { ok: false, error: ErrorBody { code, span, message } })
    };
    match result {
        Ok(translation) => {
            let response = Response::Ok {
                ok: true,
                source_lang: translation.source,
                lang,
                text: &translation.text,
                canonical: crate::translator::protocol_text(&translation.reading),
                reading: &translation.reading,
                warnings: &translation.warnings,
            };
            serde_json::to_writer(&mut *out, &response)?
        }
        Err(Failure::Translate(TranslateError::Parse(error))) => {
            response_error(&error.code.to_string(), Some(error.span), &error.message, &mut *out)?
        }
        Err(Failure::Translate(TranslateError::Render(error))) => {
            response_error("render_error", None, &error.to_string(), &mut *out)?
        }
        Err(Failure::Translate(error @ TranslateError::OutOfBudget(_))) => {
            response_error("out_of_time", None, &error.to_string(), &mut *out)?
        }
        Err(Failure::Json(message)) => response_error("invalid_json", None, &message, &mut *out)?,
    }
    Ok(())
}

/// `--explain` in plain mode: indented lines after the translation, one per frame and per dropped clause.
fn write_explanation(out: &mut impl Write, explanation: &crate::understand::Explanation) -> io::Result<()> {
    for frame in &explanation.frames {
        let slots: Vec<String> = frame.slots.iter().map(|s| format!("{}={:?}", s.slot, s.text)).collect();
        write!(out, "\n  # {} ← {} [{}] {}", frame.canonical, frame.frame, frame.class, one_line(&slots.join(" ")))?;
        if !frame.modality.is_empty() {
            write!(out, " ({})", frame.modality.join(","))?;
        }
    }
    for dropped in &explanation.dropped {
        write!(out, "\n  # nothing from {:?} ({}): {}", one_line(&dropped.text), dropped.frame, dropped.reason)?;
    }
    Ok(())
}

/// Output stays one line per input line whatever a name or message holds.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// The `translate` command: builds the translator (a broken template or phrase file fails here, before any
/// input is read), then translates stdin to stdout.
pub fn main(args: &super::TranslateArgs) -> io::Result<()> {
    let translator = load_translator(&args.templates, &args.phrases)?;
    let names = match &args.names {
        Some(path) => read_names(path)?,
        None => NameTable::new(),
    };
    let job = Job {
        translator: &translator,
        from: args.from,
        to: args.to,
        ctx: Context { speaker: args.speaker, addressee: args.addressee, names, day: args.day },
        options: RenderOptions {
            style: args.style,
            channel: args.channel,
            pronoun: args.pronoun.clone(),
            honorific: !args.no_honorific,
            variant_seed: args.variant_seed,
            ..RenderOptions::default()
        },
        parse: args.limits.parse_options(false),
        jsonl: args.jsonl,
        explain: args.explain,
    };
    run(io::stdin().lock(), io::stdout().lock(), &job)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn translate_lines(input: &str, from: Format, to: Format, jsonl: bool) -> String {
        let translator = Translator::embedded().unwrap();
        let names: NameTable = [(Agent::Id(3), "ケンジ".to_owned())].into_iter().collect();
        let job = Job {
            translator: &translator,
            from,
            to,
            ctx: Context { speaker: Some(Agent::Id(1)), names, ..Context::default() },
            options: RenderOptions::default(),
            parse: ParseOptions::default(),
            jsonl,
            explain: false,
        };
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out, &job).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn json_lines(out: &str) -> Vec<serde_json::Value> {
        out.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    #[test]
    fn one_line_out_per_line_in() {
        let out =
            translate_lines("VOTE Agent[3]\nFOO\n\nCOMINGOUT Agent[01] SEER\n", Format::Protocol, Format::Ja, false);
        assert_eq!(
            out,
            "ケンジさんに投票します。\nERROR unknown_verb 0..3: `FOO` is not a verb or operator\n\
             ERROR empty_input 0..0: the input is empty\n私は占い師です。\n"
        );
    }

    #[test]
    fn jsonl_requests_override_the_defaults() {
        let input = concat!(
            r#"{"text":"VOTE Agent[03]","style":"casual"}"#,
            "\n",
            r#"{"text":"VOTE Agent[04]","names":{"Agent[04]":"シオン"},"speaker":"Agent[02]"}"#,
            "\n{\"text\":\"VOTE\"}\nnot json\n"
        );
        let lines = json_lines(&translate_lines(input, Format::Protocol, Format::Ja, true));
        assert_eq!(lines[0]["text"], "ケンジさんに投票するね。");
        assert_eq!(lines[0]["lang"], "ja");
        assert_eq!(lines[0]["source_lang"], "protocol");
        assert_eq!(lines[0]["canonical"], "VOTE Agent[03]");
        assert_eq!(lines[0]["sentences"][0]["confidence"], 1.0);
        assert_eq!(lines[1]["text"], "シオンさんに投票します。");
        assert_eq!(lines[2]["ok"], false);
        assert_eq!(lines[2]["error"]["code"], "missing_argument");
        assert_eq!(lines[3]["error"]["code"], "invalid_json");
    }

    #[test]
    fn natural_language_lines_become_protocol_or_skip() {
        let input = "占い師COします。ケンジを占った結果、人狼でした。\nこんにちは！\n\n私は村人です。Over\n";
        let out = translate_lines(input, Format::Ja, Format::Protocol, false);
        assert_eq!(
            out,
            "COMINGOUT Agent[01] SEER ; DIVINED Agent[03] WEREWOLF\nSkip\nSkip\nCOMINGOUT Agent[01] VILLAGER ; Over\n"
        );
    }

    #[test]
    fn natural_language_jsonl_reports_readings_and_unknown_names() {
        let input = concat!(
            r#"{"text":"@ユキ 誰に投票する？","names":{"Agent[04]":["シオン","Shion"]}}"#,
            "\n",
            r#"{"text":"@Shion who will you vote for?","names":{"Agent[04]":["シオン","Shion"]},"speaker":"Agent[02]"}"#,
            "\n",
            r#"{"text":">>Agent[04] ケンジさんに投票してくれない？","speaker":"Agent[02]"}"#,
            "\n",
            r#"{"text":"x","speaker":"Agent[x]"}"#,
            "\n",
            r#"{"txt":"x"}"#,
            "\n"
        );
        let lines = json_lines(&translate_lines(input, Format::Ja, Format::Protocol, true));
        // Asked of someone nobody knows: not understood, and the name is reported.
        assert_eq!(lines[0]["ok"], true);
        assert_eq!(lines[0]["canonical"], "Skip");
        assert_eq!(lines[0]["skip"], true);
        assert_eq!(lines[0]["unknown_names"][0]["name"], "ユキ");
        assert_eq!(lines[0]["unknown_names"][0]["span"], serde_json::json!({"start": 0, "end": "@ユキ".len()}));
        // An English line read as Japanese finds nothing: the language is the command's.
        assert_eq!(lines[1]["text"], "Skip");
        assert_eq!(lines[1]["skip"], true);
        assert_eq!(lines[2]["canonical"], "REQUEST Agent[04] (VOTE Agent[03])");
        assert_eq!(lines[2]["mentions"][0]["agent"], "Agent[04]");
        assert_eq!(lines[2]["sentences"][0]["confidence"].as_f64().map(|c| c > 0.0), Some(true));
        assert_eq!(lines[3]["error"]["code"], "invalid_json");
        assert_eq!(lines[4]["error"]["code"], "invalid_json");
    }

    #[test]
    fn english_pivots_to_japanese_through_the_protocol() {
        let out = translate_lines("I vote Agent[03]. Over\nhello\n", Format::En, Format::Ja, false);
        // What the understood sentences render as, with the same context (templates may be reworded).
        let renderer = Renderer::embedded().unwrap();
        let names: NameTable = [(Agent::Id(3), "ケンジ".to_owned())].into_iter().collect();
        let ctx = Context { speaker: Some(Agent::Id(1)), names, ..Context::default() };
        let render = |text: &str| {
            let sentence = crate::protocol::parse(text, &ParseOptions::default()).unwrap().sentence;
            renderer.render(&sentence, crate::render::Lang::Ja, &ctx, &RenderOptions::default()).unwrap()
        };
        let expected = format!("{}{}\n{}\n", render("VOTE Agent[03]"), render("Over"), render("Skip"));
        assert_eq!(out, expected);
    }

    #[test]
    fn languages_parse_by_code() {
        assert_eq!("protocol".parse::<Format>(), Ok(Format::Protocol));
        assert_eq!("JA".parse::<Format>(), Ok(Format::Ja));
        assert!("xml".parse::<Format>().is_err());
    }
}
