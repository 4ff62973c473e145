//! Walks a sentence tree and renders it bottom-up through the language's templates.
//!
//! Rust decides structure only: which clause form ("mood") each nested sentence needs, which operands are
//! inline and which are quoted, and what each agent slot refers to (the speaker, the person spoken to, ANY,
//! a named agent). Every word comes from the templates and the locale vocabulary. The rules that make the
//! output readable back into exactly one sentence are written down in `docs/canonical-phrasing.md`.

use std::borrow::Cow;
use std::cell::Cell;

use tera::Tera;

use super::error::RenderError;
use super::memo::{self, Inputs, Parts, Vars};
use super::options::{Lang, RenderOptions, Style};
use super::source::template_name;
use super::vocab::Vocab;
use crate::protocol::{Agent, Content, Context, Keyword, Sentence, TalkRef};

/// One language's compiled templates and vocabulary.
pub(crate) struct LangSet {
    pub lang: Lang,
    pub tera: Tera,
    pub vocab: Vocab,
    /// Distinguishes this template set in the per-thread memo (see [`memo`]).
    pub memo_prefix: String,
}

/// Stack left below which [`Composer::body`] continues on a fresh segment, and that segment's size.
const STACK_RED_ZONE: usize = 128 * 1024;
const STACK_GROWTH: usize = 1024 * 1024;

/// The clause form a verb template is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mood {
    /// A declarative clause: 「〜に投票します」 / "I will vote for …".
    Statement,
    /// A declarative clause in plain (dictionary) form, for alternatives: 「〜するか」 / "I will …".
    Plain,
    /// What a named person is asked to do: 「〜に投票して(ください)」 / "vote for …".
    Request,
    /// What everyone is invited to do: 「〜に投票しましょう」 / "vote for …" after "let's".
    Suggest,
    /// A question to the person asked: 「誰に投票しますか」 / "who will you vote for".
    Question,
}

impl Mood {
    pub fn code(self) -> &'static str {
        match self {
            Mood::Statement => "statement",
            Mood::Plain => "plain",
            Mood::Request => "request",
            Mood::Suggest => "suggest",
            Mood::Question => "question",
        }
    }
}

/// What agent slots mean at one point of the tree.
#[derive(Debug, Clone, Copy)]
struct Scope {
    /// The subject an omitted subject stands for here (`None`: the unknown speaker).
    inherited: Option<Agent>,
    /// Who "you" is: the target of the nearest REQUEST/INQUIRE, else the context's addressee.
    you: Option<Agent>,
}

/// A rendered sentence body before final punctuation.
struct Body {
    text: String,
    /// Ends as a question (gets ？ / ?).
    question: bool,
}

/// Renders one sentence; cheap to create, lives for one call.
pub(crate) struct Composer<'a> {
    set: &'a LangSet,
    ctx: &'a Context,
    options: &'a RenderOptions,
    /// Counts template renders so variant picks differ between slots of one sentence.
    renders: Cell<u64>,
}

impl<'a> Composer<'a> {
    pub fn new(set: &'a LangSet, ctx: &'a Context, options: &'a RenderOptions) -> Self {
        Composer { set, ctx, options, renders: Cell::new(0) }
    }

    /// The whole sentence, punctuated.
    pub fn render(&self, sentence: &Sentence) -> Result<String, RenderError> {
        self.finish(sentence, Scope { inherited: self.ctx.speaker, you: self.ctx.addressee }, false)
    }

    /// A nested sentence quoted whole.
    fn sentence(&self, sentence: &Sentence, scope: Scope) -> Result<String, RenderError> {
        self.finish(sentence, scope, true)
    }

    fn finish(&self, sentence: &Sentence, scope: Scope, quoted: bool) -> Result<String, RenderError> {
        let body = self.body(sentence, scope)?;
        let mut vars = self.vars();
        vars.set("quoted", quoted);
        vars.set("body", body.text);
        vars.set("question", body.question);
        self.call("_sentence.txt", vars)
    }

    /// A sentence in sentence position (top level, a quote, a BECAUSE conclusion).
    fn body(&self, sentence: &Sentence, scope: Scope) -> Result<Body, RenderError> {
        // Every level of nesting passes through here. Trees reaching the renderer may be 256 deep, more than a
        // 2 MiB worker stack holds in a debug build, so grow the stack on the heap when it runs low.
        stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || self.body_of(sentence, scope))
    }

    fn body_of(&self, sentence: &Sentence, scope: Scope) -> Result<Body, RenderError> {
        if is_inline(sentence, scope.inherited) {
            return Ok(Body { text: self.clause(sentence, scope, Mood::Statement, false)?, question: false });
        }
        let framed = written_subject(sentence, scope.inherited);
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        let body = match &sentence.content {
            Content::Request { target, sentence: operand } => {
                return self.ask(Keyword::Request, *target, operand, framed, scope);
            }
            Content::Inquire { target, sentence: operand } => {
                return self.ask(Keyword::Inquire, *target, operand, framed, scope);
            }
            Content::Because { reason, conclusion } => self.because(reason, conclusion, inner)?,
            Content::Day { day, sentence: operand } => {
                let mut vars = self.day_vars(*day, Mood::Statement, false);
                if is_inline(operand, inner.inherited) {
                    vars.set("inline", true);
                    vars.set("clause", self.clause(operand, inner, Mood::Statement, false)?);
                } else {
                    vars.set("inline", false);
                    vars.set("sentence", self.sentence(operand, inner)?);
                }
                Body { text: self.call(template_name(Keyword::Day), vars)?, question: false }
            }
            Content::Not { sentence: operand } => {
                Body { text: self.clause(operand, inner, Mood::Statement, true)?, question: false }
            }
            Content::And { sentences } | Content::Or { sentences } => {
                self.coordination(sentence.content.keyword(), sentences.iter(), inner)?
            }
            Content::Xor { left, right } => self.coordination(Keyword::Xor, [&**left, &**right].into_iter(), inner)?,
            // Verbs are inline; Skip and Over have their own templates and no subject.
            _ => Body { text: self.verb(sentence, scope, Mood::Statement, false)?, question: false },
        };
        match framed {
            None => Ok(body),
            Some(who) => {
                let mut vars = self.vars();
                self.insert_agent(&mut vars, "who", Some(who), scope);
                vars.set("sentence", body.text);
                Ok(Body { text: self.call("_frame.txt", vars)?, question: body.question })
            }
        }
    }

    /// A sentence as a clause of a larger one, in `mood`, negated if `negated`. Sentences that cannot be
    /// said inline are quoted whole and framed by `_quoted` (or `NOT` for a negated compound).
    fn clause(&self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<String, RenderError> {
        // DAY (DAY (…)) chains recurse here without passing through `body`.
        stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || self.clause_of(sentence, scope, mood, negated))
    }

    fn clause_of(&self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<String, RenderError> {
        // Only a verb takes negation inline; NOT (NOT …) or NOT (DAY …) quotes its operand.
        if !is_inline(sentence, scope.inherited) || negated && !is_verb(sentence) {
            return self.quoted(sentence, scope, mood, negated);
        }
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        match &sentence.content {
            Content::Not { sentence: operand } => self.clause(operand, inner, mood, !negated),
            Content::Day { day, sentence: operand } => {
                let mut vars = self.day_vars(*day, mood, negated);
                vars.set("inline", true);
                vars.set("clause", self.clause(operand, inner, mood, negated)?);
                self.call(template_name(Keyword::Day), vars)
            }
            _ => self.verb(sentence, scope, mood, negated),
        }
    }

    /// A sentence quoted whole as a clause: `_quoted` frames it ("it is true that …"), `NOT` denies it. A bare
    /// REQUEST or INQUIRE is a speech act, so the frame says who asks (`act`, with the subject `subj`).
    fn quoted(&self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<String, RenderError> {
        let quoted = self.sentence(sentence, scope)?;
        let act = match sentence.content {
            _ if written_subject(sentence, scope.inherited).is_some() => "",
            Content::Request { .. } => "request",
            Content::Inquire { .. } => "inquire",
            _ => "",
        };
        let mut vars = self.vars();
        vars.set("mood", mood.code());
        vars.set("sentence", quoted);
        vars.set("act", act);
        vars.set("neg", negated);
        self.insert_agent(&mut vars, "subj", scope.inherited, scope);
        let name = if negated { template_name(Keyword::Not) } else { "_quoted.txt" };
        self.call(name, vars)
    }

    /// A verb (or Skip/Over) through its template.
    fn verb(&self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<String, RenderError> {
        let subject = sentence.subject.or(scope.inherited);
        let mut vars = self.vars();
        vars.set("mood", mood.code());
        vars.set("neg", negated);
        // An omitted subject inside REQUEST/INQUIRE ANY is "you all"; a written ANY is "someone".
        let you = if sentence.subject == Some(Agent::Any) { Scope { you: None, ..scope } } else { scope };
        self.insert_agent(&mut vars, "subj", subject, you);
        let content = &sentence.content;
        if let Content::Estimate { target, .. }
        | Content::Comingout { target, .. }
        | Content::Divination { target }
        | Content::Guard { target }
        | Content::Vote { target }
        | Content::Attack { target }
        | Content::Divined { target, .. }
        | Content::Identified { target, .. }
        | Content::Guarded { target }
        | Content::Voted { target }
        | Content::Attacked { target } = content
        {
            self.insert_agent(&mut vars, "target", Some(*target), scope);
            // The target as the subject of a that-clause ("I think *I* am…" / "you are…").
            let (_, word, suffix) = self.agent_word(Some(*target), scope, true);
            vars.set("target_nom", Parts([&word, suffix]));
            let same = subject.or(self.ctx.speaker) == Some(*target);
            vars.set("same", same);
        }
        match content {
            Content::Estimate { role, .. } | Content::Comingout { role, .. } => {
                vars.set("role", self.set.vocab.role(*role));
                vars.set("role_any", role.keyword() == "ANY");
            }
            Content::Divined { species, .. } | Content::Identified { species, .. } => {
                vars.set("species", self.set.vocab.species(*species));
                vars.set("species_any", species.keyword() == "ANY");
            }
            Content::Agree { talk } | Content::Disagree { talk } => self.insert_talk(&mut vars, talk, scope),
            _ => {}
        }
        self.call_with(template_name(content.keyword()), vars, Inputs::Atomic)
    }

    /// REQUEST and INQUIRE: a vocative (or a reported "X asks Y") and the operand in request/question form.
    fn ask(
        &self,
        keyword: Keyword,
        target: Agent,
        operand: &Sentence,
        framed: Option<Agent>,
        scope: Scope,
    ) -> Result<Body, RenderError> {
        let inner = Scope { inherited: Some(target), you: Some(target) };
        let mood = match keyword {
            Keyword::Inquire => Mood::Question,
            _ if target == Agent::Any => Mood::Suggest,
            _ => Mood::Request,
        };
        let mut vars = self.vars();
        self.insert_agent(&mut vars, "to", Some(target), Scope { you: None, ..scope });
        self.insert_agent(&mut vars, "from", framed, scope);
        vars.set("framed", framed.is_some());
        vars.set("quoted", !is_inline(operand, Some(target)));
        vars.set("clause", self.clause(operand, inner, mood, false)?);
        let text = self.call(template_name(keyword), vars)?;
        Ok(Body { text, question: keyword == Keyword::Inquire && framed.is_none() })
    }

    /// BECAUSE: the reason as a clause; the conclusion inline, as a bare REQUEST/INQUIRE, or quoted.
    fn because(&self, reason: &Sentence, conclusion: &Sentence, scope: Scope) -> Result<Body, RenderError> {
        let reason = self.clause(reason, scope, Mood::Statement, false)?;
        let bare_ask = matches!(conclusion.content, Content::Request { .. } | Content::Inquire { .. })
            && written_subject(conclusion, scope.inherited).is_none();
        let conclusion = if bare_ask {
            self.body(conclusion, scope)?
        } else {
            Body { text: self.clause(conclusion, scope, Mood::Statement, false)?, question: false }
        };
        let mut vars = self.vars();
        vars.set("reason", reason);
        vars.set("conclusion", conclusion.text);
        vars.set("question", conclusion.question);
        Ok(Body { text: self.call(template_name(Keyword::Because), vars)?, question: conclusion.question })
    }

    /// AND, OR, XOR: every operand as a statement clause, joined by the template.
    fn coordination<'s>(
        &self,
        keyword: Keyword,
        operands: impl Iterator<Item = &'s Sentence>,
        scope: Scope,
    ) -> Result<Body, RenderError> {
        // Alternatives are listed in plain form (「〜するか、〜するか」); AND joins full statements.
        let mood = if keyword == Keyword::And { Mood::Statement } else { Mood::Plain };
        let clauses =
            operands.map(|operand| self.clause(operand, scope, mood, false)).collect::<Result<Vec<String>, _>>()?;
        let mut vars = self.vars();
        vars.set("clauses", clauses);
        Ok(Body { text: self.call(template_name(keyword), vars)?, question: false })
    }

    fn day_vars(&self, day: u32, mood: Mood, negated: bool) -> Vars {
        let mut vars = self.vars();
        vars.set("day", day);
        vars.set("mood", mood.code());
        vars.set("neg", negated);
        // Relative words only when the caller told us the current day.
        let relative = match self.ctx.day {
            Some(today) if today == day => "today",
            Some(today) if today.checked_sub(1) == Some(day) => "yesterday",
            _ => "",
        };
        vars.set("relative", relative);
        vars
    }

    fn insert_talk(&self, vars: &mut Vars, talk: &TalkRef, scope: Scope) {
        vars.set("day", talk.day);
        vars.set("id", talk.id);
        vars.set("talk", self.set.vocab.talk(talk.kind));
        vars.set("whisper", talk.kind.keyword() == "WHISPER");
        match self.options.quotes.get(talk) {
            Some(quote) => {
                vars.set("quote", quote.text.as_str());
                self.insert_agent(vars, "quote_by", quote.speaker, scope);
                vars.set("quote_by_known", quote.speaker.is_some());
            }
            None => {
                vars.set("quote", "");
                vars.set("quote_by", "");
                vars.set("quote_by_kind", "");
                vars.set("quote_by_known", false);
            }
        }
    }

    /// `<slot>` (the word) and `<slot>_kind`: `me`, `you`, `any`, `agent` (or `none` for an absent agent).
    fn insert_agent(&self, vars: &mut Vars, slot: &'static str, agent: Option<Agent>, scope: Scope) {
        let (kind, word, suffix) = self.agent_word(agent, scope, matches!(slot, "subj" | "from" | "quote_by"));
        let kind_key = match slot {
            "subj" => "subj_kind",
            "target" => "target_kind",
            "to" => "to_kind",
            "from" => "from_kind",
            "who" => "who_kind",
            _ => "quote_by_kind",
        };
        vars.set(kind_key, kind);
        vars.set(slot, Parts([&word, suffix]));
    }

    /// The word for an agent slot, what kind of reference it is, and the honorific to append. "you" is the
    /// person asked (for a subject, also everyone asked by REQUEST/INQUIRE ANY); an ANY target stays "any"
    /// (someone / who). Names without a table read `Agent[03]`.
    fn agent_word(&self, agent: Option<Agent>, scope: Scope, subject: bool) -> (&'static str, Cow<'a, str>, &'a str) {
        let vocab = &self.set.vocab;
        let me = |object: bool| match &self.options.pronoun {
            Some(pronoun) => pronoun.as_str(),
            None if object => vocab.me_object.as_str(),
            None => vocab.me.as_str(),
        };
        let you = |object: bool| if object { vocab.you_object.as_str() } else { vocab.you.as_str() };
        let honorific = if self.options.honorific { vocab.honorific.as_str() } else { "" };
        match agent {
            None => ("me", Cow::Borrowed(me(!subject)), ""),
            Some(a) if Some(a) == self.ctx.speaker => ("me", Cow::Borrowed(me(!subject)), ""),
            Some(a) if Some(a) == scope.you && (subject || a != Agent::Any) => {
                ("you", Cow::Borrowed(you(!subject)), "")
            }
            Some(Agent::Any) => ("any", Cow::Borrowed(""), ""),
            Some(a) => match self.ctx.names.display_name(a) {
                Some(name) => ("agent", Cow::Borrowed(name), honorific),
                None => ("agent", Cow::Owned(a.to_string()), honorific),
            },
        }
    }

    /// Variables every template gets: style and the variant number.
    fn vars(&self) -> Vars {
        let mut vars = Vars::default();
        vars.set("casual", self.options.style == Style::Casual);
        let n = self.renders.get();
        self.renders.set(n + 1);
        let variant = self.options.variant_seed.map_or(0, |seed| mix(seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        vars.set("variant", variant % 1024);
        vars
    }

    /// A template over already rendered text (operators, frames, whole sentences).
    fn call(&self, name: &str, vars: Vars) -> Result<String, RenderError> {
        self.call_with(name, vars, Inputs::Composed)
    }

    fn call_with(&self, name: &str, vars: Vars, inputs: Inputs) -> Result<String, RenderError> {
        memo::render(&self.set.memo_prefix, name, vars, inputs, |context| self.set.tera.render(name, context))
            .map_err(|e| RenderError::template(self.set.lang.code(), name, &e))
    }
}

/// A written subject that differs from what an omitted one would mean (so it must be said).
fn written_subject(sentence: &Sentence, inherited: Option<Agent>) -> Option<Agent> {
    sentence.subject.filter(|s| Some(*s) != inherited)
}

/// True for sentences that read as one clause: a verb, NOT of a verb, DAY of such a clause, with no subject of
/// their own on the operator.
fn is_inline(sentence: &Sentence, inherited: Option<Agent>) -> bool {
    let own_subject = written_subject(sentence, inherited).is_none();
    let effective = sentence.subject.or(inherited);
    match &sentence.content {
        Content::Skip | Content::Over => false,
        Content::Not { sentence: operand } => own_subject && is_verb(operand),
        Content::Day { sentence: operand, .. } => own_subject && is_inline(operand, effective),
        content => !content.keyword().is_operator(),
    }
}

fn is_verb(sentence: &Sentence) -> bool {
    !sentence.content.keyword().is_operator() && !matches!(sentence.content, Content::Skip | Content::Over)
}

/// SplitMix64 finaliser: spreads a seed over the variant numbers.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
