//! Walks a sentence tree and renders it bottom-up through the language's templates.
//!
//! Rust decides structure only: which clause form ("mood") each nested sentence needs, which operands are
//! inline and which are quoted, and what each agent slot refers to (the speaker, the person spoken to, ANY,
//! a named agent). Every word comes from the templates and the locale vocabulary. The rules that make the
//! output readable back into exactly one sentence are written down in `docs/canonical-phrasing.md`.

use std::cell::RefCell;
use std::fmt::Write;
use std::ops::Range;

use smallvec::SmallVec;
use tera::Tera;

use super::error::RenderError;
use super::frame::{self, FrameError};
use super::options::{Lang, RenderOptions, Style};
use super::source::template_name;
use super::vars::{Text, Var, Vars, Word};
use super::vocab::Vocab;
use crate::protocol::{Agent, Content, Context, Keyword, Sentence, TalkRef};

/// One language's compiled templates and vocabulary.
pub(crate) struct LangSet {
    pub lang: Lang,
    pub tera: Tera,
    pub vocab: Vocab,
    /// Distinguishes this template set's frames from every other set's (see [`frame`]).
    pub id: u32,
    /// Every character of the templates and the vocabulary (what canonical text is made of, besides names).
    pub source_chars: std::collections::HashSet<char>,
    /// The reader's verb frames per style and channel (see [`grammar_index`]), built on first use.
    pub grammars: [std::sync::OnceLock<super::read::Grammar>; GRAMMARS],
}

/// How template calls are turned into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Engine {
    /// Through cached frames (the normal path).
    Frames,
    /// Through tera for every call, as the templates' reference semantics (tests and the start-up check).
    Tera,
}

/// A template the composer calls.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Template {
    Keyword(Keyword),
    Sentence,
    Quoted,
    Frame,
}

impl Template {
    pub fn name(self) -> &'static str {
        match self {
            Template::Keyword(keyword) => template_name(keyword),
            Template::Sentence => "_sentence.txt",
            Template::Quoted => "_quoted.txt",
            Template::Frame => "_frame.txt",
        }
    }

    /// A number for frame keys.
    pub fn id(self) -> u8 {
        match self {
            Template::Keyword(keyword) => keyword as u8,
            Template::Sentence => 253,
            Template::Quoted => 252,
            Template::Frame => 251,
        }
    }
}

/// The `act` of the NOT and `_quoted` templates for a clause said whole in plain form, without quotes: denied
/// (see `Composer::denied_as_clause`) or asked for (see `Composer::ensured`).
pub(crate) const PLAIN_CLAUSE: &str = "clause";
/// The same for a list in plain form: alternatives (「Aか、Bか、どちらかというわけではありません」) or joined clauses
/// (「Aし、Bするというわけではありません」).
pub(crate) const PLAIN_LIST: &str = "list";

/// Bytes of the composer's output buffer holding one rendered piece.
type Span = Range<usize>;

/// Stack left below which [`Composer::body`] continues on a fresh segment, and that segment's size.
const STACK_RED_ZONE: usize = 128 * 1024;
const STACK_GROWTH: usize = 1024 * 1024;
/// Output buffers up to this capacity are kept for the thread's next sentence.
const KEPT_BUFFER: usize = 64 * 1024;

thread_local! {
    static BUFFER: RefCell<String> = const { RefCell::new(String::new()) };
}

/// The clause form a verb template is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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
    /// The speaker's own result under a DAY that names it: 「シオンさんは人間でした」 after 「1日目の占い結果：」.
    Result,
    /// An intention or a view for a day already past: 「〜に投票するつもりでした」 / "I was going to vote for …".
    Past,
    /// `Past` in plain form, for alternatives, views held and denials: 「〜に投票するつもりだった」.
    PlainPast,
}

impl Mood {
    pub fn code(self) -> &'static str {
        match self {
            Mood::Statement => "statement",
            Mood::Plain => "plain",
            Mood::Request => "request",
            Mood::Suggest => "suggest",
            Mood::Question => "question",
            Mood::Result => "result",
            Mood::Past => "past",
            Mood::PlainPast => "plain_past",
        }
    }
}

/// What agent slots mean at one point of the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Scope {
    /// The subject an omitted subject stands for here (`None`: the unknown speaker).
    pub inherited: Option<Agent>,
    /// Who "you" is: the target of the nearest REQUEST/INQUIRE, else the context's addressee (unless the
    /// language calls the addressee by name).
    pub you: Option<Agent>,
}

/// A place a sentence can be rendered at, as the composer's functions see it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Position {
    /// A whole sentence with its final mark (top level, or quoted).
    Sentence { scope: Scope, quoted: bool },
    /// A sentence body without its final mark.
    Body { scope: Scope },
    /// A clause in `mood`, negated or not.
    Clause { scope: Scope, mood: Mood, negated: bool },
}

/// A rendered sentence body before final punctuation.
struct Body {
    text: Span,
    /// Ends as a question (gets ？ / ?).
    question: bool,
}

/// Renders one sentence; cheap to create, lives for one call. Every template call appends its output to one
/// buffer and hands its span to the caller, which splices it into its own template's output.
pub(crate) struct Composer<'a> {
    set: &'a LangSet,
    ctx: &'a Context,
    options: &'a RenderOptions,
    engine: Engine,
    /// Counts template renders so variant picks differ between slots of one sentence.
    renders: u64,
    out: String,
}

impl Drop for Composer<'_> {
    fn drop(&mut self) {
        if self.out.capacity() <= KEPT_BUFFER {
            let mut out = std::mem::take(&mut self.out);
            out.clear();
            BUFFER.with(|buffer| *buffer.borrow_mut() = out);
        }
    }
}

impl<'a> Composer<'a> {
    pub fn new(set: &'a LangSet, ctx: &'a Context, options: &'a RenderOptions) -> Self {
        Composer::with_engine(set, ctx, options, Engine::Frames)
    }

    pub fn with_engine(set: &'a LangSet, ctx: &'a Context, options: &'a RenderOptions, engine: Engine) -> Self {
        let out = BUFFER.with(|buffer| std::mem::take(&mut *buffer.borrow_mut()));
        Composer { set, ctx, options, engine, renders: 0, out }
    }

    /// The whole sentence, punctuated.
    pub fn render(mut self, sentence: &Sentence) -> Result<String, RenderError> {
        let span = self.finish(sentence, self.top_scope(), false)?;
        Ok(self.out[span].to_owned())
    }

    /// The scope of a top-level sentence.
    pub fn top_scope(&self) -> Scope {
        let you = if self.set.vocab.name_the_addressee { None } else { self.ctx.addressee };
        Scope { inherited: self.ctx.speaker, you }
    }

    /// How `sentence` renders at one position of a larger sentence (for the reader's checks).
    pub fn render_at(mut self, sentence: &Sentence, at: Position) -> Result<String, RenderError> {
        let span = match at {
            Position::Sentence { scope, quoted } => self.finish(sentence, scope, quoted)?,
            Position::Body { scope } => self.body(sentence, scope)?.text,
            Position::Clause { scope, mood, negated } => self.clause(sentence, scope, mood, negated)?,
        };
        Ok(self.out[span].to_owned())
    }

    /// A nested sentence quoted whole.
    fn sentence(&mut self, sentence: &Sentence, scope: Scope) -> Result<Span, RenderError> {
        self.finish(sentence, scope, true)
    }

    fn finish(&mut self, sentence: &Sentence, scope: Scope, quoted: bool) -> Result<Span, RenderError> {
        let body = self.body(sentence, scope)?;
        self.punctuate(body, quoted)
    }

    /// A body with its final mark (`_sentence`).
    fn punctuate(&mut self, body: Body, quoted: bool) -> Result<Span, RenderError> {
        self.punctuate_as(body, quoted, false)
    }

    /// `punctuate`, for a sentence that `continued` another one's words ("…, so vote Kenji."): English does not
    /// capitalise it.
    fn punctuate_as(&mut self, body: Body, quoted: bool, continued: bool) -> Result<Span, RenderError> {
        let end = self.out[body.text.clone()].chars().next_back().unwrap_or(' ');
        let mut vars = self.vars();
        vars.set(Var::Quoted, quoted);
        vars.set(Var::Continued, continued);
        vars.set(Var::Body, Text::Out(body.text));
        // The body's last character, so a template can see whether it already ends in a quote.
        vars.set(Var::BodyEnd, end);
        vars.set(Var::Question, body.question);
        self.call(Template::Sentence, &mut vars)
    }

    /// A sentence in sentence position (top level, a quote, a BECAUSE conclusion).
    fn body(&mut self, sentence: &Sentence, scope: Scope) -> Result<Body, RenderError> {
        // Every level of nesting passes through here. Trees reaching the renderer may be 256 deep, more than a
        // 2 MiB worker stack holds in a debug build, so grow the stack on the heap when it runs low.
        stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || self.body_of(sentence, scope))
    }

    fn body_of(&mut self, sentence: &Sentence, scope: Scope) -> Result<Body, RenderError> {
        // The speaker's own result of a day, said as a sentence: 「1日目の占い結果：シオンさんは人間でした」.
        if let Content::Day { day, sentence: operand } = &sentence.content
            && written_subject(sentence, scope.inherited).is_none()
            && is_inline(operand, scope.inherited)
        {
            let act = day_result(operand, scope.inherited, self.ctx.speaker, Mood::Statement, false);
            if !act.is_empty() {
                let mut vars = self.day_vars(*day, Mood::Statement, false);
                vars.set(Var::Act, Word(act));
                vars.set(Var::Inline, true);
                vars.set(Var::Clause, Text::Out(self.clause(operand, scope, Mood::Result, false)?));
                return Ok(Body { text: self.call(Template::Keyword(Keyword::Day), &mut vars)?, question: false });
            }
        }
        if is_inline(sentence, scope.inherited) {
            return Ok(Body { text: self.clause(sentence, scope, Mood::Statement, false)?, question: false });
        }
        let framed = written_subject(sentence, scope.inherited);
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        let body = match &sentence.content {
            Content::Request { target, sentence: operand } => {
                return self.ask(Keyword::Request, *target, operand, framed, scope, Mood::Statement);
            }
            Content::Inquire { target, sentence: operand } => {
                return self.ask(Keyword::Inquire, *target, operand, framed, scope, Mood::Statement);
            }
            Content::Because { reason, conclusion } => self.because(reason, conclusion, inner)?,
            Content::Day { day, sentence: operand } => {
                let mut vars = self.day_vars(*day, Mood::Statement, false);
                if is_inline(operand, inner.inherited) {
                    vars.set(Var::Inline, true);
                    let mood = day_mood(*day, operand, Mood::Statement, self.ctx.day);
                    vars.set(Var::Clause, Text::Out(self.clause(operand, inner, mood, false)?));
                } else {
                    vars.set(Var::Inline, false);
                    vars.set(Var::Sentence, Text::Out(self.sentence(operand, inner)?));
                }
                Body { text: self.call(Template::Keyword(Keyword::Day), &mut vars)?, question: false }
            }
            Content::Not { sentence: operand } => {
                Body { text: self.clause(operand, inner, Mood::Statement, true)?, question: false }
            }
            // Plain clauses under one frame are joined: "According to Kenji, A and B."
            Content::And { sentences } if framed.is_some() && !is_framed_run(sentence, scope.inherited) => {
                Body { text: self.joined(sentences, inner, Mood::Statement)?, question: false }
            }
            // Any other run of sentences with its own subject follows its frame ("Kenji's view: A. B."). Only
            // whole sentences end their text (a run that other sentences would follow is quoted, see
            // `conjunction`), so the frame covers every one of them and no more.
            Content::And { sentences } if framed.is_some() => {
                let run = self.conjunction(sentences, inner, false)?;
                let mut vars = self.vars();
                self.insert_agent(&mut vars, Var::Who, framed, scope);
                vars.set(Var::Inline, false);
                vars.set(Var::Run, true);
                vars.set(Var::Held, false);
                vars.set(Var::Sentence, Text::Out(run.text));
                return Ok(Body { text: self.call(Template::Frame, &mut vars)?, question: false });
            }
            // One verb over several targets is said once: "I will vote for Kenji and Shion."
            Content::And { sentences } if self.merged_and(sentence, scope).is_some() => {
                Body { text: self.joined(sentences, inner, Mood::Statement)?, question: false }
            }
            Content::And { sentences } => self.conjunction(sentences, inner, false)?,
            Content::Or { sentences } => self.coordination(Keyword::Or, sentences.iter(), inner)?,
            Content::Xor { left, right } => self.coordination(Keyword::Xor, [&**left, &**right].into_iter(), inner)?,
            // Verbs are inline; Skip and Over have their own templates and no subject.
            _ => Body { text: self.verb(sentence, scope, Mood::Statement, false)?, question: false },
        };
        match framed {
            None => Ok(body),
            Some(who) => {
                let mut vars = self.vars();
                self.insert_agent(&mut vars, Var::Who, Some(who), scope);
                vars.set(Var::Inline, false);
                vars.set(Var::Run, false);
                vars.set(Var::Held, false);
                vars.set(Var::Sentence, Text::Out(body.text));
                Ok(Body { text: self.call(Template::Frame, &mut vars)?, question: body.question })
            }
        }
    }

    /// A sentence as a clause of a larger one, in `mood`, negated if `negated`. Sentences that cannot be
    /// said inline are quoted whole and framed by `_quoted` (or `NOT` for a negated compound).
    fn clause(&mut self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<Span, RenderError> {
        // DAY (DAY (…)) chains recurse here without passing through `body`.
        stacker::maybe_grow(STACK_RED_ZONE, STACK_GROWTH, || self.clause_of(sentence, scope, mood, negated))
    }

    fn clause_of(&mut self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<Span, RenderError> {
        if !negated && is_asked_turn(sentence, mood) {
            return self.verb(sentence, scope, mood, false);
        }
        // Another's request or question is reported as it is at top level: "…, because Kenji asks Shion: “…”";
        // asked about, it is a question: "Kenji, does Sakura ask Shion: “…?”?".
        if !negated
            && matches!(mood, Mood::Statement | Mood::Plain | Mood::Question)
            && let Some(framed) = written_subject(sentence, scope.inherited)
        {
            match &sentence.content {
                Content::Request { target, sentence: operand } => {
                    return Ok(self.ask(Keyword::Request, *target, operand, Some(framed), scope, mood)?.text);
                }
                Content::Inquire { target, sentence: operand } => {
                    return Ok(self.ask(Keyword::Inquire, *target, operand, Some(framed), scope, mood)?.text);
                }
                _ => {}
            }
        }
        // Another's one-clause view is said with its own frame, not quoted: "…, because as Kenji sees it, …".
        if !negated && let Some(who) = framed_clause(sentence, scope.inherited, mood) {
            let clause = self.clause(sentence, Scope { inherited: Some(who), ..scope }, mood, false)?;
            return self.clause_frame(who, clause, scope, false, mood);
        }
        // Another's view of more than one clause, where a statement or a question is wanted, is said as held:
        // 「…から、ケンジさんは、Aか、Bか、どちらかと考えています」 / "…, because Kenji holds that either A, or B".
        if !negated
            && matches!(mood, Mood::Statement | Mood::Question)
            && let Some(who) = self.held_view(sentence, scope)
        {
            return self.held(sentence, who, scope, mood);
        }
        if !negated && let Some(form) = self.compound_clause(sentence, scope) {
            let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
            return match (form, &sentence.content) {
                (CompoundClause::Joined, Content::And { sentences }) => self.joined(sentences, inner, mood),
                (CompoundClause::Merged(merge), Content::Or { sentences }) => {
                    let operands: SmallVec<[&Sentence; 4]> = sentences.iter().collect();
                    self.merged(Keyword::Or, &operands, merge, inner, mood)
                }
                (CompoundClause::Merged(merge), Content::Xor { left, right }) => {
                    self.merged(Keyword::Xor, &[&**left, &**right], merge, inner, mood)
                }
                _ => self.quoted(sentence, scope, mood, negated),
            };
        }
        // A NOT that denies a clause whole is that clause too: 「…しないわけではないか、…」 / "…, or it is not true
        // that …".
        if !negated
            && written_subject(sentence, scope.inherited).is_none()
            && let Content::Not { sentence: operand } = &sentence.content
            && !is_verb(operand)
        {
            let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
            if self.denied_as_clause(operand, inner, mood) {
                return self.clause(operand, inner, mood, true);
            }
        }
        // A BECAUSE asked about, its conclusion one clause, is asked as it is said: 「ケンジさん、…から、…しますか」
        // / "Kenji, since …, will you …".
        if !negated
            && mood == Mood::Question
            && written_subject(sentence, scope.inherited).is_none()
            && let Content::Because { reason, conclusion } = &sentence.content
        {
            let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
            if is_inline(conclusion, inner.inherited) {
                return Ok(self.because_in(reason, conclusion, inner, BecauseForm::Asked)?.text);
            }
        }
        // Alternatives asked about are asked as listed: 「ケンジさん、Aか、Bか、どちらかですか？」 / "Kenji, is it
        // true that either A, or B?".
        if !negated && mood == Mood::Question && self.listed_alternatives(sentence, scope) {
            return self.alternatives(sentence, scope, mood);
        }
        // Only a verb takes negation inline. Another clause is denied whole, unquoted, where a statement or a
        // question is wanted (「ケンジさんに投票しないわけではありません」; a list: 「Aか、Bか、どちらかというわけでは
        // ありません」; a view: 「ケンジさんが、…と考えているわけではありません」; a BECAUSE: 「Aからといって、…」,
        // see `denied_as_clause`); any other compound is quoted.
        if negated && !is_verb(sentence) && self.denied_as_clause(sentence, scope, mood) {
            if self.listed_alternatives(sentence, scope) {
                let clause = self.alternatives(sentence, scope, Mood::Plain)?;
                return self.quote_with(clause, mood, scope, PLAIN_LIST, true);
            }
            // Joined clauses are a list; one verb said once over its targets is one clause.
            if is_joined_and(sentence, scope.inherited) {
                let clause = self.clause(sentence, scope, Mood::Plain, false)?;
                let act = if self.merged_and(sentence, scope).is_some() { PLAIN_CLAUSE } else { PLAIN_LIST };
                return self.quote_with(clause, mood, scope, act, true);
            }
            let clause = match (self.held_view(sentence, scope), &sentence.content) {
                (Some(who), _) => self.held(sentence, who, scope, Mood::Plain)?,
                (None, Content::Because { reason, conclusion }) if self.plain_because(sentence, scope) => {
                    let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
                    self.because_in(reason, conclusion, inner, BecauseForm::Denied)?.text
                }
                (None, _) => self.clause(sentence, scope, Mood::Plain, false)?,
            };
            return self.quote_with(clause, mood, scope, PLAIN_CLAUSE, true);
        }
        if !negated
            && matches!(mood, Mood::Request | Mood::Suggest)
            && !is_inline(sentence, scope.inherited)
            && let Some((clause, act)) = self.ensured(sentence, scope)?
        {
            return self.quote_with(clause, mood, scope, act, false);
        }
        if !is_inline(sentence, scope.inherited) || negated && !is_verb(sentence) {
            return self.quoted(sentence, scope, mood, negated);
        }
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        match &sentence.content {
            Content::Not { sentence: operand } => self.clause(operand, inner, mood, !negated),
            Content::Day { day, sentence: operand } => {
                let mut vars = self.day_vars(*day, mood, negated);
                vars.set(Var::Inline, true);
                // Where the language says so, a day's result (the speaker's own, or a named other's) keeps the
                // result's wording inside another sentence too (「1日目の占い結果では、…でしたから」).
                let result = if self.set.vocab.dated_results_in_clauses && !negated {
                    nested_day_result(operand, inner, self.ctx.speaker, mood)
                } else {
                    None
                };
                if let Some((act, holder)) = result {
                    vars.set(Var::Act, Word(act));
                    vars.set(Var::Nested, true);
                    if holder.is_some() {
                        self.insert_agent(&mut vars, Var::Who, holder, inner);
                    }
                    vars.set(Var::Clause, Text::Out(self.clause(operand, inner, Mood::Result, false)?));
                    return self.call(Template::Keyword(Keyword::Day), &mut vars);
                }
                let operand_mood = day_mood(*day, operand, mood, self.ctx.day);
                vars.set(Var::Clause, Text::Out(self.clause(operand, inner, operand_mood, negated)?));
                self.call(Template::Keyword(Keyword::Day), &mut vars)
            }
            _ => self.verb(sentence, scope, mood, negated),
        }
    }

    /// A sentence quoted whole as a clause: `_quoted` frames it ("it is true that …"), `NOT` denies it. A bare
    /// REQUEST or INQUIRE is a speech act, so the frame says who asks (`act`, with the subject `subj`).
    fn quoted(&mut self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<Span, RenderError> {
        let quoted = self.sentence(sentence, scope)?;
        let act = match sentence.content {
            _ if written_subject(sentence, scope.inherited).is_some() => "",
            Content::Request { .. } => "request",
            Content::Inquire { .. } => "inquire",
            _ => "",
        };
        self.quote_with(quoted, mood, scope, act, negated)
    }

    fn quote_with(
        &mut self,
        sentence: Span,
        mood: Mood,
        scope: Scope,
        act: &'static str,
        negated: bool,
    ) -> Result<Span, RenderError> {
        let mut vars = self.vars();
        vars.set(Var::Mood, Word(mood.code()));
        vars.set(Var::Sentence, Text::Out(sentence));
        vars.set(Var::Act, Word(act));
        vars.set(Var::Neg, negated);
        self.insert_agent(&mut vars, Var::Subj, scope.inherited, scope);
        let template = if negated { Template::Keyword(Keyword::Not) } else { Template::Quoted };
        self.call(template, &mut vars)
    }

    /// A verb (or Skip/Over) through its template.
    fn verb(&mut self, sentence: &Sentence, scope: Scope, mood: Mood, negated: bool) -> Result<Span, RenderError> {
        self.verb_over(sentence, scope, mood, negated, None)
    }

    /// A verb whose role or target is replaced by an already rendered list of them (`list`).
    fn verb_over(
        &mut self,
        sentence: &Sentence,
        scope: Scope,
        mood: Mood,
        negated: bool,
        list: Option<(Merge, Span)>,
    ) -> Result<Span, RenderError> {
        let subject = sentence.subject.or(scope.inherited);
        let mut vars = self.vars();
        vars.set(Var::Mood, Word(mood.code()));
        vars.set(Var::Neg, negated);
        // An omitted subject inside REQUEST/INQUIRE ANY is "you all"; a written ANY is "someone".
        let you = if sentence.subject == Some(Agent::Any) { Scope { you: None, ..scope } } else { scope };
        self.insert_agent(&mut vars, Var::Subj, subject, you);
        if let Some((Merge::Subject, span)) = &list {
            vars.set(Var::Subj, Text::Out(span.clone()));
        }
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
            self.insert_agent(&mut vars, Var::Target, Some(*target), scope);
            // The target as the subject of a that-clause ("I think *I* am…" / "you are…").
            let (_, nominative) = self.agent_text(Some(*target), scope, true);
            vars.set(Var::TargetNom, nominative);
            let same = subject.or(self.ctx.speaker) == Some(*target);
            vars.set(Var::Same, same);
            if let Some((Merge::Target, span)) = &list {
                vars.set(Var::Target, Text::Out(span.clone()));
                vars.set(Var::TargetNom, Text::Out(span.clone()));
            }
        }
        let vocab = &self.set.vocab;
        match content {
            Content::Estimate { role, .. } | Content::Comingout { role, .. } => {
                vars.set(Var::Role, Text::Words(vocab.role(*role), ""));
                vars.set(Var::Tag, Text::Words(vocab.role_tag(*role), ""));
                vars.set(Var::RoleKey, Word(role.keyword()));
                vars.set(Var::RoleAny, role.keyword() == "ANY");
                if let Some((Merge::Role, span)) = &list {
                    vars.set(Var::Role, Text::Out(span.clone()));
                    vars.set(Var::RoleKey, Word(""));
                }
            }
            Content::Divined { species, .. } | Content::Identified { species, .. } => {
                vars.set(Var::Species, Text::Words(vocab.species(*species), ""));
                vars.set(Var::Tag, Text::Words(vocab.species_tag(*species), ""));
                vars.set(Var::SpeciesAny, species.keyword() == "ANY");
            }
            Content::Agree { talk } | Content::Disagree { talk } => self.insert_talk(&mut vars, talk, scope),
            _ => {}
        }
        self.call(Template::Keyword(content.keyword()), &mut vars)
    }

    /// REQUEST and INQUIRE: a vocative (or a reported "X asks Y", said in `said`: a statement, or plain in a list of
    /// alternatives) and the operand in request/question form.
    fn ask(
        &mut self,
        keyword: Keyword,
        target: Agent,
        operand: &Sentence,
        framed: Option<Agent>,
        scope: Scope,
        said: Mood,
    ) -> Result<Body, RenderError> {
        let inner = Scope { inherited: Some(target), you: Some(target) };
        let addressed =
            if keyword == Keyword::Request && framed.is_none() { role_addressed(target, operand) } else { "" };
        let mood = match keyword {
            Keyword::Inquire => Mood::Question,
            // A request only a role holder can carry out is asked of them (「占い師さん、…してください」).
            _ if target == Agent::Any && addressed.is_empty() => Mood::Suggest,
            _ => Mood::Request,
        };
        let mut vars = self.vars();
        vars.set(Var::Act, Word(addressed));
        self.insert_agent(&mut vars, Var::To, Some(target), Scope { you: None, ..scope });
        self.insert_agent(&mut vars, Var::From, framed, scope);
        vars.set(Var::Framed, framed.is_some());
        vars.set(Var::Said, Word(said.code()));
        vars.set(Var::Quoted, !self.said_as_clause(operand, inner) && !is_asked_turn(operand, mood));
        vars.set(Var::Clause, Text::Out(self.clause(operand, inner, mood, false)?));
        let text = self.call(Template::Keyword(keyword), &mut vars)?;
        Ok(Body { text, question: keyword == Keyword::Inquire && framed.is_none() })
    }

    /// BECAUSE: the reason as clauses (an AND of plain clauses is listed, not quoted), then the conclusion: a
    /// clause, or any other sentence said whole without quotes. An AND conclusion stays quoted, as its sentences
    /// would otherwise run on into those around it.
    fn because(&mut self, reason: &Sentence, conclusion: &Sentence, scope: Scope) -> Result<Body, RenderError> {
        self.because_in(reason, conclusion, scope, BecauseForm::Said)
    }

    /// `because` in `form`: said, asked (its conclusion asked: 「…から、…しますか」 / "since …, will you …"), plain (a
    /// view held) or for a NOT to deny (see [`Composer::plain_because`]).
    fn because_in(
        &mut self,
        reason: &Sentence,
        conclusion: &Sentence,
        scope: Scope,
        form: BecauseForm,
    ) -> Result<Body, RenderError> {
        let asked = form == BecauseForm::Asked;
        let denied = form == BecauseForm::Denied;
        let plain = denied || form == BecauseForm::Plain;
        let mut reasons: SmallVec<[Text<'a>; 4]> = SmallVec::new();
        let mood = if plain { Mood::Plain } else { reason_mood(&self.set.vocab, self.options.style) };
        let mut grouped = false;
        // Reasons that are one verb over several targets are one reason ("because I guarded Kenji and Shion").
        match listed_reasons(reason, scope.inherited).filter(|_| self.merged_and(reason, scope).is_none()) {
            Some(operands) => {
                grouped = has_group(operands);
                for operand in operands {
                    reasons.push(Text::Out(self.clause(operand, scope, mood, false)?));
                }
            }
            None => {
                // Alternatives over plain clauses are the reason as listed, without quotes: 「Aか、Bか、どちらかです
                // から、C」 / "C, because either A, or B, but not both".
                let text = if self.listed_alternatives(reason, scope) {
                    self.alternatives(reason, scope, Mood::Statement)?
                } else {
                    self.clause(reason, scope, mood, false)?
                };
                reasons.push(Text::Out(text));
            }
        }
        // A conclusion with its own subject is a clause: said whole, its frame ("According to X, …") would read
        // as the frame of the whole BECAUSE, so it takes a clause frame or is held (see `clause_of`), else it is
        // quoted. An AND of more than plain clauses is said as a run of sentences after the reasons
        // (「…ので、Aします。Bしてください。」).
        let run = form == BecauseForm::Said && is_run_conclusion(conclusion, scope.inherited);
        let said_whole = form == BecauseForm::Said
            && !self.said_as_clause(conclusion, scope)
            && written_subject(conclusion, scope.inherited).is_none()
            && !matches!(conclusion.content, Content::And { .. });
        let conclusion = if let (true, Content::And { sentences }) = (run, &conclusion.content) {
            let inner = Scope { inherited: conclusion.subject.or(scope.inherited), ..scope };
            self.conjunction(sentences, inner, true)?
        } else if said_whole {
            self.body(conclusion, scope)?
        } else if asked {
            Body { text: self.clause(conclusion, scope, Mood::Question, false)?, question: true }
        } else if plain {
            Body { text: self.clause(conclusion, scope, Mood::Plain, false)?, question: false }
        } else {
            Body { text: self.clause(conclusion, scope, Mood::Statement, false)?, question: false }
        };
        let mut vars = self.vars();
        vars.set(Var::Clauses, &reasons[..]);
        vars.set(Var::Conclusion, Text::Out(conclusion.text));
        vars.set(Var::Run, run);
        vars.set(Var::Grouped, grouped);
        vars.set(Var::Question, conclusion.question);
        vars.set(Var::Neg, denied);
        vars.set(Var::Mood, Word(if plain { Mood::Plain } else { Mood::Statement }.code()));
        Ok(Body { text: self.call(Template::Keyword(Keyword::Because), &mut vars)?, question: conclusion.question })
    }

    /// AND: every operand is a sentence of its own, with its own final mark ("I will vote for Mizuki. Everyone,
    /// let's vote for Mizuki."). An operand that is itself an AND is one sentence of joined clauses (or quoted
    /// as one, when its operands are more than clauses), so the grouping stays readable; so is a BECAUSE whose
    /// conclusion runs on over sentences, unless it comes last (the sentences after it would join its run).
    /// A run that `continued` a sentence (a BECAUSE conclusion after ", so") does not capitalise its first word.
    fn conjunction(&mut self, operands: &[Sentence], scope: Scope, continued: bool) -> Result<Body, RenderError> {
        let mut sentences: SmallVec<[Text<'a>; 4]> = SmallVec::new();
        for (index, operand) in operands.iter().enumerate() {
            let last = index + 1 == operands.len();
            // A run inside a run is quoted as a clause, unless it is the last sentence (where a framed run of
            // sentences ends with the text).
            let inner_run = is_because_run(operand, scope.inherited) || is_framed_run(operand, scope.inherited);
            let body = if is_unframed_and(operand, scope.inherited) || !last && inner_run {
                Body { text: self.clause(operand, scope, Mood::Statement, false)?, question: false }
            } else {
                self.body(operand, scope)?
            };
            sentences.push(Text::Out(self.punctuate_as(body, false, continued && index == 0)?));
        }
        let mut vars = self.vars();
        vars.set(Var::Clauses, &sentences[..]);
        Ok(Body { text: self.call(Template::Keyword(Keyword::And), &mut vars)?, question: false })
    }

    /// OR, XOR: every operand as a plain clause, joined by the template; operands that differ only in a role or
    /// a target say the verb once over the list (「タクミさんは人狼か狂人のどちらかだと思います」).
    fn coordination<'s>(
        &mut self,
        keyword: Keyword,
        operands: impl Iterator<Item = &'s Sentence>,
        scope: Scope,
    ) -> Result<Body, RenderError> {
        let operands: SmallVec<[&Sentence; 4]> = operands.collect();
        if let Some(merge) = mergeable(keyword, &operands, scope, self.ctx.speaker, &self.set.vocab) {
            let text = self.merged(keyword, &operands, merge, scope, Mood::Statement)?;
            return Ok(Body { text, question: false });
        }
        Ok(Body { text: self.listed(keyword, &operands, scope, Mood::Statement)?, question: false })
    }

    /// An OR / XOR over plain clauses that do not merge (see [`Composer::listed_alternatives`]), listed in
    /// `mood`: a statement, a question, or plain for a NOT to deny.
    fn alternatives(&mut self, sentence: &Sentence, scope: Scope, mood: Mood) -> Result<Span, RenderError> {
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        match &sentence.content {
            Content::Or { sentences } => {
                let operands: SmallVec<[&Sentence; 4]> = sentences.iter().collect();
                self.listed(Keyword::Or, &operands, inner, mood)
            }
            Content::Xor { left, right } => self.listed(Keyword::Xor, &[&**left, &**right], inner, mood),
            _ => self.clause(sentence, scope, mood, false),
        }
    }

    /// Alternatives in full, each operand a plain clause (「〜するか、〜するか」), the list's ending in `mood`.
    fn listed(
        &mut self,
        keyword: Keyword,
        operands: &[&Sentence],
        scope: Scope,
        mood: Mood,
    ) -> Result<Span, RenderError> {
        let mut clauses: SmallVec<[Text<'a>; 4]> = SmallVec::new();
        for operand in operands {
            clauses.push(Text::Out(self.clause(operand, scope, Mood::Plain, false)?));
        }
        let mut vars = self.vars();
        vars.set(Var::Clauses, &clauses[..]);
        vars.set(Var::Inline, false);
        vars.set(Var::Mood, Word(mood.code()));
        self.call(Template::Keyword(keyword), &mut vars)
    }

    /// OR / XOR / AND of one verb said once over the list of its roles or targets (see [`mergeable`]), in `mood`.
    fn merged(
        &mut self,
        keyword: Keyword,
        operands: &[&Sentence],
        merge: Merge,
        scope: Scope,
        mood: Mood,
    ) -> Result<Span, RenderError> {
        let mut words: SmallVec<[Text<'a>; 4]> = SmallVec::new();
        for operand in operands {
            match (merge, &operand.content) {
                (Merge::Role, Content::Estimate { role, .. }) => {
                    words.push(Text::Words(self.set.vocab.role(*role), ""))
                }
                (Merge::Target, content) => {
                    let target = content.target();
                    words.push(self.agent_text(target, scope, false).1);
                }
                (Merge::Subject, _) => words.push(self.agent_text(operand.subject, scope, true).1),
                _ => {}
            }
        }
        let mut vars = self.vars();
        vars.set(Var::Clauses, &words[..]);
        vars.set(Var::Inline, true);
        // For AND, which otherwise joins clauses: the list of words alone.
        vars.set(Var::List, true);
        let list = self.call(Template::Keyword(keyword), &mut vars)?;
        self.verb_over(operands[0], scope, mood, false, Some((merge, list)))
    }

    /// An AND of plain clauses said as one clause, joined by the AND template (「Aしますし、Bします」, "A and B"),
    /// or one verb said once over its targets (see [`mergeable`]).
    fn joined(&mut self, operands: &[Sentence], scope: Scope, mood: Mood) -> Result<Span, RenderError> {
        let listed: SmallVec<[&Sentence; 4]> = operands.iter().collect();
        if let Some(merge) = mergeable(Keyword::And, &listed, scope, self.ctx.speaker, &self.set.vocab) {
            return self.merged(Keyword::And, &listed, merge, scope, mood);
        }
        let mut clauses: SmallVec<[Text<'a>; 4]> = SmallVec::new();
        for operand in operands {
            clauses.push(Text::Out(self.clause(operand, scope, mood, false)?));
        }
        let mut vars = self.vars();
        vars.set(Var::Clauses, &clauses[..]);
        vars.set(Var::Inline, true);
        vars.set(Var::Mood, Word(mood.code()));
        self.call(Template::Keyword(Keyword::And), &mut vars)
    }

    /// How an AND without a subject of its own says its one verb once over its targets, if it does.
    fn merged_and(&self, sentence: &Sentence, scope: Scope) -> Option<Merge> {
        let Content::And { sentences } = &sentence.content else { return None };
        if written_subject(sentence, scope.inherited).is_some() {
            return None;
        }
        let operands: SmallVec<[&Sentence; 4]> = sentences.iter().collect();
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        mergeable(Keyword::And, &operands, inner, self.ctx.speaker, &self.set.vocab)
    }

    /// Whether a NOT denies `sentence` (not a verb) as one plain clause: a negated verb, a day's clause, one verb
    /// over a list, or another's request or question reported (「…と聞いているわけではありません」), where a
    /// statement or a question is wanted; or alternatives as listed, joined clauses, another's view held or a
    /// BECAUSE of plain clauses, where a sentence or a question is wanted (inside a list of clauses they would blur
    /// into it). A past day's plan is denied in its plain form (「…つもりだったわけではありません」).
    fn denied_as_clause(&self, sentence: &Sentence, scope: Scope, mood: Mood) -> bool {
        if self.listed_alternatives(sentence, scope)
            || is_joined_and(sentence, scope.inherited)
            || self.held_view(sentence, scope).is_some()
            || self.plain_because(sentence, scope)
        {
            return matches!(mood, Mood::Statement | Mood::Question);
        }
        let reported = written_subject(sentence, scope.inherited).is_some()
            && matches!(sentence.content, Content::Request { .. } | Content::Inquire { .. });
        matches!(mood, Mood::Statement | Mood::Plain | Mood::Question)
            && (is_inline(sentence, scope.inherited)
                || reported
                || matches!(self.compound_clause(sentence, scope), Some(CompoundClause::Merged(_))))
    }

    /// A compound asked for (a REQUEST's operand) said in plain form, unquoted, with the `_quoted` act that frames
    /// it: alternatives listed ("please make sure that either A, or B, but not both" / 「Aか、Bか、どちらか一方だけと
    /// なるようにしてください」), another's view held, a BECAUSE of plain clauses ("make sure that since A, B"),
    /// another's request or question reported, a clause denied whole. Anything else is quoted (`None`).
    fn ensured(&mut self, sentence: &Sentence, scope: Scope) -> Result<Option<(Span, &'static str)>, RenderError> {
        if self.listed_alternatives(sentence, scope) {
            return Ok(Some((self.alternatives(sentence, scope, Mood::Plain)?, PLAIN_LIST)));
        }
        if let Some(who) = self.held_view(sentence, scope) {
            return Ok(Some((self.held(sentence, who, scope, Mood::Plain)?, PLAIN_CLAUSE)));
        }
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        let reported = written_subject(sentence, scope.inherited).is_some();
        let plain = match &sentence.content {
            Content::Because { reason, conclusion } if self.plain_because(sentence, scope) => {
                Some(self.because_in(reason, conclusion, inner, BecauseForm::Plain)?.text)
            }
            Content::Request { .. } | Content::Inquire { .. } if reported => {
                Some(self.clause(sentence, scope, Mood::Plain, false)?)
            }
            Content::Not { sentence: operand }
                if !reported && !is_verb(operand) && self.denied_as_clause(operand, inner, Mood::Plain) =>
            {
                Some(self.clause(operand, inner, Mood::Plain, true)?)
            }
            _ => None,
        };
        Ok(plain.map(|clause| (clause, PLAIN_CLAUSE)))
    }

    /// An OR / XOR without a subject of its own over plain clauses that do not merge: listed in full where it is
    /// a reason, asked about or denied (see [`is_listed_alternatives`]).
    fn listed_alternatives(&self, sentence: &Sentence, scope: Scope) -> bool {
        is_listed_alternatives(sentence, scope.inherited) && self.compound_clause(sentence, scope).is_none()
    }

    /// The holder of another's view said held, its view in plain form (「ケンジさんは、…と考えています」, denied
    /// 「ケンジさんが、…と考えているわけではありません」 / "Kenji holds that …"): a view of one clause (a past day's
    /// plan in its plain form, 「…つもりだった」), of clauses joined or merged, of alternatives listed, or a BECAUSE
    /// of plain clauses. A reported request or question is said as reported (see `denied_as_clause`).
    fn held_view(&self, sentence: &Sentence, scope: Scope) -> Option<Agent> {
        if !sentence.content.keyword().is_operator() {
            return None;
        }
        let who = written_subject(sentence, scope.inherited)?;
        let inner = Scope { inherited: Some(who), ..scope };
        let plain = match &sentence.content {
            Content::Request { .. } | Content::Inquire { .. } => false,
            _ => {
                is_inline(sentence, Some(who))
                    || self.compound_clause(sentence, inner).is_some()
                    || self.listed_alternatives(sentence, inner)
                    || self.plain_because(sentence, inner)
            }
        };
        plain.then_some(who)
    }

    /// A BECAUSE without a subject of its own whose reasons and conclusion are plain clauses: a view holds it in
    /// plain form (「ケンジさんは、Aから、Bと考えています」 / "Kenji holds that since A, B"), and a NOT denies it so,
    /// the reasons marked as not enough (「Aからといって、Bするわけではありません」 / "it is not true that B just
    /// because A").
    fn plain_because(&self, sentence: &Sentence, scope: Scope) -> bool {
        let Content::Because { reason, conclusion } = &sentence.content else { return false };
        if written_subject(sentence, scope.inherited).is_some() {
            return false;
        }
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        (is_inline(reason, inner.inherited) || listed_reasons(reason, inner.inherited).is_some())
            && (is_inline(conclusion, inner.inherited) || self.compound_clause(conclusion, inner).is_some())
    }

    /// Another's view (see [`Composer::held_view`]) said held in `mood`: a statement 「ケンジさんは、…と考えて
    /// います」, a question 「…と考えているのですか」, plain for a NOT to deny 「ケンジさんが、…と考えている」.
    fn held(&mut self, sentence: &Sentence, who: Agent, scope: Scope, mood: Mood) -> Result<Span, RenderError> {
        let inner = Scope { inherited: Some(who), ..scope };
        let view = match &sentence.content {
            _ if self.listed_alternatives(sentence, inner) => self.alternatives(sentence, inner, Mood::Plain)?,
            Content::Because { reason, conclusion } if self.plain_because(sentence, inner) => {
                self.because_in(reason, conclusion, inner, BecauseForm::Plain)?.text
            }
            _ => self.clause(sentence, inner, Mood::Plain, false)?,
        };
        self.clause_frame(who, view, scope, true, mood)
    }

    /// `who`'s view `view` under a clause frame (「ケンジさんの見方では、…」), or held (「ケンジさんは、…と考えて
    /// います」), in `mood`.
    fn clause_frame(
        &mut self,
        who: Agent,
        view: Span,
        scope: Scope,
        held: bool,
        mood: Mood,
    ) -> Result<Span, RenderError> {
        let mut vars = self.vars();
        self.insert_agent(&mut vars, Var::Who, Some(who), scope);
        vars.set(Var::Inline, true);
        vars.set(Var::Run, false);
        vars.set(Var::Held, held);
        vars.set(Var::Mood, Word(mood.code()));
        vars.set(Var::Sentence, Text::Out(view));
        self.call(Template::Frame, &mut vars)
    }

    /// Whether `sentence` is said as a clause where one is wanted (else it is quoted whole).
    fn said_as_clause(&self, sentence: &Sentence, scope: Scope) -> bool {
        is_inline(sentence, scope.inherited) || self.compound_clause(sentence, scope).is_some()
    }

    /// How an operator sentence without a subject of its own is said as one clause, if it can be: an AND of
    /// plain clauses joined, an OR/XOR merged over one verb.
    fn compound_clause(&self, sentence: &Sentence, scope: Scope) -> Option<CompoundClause> {
        if is_joined_and(sentence, scope.inherited) {
            return Some(CompoundClause::Joined);
        }
        let operands: SmallVec<[&Sentence; 4]> = match &sentence.content {
            _ if written_subject(sentence, scope.inherited).is_some() => return None,
            Content::Or { sentences } => sentences.iter().collect(),
            Content::Xor { left, right } => [&**left, &**right].into_iter().collect(),
            _ => return None,
        };
        let inner = Scope { inherited: sentence.subject.or(scope.inherited), ..scope };
        let keyword = sentence.content.keyword();
        mergeable(keyword, &operands, inner, self.ctx.speaker, &self.set.vocab).map(CompoundClause::Merged)
    }

    fn day_vars(&mut self, day: u32, mood: Mood, negated: bool) -> Vars<'a> {
        let mut vars = self.vars();
        let digits = self.number(day);
        vars.set(Var::Day, digits);
        vars.set(Var::Mood, Word(mood.code()));
        vars.set(Var::Neg, negated);
        // Relative words only when the caller told us the current day.
        let relative = match self.ctx.day {
            Some(today) if today == day => "today",
            Some(today) if today.checked_sub(1) == Some(day) => "yesterday",
            Some(today) if today.checked_add(1) == Some(day) => "tomorrow",
            _ => "",
        };
        vars.set(Var::Relative, Word(relative));
        vars.set(Var::Act, Word(""));
        vars.set(Var::Nested, false);
        // Whose result a nested one is: the speaker's unless a holder is named.
        vars.set(Var::WhoKind, Word("me"));
        vars
    }

    fn insert_talk(&mut self, vars: &mut Vars<'a>, talk: &TalkRef, scope: Scope) {
        let (day, id) = (self.number(talk.day), self.number(talk.id));
        vars.set(Var::Day, day);
        vars.set(Var::Id, id);
        vars.set(Var::Talk, Text::Words(self.set.vocab.talk(talk.kind), ""));
        vars.set(Var::Whisper, talk.kind.keyword() == "WHISPER");
        let options = self.options;
        match options.quotes.get(talk) {
            Some(quote) => {
                vars.set(Var::Quote, Text::Words(quote.text.as_str(), ""));
                self.insert_agent(vars, Var::QuoteBy, quote.speaker, scope);
                vars.set(Var::QuoteByKnown, quote.speaker.is_some());
            }
            None => {
                vars.set(Var::Quote, Text::Words("", ""));
                vars.set(Var::QuoteBy, Text::Words("", ""));
                vars.set(Var::QuoteByKind, Word(""));
                vars.set(Var::QuoteByKnown, false);
            }
        }
    }

    /// `<slot>` (the word) and `<slot>_kind`: `me`, `you`, `any`, `agent` (or `none` for an absent agent).
    fn insert_agent(&mut self, vars: &mut Vars<'a>, slot: Var, agent: Option<Agent>, scope: Scope) {
        let (kind, text) = self.agent_text(agent, scope, matches!(slot, Var::Subj | Var::From | Var::QuoteBy));
        let kind_key = match slot {
            Var::Subj => Var::SubjKind,
            Var::Target => Var::TargetKind,
            Var::To => Var::ToKind,
            Var::From => Var::FromKind,
            Var::Who => Var::WhoKind,
            _ => Var::QuoteByKind,
        };
        vars.set(kind_key, Word(kind));
        vars.set(slot, text);
    }

    /// The word for an agent slot (with the honorific to append) and what kind of reference it is. "you" is
    /// the person asked (for a subject, also everyone asked by REQUEST/INQUIRE ANY); an ANY target stays "any"
    /// (someone / who). Names without a table read `Agent[03]`, written into the output buffer.
    fn agent_text(&mut self, agent: Option<Agent>, scope: Scope, subject: bool) -> (&'static str, Text<'a>) {
        let vocab = &self.set.vocab;
        let options = self.options;
        let me = |object: bool| match &options.pronoun {
            Some(pronoun) => pronoun.as_str(),
            None if object => vocab.me_object.as_str(),
            None => vocab.me.as_str(),
        };
        let you = |object: bool| if object { vocab.you_object.as_str() } else { vocab.you.as_str() };
        let honorific = honorific(vocab, options);
        match agent {
            None => ("me", Text::Words(me(!subject), "")),
            Some(a) if Some(a) == self.ctx.speaker => ("me", Text::Words(me(!subject), "")),
            Some(a) if Some(a) == scope.you && (subject || a != Agent::Any) => ("you", Text::Words(you(!subject), "")),
            Some(Agent::Any) => ("any", Text::Words("", "")),
            Some(a) => match self.set.lang.name_of(&self.ctx.names, a) {
                Some(name) => ("agent", Text::Words(name, honorific)),
                None => {
                    let start = self.out.len();
                    // Writing to a String cannot fail.
                    let _ = write!(self.out, "{a}{honorific}");
                    ("agent", Text::Out(start..self.out.len()))
                }
            },
        }
    }

    /// A number written out in digits (numbers are texts to templates: spliced, never computed with).
    fn number(&mut self, n: u32) -> Text<'a> {
        let start = self.out.len();
        // Writing to a String cannot fail.
        let _ = write!(self.out, "{n}");
        Text::Out(start..self.out.len())
    }

    /// Variables every template gets: style and the variant number.
    fn vars(&mut self) -> Vars<'a> {
        let mut vars = Vars::new(self.set.id);
        vars.set(Var::Casual, self.options.style != Style::Polite);
        vars.set(Var::Chat, self.options.style == Style::Chat);
        vars.set(Var::Channel, Word(self.options.channel.code()));
        let n = self.renders;
        self.renders += 1;
        let variant = self.options.variant_seed.map_or(0, |seed| mix(seed ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        vars.set(Var::Variant, (variant % 1024) as u16);
        vars
    }

    /// Appends the output of template `name` and returns where it is.
    fn call(&mut self, template: Template, vars: &mut Vars<'a>) -> Result<Span, RenderError> {
        let start = self.out.len();
        let name = template.name();
        let tera = &self.set.tera;
        let lang = self.set.lang.code();
        // Markers are private-use characters; a call with more texts than markers is interpreted directly.
        match self.engine {
            Engine::Frames if vars.texts().len() <= frame::MAX_TEXTS => {
                frame::write(template.id(), vars, &mut self.out, |context| tera.render(name, context)).map_err(|e| {
                    match e {
                        FrameError::Tera(e) => RenderError::template(lang, name, &e),
                        FrameError::Markers => RenderError::Template {
                            lang: lang.to_owned(),
                            name: name.to_owned(),
                            message: "the template took a text apart (frames can only splice texts whole)".into(),
                        },
                    }
                })?
            }
            Engine::Frames | Engine::Tera => {
                let out = &self.out;
                let context = vars.context(|_, text| text.to_string_in(out));
                let text = tera.render(name, &context).map_err(|e| RenderError::template(lang, name, &e))?;
                self.out.push_str(&text);
            }
        }
        Ok(start..self.out.len())
    }
}

/// Reader grammars per language: one per style and channel.
pub(crate) const GRAMMARS: usize = Style::ALL.len() * 2;

/// Where a style and channel's reader grammar is kept in [`LangSet::grammars`].
pub(crate) fn grammar_index(style: Style, channel: super::options::Channel) -> usize {
    let style = match style {
        Style::Polite => 0,
        Style::Casual => 1,
        Style::Chat => 2,
    };
    let channel = match channel {
        super::options::Channel::Talk => 0,
        super::options::Channel::Whisper => 1,
    };
    style * 2 + channel
}

/// The suffix names carry: the locale's honorific, unless the caller turned it off or chats (「ケンジ●」).
pub(crate) fn honorific<'v>(vocab: &'v Vocab, options: &RenderOptions) -> &'v str {
    if options.honorific && options.style != Style::Chat { vocab.honorific.as_str() } else { "" }
}

/// Whether a DAY's operand is the speaker's own divination (`divined`) or medium (`identified`) result, read as
/// that day's result (「1日目の占い結果：シオンさんは人間でした」); `` for any other clause.
pub(crate) fn day_result(
    operand: &Sentence,
    inherited: Option<Agent>,
    speaker: Option<Agent>,
    mood: Mood,
    negated: bool,
) -> &'static str {
    let subject = operand.subject.or(inherited);
    // Only the speaker's own result said unframed: inside 「ケンジさんの考えでは、…」 the plain report stays clearer
    // (and reads back within the reader's budget).
    if mood != Mood::Statement || negated || inherited != speaker || subject != speaker {
        return "";
    }
    result_act(operand, subject.or(speaker))
}

/// A day's result inside another sentence, where the language keeps the result's wording (`Vocab::
/// dated_results_in_clauses`): the act (see [`day_result`]) and whose result it is when not the speaker's, a
/// named other seer or medium (「ミナトさんの1日目の占い結果では、…」). `None` for any other clause.
pub(crate) fn nested_day_result(
    operand: &Sentence,
    scope: Scope,
    speaker: Option<Agent>,
    mood: Mood,
) -> Option<(&'static str, Option<Agent>)> {
    // Inside a request or question the plain report stays (as it does under another's frame).
    if scope.you.is_some() {
        return None;
    }
    let own = day_result(operand, scope.inherited, speaker, mood, false);
    if !own.is_empty() {
        return Some((own, None));
    }
    let holder = operand.subject?;
    let other = holder != Agent::Any && Some(holder) != speaker;
    if mood != Mood::Statement || scope.inherited != speaker || !other {
        return None;
    }
    let act = result_act(operand, Some(holder));
    (!act.is_empty()).then_some((act, Some(holder)))
}

/// `divined` / `identified` for a result about a named agent other than its holder, with a species; `` else.
fn result_act(operand: &Sentence, holder: Option<Agent>) -> &'static str {
    let about_another = |target: Agent| target != Agent::Any && Some(target) != holder;
    match operand.content {
        Content::Divined { target, species } if about_another(target) && species.keyword() != "ANY" => "divined",
        Content::Identified { target, species } if about_another(target) && species.keyword() != "ANY" => "identified",
        _ => "",
    }
}

/// The mood of a BECAUSE's reasons: statements, or in chat plain clauses where the language says so (a result as
/// players post it, 「占い結果：ケンジ●」, takes no から).
pub(crate) fn reason_mood(vocab: &Vocab, style: Style) -> Mood {
    if style == Style::Chat && vocab.plain_chat_reasons { Mood::Plain } else { Mood::Statement }
}

/// The mood of a DAY's operand: an intention (VOTE, DIVINATION, GUARD, ATTACK) or a view (ESTIMATE), negated or
/// not, stated for a day before `today` is what that day held (「1日目に、ケンジさんに投票するつもりでした」,
/// 「…人狼だと思っていました」); anything else keeps `mood`.
pub(crate) fn day_mood(day: u32, operand: &Sentence, mood: Mood, today: Option<u32>) -> Mood {
    let mut verb = operand;
    while let Content::Not { sentence } = &verb.content {
        verb = sentence;
    }
    let intention = matches!(
        verb.content,
        Content::Vote { .. }
            | Content::Divination { .. }
            | Content::Guard { .. }
            | Content::Attack { .. }
            | Content::Estimate { .. }
    );
    if !intention || today.is_none_or(|today| day >= today) {
        return mood;
    }
    match mood {
        Mood::Statement => Mood::Past,
        Mood::Plain => Mood::PlainPast,
        _ => mood,
    }
}

/// How a BECAUSE is said (see `Composer::because_in`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BecauseForm {
    /// A sentence, or a clause where a statement is wanted.
    Said,
    /// Asked about, its conclusion a question.
    Asked,
    /// In plain form, a view held.
    Plain,
    /// In plain form, for a NOT to deny.
    Denied,
}

/// How a compound sentence is said as one clause (see `Composer::compound_clause`).
#[derive(Debug, Clone, Copy)]
enum CompoundClause {
    /// An AND of plain clauses, joined: 「Aしますし、Bします」.
    Joined,
    /// An OR/XOR of one verb said once over a list.
    Merged(Merge),
}

/// What the operands of an OR/XOR said over one list differ in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Merge {
    /// ESTIMATEs of one target: 「タクミさんは人狼か狂人だと思います」.
    Role,
    /// One verb over named agents: 「ケンジさんかシオンさんに投票します」.
    Target,
    /// One clause said of named agents (AND only): 「ケンジさんとシオンさんは占い師だと名乗っています」.
    Subject,
}

/// Whether the operands of an OR/XOR are one verb differing only in its role or only in its (named, distinct)
/// target, so the verb can be said once; the operands of an AND, only in the target (「ケンジさんとシオンさんに
/// 投票します」, "I will vote for Kenji and Shion"), and views only where nouns have no number (`Vocab::
/// numberless_nouns`: English would need "are werewolves").
pub(crate) fn mergeable(
    keyword: Keyword,
    operands: &[&Sentence],
    scope: Scope,
    speaker: Option<Agent>,
    vocab: &Vocab,
) -> Option<Merge> {
    let first = operands.first()?;
    let and = keyword == Keyword::And;
    if operands.len() < 2 {
        return None;
    }
    if operands.iter().any(|o| o.subject != first.subject) {
        return if and { shared_by_subjects(operands, scope, speaker, vocab) } else { None };
    }
    let subject = first.subject.or(scope.inherited).or(speaker);
    let roles: SmallVec<[Option<crate::protocol::Role>; 4]> = operands
        .iter()
        .map(|o| match o.content {
            Content::Estimate { role, .. } if role.keyword() != "ANY" => Some(role),
            _ => None,
        })
        .collect();
    let targets: SmallVec<[Option<Agent>; 4]> = operands.iter().map(|o| o.content.target()).collect();
    if !and && distinct(&roles) && targets.iter().all(|t| *t == targets[0]) {
        return Some(Merge::Role);
    }
    let named = |t: &Option<Agent>| match t {
        Some(a @ Agent::Id(_)) => Some(*a) != speaker && Some(*a) != scope.you && Some(*a) != subject,
        _ => false,
    };
    let verb_keyword = first.content.keyword();
    let verb = matches!(
        verb_keyword,
        Keyword::Vote | Keyword::Divination | Keyword::Guard | Keyword::Attack | Keyword::Voted | Keyword::Guarded
    ) || verb_keyword == Keyword::Estimate
        && (!and || vocab.numberless_nouns)
        && roles[0].is_some()
        && roles.iter().all(|r| *r == roles[0]);
    let same_verb = operands.iter().all(|o| o.content.keyword() == verb_keyword);
    (verb && same_verb && targets.iter().all(named) && distinct(&targets)).then_some(Merge::Target)
}

/// Whether the operands of an AND are one clause said of several named agents, each its written subject, with
/// the same object or each their own (「ケンジさんとシオンさんは占い師だと名乗っています」, "Kenji and Shion will vote for
/// Mizuki"). Where verbs agree in number (English), only verbs whose form does not: "will …" and the past.
fn shared_by_subjects(operands: &[&Sentence], scope: Scope, speaker: Option<Agent>, vocab: &Vocab) -> Option<Merge> {
    let named = |subject: Option<Agent>| {
        subject.filter(|s| {
            matches!(s, Agent::Id(_)) && Some(*s) != speaker && Some(*s) != scope.you && Some(*s) != scope.inherited
        })
    };
    let subjects: SmallVec<[Option<Agent>; 4]> = operands.iter().map(|o| named(o.subject)).collect();
    let keyword = operands[0].content.keyword();
    let unagreeing = matches!(
        keyword,
        Keyword::Vote
            | Keyword::Divination
            | Keyword::Guard
            | Keyword::Attack
            | Keyword::Voted
            | Keyword::Guarded
            | Keyword::Attacked
            | Keyword::Divined
            | Keyword::Identified
    );
    let verb = unagreeing || vocab.numberless_nouns && matches!(keyword, Keyword::Comingout | Keyword::Estimate);
    if !verb || !distinct(&subjects) {
        return None;
    }
    // The clause with a reflexive object put aside, so that "each their own" compares equal.
    let shared = |o: &Sentence| {
        let mut content = o.content.clone();
        let reflexive = content.target() == o.subject;
        if let (true, Some(target)) = (reflexive, content.target_mut()) {
            *target = Agent::Any;
        }
        (reflexive, content)
    };
    let first = shared(operands[0]);
    // A shared object that is one of the subjects would read as each one's own.
    let object_apart = first.0 || !subjects.contains(&operands[0].content.target());
    (object_apart && operands.iter().all(|o| shared(o) == first)).then_some(Merge::Subject)
}

/// Every item present and none repeated.
fn distinct<T: PartialEq>(items: &[Option<T>]) -> bool {
    items.iter().enumerate().all(|(i, x)| x.is_some() && !items[..i].contains(x))
}

/// The role holder a `REQUEST ANY` is really addressed to: `divine` (DIVINATION: the seer), `guard` (GUARD: the
/// bodyguard), `comingout` (COMINGOUT ANY R: whoever holds R), or `` for everyone.
pub(crate) fn role_addressed(target: Agent, operand: &Sentence) -> &'static str {
    if target != Agent::Any || written_subject(operand, Some(Agent::Any)).is_some() {
        return "";
    }
    match &operand.content {
        Content::Divination { .. } => "divine",
        Content::Guard { .. } => "guard",
        Content::Comingout { target: Agent::Any, role } if role.keyword() != "ANY" => "comingout",
        _ => "",
    }
}

/// A written subject that differs from what an omitted one would mean (so it must be said).
pub(crate) fn written_subject(sentence: &Sentence, inherited: Option<Agent>) -> Option<Agent> {
    sentence.subject.filter(|s| Some(*s) != inherited)
}

/// An AND without a subject of its own: a bare run of sentences, which must be quoted inside another run.
pub(crate) fn is_unframed_and(sentence: &Sentence, inherited: Option<Agent>) -> bool {
    matches!(sentence.content, Content::And { .. }) && written_subject(sentence, inherited).is_none()
}

/// An AND with a subject of its own whose operands are not all plain clauses: said as a run of sentences after its
/// frame ("Kenji's view: A. B."), so no other sentence may follow it in the same run.
pub(crate) fn is_framed_run(sentence: &Sentence, inherited: Option<Agent>) -> bool {
    match &sentence.content {
        Content::And { sentences } => match written_subject(sentence, inherited) {
            Some(who) => !(sentences.len() >= 2 && sentences.iter().all(|s| is_inline(s, Some(who)))),
            None => false,
        },
        _ => false,
    }
}

/// An AND without a subject of its own whose operands are all plain clauses: said as one clause wherever a
/// clause is wanted (「Aしますし、Bします」), not quoted.
pub(crate) fn is_joined_and(sentence: &Sentence, inherited: Option<Agent>) -> bool {
    match &sentence.content {
        Content::And { sentences } if sentences.len() >= 2 && written_subject(sentence, inherited).is_none() => {
            let inner = sentence.subject.or(inherited);
            sentences.iter().all(|operand| is_inline(operand, inner))
        }
        _ => false,
    }
}

/// A BECAUSE conclusion said as a run of sentences after the reasons: an AND without a subject of its own whose
/// operands are not all plain clauses (「…ので、Aします。みんなもAに投票しましょう。」).
pub(crate) fn is_run_conclusion(conclusion: &Sentence, inherited: Option<Agent>) -> bool {
    is_unframed_and(conclusion, inherited) && !is_joined_and(conclusion, inherited)
}

/// A BECAUSE (with or without a subject of its own) whose conclusion is a run of sentences.
pub(crate) fn is_because_run(sentence: &Sentence, inherited: Option<Agent>) -> bool {
    match &sentence.content {
        Content::Because { conclusion, .. } => is_run_conclusion(conclusion, sentence.subject.or(inherited)),
        _ => false,
    }
}

/// The operands of a BECAUSE reason that is an AND of two or more reason items (said as a list of reasons).
pub(crate) fn listed_reasons(reason: &Sentence, inherited: Option<Agent>) -> Option<&[Sentence]> {
    match &reason.content {
        Content::And { sentences }
            if written_subject(reason, inherited).is_none()
                && sentences.len() >= 2
                && sentences.iter().all(|operand| is_reason_item(operand, inherited)) =>
        {
            Some(sentences)
        }
        _ => None,
    }
}

/// An OR / XOR without a subject of its own whose operands are all plain clauses: a BECAUSE says it as its reason
/// the way it is said as a sentence, unquoted.
pub(crate) fn is_listed_alternatives(sentence: &Sentence, inherited: Option<Agent>) -> bool {
    if written_subject(sentence, inherited).is_some() {
        return false;
    }
    let inner = sentence.subject.or(inherited);
    match &sentence.content {
        Content::Or { sentences } => sentences.iter().all(|operand| is_inline(operand, inner)),
        Content::Xor { left, right } => is_inline(left, inner) && is_inline(right, inner),
        _ => false,
    }
}

/// One item of a list of reasons: a plain clause, or a group of them (an AND of plain clauses, said joined).
pub(crate) fn is_reason_item(operand: &Sentence, inherited: Option<Agent>) -> bool {
    is_inline(operand, inherited) || is_joined_and(operand, inherited)
}

/// Whether a list of reasons holds a group: its items are then set apart by other joints, so the grouping reads
/// one way (「Aし、Bし、それにCから」, "A and B, and C").
pub(crate) fn has_group(reasons: &[Sentence]) -> bool {
    reasons.iter().any(|reason| matches!(reason.content, Content::And { .. }))
}

/// True for sentences that read as one clause: a verb, NOT of a verb, DAY of such a clause, with no subject of
/// their own on the operator.
pub(crate) fn is_inline(sentence: &Sentence, inherited: Option<Agent>) -> bool {
    let own_subject = written_subject(sentence, inherited).is_none();
    let effective = sentence.subject.or(inherited);
    match &sentence.content {
        Content::Skip | Content::Over => false,
        Content::Not { sentence: operand } => own_subject && is_verb(operand),
        Content::Day { sentence: operand, .. } => own_subject && is_inline(operand, effective),
        content => !content.keyword().is_operator(),
    }
}

/// The subject of a NOT or DAY of one clause with a subject of its own, where a statement-like clause or a question
/// is wanted, or of alternatives over plain clauses asked about: said as that clause under a clause frame
/// (「ケンジさんの見方では、…」 / "as Kenji sees it, …"), which differs from a sentence's frame so that it never
/// reads as the frame of the sentence around it.
pub(crate) fn framed_clause(sentence: &Sentence, inherited: Option<Agent>, mood: Mood) -> Option<Agent> {
    let who = written_subject(sentence, inherited)?;
    let one_clause = matches!(mood, Mood::Statement | Mood::Plain | Mood::Question)
        && matches!(sentence.content, Content::Not { .. } | Content::Day { .. })
        && is_inline(sentence, Some(who));
    let asked_alternatives = mood == Mood::Question && is_listed_alternatives(sentence, Some(who));
    (one_clause || asked_alternatives).then_some(who)
}

/// Over or Skip asked of someone (REQUEST / INQUIRE X (Over)): a clause of its own in the asking mood (「今日の発言を
/// 終えてください」 / "please wrap up for today"), where elsewhere it is only said whole.
pub(crate) fn is_asked_turn(sentence: &Sentence, mood: Mood) -> bool {
    matches!(sentence.content, Content::Skip | Content::Over)
        && sentence.subject.is_none()
        && matches!(mood, Mood::Request | Mood::Suggest | Mood::Question)
}

pub(crate) fn is_verb(sentence: &Sentence) -> bool {
    !sentence.content.keyword().is_operator() && !matches!(sentence.content, Content::Skip | Content::Over)
}

/// SplitMix64 finaliser: spreads a seed over the variant numbers.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
