//! From matched phrases to protocol: stance markers around each match decide whether it stands, is wrapped
//! (NOT, DAY, BECAUSE) or is dropped. Precision first: whenever a marker makes the meaning uncertain
//! (a hedge on a flat claim, a question, a conditional, hearsay, a negated estimate), nothing is emitted.

use regex::Regex;

use super::agents::{RefKind, Skeleton};
use super::clauses::{Clause, split};
use super::phrases::{AGENT_SLOTS, Kind, Pattern, Phrases, TOKEN_OTHER, fill, slot_base};
use crate::protocol::{Agent, Content, Context, ParseOptions, Sentence, canonicalized, parse};

/// A sentence found in the skeleton, before spans are mapped back to the original text.
#[derive(Debug, Clone)]
pub struct Found {
    pub sentence: Sentence,
    pub confidence: f32,
    /// Skeleton byte span.
    pub span: (usize, usize),
    pub alternatives: Vec<(Sentence, f32)>,
}

/// What the context gives the mapper.
pub struct Scene<'a> {
    pub ctx: &'a Context,
    pub addressee: Option<Agent>,
    /// An `@` mark names nobody and no addressee is known: `{target}` is then unknown, not `ANY`.
    pub unknown_address: bool,
    /// The utterance answers a `>>` anchor.
    pub reply: bool,
}

/// All sentences of the skeleton, in utterance order.
pub fn map(skeleton: &Skeleton, phrases: &Phrases, scene: &Scene) -> Vec<Found> {
    let mut out = Vec::new();
    // One pass of the pattern set over the whole utterance picks the patterns worth trying per clause. The set
    // holds each pattern without its `^`/`$` anchors (which mean the clause's ends, not the utterance's), a
    // superset of what the pattern matches in any clause.
    let matched = phrases.set.matches(&skeleton.text);
    let candidates: Vec<&Pattern> = phrases
        .patterns
        .iter()
        .enumerate()
        .filter(|(i, p)| matched.matched(*i) && (!scene.reply || p.in_replies))
        .map(|(_, p)| p)
        .collect();
    if candidates.is_empty() {
        return out;
    }
    // Where each candidate (unanchored) matches in the whole utterance (a cheap DFA search): a clause tries
    // only the candidates with a match overlapping it.
    let spans: Vec<Vec<(usize, usize)>> = candidates
        .iter()
        .map(|p| p.probe().find_iter(&skeleton.text).map(|m| (m.start(), m.end())).collect())
        .collect();
    // Whom an `@` mark or a group word at the start of an earlier sentence addressed (`Some(None)`: everyone).
    let mut standing: Option<Option<Agent>> = None;
    for clauses in split(&skeleton.text, &phrases.splits) {
        let first = clauses.first().map_or(0, |c| c.start);
        let addressee = match vocative(skeleton, first, &phrases.agents.everyone) {
            Some(Address::This(agent)) => Some(agent),
            Some(Address::FromHere(agent)) => *standing.insert(Some(agent)),
            Some(Address::Everyone) => *standing.insert(None),
            None => standing.unwrap_or(scene.addressee),
        };
        let mut reasons: Vec<Found> = Vec::new();
        // A single-sentence conclusion still waiting for a reason that follows it ("B because A").
        let mut open_conclusion: Option<usize> = None;
        for clause in &clauses {
            let here: Vec<&Pattern> = candidates
                .iter()
                .zip(&spans)
                .filter(|(_, spans)| spans.iter().any(|&(s, e)| s < clause.end && e > clause.start))
                .map(|(p, _)| *p)
                .collect();
            if here.is_empty() {
                open_conclusion = None;
                if clause.reason {
                    continue;
                }
                out.extend(reasons.drain(..).map(|f| weaken(f, 0.9)));
                continue;
            }
            let found = map_clause(skeleton, phrases, &here, scene, addressee, clause);
            if clause.reason {
                if let Some(index) = open_conclusion.take().filter(|_| !found.is_empty()) {
                    let conclusion = out.remove(index);
                    out.insert(index, because(found, conclusion));
                } else {
                    reasons.extend(found);
                }
                continue;
            }
            if reasons.is_empty() || found.len() != 1 {
                // No single conclusion to attach the reasons to: both stand on their own.
                out.extend(reasons.drain(..).map(|f| weaken(f, 0.9)));
                open_conclusion = (found.len() == 1).then_some(out.len());
                out.extend(found);
                continue;
            }
            if let Some(conclusion) = found.into_iter().next() {
                out.push(because(std::mem::take(&mut reasons), conclusion));
            }
            open_conclusion = None;
        }
        out.extend(reasons.into_iter().map(|f| weaken(f, 0.9)));
    }
    out
}

fn weaken(mut found: Found, factor: f32) -> Found {
    found.confidence *= factor;
    found
}

/// `BECAUSE (reason) (conclusion)`, the reasons joined with AND when there are several.
fn because(reasons: Vec<Found>, conclusion: Found) -> Found {
    let start = reasons.iter().map(|r| r.span.0).chain([conclusion.span.0]).min().unwrap_or(0);
    let end = reasons.iter().map(|r| r.span.1).chain([conclusion.span.1]).max().unwrap_or(0);
    let confidence = reasons.iter().map(|r| r.confidence).fold(conclusion.confidence, f32::min);
    let mut reason_sentences: Vec<Sentence> = reasons.into_iter().map(|r| r.sentence).collect();
    let reason = if reason_sentences.len() == 1 {
        reason_sentences.remove(0)
    } else {
        Sentence::new(Content::And { sentences: reason_sentences })
    };
    let sentence = canonicalized(&Sentence::new(Content::Because {
        reason: Box::new(reason),
        conclusion: Box::new(conclusion.sentence),
    }));
    Found { sentence, confidence, span: (start, end), alternatives: Vec::new() }
}

/// Whom a sentence's opening words address.
#[derive(Clone, Copy)]
enum Address {
    /// 「シオン、…」, "Shion, …": this sentence.
    This(Agent),
    /// «… @ケンジ 不安なのは自然だよ。…»: this sentence and the ones after it.
    FromHere(Agent),
    /// «みんな、…», "Others: …": everyone, from here on.
    Everyone,
}

/// A sentence that opens with a name and a comma, an `@` mark, or a group word and a comma addresses them.
fn vocative(skeleton: &Skeleton, start: usize, everyone: &[String]) -> Option<Address> {
    let rest = skeleton.text.get(start..)?.trim_start();
    let comma = |after: &str| after.trim_start().starts_with(['、', ',', ':']);
    if everyone.iter().any(|w| rest.strip_prefix(w.as_str()).is_some_and(comma)) {
        return Some(Address::Everyone);
    }
    let mut chars = rest.chars();
    if chars.next()? != TOKEN_OTHER {
        return None;
    }
    let index = chars.next()?;
    let token: String = [TOKEN_OTHER, index].iter().collect();
    let reference = skeleton.token_ref(&token)?;
    let agent = reference.agent?;
    if reference.marked {
        Some(Address::FromHere(agent))
    } else {
        comma(chars.as_str()).then_some(Address::This(agent))
    }
}

/// One pattern match inside a clause (absolute skeleton offsets).
struct Hit<'p> {
    pattern: &'p Pattern,
    start: usize,
    end: usize,
    values: Vec<(&'p str, (usize, usize))>,
}

fn map_clause(
    skeleton: &Skeleton,
    phrases: &Phrases,
    candidates: &[&Pattern],
    scene: &Scene,
    addressee: Option<Agent>,
    clause: &Clause,
) -> Vec<Found> {
    let text = &skeleton.text[clause.start..clause.end];
    let markers = &phrases.markers;
    if has(&markers.conditional, text) || has(&markers.hearsay, text) {
        return Vec::new();
    }
    let mut hits: Vec<Hit> = Vec::new();
    for &pattern in candidates {
        for caps in pattern.regex.captures_iter(text) {
            let Some(whole) = caps.get(0) else { continue };
            if whole.is_empty() {
                continue;
            }
            let values = pattern
                .slots
                .iter()
                .filter_map(|slot| {
                    caps.name(slot).map(|m| (slot.as_str(), (clause.start + m.start(), clause.start + m.end())))
                })
                .collect();
            hits.push(Hit { pattern, start: clause.start + whole.start(), end: clause.start + whole.end(), values });
        }
    }
    // Leftmost-longest: a match starting earlier wins («ミナトがサクラに人間判定» is one report, not an own
    // result about サクラ); at the same start the longer one; then the pattern listed first in the file.
    hits.sort_by_key(|h| (h.start, std::cmp::Reverse(h.end)));
    let mut chosen: Vec<Hit> = Vec::new();
    for hit in hits {
        if chosen.iter().all(|c| hit.end <= c.start || c.end <= hit.start) {
            chosen.push(hit);
        }
    }
    chosen.sort_by_key(|h| h.start);

    let day = day_marker(&markers.day, text, clause.start, &chosen);
    let mut out = Vec::with_capacity(chosen.len());
    for (i, hit) in chosen.iter().enumerate() {
        let next = chosen.get(i + 1).map_or(clause.end, |n| n.start);
        let local = &skeleton.text[hit.end..next];
        let to_end = &skeleton.text[hit.end..clause.end];
        let before = &skeleton.text[clause.start..hit.start];
        let negated = has(&markers.negation, local);
        let hedged = has(&markers.hedge, local);
        let question = has(&markers.question, to_end);
        let keep_negation = match hit.pattern.kind {
            Kind::Claim => {
                // A negation before a claim ("I don't choose Kenji …") leaves its scope unclear: dropped.
                if hedged
                    || has(&markers.hedge, before)
                    || has(&markers.negation, before)
                    || question
                    || (negated && !hit.pattern.negatable)
                {
                    continue;
                }
                negated
            }
            Kind::Estimate => {
                if negated || question || has(&markers.negation, before) {
                    continue;
                }
                false
            }
            Kind::Request => {
                if negated || hedged {
                    continue;
                }
                false
            }
            Kind::Inquire => false,
            Kind::Ignore => continue,
        };
        if lists_unknown(hit, skeleton, clause, phrases) {
            continue;
        }
        let Some(mut sentence) = build(&hit.pattern.make, hit, skeleton, phrases, scene, addressee) else { continue };
        if keep_negation {
            sentence = Sentence::new(Content::Not { sentence: Box::new(sentence) });
        }
        if let Some(day) = day {
            sentence = Sentence::new(Content::Day { day, sentence: Box::new(sentence) });
        }
        let sentence = finish(sentence, scene.ctx.speaker);
        let alternatives = hit
            .pattern
            .alternatives
            .iter()
            .filter_map(|make| build(make, hit, skeleton, phrases, scene, addressee))
            .map(|s| (finish(s, scene.ctx.speaker), hit.pattern.confidence * 0.5))
            .collect();
        out.push(Found { sentence, confidence: hit.pattern.confidence, span: (hit.start, hit.end), alternatives });
    }
    out
}

fn has(marker: &Option<Regex>, text: &str) -> bool {
    marker.as_ref().is_some_and(|re| re.is_match(text))
}

/// A stated day number (「2日目」, "on day 3") in the clause, outside every match.
fn day_marker(marker: &Option<Regex>, text: &str, offset: usize, chosen: &[Hit]) -> Option<u32> {
    let re = marker.as_ref()?;
    re.captures_iter(text).find_map(|caps| {
        let whole = caps.get(0)?;
        let (s, e) = (offset + whole.start(), offset + whole.end());
        if chosen.iter().any(|h| s < h.end && h.start < e) {
            return None;
        }
        caps.iter().skip(1).flatten().next()?.as_str().parse().ok()
    })
}

/// Whether an agent slot of the hit is listed with an unknown name ("vote for Minato and Bob"): the phrase
/// is about both, so reading it for the known one alone would be a partial sentence.
fn lists_unknown(hit: &Hit, skeleton: &Skeleton, clause: &Clause, phrases: &Phrases) -> bool {
    let Some(rules) = &phrases.agents.unknown else { return false };
    if !skeleton.refs.iter().any(|r| r.kind == RefKind::Unknown) {
        return false;
    }
    hit.values.iter().filter(|(slot, _)| AGENT_SLOTS.contains(&slot_base(slot))).any(|&(_, (s, e))| {
        rules.joined_unknown_after.is_match(&skeleton.text[e..clause.end])
            || rules.joined_unknown_before.is_match(&skeleton.text[clause.start..s])
    })
}

/// The top-level subject is written only when it is not the speaker (C1); nested ones as the printer wants.
fn finish(mut sentence: Sentence, speaker: Option<Agent>) -> Sentence {
    // «@ユミ … ユミに投票して！» asks everyone, not ユミ, to vote for ユミ.
    if let Content::Request { target, sentence: inner } = &mut sentence.content
        && let Content::Vote { target: voted } = inner.content
        && *target == voted
    {
        *target = Agent::Any;
    }
    // With the speaker as the explicit top-level subject, canonicalization drops every nested subject that
    // repeats it (`NOT (Agent[09] VOTED …)` said by Agent[09]); then the top-level one goes too.
    if sentence.subject.is_none() {
        sentence.subject = speaker;
    }
    let mut sentence = canonicalized(&sentence);
    if speaker.is_some() && sentence.subject == speaker {
        sentence.subject = None;
    }
    sentence
}

/// Fills `make` with the hit's slot values; `None` when a slot names nobody (unknown name, no speaker).
fn build(
    make: &str,
    hit: &Hit,
    skeleton: &Skeleton,
    phrases: &Phrases,
    scene: &Scene,
    addressee: Option<Agent>,
) -> Option<Sentence> {
    // The addressee, or everyone when there is none; unknown when an `@` mark names nobody.
    let target =
        || (addressee.is_some() || !scene.unknown_address).then(|| addressee.unwrap_or(Agent::Any).to_string());
    let value = |name: &str| -> Option<String> {
        match name {
            "speaker" => return scene.ctx.speaker.map(|a| a.to_string()),
            "addressee" => return addressee.map(|a| a.to_string()),
            "target" => return target(),
            _ => {}
        }
        // The slot itself, or when it did not take part in the match, another alternative's slot of the same
        // kind that `make` does not name (`{agent3}` in "X gets my vote" for `VOTE {agent}`).
        let base = slot_base(name);
        let found = hit.values.iter().find(|(slot, _)| *slot == name).or_else(|| {
            hit.values.iter().find(|(slot, _)| slot_base(slot) == base && !make.contains(&format!("{{{slot}}}")))
        });
        let Some(&(_, (s, e))) = found else {
            // An optional `{asked}` («ケンジに…してほしい») that is absent: the request goes to the target.
            return if base == "asked" { target() } else { None };
        };
        let raw = skeleton.text.get(s..e)?;
        match base {
            "role" => phrases.roles.get(raw).map(|r| r.keyword().to_owned()),
            "species" => phrases.species.get(raw).map(|r| r.keyword().to_owned()),
            "day" | "id" => raw.parse::<u32>().ok().map(|n| n.to_string()),
            _ => {
                let r = skeleton.token_ref(raw)?;
                if r.kind == RefKind::Unknown {
                    return None;
                }
                r.agent.map(|a| a.to_string())
            }
        }
    };
    let text = fill(make, value).ok()?;
    parse(&text, &ParseOptions::default()).ok().map(|p| p.sentence)
}
