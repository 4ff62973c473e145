//! `aiwolf-nl translate --from protocol --to ja|en`: protocol lines on stdin, one rendered line per input
//! line on stdout, or `ERROR …` as `normalize` writes it. With `--jsonl` every line is a JSON request
//! `{"text", "speaker", "addressee", "names", "day", "style"}` and every output line a JSON result: the same
//! contract the understanding direction will use.

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::lines::{BoundedLines, Line};
use super::normalize::write_error_line;
use crate::protocol::{Agent, Context, ErrorCode, NameTable, ParseError, ParseOptions, Span, parse};
use crate::render::{Lang, RenderError, RenderOptions, Renderer, Style};

/// What `translate` reads. Only protocol for now; Japanese and English input come with the understanding side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceFormat {
    Protocol,
}

/// Parses `--from`, saying plainly which directions exist.
pub fn parse_source(text: &str) -> Result<SourceFormat, String> {
    match text {
        "protocol" => Ok(SourceFormat::Protocol),
        "ja" | "en" => Err(format!(
            "translating from {text} into protocol is not available yet; only `--from protocol` is supported"
        )),
        other => Err(format!("unknown source `{other}`; only `protocol` is supported")),
    }
}

/// Everything one run needs besides the input: renderer, target language, defaults for every line.
pub struct Job<'a> {
    pub renderer: &'a Renderer,
    pub lang: Lang,
    pub ctx: Context,
    pub options: RenderOptions,
    pub parse: ParseOptions,
    pub jsonl: bool,
}

/// Builds the renderer from `--templates DIR` (or `AIWOLF_NL_TEMPLATES`), else the embedded templates.
pub fn load_renderer(dir: Option<&Path>) -> Result<Renderer, RenderError> {
    match dir {
        Some(dir) => Renderer::from_dir(dir),
        None => Renderer::embedded(),
    }
}

/// Reads `--names FILE.json` (`{"Agent[03]": "ミナト", …}`).
pub fn read_names(path: &PathBuf) -> io::Result<NameTable> {
    let text = std::fs::read_to_string(path)?;
    serde_json::from_str(&text)
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, format!("{}: {e}", path.display())))
}

/// One `--jsonl` request line; absent fields fall back to the command-line values.
#[derive(Deserialize)]
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
    Ok { ok: bool, lang: Lang, text: &'a str, canonical: &'a str },
    Err { ok: bool, error: ErrorBody<'a> },
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    span: Option<Span>,
    message: &'a str,
}

/// Why a line produced no text.
enum Failure {
    Parse(ParseError),
    Json(String),
    Render(RenderError),
}

/// Translates every line of `input` to `output`; returns only on I/O failure or end of input.
pub fn run(input: impl BufRead, output: impl Write, job: &Job) -> io::Result<()> {
    let mut lines = BoundedLines::new(input, job.parse.max_len);
    let mut out = io::BufWriter::with_capacity(64 * 1024, output);
    while let Some(line) = lines.next_line()? {
        let text = match line {
            Line::TooLong(len) => Err(Failure::Parse(ParseError::new(
                ErrorCode::TooLong,
                Span::new(job.parse.max_len, len),
                format!("line is {len} bytes, the limit is {}", job.parse.max_len),
            ))),
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => Ok(text),
                Err(e) => {
                    let at = e.valid_up_to();
                    Err(Failure::Parse(ParseError::new(
                        ErrorCode::InvalidUtf8,
                        Span::new(at, at + e.error_len().unwrap_or(1)),
                        "input is not valid UTF-8",
                    )))
                }
            },
        };
        if job.jsonl {
            json_line(&mut out, job.lang, text.and_then(|t| translate_json(t, job)))?;
        } else {
            plain_line(&mut out, text.and_then(|t| translate(t, &job.ctx, &job.options, job)))?;
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// (rendered text, canonical protocol) of one protocol line.
fn translate(text: &str, ctx: &Context, options: &RenderOptions, job: &Job) -> Result<(String, String), Failure> {
    let parsed = parse(text, &job.parse).map_err(Failure::Parse)?;
    let rendered = job.renderer.render(&parsed.sentence, job.lang, ctx, options).map_err(Failure::Render)?;
    Ok((rendered, parsed.sentence.to_canonical()))
}

fn translate_json(line: &str, job: &Job) -> Result<(String, String), Failure> {
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

fn plain_line(out: &mut impl Write, result: Result<(String, String), Failure>) -> io::Result<()> {
    match result {
        Ok((text, _)) => out.write_all(one_line(&text).as_bytes()),
        Err(Failure::Parse(error)) => write_error_line(out, &error),
        Err(Failure::Json(message)) => write!(out, "ERROR invalid_json 0..0: {}", one_line(&message)),
        Err(Failure::Render(error)) => write!(out, "ERROR render_error 0..0: {}", one_line(&error.to_string())),
    }
}

fn json_line(out: &mut impl Write, lang: Lang, result: Result<(String, String), Failure>) -> io::Result<()> {
    let response_error = |code: &str, span, message: &str, out: &mut dyn Write| {
        serde_json::to_writer(out, &Response::Err { ok: false, error: ErrorBody { code, span, message } })
    };
    match result {
        Ok((text, canonical)) => {
            serde_json::to_writer(&mut *out, &Response::Ok { ok: true, lang, text: &text, canonical: &canonical })?
        }
        Err(Failure::Parse(error)) => {
            response_error(&error.code.to_string(), Some(error.span), &error.message, &mut *out)?
        }
        Err(Failure::Json(message)) => response_error("invalid_json", None, &message, &mut *out)?,
        Err(Failure::Render(error)) => response_error("render_error", None, &error.to_string(), &mut *out)?,
    }
    Ok(())
}

/// Output stays one line per input line whatever a name or message holds.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// The `translate` command: builds the renderer (a broken template fails here, before any input is read),
/// then translates stdin to stdout.
pub fn main(args: &super::TranslateArgs) -> io::Result<()> {
    let SourceFormat::Protocol = args.from;
    let renderer = load_renderer(args.templates.dir.as_deref()).map_err(io::Error::other)?;
    let names = match &args.names {
        Some(path) => read_names(path)?,
        None => NameTable::new(),
    };
    let job = Job {
        renderer: &renderer,
        lang: args.to,
        ctx: Context { speaker: args.speaker, addressee: args.addressee, names, day: args.day },
        options: RenderOptions {
            style: args.style,
            pronoun: args.pronoun.clone(),
            honorific: !args.no_honorific,
            variant_seed: args.variant_seed,
            ..RenderOptions::default()
        },
        parse: args.limits.parse_options(false),
        jsonl: args.jsonl,
    };
    run(io::stdin().lock(), io::stdout().lock(), &job)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn translate_lines(input: &str, lang: Lang, jsonl: bool) -> String {
        let renderer = Renderer::embedded().unwrap();
        let names: NameTable = [(Agent::Id(3), "ケンジ".to_owned())].into_iter().collect();
        let job = Job {
            renderer: &renderer,
            lang,
            ctx: Context { speaker: Some(Agent::Id(1)), names, ..Context::default() },
            options: RenderOptions::default(),
            parse: ParseOptions::default(),
            jsonl,
        };
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out, &job).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_line_out_per_line_in() {
        let out = translate_lines("VOTE Agent[3]\nFOO\n\nCOMINGOUT Agent[01] SEER\n", Lang::Ja, false);
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
        let out = translate_lines(input, Lang::Ja, true);
        let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines[0]["text"], "ケンジさんに投票する。");
        assert_eq!(lines[0]["lang"], "ja");
        assert_eq!(lines[0]["canonical"], "VOTE Agent[03]");
        assert_eq!(lines[1]["text"], "シオンさんに投票します。");
        assert_eq!(lines[2]["ok"], false);
        assert_eq!(lines[2]["error"]["code"], "missing_argument");
        assert_eq!(lines[3]["error"]["code"], "invalid_json");
    }

    #[test]
    fn only_protocol_is_a_source_for_now() {
        assert_eq!(parse_source("protocol"), Ok(SourceFormat::Protocol));
        assert!(parse_source("ja").unwrap_err().contains("not available yet"));
        assert!(parse_source("xml").is_err());
    }
}
