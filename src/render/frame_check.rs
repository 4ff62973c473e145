//! The start-up check that every template can be compiled into frames ([`super::frame`]).
//!
//! Frames render a template once per set of discrete values and splice the texts in later, so a template may
//! output a text variable (`{{ subj }}`, `{% set sw = subj ~ "は" %}`, `{{ ask | cap }}`) and test whether it
//! is empty (`{% if quote %}`), but must not inspect it otherwise (`==`, `is ending_with`, other filters,
//! indexing): such a template would render differently through frames. This check reads the template sources
//! (a taint analysis over variable names, conservative across `{% include %}`), so the author gets a clear
//! start-up error naming the template and the tag, never wrong output.

use std::collections::HashSet;

use super::error::RenderError;
use super::frame::is_marker;
use super::vars::{TEXT_LISTS, TEXT_VARIABLES};

/// One `{{ … }}` or `{% … %}` tag, tokenised.
struct Tag<'s> {
    template: &'s str,
    source: &'s str,
    output: bool,
    tokens: Vec<&'s str>,
}

/// Checks one language's templates; `lang` labels errors.
pub(crate) fn check(lang: &str, templates: &[(String, String)]) -> Result<(), RenderError> {
    let error = |template: &str, message: String| RenderError::Template {
        lang: lang.to_owned(),
        name: template.to_owned(),
        message,
    };
    let mut tags = Vec::new();
    for (name, text) in templates {
        if text.chars().any(is_marker) {
            return Err(error(name, "contains a character from planes 15–16 (reserved for text markers)".into()));
        }
        tags.extend(tags_of(name, text).map_err(|message| error(name, message))?);
    }
    let mut texts: HashSet<&str> = TEXT_VARIABLES.iter().copied().collect();
    let lists: HashSet<&str> = TEXT_LISTS.iter().copied().collect();
    // Variables set from texts are texts too; names are shared across includes, so iterate to a fixed point.
    loop {
        let before = texts.len();
        for tag in &tags {
            match tag.tokens.as_slice() {
                ["set" | "set_global", name, "=", rest @ ..] if mentions(rest, &texts, &lists) => {
                    texts.insert(name);
                }
                ["set" | "set_global", name] => {
                    texts.insert(name);
                }
                ["for", var, "in", ..] | ["for", _, ",", var, "in", ..] => {
                    texts.insert(var);
                }
                _ => {}
            }
        }
        if texts.len() == before {
            break;
        }
    }
    for tag in &tags {
        check_tag(tag, &texts, &lists)
            .map_err(|message| error(tag.template, format!("{message} in `{}`", tag.source)))?;
    }
    Ok(())
}

fn mentions(tokens: &[&str], texts: &HashSet<&str>, lists: &HashSet<&str>) -> bool {
    variables(tokens).any(|(_, t)| texts.contains(t) || lists.contains(t))
}

/// Indices and names of the variable references among `tokens` (not attributes, keyword arguments or words).
fn variables<'t, 's>(tokens: &'t [&'s str]) -> impl Iterator<Item = (usize, &'s str)> + 't {
    tokens.iter().enumerate().filter_map(move |(i, token)| {
        let identifier = token.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_');
        let attribute = i > 0 && tokens[i - 1] == ".";
        let keyword_argument = tokens.get(i + 1) == Some(&"=");
        (identifier && !attribute && !keyword_argument).then_some((i, *token))
    })
}

fn check_tag(tag: &Tag<'_>, texts: &HashSet<&str>, lists: &HashSet<&str>) -> Result<(), String> {
    let tokens = tag.tokens.as_slice();
    let (expression, condition) = match tokens {
        _ if tag.output => (tokens, false),
        ["set" | "set_global", _, "=", rest @ ..] => (rest, false),
        ["if" | "elif", rest @ ..] => (rest, true),
        ["for", ..] => match tokens.iter().position(|t| *t == "in") {
            Some(at) if tokens.len() == at + 2 && lists.contains(tokens[at + 1]) => return Ok(()),
            Some(at) => (&tokens[at + 1..], true),
            None => (tokens, true),
        },
        _ => (tokens, true),
    };
    for (i, name) in variables(expression) {
        let before = if i == 0 { "" } else { expression[i - 1] };
        let after = |k: usize| expression.get(i + k).copied().unwrap_or("");
        if lists.contains(name) {
            if after(1) == "|" && after(2) == "length" {
                continue;
            }
            return Err(format!("`{name}` is a list of texts: only loop over it or take its `length`"));
        }
        if !texts.contains(name) {
            continue;
        }
        let spliced = !condition
            && matches!(before, "" | "~" | "(")
            && (matches!(after(1), "" | "~" | ")")
                || after(1) == "|" && after(2) == "cap" && matches!(after(3), "" | "~" | ")"));
        let tested_for_emptiness = condition
            && matches!(before, "" | "not" | "and" | "or" | "(")
            && matches!(after(1), "" | "and" | "or" | ")");
        if !spliced && !tested_for_emptiness {
            return Err(format!(
                "`{name}` is text, which templates may only output (`{{{{ {name} }}}}`, `~`, `| cap`) or test for \
                 emptiness (`{{% if {name} %}}`); compare discrete variables (kinds, flags) instead"
            ));
        }
    }
    Ok(())
}

/// The tags of a template, skipping comments and `{% raw %}` blocks.
fn tags_of<'s>(template: &'s str, text: &'s str) -> Result<Vec<Tag<'s>>, String> {
    let mut tags = Vec::new();
    let mut rest = text;
    let mut raw = false;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let (close, output) = match after.chars().next() {
            Some('{') => ("}}", true),
            Some('%') => ("%}", false),
            Some('#') => ("#}", false),
            _ => {
                rest = after;
                continue;
            }
        };
        let body_start = &after[1..];
        let end =
            if output || !after.starts_with('#') { find_close(body_start, close) } else { body_start.find(close) };
        let end = end.ok_or_else(|| format!("unclosed tag near `{}`", head(rest)))?;
        let body = &body_start[..end];
        rest = &body_start[end + 2..];
        if after.starts_with('#') {
            continue;
        }
        let inner = body.trim_matches('-').trim();
        let tokens = tokenize(inner);
        match tokens.first().copied() {
            Some("raw") if !output => raw = true,
            Some("endraw") if !output => raw = false,
            _ if raw => {}
            _ => tags.push(Tag { template, source: inner, output, tokens }),
        }
    }
    Ok(tags)
}

fn head(text: &str) -> &str {
    text.char_indices().nth(30).map_or(text, |(at, _)| &text[..at])
}

/// Where `close` ends the tag body, skipping string literals.
fn find_close(body: &str, close: &str) -> Option<usize> {
    let mut quote = None;
    for (at, c) in body.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if matches!(c, '"' | '\'' | '`') => quote = Some(c),
            None if body[at..].starts_with(close) => return Some(at),
            None => {}
        }
    }
    None
}

/// Splits an expression into identifiers, numbers, string literals and operators.
fn tokenize(expression: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    let mut chars = expression.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let end = if c.is_whitespace() {
            continue;
        } else if c.is_alphanumeric() || c == '_' {
            let mut end = at + c.len_utf8();
            while let Some(&(next, d)) = chars.peek() {
                if !(d.is_alphanumeric() || d == '_') {
                    break;
                }
                end = next + d.len_utf8();
                chars.next();
            }
            end
        } else if matches!(c, '"' | '\'' | '`') {
            let mut end = expression.len();
            for (next, d) in chars.by_ref() {
                if d == c {
                    end = next + 1;
                    break;
                }
            }
            end
        } else {
            let two = expression.get(at..at + 2).unwrap_or("");
            if matches!(two, "==" | "!=" | "<=" | ">=" | "//" | "**") {
                chars.next();
                at + 2
            } else {
                at + c.len_utf8()
            }
        };
        tokens.push(&expression[at..end]);
    }
    tokens
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_one(text: &str) -> Result<(), RenderError> {
        check("ja", &[("T.txt".to_owned(), text.to_owned())])
    }

    #[test]
    fn splicing_and_emptiness_tests_pass() {
        let ok = [
            "{{ subj }}は{{ target ~ \"さん\" }}",
            "{% set sw = subj ~ \"が\" %}{{ sw | cap }}",
            "{% if quote %}（{{ quote }}）{% endif %}",
            "{% for c in clauses %}{{ c }}{% if not loop.last %}、{% endif %}{% endfor %}",
            "{% if clauses | length == 2 %}x{% endif %}",
            "{% if mood == \"question\" and not quote %}{{ v.who }}{% endif %}",
        ];
        for text in ok {
            assert!(check_one(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn inspecting_text_is_refused_at_start_up() {
        let bad = [
            "{% if subj == \"ミナト\" %}x{% endif %}",
            "{% if body is ending_with(pat=\"」\") %}x{% endif %}",
            "{% set sw = subj %}{% if sw != \"\" %}x{% endif %}",
            "{{ subj | upper }}",
            "{{ subj | length }}",
            "{% for c in clauses %}{% if c == \"a\" %}x{% endif %}{% endfor %}",
            "{{ clauses }}",
            "{{ v.acts[sentence] }}",
        ];
        for text in bad {
            let error = check_one(text).err().unwrap_or_else(|| panic!("accepted {text}")).to_string();
            assert!(error.contains("T.txt"), "{error}");
        }
    }

    #[test]
    fn marker_characters_are_refused() {
        assert!(check_one("\u{F0000}").is_err());
    }
}
