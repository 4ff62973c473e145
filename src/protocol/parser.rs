//! The protocol parser: accepts exactly what the Java reference accepts (in lenient mode, with a warning for
//! everything it changes), the older dialects found in real logs, and nothing else.
//!
//! It works on ASCII bytes with no tokenizer: like the reference, each operand is the text between a `(` and
//! its matching `)`, parsed on its own. Recursion follows operator nesting, which is bounded by
//! [`ParseOptions::max_depth`] (itself capped at [`HARD_MAX_DEPTH`]), so no input can exhaust the stack.

use super::ast::{Agent, Content, Keyword, MAX_NUMBER, Role, Sentence, Species, TalkKind, TalkRef};
use super::canonical::parse_canonical;
use super::dialect::{fold_full_width, looks_pre_protocol_2014, parse_pre_protocol_2014};
use super::error::{Dialect, ErrorCode, ParseError, Span, Warning, WarningCode};
use super::subject::strip_redundant_subjects;

/// The deepest nesting any configuration may allow; keeps recursion far from the stack limit.
pub const HARD_MAX_DEPTH: usize = 256;

/// How strictly and how much to parse.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseOptions {
    /// Reject everything that is not already canonical 3.6 instead of normalizing it with a warning.
    pub strict: bool,
    /// Maximum operator nesting depth (`NOT (VOTE Agent[01])` has depth 1).
    pub max_depth: usize,
    /// Maximum input length in bytes.
    pub max_len: usize,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions { strict: false, max_depth: 32, max_len: 8 * 1024 }
    }
}

impl ParseOptions {
    pub fn strict() -> Self {
        ParseOptions { strict: true, ..ParseOptions::default() }
    }
}

/// A parsed sentence and what the lenient parser changed to make it canonical.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub sentence: Sentence,
    pub warnings: Vec<Warning>,
}

/// Parses one utterance.
pub fn parse(input: &str, options: &ParseOptions) -> Result<Parsed, ParseError> {
    parse_with(input, options, true)
}

/// The reference-compatible parser alone, without the canonical fast path (for tests that compare them).
#[doc(hidden)]
pub fn parse_without_fast_path(input: &str, options: &ParseOptions) -> Result<Parsed, ParseError> {
    parse_with(input, options, false)
}

fn parse_with(input: &str, options: &ParseOptions, fast_path: bool) -> Result<Parsed, ParseError> {
    if input.len() > options.max_len {
        return Err(ParseError::new(
            ErrorCode::TooLong,
            Span::new(options.max_len, input.len()),
            format!("input is {} bytes, the limit is {}", input.len(), options.max_len),
        ));
    }
    let max_depth = options.max_depth.min(HARD_MAX_DEPTH);
    if fast_path && let Some(sentence) = parse_canonical(input, max_depth) {
        return Ok(Parsed { sentence, warnings: Vec::new() });
    }
    let folded = fold_full_width(input);
    let text = folded.as_ref().map_or(input, |f| f.text.as_str());
    let mut parser = Parser { src: text.as_bytes(), max_depth, warnings: Vec::new() };
    let result = parser.sentence(0, text.len(), 0, None, false, false);
    let mut warnings = parser.warnings;
    let remap = |span: Span| match &folded {
        Some(f) => Span::new(f.original_offset(span.start), f.original_offset(span.end)),
        None => span,
    };
    for warning in &mut warnings {
        warning.span = remap(warning.span);
    }
    if let Some(f) = &folded {
        warnings.insert(0, dialect_warning(Dialect::FullWidth, Span::new(f.first_fold.0, f.first_fold.1)));
    }
    let sentence = match result {
        Ok(sentence) => sentence,
        Err(mut error) => {
            error.span = remap(error.span);
            error.warnings = warnings;
            return Err(error);
        }
    };
    if options.strict {
        reject_non_canonical(input, &sentence, &warnings)?;
    }
    Ok(Parsed { sentence, warnings })
}

/// Parses and prints the canonical text.
pub fn normalize(input: &str, options: &ParseOptions) -> Result<String, ParseError> {
    let mut out = String::with_capacity(input.len());
    normalize_into(&mut out, input, options)?;
    Ok(out)
}

/// Appends the canonical text of `input` to `out`. A line the single-pass canonical parser accepts is its
/// own canonical text, so it is copied rather than printed again from its tree.
pub fn normalize_into(out: &mut String, input: &str, options: &ParseOptions) -> Result<(), ParseError> {
    if input.len() <= options.max_len && parse_canonical(input, options.max_depth.min(HARD_MAX_DEPTH)).is_some() {
        out.push_str(input);
        return Ok(());
    }
    let parsed = parse_with(input, options, false)?;
    super::printer::write_canonical(out, &parsed.sentence);
    Ok(())
}

fn reject_non_canonical(input: &str, sentence: &Sentence, warnings: &[Warning]) -> Result<(), ParseError> {
    let canonical = sentence.to_canonical();
    if let Some(warning) = warnings.first() {
        return Err(ParseError {
            code: ErrorCode::NotCanonical,
            span: warning.span,
            expected: vec![canonical],
            message: format!("not canonical 3.6 ({}): {}", warning.code, warning.message),
            warnings: Vec::new(),
        });
    }
    if canonical != input {
        let at = canonical.bytes().zip(input.bytes()).take_while(|(a, b)| a == b).count();
        return Err(ParseError {
            code: ErrorCode::NotCanonical,
            span: Span::new(at, input.len()),
            expected: vec![canonical],
            message: "not canonical 3.6: the canonical text differs here".into(),
            warnings: Vec::new(),
        });
    }
    Ok(())
}

fn dialect_warning(dialect: Dialect, span: Span) -> Warning {
    Warning {
        code: WarningCode::Dialect,
        span,
        dialect: Some(dialect),
        message: format!("{} normalized to protocol 3.6", dialect.description()),
    }
}

/// `\s` of Java regexes (no Unicode flag).
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// What Java's `String.trim()` strips.
fn is_trimmed(b: u8) -> bool {
    b <= b' '
}

/// Ends a word for error reporting.
fn is_word_end(b: u8) -> bool {
    is_space(b) || b == b'(' || b == b')'
}

/// The keywords that may follow a subject (all but Skip and Over), for `expected` lists.
fn verbs_and_operators() -> Vec<&'static str> {
    Keyword::ALL.iter().filter(|k| !matches!(k, Keyword::Skip | Keyword::Over)).map(|k| k.keyword()).collect()
}
/// The match arm already picked the keyword's family, so its constructor cannot refuse it.
const FAMILY: &str = "the match arm checked the keyword family";
const AGENT: &[&str] = &["Agent[NN]", "ANY"];

struct Parser<'a> {
    src: &'a [u8],
    max_depth: usize,
    warnings: Vec<Warning>,
}

impl Parser<'_> {
    fn text(&self, start: usize, end: usize) -> &str {
        // Spans always fall on ASCII boundaries or the ends of non-ASCII runs, which the callers guarantee
        // by only splitting at ASCII bytes.
        std::str::from_utf8(&self.src[start..end]).unwrap_or("…")
    }

    fn warn(&mut self, code: WarningCode, span: Span, message: impl Into<String>) {
        self.warnings.push(Warning { code, span, dialect: None, message: message.into() });
    }

    fn warn_dialect(&mut self, dialect: Dialect, span: Span) {
        self.warnings.push(dialect_warning(dialect, span));
    }

    fn word_end(&self, start: usize, end: usize) -> usize {
        let mut i = start;
        while i < end && !is_word_end(self.src[i]) {
            i += 1;
        }
        i.max((start + 1).min(end))
    }

    fn letters_end(&self, start: usize, end: usize) -> usize {
        let mut i = start;
        while i < end && self.src[i].is_ascii_alphabetic() {
            i += 1;
        }
        i
    }

    fn digits_end(&self, start: usize, end: usize) -> usize {
        let mut i = start;
        while i < end && self.src[i].is_ascii_digit() {
            i += 1;
        }
        i
    }

    /// Parses the sentence in `start..end`. `inherited` is what an omitted subject stands for here;
    /// `nested` is false at the top level. `control_subject` lets `Agent[08] Over` through, for the
    /// target-less REQUEST dialects where that subject names the requested agent.
    fn sentence(
        &mut self,
        start: usize,
        end: usize,
        depth: usize,
        inherited: Option<Agent>,
        nested: bool,
        control_subject: bool,
    ) -> Result<Sentence, ParseError> {
        let mut s = start;
        let mut e = end;
        while s < e && is_trimmed(self.src[s]) {
            s += 1;
        }
        while e > s && is_trimmed(self.src[e - 1]) {
            e -= 1;
        }
        if s == e {
            return Err(if nested {
                ParseError::new(ErrorCode::MissingArgument, Span::new(start, end), "empty operand")
                    .expecting(&["a sentence"])
            } else {
                ParseError::new(ErrorCode::EmptyInput, Span::new(start, end), "the input is empty")
                    .expecting(&["a sentence"])
            });
        }
        if s != start {
            let what = if nested { "space after `(`" } else { "leading whitespace" };
            self.warn(WarningCode::Whitespace, Span::new(start, s), format!("{what} removed"));
        }
        if e != end {
            let what = if nested { "space before `)`" } else { "trailing whitespace" };
            self.warn(WarningCode::Whitespace, Span::new(e, end), format!("{what} removed"));
        }
        match &self.src[s..e] {
            b"Skip" => return Ok(Sentence::new(Content::Skip)),
            b"Over" => return Ok(Sentence::new(Content::Over)),
            _ => {}
        }
        if !nested && looks_pre_protocol_2014(self.src, s, e) {
            let sentence = parse_pre_protocol_2014(self.src, s, e, self.max_depth)?;
            self.warn_dialect(Dialect::PreProtocol2014, Span::new(s, e));
            return Ok(sentence);
        }

        let mut pos = s;
        let subject_start = pos;
        let mut subject = self.subject(&mut pos, e)?;
        let subject_span = Span::new(subject_start, pos);
        let (keyword, after_keyword) = self.keyword(pos, e)?;
        let keyword_span = Span::new(pos, after_keyword);
        pos = after_keyword;

        if matches!(keyword, Keyword::Skip | Keyword::Over) {
            if pos != e {
                return Err(self.unexpected(pos, e, "after Skip/Over"));
            }
            if subject.is_some() && !control_subject {
                return Err(ParseError::new(
                    ErrorCode::SubjectNotAllowed,
                    subject_span,
                    format!("{} takes no subject", keyword.keyword()),
                )
                .expecting(&[keyword.keyword()]));
            }
            let content = if keyword == Keyword::Skip { Content::Skip } else { Content::Over };
            return Ok(Sentence { subject, content });
        }

        if nested && subject.is_some() && subject == inherited {
            self.warn(WarningCode::RedundantSubject, subject_span, "subject equal to the inherited one left out");
            subject = None;
        }
        let effective = subject.or(inherited);
        let content = match keyword {
            Keyword::Estimate | Keyword::Comingout => {
                self.separator(&mut pos, e, keyword, "a target")?;
                let target = self.target(&mut pos, e)?;
                self.separator(&mut pos, e, keyword, "a role")?;
                let role = self.role(&mut pos, e)?;
                Content::with_role(keyword, target, role).expect(FAMILY)
            }
            Keyword::Divined | Keyword::Identified => {
                self.separator(&mut pos, e, keyword, "a target")?;
                let target = self.target(&mut pos, e)?;
                self.separator(&mut pos, e, keyword, "a species")?;
                let species = self.species(&mut pos, e)?;
                Content::with_species(keyword, target, species).expect(FAMILY)
            }
            Keyword::Divination
            | Keyword::Guard
            | Keyword::Vote
            | Keyword::Attack
            | Keyword::Guarded
            | Keyword::Voted
            | Keyword::Attacked => {
                self.separator(&mut pos, e, keyword, "a target")?;
                let target = self.target(&mut pos, e)?;
                Content::with_target(keyword, target).expect(FAMILY)
            }
            Keyword::Agree | Keyword::Disagree => {
                let talk = self.talk_ref(&mut pos, e, keyword)?;
                Content::with_talk(keyword, talk).expect(FAMILY)
            }
            Keyword::Request | Keyword::Inquire => {
                return self.request(subject, keyword, keyword_span, pos, e, depth);
            }
            _ => {
                let day = if keyword == Keyword::Day {
                    self.separator(&mut pos, e, keyword, "a day number")?;
                    let day = self.day_number(&mut pos, e)?;
                    Some(day)
                } else {
                    None
                };
                self.separator(&mut pos, e, keyword, "an operand `(…)`")?;
                let groups = self.operand_groups(pos, e, keyword)?;
                let operands = self.operands(&groups, keyword, depth, effective, false)?;
                pos = e;
                build_operator(keyword, day, None, operands)
            }
        };
        if pos != e {
            return Err(self.unexpected(pos, e, "after a complete sentence"));
        }
        Ok(Sentence { subject, content })
    }

    /// REQUEST / INQUIRE, with the two target-less REQUEST dialects.
    fn request(
        &mut self,
        subject: Option<Agent>,
        keyword: Keyword,
        keyword_span: Span,
        mut pos: usize,
        e: usize,
        depth: usize,
    ) -> Result<Sentence, ParseError> {
        let name = keyword.keyword();
        let mut target = None;
        if pos < e && self.src[pos] == b'(' {
            if keyword != Keyword::Request {
                return Err(ParseError::new(
                    ErrorCode::MissingSpace,
                    Span::at(pos),
                    format!("space expected after {name}"),
                )
                .expecting(&[" "]));
            }
            self.warn_dialect(Dialect::Platform04Request, Span::new(keyword_span.start, pos + 1));
        } else {
            self.separator(&mut pos, e, keyword, "a target")?;
            if self.src[pos] == b'(' {
                if keyword != Keyword::Request {
                    return Err(ParseError::new(
                        ErrorCode::MissingArgument,
                        Span::at(pos),
                        "INQUIRE needs a target before its operand",
                    )
                    .expecting(AGENT));
                }
                self.warn_dialect(Dialect::Protocol2Request, Span::new(keyword_span.start, pos + 1));
            } else {
                target = Some(self.target(&mut pos, e)?);
                self.separator(&mut pos, e, keyword, "an operand `(…)`")?;
            }
        }
        let groups = self.operand_groups(pos, e, keyword)?;
        let content = match target {
            Some(target) => {
                let operands = self.operands(&groups, keyword, depth, Some(target), false)?;
                build_operator(keyword, None, Some(target), operands)
            }
            None => {
                // Target-less REQUEST: the operand's written subject is the one asked, else ANY.
                let mut operands = self.operands(&groups, keyword, depth, None, true)?;
                let target = operands[0].subject.take().unwrap_or(Agent::Any);
                // The operand was read before its inherited subject (the target) was known.
                strip_redundant_subjects(&mut operands[0], Some(target));
                build_operator(keyword, None, Some(target), operands)
            }
        };
        Ok(Sentence { subject, content })
    }

    /// An optional subject, with the space after it.
    fn subject(&mut self, pos: &mut usize, e: usize) -> Result<Option<Agent>, ParseError> {
        let rest = &self.src[*pos..e];
        let agent = if rest.starts_with(b"Agent") {
            let (agent, after) = self.agent_token(*pos, e)?;
            *pos = after;
            agent
        } else if rest.starts_with(b"ANY") {
            let letters = self.letters_end(*pos, e);
            let run = self.text(*pos, letters);
            // `ANY` alone, or glued to a verb (`ANYVOTE`); `ANYTHING` is no subject.
            if run != "ANY" && Keyword::from_keyword(&run[3..]).is_none() {
                return Ok(None);
            }
            *pos += 3;
            Agent::Any
        } else {
            return Ok(None);
        };
        let space_start = *pos;
        while *pos < e && is_space(self.src[*pos]) {
            *pos += 1;
        }
        if *pos == space_start {
            if *pos < e && self.src[*pos].is_ascii_alphabetic() {
                self.warn(WarningCode::GluedSubject, Span::at(*pos), "space inserted between subject and verb");
            }
        } else if &self.src[space_start..*pos] != b" " {
            self.warn(WarningCode::Whitespace, Span::new(space_start, *pos), "whitespace normalized to one space");
        }
        Ok(Some(agent))
    }

    /// The verb or operator keyword at `pos`.
    fn keyword(&mut self, pos: usize, e: usize) -> Result<(Keyword, usize), ParseError> {
        let letters = self.letters_end(pos, e);
        let word = self.text(pos, letters);
        if let Some(keyword) = Keyword::from_keyword(word) {
            return Ok((keyword, letters));
        }
        if word == "INQUESTED" {
            self.warn_dialect(Dialect::Protocol2Inquested, Span::new(pos, letters));
            return Ok((Keyword::Identified, letters));
        }
        let word_end = self.word_end(pos, e);
        let span = Span::new(pos, word_end);
        if pos == e {
            return Err(ParseError::new(ErrorCode::MissingArgument, span, "a verb is missing after the subject")
                .expecting(&verbs_and_operators()));
        }
        let shown = self.text(pos, word_end).to_owned();
        // A keyword run into the next word (`VOTEAgent[01]`, `NOTANY`).
        if let Some(keyword) = verbs_and_operators()
            .into_iter()
            .filter(|k| word.len() > k.len() && word.starts_with(*k))
            .max_by_key(|k| k.len())
        {
            return Err(ParseError::new(
                ErrorCode::MissingSpace,
                Span::at(pos + keyword.len()),
                format!("space expected after {keyword} in `{shown}`"),
            )
            .expecting(&[" "]));
        }
        let hint = Keyword::ALL
            .iter()
            .map(|k| k.keyword())
            .find(|k| k.eq_ignore_ascii_case(word))
            .map(|k| format!(" (keywords are case-sensitive: `{k}`)"))
            .or_else(|| (word == "UNSPEC").then(|| " (omit the subject instead of writing UNSPEC)".to_owned()))
            .unwrap_or_default();
        Err(ParseError::new(ErrorCode::UnknownVerb, span, format!("`{shown}` is not a verb or operator{hint}"))
            .expecting(&verbs_and_operators()))
    }

    /// One or more whitespace characters before an argument of `keyword`.
    fn separator(&mut self, pos: &mut usize, e: usize, keyword: Keyword, what: &str) -> Result<(), ParseError> {
        let start = *pos;
        while *pos < e && is_space(self.src[*pos]) {
            *pos += 1;
        }
        if *pos == e {
            return Err(ParseError::new(
                ErrorCode::MissingArgument,
                Span::at(e),
                format!("{} needs {what}", keyword.keyword()),
            )
            .expecting(&[what]));
        }
        if *pos == start {
            return Err(ParseError::new(
                ErrorCode::MissingSpace,
                Span::at(start),
                format!("space expected before {what}"),
            )
            .expecting(&[" "]));
        }
        if &self.src[start..*pos] != b" " {
            self.warn(WarningCode::Whitespace, Span::new(start, *pos), "whitespace normalized to one space");
        }
        Ok(())
    }

    fn unexpected(&self, mut pos: usize, e: usize, context: &str) -> ParseError {
        while pos < e && is_space(self.src[pos]) {
            pos += 1;
        }
        let word_end = self.word_end(pos, e);
        ParseError::new(
            ErrorCode::UnexpectedToken,
            Span::new(pos, e),
            format!("unexpected `{}` {context}", self.text(pos, word_end)),
        )
        .expecting(&["end of sentence"])
    }

    /// `Agent[NN]` (or the specification's `Agent1`), starting with `Agent` at `pos`.
    fn agent_token(&mut self, pos: usize, e: usize) -> Result<(Agent, usize), ParseError> {
        let word_end = self.word_end(pos, e);
        let shown = self.text(pos, word_end).to_owned();
        let bad = |message: &str| {
            ParseError::new(ErrorCode::BadAgent, Span::new(pos, word_end), format!("{message}: `{shown}`"))
                .expecting(AGENT)
        };
        let open = pos + 5;
        let (digits_start, digits_end, after) = if open < e && self.src[open] == b'[' {
            let digits_end = self.digits_end(open + 1, e);
            if digits_end == open + 1 || digits_end >= e || self.src[digits_end] != b']' {
                return Err(bad("an agent is written `Agent[NN]` with digits only"));
            }
            (open + 1, digits_end, digits_end + 1)
        } else {
            let digits_end = self.digits_end(open, e);
            if digits_end == open {
                return Err(bad("an agent is written `Agent[NN]`"));
            }
            self.warn_dialect(Dialect::SpecAgentNames, Span::new(pos, digits_end));
            (open, digits_end, digits_end)
        };
        let Some(number) = parse_number(&self.src[digits_start..digits_end]) else {
            return Err(bad(&format!("agent number is larger than {MAX_NUMBER}")));
        };
        let agent = Agent::from_number(number).unwrap_or(Agent::Any);
        let written_span = Span::new(pos, after);
        if agent == Agent::Any {
            self.warn(WarningCode::AgentZeroIsAny, written_span, "Agent[00] means ANY");
        } else if digits_start == open + 1 && !is_canonical_agent_digits(&self.src[digits_start..digits_end], number) {
            self.warn(WarningCode::NumberFormat, written_span, format!("agent written `{agent}`"));
        }
        Ok((agent, after))
    }

    /// A target: `ANY` or an agent.
    fn target(&mut self, pos: &mut usize, e: usize) -> Result<Agent, ParseError> {
        let rest = &self.src[*pos..e];
        if rest.starts_with(b"ANY") && (rest.len() == 3 || is_word_end(rest[3])) {
            *pos += 3;
            return Ok(Agent::Any);
        }
        if rest.starts_with(b"Agent") {
            let (agent, after) = self.agent_token(*pos, e)?;
            *pos = after;
            return Ok(agent);
        }
        let word_end = self.word_end(*pos, e);
        Err(ParseError::new(
            ErrorCode::BadAgent,
            Span::new(*pos, word_end),
            format!("`{}` is not an agent", self.text(*pos, word_end)),
        )
        .expecting(AGENT))
    }

    fn role(&mut self, pos: &mut usize, e: usize) -> Result<Role, ParseError> {
        let word_end = self.word_end(*pos, e);
        let word = self.text(*pos, word_end);
        match Role::from_keyword(word) {
            Some(role) => {
                *pos = word_end;
                Ok(role)
            }
            None => Err(self.bad_keyword(
                ErrorCode::BadRole,
                *pos,
                word_end,
                "a role",
                Role::ALL.iter().map(|r| r.keyword()),
            )),
        }
    }

    fn species(&mut self, pos: &mut usize, e: usize) -> Result<Species, ParseError> {
        let word_end = self.word_end(*pos, e);
        let word = self.text(*pos, word_end);
        match Species::from_keyword(word) {
            Some(species) => {
                *pos = word_end;
                Ok(species)
            }
            None => Err(self.bad_keyword(
                ErrorCode::BadSpecies,
                *pos,
                word_end,
                "a species",
                Species::ALL.iter().map(|s| s.keyword()),
            )),
        }
    }

    fn bad_keyword<'k>(
        &self,
        code: ErrorCode,
        start: usize,
        end: usize,
        what: &str,
        allowed: impl Iterator<Item = &'k str> + Clone,
    ) -> ParseError {
        let word = self.text(start, end);
        let hint = allowed
            .clone()
            .find(|k| k.eq_ignore_ascii_case(word))
            .map(|k| format!(" (keywords are case-sensitive: `{k}`)"))
            .unwrap_or_default();
        let expected: Vec<&str> = allowed.collect();
        ParseError::new(code, Span::new(start, end), format!("`{word}` is not {what}{hint}")).expecting(&expected)
    }

    /// `[TALK|WHISPER] dayD ID:N` after AGREE/DISAGREE.
    fn talk_ref(&mut self, pos: &mut usize, e: usize, keyword: Keyword) -> Result<TalkRef, ParseError> {
        self.separator(pos, e, keyword, "a talk type")?;
        let word_end = self.word_end(*pos, e);
        let word = self.text(*pos, word_end);
        let kind = if word.starts_with("day") && word.as_bytes().get(3).is_some_and(u8::is_ascii_digit) {
            self.warn_dialect(Dialect::UntypedTalkNumber, Span::new(*pos, word_end));
            TalkKind::Talk
        } else {
            let kind = TalkKind::from_keyword(word).ok_or_else(|| {
                self.bad_keyword(ErrorCode::BadTalkType, *pos, word_end, "a talk type", ["TALK", "WHISPER"].into_iter())
            })?;
            *pos = word_end;
            self.separator(pos, e, keyword, "a talk number `dayD ID:N`")?;
            kind
        };
        let day = self.prefixed_number(pos, e, "day", "dayD")?;
        self.separator(pos, e, keyword, "`ID:N`")?;
        let id = self.prefixed_number(pos, e, "ID:", "ID:N")?;
        Ok(TalkRef { kind, day, id })
    }

    /// `day4` or `ID:38`.
    fn prefixed_number(&mut self, pos: &mut usize, e: usize, prefix: &str, form: &str) -> Result<u32, ParseError> {
        let word_end = self.word_end(*pos, e);
        let start = *pos + prefix.len();
        let digits_end =
            if self.src[*pos..e].starts_with(prefix.as_bytes()) { self.digits_end(start, e) } else { start };
        if !self.src[*pos..e].starts_with(prefix.as_bytes()) || digits_end == start || digits_end != word_end {
            return Err(ParseError::new(
                ErrorCode::BadTalkNumber,
                Span::new(*pos, word_end),
                format!("expected `{form}` in the talk number, found `{}`", self.text(*pos, word_end)),
            )
            .expecting(&[form]));
        }
        let number = self.number_value(start, digits_end)?;
        *pos = digits_end;
        Ok(number)
    }

    fn day_number(&mut self, pos: &mut usize, e: usize) -> Result<u32, ParseError> {
        let word_end = self.word_end(*pos, e);
        let digits_end = self.digits_end(*pos, e);
        if digits_end == *pos || digits_end != word_end {
            return Err(ParseError::new(
                ErrorCode::BadNumber,
                Span::new(*pos, word_end),
                format!("`{}` is not a day number", self.text(*pos, word_end)),
            )
            .expecting(&["a number"]));
        }
        let day = self.number_value(*pos, digits_end)?;
        *pos = digits_end;
        Ok(day)
    }

    /// The value of the digits in `start..end`, warning about leading zeros.
    fn number_value(&mut self, start: usize, end: usize) -> Result<u32, ParseError> {
        let digits = &self.src[start..end];
        let number = parse_number(digits).ok_or_else(|| {
            ParseError::new(ErrorCode::BadNumber, Span::new(start, end), format!("number is larger than {MAX_NUMBER}"))
        })?;
        if digits.len() > 1 && digits[0] == b'0' {
            self.warn(WarningCode::NumberFormat, Span::new(start, end), format!("leading zeros removed: {number}"));
        }
        Ok(number)
    }

    /// Splits `pos..e` into the texts of its parenthesized groups the way the reference does (first `(` to
    /// last `)`, a depth counter), with a warning for every liberty the reference takes.
    fn operand_groups(&mut self, pos: usize, e: usize, keyword: Keyword) -> Result<Vec<(usize, usize)>, ParseError> {
        if self.src[pos] != b'(' {
            let word_end = self.word_end(pos, e);
            return Err(ParseError::new(
                ErrorCode::UnexpectedToken,
                Span::new(pos, word_end),
                format!(
                    "expected `(` to open the operand of {}, found `{}`",
                    keyword.keyword(),
                    self.text(pos, word_end)
                ),
            )
            .expecting(&["("]));
        }
        let mut groups: Vec<(usize, usize)> = Vec::new();
        let mut level: i64 = 0;
        let mut open = pos;
        let mut stray = None;
        for i in pos..e {
            match self.src[i] {
                b'(' => {
                    if level == 0 {
                        open = i;
                    }
                    level += 1;
                }
                b')' => {
                    level -= 1;
                    if level == 0 {
                        groups.push((open, i));
                    } else if level < 0 && stray.is_none() {
                        stray = Some(i);
                    }
                }
                _ => {}
            }
        }
        if level > 0 {
            return Err(ParseError::new(
                ErrorCode::UnbalancedParenthesis,
                Span::new(open, open + 1),
                "`(` is never closed",
            )
            .expecting(&[")"]));
        }
        if self.src[e - 1] != b')' {
            let after = (pos..e).rev().find(|&i| self.src[i] == b')').map_or(pos, |i| i + 1);
            return Err(self.unexpected(after, e, "after the last operand"));
        }
        // Everything between and after the groups is ignored by the reference: say so.
        let mut gap_start = groups[0].1 + 1;
        for &(open, close) in &groups[1..] {
            self.check_gap(gap_start, open);
            gap_start = close + 1;
        }
        if gap_start < e {
            let span = Span::new(gap_start, e);
            match stray {
                Some(at) if at >= gap_start => self.warn(
                    WarningCode::StrayParenthesis,
                    span,
                    format!("`)` closes nothing; ignored with what follows: `{}`", self.text(gap_start, e)),
                ),
                _ => self.warn(WarningCode::IgnoredText, span, format!("ignored `{}`", self.text(gap_start, e))),
            }
        }
        Ok(groups.into_iter().map(|(open, close)| (open + 1, close)).collect())
    }

    fn check_gap(&mut self, start: usize, end: usize) {
        let gap = &self.src[start..end];
        if gap.is_empty() {
            self.warn(WarningCode::GluedOperands, Span::at(start), "space inserted between operands");
        } else if gap.iter().all(|b| is_space(*b)) {
            if gap != b" " {
                self.warn(WarningCode::Whitespace, Span::new(start, end), "whitespace normalized to one space");
            }
        } else if gap.contains(&b')') {
            self.warn(
                WarningCode::StrayParenthesis,
                Span::new(start, end),
                format!("`)` closes nothing; ignored: `{}`", self.text(start, end)),
            );
        } else {
            self.warn(WarningCode::IgnoredText, Span::new(start, end), format!("ignored `{}`", self.text(start, end)));
        }
    }

    /// Checks the operator's arity and parses its operands.
    fn operands(
        &mut self,
        groups: &[(usize, usize)],
        keyword: Keyword,
        depth: usize,
        inherited: Option<Agent>,
        targetless_request: bool,
    ) -> Result<Vec<Sentence>, ParseError> {
        let (min, max) = match keyword {
            Keyword::Because | Keyword::Xor => (2, 2),
            Keyword::And | Keyword::Or => (1, usize::MAX),
            _ => (1, 1),
        };
        let name = keyword.keyword();
        if groups.len() < min {
            let (open, close) = groups[groups.len() - 1];
            return Err(ParseError::new(
                ErrorCode::WrongArity,
                Span::new(open - 1, close + 1),
                format!("{name} takes {min} operands, found {}", groups.len()),
            )
            .expecting(&["(sentence)"]));
        }
        for &(open, close) in &groups[groups.len().min(max)..] {
            self.warn(
                WarningCode::DroppedOperand,
                Span::new(open - 1, close + 1),
                format!(
                    "{name} takes {max} operand{}; extra operand `({})` dropped",
                    if max == 1 { "" } else { "s" },
                    self.text(open, close)
                ),
            );
        }
        if depth + 1 > self.max_depth {
            let (open, close) = groups[0];
            return Err(ParseError::new(
                ErrorCode::TooDeep,
                Span::new(open - 1, close + 1),
                format!("operators nested deeper than {}", self.max_depth),
            ));
        }
        groups[..groups.len().min(max)]
            .iter()
            .map(|&(open, close)| self.sentence(open, close, depth + 1, inherited, true, targetless_request))
            .collect()
    }
}

fn build_operator(keyword: Keyword, day: Option<u32>, target: Option<Agent>, operands: Vec<Sentence>) -> Content {
    let target = target.unwrap_or(Agent::Any);
    match keyword {
        Keyword::And => {
            return Content::And { sentences: operands };
        }
        Keyword::Or => {
            return Content::Or { sentences: operands };
        }
        _ => {}
    }
    // `operands` checked the arity: one operand, two for BECAUSE and XOR.
    let mut operands = operands.into_iter().map(Box::new);
    let mut next = || operands.next().unwrap_or_else(|| Box::new(Sentence::new(Content::Skip)));
    match keyword {
        Keyword::Request => Content::Request { target, sentence: next() },
        Keyword::Inquire => Content::Inquire { target, sentence: next() },
        Keyword::Day => Content::Day { day: day.unwrap_or(0), sentence: next() },
        Keyword::Because => {
            let reason = next();
            Content::Because { reason, conclusion: next() }
        }
        Keyword::Xor => {
            let left = next();
            Content::Xor { left, right: next() }
        }
        _ => Content::Not { sentence: next() },
    }
}

/// Decimal digits as a number no larger than [`MAX_NUMBER`].
fn parse_number(digits: &[u8]) -> Option<u32> {
    let mut value: u64 = 0;
    for &d in digits {
        value = value * 10 + u64::from(d - b'0');
        if value > u64::from(MAX_NUMBER) {
            return None;
        }
    }
    Some(value as u32)
}

/// `Agent[%02d]`: two digits below 100, no leading zero above.
fn is_canonical_agent_digits(digits: &[u8], number: u32) -> bool {
    if number < 10 { digits.len() == 2 } else { digits[0] != b'0' }
}
