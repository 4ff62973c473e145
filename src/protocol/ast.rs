//! The typed syntax tree of protocol 3.6.
//!
//! JSON form (stable; it is the API's parse output): a sentence is an object whose `type` is the verb or
//! operator keyword as the protocol spells it (`"VOTE"`, `"REQUEST"`, `"Skip"`), with an optional `subject`
//! and the verb's own fields. Agents are written as in the protocol (`"Agent[03]"`, `"ANY"`).
//!
//! ```json
//! {"type":"BECAUSE",
//!  "reason":{"type":"DIVINED","target":"Agent[01]","species":"WEREWOLF"},
//!  "conclusion":{"type":"REQUEST","target":"ANY","sentence":{"type":"VOTE","target":"Agent[01]"}}}
//! ```

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One protocol sentence: an optional written subject and what is said.
///
/// `subject: None` is the protocol's omitted subject (UNSPEC). Skip and Over never carry a subject.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sentence {
    /// The subject as written; absent when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<Agent>,
    #[serde(flatten)]
    pub content: Content,
}

/// The verb or operator of a sentence with its arguments.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", deny_unknown_fields)]
pub enum Content {
    /// "I have nothing to say now."
    Skip,
    /// "I have nothing else to say."
    Over,
    #[serde(rename = "ESTIMATE")]
    Estimate { target: Agent, role: Role },
    #[serde(rename = "COMINGOUT")]
    Comingout { target: Agent, role: Role },
    #[serde(rename = "DIVINATION")]
    Divination { target: Agent },
    #[serde(rename = "GUARD")]
    Guard { target: Agent },
    #[serde(rename = "VOTE")]
    Vote { target: Agent },
    #[serde(rename = "ATTACK")]
    Attack { target: Agent },
    #[serde(rename = "DIVINED")]
    Divined { target: Agent, species: Species },
    #[serde(rename = "IDENTIFIED")]
    Identified { target: Agent, species: Species },
    #[serde(rename = "GUARDED")]
    Guarded { target: Agent },
    #[serde(rename = "VOTED")]
    Voted { target: Agent },
    #[serde(rename = "ATTACKED")]
    Attacked { target: Agent },
    #[serde(rename = "AGREE")]
    Agree { talk: TalkRef },
    #[serde(rename = "DISAGREE")]
    Disagree { talk: TalkRef },
    #[serde(rename = "REQUEST")]
    Request { target: Agent, sentence: Box<Sentence> },
    #[serde(rename = "INQUIRE")]
    Inquire { target: Agent, sentence: Box<Sentence> },
    #[serde(rename = "BECAUSE")]
    Because { reason: Box<Sentence>, conclusion: Box<Sentence> },
    #[serde(rename = "DAY")]
    Day { day: u32, sentence: Box<Sentence> },
    #[serde(rename = "NOT")]
    Not { sentence: Box<Sentence> },
    #[serde(rename = "AND")]
    And { sentences: Vec<Sentence> },
    #[serde(rename = "OR")]
    Or { sentences: Vec<Sentence> },
    #[serde(rename = "XOR")]
    Xor { left: Box<Sentence>, right: Box<Sentence> },
}

/// An agent reference: `Agent[NN]` or `ANY`.
///
/// `Agent[00]` is ANY, as in the reference implementation; numbers run up to 2^31−1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Agent {
    Any,
    Id(u32),
}

/// The largest agent, day or talk number the reference accepts (a Java `int`).
pub const MAX_NUMBER: u32 = i32::MAX as u32;

impl Agent {
    /// `Agent[n]`, with 0 meaning ANY; `None` above [`MAX_NUMBER`].
    pub fn from_number(n: u32) -> Option<Agent> {
        match n {
            0 => Some(Agent::Any),
            n if n <= MAX_NUMBER => Some(Agent::Id(n)),
            _ => None,
        }
    }

    /// The agent number, 0 for ANY.
    pub fn number(self) -> u32 {
        match self {
            Agent::Any => 0,
            Agent::Id(n) => n,
        }
    }
}

impl fmt::Display for Agent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Agent::Any => f.write_str("ANY"),
            Agent::Id(n) => write!(f, "Agent[{n:02}]"),
        }
    }
}

impl std::str::FromStr for Agent {
    type Err = String;

    /// Parses `ANY` or `Agent[<digits>]` exactly as the protocol writes it.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "ANY" {
            return Ok(Agent::Any);
        }
        let digits = s
            .strip_prefix("Agent[")
            .and_then(|rest| rest.strip_suffix(']'))
            .filter(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(|| format!("expected `Agent[NN]` or `ANY`, found `{s}`"))?;
        digits
            .parse::<u32>()
            .ok()
            .and_then(Agent::from_number)
            .ok_or_else(|| format!("agent number in `{s}` is larger than {MAX_NUMBER}"))
    }
}

impl Serialize for Agent {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Agent {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

macro_rules! keyword_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant,)+
        }

        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            /// The protocol keyword.
            pub fn keyword(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// The value whose protocol keyword is exactly `word`.
            pub fn from_keyword(word: &str) -> Option<Self> {
                match word {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.keyword())
            }
        }
    };
}

keyword_enum! {
    /// A role. FREEMASON and FOX are accepted because the reference implementation accepts them.
    Role {
        Villager = "VILLAGER",
        Seer = "SEER",
        Medium = "MEDIUM",
        Bodyguard = "BODYGUARD",
        Werewolf = "WEREWOLF",
        Possessed = "POSSESSED",
        Freemason = "FREEMASON",
        Fox = "FOX",
        Any = "ANY",
    }
}

keyword_enum! {
    /// A divination or identification result.
    Species {
        Human = "HUMAN",
        Werewolf = "WEREWOLF",
        Any = "ANY",
    }
}

keyword_enum! {
    /// Which counter a talk number refers to: public talk or werewolf whisper.
    TalkKind {
        Talk = "TALK",
        Whisper = "WHISPER",
    }
}

/// A reference to an earlier utterance: `TALK day4 ID:38`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"kind": "TALK", "day": 4, "id": 38}))]
pub struct TalkRef {
    pub kind: TalkKind,
    /// The day the utterance was made.
    #[schema(maximum = 2147483647)]
    pub day: u32,
    /// Its index in that day's talk (or whisper) list, from 0.
    #[schema(maximum = 2147483647)]
    pub id: u32,
}

keyword_enum! {
    /// Every verb, operator and control word of protocol 3.6, by its keyword.
    Keyword {
        Estimate = "ESTIMATE",
        Comingout = "COMINGOUT",
        Divination = "DIVINATION",
        Guard = "GUARD",
        Vote = "VOTE",
        Attack = "ATTACK",
        Divined = "DIVINED",
        Identified = "IDENTIFIED",
        Guarded = "GUARDED",
        Voted = "VOTED",
        Attacked = "ATTACKED",
        Agree = "AGREE",
        Disagree = "DISAGREE",
        Skip = "Skip",
        Over = "Over",
        Request = "REQUEST",
        Inquire = "INQUIRE",
        Because = "BECAUSE",
        Day = "DAY",
        Not = "NOT",
        And = "AND",
        Or = "OR",
        Xor = "XOR",
    }
}

impl Keyword {
    /// [`Keyword::from_keyword`] for the upper-case keywords, dispatching on length first: the parser's hot path.
    pub fn from_upper(word: &str) -> Option<Keyword> {
        use Keyword::*;
        let candidates: &[Keyword] = match word.len() {
            2 => &[Or],
            3 => &[And, Day, Not, Xor],
            4 => &[Vote],
            5 => &[Guard, Voted, Agree],
            6 => &[Attack],
            7 => &[Divined, Guarded, Request, Inquire, Because],
            8 => &[Estimate, Attacked, Disagree],
            9 => &[Comingout],
            10 => &[Divination, Identified],
            _ => &[],
        };
        let word = word.as_bytes();
        // Inline byte comparison: these words are short and `memcmp` calls dominate otherwise.
        candidates.iter().copied().find(|k| k.keyword().as_bytes().iter().zip(word).all(|(a, b)| a == b))
    }

    /// True for the eight operators, which take nested sentences.
    pub fn is_operator(self) -> bool {
        matches!(
            self,
            Keyword::Request
                | Keyword::Inquire
                | Keyword::Because
                | Keyword::Day
                | Keyword::Not
                | Keyword::And
                | Keyword::Or
                | Keyword::Xor
        )
    }
}

impl Content {
    /// The keyword of this verb or operator.
    pub fn keyword(&self) -> Keyword {
        match self {
            Content::Skip => Keyword::Skip,
            Content::Over => Keyword::Over,
            Content::Estimate { .. } => Keyword::Estimate,
            Content::Comingout { .. } => Keyword::Comingout,
            Content::Divination { .. } => Keyword::Divination,
            Content::Guard { .. } => Keyword::Guard,
            Content::Vote { .. } => Keyword::Vote,
            Content::Attack { .. } => Keyword::Attack,
            Content::Divined { .. } => Keyword::Divined,
            Content::Identified { .. } => Keyword::Identified,
            Content::Guarded { .. } => Keyword::Guarded,
            Content::Voted { .. } => Keyword::Voted,
            Content::Attacked { .. } => Keyword::Attacked,
            Content::Agree { .. } => Keyword::Agree,
            Content::Disagree { .. } => Keyword::Disagree,
            Content::Request { .. } => Keyword::Request,
            Content::Inquire { .. } => Keyword::Inquire,
            Content::Because { .. } => Keyword::Because,
            Content::Day { .. } => Keyword::Day,
            Content::Not { .. } => Keyword::Not,
            Content::And { .. } => Keyword::And,
            Content::Or { .. } => Keyword::Or,
            Content::Xor { .. } => Keyword::Xor,
        }
    }

    /// The nested sentences of an operator, in written order (empty for verbs).
    pub fn operands(&self) -> Vec<&Sentence> {
        match self {
            Content::Request { sentence, .. }
            | Content::Inquire { sentence, .. }
            | Content::Day { sentence, .. }
            | Content::Not { sentence } => vec![sentence],
            Content::Because { reason, conclusion } => vec![reason, conclusion],
            Content::Xor { left, right } => vec![left, right],
            Content::And { sentences } | Content::Or { sentences } => sentences.iter().collect(),
            _ => Vec::new(),
        }
    }

    /// Mutable access to the nested sentences, in written order.
    pub fn operands_mut(&mut self) -> Vec<&mut Sentence> {
        match self {
            Content::Request { sentence, .. }
            | Content::Inquire { sentence, .. }
            | Content::Day { sentence, .. }
            | Content::Not { sentence } => vec![sentence],
            Content::Because { reason, conclusion } => vec![reason, conclusion],
            Content::Xor { left, right } => vec![left, right],
            Content::And { sentences } | Content::Or { sentences } => sentences.iter_mut().collect(),
            _ => Vec::new(),
        }
    }

    /// The agent an omitted subject of an operand stands for, given this sentence's own effective subject:
    /// the target for REQUEST and INQUIRE, the subject for every other operator (spec §4).
    pub fn operand_subject(&self, own_subject: Option<Agent>) -> Option<Agent> {
        match self {
            Content::Request { target, .. } | Content::Inquire { target, .. } => Some(*target),
            _ => own_subject,
        }
    }
}

/// The `target` field of the verbs and of REQUEST/INQUIRE, by reference or mutably (match ergonomics give
/// `&Agent` or `&mut Agent`), so the list of variants is written once.
macro_rules! target_field {
    ($content:expr) => {
        match $content {
            Content::Estimate { target, .. }
            | Content::Comingout { target, .. }
            | Content::Divination { target }
            | Content::Guard { target }
            | Content::Vote { target }
            | Content::Attack { target }
            | Content::Divined { target, .. }
            | Content::Identified { target, .. }
            | Content::Guarded { target }
            | Content::Voted { target }
            | Content::Attacked { target }
            | Content::Request { target, .. }
            | Content::Inquire { target, .. } => Some(target),
            _ => None,
        }
    };
}

impl Content {
    /// The agent argument of a verb, REQUEST or INQUIRE (`None` for Skip, Over, AGREE/DISAGREE and the
    /// other operators).
    pub fn target(&self) -> Option<Agent> {
        target_field!(self).copied()
    }

    /// Mutable access to [`Content::target`].
    pub fn target_mut(&mut self) -> Option<&mut Agent> {
        target_field!(self)
    }
}

/// Constructors by keyword, shared by the fast path and the full parser.
impl Content {
    /// A verb that takes only a target (DIVINATION … ATTACKED); `None` for any other keyword.
    #[inline]
    pub fn with_target(keyword: Keyword, target: Agent) -> Option<Content> {
        Some(match keyword {
            Keyword::Divination => Content::Divination { target },
            Keyword::Guard => Content::Guard { target },
            Keyword::Vote => Content::Vote { target },
            Keyword::Attack => Content::Attack { target },
            Keyword::Guarded => Content::Guarded { target },
            Keyword::Voted => Content::Voted { target },
            Keyword::Attacked => Content::Attacked { target },
            _ => return None,
        })
    }

    /// ESTIMATE or COMINGOUT; `None` for any other keyword.
    #[inline]
    pub fn with_role(keyword: Keyword, target: Agent, role: Role) -> Option<Content> {
        match keyword {
            Keyword::Estimate => Some(Content::Estimate { target, role }),
            Keyword::Comingout => Some(Content::Comingout { target, role }),
            _ => None,
        }
    }

    /// DIVINED or IDENTIFIED; `None` for any other keyword.
    #[inline]
    pub fn with_species(keyword: Keyword, target: Agent, species: Species) -> Option<Content> {
        match keyword {
            Keyword::Divined => Some(Content::Divined { target, species }),
            Keyword::Identified => Some(Content::Identified { target, species }),
            _ => None,
        }
    }

    /// AGREE or DISAGREE; `None` for any other keyword.
    #[inline]
    pub fn with_talk(keyword: Keyword, talk: TalkRef) -> Option<Content> {
        match keyword {
            Keyword::Agree => Some(Content::Agree { talk }),
            Keyword::Disagree => Some(Content::Disagree { talk }),
            _ => None,
        }
    }
}

impl Sentence {
    /// A sentence with an omitted subject.
    pub fn new(content: Content) -> Self {
        Sentence { subject: None, content }
    }

    /// A sentence with a written subject.
    pub fn with_subject(subject: Agent, content: Content) -> Self {
        Sentence { subject: Some(subject), content }
    }

    /// Operator nesting depth: 0 for a simple sentence, 1 for `NOT (VOTE Agent[01])`.
    pub fn depth(&self) -> usize {
        self.content.operands().iter().map(|s| s.depth() + 1).max().unwrap_or(0)
    }

    /// The canonical text (what the Java reference prints).
    pub fn to_canonical(&self) -> String {
        let mut out = String::with_capacity(64);
        super::printer::write_canonical(&mut out, self);
        out
    }
}

impl fmt::Display for Sentence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_canonical())
    }
}
