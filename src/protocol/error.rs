//! Parse errors and warnings: a stable snake_case code, the byte span in the input, what was expected,
//! and a one-line message.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A half-open byte range `start..end` of the input text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"start": 0, "end": 4}))]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    pub fn at(offset: usize) -> Self {
        Span { start: offset, end: offset }
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// Why a text is not a protocol sentence. The serialized names are part of the API contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Nothing but whitespace.
    EmptyInput,
    /// Longer than the configured maximum length.
    TooLong,
    /// Operators nested deeper than the configured maximum depth.
    TooDeep,
    /// The word in verb position is not a verb or operator.
    UnknownVerb,
    /// The sentence ends before a required word or operand.
    MissingArgument,
    /// More text after a complete sentence.
    UnexpectedToken,
    /// An operand group that never closes, or a `)` with no `(`.
    UnbalancedParenthesis,
    /// A malformed agent: anything but `Agent[<digits>]` or `ANY`.
    BadAgent,
    /// A word that is not a role.
    BadRole,
    /// A word that is not a species (`HUMAN`, `WEREWOLF`, `ANY`).
    BadSpecies,
    /// A talk type other than `TALK` or `WHISPER`.
    BadTalkType,
    /// A malformed talk number (`dayD ID:N`).
    BadTalkNumber,
    /// A malformed day or talk number, or one above 2^31−1.
    BadNumber,
    /// An operator with too few operands (BECAUSE and XOR take two).
    WrongArity,
    /// Two words run together where a space is required.
    MissingSpace,
    /// A subject on Skip or Over, or two subjects.
    SubjectNotAllowed,
    /// Text that starts like 2014 pre-protocol talk (`4 …`) but has a word that is neither a role nor a
    /// 2014 verb there.
    PreProtocol2014,
    /// Strict mode: accepted only leniently, not already canonical 3.6.
    NotCanonical,
    /// The input bytes are not UTF-8.
    InvalidUtf8,
    /// Expanding ANY over the given agents would produce more sentences than the limit.
    ExpansionTooLarge,
}

impl ErrorCode {
    /// The stable snake_case name.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::EmptyInput => "empty_input",
            ErrorCode::TooLong => "too_long",
            ErrorCode::TooDeep => "too_deep",
            ErrorCode::UnknownVerb => "unknown_verb",
            ErrorCode::MissingArgument => "missing_argument",
            ErrorCode::UnexpectedToken => "unexpected_token",
            ErrorCode::UnbalancedParenthesis => "unbalanced_parenthesis",
            ErrorCode::BadAgent => "bad_agent",
            ErrorCode::BadRole => "bad_role",
            ErrorCode::BadSpecies => "bad_species",
            ErrorCode::BadTalkType => "bad_talk_type",
            ErrorCode::BadTalkNumber => "bad_talk_number",
            ErrorCode::BadNumber => "bad_number",
            ErrorCode::WrongArity => "wrong_arity",
            ErrorCode::MissingSpace => "missing_space",
            ErrorCode::SubjectNotAllowed => "subject_not_allowed",
            ErrorCode::PreProtocol2014 => "pre_protocol_2014",
            ErrorCode::NotCanonical => "not_canonical",
            ErrorCode::InvalidUtf8 => "invalid_utf8",
            ErrorCode::ExpansionTooLarge => "expansion_too_large",
        }
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A rejected input: what, where, and what would have been accepted there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error, utoipa::ToSchema)]
#[error("{code} {span}: {message}")]
#[schema(example = json!({"code": "unknown_verb", "span": {"start": 0, "end": 4}, "expected": ["VOTE", "ESTIMATE"], "message": "`VOTX` is not a verb or operator"}))]
pub struct ParseError {
    pub code: ErrorCode,
    pub span: Span,
    /// Tokens or forms that would have been accepted at `span`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expected: Vec<String>,
    /// One line for humans.
    pub message: String,
    /// What the lenient parser had normalized before it failed (older dialects among them), so a bot can
    /// tell which dialect its broken text was read as.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<Warning>,
}

impl ParseError {
    pub fn new(code: ErrorCode, span: Span, message: impl Into<String>) -> Self {
        ParseError { code, span, expected: Vec::new(), message: message.into(), warnings: Vec::new() }
    }

    pub fn expecting(mut self, expected: &[&str]) -> Self {
        self.expected = expected.iter().map(|e| (*e).to_owned()).collect();
        self
    }
}

/// Something the lenient parser accepted but changed to reach canonical 3.6; strict mode rejects it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum WarningCode {
    /// Leading or trailing whitespace, doubled spaces, tabs, or spaces inside parentheses.
    Whitespace,
    /// A number written with leading zeros (`day04`, `DAY 01`) or an agent not written `Agent[NN]`.
    NumberFormat,
    /// `Agent[00]`, which the reference reads as ANY.
    AgentZeroIsAny,
    /// An operand's subject equal to the one it inherits; the canonical form leaves it out.
    RedundantSubject,
    /// A subject glued to its verb (`Agent[01]VOTE`).
    GluedSubject,
    /// Operand groups without a space between them (`AND (A)(B)`).
    GluedOperands,
    /// Text between operand groups, which the reference ignores.
    IgnoredText,
    /// Operands beyond the operator's arity, which the reference drops from its text.
    DroppedOperand,
    /// A `)` with no `(`: the reference ignores everything after it.
    StrayParenthesis,
    /// An older dialect normalized to 3.6; the message names it.
    Dialect,
}

impl WarningCode {
    pub fn as_str(self) -> &'static str {
        match self {
            WarningCode::Whitespace => "whitespace",
            WarningCode::NumberFormat => "number_format",
            WarningCode::AgentZeroIsAny => "agent_zero_is_any",
            WarningCode::RedundantSubject => "redundant_subject",
            WarningCode::GluedSubject => "glued_subject",
            WarningCode::GluedOperands => "glued_operands",
            WarningCode::IgnoredText => "ignored_text",
            WarningCode::DroppedOperand => "dropped_operand",
            WarningCode::StrayParenthesis => "stray_parenthesis",
            WarningCode::Dialect => "dialect",
        }
    }
}

impl fmt::Display for WarningCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The older dialects the lenient parser understands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Dialect {
    /// `Agent1` / `Agent01`, as the specification documents write agents.
    SpecAgentNames,
    /// `AGREE day4 ID:38`: a talk number without TALK/WHISPER (aiwolfpy).
    UntypedTalkNumber,
    /// Protocol 2.x `INQUESTED`, renamed IDENTIFIED in 2017.
    Protocol2Inquested,
    /// `REQUEST (…)` without a target (protocol 2 form, accepted by the reference).
    Protocol2Request,
    /// `REQUEST(…)` with no space and no target (platform 0.4.x, protocol 3.0).
    Platform04Request,
    /// Full-width characters or ideographic spaces (U+3000).
    FullWidth,
    /// 2014 pre-protocol talk (platform 0.1.x): `4 werewolf`, `( 5 werewolf ) and ( 6 comingout medium )`.
    PreProtocol2014,
}

impl Dialect {
    pub fn as_str(self) -> &'static str {
        match self {
            Dialect::SpecAgentNames => "spec_agent_names",
            Dialect::UntypedTalkNumber => "untyped_talk_number",
            Dialect::Protocol2Inquested => "protocol2_inquested",
            Dialect::Protocol2Request => "protocol2_request",
            Dialect::Platform04Request => "platform04_request",
            Dialect::FullWidth => "full_width",
            Dialect::PreProtocol2014 => "pre_protocol_2014",
        }
    }

    /// A short human description of the dialect.
    pub fn description(self) -> &'static str {
        match self {
            Dialect::SpecAgentNames => "specification-style agent name `Agent1`",
            Dialect::UntypedTalkNumber => "talk number without TALK/WHISPER (aiwolfpy style)",
            Dialect::Protocol2Inquested => "protocol 2.x INQUESTED (now IDENTIFIED)",
            Dialect::Protocol2Request => "protocol 2 REQUEST without a target",
            Dialect::Platform04Request => "platform 0.4.x REQUEST(...) without space or target",
            Dialect::FullWidth => "full-width characters or ideographic spaces",
            Dialect::PreProtocol2014 => "2014 pre-protocol talk (`N role`, `( … ) and ( … )`)",
        }
    }
}

/// A normalization the lenient parser applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"code": "number_format", "span": {"start": 5, "end": 13}, "message": "agent written `Agent[3]`"}))]
pub struct Warning {
    pub code: WarningCode,
    pub span: Span,
    /// Set when `code` is `dialect`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialect: Option<Dialect>,
    pub message: String,
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.code, self.span, self.message)
    }
}
