//! The utterance as a whole: sentence by sentence, whom each sentence addresses (a vocative, an `@` mark,
//! a group word), which pieces lend their words to which, how reasons attach to conclusions within and
//! across sentences (C10), and what carries forward: a result's source (C4, C18), a divination still
//! waiting for its result, the subject of a verb list.

use super::agents::RefKind;
use super::build::{Dropped, NO_PLAYER, Party, Person, Reading, Trace};
use super::flags::Flags;
use super::frames::Class;
use super::lexer::{Tok, Token};
use super::lexicon::{Conn, Lex, Source, inflected};
use super::reader::{Origin, Pending, PieceContext, attributive, read_piece, said_as, source_as_role};
use super::scene::{Address, Scene};
use super::segments::{Piece, Sentence, split};
use super::words::TOKEN_ME;
use crate::protocol::{Agent, Content, Role, Sentence as Protocol, canonicalized};

/// Whether the speaker is the first player of the tokens: "I …", or a modality word holding its "I" ("I'll").
fn opens_with_me(scene: &Scene, tokens: std::ops::Range<usize>) -> bool {
    scene.tokens[tokens]
        .iter()
        .find(|t| t.is_agent() || scene.skeleton.text[t.start..t.end].starts_with(TOKEN_ME))
        .is_some_and(|t| !t.is_agent() || matches!(t.kind, Tok::Agent { kind: RefKind::Me, .. }))
}

/// Everything read from an utterance.
#[derive(Debug, Default)]
pub struct Read {
    pub readings: Vec<Reading>,
    pub dropped: Vec<Dropped>,
}

/// What carries from sentence to sentence.
#[derive(Default)]
struct State {
    source: Option<Origin>,
    pending: Option<Pending>,
    /// An `@` mark or group word at the start of a sentence addresses the sentences after it too.
    standing: Address,
    /// The last player a Japanese piece was about (zero anaphora).
    topic: Option<Party>,
    /// The sentence (counted from 1) in which `topic` was last stated.
    topic_sentence: usize,
    /// Sentences read so far.
    sentences: usize,
    /// The last player an act or opinion was about, and the sentence (counted from 1) it was read in.
    object: Option<(Party, usize)>,
    /// The player a question was put to by name, and the sentence (counted from 1) that asked it: "you" in the
    /// sentence right after, with no addressee of its own, is still that player ("Daisuke, are you the seer?
    /// Tell us your result.").
    questioned: Option<(Agent, usize)>,
    /// The last other player read claiming seer or medium, with the source their claim gives their results
    /// ("Mizuki claimed seer. Her result: …").
    claimant: Option<(Agent, Source)>,
    /// The last other player read claiming bodyguard ("Rin claimed bodyguard; apparently she guarded…").
    guard_claimant: Option<Agent>,
}

pub fn read(scene: &Scene) -> Read {
    let mut out = Read::default();
    let mut state = State::default();
    let sentences = split(&scene.skeleton.text, scene.tokens, scene.lexicon);
    // Where the previous sentence's readings start in `out.readings` (a later «だから» takes them as reason).
    let mut previous: std::ops::Range<usize> = 0..0;
    // A reason that opened the utterance, waiting for the request it explains.
    let mut held: Option<Reading> = None;
    // The sentence before was a hypothesis as a whole ("Suppose Daisuke's the seer.").
    let mut hypothesis = false;
    for sentence in &sentences {
        let first_reading = out.readings.len();
        let (address, vocative, pieces) = address_of(scene, sentence, &mut state);
        state.sentences += 1;
        let pieces = lend(scene, gapped_verbs(scene, pieces), sentence.asked);
        let (mut sentence_flags, mut conditional_from) = sentence_flags(scene, &pieces, sentence.asked);
        if hypothesis && draws_consequence(scene, &pieces) {
            sentence_flags.insert(Flags::CONDITIONAL);
            conditional_from = 0;
        }
        hypothesis = sentence_flags.any(Flags::CONDITIONAL) && conditional_from == 0;
        let mut results: Vec<(Piece, Vec<Reading>)> = Vec::new();
        let mut subject: Option<Party> = None;
        let mut day: Option<u32> = None;
        let mut sentence_source: Option<Origin> = None;
        let count = pieces.len();
        let asked = sentence.asked && !asks_only_its_tail(scene, &pieces);
        let asked_from = if asked { asked_from(scene, &pieces) } else { count };
        // A reason result with no player, read again once the conclusion after it names one.
        let mut deferred: Option<Deferred> = None;
        let mut piece_before: Option<std::ops::Range<usize>> = None;
        for (i, piece) in pieces.into_iter().enumerate() {
            // Only a piece after "and" asks whether the one before it was the speaker's.
            let before = piece_before.replace(piece.tokens.clone());
            let follows_me = piece.opened_by == Some(Conn::And) && before.is_some_and(|p| opens_with_me(scene, p));
            let context = PieceContext {
                address,
                asked: i >= asked_from,
                last: i + 1 == count,
                first: i == 0,
                sentence_flags: if i < conditional_from {
                    sentence_flags.without(Flags::CONDITIONAL)
                } else {
                    sentence_flags
                },
                subject: subject.take(),
                source: sentence_source.clone().or_else(|| state.source.clone()),
                pending: state.pending.clone(),
                vocative: vocative.clone(),
                topic: state.topic.clone(),
                // Stated in this sentence or the one right before: near enough to be a verb's left-out object.
                topic_is_near: state.topic.is_some() && state.sentences - state.topic_sentence <= 1,
                leading: scene.leading.clone(),
                day,
                piece_end: piece.end,
                opened_by: piece.opened_by,
                gives_reason: piece.closed_by == Some(Conn::ReasonBefore) || piece.opened_by == Some(Conn::ReasonAfter),
                near_object: state.object.as_ref().filter(|(_, at)| state.sentences - at <= 1).map(|(p, _)| p.clone()),
                claimant: state.claimant,
                guard_claimant: state.guard_claimant,
                lent: 0,
                follows_me,
            };
            let mut read = read_piece(scene, &piece, &context);
            if read.readings.is_empty() {
                // The acts of the piece before, or of the sentence before ("I vote Kenji. How about you?").
                let acts = results.last().map_or(&out.readings[previous.clone()], |(_, acts)| acts.as_slice());
                read.readings = invited(scene, &piece, address, acts);
                if read.readings.is_empty() {
                    read.readings = likewise(scene, &piece, acts);
                }
                if read.readings.is_empty() {
                    read.readings = answered_own(scene, &piece, acts);
                }
            }
            if let Some(waiting) = deferred.take()
                && let Some(object) = &read.object
            {
                reread_reason(scene, waiting, object, &mut results, &mut out.dropped);
            }
            if let Some(object) = &read.object {
                state.object = Some((object.clone(), state.sentences));
            }
            if context.gives_reason && read.readings.is_empty() && read.dropped.iter().any(|d| d.reason == NO_PLAYER) {
                deferred = Some(Deferred {
                    index: results.len(),
                    piece: piece.clone(),
                    context: context.clone(),
                    dropped: out.dropped.len()..out.dropped.len() + read.dropped.len(),
                });
            }
            if read.pending.is_some() {
                state.pending = read.pending.clone();
            } else if read.readings.iter().any(|r| uses_pending(r, state.pending.as_ref())) {
                state.pending = None;
            }
            for reading in &read.readings {
                match source_of(&reading.sentence, scene.ctx.speaker) {
                    // A seer's or medium's own claim holds for the whole utterance (C18).
                    Some((source, true)) => state.source = Some(Origin { source, reporter: None }),
                    // A result reported in passing holds for the rest of its sentence.
                    Some((source, false)) => sentence_source = Some(Origin { source, reporter: None }),
                    None => {}
                }
            }
            if read.readings.is_empty()
                && let Some(origin) = read.source
            {
                state.source = Some(origin);
            }
            subject =
                read.subject.filter(|_| scene.lexicon.word_boundaries || read.links_on && ends_linking(scene, &piece));
            day = read.day;
            if read.topic.is_some() {
                state.topic = read.topic;
                state.topic_sentence = state.sentences;
            } else if context.last && read.readings.is_empty() && read.owner.is_some() {
                // «ダイスケの沈黙は不自然。人狼の可能性高い。»: a sentence that only remarks on a player's doings
                // makes that player what the next one is about.
                state.topic = read.owner;
                state.topic_sentence = state.sentences;
            }
            out.dropped.extend(read.dropped);
            if let Some(claim) = read.readings.iter().rev().find_map(|r| claimed_power(scene, &r.sentence)) {
                state.claimant = Some(claim);
            }
            if let Some(guard) = read.readings.iter().rev().find_map(|r| claimed_guard(scene, &r.sentence)) {
                state.guard_claimant = Some(guard);
            }
            results.push((piece, read.readings));
        }
        // «…黒と出たから|です»: a copula left over after «から» is no piece of its own.
        results.retain(|(piece, readings)| !readings.is_empty() || !bare_copula(scene, piece));
        named_role_over_suspicion(&mut results);
        // «Agent[05]は人狼だからね。みんなAgent[05]に投票するんだ！»: a reason said alone with nothing before it
        // explains the request that follows (real-talk house rule 8).
        let reason_alone = out.readings.is_empty()
            && held.is_none()
            && matches!(results.as_slice(), [(piece, readings)] if readings.len() == 1
                && piece.closed_by == Some(Conn::ReasonBefore));
        let mut readings = reasons(scene, results, &mut out.readings, previous.clone());
        if let Some(reason) = held.take() {
            match readings.as_mut_slice() {
                [conclusion]
                    if matches!(conclusion.sentence.content, Content::Request { .. })
                        && joinable(std::slice::from_ref(&reason), conclusion) =>
                {
                    let request = readings.remove(0);
                    readings.push(because(vec![reason], request));
                }
                _ => out.readings.push(reason),
            }
        }
        if reason_alone && readings.len() == 1 {
            held = readings.pop();
            continue;
        }
        // One sentence says a thing once («ケンジは白、人間だった»); a repeat in a later sentence stays (C15).
        let mut seen: Vec<Protocol> = Vec::new();
        readings.retain(|r| {
            let new = !seen.contains(&r.sentence);
            seen.push(r.sentence.clone());
            new
        });
        out.readings.extend(readings);
        previous = first_reading.min(out.readings.len())..out.readings.len();
        // "Daisuke are you the seer?": a question put to one named player, whoever it was addressed to.
        if sentence.asked
            && state.questioned.is_none()
            && let Some(asked) = out.readings[previous.clone()].iter().find_map(|r| match r.sentence.content {
                Content::Inquire { target: Agent::Id(id), .. } => Some(Agent::Id(id)),
                _ => None,
            })
        {
            state.questioned = Some((asked, state.sentences));
        }
    }
    out.readings.extend(held);
    out
}

/// «自分はAgent[01]に投票するつもりだが、君達もどうだ？»: a piece that only invites others asks them to do
/// the speaker's own acts of the piece before (everyone when «みんな»/"you all" or nobody is named, else the
/// one addressed).
fn invited(scene: &Scene, piece: &Piece, address: Address, acts: &[Reading]) -> Vec<Reading> {
    let tokens = &scene.tokens[piece.tokens.clone()];
    if !tokens.iter().any(|t| matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::INVITE))) {
        return Vec::new();
    }
    let addressee = match address {
        Address::Agent(agent) => Some(agent),
        _ => scene.addressee,
    };
    let to = if tokens.iter().any(|t| matches!(t.kind, Tok::Agent { kind: RefKind::You, .. })) {
        addressee.unwrap_or(Agent::Any)
    } else {
        Agent::Any
    };
    acts.iter()
        .filter(|r| {
            r.sentence.subject.is_none()
                && matches!(
                    r.sentence.content,
                    Content::Vote { .. } | Content::Divination { .. } | Content::Guard { .. } | Content::Attack { .. }
                )
        })
        .map(|act| Reading {
            sentence: Protocol::new(Content::Request { target: to, sentence: Box::new(act.sentence.clone()) }),
            span: (act.span.0, piece.end),
            trace: Trace { flags: act.trace.flags | Flags::INVITE, ..act.trace.clone() },
            alternatives: Vec::new(),
            ..*act
        })
        .collect()
}

/// "Mizuki's sus. Yumi too.", «ミヅキは怪しい。ユミもね»: a piece of one player and "too" (or «も») and nothing
/// else says of that player what the one opinion or reported claim just said of another.
fn likewise(scene: &Scene, piece: &Piece, said: &[Reading]) -> Vec<Reading> {
    let [said] = said else { return Vec::new() };
    let text = scene.skeleton.text.as_str();
    let mut player = None;
    let mut also = false;
    let mut covered = piece.start;
    for token in &scene.tokens[piece.tokens.clone()] {
        if !unsaid(scene, &text[covered.min(token.start)..token.start]) {
            return Vec::new();
        }
        covered = token.end;
        match token.kind {
            Tok::Agent { index, kind: RefKind::Other, after, after_end, .. } if player.is_none() => {
                player = scene.skeleton.refs[index].agent.filter(|&a| Some(a) != scene.ctx.speaker);
                if after == Some("も") {
                    also = true;
                    covered = after_end.max(token.end);
                }
            }
            // «ユミもだよ»: copula words say nothing more.
            Tok::Word(Lex::Markers(m)) if (m & (Flags::ALSO | Flags::COPULA).complement()) == Flags::NONE => {
                also |= m.any(Flags::ALSO);
            }
            Tok::Word(Lex::Noise) => {}
            _ => return Vec::new(),
        }
    }
    let Some(player) = player.filter(|_| also && unsaid(scene, &text[covered.min(piece.end)..piece.end])) else {
        return Vec::new();
    };
    let content = match said.sentence.content {
        Content::Estimate { target, role } if said.sentence.subject.is_none() && target != player => {
            Content::Estimate { target: player, role }
        }
        Content::Comingout { target, role } if said.sentence.subject == Some(target) && target != player => {
            Content::Comingout { target: player, role }
        }
        _ => return Vec::new(),
    };
    let subject = said.sentence.subject.map(|_| player);
    vec![Reading {
        sentence: Protocol { subject, content },
        span: (piece.start, piece.end),
        trace: Trace { flags: said.trace.flags | Flags::ALSO, ..said.trace.clone() },
        alternatives: Vec::new(),
        ..*said
    }]
}

/// «@ミナト 昨日誰に入れた？ 僕はサクラ»: the speaker and one player, after the speaker asked someone for an act,
/// answer the question for the speaker.
fn answered_own(scene: &Scene, piece: &Piece, said: &[Reading]) -> Vec<Reading> {
    let [said] = said else { return Vec::new() };
    let Content::Inquire { sentence: asked, .. } = &said.sentence.content else { return Vec::new() };
    if asked.subject.is_some() {
        return Vec::new();
    }
    let text = scene.skeleton.text.as_str();
    let tokens = &scene.tokens[piece.tokens.clone()];
    let [me, other, rest @ ..] = tokens else { return Vec::new() };
    let (
        Tok::Agent { kind: RefKind::Me, after: Some("は" | "も"), after_end, .. },
        Tok::Agent { index, kind: RefKind::Other, .. },
    ) = (me.kind, other.kind)
    else {
        return Vec::new();
    };
    let copula_only = rest
        .iter()
        .all(|t| matches!(t.lex(), Some(Lex::Markers(m)) if (m & Flags::COPULA.complement()) == Flags::NONE));
    let Some(player) = scene.skeleton.refs[index].agent.filter(|&a| Some(a) != scene.ctx.speaker) else {
        return Vec::new();
    };
    let gap = text.get(after_end.max(me.end)..other.start);
    if !copula_only || !unsaid(scene, &text[piece.start..me.start]) || !gap.is_some_and(|gap| unsaid(scene, gap)) {
        return Vec::new();
    }
    let content = match asked.content {
        Content::Vote { target: Agent::Any } => Content::Vote { target: player },
        Content::Voted { target: Agent::Any } => Content::Voted { target: player },
        Content::Divination { target: Agent::Any } => Content::Divination { target: player },
        Content::Guard { target: Agent::Any } => Content::Guard { target: player },
        Content::Estimate { target: Agent::Any, role } => Content::Estimate { target: player, role },
        _ => return Vec::new(),
    };
    // The question's frame, filled now by the speaker's answer.
    let trace = Trace {
        frame: format!("{} (answered)", said.trace.frame),
        class: said.trace.class,
        fillers: vec![("actor", (me.start, me.end)), ("target", (other.start, other.end))],
        flags: Flags::NONE,
    };
    vec![Reading {
        sentence: Protocol { subject: None, content },
        span: (piece.start, piece.end),
        trace,
        alternatives: Vec::new(),
        ..*said
    }]
}

/// Another player's claim of a role whose results have a source: who, and which source.
fn claimed_power(scene: &Scene, sentence: &Protocol) -> Option<(Agent, Source)> {
    let (claimant, role) = others_claim(scene, sentence)?;
    let source = match role {
        Role::Seer => Source::Divination,
        Role::Medium => Source::Medium,
        _ => return None,
    };
    Some((claimant, source))
}

/// Another player's bodyguard claim: whose guard a later act told as heard, with no one named, is.
fn claimed_guard(scene: &Scene, sentence: &Protocol) -> Option<Agent> {
    others_claim(scene, sentence).filter(|&(_, role)| role == Role::Bodyguard).map(|(claimant, _)| claimant)
}

/// A claim another player made of their own role, read in this utterance.
fn others_claim(scene: &Scene, sentence: &Protocol) -> Option<(Agent, Role)> {
    let Content::Comingout { target, role } = sentence.content else { return None };
    (sentence.subject == Some(target) && Some(target) != scene.ctx.speaker).then_some((target, role))
}

/// Text between a piece's words that says nothing: spaces, punctuation and sentence-final particles.
fn unsaid(scene: &Scene, gap: &str) -> bool {
    let mut rest = gap.trim_matches(|c: char| !c.is_alphanumeric());
    while let Some(particle) = scene.lexicon.sentence_final.iter().find(|p| rest.ends_with(p.as_str())) {
        rest = rest[..rest.len() - particle.len()].trim_end_matches(|c: char| !c.is_alphanumeric());
    }
    rest.is_empty()
}

/// «ケンジが占いCOして、…»: a Japanese piece that ends in its verb's linking form, closed by no connective.
fn ends_linking(scene: &Scene, piece: &Piece) -> bool {
    piece.closed_by.is_none() && text_before(scene, piece.end).ends_with(['て', 'で', 'り'])
}

/// A piece of nothing but copula words («です», «だよ»).
fn bare_copula(scene: &Scene, piece: &Piece) -> bool {
    let tokens = &scene.tokens[piece.tokens.clone()];
    !tokens.is_empty()
        && tokens
            .iter()
            .all(|t| matches!(t.lex(), Some(Lex::Markers(m)) if (m & Flags::COPULA.complement()) == Flags::NONE))
}

/// A piece waiting for the player its conclusion names, with where its readings and drops went.
struct Deferred {
    index: usize,
    piece: Piece,
    context: PieceContext,
    dropped: std::ops::Range<usize>,
}

/// «占いの結果が人狼だったから、ケンジに投票する»: the result before «から» is about the player the conclusion
/// names; read again with that player as the near topic, its readings replace the drops it left.
fn reread_reason(
    scene: &Scene,
    waiting: Deferred,
    object: &Party,
    results: &mut [(Piece, Vec<Reading>)],
    dropped: &mut Vec<Dropped>,
) {
    let context = PieceContext { near_object: Some(object.clone()), ..waiting.context };
    let read = read_piece(scene, &waiting.piece, &context);
    if read.readings.is_empty() || waiting.dropped.end > dropped.len() {
        return;
    }
    dropped.drain(waiting.dropped);
    dropped.extend(read.dropped);
    results[waiting.index].1 = read.readings;
}

fn uses_pending(reading: &Reading, pending: Option<&Pending>) -> bool {
    pending.is_some() && matches!(reading.sentence.content, Content::Divined { .. } | Content::Identified { .. })
}

/// A seer's or medium's own claim, or a result, says where the results after it come from (C18); a claim
/// holds for the whole utterance (`true`), a result for the rest of its sentence.
fn source_of(sentence: &Protocol, speaker: Option<Agent>) -> Option<(Source, bool)> {
    match &sentence.content {
        Content::Comingout { target, role: Role::Seer } if Some(*target) == speaker => Some((Source::Divination, true)),
        Content::Comingout { target, role: Role::Medium } if Some(*target) == speaker => Some((Source::Medium, true)),
        Content::Divined { .. } if sentence.subject.is_none() => Some((Source::Divination, false)),
        Content::Identified { .. } if sentence.subject.is_none() => Some((Source::Medium, false)),
        Content::Day { sentence, .. } => source_of(sentence, speaker),
        _ => None,
    }
}

/// Whom the sentence addresses, the player it opens with (a vocative), and its pieces without them.
fn address_of(scene: &Scene, sentence: &Sentence, state: &mut State) -> (Address, Option<Party>, Vec<Piece>) {
    let questioned = state.questioned.take().filter(|&(_, at)| at == state.sentences);
    let (address, vocative, pieces) = addressed(scene, sentence, state);
    if let Address::Agent(agent) = address
        && sentence.asked
    {
        state.questioned = Some((agent, state.sentences + 1));
    }
    let (start, end) = (sentence.pieces.first().map_or(0, |p| p.start), sentence.pieces.last().map_or(0, |p| p.end));
    let says_you = scene.tokens[sentence_tokens(sentence)]
        .iter()
        .any(|t| matches!(t.kind, Tok::Agent { kind: RefKind::You, .. }))
        // "Tell us your result": the English possessive is no player token.
        || scene.lexicon.nearby.says_addressee_possessive(&scene.skeleton.text[start..end]);
    match questioned {
        Some((agent, _)) if says_you && matches!(address, Address::None) && vocative.is_none() => {
            (Address::Agent(agent), vocative, pieces)
        }
        _ => (address, vocative, pieces),
    }
}

fn addressed(scene: &Scene, sentence: &Sentence, state: &mut State) -> (Address, Option<Party>, Vec<Piece>) {
    let mut pieces = sentence.pieces.clone();
    let standing = state.standing;
    let leading = scene.leading.clone();
    // "Also, Minato, who do you suspect?": a connective or interjection alone before the address.
    let skip = pieces
        .iter()
        .take_while(|p| {
            pieces.len() > 1
                && scene.tokens[p.tokens.clone()].iter().all(|t| matches!(t.lex(), Some(Lex::Noise | Lex::Conn(_))))
        })
        .count();
    let opened_by = pieces.first().and_then(|p| p.opened_by);
    if skip > 0 && skip < pieces.len() {
        pieces.drain(..skip);
        if let Some(next) = pieces.first_mut() {
            next.opened_by = next.opened_by.or(opened_by);
        }
    }
    let Some(first) = pieces.first() else { return (standing, leading, pieces) };
    // "Night target: Servas (seer)": a name after a label and a colon is the label's value, not a call.
    if scene.skeleton.text[..first.start].trim_end().ends_with(':') {
        return (standing, leading, pieces);
    }
    // "Takumi, who we executed yesterday, was…": a name before an attributive clause is its subject. A
    // Japanese relative clause comes before its noun, so «ダイスケさん、誰を占ったか教えて» is a call.
    let relative_follows = !sentence.asked
        && pieces.get(1).is_some_and(|next| {
            next.opened_by == Some(Conn::Relative)
                || scene.lexicon.word_boundaries
                    && scene.tokens.get(next.tokens.start).is_some_and(|t| matches!(t.lex(), Some(Lex::Wh)))
        });
    // "Sakura, as medium, identified Takumi…": a name before an apposition and an inflected verb is its subject.
    let relative_follows = relative_follows
        || !sentence.asked
            && pieces.get(1).is_some_and(|next| appositive(scene, next, pieces.get(2)))
            && pieces.get(2).and_then(|after| scene.tokens[after.tokens.clone()].first()).is_some_and(|t| {
                matches!(t.lex(), Some(Lex::Cue(_))) && inflected(&scene.skeleton.text[t.start..t.end])
            });
    // Interjections («ねえ», "hey») and connectives («あと») do not count.
    let tokens: Vec<&Token> = scene.tokens[first.tokens.clone()]
        .iter()
        .filter(|t| !matches!(t.lex(), Some(Lex::Noise | Lex::Conn(_))))
        .collect();
    // «タクミ、ミヅキ、リンの中に…»: a list of three names or more, or with a quantifier, addresses nobody
    // ("Kenji, cut Mizuki some slack" opens with a word that is no name).
    let list_goes_on = pieces.get(1).is_some_and(|next| {
        let next_tokens = &scene.tokens[next.tokens.clone()];
        next_tokens.first().is_some_and(|t| {
            matches!(t.kind, Tok::Agent { kind: RefKind::Other, .. })
                && scene.skeleton.text.get(next.start..t.start).is_some_and(|gap| gap.trim().is_empty())
        }) && (next_tokens.len() == 1
            || scene.tokens[sentence_tokens(sentence)].iter().any(|t| matches!(t.lex(), Some(Lex::Quant(_)))))
    });
    let text = scene.skeleton.text.as_str();
    let only = |pred: &dyn Fn(&Token) -> bool| tokens.len() == 1 && pred(tokens[0]);
    let vocative = |token: &Token, agent: Agent| Party {
        people: vec![Person::Named(agent)],
        start: token.start,
        end: token.end,
        mark_end: token.end,
        after: None,
        before: None,
        quant: None,
    };
    // A piece of its own: «シオン、…», "Everyone, …", «占い師さん、…»; «ケンジさん、お尋ねしたいことがあります。»
    // (the words after the comma read nothing, so no piece is left of them).
    let set_off = pieces.len() > 1 || text[first.start..first.end].trim_end().ends_with(['、', ',']);
    if set_off {
        if only(&|t| matches!(t.lex(), Some(Lex::Everyone))) {
            state.standing = Address::Everyone;
            pieces.remove(0);
            return (Address::Everyone, None, pieces);
        }
        // «占い師さん、», "Seer,", "Whoever the bodyguard is,"; "As medium," calls nobody.
        let role_holder =
            tokens.iter().any(|t| matches!(t.lex(), Some(Lex::Role(_) | Lex::Wolf)) && !said_as(scene, t))
                && tokens.iter().all(|t| matches!(t.lex(), Some(Lex::Role(_) | Lex::Wolf | Lex::Wh)));
        if role_holder && first.closed_by.is_none() {
            pieces.remove(0);
            return (Address::RoleHolder, None, pieces);
        }
        // «リンのこと、疑ってないよ»: a name with a case mark is an argument set off, not a call.
        if let [token] = tokens.as_slice()
            && let Tok::Agent { index, after: None, .. } = token.kind
            && let Some(agent) = scene.skeleton.refs[index].agent
            && scene.skeleton.refs[index].kind != RefKind::Me
            && Some(agent) != scene.ctx.speaker
            && first.closed_by.is_none()
            && !list_goes_on
            && !relative_follows
        {
            let marked = scene.skeleton.refs[index].marked;
            let party = vocative(token, agent);
            pieces.remove(0);
            if let Some(next) = pieces.first_mut() {
                next.opened_by = next.opened_by.or(opened_by);
            }
            // A name opening the utterance (or an `@` mark) addresses what follows too.
            if marked || state.sentences == 0 {
                state.standing = Address::Agent(agent);
            }
            return (Address::Agent(agent), Some(party), pieces);
        }
    }
    // «>>Agent[02] …。みんなAgent[05]に投票するんだ！»: a Japanese sentence that opens with a group word, no
    // particle after it, calls on everyone whoever the utterance addresses.
    if !scene.lexicon.word_boundaries
        && let Some(token) = tokens.first()
        && matches!(token.lex(), Some(Lex::Everyone))
        && text[first.start..token.start].trim().is_empty()
        && !text[token.end..].starts_with(['の', 'が', 'を', 'に', 'と', 'で', 'か', 'も'])
    {
        return (Address::Everyone, None, pieces);
    }
    // An `@` mark opening the sentence addresses it and the ones after (C8, «… @ケンジ 不安なのは自然だよ»).
    // «…ね！@ケン君が私を占った»: a mark with a case particle after it is the sentence's subject or object.
    // «@ケンジ で、君の役職は？»: a word set off by a space after the mark and a comma after it («で、», "so") is
    // no particle of it («@ケンジ を占います» is).
    if let Some(token) = tokens.first()
        && let Tok::Agent { index, after, after_end, .. } = token.kind
        && (matches!(after, None | Some("は" | "-"))
            || text[token.end..].starts_with(char::is_whitespace) && text[after_end..].starts_with(['、', ',']))
        && scene.skeleton.refs[index].marked
        && text[first.start..token.start].trim().is_empty()
    {
        let agent = scene.skeleton.refs[index].agent;
        let party = agent.map(|agent| vocative(token, agent));
        drop_call(&mut pieces[0], token);
        let address = agent.map_or(Address::Unknown, Address::Agent);
        state.standing = address;
        return (address, party, pieces);
    }
    // «ケンジさんに一つ伺いたいことがございます。»: a Japanese sentence opening with the player a question is put
    // to, before any verb, addresses them from there on.
    if !scene.lexicon.word_boundaries
        && let Some(token) = tokens.first()
        && let Tok::Agent { index, after: Some("に"), .. } = token.kind
        && scene.skeleton.refs[index].kind == RefKind::Other
        && let Some(agent) = scene.skeleton.refs[index].agent
        && text[first.start..token.start].trim().is_empty()
        && Some(agent) != scene.ctx.speaker
        && let Some(ask) = scene.tokens[sentence_tokens(sentence)]
            .iter()
            .position(|t| matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::INFO)))
        && !scene.tokens[sentence_tokens(sentence)][..ask].iter().any(Token::is_cue)
    {
        let party = vocative(token, agent);
        drop_call(&mut pieces[0], token);
        state.standing = Address::Agent(agent);
        return (Address::Agent(agent), Some(party), pieces);
    }
    // English: a name opening the sentence and followed by "please", "you", a question or a bare verb.
    if scene.lexicon.word_boundaries
        && let Some(token) = tokens.first()
        // "Sakura's vote yesterday…": a possessor is no call.
        && let Tok::Agent { index, after, .. } = token.kind
        && after != Some("'s")
        && scene.skeleton.refs[index].kind == RefKind::Other
        && let Some(agent) = scene.skeleton.refs[index].agent
        && text[first.start..token.start].trim().is_empty()
        && Some(agent) != scene.ctx.speaker
        && tokens.get(1).is_some_and(|next| vocative_follows(scene, token, next))
    {
        let party = vocative(token, agent);
        drop_call(&mut pieces[0], token);
        return (Address::Agent(agent), Some(party), pieces);
    }
    // "Who are you voting for, Kenji?": a name set off at the end of a question calls on its player; so does an
    // `@` mark set off at the end of any sentence, or a name after a comma that does not continue a list of
    // names, and it goes on addressing the sentences after («黒要素はサクラへの追随だよ、 @ケンジ 。私は予定通り君に
    // 投票する。», "Rin is our best move, Takumi. Vote for her today.").
    if pieces.len() > 1
        && let Some(last) = pieces.last()
        && last.opened_by.is_none()
        && (sentence.asked || text[..last.start].trim_end().ends_with([',', '、']))
        && let [token] = scene.tokens[last.tokens.clone()]
            .iter()
            .filter(|t| !matches!(t.lex(), Some(Lex::Noise)))
            .collect::<Vec<_>>()
            .as_slice()
        && let Tok::Agent { index, after: None, before: None, .. } = token.kind
        && scene.skeleton.refs[index].kind == RefKind::Other
        && let Some(agent) = scene.skeleton.refs[index].agent
        && Some(agent) != scene.ctx.speaker
        // "My final vote: @Kenji ." names the vote; a call is set off by a comma. "Suspects: Rin, Takumi." lists.
        && let called = (scene.skeleton.refs[index].called
            || scene.skeleton.refs[index].marked && text[..token.start].trim_end().ends_with([',', '、']))
        && (sentence.asked || called)
    {
        if called {
            state.standing = Address::Agent(agent);
        }
        let party = vocative(token, agent);
        pieces.pop();
        return (Address::Agent(agent), Some(party), pieces);
    }
    // «ケンジさんを占ってほしいです、占い師さん。»: a role with an honorific set off at the end calls on its holder;
    // it claims nothing («俺、霊能者。» does).
    let honoured = |t: &Token| {
        let word = &text[t.start..t.end];
        let after = &text[t.end..];
        scene.lexicon.agents.honorifics.iter().any(|h| word.ends_with(h.as_str()) || after.starts_with(h.as_str()))
    };
    if pieces.len() > 1
        && let Some(last) = pieces.last()
        && last.opened_by.is_none()
        && text[..last.start].trim_end().ends_with([',', '、'])
        && let role_words = scene.tokens[last.tokens.clone()].iter().filter(|t| !matches!(t.lex(), Some(Lex::Noise)))
        && role_words.clone().count() == 1
        && role_words.clone().all(|t| matches!(t.lex(), Some(Lex::Role(_))) && honoured(t))
    {
        pieces.pop();
        return (Address::RoleHolder, None, pieces);
    }
    (standing, leading, pieces)
}

/// Takes the call that opens a piece (its first token) off it.
fn drop_call(piece: &mut Piece, call: &Token) {
    piece.tokens.start += 1;
    piece.start = call.end;
}

/// The token range of a whole sentence.
fn sentence_tokens(sentence: &Sentence) -> std::ops::Range<usize> {
    let start = sentence.pieces.first().map_or(0, |p| p.tokens.start);
    let end = sentence.pieces.last().map_or(start, |p| p.tokens.end);
    start..end
}

/// What may follow an English vocative without a comma ("Minato please vote…", "Benjamin did you…").
fn vocative_follows(scene: &Scene, name: &Token, next: &Token) -> bool {
    let gap = scene.skeleton.text.get(name.end..next.start).unwrap_or("");
    match next.kind {
        // "Rin has me pegged as…", "Yumi is the one I suspect", "rin and I both voted…": a verb holding "me" /
        // "you", a relative clause's head or a joiner after the name makes it a subject or an object, not a call.
        Tok::Agent { kind, .. } => {
            matches!(kind, RefKind::Me | RefKind::You)
                && !(scene.lexicon.nearby.held_before(gap)
                    || scene.lexicon.nearby.heads_relative_clause(gap)
                    || scene.lexicon.joins(gap))
        }
        Tok::Word(Lex::Wh) => true,
        Tok::Word(Lex::Markers(flags)) => flags.any(Flags::REQUEST | Flags::QUESTION | Flags::INFO),
        // "Minato please vote…", "Midori vote Shion": a verb in its base form, right after the name ("Sakura
        // claims medium" reports; "Rin is trusting Kenji" is no call).
        Tok::Word(Lex::Cue(f)) => {
            scene.lexicon.frames.frames[f as usize].verb
                && !inflected(&scene.skeleton.text[next.start..next.end])
                && !gap.contains(char::is_alphanumeric)
        }
        _ => false,
    }
}

/// Pieces that evoke nothing lend their words to the next piece (the last one to the previous one).
fn lend(scene: &Scene, pieces: Vec<Piece>, asked: bool) -> Vec<Piece> {
    let evokes = |piece: &Piece| {
        scene.tokens[piece.tokens.clone()].iter().any(|t| match t.kind {
            Tok::Word(Lex::Cue(_)) => !attributive(scene, t),
            // «霊能です 昨日のサクラ○»: a source word said as a role claims it.
            Tok::Word(Lex::Source(_)) => source_as_role(scene, t).is_some(),
            Tok::Word(lex) => matches!(lex, Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf),
            _ => false,
        })
    };
    // A result or target noun alone before more words («占い結果：ケンジ●», «結果は、人間でした»).
    let bare_cue = |piece: &Piece| {
        let tokens = &scene.tokens[piece.tokens.clone()];
        tokens.iter().any(|t| match t.kind {
            Tok::Word(Lex::Cue(f)) => {
                let frame = &scene.lexicon.frames.frames[f as usize];
                frame.class == Class::Result || frame.asks.is_some()
            }
            _ => false,
        }) && !tokens.iter().any(|t| {
            t.is_agent()
                || matches!(t.kind, Tok::Talk(_))
                || matches!(
                    t.lex(),
                    Some(Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf | Lex::Everyone | Lex::Wh)
                )
        })
    };
    // «最終投票：ユミ», «護衛：ケンジ», «昨晩の護衛→リン», "Top suspect: Sakura": a piece that ends in its cue and a
    // colon or an arrow names its player after it (in English only when it names nobody itself: "Kenji is sus: he
    // voted Rin", "Everyone knows her seer result: …").
    let cue_then_colon = |piece: &Piece| {
        let tokens = &scene.tokens[piece.tokens.clone()];
        (!scene.lexicon.word_boundaries
            || !tokens.iter().any(|t| t.is_agent() || t.is_value() || matches!(t.lex(), Some(Lex::Everyone | Lex::Wh))))
            && tokens.last().is_some_and(|t| {
                matches!(t.lex(), Some(Lex::Cue(_)))
                    && scene.skeleton.text[t.end..].trim_start().starts_with([':', '→'])
            })
    };
    let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
    let mut carry: Option<Piece> = None;
    // The carried words were cut by an attributive clause, not ended by a comma.
    let mut interrupted = false;
    let mut called_after: Option<Conn> = None;
    let mut pieces = pieces.into_iter().peekable();
    while let Some(piece) = pieces.next() {
        let mut piece = piece;
        // "…, so bodyguard, please keep her safe": a role holder called between a connective and the call says
        // nothing; the connective goes on to the call.
        if role_called(scene, &piece, pieces.peek()) {
            called_after = piece.opened_by.or(called_after);
            continue;
        }
        if piece.opened_by.is_none() {
            piece.opened_by = called_after.take();
        }
        called_after = None;
        // ", who we executed yesterday,": an attributive clause asserts nothing (C6); the words around it
        // read as one, without it.
        let relative = piece.opened_by == Some(Conn::Relative)
            || scene.lexicon.word_boundaries
                && !asked
                && piece.tokens.start > 0
                && scene.tokens.get(piece.tokens.start).is_some_and(|t| matches!(t.lex(), Some(Lex::Wh)));
        // "Sakura, as medium, identified…": an English role in apposition, set off by commas, is a hole too.
        if relative
            || piece.tokens.start > 0 && appositive(scene, &piece, pieces.peek())
            || described_aside(scene, &piece, pieces.peek())
        {
            if let Some(lent) = carry.as_mut() {
                lent.holes.push(piece.tokens.clone());
                lent.end = piece.end;
                lent.tokens.end = piece.tokens.end;
                interrupted = scene.lexicon.word_boundaries;
            } else if let Some(last) = out.last_mut().filter(|last| last.closed_by.is_none()) {
                last.holes.push(piece.tokens.clone());
            }
            continue;
        }
        // Words never cross a connective: «対抗が出たみたいだけど、占い師は俺だ» keeps its hedge to itself (the
        // piece is still read for what it states, such as a day: «昨日は2日目だったけど、»).
        if piece.opened_by.is_some()
            && let Some(lent) = carry.take()
        {
            out.push(lent);
        }
        if let Some(lent) = carry.take() {
            // "so I think Kenji, who pushed him, is a wolf": the words before an English attributive clause are
            // the same clause's, markers and all.
            if std::mem::take(&mut interrupted) {
                piece.own_from = lent.own_from;
            }
            piece.start = lent.start;
            piece.tokens.start = lent.tokens.start;
            piece.holes.extend(lent.holes);
            if piece.opened_by.is_none() {
                piece.opened_by = lent.opened_by;
            }
        }
        // A piece that says nothing lends its words to the next.
        if (!evokes(&piece) || bare_cue(&piece) || cue_then_colon(&piece)) && piece.closed_by.is_none() {
            carry = Some(piece);
            continue;
        }
        out.push(piece);
    }
    if let Some(lent) = carry {
        // A trailing piece with no player of its own («…, I think») belongs to the clause before it.
        let names = scene.tokens[lent.own_from..lent.tokens.end].iter().any(|t| t.is_agent());
        // "you claimed seer — what's your result?": a question of its own does not make the clause before it one.
        let asks_own = asked
            && scene.tokens.get(lent.tokens.start).is_some_and(|t| match t.lex() {
                Some(Lex::Wh) => true,
                Some(Lex::Markers(m)) => m.any(Flags::QUESTION),
                _ => false,
            });
        // «…してないよ、勘違いしてない？»: a clause closed by a sentence-final particle keeps its own mood.
        let said_in_full = {
            let before = text_before(scene, lent.start);
            scene.lexicon.sentence_final.iter().any(|p| before.ends_with(p.as_str()))
        };
        match out.last_mut() {
            Some(last)
                if last.closed_by.is_none() && lent.opened_by.is_none() && !names && !asks_own && !said_in_full =>
            {
                last.end = lent.end;
                last.tokens.end = lent.tokens.end;
                last.holes.extend(lent.holes);
            }
            _ => out.push(lent),
        }
    }
    out
}

/// ", as medium,", ", as the seer,": an English piece that is only a role after "as" describes the player before it;
/// so does ", the seer," or ", our medium," before an inflected verb ("Rin, the seer, divined Kenji").
fn appositive(scene: &Scene, piece: &Piece, next: Option<&Piece>) -> bool {
    if !scene.lexicon.word_boundaries {
        return false;
    }
    let Some(written) = lone_role(scene, piece, false) else { return false };
    let nearby = &scene.lexicon.nearby;
    let lead = nearby.without_determiners(written);
    let determined = lead.len() < written.len();
    nearby.apposition(lead) || lead.is_empty() && determined && next.is_some_and(|next| reports(scene, next))
}

/// A piece whose one word (noise aside, and its opening connectives when `after_connective`) is a role with nothing
/// after it but commas: the words written before the role («as the», "our").
fn lone_role<'s>(scene: &'s Scene, piece: &Piece, after_connective: bool) -> Option<&'s str> {
    let tokens = &scene.tokens[piece.tokens.clone()];
    let opening =
        if after_connective { tokens.iter().take_while(|t| matches!(t.lex(), Some(Lex::Conn(_)))).count() } else { 0 };
    // The piece's one word that is not noise, without collecting them: this runs for every piece.
    let mut words = tokens[opening..].iter().filter(|t| !matches!(t.lex(), Some(Lex::Noise)));
    let (Some(role), None) = (words.next(), words.next()) else { return None };
    let text = scene.skeleton.text.as_str();
    let start = opening.checked_sub(1).map_or(piece.start, |last| tokens[last].end);
    let set_off = |c: char| c.is_whitespace() || c == ',';
    (matches!(role.lex(), Some(Lex::Role(_))) && text[role.end..piece.end].trim_matches(set_off).is_empty())
        .then(|| text[start..role.start].trim_matches(set_off))
}

/// "Takumi — the guy we exiled yesterday — was human", "I checked Rin, the one we exiled — human": an English piece
/// that names nobody and opens by describing a person, between the player before it and more words after it.
fn described_aside(scene: &Scene, piece: &Piece, next: Option<&Piece>) -> bool {
    scene.lexicon.word_boundaries
        && piece.tokens.start > 0
        && next.is_some()
        && scene.tokens.get(piece.tokens.start - 1).is_some_and(Token::is_agent)
        && !scene.tokens[piece.tokens.clone()].iter().any(Token::is_agent)
        && scene.lexicon.nearby.opens_describing(
            scene.skeleton.text[piece.start..piece.end]
                .trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '-' | '–' | '—')),
        )
}

/// ", bodyguard, please…": an English piece of only a role word (after a determiner at most) set off by commas
/// before a piece that asks for something.
fn role_called(scene: &Scene, piece: &Piece, next: Option<&Piece>) -> bool {
    if !scene.lexicon.word_boundaries || piece.tokens.start == 0 {
        return false;
    }
    let Some(next) = next else { return false };
    lone_role(scene, piece, true).is_some_and(|written| scene.lexicon.nearby.without_determiners(written).is_empty())
        && scene.tokens[next.tokens.clone()]
            .first()
            .is_some_and(|t| matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::REQUEST)))
}

/// The text before `at` without the commas and spaces that set it off.
fn text_before<'t>(scene: &'t Scene, at: usize) -> &'t str {
    scene.skeleton.text[..at].trim_end_matches(|c: char| c.is_whitespace() || matches!(c, '、' | ',' | '，'))
}

/// Whether an English piece opens with an inflected verb ("divined", "says"): it has a subject of its own.
fn reports(scene: &Scene, piece: &Piece) -> bool {
    scene.tokens[piece.tokens.clone()].first().is_some_and(|t| match t.lex() {
        Some(Lex::Cue(_)) => inflected(&scene.skeleton.text[t.start..t.end]),
        Some(Lex::Markers(m)) => m.any(Flags::REPORT),
        _ => false,
    })
}

/// «リンさんはケンジに人狼判定、ユミさんはサクラに人間判定を出している», «リンはケンジに、ユミはサクラに投票した»: a
/// Japanese piece with no verb, followed by one with the same players and values before its verb, shares that
/// verb: it is read with the later piece's words before the verb left out as a hole. Done before words are lent
/// on, so that the verbless piece is not merged into the next; a piece of one player and no value («リンは、…») is
/// no clause of its own and is left to be lent.
fn gapped_verbs(scene: &Scene, mut pieces: Vec<Piece>) -> Vec<Piece> {
    if scene.lexicon.word_boundaries {
        return pieces;
    }
    // How many players and values a run of tokens names.
    let shape = |tokens: &[Token]| {
        let players = tokens.iter().filter(|t| t.is_agent()).count();
        let values = tokens
            .iter()
            .filter(|t| matches!(t.lex(), Some(Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf)))
            .count();
        (players, values)
    };
    for i in 0..pieces.len().saturating_sub(1) {
        let (gapped, full) = (&pieces[i], &pieces[i + 1]);
        if gapped.closed_by.is_some() || full.opened_by.is_some() || !gapped.holes.is_empty() {
            continue;
        }
        let own = &scene.tokens[gapped.own_from.max(gapped.tokens.start)..gapped.tokens.end];
        let Some(verb) =
            scene.tokens[full.tokens.clone()].iter().position(Token::is_cue).map(|k| full.tokens.start + k)
        else {
            continue;
        };
        let before_verb = &scene.tokens[full.tokens.start..verb];
        let (players, values) = shape(own);
        if own.iter().any(Token::is_cue)
            || players + values < 2
            || players == 0
            || (players, values) != shape(before_verb)
        {
            continue;
        }
        let holes = std::iter::once(full.tokens.start..verb).chain(full.holes.iter().cloned()).collect();
        pieces[i] = Piece {
            end: full.end,
            tokens: gapped.tokens.start..full.tokens.end,
            closed_by: full.closed_by,
            holes,
            ..pieces[i].clone()
        };
    }
    pieces
}

/// «お前の発言は疑わしいな、狂人の可能性が高いと見ている»: a suspicion and then the role suspected, of one player in
/// one sentence: the named role says what the suspicion is (C6), so the plain suspicion before it is not said.
fn named_role_over_suspicion(results: &mut [(Piece, Vec<Reading>)]) {
    let own_estimate = |reading: &Reading| match reading.sentence.content {
        Content::Estimate { target, role } if reading.sentence.subject.is_none() => Some((target, role)),
        _ => None,
    };
    for later in 1..results.len() {
        let named: Vec<Agent> = results[later]
            .1
            .iter()
            .filter_map(own_estimate)
            .filter(|(_, role)| !matches!(role, Role::Werewolf | Role::Villager | Role::Any))
            .map(|(target, _)| target)
            .collect();
        for (_, readings) in &mut results[..later] {
            readings.retain(|r| {
                own_estimate(r).is_none_or(|(target, role)| role != Role::Werewolf || !named.contains(&target))
            });
        }
    }
}

/// The first piece of an asked sentence that the question mark covers: the last, and before it a wh-question that
/// the last joins with "and" ("Who is your wolf pick and what's your evidence?").
fn asked_from(scene: &Scene, pieces: &[Piece]) -> usize {
    let last = pieces.len().saturating_sub(1);
    let opens_with_wh = |piece: &Piece| {
        scene.tokens[piece.own_from.max(piece.tokens.start)..piece.tokens.end]
            .first()
            .is_some_and(|t| matches!(t.lex(), Some(Lex::Wh)))
    };
    match pieces {
        [.., wh, and] if and.opened_by == Some(Conn::And) && opens_with_wh(wh) => last - 1,
        _ => last,
    }
}

/// Flags that hold for every piece: a condition anywhere makes the whole sentence hypothetical (C17), except that
/// one after a dash starts a new thought and leaves the pieces before it asserted ("I'll protect Kenji tonight —
/// if you're the seer, share your check"); the second value is the first piece a condition holds for.
fn sentence_flags(scene: &Scene, pieces: &[Piece], asked: bool) -> (Flags, usize) {
    let mut conditional_from = pieces.len();
    let mut flags = Flags::NONE;
    let text = scene.skeleton.text.as_str();
    let says = |piece: &Piece, flags: Flags| scene.tokens[piece.tokens.clone()].iter().any(|t| says_any(t, flags));
    // «…占いCOしているからと報告されています»: a reason quoted by «と» before a report is someone else's words,
    // and so is the whole sentence (C5).
    let quoted_reason = pieces.windows(2).any(|w| {
        w[0].closed_by == Some(Conn::ReasonBefore)
            && text[w[0].end..].trim_start().starts_with('と')
            && says(&w[1], Flags::HEARSAY | Flags::REPORT)
    });
    // «ケンジが狼だってみんな言ってる»: a clause quoted by «(だ)って» before a hearsay word is nobody's in particular.
    let quoted_hearsay = pieces.windows(2).any(|w| {
        (text
            .get(w[0].end..)
            .is_some_and(|rest| rest.trim_start().starts_with("って") || rest.trim_start().starts_with("だって"))
            || text.get(w[0].start..w[0].end).is_some_and(|piece| piece.ends_with("って")))
            && says(&w[1], Flags::HEARSAY)
    });
    if quoted_reason || quoted_hearsay {
        flags.insert(Flags::HEARSAY);
    }
    // «なんで、リンに投票したの？»: a why-word set off at the head of a question asks why of all of it (C9).
    let asked = asked || pieces.last().is_some_and(|p| text[p.start..p.end].contains('?'));
    if asked
        && let Some(first) = pieces.first()
        && scene.tokens[first.tokens.clone()].first().is_some_and(|t| says_any(t, Flags::WHY))
    {
        flags.insert(Flags::WHY);
    }
    for (index, piece) in pieces.iter().enumerate() {
        let tokens = &scene.tokens[piece.tokens.clone()];
        // «聞いた話では、…», "Rumor has it, …": a piece that is only a hearsay word (lent to the piece after it)
        // frames the whole sentence.
        let lent = &scene.tokens[piece.tokens.start..piece.own_from.clamp(piece.tokens.start, piece.tokens.end)];
        if lent.iter().any(|t| matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::HEARSAY))) {
            flags.insert(Flags::HEARSAY);
        }
        for token in tokens {
            // «己を占い師と称し、…と断定するとは、如何なる深謀か»: what a rhetorical question is about asserts nothing.
            if let Some(Lex::Markers(marker)) = token.lex()
                && marker.any(Flags::RHETORICAL)
            {
                flags.insert(Flags::MUSING);
            }
            if matches!(token.lex(), Some(Lex::Markers(m)) if m.any(Flags::CONDITIONAL)) {
                flags.insert(Flags::CONDITIONAL);
                let after_dash = text[..piece.start].trim_end().ends_with(['—', '–', '-']);
                conditional_from = conditional_from.min(if after_dash { index } else { 0 });
            }
        }
    }
    (flags, conditional_from)
}

/// "Okay okay, I'm the seer, happy now?": an English question mark after a comma and words that say nothing the
/// reader knows asks only those words; what comes before is stated.
fn asks_only_its_tail(scene: &Scene, pieces: &[Piece]) -> bool {
    let Some(last) = pieces.last() else { return false };
    let text = scene.skeleton.text.as_str();
    let says_something = |t: &&Token| {
        t.is_agent()
            || matches!(t.kind, Tok::Talk(_) | Tok::Day(_))
            || matches!(
                t.lex(),
                Some(Lex::Cue(_) | Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf | Lex::Wh | Lex::Everyone)
            )
    };
    let after_words = scene.tokens[last.tokens.clone()].iter().rfind(says_something).map_or(last.start, |t| t.end);
    let tail = &text[after_words..last.end];
    scene.lexicon.word_boundaries && tail.trim_start().starts_with(',') && tail.contains(|c: char| c.is_alphabetic())
}

/// Whether a token is a marker word saying any of `flags`.
fn says_any(token: &Token, flags: Flags) -> bool {
    matches!(token.lex(), Some(Lex::Markers(m)) if m.any(flags))
}

/// "Suppose Daisuke's the seer. Then Rin has to be lying.": a sentence opening with a consequence word after a
/// hypothesis goes on supposing (C17).
fn draws_consequence(scene: &Scene, pieces: &[Piece]) -> bool {
    pieces.first().is_some_and(|p| scene.lexicon.nearby.opens_with_consequence(&scene.skeleton.text[p.start..]))
}

/// Attaches reasons to conclusions (C10): «A から、B», "B because A", "A, so B", and across sentences «A。だから
/// B。», "A. That's why B.", «B。A からです。». A reason and a one-sentence conclusion give one BECAUSE; when
/// either side says nothing, or the conclusion is a question, they stand apart. `earlier` holds the readings
/// of the sentences before, `previous` those of the sentence right before.
fn reasons(
    scene: &Scene,
    results: Vec<(Piece, Vec<Reading>)>,
    earlier: &mut Vec<Reading>,
    previous: std::ops::Range<usize>,
) -> Vec<Reading> {
    let mut out: Vec<Reading> = Vec::new();
    // The readings of the piece before, in `out`, and where that piece ended.
    let mut last_piece = 0..0;
    let mut last_piece_end = 0;
    let count = results.len();
    let mut pieces = results.into_iter().enumerate().peekable();
    // The sentence before says one thing that can be joined to `conclusion`.
    let previous_one = |earlier: &Vec<Reading>, reasons: &[Reading], conclusion: Option<&Reading>| {
        previous.len() == 1
            && match conclusion {
                Some(conclusion) => joinable(std::slice::from_ref(&earlier[previous.start]), conclusion),
                None => joinable(reasons, &earlier[previous.start]),
            }
    };
    while let Some((index, (piece, readings))) = pieces.next() {
        let start = out.len();
        let alone = count == 1;
        match (piece.opened_by, piece.closed_by) {
            // «A から、B»: this piece is the reason of the next; «B。A からです。» of the sentence before.
            (_, Some(Conn::ReasonBefore)) if !readings.is_empty() => {
                let next_one =
                    pieces.peek().is_some_and(|(_, (_, next))| next.len() == 1 && joinable(&readings, &next[0]));
                // «昨日ケンジに投票したのは、怪しかったからです»: a reason closing its sentence explains the
                // clause the piece before turned into a noun («のは»); «Aであり、Bだからだ» are two reasons.
                let closes_sentence = index + 1 == count
                    || index + 2 == count && pieces.peek().is_some_and(|(_, (_, next))| next.is_empty());
                if next_one && let Some((_, (_, next))) = pieces.peek_mut() {
                    let conclusion = next.remove(0);
                    out.push(because(readings, conclusion));
                } else if alone && previous_one(earlier, &readings, None) {
                    let conclusion = earlier.remove(previous.start);
                    out.push(because(readings, conclusion));
                } else if closes_sentence
                    && scene.lexicon.nominalises(&scene.skeleton.text[..last_piece_end])
                    && last_piece.len() == 1
                    && joinable(&readings, &out[last_piece.start])
                {
                    let conclusion = out.remove(last_piece.start);
                    out.push(because(readings, conclusion));
                } else {
                    out.extend(readings);
                }
            }
            // "B because A": this piece is the reason of the piece before; opening the sentence, of the next
            // piece ("Since A, B") or of the sentence before («だって A»).
            (Some(Conn::ReasonAfter), _) if !readings.is_empty() => {
                let next_one =
                    pieces.peek().is_some_and(|(_, (_, next))| next.len() == 1 && joinable(&readings, &next[0]));
                if last_piece.len() == 1 && joinable(&readings, &out[last_piece.start]) {
                    let conclusion = out.remove(last_piece.start);
                    out.push(because(readings, conclusion));
                } else if index == 0
                    && next_one
                    && let Some((_, (_, next))) = pieces.peek_mut()
                {
                    let conclusion = next.remove(0);
                    out.push(because(readings, conclusion));
                } else if alone && previous_one(earlier, &readings, None) {
                    let conclusion = earlier.remove(previous.start);
                    out.push(because(readings, conclusion));
                } else {
                    out.extend(readings);
                }
            }
            // "A, so B", «A。だから B»: the piece (or, opening the sentence, the sentence) before is the reason.
            (Some(Conn::Therefore), _) if readings.len() == 1 => {
                let conclusion = &readings[0];
                // «黒判定が出ました。つまりAgent[05]は人狼ということ»: the same thing said again in other words.
                let restated = |said: &[Reading]| said.iter().any(|r| r.sentence == conclusion.sentence);
                if restated(&out[last_piece.clone()]) || index == 0 && restated(&earlier[previous.clone()]) {
                    last_piece = start.min(out.len())..out.len();
                    continue;
                }
                if !last_piece.is_empty() && joinable(&out[last_piece.clone()], conclusion) {
                    let reasons: Vec<Reading> = out.drain(last_piece.clone()).collect();
                    out.extend(readings.into_iter().map(|c| because(reasons.clone(), c)));
                } else if index == 0 && previous_one(earlier, &[], Some(conclusion)) {
                    let reason = earlier.remove(previous.start);
                    out.extend(readings.into_iter().map(|c| because(vec![reason.clone()], c)));
                } else {
                    out.extend(readings);
                }
            }
            _ => out.extend(readings),
        }
        last_piece = start.min(out.len())..out.len();
        last_piece_end = piece.end;
    }
    out
}

/// Whether a reading can be a reason or a conclusion: a statement or a request, not a question; a request
/// is no reason.
fn joinable(reasons: &[Reading], conclusion: &Reading) -> bool {
    let question = |r: &Reading| matches!(r.sentence.content, Content::Inquire { .. });
    let request = |r: &Reading| matches!(r.sentence.content, Content::Request { .. });
    // «黒判定が出ました。つまり人狼ということ»: a thing said twice is no reason for itself.
    let same = |r: &Reading| r.sentence == conclusion.sentence;
    // «Agent[02]も占い師って言ってるけど…僕が本物の占い師だから»: what another player did or said is no conclusion
    // the speaker draws (their own sentences carry no subject, C1).
    let reported = conclusion.sentence.subject.is_some();
    !question(conclusion) && !reported && reasons.iter().all(|r| !question(r) && !request(r) && !same(r))
}

/// `BECAUSE (reason) (conclusion)`, several reasons joined with AND.
fn because(reasons: Vec<Reading>, conclusion: Reading) -> Reading {
    let start = reasons.iter().map(|r| r.span.0).chain([conclusion.span.0]).min().unwrap_or(0);
    let end = reasons.iter().map(|r| r.span.1).chain([conclusion.span.1]).max().unwrap_or(0);
    let confidence = reasons.iter().map(|r| r.confidence).fold(conclusion.confidence, f32::min);
    let mut fillers = conclusion.trace.fillers.clone();
    for reason in &reasons {
        fillers.extend(reason.trace.fillers.iter().map(|&(name, span)| (name, span)));
    }
    let frames: Vec<String> = reasons.iter().map(|r| r.trace.frame.clone()).collect();
    let mut reason_sentences: Vec<Protocol> = Vec::new();
    // "because I divined her and she's a werewolf": one result said in two clauses is one reason.
    for reason in reasons {
        if !reason_sentences.contains(&reason.sentence) {
            reason_sentences.push(reason.sentence);
        }
    }
    let reason = if reason_sentences.len() == 1 {
        reason_sentences.remove(0)
    } else {
        Protocol::new(Content::And { sentences: reason_sentences })
    };
    let sentence = canonicalized(&Protocol::new(Content::Because {
        reason: Box::new(reason),
        conclusion: Box::new(conclusion.sentence),
    }));
    let trace = Trace {
        frame: format!("because({} ← {})", conclusion.trace.frame, frames.join(", ")),
        class: "because",
        fillers,
        flags: conclusion.trace.flags,
    };
    Reading { sentence, confidence, span: (start, end), alternatives: Vec::new(), trace }
}
