//! The transcript: a read log turned into days of translated talk and narrated events, ending with the
//! winner and every role. This is the JSON the API answers; the text and HTML forms are written from it.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;
use utoipa::ToSchema;

use super::phrases::{Phrases, fill};
use super::reader::{Event, GameLog, LineError, LogLine, Winner};
use crate::protocol::{
    Agent, Budget, Content, Context, Dialect, NameTable, OutOfBudget, ParseOptions, Role, Sentence, TalkKind, TalkRef,
    WarningCode, fold_full_width_char, parse,
};
use crate::render::{Channel, Lang, RenderOptions, Renderer, Style, TalkQuote};

/// A whole game for human readers.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[schema(example = json!({"lang": "en", "players": [], "days": [], "result": {"title": "Result", "winner": "VILLAGER",
    "text": "The villagers win.", "survivors": "Alive at the end: humans 3, werewolves 0.", "roles_title": "Roles"},
    "errors": []}))]
pub struct Transcript {
    /// The language of every translation and narration.
    #[schema(value_type = String, example = "en")]
    pub lang: Lang,
    /// Every agent with a status line, in agent order, with the role it had and whether it was alive last.
    pub players: Vec<Player>,
    /// The days in the order the log first reaches them.
    pub days: Vec<DaySection>,
    /// How the game ended.
    pub result: GameEnd,
    /// Lines that could not be read (reading went on after each).
    pub errors: Vec<LineError>,
}

/// An agent, revealed.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Player {
    pub agent: Agent,
    /// The display name: from the name table, else the log's character name, else `Agent[NN]`.
    pub name: String,
    /// The agent program's name as the log gives it (`wasabi`, `SamplePlayer`).
    pub player: String,
    pub role: Role,
    /// The role in the transcript's language.
    pub role_name: String,
    /// Alive at the end: the last status line, and any execution or successful attack after it.
    pub alive: bool,
}

/// One day's talk and events, in log order.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DaySection {
    pub day: u32,
    /// The header (`Day 2`, `2日目`).
    pub title: String,
    pub entries: Vec<Entry>,
}

/// A talk, a round of votes, or a narrated event. `kind` says which.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// A talk or whisper line.
    Talk(Talk),
    /// One round of votes (`attack: false`) or of the werewolves' attack votes (`attack: true`). A second round
    /// on the same day is the revote after a tie.
    Votes(VoteRound),
    /// `agent` was executed; `detail` is its role.
    Execute(Narrated),
    /// `agent` (the seer) divined `target`; `detail` is the species.
    Divine(Narrated),
    /// `agent` (the bodyguard) guarded `target`; `detail` is the target's role.
    Guard(Narrated),
    /// The werewolves attacked `target` (none: nobody); `detail` is `succeeded`, `failed`, or `target_executed`
    /// (2014 logs: the wolves chose during the day, and their target was executed before the night).
    Attack(Narrated),
}

/// An utterance with its original text, and its translation when it is protocol.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Talk {
    /// Line number in the log.
    pub line: usize,
    /// Index in the day's talk (or whisper) list.
    pub id: u32,
    /// The turn, absent in 2014/GAT2016 logs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// A werewolves' whisper rather than public talk.
    pub whisper: bool,
    pub speaker: Agent,
    pub speaker_name: String,
    /// The text exactly as the log has it.
    pub protocol: String,
    /// The canonical 3.6 text, when it parsed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub canonical: Option<String>,
    /// The top verb or operator (`VOTE`, `Over`), when it parsed.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub verb: Option<String>,
    /// The older dialect the text was written in, when it was one (`pre_protocol_2014`, `protocol2_inquested`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dialect: Option<Dialect>,
    /// The translation, when it parsed and rendered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub translation: Option<String>,
    /// Why there is no translation.
    // Boxed: most talk has none, and a transcript holds one `Talk` per talk line (48 bytes each inline).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<Box<TalkError>>,
}

/// Why a talk has no translation: `code` is the parser's error code, or `render_failed`.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TalkError {
    pub code: String,
    pub message: String,
}

/// One round of votes.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VoteRound {
    /// The werewolves' attack vote rather than the day's vote.
    pub attack: bool,
    /// 1 for the first round of the day, 2 for the revote after a tie, …
    pub round: u32,
    pub title: String,
    pub votes: Vec<Vote>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Vote {
    pub line: usize,
    pub voter: Agent,
    pub target: Agent,
    pub text: String,
}

/// A narrated night or execution event.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Narrated {
    pub line: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent: Option<Agent>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Agent>,
    pub detail: String,
    pub text: String,
}

/// The end of the game.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct GameEnd {
    pub title: String,
    /// Absent when the log has no `result` line (a truncated game).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Winner>,
    /// Who won, or that the log ends first.
    pub text: String,
    /// How many humans and werewolves were left, when the log says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub survivors: Option<String>,
    /// The header of the roles table (`players`).
    pub roles_title: String,
}

/// What the transcript is made with.
#[derive(Debug, Clone)]
pub struct TranscriptOptions {
    pub lang: Lang,
    pub style: Style,
    /// Display names; agents without one are `Agent[NN]` (or the log's character name).
    pub names: NameTable,
    /// Limits for each talk text.
    pub parse: ParseOptions,
    /// Checked once per line: a log that takes longer stops with [`GamelogError::OutOfBudget`].
    pub budget: Budget,
}

impl TranscriptOptions {
    pub fn new(lang: Lang) -> Self {
        TranscriptOptions {
            lang,
            style: Style::Polite,
            names: NameTable::new(),
            parse: ParseOptions::default(),
            budget: Budget::unlimited(),
        }
    }
}

/// Builds the transcript of a read log.
pub(super) fn build(
    log: &GameLog,
    renderer: &Renderer,
    phrases: &Phrases,
    options: &TranscriptOptions,
) -> Result<Transcript, OutOfBudget> {
    let mut names = options.names.clone();
    for line in &log.lines {
        if let Event::Status { agent, character: Some(character), .. } = line.event
            && names.display_name(agent).is_none()
        {
            names.insert(agent, character.trim());
        }
    }
    let mut builder = Builder {
        renderer,
        phrases,
        lang: options.lang,
        ctx: Context { speaker: None, addressee: None, names, day: None },
        render: RenderOptions { style: options.style, ..RenderOptions::default() },
        quoted: HashSet::new(),
        memo: HashMap::new(),
        days: Vec::new(),
        day_index: HashMap::new(),
        rounds: HashMap::new(),
        open_rounds: HashMap::new(),
        executed: HashMap::new(),
        entries_of_day: HashMap::new(),
    };
    // The talk some AGREE/DISAGREE quotes must be known before it is reached. Only a line that can name a talk
    // is parsed for that (each line is parsed again where it is narrated): the parse results of a whole log,
    // kept from one pass to the next, were the largest part of a transcript's memory.
    for line in &log.lines {
        options.budget.check()?;
        if makes_one_entry(&line.event) {
            *builder.entries_of_day.entry(line.day).or_insert(0) += 1;
        }
        if let Event::Talk { text, .. } = line.event
            && may_refer_to_talk(text)
            && let Ok(parsed) = parse(text, &options.parse)
        {
            collect_talk_refs(&parsed.sentence, &mut builder.quoted);
        }
    }
    let mut players: BTreeMap<Agent, Player> = BTreeMap::new();
    let mut end = None;
    for line in &log.lines {
        options.budget.check()?;
        match &line.event {
            Event::Talk { text, .. } => builder.talk(line, parse(text, &options.parse)),
            Event::Status { agent, role, alive, player, .. } => {
                let entry = players.entry(*agent).or_insert_with(|| Player {
                    agent: *agent,
                    name: String::new(),
                    player: (*player).to_owned(),
                    role: *role,
                    role_name: phrases.role(*role).to_owned(),
                    alive: *alive,
                });
                entry.alive = *alive;
            }
            Event::Result { humans, werewolves, others: _, winner } => end = Some((*humans, *werewolves, *winner)),
            _ => {
                // A death after an agent's last status line (most logs end without a final status block).
                let died = match line.event {
                    Event::Execute { agent, .. } => Some(agent),
                    Event::Attack { target, succeeded: true } => target,
                    _ => None,
                };
                if let Some(player) = died.and_then(|agent| players.get_mut(&agent)) {
                    player.alive = false;
                }
                builder.event(line)
            }
        }
    }
    for player in players.values_mut() {
        player.name = builder.name(player.agent);
    }
    let result = GameEnd {
        title: phrases.result.clone(),
        winner: end.map(|(_, _, winner)| winner),
        text: match end.map(|(_, _, winner)| winner) {
            Some(Winner::Villager) => phrases.winner_villager.clone(),
            Some(Winner::Werewolf) => phrases.winner_werewolf.clone(),
            Some(Winner::Others) => phrases.winner_others.clone(),
            None => phrases.no_result.clone(),
        },
        survivors: end.map(|(humans, werewolves, _)| {
            fill(&phrases.survivors, &[("humans", &humans.to_string()), ("werewolves", &werewolves.to_string())])
        }),
        roles_title: phrases.roles.clone(),
    };
    Ok(Transcript {
        lang: options.lang,
        players: players.into_values().collect(),
        days: builder.days,
        result,
        errors: log.errors.clone(),
    })
}

/// Whether `event` makes exactly one entry of its day (talk and narrated events): what a day's entries are
/// reserved for. Votes are left out (a round of many votes is one entry), and so are status and result lines.
fn makes_one_entry(event: &Event) -> bool {
    match event {
        Event::Talk { .. }
        | Event::Execute { .. }
        | Event::Divine { .. }
        | Event::Guard { .. }
        | Event::Attack { .. } => true,
        Event::Vote { .. } | Event::AttackVote { .. } | Event::Status { .. } | Event::Result { .. } => false,
    }
}

/// The longest quote, in characters. A quoted talk may itself quote (AGREE of an AGREE …) or be a 16 KiB line:
/// whole quotes would make each translation as long as the chain before it, quadratic in the log.
const MAX_QUOTE_CHARS: usize = 120;

/// `text` as an AGREE/DISAGREE quotes it: cut to [`MAX_QUOTE_CHARS`] with an ellipsis.
fn quote_text(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTE_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// Whether `text` may hold AGREE or DISAGREE (in any case, in letters of either width, as the parser folds).
fn may_refer_to_talk(text: &str) -> bool {
    let folded = text.chars().map(|c| fold_full_width_char(c).unwrap_or(c).to_ascii_lowercase());
    let mut last4 = ['\0'; 4];
    folded.into_iter().any(|c| {
        last4 = [last4[1], last4[2], last4[3], c];
        last4 == ['g', 'r', 'e', 'e']
    })
}

/// Every talk an AGREE/DISAGREE refers to, so only those are kept for quoting.
fn collect_talk_refs(sentence: &Sentence, refs: &mut HashSet<TalkRef>) {
    match &sentence.content {
        Content::Agree { talk } | Content::Disagree { talk } => {
            refs.insert(*talk);
        }
        Content::Request { sentence, .. }
        | Content::Inquire { sentence, .. }
        | Content::Day { sentence, .. }
        | Content::Not { sentence } => collect_talk_refs(sentence, refs),
        Content::Because { reason: left, conclusion: right } | Content::Xor { left, right } => {
            collect_talk_refs(left, refs);
            collect_talk_refs(right, refs);
        }
        Content::And { sentences } | Content::Or { sentences } => {
            sentences.iter().for_each(|s| collect_talk_refs(s, refs));
        }
        _ => {}
    }
}

struct Builder<'a> {
    renderer: &'a Renderer,
    phrases: &'a Phrases,
    lang: Lang,
    ctx: Context,
    render: RenderOptions,
    /// The talk that some AGREE/DISAGREE quotes.
    quoted: HashSet<TalkRef>,
    /// Translations already made, by speaker, day and canonical text (sentences without talk references
    /// only: those render the same every time).
    memo: HashMap<(Agent, u32, Channel, String), String>,
    days: Vec<DaySection>,
    /// Where each day's section is in `days` (a log may reach many days: no scan per line).
    day_index: HashMap<u32, usize>,
    /// Vote rounds opened so far per (day, attack).
    rounds: HashMap<(u32, bool), u32>,
    /// Who was executed on each day, so that an attack on that player (2014 logs) is not told as a kill or
    /// a rescue.
    executed: HashMap<u32, Agent>,
    /// Per section, its latest vote round: the entry and who has voted in it (a round may hold many voters:
    /// no scan per vote).
    open_rounds: HashMap<usize, (usize, HashSet<Agent>)>,
    /// How many talk and narrated entries each day will hold, so that its entries are reserved once: a day
    /// of 130k talk lines in a vector that doubles held 40 MB at its peak for 27 MB of entries.
    entries_of_day: HashMap<u32, usize>,
}

impl Builder<'_> {
    fn name(&self, agent: Agent) -> String {
        self.lang.name_of(&self.ctx.names, agent).map_or_else(|| agent.to_string(), str::to_owned)
    }

    /// The index of the section of `day`, made when first reached.
    fn section(&mut self, day: u32) -> usize {
        *self.day_index.entry(day).or_insert_with(|| {
            let title = fill(&self.phrases.day, &[("day", &day.to_string())]);
            let reserved = self.entries_of_day.get(&day).copied().unwrap_or(0);
            self.days.push(DaySection { day, title, entries: Vec::with_capacity(reserved) });
            self.days.len() - 1
        })
    }

    /// The entries of `day`'s section, made when first reached.
    fn day(&mut self, day: u32) -> &mut Vec<Entry> {
        let section = self.section(day);
        &mut self.days[section].entries
    }

    fn talk(&mut self, line: &LogLine, parsed: Result<crate::protocol::Parsed, crate::protocol::ParseError>) {
        let Event::Talk { whisper, id, turn, speaker, text } = line.event else {
            return;
        };
        let mut talk = Talk {
            line: line.line,
            id,
            turn,
            whisper,
            speaker,
            speaker_name: self.name(speaker),
            protocol: text.to_owned(),
            canonical: None,
            verb: None,
            dialect: None,
            translation: None,
            error: None,
        };
        match parsed {
            Ok(parsed) => {
                let canonical = parsed.sentence.to_canonical();
                talk.verb = Some(parsed.sentence.content.keyword().keyword().to_owned());
                talk.dialect = parsed.warnings.iter().find(|w| w.code == WarningCode::Dialect).and_then(|w| w.dialect);
                let channel = if whisper { Channel::Whisper } else { Channel::Talk };
                match self.translate(&parsed.sentence, &canonical, speaker, line.day, channel) {
                    Ok(translation) => talk.translation = Some(translation),
                    Err(message) => {
                        talk.error = Some(Box::new(TalkError { code: "render_failed".to_owned(), message }))
                    }
                }
                talk.canonical = Some(canonical);
            }
            Err(error) => {
                let reason = format!("{}: {}", error.code, error.message);
                talk.error = Some(Box::new(TalkError {
                    code: error.code.as_str().to_owned(),
                    message: fill(&self.phrases.untranslated_note, &[("reason", &reason)]),
                }));
            }
        }
        let kind = if whisper { TalkKind::Whisper } else { TalkKind::Talk };
        let reference = TalkRef { kind, day: line.day, id };
        if self.quoted.contains(&reference) {
            let text = quote_text(talk.translation.as_deref().unwrap_or(&talk.protocol));
            self.render.quotes.insert(reference, TalkQuote { speaker: Some(speaker), text });
        }
        self.day(line.day).push(Entry::Talk(talk));
    }

    fn translate(
        &mut self,
        sentence: &Sentence,
        canonical: &str,
        speaker: Agent,
        day: u32,
        channel: Channel,
    ) -> Result<String, String> {
        let mut refs = HashSet::new();
        collect_talk_refs(sentence, &mut refs);
        let key = (speaker, day, channel, canonical.to_owned());
        if refs.is_empty()
            && let Some(done) = self.memo.get(&key)
        {
            return Ok(done.clone());
        }
        self.ctx.speaker = Some(speaker);
        self.ctx.day = Some(day);
        // A werewolf's whisper is said among the wolves: its COMINGOUT is a plan, not a claim.
        self.render.channel = channel;
        let text = self.renderer.render(sentence, self.lang, &self.ctx, &self.render).map_err(|e| e.to_string())?;
        if refs.is_empty() {
            self.memo.insert(key, text.clone());
        }
        Ok(text)
    }

    fn event(&mut self, line: &LogLine) {
        let p = self.phrases;
        let entry = match line.event {
            Event::Vote { voter, target } | Event::AttackVote { voter, target } => {
                let attack = matches!(line.event, Event::AttackVote { .. });
                let text = fill(
                    if attack { &p.attack_vote } else { &p.vote },
                    &[("voter", &self.name(voter)), ("target", &self.name(target))],
                );
                self.vote(line, attack, Vote { line: line.line, voter, target, text });
                return;
            }
            Event::Execute { agent, role } => {
                self.executed.insert(line.day, agent);
                Entry::Execute(Narrated {
                    line: line.line,
                    agent: Some(agent),
                    target: None,
                    detail: role.keyword().to_owned(),
                    text: fill(&p.execute, &[("agent", &self.name(agent))]),
                })
            }
            Event::Divine { seer, target, species } => Entry::Divine(Narrated {
                line: line.line,
                agent: Some(seer),
                target: Some(target),
                detail: species.keyword().to_owned(),
                text: fill(
                    &p.divine,
                    &[("seer", &self.name(seer)), ("target", &self.name(target)), ("species", p.species(species))],
                ),
            }),
            Event::Guard { guard, target, role } => Entry::Guard(Narrated {
                line: line.line,
                agent: Some(guard),
                target: Some(target),
                detail: role.keyword().to_owned(),
                text: fill(&p.guard, &[("guard", &self.name(guard)), ("target", &self.name(target))]),
            }),
            Event::Attack { target, succeeded } => {
                // The 2014 server took the divination, guard and attack votes during the day, before the
                // execution, and logged them in that order (the log order is the game's); the attack then
                // fell on whoever the wolves had chosen, even a player executed that evening. Such an attack
                // killed nobody, whatever the log's true/false says.
                let executed = target.is_some() && self.executed.get(&line.day) == target.as_ref();
                let (phrase, detail) = match (executed, succeeded) {
                    (true, _) => (&p.attack_executed, "target_executed"),
                    (false, true) => (&p.attack, "succeeded"),
                    (false, false) => (&p.attack_failed, "failed"),
                };
                Entry::Attack(Narrated {
                    line: line.line,
                    agent: None,
                    target,
                    detail: detail.to_owned(),
                    text: match target {
                        None => p.attack_none.clone(),
                        Some(target) => fill(phrase, &[("target", &self.name(target))]),
                    },
                })
            }
            Event::Talk { .. } | Event::Status { .. } | Event::Result { .. } => return,
        };
        self.day(line.day).push(entry);
    }

    /// Adds a vote to the day's current round, or opens a new round: after other entries, or when the voter
    /// has already voted in this one (the revote after a tie has no marker of its own in the log).
    fn vote(&mut self, line: &LogLine, attack: bool, vote: Vote) {
        let p = self.phrases;
        let section = self.section(line.day);
        let entries = &mut self.days[section].entries;
        let last = entries.len().wrapping_sub(1);
        if let Some((_, voters)) = self.open_rounds.get_mut(&section).filter(|(entry, _)| *entry == last)
            && let Some(Entry::Votes(round)) = entries.last_mut()
            && round.attack == attack
            && voters.insert(vote.voter)
        {
            round.votes.push(vote);
            return;
        }
        let round = self.rounds.entry((line.day, attack)).or_insert(0);
        *round += 1;
        let title = match (attack, *round) {
            (false, 1) => p.votes.clone(),
            (true, 1) => p.attack_votes.clone(),
            (false, n) => fill(&p.revote, &[("round", &n.to_string())]),
            (true, n) => fill(&p.attack_revote, &[("round", &n.to_string())]),
        };
        self.open_rounds.insert(section, (entries.len(), HashSet::from([vote.voter])));
        entries.push(Entry::Votes(VoteRound { attack, round: *round, title, votes: vec![vote] }));
    }
}
