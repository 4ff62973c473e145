//! `aiwolf-nl normalize`: protocol lines on stdin, exactly one line out per line in.

use std::io::{self, BufRead, Write};

use serde::Serialize;

use super::lines::{BoundedLines, Line};
use crate::protocol::{
    AnyAgents, ErrorCode, ParseError, ParseOptions, Parsed, Sentence, Span, Warning, expand_any, normalize_into, parse,
    write_canonical,
};

/// One `--json` output line.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonLine<'a> {
    Ok { ok: bool, canonical: &'a str, ast: &'a Sentence, warnings: &'a [Warning] },
    Err { ok: bool, error: &'a ParseError },
}

/// Normalizes every line of `input` to `output` (each sentence with ANY expanded over `expand` when given);
/// returns only on I/O failure or end of input.
pub fn run(
    input: impl BufRead,
    output: impl Write,
    options: &ParseOptions,
    json: bool,
    expand: Option<&AnyAgents>,
) -> io::Result<()> {
    let mut lines = BoundedLines::new(input, options.max_len);
    let mut out = io::BufWriter::with_capacity(64 * 1024, output);
    let mut canonical = String::with_capacity(256);
    while let Some(line) = lines.next_line()? {
        canonical.clear();
        if let (false, None, Line::Text(bytes)) = (json, expand, &line)
            && let Ok(text) = std::str::from_utf8(bytes)
        {
            match normalize_into(&mut canonical, text, options) {
                Ok(()) => out.write_all(canonical.as_bytes())?,
                Err(error) => write_error_line(&mut out, &error)?,
            }
            out.write_all(b"\n")?;
            continue;
        }
        let result = match line {
            Line::TooLong(len) => Err(ParseError::new(
                ErrorCode::TooLong,
                Span::new(options.max_len, len),
                format!("line is {len} bytes, the limit is {}", options.max_len),
            )),
            Line::Text(bytes) => match std::str::from_utf8(bytes) {
                Ok(text) => parse_and_expand(text, options, expand),
                Err(e) => {
                    let at = e.valid_up_to();
                    Err(ParseError::new(
                        ErrorCode::InvalidUtf8,
                        Span::new(at, at + e.error_len().unwrap_or(1)),
                        "input is not valid UTF-8",
                    ))
                }
            },
        };
        match (&result, json) {
            (Ok(parsed), false) => {
                write_canonical(&mut canonical, &parsed.sentence);
                out.write_all(canonical.as_bytes())?;
            }
            (Err(error), false) => write_error_line(&mut out, error)?,
            (Ok(parsed), true) => {
                write_canonical(&mut canonical, &parsed.sentence);
                let line =
                    JsonLine::Ok { ok: true, canonical: &canonical, ast: &parsed.sentence, warnings: &parsed.warnings };
                serde_json::to_writer(&mut out, &line)?;
            }
            (Err(error), true) => serde_json::to_writer(&mut out, &JsonLine::Err { ok: false, error })?,
        }
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// The line parsed, its sentence replaced by the ANY expansion when one is asked for.
fn parse_and_expand(text: &str, options: &ParseOptions, expand: Option<&AnyAgents>) -> Result<Parsed, ParseError> {
    let mut parsed = parse(text, options)?;
    if let Some(agents) = expand {
        parsed.sentence = expand_any(&parsed.sentence, agents, Span::new(0, text.len()))?;
    }
    Ok(parsed)
}

/// `ERROR <code> <start>..<end>: <message>`, kept on one line whatever the message holds.
pub fn write_error_line(out: &mut impl Write, error: &ParseError) -> io::Result<()> {
    let message: String = error.message.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
    write!(out, "ERROR {} {}: {}", error.code, error.span, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn normalize_lines(input: &str, options: &ParseOptions, json: bool) -> String {
        let mut out = Vec::new();
        run(input.as_bytes(), &mut out, options, json, None).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn one_line_out_per_line_in() {
        let out = normalize_lines("VOTE Agent[1]\n\nFOO\nAGREE TALK day04 ID:038\r\n", &ParseOptions::default(), false);
        assert_eq!(
            out,
            "VOTE Agent[01]\nERROR empty_input 0..0: the input is empty\n\
             ERROR unknown_verb 0..3: `FOO` is not a verb or operator\nAGREE TALK day4 ID:38\n"
        );
    }

    #[test]
    fn strict_rejects_what_lenient_fixes() {
        let out = normalize_lines("VOTE Agent[1]\nVOTE Agent[01]\n", &ParseOptions::strict(), false);
        let lines: Vec<&str> = out.lines().collect();
        assert!(lines[0].starts_with("ERROR not_canonical 5..13: "), "{}", lines[0]);
        assert_eq!(lines[1], "VOTE Agent[01]");
    }

    #[test]
    fn json_lines_carry_ast_and_errors() {
        let out = normalize_lines("Agent[01]VOTE Agent[02]\nVOTE\n", &ParseOptions::default(), true);
        let lines: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines[0]["canonical"], "Agent[01] VOTE Agent[02]");
        assert_eq!(lines[0]["ast"]["type"], "VOTE");
        assert_eq!(lines[0]["warnings"][0]["code"], "glued_subject");
        assert_eq!(lines[1]["ok"], false);
        assert_eq!(lines[1]["error"]["code"], "missing_argument");
    }

    #[test]
    fn invalid_utf8_and_over_long_lines_are_errors() {
        let options = ParseOptions { max_len: 16, ..ParseOptions::default() };
        let mut out = Vec::new();
        run(&b"VOTE \xff\nVOTE Agent[01] VOTE Agent[02]\nOver\n"[..], &mut out, &options, false, None).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "ERROR invalid_utf8 5..6: input is not valid UTF-8");
        assert_eq!(lines[1], "ERROR too_long 16..29: line is 29 bytes, the limit is 16");
        assert_eq!(lines[2], "Over");
    }

    #[test]
    fn expand_any_prints_the_expansion_or_its_error() {
        let agents: AnyAgents = "Agent[01],Agent[02]".parse().unwrap();
        let mut out = Vec::new();
        let input = "REQUEST ANY (VOTE Agent[03])\nVOTE Agent[1]\nANY ESTIMATE ANY ANY\n";
        let options = ParseOptions::default();
        run(input.as_bytes(), &mut out, &options, false, Some(&agents)).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "OR (REQUEST Agent[01] (VOTE Agent[03])) (REQUEST Agent[02] (VOTE Agent[03]))");
        assert_eq!(lines[1], "VOTE Agent[01]");
        assert!(lines[2].starts_with("OR (Agent[01] ESTIMATE Agent[01] VILLAGER)"), "{}", lines[2]);
        let many: AnyAgents = (1..=30).map(|n| format!("Agent[{n}]")).collect::<Vec<_>>().join(",").parse().unwrap();
        let mut out = Vec::new();
        run("ANY ESTIMATE ANY ANY\n".as_bytes(), &mut out, &options, false, Some(&many)).unwrap();
        assert!(String::from_utf8(out).unwrap().starts_with("ERROR expansion_too_large 0..20: "));
    }
}
