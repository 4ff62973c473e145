//! Reading one piece of a sentence into frames. Each cue word evokes its frame; the players around it are
//! put into the frame's participant roles by their marks (a particle after them, a preposition before them,
//! or which side of the cue they stand on), lists of players joined by «と» / "and" fill one role together,
//! the values (roles, species) come from the cue or the words near it, and the modality markers in the
//! cue's scope (its verb ending, «ない», "not", «と思う», "?") become the frame's flags. A piece with no
//! cue but a role or species word is a copula frame («ケンジは狼だ», "I'm the seer").

use super::agents::RefKind;
use super::build::{Filled, Party, Person, build};
use super::flags::Flags;
use super::frames::{Class, Frame, Slot, Value as FrameValue};
use super::lexer::{Tok, Token};
use super::lexicon::{Conn, Lex, Quant, Source, Time};
use super::nearby::{Nearby, last_word};
use super::scene::{Address, Scene};
use super::segments::Piece;
use crate::protocol::{Agent, Role, Species};

const VILLAGER: FrameValue = FrameValue::Role(Role::Villager);

/// What a piece says, before discourse joins pieces and sentences.
#[derive(Debug, Default)]
pub struct PieceReading {
    pub readings: Vec<super::build::Reading>,
    pub dropped: Vec<super::build::Dropped>,
    /// A source that stood in the piece without a result of its own («霊能の報告。», «サクラの占い結果だと、»).
    pub source: Option<Origin>,
    /// A divination or medium act with its target but no result yet («昨夜サクラを占いました。»).
    pub pending: Option<Pending>,
    /// The explicit subject of the piece's last frame (a third party), for a following piece that starts
    /// with its verb ("Midori claimed Seer and divined Shizue").
    pub subject: Option<Party>,
    /// The piece's last verb links to the next with its て-form («ケンジが占いCOして、…»): in Japanese, only then
    /// does its subject carry over.
    pub links_on: bool,
    /// The player the piece is about («ダイスケは…», a third party marked as topic or subject): Japanese
    /// leaves it out of the clauses after it («…投票してたから、狼っぽい»).
    pub topic: Option<Party>,
    /// The one player a piece names, as the owner of what it talks about («ダイスケの沈黙は不自然»): the topic
    /// after it when the piece reads nothing and ends its sentence (see `discourse::read`).
    pub owner: Option<Party>,
    /// A stated day that no frame of the piece took («昨日は2日目だったけど、»).
    pub day: Option<u32>,
    /// The one player a read act or opinion is about («ケンジに投票する»): a reason result with no player of
    /// its own next to it is about them.
    pub object: Option<Party>,
}

/// Where results come from: the source word and, for someone else's results, whose they are.
#[derive(Debug, Clone)]
pub struct Origin {
    pub source: Source,
    pub reporter: Option<Party>,
}

/// A result still waiting for its species.
#[derive(Debug, Clone)]
pub struct Pending {
    pub target: Party,
    pub reporter: Party,
    pub source: Source,
    /// The day the act was stated to be on.
    pub day: Option<u32>,
}

/// Reads the tokens `range` of one piece.
pub fn read_piece(scene: &Scene, piece: &Piece, context: &PieceContext) -> PieceReading {
    // The piece's tokens without its attributive holes; the markers of words lent by earlier pieces stay
    // with them.
    let visible: Vec<Token> = scene.tokens[piece.tokens.clone()]
        .iter()
        .enumerate()
        .filter(|(i, token)| {
            // A stated day stays even in an attributive clause ("Yesterday, which was day 2, …").
            matches!(token.kind, Tok::Day(_))
                || !piece.holes.iter().any(|hole| hole.contains(&(piece.tokens.start + i)))
        })
        .map(|(i, token)| match token.kind {
            Tok::Word(Lex::Markers(_)) if piece.tokens.start + i < piece.own_from => {
                Token { kind: Tok::Word(Lex::Noise), ..*token }
            }
            _ => *token,
        })
        .collect();
    let visible = if scene.lexicon.word_boundaries { unquoted(scene, visible) } else { visible };
    let tokens = visible.as_slice();
    // "Confirmed—kill Mio tonight": the words lent by a piece before do not stand before this piece's verb.
    let lent = tokens
        .iter()
        .take_while(|t| t.start < scene.tokens.get(piece.own_from).map_or(usize::MAX, |o| o.start))
        .count();
    let mut out = PieceReading::default();
    let parties = parties(scene, tokens, context);
    out.topic = if scene.lexicon.word_boundaries {
        // "Mizuki is too chill. Might be suspicious!": the one other player a piece names, as its subject (first,
        // not after a preposition, not called to), is what a later subjectless opinion is about. In "you still
        // target Shizue. That's suspicious" the subject is the addressee.
        let named = parties.iter().filter(|p| p.is_third_party() && p.people.len() == 1).count();
        parties
            .iter()
            .min_by_key(|p| p.start)
            .filter(|p| {
                named == 1
                    && p.is_third_party()
                    && p.people.len() == 1
                    && p.before.is_none()
                    && context.vocative.as_ref().is_none_or(|v| v.start != p.start)
            })
            .cloned()
    } else {
        parties
            .iter()
            .find(|p| p.is_third_party() && p.people.len() == 1 && matches!(p.after.as_deref(), Some("は" | "が")))
            .cloned()
    };
    if !scene.lexicon.word_boundaries && out.topic.is_none() {
        let mut others = parties.iter().filter(|p| p.is_third_party());
        out.owner = match (others.next(), others.next()) {
            (Some(only), None) if only.people.len() == 1 && only.after.as_deref() == Some("の") => Some(only.clone()),
            _ => None,
        };
    }
    let mut used = vec![false; parties.len()];
    let mut cues: Vec<(usize, &Frame)> = Vec::new();
    let mut merged_source = None;
    let mut merged_value = None;
    // "The ones claiming seer are …": a claim verb describing someone took the role; no copula reads it.
    let mut described_claim = false;
    for (i, token) in tokens.iter().enumerate() {
        if let Tok::Word(Lex::Cue(f)) = token.kind {
            let frame = &scene.lexicon.frames.frames[f as usize];
            if attributive(scene, token) {
                described_claim |= frame.class == super::frames::Class::Claim;
                continue;
            }
            // Two cues of one class side by side are one predicate («吊りに一票», "put my vote on"): the last is
            // its head. Two result words in one piece describe one result ("my divination on X came back
            // white"): the first, which names the source, reads it.
            if let Some(&(j, last)) = cues.last()
                && last.class == frame.class
            {
                if frame.class == super::frames::Class::Result {
                    // Keep the word that names the source; the other may give the species («cleared»).
                    // "came back human on my medium check": a source said outright beats the one a verdict
                    // handed back is assumed to have.
                    let said = |f: &Frame| f.source.filter(|_| !f.handed_back);
                    merged_source = merged_source.or(said(frame)).or(said(last)).or(frame.source).or(last.source);
                    merged_value = merged_value.or(frame.value).or(last.value);
                    if last.source.is_some() || frame.source.is_none() {
                        continue;
                    }
                    cues.pop();
                } else if !tokens[j..i].iter().any(|t| t.is_agent()) {
                    cues.pop();
                }
            }
            cues.push((i, frame));
        }
    }
    for token in tokens {
        // «我が占いを「嘘」と断定する»: a source word another verb takes as its object announces no results.
        let object = || scene.lexicon.mark_after(&scene.skeleton.text, token.end).is_some_and(|(mark, _)| mark == "を");
        if let Tok::Word(Lex::Source(source)) = token.kind
            && !object()
        {
            out.source = Some(Origin { source, reporter: None });
        }
        if let Some(source) = speaking_as(scene, tokens, token) {
            out.source = Some(Origin { source, reporter: None });
        }
    }
    if cues.is_empty() {
        let Some(anchor) = state_anchor(scene, tokens).filter(|_| !described_claim) else {
            out.day = tokens.iter().find_map(|t| match t.kind {
                Tok::Day(n) => Some(n),
                _ => None,
            });
            return out;
        };
        let filled = fill_state(scene, tokens, &parties, &mut used, anchor, context);
        finish(scene, filled, context, &mut out);
        return out;
    }
    if scene.lexicon.word_boundaries {
        kept_safe(scene, tokens, &mut cues, context);
    }
    // "everyone who voted her", "the people I divined": an interrogative word right after a player, outside a
    // question, opens an attributive clause; the verbs in it assert nothing (C6). A cleft ("It was me who killed
    // Shion") is not one: its player does what follows.
    if scene.lexicon.word_boundaries
        && !context.asked
        && let Some(relative) = tokens.windows(2).position(|w| {
            matches!(w[1].lex(), Some(Lex::Wh))
                && (w[0].is_agent() || matches!(w[0].lex(), Some(Lex::Everyone)))
                && !scene.lexicon.nearby.cleft_before(&scene.skeleton.text[..w[0].start])
        })
    {
        cues.retain(|&(at, _)| at <= relative + 1);
    }
    // «ミドリが素村COを続けるのは怪しい»: a clause turned noun by «のは» is what the opinion after it is about; it
    // asserts nothing of its own (C18).
    if !scene.lexicon.word_boundaries && cues.len() > 1 {
        let text = scene.skeleton.text.as_str();
        let opinion_follows = |k: usize| {
            cues.get(k + 1).is_some_and(|&(next, frame)| {
                frame.class == super::frames::Class::Estimate
                    && text.get(tokens[cues[k].0].end..tokens[next].start).is_some_and(|b| scene.lexicon.nominalises(b))
            })
        };
        let nominalised: Vec<bool> = (0..cues.len()).map(opinion_follows).collect();
        let mut k = 0;
        cues.retain(|_| {
            k += 1;
            !nominalised[k - 1]
        });
    }
    // «ミオを急に疑うのは根拠が薄い», «ケンジに投票するのは早い»: a clause turned noun with no player after it
    // (not a cleft, «一番疑ってるのはケンジ») is what the sentence talks about; it asserts nothing. An ending
    // that takes it in («投票するのはやめて»), a denial spanning the nominaliser («入れるのはやめとこう») and a
    // comment in a later piece (a cleft reason) are not that.
    if !scene.lexicon.word_boundaries {
        let text = scene.skeleton.text.as_str();
        let given_up = |end: usize| {
            tokens.iter().any(|t| {
                t.start < end && t.end > end && matches!(t.kind, Tok::Word(Lex::Markers(m)) if m.any(Flags::NEG))
            })
        };
        let talked_about = |at: usize| {
            let cue_end = tokens[at].end;
            scene.lexicon.nominalised_at(text, cue_end).is_some_and(|end| {
                let ending_end = scene.lexicon.ending_at(text, cue_end).map_or(cue_end, |(_, end)| end);
                let comment = text.get(end..context.piece_end).unwrap_or("");
                end > ending_end
                    && !given_up(end)
                    && comment.chars().any(char::is_alphanumeric)
                    && !parties.iter().any(|p| p.start >= end && p.start < context.piece_end)
            })
        };
        cues.retain(|&(at, _)| !talked_about(at));
    }
    let mut chained = context.clone();
    chained.lent = lent;
    for (k, &(at, frame)) in cues.iter().enumerate() {
        let previous_end = if k == 0 { 0 } else { cues[k - 1].0 + 1 };
        let next_start = cues.get(k + 1).map_or(tokens.len(), |&(n, _)| n);
        let mut filled =
            fill_frame(scene, tokens, &parties, &mut used, (previous_end, at, next_start), frame, &chained);
        if frame.class == super::frames::Class::Result
            && let Some(f) = filled.as_mut()
        {
            f.source = if frame.handed_back { merged_source.or(f.source) } else { f.source.or(merged_source) };
            f.merged_value = merged_value;
        }
        // «ケンジは占いCOしてユミ●を出した»: the verbs after the first share its subject.
        if let Some(subject) = filled.as_ref().and_then(|f| f.subject.clone()).filter(Party::is_third_party) {
            chained.subject = Some(subject);
            chained.first = false;
        }
        finish(scene, filled, context, &mut out);
        // «Agent[01]を占って結果は人狼だよ»: a divination waiting for its result lends it to the next cue.
        if out.pending.is_some() {
            chained.pending = out.pending.clone();
        }
    }
    if out.readings.is_empty() {
        out.day = tokens.iter().find_map(|t| match t.kind {
            Tok::Day(n) => Some(n),
            _ => None,
        });
    }
    // Every cue gave nothing («霊能結果、昨日吊られたタクミは人狼»): the piece may still be a copula statement,
    // unless it names someone nobody knows ("Sakura divined Bob as human" is not about Sakura).
    if out.readings.is_empty()
        && out.pending.is_none()
        && !described_claim
        && !parties.iter().any(|p| p.people.contains(&Person::Unknown))
        // «俺の結果はジョージが人間»: a result with no source word is no opinion either (C4).
        && !out.dropped.iter().any(|d| {
            [super::build::NO_SOURCE, super::build::NOUN_PHRASE, super::build::DOUBTED].contains(&d.reason)
        })
        && let Some(anchor) = state_anchor(scene, tokens)
        // «占い師であると名乗り出る者はおらぬか», "Sakura co seer": the role a claim verb took is no statement of
        // its own (an English claim verb comes before its role).
        && !cues.iter().any(|&(at, frame)| {
            frame.class == super::frames::Class::Claim && (anchor < at || scene.lexicon.word_boundaries)
        })
        // "I peeked at George and he's a wolf": what a divination that gave nothing found is no opinion (C4).
        && !cues.iter().any(|&(_, frame)| frame.class == super::frames::Class::Divine)
        // "Takumi gives me possessed vibes": the role an opinion frame took from the clause is no statement either.
        && !cues.iter().any(|&(_, frame)| frame.estimates_role_from_clause())
    {
        let mut unused = vec![false; parties.len()];
        let filled = fill_state(scene, tokens, &parties, &mut unused, anchor, context);
        let mut copula = PieceReading::default();
        finish(scene, filled, context, &mut copula);
        out.readings.extend(copula.readings);
        out.dropped.extend(copula.dropped);
        out.pending = out.pending.or(copula.pending);
    }
    out
}

/// "keep Mizuki safe", "kept Rin alive": keeping a player safe guards them, and the word after the player is no
/// opinion of them ("safe" reads trust). "keep" guards only so, and only when said by the speaker, to everyone or
/// to the bodyguard ("Rin, keep Kenji safe" may ask her to defend him in talk).
fn kept_safe(scene: &Scene, tokens: &[Token], cues: &mut Vec<(usize, &Frame)>, context: &PieceContext) {
    let text = scene.skeleton.text.as_str();
    let nearby = &scene.lexicon.nearby;
    let mut dropped = Vec::new();
    for &(at, frame) in cues.iter() {
        if frame.class != Class::Guard {
            continue;
        }
        let Some(reported) = nearby.keep_verb(&text[tokens[at].start..tokens[at].end]) else { continue };
        // Where the word after the player ends ("keep Mizuki safe", "keep our seer Rin safe").
        let player = tokens[at + 1..]
            .iter()
            .take_while(|t| t.is_agent() || t.is_value() || matches!(t.lex(), Some(Lex::Noise)))
            .find(|t| t.is_agent());
        let safe_end = player.and_then(|player| {
            let rest = &text[player.end..];
            let word = rest.trim_start();
            let offset = player.end + rest.len() - word.len();
            nearby.safe_state(word).map(|len| offset + len)
        });
        match safe_end {
            Some(end) => {
                dropped.extend(cues.iter().filter(|&&(k, _)| k > at && tokens[k].start < end).map(|&(k, _)| k));
                // "keep Rin safe from the vote": kept from the lynch, not guarded.
                if nearby.away_from_lynch(&text[end..])
                    || !reported
                        && (context.vocative.is_some()
                            || matches!(context.address, Address::Agent(_) | Address::Unknown))
                {
                    dropped.push(at);
                }
            }
            None if !reported => dropped.push(at),
            None => {}
        }
    }
    cues.retain(|(k, _)| !dropped.contains(k));
}

/// Whether English text before a value is another player's name and a comma, past a determiner.
fn beside_other(scene: &Scene, start: usize) -> bool {
    let head = scene.lexicon.nearby.without_determiners(&scene.skeleton.text[..start]);
    let Some(name_end) = head.strip_suffix(',').map(|h| h.trim_end().len()) else { return false };
    scene.tokens.iter().any(|t| match t.kind {
        Tok::Agent { index, kind: RefKind::Other, .. } => {
            t.end == name_end && scene.skeleton.refs[index].agent.is_some_and(|a| Some(a) != scene.ctx.speaker)
        }
        _ => false,
    })
}

/// «霊能者として報告します。», "As medium, …": a piece that only says in what role the speaker talks names the
/// source of the results after it, without claiming the role (C18: "as the seer I divined…" gives no CO).
fn speaking_as(scene: &Scene, tokens: &[Token], token: &Token) -> Option<Source> {
    let source = match token.kind {
        Tok::Word(Lex::Role(Role::Seer)) => Source::Divination,
        Tok::Word(Lex::Role(Role::Medium)) => Source::Medium,
        _ => return None,
    };
    // "Sakura, as the seer, …" speaks of her.
    let other_before = |t: &Token| t.end <= token.start && matches!(t.kind, Tok::Agent { kind: RefKind::Other, .. });
    (said_as(scene, token) && !tokens.iter().any(other_before)).then_some(source)
}

/// Whether a role word is the capacity someone acts in («霊能者として», "as the medium"): it names nobody.
pub fn said_as(scene: &Scene, token: &Token) -> bool {
    let text = scene.skeleton.text.as_str();
    if scene.lexicon.word_boundaries {
        let head = scene.lexicon.nearby.without_determiners(&text[..token.start]);
        scene.lexicon.nearby.apposition(last_word(head))
    } else {
        scene.lexicon.mark_after(text, token.end).is_some_and(|(mark, _)| mark == "as")
    }
}

/// Whether English text before a value ends with "as" or a preposition, past a determiner ("as the seer", "to
/// the bodyguard"), not inside a token ("strikes me as" is a hedge).
fn governed(nearby: &Nearby, before: &str, tokens: &[Token]) -> bool {
    let head = nearby.without_determiners(before);
    let word = last_word(head);
    let before_word = head[..head.len() - word.len()].trim_end();
    // "as" sets a role beside a player ("you as the medium") or a piece's start; after a verb or an adjective it
    // says what someone is or acts as ("she's confirmed as human", "I serve the wolves as the Possessed").
    let apposition = before_word.is_empty()
        || before_word.ends_with(',')
        || tokens.iter().any(|t| {
            t.end == before_word.len() && t.is_agent() && !matches!(t.kind, Tok::Agent { kind: RefKind::Me, .. })
        });
    (nearby.apposition(word) && apposition || nearby.governing(word)) && !tokens.iter().any(|t| t.end == head.len())
}

/// "They say…", "Kenji and Rin say…": an English "say" right after another player reports their words; it asks
/// nobody for information.
fn they_say(scene: &Scene, tokens: &[Token], i: usize) -> bool {
    let text = scene.skeleton.text.as_str();
    i > 0
        && scene.lexicon.nearby.say(&text[tokens[i].start..tokens[i].end])
        && matches!(tokens[i - 1].kind, Tok::Agent { kind: RefKind::Other | RefKind::Unknown, .. })
        && text[tokens[i - 1].end..tokens[i].start].trim().is_empty()
}

/// Sakura's “George is a wolf”: words in quotation marks are someone's words, not the speaker's claims. An
/// English piece keeps only the tokens outside them (an unclosed quotation runs to the piece's end).
fn unquoted<'l>(scene: &Scene<'l>, mut tokens: Vec<Token<'l>>) -> Vec<Token<'l>> {
    let (Some(first), Some(last)) = (tokens.first(), tokens.last()) else { return tokens };
    let text = scene.skeleton.text.as_str();
    let Some(span) = text.get(first.start..last.end) else { return tokens };
    if !span.contains(['“', '"']) {
        return tokens;
    }
    let mut quoted: Vec<(usize, usize)> = Vec::new();
    let mut open: Option<usize> = None;
    for (i, c) in span.char_indices() {
        let at = first.start + i;
        match (c, open) {
            ('“', None) | ('"', None) => open = Some(at),
            ('”', Some(from)) | ('"', Some(from)) => {
                quoted.push((from, at));
                open = None;
            }
            _ => {}
        }
    }
    if let Some(from) = open {
        quoted.push((from, usize::MAX));
    }
    tokens.retain(|t| !quoted.iter().any(|&(from, to)| t.start > from && t.end <= to));
    tokens
}

/// Whether a Japanese act's object, right before its cue, is a noun for a person («…者に投票», «…人を占う»).
fn acts_on_unnamed_person(scene: &Scene, cue: &Token) -> bool {
    let before = scene.skeleton.text.get(..cue.start).unwrap_or_default();
    let Some(noun_end) = before.strip_suffix(['に', 'を']) else { return false };
    // A noun with words describing it before it: not the end of a longer word («村人に投票»), nor a bare
    // noun standing for the player just talked about («…支離滅裂。奴に票を固める»).
    scene.lexicon.people.iter().any(|noun| {
        let Some(head) = noun_end.strip_suffix(noun.as_str()) else { return false };
        let described = head.chars().last().is_some_and(|c| !c.is_whitespace() && !"。、,.!?".contains(c));
        described
            && !scene.tokens.iter().any(|t| t.end == noun_end.len() && (t.is_agent() || t.end - t.start > noun.len()))
    })
}

/// A Japanese verb that modifies the name right after it («吊られたタクミ», «黒出ししたAgent[01]»): an
/// attributive clause, which asserts nothing (C6, C18).
pub(super) fn attributive(scene: &Scene, cue: &Token) -> bool {
    let text = scene.skeleton.text.as_str();
    if scene.lexicon.word_boundaries {
        // "The ones claiming seer are Sakura and Yumi": a participle after a noun for people describes them.
        let participle =
            text.get(cue.start..cue.end).is_some_and(|c| c.split(' ').next().is_some_and(|w| w.ends_with("ing")));
        let before = text.get(..cue.start).unwrap_or_default().trim_end();
        return participle
            && scene.lexicon.people.iter().any(|noun| {
                before.strip_suffix(noun.as_str()).is_some_and(|head| head.is_empty() || head.ends_with(' '))
            });
    }
    let mut plain_form = false;
    let rest = match scene.lexicon.ending_at(text, cue.end) {
        // «吊られたタクミ»: a conjugated verb right before the name (an ending with a question or exclamation
        // mark ends its sentence instead; the て-form links to what follows).
        Some((flags, end)) if !text[cue.end..end].contains(['?', '!']) && !flags.any(Flags::TE) => {
            plain_form = flags == Flags::NONE;
            text.get(end..).unwrap_or_default()
        }
        Some(_) => return false,
        // «確白のミヅキ»: a modifier with «の»; «怪しいケンジ»: an adjective in its い-form (C6).
        None => {
            let rest = text.get(cue.end..).unwrap_or_default();
            match rest.strip_prefix('の').or_else(|| rest.strip_prefix('い')) {
                Some(rest) => rest,
                None if text.get(cue.start..cue.end).is_some_and(|cue| cue.ends_with('い')) => rest,
                None => return false,
            }
        }
    };
    let at = text.len() - rest.len();
    // The name, or a group word («投票してくれたみんな»), right after.
    rest.chars().next().is_some_and(|c| {
        matches!(
            c,
            super::words::TOKEN_OTHER | super::words::TOKEN_ME | super::words::TOKEN_YOU | super::words::TOKEN_UNKNOWN
        )
    }) || scene.tokens.iter().any(|t| t.start == at && matches!(t.lex(), Some(Lex::Everyone)))
        // «占い師COしている人が2人»: a verb before a noun for a person (not the start of a word: «人狼»).
        // «占い師を名乗っているお二人»: a number of people, too.
        || scene.lexicon.people.iter().any(|noun| rest.starts_with(noun.as_str()))
            && !scene.tokens.iter().any(|t| t.start == at)
        || scene.tokens.iter().any(|t| t.start == at && matches!(t.lex(), Some(Lex::Quant(Quant::Both))))
        // «吊れる位置», «投票する理由»: a verb's plain form right before a noun in kanji that is no word we know.
        || plain_form && at > cue.end && unknown_kanji_noun_at(scene, at)
}

/// Whether a Japanese cue, with its ending, stands right before a noun written in kanji («怪しい動き»,
/// «白い発言»): it then describes that noun.
fn modifies_noun(scene: &Scene, cue: &Token) -> bool {
    let text = scene.skeleton.text.as_str();
    let end = scene.lexicon.ending_at(text, cue.end).map_or(cue.end, |(_, end)| end);
    text.get(end..)
        .map(|rest| rest.strip_prefix(['い', 'な']).unwrap_or(rest))
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

/// Whether a Japanese cue stands before «の» and a noun in kanji that is no word we know («投票の動き»,
/// «護衛の理由»): it then names a kind of thing, not an act.
fn of_noun(scene: &Scene, cue: &Token) -> bool {
    let text = scene.skeleton.text.as_str();
    text.get(cue.end..).is_some_and(|rest| rest.starts_with('の'))
        && unknown_kanji_noun_at(scene, cue.end + 'の'.len_utf8())
}

/// Whether a word in kanji that is none of ours starts at `at` (a common noun: «位置», «動き»).
fn unknown_kanji_noun_at(scene: &Scene, at: usize) -> bool {
    let text = scene.skeleton.text.as_str();
    text.get(at..).and_then(|rest| rest.chars().next()).is_some_and(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
        && !scene.tokens.iter().any(|t| t.start == at)
}

/// What the piece's neighbours and sentence tell the reader.
#[derive(Debug, Clone, Default)]
pub struct PieceContext {
    /// Whom the sentence addresses.
    pub address: Address,
    /// The sentence ends with a question mark and this is its last piece.
    pub asked: bool,
    /// This is the last piece of its sentence (a Japanese て-form there is a request).
    pub last: bool,
    /// The piece starts its sentence (an English verb first is an imperative).
    pub first: bool,
    /// Flags that hold for the whole sentence (a condition taints all of it, C17).
    pub sentence_flags: Flags,
    /// A subject a piece starting with its verb inherits.
    pub subject: Option<Party>,
    /// A result source stated earlier in the utterance.
    pub source: Option<Origin>,
    /// A divination waiting for its species.
    pub pending: Option<Pending>,
    /// The player a sentence opens with («リン、確実に狼だわ»): the addressee of a request or question, the
    /// topic of an opinion.
    pub vocative: Option<Party>,
    /// The topic of an earlier piece (see [`PieceReading::topic`]).
    pub topic: Option<Party>,
    /// Whether `topic` was stated in this sentence or the one before.
    pub topic_is_near: bool,
    /// The utterance's leading `@`/`>>` mention, which a sentence's vocative may be.
    pub leading: Option<Party>,
    /// A day stated in an earlier piece of the sentence.
    pub day: Option<u32>,
    /// Where the piece ends in the skeleton text.
    pub piece_end: usize,
    /// The connective that opens the piece.
    pub opened_by: Option<super::lexicon::Conn>,
    /// The piece is a reason («…だったから», "because …").
    pub gives_reason: bool,
    /// The player the act or opinion of this sentence or the one before is about (see
    /// [`PieceReading::object`]).
    pub near_object: Option<Party>,
    /// How many of the piece's first tokens were lent by the pieces before it.
    pub lent: usize,
    /// The last other player who claimed seer or medium in the utterance, and the source of their results.
    pub claimant: Option<(Agent, Source)>,
    /// The last other player who claimed bodyguard in the utterance.
    pub guard_claimant: Option<Agent>,
    /// The piece opens with "and" and the one before it, in this sentence, has the speaker as its first
    /// player ("I'll trust the seer and …").
    pub follows_me: bool,
}

fn finish(scene: &Scene, filled: Option<Filled>, context: &PieceContext, out: &mut PieceReading) {
    let Some(filled) = filled else { return };
    // "Rin, you claimed seer and named Kenji as wolf": a known addressee carries to the next verb as a name does.
    if let Some(party) = filled.subject_party()
        && party.people.iter().all(|p| matches!(p, Person::Named(_) | Person::You(Some(_))))
    {
        out.subject = Some(party.clone());
    }
    // «ケンジが占い師だって出てきて、ミナトに黒を打ってた»: a cue that ends in its own て-form links on too.
    out.links_on = filled.flags.any(Flags::TE)
        || !scene.lexicon.word_boundaries
            && scene.skeleton.text.get(filled.cue.0..filled.cue.1).is_some_and(|cue| cue.ends_with(['て', 'で']));
    match build(scene, &filled, context) {
        super::build::Outcome::Read(readings) => {
            let class = filled.frame.map(|frame| frame.class);
            if readings.len() == 1
                && matches!(class, Some(Class::Vote | Class::Divine | Class::Guard | Class::Attack | Class::Estimate))
                // «お前の発言は疑わしいな、狂人の可能性»: the addressee, when known, is a player talked about too.
                && let Some(target) = filled
                    .target
                    .as_ref()
                    .filter(|t| matches!(t.only(), Some(Person::Named(_) | Person::You(Some(_)))))
            {
                out.object = Some(target.clone());
            }
            out.readings.extend(readings)
        }
        super::build::Outcome::Dropped(dropped) => {
            // «占い結果：», «サクラさんの占い結果だと、»: a result word with nothing to report yet says where the
            // results after it come from, and whose they are.
            if let Some(mut origin) = filled.origin() {
                // "Sakura told everyone her seer result: Kenji is a werewolf": the results of someone we cannot
                // name are nobody's the reader can report, least of all the speaker's.
                if scene.lexicon.word_boundaries && filled.flags.any(Flags::HEARSAY) {
                    origin.reporter = Some(Party { people: vec![Person::Unknown], ..Party::me(filled.cue.0) });
                }
                out.source = Some(origin);
            }
            out.dropped.push(dropped)
        }
        super::build::Outcome::Pending(pending) => out.pending = Some(pending),
    }
}

/// The players of a piece: agent references, group words and interrogatives, with lists joined.
fn parties<'l>(scene: &Scene<'l>, tokens: &[Token<'l>], context: &PieceContext) -> Vec<Party> {
    let text = scene.skeleton.text.as_str();
    let mut out: Vec<Party> = Vec::new();
    // «ダイスケ…じゃなくてタクミ»: the party a correction follows, to be replaced by the next one.
    let mut corrected: Option<usize> = None;
    for (i, token) in tokens.iter().enumerate() {
        if matches!(token.lex(), Some(Lex::Correction)) {
            corrected = out.len().checked_sub(1).filter(|_| tokens[..i].last().is_some_and(Token::is_agent));
            continue;
        }
        let (person, after, before, mark_end) = match token.kind {
            Tok::Agent { index, kind, after, before, after_end } => {
                (person_of(scene, index, kind, context), after, before, after_end)
            }
            Tok::Word(Lex::Everyone) => {
                let (after, len) = scene.lexicon.mark_after(text, token.end).map_or((None, 0), |(m, l)| (Some(m), l));
                (Person::Everyone, after, scene.lexicon.mark_before(text, token.start), token.end + len)
            }
            Tok::Word(Lex::Wh) => {
                let (after, len) = scene.lexicon.mark_after(text, token.end).map_or((None, 0), |(m, l)| (Some(m), l));
                (Person::Wh, after, scene.lexicon.mark_before(text, token.start), token.end + len)
            }
            _ => continue,
        };
        let party = Party {
            people: vec![person],
            start: token.start,
            end: token.end,
            mark_end,
            after: after.map(str::to_owned),
            before: before.map(str::to_owned),
            quant: None,
        };
        if let Some(replaced) = corrected.take() {
            out.truncate(replaced);
        }
        // A list: the previous party ends where this one starts, but for a joiner («と», "and", ",").
        // «サクラもユミも»: «も» joins two names when both take it.
        let both_mo = |last: &Party| last.after.as_deref() == Some("も") && after == Some("も");
        if let Some(last) = out.last_mut()
            && last.people.iter().all(|p| !matches!(p, Person::Wh))
            && !matches!(person, Person::Wh)
            && (scene.lexicon.joins(&text[last.end..token.start]) || both_mo(last))
            // "Since Kenji blacked Yumi, I'm voting Yumi", "Rin, I trust you", «タクミ、俺が噛む»: the speaker after a
            // bare comma opens a clause of its own ("Rin, Kenji and I" is a list; in Japanese, unless unmarked).
            && !(person == Person::Me
                && matches!(text[last.end..token.start].trim(), "," | "、")
                && (scene.lexicon.word_boundaries || party.after.is_some()))
            // "My vote's going to Mizuki and I'm not changing it": "I" with a verb glued on opens a clause.
            && !(person == Person::Me && scene.lexicon.word_boundaries && token.subject_contracted(text))
            // "Vote Yumi, everyone.": the group after a bare comma is called on, not listed.
            && !(scene.lexicon.word_boundaries && person == Person::Everyone && text[last.end..token.start].trim() == ",")
            // A list never names one player twice («AかAが狼»: the name said again is no second member).
            && !last.people.contains(&person)
        {
            // «ケンジかリンが狼», "Kenji or Rin is a wolf": one of them, unless a quantifier says how many.
            if scene.lexicon.is_or(&text[last.end..token.start]) && last.quant.is_none() {
                last.quant = Some(Quant::Or);
            }
            // «ケンジもユミも人狼»: «も…も» says both, as «どっちも» does (C12).
            if both_mo(last) && last.quant.is_none() {
                last.quant = Some(Quant::Both);
            }
            last.people.push(person);
            last.end = token.end;
            last.mark_end = mark_end;
            last.after = party.after;
            continue;
        }
        out.push(party);
    }
    // A quantifier in the piece («どっちも», "both", "at least one of") belongs to its list.
    for token in tokens {
        let Some(Lex::Quant(quant)) = token.lex() else { continue };
        let object_after_quant =
            out.iter().any(|p| p.start >= token.end && matches!(p.after.as_deref(), Some("を" | "に")));
        if let Some(list) = out
            .iter_mut()
            .filter(|p| p.people.len() > 1)
            .min_by_key(|p| p.start.abs_diff(token.start).min(p.end.abs_diff(token.end)))
            && (list.quant.is_none() || quant != Quant::Or)
        {
            list.quant = Some(quant);
            // «サクラとケンジの両方が»: the list's part in the clause is marked after its quantifier; with no mark
            // («…のはサクラとユミの二人です») it stands bare.
            if list.after.as_deref() == Some("の") && token.start == list.mark_end {
                let (mark, len) = scene.lexicon.mark_after(text, token.end).map_or((None, 0), |(m, l)| (Some(m), l));
                list.after = mark.map(str::to_owned);
                list.mark_end = token.end + len;
            }
            // «ミナトとシオン、二人ともケンジに投票してた»: a bare list set off by a comma before its quantifier, with
            // the verb's object named after it, is the clause's topic («ケンジとリン、どっちも占いたい» keeps its
            // list as the object).
            if !scene.lexicon.word_boundaries
                && object_after_quant
                && list.after.is_none()
                && text.get(list.mark_end..token.start).is_some_and(|gap| {
                    gap.trim_matches(|c: char| c.is_whitespace() || matches!(c, '、' | ',')).is_empty()
                })
            {
                let (mark, len) = scene.lexicon.mark_after(text, token.end).map_or(("は", 0), |(m, l)| (m, l));
                list.after = Some(mark.to_owned());
                list.mark_end = token.end + len;
            }
        }
    }
    out
}

fn person_of(scene: &Scene, index: usize, kind: RefKind, context: &PieceContext) -> Person {
    let reference = &scene.skeleton.refs[index];
    match kind {
        RefKind::Me => Person::Me,
        RefKind::You => match context.address {
            Address::Agent(agent) => Person::You(Some(agent)),
            _ => Person::You(reference.agent),
        },
        RefKind::Other => match reference.agent {
            Some(agent) if Some(agent) == scene.ctx.speaker => Person::Me,
            Some(agent) => Person::Named(agent),
            None => Person::Unknown,
        },
        RefKind::Unknown => Person::Unknown,
    }
}

/// Fills a cue's frame from the piece.
fn fill_frame<'f>(
    scene: &Scene,
    tokens: &[Token],
    parties: &[Party],
    used: &mut [bool],
    (from, at, to): (usize, usize, usize),
    frame: &'f Frame,
    context: &PieceContext,
) -> Option<Filled<'f>> {
    let cue = tokens[at];
    let japanese = !scene.lexicon.word_boundaries;
    // «私が村寄りで見ていた者に投票した»: the act is on a person the words before describe, not on a player named.
    if japanese
        && matches!(frame.class, Class::Vote | Class::Divine | Class::Guard | Class::Attack)
        && acts_on_unnamed_person(scene, &cue)
    {
        return None;
    }
    // "Last night's divination pegged Minato as a werewolf": an opinion verb whose subject is a divination or
    // medium word reports that result; it holds no opinion.
    if !japanese
        && frame.class == Class::Estimate
        && at > 0
        && match tokens[at - 1].lex() {
            Some(Lex::Source(_)) => true,
            Some(Lex::Cue(f)) => scene.lexicon.frames.frames[f as usize].class == Class::Result,
            _ => false,
        }
        && scene.skeleton.text.get(tokens[at - 1].end..cue.start).is_some_and(|gap| gap.trim().is_empty())
    {
        return None;
    }
    // Japanese predicates come last: their players stand before them (and, in «…のはケンジ», right after).
    let domain_start = tokens.get(from).map_or(cue.start, |t| t.start);
    let domain_end = tokens.get(to).map_or(usize::MAX, |t| t.start);
    let piece_end = tokens.get(to.saturating_sub(1).max(at)).map_or(cue.end, |t| t.end);
    let mut flags = frame.flags;
    // "No plans to put my vote on Kenji": a past form after "to" is the infinitive ("put", "cast" read both ways).
    if !japanese && scene.skeleton.text[..cue.start].trim_end().ends_with(" to") {
        flags.remove(Flags::PAST);
    }
    let mut tail_end = cue.end;
    match scene.lexicon.ending_at(&scene.skeleton.text, cue.end) {
        Some((ending, end)) => {
            flags.insert(ending);
            tail_end = end;
        }
        // «シュンイチさん追放。»: a proposal word with no verb after it is a noun.
        None if japanese && frame.proposal => flags.insert(Flags::NOUN),
        None => {}
    }
    // «ユミに入れるかタクミに入れるか»: an act offered as one of two alternatives is undecided (C17).
    let text = scene.skeleton.text.as_str();
    let offered_until =
        |cue_end: usize, end: usize| text[cue_end..end].ends_with("か、") || text[end..].starts_with('か');
    let offered =
        |cue: &Token| offered_until(cue.end, scene.lexicon.ending_at(text, cue.end).map_or(cue.end, |(_, end)| end));
    let same_act = |t: &Token| matches!(t.lex(), Some(Lex::Cue(f)) if scene.lexicon.frames.frames[f as usize].class == frame.class);
    if japanese
        && offered_until(cue.end, tail_end)
        && tokens.iter().any(|t| t.start != cue.start && same_act(t) && offered(t))
    {
        flags.insert(Flags::UNDECIDED);
    }
    let mut day = None;
    let mut talk = None;
    let mut time = None;
    let mut quant = None;
    let mut values: Vec<(Value, usize, usize)> = Vec::new();
    let mut source = None;
    for (i, token) in tokens.iter().enumerate().take(to).skip(from) {
        match token.kind {
            // The verb ending already said what a word inside it says («投票しない？» is no denial).
            Tok::Word(Lex::Markers(_)) if token.start >= cue.end && token.end <= tail_end => {}
            // "Tell us your role or I'll vote you": the threat and what follows it are not the demand's.
            Tok::Word(Lex::Markers(marker)) if marker.any(Flags::THREAT) && i > at => break,
            Tok::Word(Lex::Markers(mut marker)) => {
                if marker.any(Flags::THREAT) {
                    // The act threatened is no act of the speaker's (C18).
                    marker = marker | Flags::CONDITIONAL;
                }
                // «お前を吊らなきゃ誰かの養分»: «なきゃ» with more words after it is «なければ», a condition.
                if japanese
                    && marker.any(Flags::SHOULD)
                    && text[token.start..token.end].ends_with('ゃ')
                    && !ends_sentence(text[token.end..].trim_start())
                {
                    marker = marker | Flags::CONDITIONAL;
                }
                if japanese && i < at {
                    // Before a Japanese cue only words that colour the whole clause count.
                    marker = marker & BEFORE_JA;
                }
                // «俺は霊能者なんで、…» (see `why_as_because`).
                if japanese && i > at && why_as_because(scene, token) {
                    marker = marker & Flags::WHY.complement();
                }
                // "I must report my divination", «結果を報告します»: the speaker telling, not asking.
                if marker.any(Flags::INFO) && spoken_by_me(text, &tokens[..i]) {
                    marker = marker & Flags::INFO.complement();
                }
                if !japanese && they_say(scene, tokens, i) {
                    marker = (marker & Flags::INFO.complement()) | Flags::REPORT;
                }
                flags.insert(marker);
            }
            Tok::Word(Lex::Role(role)) => values.push((Value::Role(role), token.start, token.end)),
            // «ケンジを本物の占い師だと信じている»: trust that names a village role through another opinion's
            // words (a suspicion word in the clause does not turn trust into suspicion).
            Tok::Word(Lex::Cue(other)) if frame.class == Class::Estimate && frame.value == Some(VILLAGER) => {
                let other = &scene.lexicon.frames.frames[other as usize];
                if let Some(FrameValue::Role(role)) = other.value.filter(|_| other.class == Class::Estimate)
                    && matches!(role, Role::Seer | Role::Medium | Role::Bodyguard)
                {
                    values.push((Value::Role(role), token.start, token.end));
                }
            }
            Tok::Word(Lex::Species(species)) => values.push((Value::Species(species), token.start, token.end)),
            Tok::Word(Lex::Mark(species)) => values.push((Value::Mark(species), token.start, token.end)),
            Tok::Word(Lex::Wolf) => values.push((Value::Wolf, token.start, token.end)),
            // «狼じゃなくて狂人»: a correction replaces the value before it; with nothing after it to
            // replace it by, it denies («投票するんじゃなくて、»).
            Tok::Word(Lex::Correction) => {
                let replaced_by = tokens[i + 1..to].iter().find(|t| t.is_agent() || t.is_value());
                match replaced_by {
                    Some(next) if next.is_value() => values.clear(),
                    Some(_) => {}
                    None => flags.insert(Flags::NEG),
                }
            }
            Tok::Word(Lex::Source(s)) => source = Some(s),
            Tok::Word(Lex::Time(t)) => time = Some(t),
            Tok::Word(Lex::Quant(q)) => quant = Some(q),
            Tok::Day(n) => day = Some(n),
            Tok::Talk(t) => talk = Some(t),
            _ => {}
        }
    }
    // "Kenji gives me major werewolf vibes": a value describing a feeling is no result handed out.
    if !japanese
        && frame.class == Class::Result
        && values.iter().any(|&(_, _, end)| scene.lexicon.nearby.feeling_next(&scene.skeleton.text[end..]))
    {
        return None;
    }
    let mut filled = Filled::new(frame, cue.start, cue.end);
    filled.flags = flags | context.sentence_flags;
    if context.asked {
        filled.flags.insert(Flags::QUESTION);
    }
    // A sentence that ends in the て-form asks for it («占って», «投票してね»); inside a sentence it links.
    if japanese && context.last && flags.contains(Flags::TE) && ends_sentence(&scene.skeleton.text[tail_end..]) {
        filled.flags.insert(Flags::REQUEST);
    }
    // «ユミがケンジに投票して、ケンジが吊られた»: a verb linked by its て-form takes its tense from the sentence's end.
    if japanese
        && flags.contains(Flags::TE)
        && !filled.flags.any(Flags::PAST | Flags::REQUEST | Flags::INTENT | Flags::INCLUSIVE | Flags::QUESTION)
        && sentence_ends_past(scene, tail_end)
    {
        filled.flags.insert(Flags::PAST);
    }
    filled.day = day.or(context.day);
    filled.talk = talk;
    filled.time = time;
    filled.quant = quant;
    filled.source = match (frame.source, source) {
        // «霊能でリンが人狼と出た»: a result given or received names no source of its own; the source word does.
        (Some(_), Some(word)) if frame.flags.any(Flags::GIVE | Flags::RECEIVE) => Some(word),
        // «霊能でケンジを調べる»: a look by the medium, which the divination verb must not claim (see `build`).
        (Some(Source::Divination), Some(Source::Medium)) if frame.class == Class::Divine && values.is_empty() => {
            Some(Source::Medium)
        }
        // "I'm the medium, and Shion came back as a werewolf": the speaker's own claim names the source (C18).
        // «霊能の結果。ケンジに人間判定»: so does the speaker's source word before a verdict that any seer or
        // medium gives.
        (Some(_), None)
            if (frame.handed_back || frame.flags.any(Flags::GIVE))
                && context.source.as_ref().is_some_and(|o| o.reporter.is_none()) =>
        {
            context.source.as_ref().map(|o| o.source)
        }
        (of_frame, word) => of_frame.or(word),
    };
    filled.source_word = source.is_some();
    filled.values = values.into_iter().map(|(v, s, e)| (v, (s, e))).collect();
    // «人狼っていろんな役職あるんだよね», «裏切り者なんて役職»: a role as the topic of a remark on roles, or named
    // as a kind, is not the role claimed.
    if japanese && frame.class == Class::Claim && frame.value.is_none() {
        let text = scene.skeleton.text.as_str();
        // «占い師が名乗り出ていない»: a role marked «が» is whoever holds it coming out, not the speaker's claim.
        // «騎士ってことで名乗っておく» is "as".
        let topic = |rest: &str| {
            ["は", "って", "なんて", "とか", "という", "が"].iter().any(|p| rest.starts_with(p))
                && !["ってことで", "ということで"].iter().any(|as_role| rest.starts_with(as_role))
        };
        // «狩人って名乗り出てた»: a role quoted right before the claim verb is what was claimed.
        let quoted = |end: usize| {
            text.get(end..).is_some_and(|rest| rest.starts_with("って"))
                && (cue.start == end || cue.start == end + "って".len())
        };
        filled.values.retain(|&(_, (_, end))| quoted(end) || !text.get(end..).is_some_and(topic));
    }
    filled.value_or = value_disjunction(scene, tokens, from, to);
    // «タクミに黒出された»: a passive «出す» is received; its «に» marks the giver.
    let passive_give: Vec<(Slot, Vec<String>)>;
    let slots = if frame.flags.any(Flags::GIVE) && filled.flags.any(Flags::PASSIVE) {
        passive_give = vec![
            (Slot::Target, vec!["は".into(), "が".into(), "before".into()]),
            (Slot::Reporter, vec!["に".into(), "から".into(), "by".into()]),
        ];
        &passive_give
    } else {
        &frame.slots
    };
    // "Yumi is the one I suspect most": a player before a relative clause's head is what the clause's verb is
    // about, whatever marks its target takes; the clause's subject, right before the verb, holds or does it.
    let relative_object = if japanese {
        None
    } else {
        let text = scene.skeleton.text.as_str();
        let subject = parties.iter().find(|p| {
            p.end <= cue.start && text.get(p.end..cue.start).is_some_and(|gap| !gap.contains(char::is_alphanumeric))
        });
        subject.and_then(|subject| {
            parties.iter().position(|head| {
                head.is_third_party()
                    && head.end <= subject.start
                    && head.start >= domain_start
                    && text
                        .get(head.end..subject.start)
                        .is_some_and(|gap| scene.lexicon.nearby.heads_relative_clause(gap))
            })
        })
    };
    // Participants: each role takes the nearest unused player with one of its marks, marks in order.
    for (slot, marks) in slots {
        let mut chosen = relative_object.filter(|&k| *slot == Slot::Target && !used[k]);
        'marks: for mark in marks.iter().filter(|_| chosen.is_none()) {
            let mut best: Option<(usize, usize)> = None;
            for (k, party) in parties.iter().enumerate() {
                if used[k] || party.start < domain_start || party.start >= domain_end {
                    continue;
                }
                // «占いCO ケンジ● リン○»: a player a result mark follows is the result's, not the claimant; «狩人CO
                // 昨日ミヅキ守った»: one a later verb follows is that verb's.
                if *slot == Slot::Claimant
                    && japanese
                    && tokens.iter().any(|t| {
                        t.start == party.mark_end
                            && (matches!(t.lex(), Some(Lex::Mark(_)))
                                || party.start >= cue.end && matches!(t.lex(), Some(Lex::Cue(_))))
                    })
                {
                    continue;
                }
                let marked = if mark == "next" {
                    !japanese && party.before.is_none() && right_after(&scene.skeleton.text, cue.end, party.start)
                } else {
                    has_mark(party, mark, cue.start, cue.end, japanese)
                        // "I'm going with Kenji", "look into Kenji": the preposition before the player is the
                        // cue's own last word.
                        || mark == "after"
                            && !japanese
                            && party.before.is_some()
                            && party.start >= cue.end
                            && scene.skeleton.text[cue.end..party.start].trim().is_empty()
                };
                if !marked {
                    continue;
                }
                // «俺はシオン最黒»: the speaker set off with «は» before a bare player holds the opinion; the bare
                // player is what it is about.
                if *slot == Slot::Target
                    && japanese
                    && mark == "は"
                    && party.only() == Some(Person::Me)
                    && parties.iter().any(|other| {
                        other.start >= party.mark_end
                            && other.end <= cue.start
                            && other.after.is_none()
                            && other.is_third_party()
                    })
                {
                    continue;
                }
                // "he's white Do not trust quick COs": a player before an English verb with a role or species
                // between them is that value's subject, not the verb's object.
                if *slot == Slot::Target
                    && !japanese
                    && mark == "before"
                    && frame.verb
                    && tokens.iter().any(|t| {
                        t.start >= party.end
                            && t.end <= cue.start
                            && matches!(t.lex(), Some(Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf))
                    })
                {
                    continue;
                }
                // «僕を疑ってミユを残したら»: a conjugated Japanese verb ends its clause; an object after it is a
                // later verb's.
                if japanese
                    && tail_end > cue.end
                    && party.start >= tail_end
                    && matches!(party.after.as_deref(), Some("を" | "に"))
                {
                    continue;
                }
                // «ケンジは私の占いを疑っている»: a verb whose object is a thing, not a player, is not about the
                // player set off as its topic or subject; that player does it.
                if *slot == Slot::Target
                    && japanese
                    && matches!(
                        frame.class,
                        Class::Estimate | Class::Vote | Class::Divine | Class::Guard | Class::Attack
                    )
                    && matches!(mark.as_str(), "は" | "が")
                    && party.mark_end != cue.start
                    && scene.skeleton.text[..cue.start].ends_with('を')
                {
                    continue;
                }
                // "I voted for Rin's pick, Kenji": a possessor after a preposition is not what an act is on (in
                // "divined Kenji and he's a wolf" «'s» is "is").
                if *slot == Slot::Target
                    && !japanese
                    && matches!(frame.class, Class::Vote | Class::Divine | Class::Guard | Class::Attack)
                    && party.after.as_deref() == Some("'s")
                    && party.before.is_some()
                    && mark != "'s"
                {
                    continue;
                }
                // An interrogative asks for the target ("who did you vote for?"), never for who acts; a group
                // word acts or is asked, never is the target.
                if *slot != Slot::Target && party.people.contains(&Person::Wh)
                    || *slot == Slot::Target && party.people.contains(&Person::Everyone)
                {
                    continue;
                }
                // "Sakura's vote yesterday wasn't on Takumi": a vote owned is its owner's act only when told as past
                // ("follow Sakura's vote" asks nothing of Sakura).
                if *slot == Slot::Actor
                    && !japanese
                    && mark == "'s"
                    && frame.class == Class::Vote
                    && !filled.flags.any(Flags::PAST)
                {
                    continue;
                }
                // «あなた視点で一番狼っぽいのは誰»: the player whose view it is holds the opinion, never is its object.
                if *slot == Slot::Target && party.after.as_deref() == Some("視点") {
                    continue;
                }
                // The speaker reports results; "I" before a result word is not what it is about.
                if *slot == Slot::Target
                    && frame.class == super::frames::Class::Result
                    && !matches!(mark.as_str(), "を" | "に" | "after" | "as" | "on" | "to")
                    && party.only() == Some(Person::Me)
                {
                    continue;
                }
                // "I'm getting seer vibes": in English the speaker before an opinion taking its role from the clause
                // is who has the feeling, not whom it is about (no claim).
                if *slot == Slot::Target
                    && !japanese
                    && frame.estimates_role_from_clause()
                    && mark == "before"
                    && party.only() == Some(Person::Me)
                    && !scene.lexicon.nearby.held_before(&scene.skeleton.text[..party.start])
                {
                    continue;
                }
                // «彼女の遺志を継いで、今日はタクミに投票»: a player marked «の» owns the noun after it; past a comma
                // that noun is another phrase's, not the act's (a result or remark of theirs may still be talked
                // about after the comma: «ミナトの占いでは、…», «シオンの発言、…黒っぽい»).
                if japanese
                    && *slot == Slot::Actor
                    && mark == "の"
                    && party.mark_end <= cue.start
                    && scene.skeleton.text.get(party.mark_end..cue.start).is_some_and(|gap| gap.contains(['、', ',']))
                {
                    continue;
                }
                // «占ったらユミが黒だった»: a Japanese divination's actor stands before it; a player marked «は»/«が»
                // after it is the one divined, and only then.
                if japanese && frame.class == Class::Divine && matches!(mark.as_str(), "は" | "が") {
                    let after_verb = party.start >= cue.end;
                    if (*slot == Slot::Target) != after_verb {
                        continue;
                    }
                }
                // «サクラは守ってくれた»: an act done for the speaker is done by the player set off with «は».
                if *slot == Slot::Target
                    && japanese
                    && mark == "は"
                    && party.end <= cue.start
                    && scene.skeleton.text.get(cue.end..).is_some_and(|rest| {
                        ["ってくれ", "してくれ", "てくれ", "でくれ", "んでくれ"]
                            .iter()
                            .any(|done_for| rest.starts_with(done_for))
                    })
                {
                    continue;
                }
                // «私はケンジが本物の占い師だと思う»: of «XはYが…», Y is whom the opinion is about, X who holds it.
                if *slot == Slot::Target
                    && japanese
                    && frame.class == Class::Estimate
                    && mark == "は"
                    && parties.iter().any(|other| {
                        other.after.as_deref() == Some("が") && other.start >= party.mark_end && other.end <= cue.start
                    })
                {
                    continue;
                }
                // «私はミナト吊りに一票», «タクミ、俺が噛む»: the speaker set off with «は» or «が» is who acts, never
                // whom their own act is on (a passive aside: «俺が噛まれた»).
                if *slot == Slot::Target
                    && japanese
                    && matches!(frame.class, Class::Vote | Class::Divine | Class::Guard | Class::Attack)
                    && (mark == "は" || mark == "が" && !filled.flags.any(Flags::PASSIVE))
                    && party.only() == Some(Person::Me)
                {
                    continue;
                }
                // Japanese predicates end their clause: of the players after a noun cue («霊能結果でユミが庇ってた
                // リンが黒»), the one nearest the end is the main clause's.
                let distance = if party.end <= cue.start {
                    cue.start - party.end
                } else if japanese {
                    piece_end.saturating_sub(party.end)
                } else {
                    party.start - cue.end
                };
                if best.is_none_or(|(_, d)| distance < d) {
                    best = Some((k, distance));
                }
            }
            if let Some((k, _)) = best {
                chosen = Some(k);
                break 'marks;
            }
        }
        if let Some(k) = chosen {
            used[k] = true;
            filled.set(*slot, parties[k].clone());
        }
    }
    // «ケンジに黒を出したのはリンだよ», «サクラを疑ってるのはケンジだけ»: with what the act is on named before it, the
    // player a cleft puts after «のは» is who did it.
    if japanese
        && filled.subject.is_none()
        && filled.target.is_some()
        && let Some(end) = scene.lexicon.nominalised_at(text, cue.end)
        && let Some(k) = parties.iter().enumerate().position(|(k, p)| {
            !used[k]
                && p.after.is_none()
                && p.people.len() == 1
                && text.get(end..p.start).is_some_and(|gap| gap.trim().is_empty())
        })
        && parties[k].is_third_party()
    {
        used[k] = true;
        filled.set_subject(parties[k].clone());
    }
    // «シオンいわく、ケンジが怪しい», «タクミによると昨晩はミヅキを守った»: what a player is quoted as saying is
    // theirs (a bare «から» is "from": «ケンジから占う»).
    if japanese
        && filled.subject.is_none()
        && frame.class != Class::Result
        && let Some(k) = parties
            .iter()
            .enumerate()
            .position(|(k, p)| !used[k] && quoted(text, p) && p.end <= cue.start && p.start >= domain_start)
        && parties[k].is_third_party()
        && parties[k].people.len() == 1
    {
        used[k] = true;
        filled.set_subject(parties[k].clone());
        filled.flags.insert(Flags::REPORT);
    }
    // "Mizuki told us her divination on Takumi came back werewolf", "According to Rin, her divination…": a result
    // said with "her" / "his" / "their" is another player's, the one before the report word (or else before the
    // result); with nobody there it is no one's we can name (C5), never the speaker's. "Kenji says Sakura came back
    // white": so is a result the player right before a report word tells.
    if !japanese && frame.class == Class::Result && filled.subject.is_none() {
        let report_word = tokens[from..at]
            .iter()
            .rposition(|t| matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::REPORT)))
            .map(|r| tokens[from + r].start);
        let report = report_word.unwrap_or(cue.start);
        let teller = parties
            .iter()
            .enumerate()
            .filter(|(k, p)| !used[*k] && p.start >= domain_start && p.end <= report)
            .max_by_key(|(_, p)| p.end)
            .filter(|(_, p)| p.is_third_party() && p.people.len() == 1)
            .map(|(k, p)| (k, p.clone()));
        if third_person_result(scene, &tokens[at..to.max(at)], &cue) {
            // "Rin posted her divination result": the player before it, taken as what the result is about, is its
            // owner.
            let owner = filled.target.take_if(|t| t.end <= report && t.is_third_party() && t.people.len() == 1);
            match (owner, teller) {
                (Some(owner), _) => filled.set(Slot::Reporter, owner),
                (None, Some((k, party))) => {
                    used[k] = true;
                    filled.set(Slot::Reporter, party);
                }
                // "Mizuki claimed seer. Her result: Kenji is a wolf.": the player who claimed the power before.
                (None, None) => match context.claimant {
                    Some((claimant, source)) => {
                        filled.set(
                            Slot::Reporter,
                            Party { people: vec![Person::Named(claimant)], ..Party::me(cue.start) },
                        );
                        filled.source = filled.source.or(Some(source));
                    }
                    None => filled.flags.insert(Flags::HEARSAY),
                },
            }
        } else if let (Some(report), Some((k, party))) = (report_word, teller)
            && text.get(party.mark_end.max(party.end)..report).is_some_and(|gap| gap.trim().is_empty())
        {
            used[k] = true;
            filled.set(Slot::Reporter, party);
        }
    }
    // «ミヅキが占いCOした。その結果ではケンジが黒», «彼女の結果では…»: a result of the player who claimed the power
    // before, pointed back to, has the source their claim gives.
    if japanese
        && frame.class == Class::Result
        && let Some((claimant, source)) = context.claimant
    {
        let pointed_back = filled.subject.is_none() && text[..cue.start].ends_with("その");
        if pointed_back {
            filled.set(Slot::Reporter, Party { people: vec![Person::Named(claimant)], ..Party::me(cue.start) });
        }
        if filled.subject.as_ref().and_then(Party::only) == Some(Person::Named(claimant)) {
            filled.source = filled.source.or(Some(source));
        }
    }
    // «リンが狩人CO、昨夜はサクラを守ったらしい»: a past guard told as heard, with no one named, right after
    // another player's bodyguard claim, is theirs (without hearsay it is the speaker's).
    if frame.class == Class::Guard
        && filled.subject.is_none()
        && filled.flags.any(Flags::PAST)
        && filled.flags.any(Flags::HEARSAY | Flags::REPORT)
        && !filled.flags.any(Flags::QUESTION)
        && let Some(claimant) = context.guard_claimant
        && filled.target.as_ref().and_then(Party::only) != Some(Person::Named(claimant))
    {
        filled.set(Slot::Actor, Party { people: vec![Person::Named(claimant)], ..Party::me(cue.start) });
    }
    // «Agent[02]にAgent[01]を占ってほしい»: in a request, a player marked «に» and left over is the one asked; with
    // the subject named («Agent[02]にAgent[01]が占い師だと宣言してほしい»), a claimant's, it is kept as the asked.
    if japanese
        && filled.flags.any(Flags::REQUEST)
        && (filled.subject_party().is_none() || frame.class == Class::Claim)
        && let Some(k) = parties.iter().enumerate().position(|(k, p)| {
            !used[k]
                && p.after.as_deref() == Some("に")
                && p.end <= cue.start
                && p.start >= domain_start
                && matches!(p.only(), Some(Person::Named(_) | Person::You(_)))
        })
    {
        used[k] = true;
        if filled.subject_party().is_none() {
            filled.set_subject(parties[k].clone());
        } else {
            filled.asked = Some(parties[k].clone());
        }
    }
    // "who will you vote for?": an interrogative anywhere in the clause is what it asks about.
    if filled.target.is_none()
        && let Some(k) = parties.iter().enumerate().position(|(k, p)| {
            !used[k] && p.only() == Some(Person::Wh) && p.start >= domain_start && p.start < domain_end
        })
    {
        used[k] = true;
        filled.target = Some(parties[k].clone());
    }
    // «ミドリが素村COを続けるのは怪しい»: an opinion of a nominalised clause is about that clause's subject,
    // even when the clause's own frame took it as its claimant.
    if japanese
        && filled.target.is_none()
        && frame.class == super::frames::Class::Estimate
        && frame.asks.is_none()
        // «アレンが慎重なのは信用できる»: trusting what a player does is no trust in the player (house rule 6).
        && frame.value != Some(super::frames::Value::Role(crate::protocol::Role::Villager))
        && let Some(k) = parties.iter().rposition(|p| {
            p.after.as_deref() == Some("が")
                && p.end <= cue.start
                && matches!(p.only(), Some(Person::Named(_)))
                && scene.lexicon.nominalises(&scene.skeleton.text[p.end..cue.start])
        })
    {
        used[k] = true;
        filled.target = Some(parties[k].clone());
    }
    // «リンさん、ケンジさんへ話を振ったのは怪しい»: the object of a clause turned noun is not whom the opinion after
    // it is about; the clause's subject is, here left out (the player set off at the start, if any).
    if japanese
        && frame.class == Class::Estimate
        && filled.target.as_ref().is_some_and(|t| {
            matches!(t.after.as_deref(), Some("に" | "を"))
                && t.end <= cue.start
                && scene.lexicon.nominalises(&scene.skeleton.text[t.end..cue.start])
        })
    {
        filled.target = None;
    }
    // «ミヅキさんは多数派に票を合わせています»: with a noun, no player, as the vote's object, the player set off with
    // «は» is the one who votes.
    if japanese
        && frame.class == Class::Vote
        && filled.subject.is_none()
        && noun_object_before(scene, cue.start)
        && let Some(topic) = filled.target.take_if(|t| t.after.as_deref() == Some("は"))
    {
        filled.set_subject(topic);
    }
    // «タクミさん、霊能者っぽい動きしてるよね», «5番、狼目で見てます»: a name set off at the start is what an
    // opinion or a result is about when the piece names nobody else.
    if filled.target.is_none()
        && matches!(frame.class, super::frames::Class::Estimate | super::frames::Class::Result)
        && frame.asks.is_none()
        && frame.negated == super::frames::Negated::Drop
        // «…人狼ということですよね。どう思いますか？» asks what everyone thinks, not about the earlier player.
        && !frame.leaves_value_open()
        // "@Jonathan Victoria's voting seems odd with Minato's clears": another player's results with no player
        // of their own are about nobody set off or talked about.
        && !(frame.class == super::frames::Class::Result && filled.subject.as_ref().is_some_and(Party::is_third_party))
        && let Some(topic) = own_vocative(context).or(context.topic.as_ref()).or(context
            .vocative
            .as_ref()
            // «>>Agent[03] …。Agent[02]からは敵の匂いがする。占いで黒を引いているからね»: the utterance's addressee
            // is not whom a result left without its player is about.
            .filter(|_| frame.class != super::frames::Class::Result)
            // «@タクミ …怪しい動きも見ておく»: an adjective before a noun, with no player set off in its own
            // sentence or talked about, describes that noun rather than the player the utterance addresses.
            .filter(|_| !(japanese && modifies_noun(scene, &cue))))
    {
        filled.target = Some(topic.clone());
    }
    // «@ミナ、…今日は投票するね»: the player the sentence opens with is whom the speaker's vote names.
    // "Your vote pattern is odd, @Kenji": a frame that asks about the addressee's own vote takes no target from
    // the call.
    if filled.target.is_none()
        && frame.class == super::frames::Class::Vote
        && frame.asks.is_none()
        && frame.slots.iter().any(|(slot, _)| *slot == Slot::Target)
        && !filled.flags.any(Flags::QUESTION | Flags::REQUEST | Flags::INCLUSIVE | Flags::INFO)
        // «ケンジの投票に反対»: another player's vote is not the speaker's.
        && filled.subject_party().is_none_or(|p| p.only() == Some(Person::Me))
        // «@シズエ …投票先はシズエで固定»: a player named in the clause but not as the target keeps it open (C8).
        && !parties.iter().enumerate().any(|(k, p)| {
            !used[k] && p.is_third_party() && p.start >= domain_start && p.start < domain_end
        })
        // «私は人狼らしい人に投票する»: a vote whose object is a noun, no player, names nobody.
        && !(japanese && noun_object_before(scene, cue.start))
        // «@ケンジ 今日の票、ユミに…»: the vote named as a thing, set off, is no act on the player called.
        && !(japanese && scene.skeleton.text.get(cue.end..).is_some_and(|rest| rest.starts_with(['、', ',', 'は', 'が'])))
        && let Some(topic) = &context.vocative
    {
        filled.target = Some(topic.clone());
    }
    // Japanese leaves out the player the sentence just talked about. «ケンジは人狼だと思うから投票するよ»,
    // «…狼だ。吊ろう»: a vote with no target takes the near topic. «ミオに投票します。私の占いで黒と出たから
    // です。»: a result with no player, given as the reason of an act on a player, is about that player.
    // «ケンジに投票を集めたい。投票してくれるかい？»: a call to vote, with no target, for the player just named.
    let calls = filled.flags.any(Flags::REQUEST | Flags::INCLUSIVE);
    let left_out = match frame.class {
        Class::Vote if context.topic_is_near => context.topic.as_ref(),
        Class::Vote if calls => context.near_object.as_ref(),
        Class::Result if context.gives_reason => context.near_object.as_ref(),
        // «今夜はケンジを占う。だって一番狼っぽいから»: so is an opinion given as the reason.
        Class::Estimate if context.gives_reason => context.near_object.as_ref(),
        _ => None,
    };
    if filled.target.is_none()
        && japanese
        // «…人狼らしく思えます。投票の動きがいつも後追い»: an act word before «の» and a noun only names a kind.
        && !of_noun(scene, &cue)
        // «ケンジは村っぽいから、投票しないで»: a call not to act names the player just talked about too.
        && (calls || !filled.flags.any(Flags::NEG))
        // «…アヤは怪しい。君の投票先を聞きたい»: what is asked about is open, not the player just named.
        && (calls || !filled.flags.any(Flags::QUESTION | Flags::INFO))
        && let Some(player) = left_out
    {
        filled.target = Some(player.clone());
    }
    // A piece that starts with its verb shares the subject of the piece before ("… and divined Shizue").
    if filled.subject_party().is_none()
        && let Some(subject) = &context.subject
        && (japanese || !tokens[..at].iter().any(|t| t.is_agent()))
        && (japanese || context.opened_by == Some(super::lexicon::Conn::And))
        && !context.first
        && frame.slots.len() > 1
        && frame.class != super::frames::Class::Estimate
    {
        filled.set_subject(subject.clone());
    }
    // «タクミは怪しい。昨日ケンジに投票してたし»: a Japanese past vote with no subject, right after another player
    // was talked about, is that player's doing (the topic carries over), unless it was on that player.
    if japanese
        && frame.class == Class::Vote
        && filled.subject_party().is_none()
        && filled.flags.any(Flags::PAST)
        && !filled.flags.any(Flags::QUESTION | Flags::REQUEST | Flags::INCLUSIVE | Flags::INFO)
        && context.topic_is_near
        && let Some(topic) = context.topic.as_ref().filter(|t| t.is_third_party())
        && filled.target.as_ref().is_some_and(|target| target.people != topic.people)
        && !tokens.iter().any(|t| matches!(t.kind, Tok::Agent { kind: RefKind::Me, .. }))
    {
        filled.set_subject(topic.clone());
    }
    // «サクラさん、私に白くれたんだよね», «ケンジ、さっきの霊能CO取り下げたね»: a past act told to the player
    // called, with nobody else as its subject, is that player's when the telling says so — a confirming tag,
    // a retraction, a report of what they said, or a result that nobody else could have given.
    if japanese
        && filled.subject_party().is_none()
        && (filled.flags.any(Flags::PAST) || filled.flags.contains(Flags::TAG | Flags::RETRACT))
        && (filled.flags.any(Flags::TAG | Flags::RETRACT | Flags::REPORT) || frame.class == Class::Result)
        && !filled.flags.any(Flags::QUESTION | Flags::REQUEST | Flags::INCLUSIVE | Flags::INFO | Flags::HEARSAY)
        && matches!(frame.class, Class::Vote | Class::Result | Class::Claim | Class::Divine | Class::Guard)
        && let Some(called) = own_vocative(context).filter(|v| v.is_third_party())
        && filled.target.as_ref().is_none_or(|target| target.people != called.people)
        && !tokens
            .iter()
            .any(|t| matches!(t.kind, Tok::Agent { kind: RefKind::Me, after: None | Some("は" | "が" | "も"), .. }))
    {
        filled.set_subject(called.clone());
    }
    // An English verb that opens its sentence (after "please", "everyone", a time) with no subject, or that
    // follows a command's object ("Attack Servas vote for Asuka": the second verb is a command too).
    let mut after_command = false;
    let opens = tokens[context.lent.min(at)..at].iter().all(|t| match t.lex() {
        // "Confirmed—kill Mio tonight", "Really, vote Kenji".
        Some(Lex::Markers(m)) => m.any(Flags::REQUEST | Flags::NEG | Flags::GENUINE),
        Some(Lex::Everyone | Lex::Conn(_) | Lex::Time(_)) => true,
        Some(Lex::Cue(f)) if scene.lexicon.frames.frames[f as usize].verb => {
            after_command = true;
            true
        }
        _ => after_command && t.is_agent(),
    });
    filled.imperative = !japanese
        && frame.verb
        // A piece of its own after a dash or comma ("Confirmed—kill Mio tonight") unless it continues a subject.
        && (context.first || context.opened_by.is_some() || context.subject.is_none())
        // "I'll trust the seer and vote Rin": a verb after "and" continues the speaker's own clause.
        && !context.follows_me
        && opens
        && !tokens.get(at).is_some_and(|cue| names_the_act(scene, cue))
        && !filled.flags.any(Flags::PAST | Flags::INTENT | Flags::QUESTION)
        // "Cast my vote for Mizuki yesterday": an act dated in the past is a report with its "I" left out.
        && filled.time != Some(Time::Past)
        && filled.subject_party().is_none_or(|p| p.only() == Some(Person::Everyone));
    filled.pending = context.pending.clone();
    filled.context_source = context.source.clone();
    filled.address = context.address;
    Some(filled)
}

/// Whether an English verb cue names its act rather than tells anyone to do it: after a possessive or a
/// determiner it is a noun ("Last night's guard: Kenji", "My shield goes on Sakura"; "put your shield on Yumi"
/// still tells the addressee), and as a gerund it is a subject ("Trusting Shion is beyond me").
fn names_the_act(scene: &Scene, cue: &Token) -> bool {
    let text = scene.skeleton.text.as_str();
    let before = text[..cue.start].trim_end();
    let nearby = &scene.lexicon.nearby;
    let after_determiner =
        nearby.without_determiners(before).len() < before.len() && !nearby.says_addressee_possessive(last_word(before));
    let first_word = text[cue.start..cue.end].split(' ').next().unwrap_or_default();
    let gerund = first_word.len() > 3
        && first_word.get(first_word.len() - 3..).is_some_and(|ending| ending.eq_ignore_ascii_case("ing"));
    before.ends_with("'s") || after_determiner || gerund
}

/// The sentence's own vocative, not the utterance's leading `@` mention standing in for it: an earlier
/// sentence's topic is nearer than the player the whole utterance addresses.
/// Whether a Japanese cue has an object particle right before it after a word that is no player or group word
/// («人狼らしい人に|投票»).
fn noun_object_before(scene: &Scene, cue_start: usize) -> bool {
    let before = scene.skeleton.text[..cue_start].trim_end();
    let Some(head) = before.strip_suffix(['に', 'を', 'へ']) else { return false };
    !scene.tokens.iter().any(|t| t.end == head.len() && (t.is_agent() || matches!(t.lex(), Some(Lex::Everyone))))
}

/// «俺は霊能者なんで、…»: a why-word set off by a comma after the predicate, in a sentence that asks nothing, is
/// «なので» («疑う理由を教えて» asks why).
fn why_as_because(scene: &Scene, token: &Token) -> bool {
    let rest = &scene.skeleton.text[token.end..];
    rest.starts_with(['、', ',']) && !rest[..rest.find(['。', '.', '!', '\n']).unwrap_or(rest.len())].contains('?')
}

fn own_vocative(context: &PieceContext) -> Option<&Party> {
    context.vocative.as_ref().filter(|v| context.leading.as_ref().is_none_or(|l| l.start != v.start))
}

/// Words before a Japanese cue that still colour it.
const BEFORE_JA: Flags = Flags::HEDGE
    .union(Flags::WHY)
    .union(Flags::CONDITIONAL)
    .union(Flags::UNDECIDED)
    .union(Flags::MUSING)
    .union(Flags::HEARSAY)
    .union(Flags::GENUINE)
    .union(Flags::MOST)
    .union(Flags::INFO);

/// Whether a player starting at `start` follows the cue ending at `cue_end` with nothing but spaces or a comma
/// between: an English appositive ("I trust the real seer Kenji", mark `next`).
fn right_after(text: &str, cue_end: usize, start: usize) -> bool {
    start >= cue_end
        && text
            .get(cue_end..start)
            .is_some_and(|gap| gap.trim_matches(|c: char| c.is_whitespace() || c == ',').is_empty())
}

fn has_mark(party: &Party, mark: &str, cue_start: usize, cue_end: usize, japanese: bool) -> bool {
    let before_cue = party.end <= cue_start;
    let after_cue = party.start >= cue_end;
    match mark {
        "any" => true,
        "before" => {
            before_cue && if japanese { party.after.is_none() } else { party.before.is_none() && party.after.is_none() }
        }
        "after" => {
            after_cue
                && if japanese {
                    party.after.is_none()
                } else {
                    // "showed me that…": an indirect object is no target.
                    party.before.is_none() && party.after.as_deref() != Some("iobj")
                }
        }
        // "Mio's silence on her voting": an English object preposition governs what follows it, so a player
        // it marks before the cue belongs to another word.
        "for" | "on" | "to" | "against" if !japanese => after_cue && party.before.as_deref() == Some(mark),
        // "a wolf who's hiding": «who's» is "who is", no one's possession.
        "'s" => party.after.as_deref() == Some(mark) && !party.people.contains(&Person::Wh),
        _ => party.after.as_deref() == Some(mark) || party.before.as_deref() == Some(mark),
    }
}

/// «狼か狂人», "a werewolf or the possessed": two values joined by «か» / "or".
fn value_disjunction(scene: &Scene, tokens: &[Token], from: usize, to: usize) -> bool {
    let text = scene.skeleton.text.as_str();
    let values: Vec<&Token> = tokens[from..to]
        .iter()
        .filter(|t| matches!(t.lex(), Some(Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf)))
        .collect();
    values.windows(2).any(|w| scene.lexicon.is_or(&text[w[0].end..w[1].start]))
}

/// Whether a Japanese role or species word is followed by a case particle or a count («この村で», «村のみんな»,
/// «狼2匹»): it then modifies or counts something, and states nobody's role.
fn case_particle(rest: &str) -> bool {
    // «占い師に見える», «狂人の可能性が高い», «人狼のような気がする»: what a player looks like, or may be, is
    // still the state, and so is the last of alternatives («人狼か狂人のどちらかだ»).
    let copula = [
        "です",
        "でし",
        "でご",
        "であ",
        "では",
        "でも",
        "でな",
        // «村人でーす»: a drawn-out copula.
        "でー",
        // «人狼でいらっしゃいました»: the honorific copula.
        "でいらっしゃ",
        "に見え",
        "に思え",
        // «人狼にしか見えない»: only looks like it.
        "にしか見え",
        "にしか思え",
        "の可能性",
        "のどちらか",
        "のどっちか",
        "のいずれか",
        "のよう",
        // «人狼に違いない», «人狼で間違いない», «人狼なのは間違いない»: certainty about the state.
        "なのは間違いな",
        "なのは確実",
        "なのは明らか",
        "に違いな",
        "にちがいな",
        "に相違な",
        "に決まって",
        "で間違いな",
    ]
    .iter()
    .any(|c| rest.starts_with(c));
    // «村人陣営の方だ»: «の方» is still the state.
    let particle = rest.starts_with(['で', 'に', 'を', 'へ']) || rest.starts_with('の') && !rest.starts_with("の方");
    // «狼1確実に減らせる», «狼2匹»: a count of wolves, not what anyone is.
    let count = rest.starts_with(|c: char| c.is_ascii_digit()) || rest.starts_with('匹');
    (particle || count || rest.starts_with("から") || rest.starts_with("として")) && !copula
}

/// The role or species word a copula statement is built on: the first one that is not followed by a case
/// particle («この村で», «村のみんな», «狼が…» name no one's role).
fn state_anchor(scene: &Scene, tokens: &[Token]) -> Option<usize> {
    let text = scene.skeleton.text.as_str();
    // «私は占い師のユキよ»: a role set before the speaker's own name introduces the speaker.
    let names_speaker = |t: &Token| {
        text.get(t.end..).is_some_and(|rest| rest.starts_with('の'))
            && tokens.iter().find(|n| n.start > t.end).is_some_and(|n| match n.kind {
                Tok::Agent { index, .. } => {
                    n.start == t.end + 'の'.len_utf8()
                        && scene.skeleton.refs[index].agent.is_some_and(|a| Some(a) == scene.ctx.speaker)
                }
                _ => false,
            })
    };
    // «…占い師がいると思うかい？»: a role said to exist names nobody's role («少なくとも一人は狼がいる» still
    // places the wolf among the players named).
    let role_exists = |t: &Token| {
        matches!(t.lex(), Some(Lex::Role(_)))
            && text
                .get(t.end..)
                .is_some_and(|rest| ["がいる", "がいま", "がいな", "が居"].iter().any(|e| rest.starts_with(e)))
    };
    // «村が負ける»: a role followed by «が» and a verb is that verb's subject (a role said to exist, «狼がいる», is
    // still placed among the players named).
    let subject_of_verb = |t: &Token| {
        text.get(t.end..).and_then(|rest| rest.strip_prefix('が')).is_some_and(|rest| {
            !ends_sentence(rest)
                && !["い", "居", "で", "だ", "な"].iter().any(|e| rest.starts_with(e))
                && !rest.starts_with(super::words::TOKEN_ME)
        })
    };
    let value = |t: &Token| {
        (matches!(t.lex(), Some(Lex::Role(_) | Lex::Species(_) | Lex::Mark(_) | Lex::Wolf))
            || source_as_role(scene, t).is_some())
            && (scene.lexicon.word_boundaries
                || !text.get(t.end..).is_some_and(case_particle) && !role_exists(t) && !subject_of_verb(t)
                || names_speaker(t))
    };
    // A Japanese statement ends with its predicate: «人狼怖いよーボクが占い師» states the last value.
    if scene.lexicon.word_boundaries { tokens.iter().position(value) } else { tokens.iter().rposition(value) }
}

/// «俺が霊能だ», «霊能です。»: the medium's source word followed by a copula that ends the sentence names the
/// role it belongs to («霊能だよ、ケンジは白» still says whose result follows). In chat a space ends the clause
/// as well («霊能です 昨日のサクラ○»).
pub fn source_as_role(scene: &Scene, token: &Token) -> Option<Role> {
    let rest = scene.skeleton.text.get(token.end..)?;
    let after_copula = ["です", "だ", "っす"].iter().find_map(|copula| rest.strip_prefix(copula))?;
    let ends_clause = ends_sentence(after_copula) || after_copula.starts_with(char::is_whitespace);
    (!scene.lexicon.word_boundaries && token.lex() == Some(Lex::Source(Source::Medium)) && ends_clause)
        .then_some(Role::Medium)
}

/// Whether the speaker is the subject of what follows: a first-person reference before it in the piece
/// and no other player after that.
/// The speaker may be taken into a marker ("I'll report the result": «{me}'ll»), so such a marker counts too.
fn spoken_by_me(text: &str, before: &[Token]) -> bool {
    let takes_me_in = |t: &Token| t.lex().is_some() && text[t.start..t.end].contains(super::words::TOKEN_ME);
    before
        .iter()
        .rev()
        .find(|t| t.is_agent() || takes_me_in(t))
        .is_some_and(|t| takes_me_in(t) || matches!(t.kind, Tok::Agent { kind: RefKind::Me, .. }))
}

/// Whether a result is told with "her" / "his" / "their": before its cue, or before a source word later in
/// the clause ("Yumi came back human from his divination").
fn third_person_result(scene: &Scene, clause: &[Token], cue: &Token) -> bool {
    let text = scene.skeleton.text.as_str();
    let nearby = &scene.lexicon.nearby;
    let source_word = |t: &Token| match t.lex() {
        Some(Lex::Source(_)) => true,
        Some(Lex::Cue(f)) => scene.lexicon.frames.frames[f as usize].source.is_some(),
        _ => false,
    };
    nearby.third_person_possessive_before(&text[..cue.start])
        || clause
            .iter()
            .any(|t| t.start > cue.start && source_word(t) && nearby.third_person_possessive_before(&text[..t.start]))
}

/// Whether only a sentence end follows («ね», «よ», punctuation).
/// Whether the Japanese sentence going on at `at` ends in the past («…吊られた。», «…入れてたよ»).
fn sentence_ends_past(scene: &Scene, at: usize) -> bool {
    let rest = &scene.skeleton.text[at..];
    let sentence = &rest[..rest.find(['。', '!', '?', '\n']).unwrap_or(rest.len())];
    let mut said = sentence.trim_end_matches(|c: char| !c.is_alphanumeric());
    while let Some(particle) = scene.lexicon.sentence_final.iter().find(|p| said.ends_with(p.as_str())) {
        said = said[..said.len() - particle.len()].trim_end_matches(|c: char| !c.is_alphanumeric());
    }
    said.ends_with('た') || said.ends_with("たん") || said.ends_with("たんだ")
}

fn ends_sentence(rest: &str) -> bool {
    for c in rest.chars() {
        if matches!(c, '!' | '?' | '。' | '\n') {
            return true;
        }
        if !(c.is_whitespace() || matches!(c, '.' | 'ね' | 'よ' | 'な' | 'ー' | '~' | 'っ' | '〜' | '…')) {
            return false;
        }
    }
    true
}

/// A copula frame: a player and a role or species word, no cue («ケンジは狼だ», "I'm the seer").
fn fill_state(
    scene: &Scene,
    tokens: &[Token],
    parties: &[Party],
    used: &mut [bool],
    anchor: usize,
    context: &PieceContext,
) -> Option<Filled<'static>> {
    let japanese = !scene.lexicon.word_boundaries;
    let value_token = tokens[anchor];
    // "Sakura, as medium, identified…", "I'm grateful to the bodyguard": an English role after "as" or a
    // preposition describes or names someone; it states nobody's role.
    if !japanese && governed(&scene.lexicon.nearby, &scene.skeleton.text[..value_token.start], tokens) {
        return None;
    }
    // "Rin, the seer, please divine Kenji": a role set off right after another player's name describes them.
    if !japanese && beside_other(scene, value_token.start) {
        return None;
    }
    let mut filled = Filled::state(value_token.start, value_token.end);
    let mut flags = Flags::NONE;
    for (i, token) in tokens.iter().enumerate() {
        match token.kind {
            // Before a Japanese predicate only words that colour the whole clause count («ダイスケに黒出してた
            // シオンは狼だね»: the past belongs to the modifier).
            Tok::Word(Lex::Markers(marker)) if japanese && token.end <= value_token.start => {
                flags.insert(marker & BEFORE_JA)
            }
            // "Kenji and Rin say Takumi is human": their words, not a question.
            Tok::Word(Lex::Markers(marker)) if !japanese && they_say(scene, tokens, i) => {
                flags.insert((marker & Flags::INFO.complement()) | Flags::REPORT)
            }
            // «俺は霊能者なんで、…» (see `why_as_because`).
            Tok::Word(Lex::Markers(marker)) if japanese && why_as_because(scene, token) => {
                flags.insert(marker & Flags::WHY.complement())
            }
            Tok::Word(Lex::Markers(marker)) => flags.insert(marker),
            Tok::Word(Lex::Role(_)) if let Some(source) = speaking_as(scene, tokens, token) => {
                filled.source = Some(source)
            }
            Tok::Word(Lex::Role(role)) => filled.values.push((Value::Role(role), (token.start, token.end))),
            Tok::Word(Lex::Source(_)) if let Some(role) = source_as_role(scene, token) => {
                filled.values.push((Value::Role(role), (token.start, token.end)))
            }
            Tok::Word(Lex::Species(species)) => filled.values.push((Value::Species(species), (token.start, token.end))),
            Tok::Word(Lex::Mark(species)) => filled.values.push((Value::Mark(species), (token.start, token.end))),
            Tok::Word(Lex::Wolf) => filled.values.push((Value::Wolf, (token.start, token.end))),
            Tok::Word(Lex::Source(s)) => filled.source = Some(s),
            Tok::Word(Lex::Time(t)) => filled.time = Some(t),
            Tok::Word(Lex::Quant(q)) => filled.quant = Some(q),
            Tok::Day(n) => filled.day = Some(n),
            _ => {}
        }
    }
    filled.flags = flags | context.sentence_flags;
    if context.asked {
        filled.flags.insert(Flags::QUESTION);
    }
    filled.value_or = value_disjunction(scene, tokens, 0, tokens.len());
    // The subject: the player the statement is about. Results name two («サクラさんの占いでケンジは白»): the
    // one marked as the possessor or giver is the reporter.
    // With a source word in the piece («ユミの占いで白»), a player marked as possessor is the reporter.
    let sourced = filled.source.is_some();
    // Marks of one group are equals: the player nearest the value is its subject («私はケンジさんもユミさんも人狼では
    // ないかと疑っています»: ケンジ and ユミ, not the speaker who holds the opinion).
    let subject_marks: &[&[&str]] = if japanese {
        &[&["を"], &["が", "は", "って", "も"], &["before"], &["after"], &["の"]]
    } else {
        &[&["before"], &["after"], &["of"]]
    };
    let mut subject = None;
    // "who do you think is possessed": an interrogative is what is asked about.
    if let Some(k) = parties.iter().position(|p| p.only() == Some(Person::Wh)) {
        subject = Some(k);
    }
    // "I suspect the Seer": an English verb between the player and the role is no copula.
    let verb_between = |p: &Party| {
        !japanese
            && tokens
                .iter()
                .any(|t| t.start >= p.end && t.end <= value_token.start && matches!(t.lex(), Some(Lex::Cue(_))))
    };
    // English: the player right before the copula ("I bet Shion's the bodyguard", "she's human").
    if !japanese && subject.is_none() {
        subject = parties
            .iter()
            .enumerate()
            .filter(|(k, p)| {
                !used[*k]
                    && p.end <= value_token.start
                    && p.before.as_deref().is_none_or(|m| !matches!(m, "from" | "by"))
                    && p.after.as_deref().is_none_or(|m| m == "'s")
                    && !verb_between(p)
            })
            .max_by_key(|(_, p)| p.end)
            .map(|(k, _)| k);
    }
    // «占い師は私です», «本物の占い師はわたしだよ»: the role as the topic and the speaker as what it is, a claim
    // said the other way round.
    if japanese && subject.is_none() {
        let after_topic = scene.skeleton.text.get(value_token.end..).and_then(|rest| rest.strip_prefix('は'));
        let at = value_token.end + 'は'.len_utf8();
        subject = after_topic.and_then(|_| {
            (0..parties.len()).find(|&k| !used[k] && parties[k].start == at && parties[k].only() == Some(Person::Me))
        });
    }
    for &marks in subject_marks {
        if subject.is_some() {
            break;
        }
        let best = parties
            .iter()
            .enumerate()
            .filter(|(k, p)| {
                !used[*k]
                    && marks.iter().any(|mark| has_mark(p, mark, value_token.start, value_token.end, japanese))
                    && !verb_between(p)
            })
            .filter(|(_, _)| {
                marks != ["の"] || parties.iter().filter(|p| p.only() != Some(Person::Me)).count() == 1 && !sourced
            })
            .min_by_key(|(_, p)| p.start.abs_diff(value_token.start));
        if let Some((k, _)) = best {
            subject = Some(k);
            break;
        }
    }
    // «狼がわざわざ目立つ真似をする…», «白が出るはずだ»: a role or species as the subject is about no one in
    // particular, so no earlier player is carried in.
    // «占い師が2人いる。1人は狂人かな»: the subject right before the value is someone unnamed, not the topic.
    let before_value = scene.skeleton.text.get(..value_token.start).unwrap_or("").trim_end_matches([' ', '、']);
    let unnamed_subject = japanese
        && before_value
            .strip_suffix(['は', 'が', 'も'])
            .is_some_and(|subject| scene.lexicon.unnamed.iter().any(|noun| subject.ends_with(noun.as_str())));
    let generic = unnamed_subject
        || japanese && scene.skeleton.text.get(value_token.end..).is_some_and(|r| r.starts_with(['が', 'は', 'も']));
    // «村人です。», "Plain villager.": nothing but the role and a copula.
    let content: Vec<&Token> = tokens.iter().filter(|t| !matches!(t.lex(), Some(Lex::Noise))).collect();
    // «狩人じゃないです», "Not the bodyguard.": a bare role denied is the speaker's denial; in English only by a
    // word that denies a value beside it ("No seer?" asks after one).
    let denial = |t: &Token| {
        matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::NEG))
            && (japanese
                || scene.skeleton.text.get(t.start..t.end).is_some_and(|word| {
                    scene.lexicon.species_denied_before.iter().any(|w| w.eq_ignore_ascii_case(word))
                }))
    };
    let copula =
        |t: &Token| matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::COPULA | Flags::GENUINE)) || denial(t);
    let after = scene.skeleton.text.get(value_token.end..context.piece_end.max(value_token.end));
    let ends_here =
        |rest: &str| rest.chars().all(|c| c.is_whitespace() || c.is_ascii_punctuation() || matches!(c, '。' | '、'));
    // "Night target: Servas (seer).": a role in brackets describes the name before it; it states nothing.
    if scene.skeleton.text[..value_token.start].trim_end().ends_with('(') {
        return None;
    }
    // "I need your medium findings": a role owned by someone else is theirs, no complement of the clause's subject.
    if !japanese && scene.lexicon.nearby.others_possessive_before(&scene.skeleton.text[..value_token.start]) {
        return None;
    }
    // «狂人、うまくやったぜ！»: a role word set off by a comma before more words calls to its holder.
    let called = japanese
        && scene.skeleton.text[value_token.end..]
            .strip_prefix(['、', ','])
            .is_some_and(|rest| !ends_sentence(rest.trim_start()));
    // "Good job, bodyguard.", "Guard Takumi tonight, whoever you are, bodyguard.": an English role called after a
    // comma at the end of its sentence names its holder; it claims nothing.
    let called = called
        || !japanese && after.is_none_or(ends_here) && {
            // "Protect me tonight, dear bodyguard."
            let text = scene.lexicon.nearby.without_determiners(&scene.skeleton.text[..value_token.start]);
            let sentence = &text[text.rfind(['.', '!', '?', ';', '\n']).map_or(0, |i| i + 1)..];
            sentence.strip_suffix(',').is_some_and(|head| head.chars().any(char::is_alphanumeric))
        };
    // "Real medium, please show yourself.": an English role opening the clause, set off by a comma before more
    // words, calls to its holder as the Japanese one does.
    let called = called
        || !japanese
            && scene.skeleton.text[value_token.end..]
                .strip_prefix(',')
                .is_some_and(|rest| !ends_sentence(rest.trim_start()))
            && content
                .iter()
                .take_while(|t| t.start < value_token.start)
                .all(|t| matches!(t.lex(), Some(Lex::Markers(m)) if m.any(Flags::GENUINE)));
    // «占い師なので、今日は慎重に話します»: the speaker's own role given as the reason for what follows.
    let own_role_as_reason = japanese
        && context.first
        && matches!(value_token.lex(), Some(Lex::Role(role)) if role != Role::Werewolf)
        && matches!(content.as_slice(), [role, reason] if role.start == value_token.start
            && reason.start == value_token.end
            && matches!(reason.lex(), Some(Lex::Conn(Conn::Therefore | Conn::ReasonBefore))));
    filled.bare_role = !called
        && (matches!(value_token.lex(), Some(Lex::Role(_) | Lex::Wolf))
            || source_as_role(scene, &value_token).is_some())
        && (own_role_as_reason
            || content.iter().all(|t| t.start == value_token.start || copula(t))
                && content.iter().position(|t| t.start == value_token.start).is_some_and(|i| {
                    content
                        .get(i + 1)
                        .map_or(after.is_none_or(ends_here), |next| copula(next) && next.start <= value_token.end + 1)
                }));
    // A player talked about several sentences back is no longer what a bare statement is about.
    let topic = if japanese { context.topic.as_ref().filter(|_| context.topic_is_near) } else { None };
    // «ケンジの発言は疑わしいな、狂人の可能性が高い»: a hedged role later in the sentence goes on about the player
    // the opinion before it was about.
    let topic = topic.or_else(|| {
        context.near_object.as_ref().filter(|_| japanese && !context.first && filled.flags.any(Flags::HEDGE))
    });
    let vocative = own_vocative(context);
    // «人狼怖いよーボクは占い師», «ボクがこの村の占い師»: in Japanese the statement is its last value; a value
    // before its subject, or one that modifies or counts a noun, belongs to another clause.
    if japanese {
        let subject_start = subject.map(|k| parties[k].start).filter(|&start| start < value_token.start);
        filled.values.retain(|&(_, (start, end))| {
            start == value_token.start
                || subject_start.is_none_or(|s| start > s) && !scene.skeleton.text.get(end..).is_some_and(case_particle)
        });
        if !filled.value_or
            && let Some(i) = filled.values.iter().position(|&(_, (start, _))| start == value_token.start)
        {
            let anchor = filled.values.remove(i);
            filled.values.insert(0, anchor);
        }
    }
    // «リンは占いCOしてるけど、俺は狂人だと思ってる»: the speaker set off with «は» before a role they think of is
    // the opinion's holder; what it is about is left out, the player just talked about.
    // «彼は白。…Agent[01]以外に人狼がいる»: everyone but a player is no one the topic could be.
    let all_but_one = parties.iter().any(|p| p.after.as_deref() == Some("以外"));
    let holder_of_left_out = subject.filter(|&k| {
        japanese
            && !all_but_one
            && parties[k].only() == Some(Person::Me)
            && parties[k].after.as_deref() == Some("は")
            && filled.flags.any(Flags::OPINION)
            && matches!(value_token.lex(), Some(Lex::Role(_) | Lex::Wolf))
    });
    if let Some(k) = holder_of_left_out
        && let Some(topic) = topic.filter(|t| t.is_third_party() && t.people.len() == 1)
    {
        used[k] = true;
        filled.set(Slot::Holder, parties[k].clone());
        filled.set(Slot::Target, topic.clone());
    } else if let Some(k) = subject {
        used[k] = true;
        filled.set(Slot::Target, parties[k].clone());
    } else if !generic
        // «ミナトさん、村人です。» claims a role to ミナト; «リン、確実に狼だわ» says what リン is.
        && (!filled.bare_role || matches!(value_token.lex(), Some(Lex::Wolf)))
        && !all_but_one
        && let Some(topic) = vocative.or(topic)
    {
        filled.set(Slot::Target, topic.clone());
    } else if japanese
        && context.gives_reason
        && filled.source.is_some()
        && matches!(value_token.lex(), Some(Lex::Mark(_)))
        && let Some(object) = context.near_object.as_ref()
    {
        // «ユミが人狼なのは確実。なぜなら俺の占いで黒が出たから»: a result with no player, given as the reason of
        // an opinion of a player, is about that player.
        filled.set(Slot::Target, object.clone());
    }
    // Who holds the opinion or gave the result: «サクラの占いで», "per Sakura", or «あなたは…とお考えですか».
    let reporter = parties
        .iter()
        .enumerate()
        .filter(|(k, p)| {
            !used[*k]
                && matches!(
                    p.after.as_deref().or(p.before.as_deref()),
                    Some("の" | "'s" | "from" | "から" | "by" | "視点")
                )
        })
        .min_by_key(|(_, p)| p.start.abs_diff(value_token.start));
    // The holder of the opinion: «あなたは…», or in English the player before the subject ("do you think
    // Takumi is a wolf", "anyone else think…").
    let holder = || {
        parties
            .iter()
            .enumerate()
            .filter(|(k, p)| {
                !used[*k]
                    && if japanese {
                        matches!(p.after.as_deref(), Some("は" | "が"))
                    } else {
                        p.end <= value_token.start
                    }
            })
            .min_by_key(|(_, p)| p.start.abs_diff(value_token.start))
    };
    // «Agent[02]にAgent[01]が人狼だと思ってほしい»: in a request, the player marked «に» is the one asked.
    let asked = || {
        parties.iter().enumerate().find(|(k, p)| {
            japanese
                && filled.flags.any(Flags::REQUEST)
                && !used[*k]
                && p.after.as_deref() == Some("に")
                && matches!(p.only(), Some(Person::Named(_) | Person::You(_)))
        })
    };
    if let Some((k, _)) = reporter.or_else(holder).or_else(asked) {
        used[k] = true;
        // «ユミによれば、サクラは人狼だ»: what a quoted player says is their report, not the speaker's opinion.
        if japanese && quoted(&scene.skeleton.text, &parties[k]) {
            filled.flags.insert(Flags::REPORT);
        }
        filled.set(Slot::Reporter, parties[k].clone());
    }
    // «ミヅキが霊能CO、ケンジは黒だったって», "Mizuki claimed medium and says Kenji was black": a result told as
    // someone's words right after another player claimed the power is that player's, with the power's source
    // ("according to Yumi the executed Kenji was human" too).
    let according = |p: &Party| scene.lexicon.word_boundaries && p.before.as_deref() == Some("from");
    if (filled.flags.any(Flags::REPORT) || filled.subject.as_ref().is_some_and(according))
        && let Some((claimant, source)) = context.claimant
        && filled.values.iter().any(|(v, _)| matches!(v, Value::Mark(_) | Value::Species(_)))
        && filled.target.as_ref().and_then(Party::only).is_some_and(|p| matches!(p, Person::Named(a) if a != claimant))
        && filled.subject.as_ref().is_none_or(|p| p.only() == Some(Person::Named(claimant)))
    {
        if filled.subject.is_none() {
            filled.set(Slot::Reporter, Party { people: vec![Person::Named(claimant)], ..Party::me(value_token.start) });
        }
        filled.source = filled.source.or(Some(source));
    }
    filled.pending = context.pending.clone();
    filled.context_source = context.source.clone();
    filled.address = context.address;
    Some(filled)
}

/// A player quoted as saying what follows («シオンいわく», «ユミによると»); a bare «から» / «より» is "from"
/// («ケンジから占う»).
fn quoted(text: &str, party: &Party) -> bool {
    party.after.as_deref() == Some("から")
        && text.get(party.end..).is_some_and(|rest| !["から", "より"].iter().any(|bare| rest.starts_with(bare)))
}

/// A value a frame is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Role(Role),
    Species(Species),
    /// A result mark («白», «●», "black»).
    Mark(Species),
    /// «狼», "wolf": the role or the species WEREWOLF.
    Wolf,
}
