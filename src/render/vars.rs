//! The variables of one template call, split the way frames need them.
//!
//! A template's output depends on its *discrete* variables (flags, numbers, kind words such as `mood` or
//! `subj_kind`) and splices its *text* variables (names, nouns, numbers written out, rendered clauses and
//! sentences) verbatim. So a call is described by a key — an exact serialisation of the template set, every
//! discrete value, and which texts are empty — plus the texts themselves, which never enter the key. The key
//! alone is enough to rebuild the tera context (with markers for the texts), see [`super::frame`].

use std::ops::Range;

use smallvec::SmallVec;
use tera::Value;

macro_rules! variables {
    ($($var:ident = $name:literal,)+) => {
        /// Every variable the composer passes to templates.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[repr(u8)]
        pub(crate) enum Var {
            $($var,)+
        }

        impl Var {
            const ALL: &'static [Var] = &[$(Var::$var,)+];

            pub fn name(self) -> &'static str {
                match self {
                    $(Var::$var => $name,)+
                }
            }
        }
    };
}

variables! {
    Casual = "casual",
    Chat = "chat",
    Channel = "channel",
    Variant = "variant",
    Quoted = "quoted",
    Body = "body",
    BodyEnd = "body_end",
    Continued = "continued",
    Question = "question",
    Inline = "inline",
    Nested = "nested",
    Clause = "clause",
    Clauses = "clauses",
    List = "list",
    Sentence = "sentence",
    Mood = "mood",
    Act = "act",
    Neg = "neg",
    Subj = "subj",
    SubjKind = "subj_kind",
    Target = "target",
    TargetKind = "target_kind",
    TargetNom = "target_nom",
    Same = "same",
    Role = "role",
    RoleAny = "role_any",
    RoleKey = "role_key",
    Tag = "tag",
    Species = "species",
    SpeciesAny = "species_any",
    To = "to",
    ToKind = "to_kind",
    From = "from",
    FromKind = "from_kind",
    Who = "who",
    WhoKind = "who_kind",
    Framed = "framed",
    Held = "held",
    Said = "said",
    Reason = "reason",
    Conclusion = "conclusion",
    Run = "run",
    Grouped = "grouped",
    Day = "day",
    Relative = "relative",
    Id = "id",
    Talk = "talk",
    Whisper = "whisper",
    Quote = "quote",
    QuoteBy = "quote_by",
    QuoteByKind = "quote_by_kind",
    QuoteByKnown = "quote_by_known",
}

/// Every variable the composer passes as text. The start-up check ([`super::frame_check`]) only lets templates
/// splice these (and variables set from them), never inspect them.
pub(crate) const TEXT_VARIABLES: &[&str] = &[
    "subj",
    "target",
    "target_nom",
    "to",
    "from",
    "who",
    "quote_by",
    "role",
    "species",
    "tag",
    "talk",
    "quote",
    "clause",
    "sentence",
    "body",
    "reason",
    "conclusion",
    "day",
    "id",
];

/// Variables holding lists of texts (templates may loop over them and take their `length`).
pub(crate) const TEXT_LISTS: &[&str] = &["clauses"];

/// A text value: a span of the composer's output buffer, or borrowed words.
#[derive(Debug, Clone)]
pub(crate) enum Text<'a> {
    /// Bytes `range` of the composer's output buffer (an already rendered clause or sentence).
    Out(Range<usize>),
    /// A word and a suffix (a name and its honorific), spliced one after the other.
    Words(&'a str, &'a str),
}

impl Text<'_> {
    pub fn is_empty(&self) -> bool {
        match self {
            Text::Out(range) => range.is_empty(),
            Text::Words(a, b) => a.is_empty() && b.is_empty(),
        }
    }

    /// Appends the text to `out` (which holds the spans of [`Text::Out`]).
    #[inline]
    pub fn write_to(&self, out: &mut String) {
        match self {
            Text::Out(range) => out.extend_from_within(range.clone()),
            Text::Words(a, b) => {
                out.push_str(a);
                out.push_str(b);
            }
        }
    }

    /// The text as a string (for plain tera rendering).
    pub fn to_string_in(&self, out: &str) -> String {
        match self {
            Text::Out(range) => out[range.clone()].to_owned(),
            Text::Words(a, b) => [*a, *b].concat(),
        }
    }
}

// Key tags: what follows a variable's number in the key.
const FLAG: u8 = 0;
const NUMBER: u8 = 1;
const WORD: u8 = 2;
const CHAR: u8 = 3;
const TEXT: u8 = 4;
const EMPTY_TEXT: u8 = 5;
const LIST: u8 = 6;

/// A value a template variable can take.
pub(crate) trait VarValue<'a> {
    /// Writes `var` with this value: its key bytes, and its text if it is one.
    fn store(self, var: Var, vars: &mut Vars<'a>);
}

impl VarValue<'_> for bool {
    #[inline]
    fn store(self, var: Var, vars: &mut Vars<'_>) {
        vars.key.put(&[var as u8, FLAG, u8::from(self)]);
    }
}

impl VarValue<'_> for u16 {
    #[inline]
    fn store(self, var: Var, vars: &mut Vars<'_>) {
        let [low, high] = self.to_le_bytes();
        vars.key.put(&[var as u8, NUMBER, low, high]);
    }
}

/// A discrete word (`mood`, `subj_kind`, `relative`, `act`…): part of the frame key.
pub(crate) struct Word(pub &'static str);

impl VarValue<'_> for Word {
    #[inline]
    fn store(self, var: Var, vars: &mut Vars<'_>) {
        vars.key.put(&[var as u8, WORD, self.0.len() as u8]);
        vars.key.put(self.0.as_bytes());
    }
}

impl VarValue<'_> for char {
    fn store(self, var: Var, vars: &mut Vars<'_>) {
        let [a, b, c, d] = u32::from(self).to_le_bytes();
        vars.key.put(&[var as u8, CHAR, a, b, c, d]);
    }
}

impl<'a> VarValue<'a> for Text<'a> {
    #[inline]
    fn store(self, var: Var, vars: &mut Vars<'a>) {
        vars.key.put(&[var as u8]);
        vars.push_text(self);
    }
}

impl<'a> VarValue<'a> for &[Text<'a>] {
    fn store(self, var: Var, vars: &mut Vars<'a>) {
        let [a, b, c, d] = (self.len() as u32).to_le_bytes();
        vars.key.put(&[var as u8, LIST, a, b, c, d]);
        for text in self {
            vars.push_text(text.clone());
        }
    }
}

/// Key bytes held in place up to this many (every key the templates make today fits), on the heap past it.
const INLINE_KEY: usize = 160;

/// The frame key as it is written. Written a variable at a time, so it must be cheap to append to: a key is
/// built for every template call.
struct KeyBuf {
    len: usize,
    inline: [u8; INLINE_KEY],
    /// The whole key once it outgrows `inline`.
    heap: Vec<u8>,
}

impl KeyBuf {
    fn new() -> Self {
        KeyBuf { len: 0, inline: [0; INLINE_KEY], heap: Vec::new() }
    }

    #[inline]
    fn put(&mut self, bytes: &[u8]) {
        let end = self.len + bytes.len();
        if end <= INLINE_KEY {
            self.inline[self.len..end].copy_from_slice(bytes);
        } else {
            self.spill(bytes);
        }
        self.len = end;
    }

    #[cold]
    fn spill(&mut self, bytes: &[u8]) {
        if self.heap.is_empty() {
            self.heap.extend_from_slice(&self.inline[..self.len]);
        }
        self.heap.extend_from_slice(bytes);
    }

    fn as_slice(&self) -> &[u8] {
        if self.len <= INLINE_KEY { &self.inline[..self.len] } else { &self.heap }
    }
}

/// The variables of one template call: the key (written as values are set) and the texts.
pub(crate) struct Vars<'a> {
    key: KeyBuf,
    texts: SmallVec<[Text<'a>; 6]>,
}

impl<'a> Vars<'a> {
    /// Variables for a template of the set numbered `set_id`.
    pub fn new(set_id: u32) -> Self {
        let mut key = KeyBuf::new();
        key.put(&set_id.to_le_bytes());
        Vars { key, texts: SmallVec::new() }
    }

    #[inline]
    pub fn set(&mut self, var: Var, value: impl VarValue<'a>) {
        value.store(var, self);
    }

    #[inline]
    fn push_text(&mut self, text: Text<'a>) {
        self.key.put(&[if text.is_empty() { EMPTY_TEXT } else { TEXT }]);
        self.texts.push(text);
    }

    /// Ends the key with the template (call once, after the last `set`).
    pub fn finish_key(&mut self, template: u8) {
        self.key.put(&[u8::MAX, template]);
    }

    /// The frame key: the set, every variable with its discrete value, and the template (after
    /// [`Vars::finish_key`]).
    pub fn key(&self) -> &[u8] {
        self.key.as_slice()
    }

    pub fn texts(&self) -> &[Text<'a>] {
        &self.texts
    }

    /// A tera context with every discrete value, and each text given by `text(index, value)`. Decodes the key,
    /// which holds every variable in the order it was set.
    pub fn context(&self, mut text: impl FnMut(usize, &Text<'a>) -> String) -> tera::Context {
        let mut context = tera::Context::new();
        let key = &self.key.as_slice()[4..];
        let mut at = 0;
        let mut texts = 0;
        let mut next_text = |texts: &mut usize| {
            let value = Value::from(text(*texts, &self.texts[*texts]));
            *texts += 1;
            value
        };
        while at < key.len() && key[at] != u8::MAX {
            let var = Var::ALL[usize::from(key[at])];
            let tag = key[at + 1];
            at += 2;
            let value = match tag {
                FLAG => {
                    at += 1;
                    Value::from(key[at - 1] == 1)
                }
                NUMBER => {
                    at += 2;
                    Value::from(u16::from_le_bytes(array(&key[at - 2..at])))
                }
                WORD => {
                    let len = usize::from(key[at]);
                    at += 1 + len;
                    Value::from(std::str::from_utf8(&key[at - len..at]).unwrap_or_default())
                }
                CHAR => {
                    at += 4;
                    let code = u32::from_le_bytes(array(&key[at - 4..at]));
                    Value::from(char::from_u32(code).map(String::from).unwrap_or_default())
                }
                LIST => {
                    at += 4;
                    let len = u32::from_le_bytes(array(&key[at - 4..at])) as usize;
                    at += len;
                    Value::from((0..len).map(|_| next_text(&mut texts)).collect::<Vec<_>>())
                }
                _ => next_text(&mut texts),
            };
            context.insert_value(var.name(), value);
        }
        context
    }
}

fn array<const N: usize>(bytes: &[u8]) -> [u8; N] {
    let mut out = [0; N];
    out.copy_from_slice(bytes);
    out
}
