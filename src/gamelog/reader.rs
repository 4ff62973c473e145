//! Reads an AIWolf server game log (every era, 2014 to today) into events, one per line.
//!
//! The format is described in `docs/gamelog.md`: `day,kind,…`, comma-separated, no quoting. Talk and whisper
//! lines come in two layouts, `day,talk,idx,turn,agent,text` (late 2016 onward) and `day,talk,idx,agent,text`
//! (2014, GAT2016), told apart per line; 2014 writes roles, statuses and the winner in lower case. A line
//! that cannot be read is reported with its number and why, and reading goes on.

use serde::Serialize;
use utoipa::ToSchema;

use super::error::GamelogError;
use crate::protocol::{Agent, MAX_NUMBER, Role, Species};

/// Bounds on what one log may cost to read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LogLimits {
    /// Largest log in bytes.
    pub max_bytes: usize,
    /// Longest line in bytes; a longer line is reported and skipped.
    pub max_line: usize,
    /// Most malformed lines listed; the rest are counted in one last entry.
    pub max_errors: usize,
}

impl Default for LogLimits {
    fn default() -> Self {
        LogLimits { max_bytes: 4 * 1024 * 1024, max_line: 16 * 1024, max_errors: 200 }
    }
}

/// A log line that could not be read. `line` counts from 1.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(example = json!({"line": 7, "message": "vote line needs 4 fields (day,vote,voter,target), found 3"}))]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

/// Who won, as the `result` line says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "UPPERCASE")]
pub enum Winner {
    Villager,
    Werewolf,
    /// A third side (the modified servers' FOX team).
    Others,
}

/// What one log line says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event<'a> {
    Status {
        agent: Agent,
        role: Role,
        alive: bool,
        player: &'a str,
        character: Option<&'a str>,
    },
    Talk {
        whisper: bool,
        id: u32,
        turn: Option<u32>,
        speaker: Agent,
        text: &'a str,
    },
    Vote {
        voter: Agent,
        target: Agent,
    },
    AttackVote {
        voter: Agent,
        target: Agent,
    },
    Divine {
        seer: Agent,
        target: Agent,
        species: Species,
    },
    Guard {
        guard: Agent,
        target: Agent,
        role: Role,
    },
    Execute {
        agent: Agent,
        role: Role,
    },
    /// `target: None` is `attack,-1,false`: nobody was attacked.
    Attack {
        target: Option<Agent>,
        succeeded: bool,
    },
    Result {
        humans: u32,
        werewolves: u32,
        others: Option<u32>,
        winner: Winner,
    },
}

/// One event with its day and line number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine<'a> {
    pub line: usize,
    pub day: u32,
    pub event: Event<'a>,
}

/// A whole log: the lines that read, and the ones that did not.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameLog<'a> {
    pub lines: Vec<LogLine<'a>>,
    pub errors: Vec<LineError>,
}

/// Reads every line of `text`. Fails only when the log is over [`LogLimits::max_bytes`]; malformed lines go
/// to [`GameLog::errors`].
pub fn read_log<'a>(text: &'a str, limits: &LogLimits) -> Result<GameLog<'a>, GamelogError> {
    if text.len() > limits.max_bytes {
        return Err(GamelogError::TooLarge { len: text.len(), max: limits.max_bytes });
    }
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    // One slot per line, reserved once: a vector that doubles as it fills holds up to twice its lines, and
    // both its old and new buffers while it grows (a 4 MiB log has ~130k lines).
    let mut log =
        GameLog { lines: Vec::with_capacity(text.bytes().filter(|&b| b == b'\n').count() + 1), errors: Vec::new() };
    let mut unlisted = 0usize;
    for (index, raw) in text.split('\n').enumerate() {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.trim().is_empty() {
            continue;
        }
        let result = if line.len() > limits.max_line {
            Err(format!("line is {} bytes, the limit is {}", line.len(), limits.max_line))
        } else {
            read_line(line)
        };
        match result {
            Ok((day, event)) => log.lines.push(LogLine { line: index + 1, day, event }),
            Err(message) if log.errors.len() < limits.max_errors => {
                log.errors.push(LineError { line: index + 1, message })
            }
            Err(_) => unlisted += 1,
        }
    }
    if unlisted > 0 {
        let line = log.errors.last().map_or(0, |e| e.line);
        log.errors.push(LineError { line, message: format!("{unlisted} more malformed lines are not listed") });
    }
    Ok(log)
}

/// The kinds a line may have, for messages.
const KINDS: &str = "status, talk, whisper, vote, attackVote, divine, guard, execute, attack, result";

fn read_line(line: &str) -> Result<(u32, Event<'_>), String> {
    let (day, rest) = line.split_once(',').ok_or("not a log line: no comma (expected `day,kind,…`)")?;
    let day = number(day, "day")?;
    let (kind, rest) = rest.split_once(',').unwrap_or((rest, ""));
    let event = match kind {
        "talk" | "whisper" => talk(kind == "whisper", rest)?,
        "status" => status(rest)?,
        "vote" | "attackVote" => {
            let [voter, target] = fields(rest, kind, "voter,target")?;
            let (voter, target) = (agent(voter, "voter")?, agent(target, "target")?);
            if kind == "vote" { Event::Vote { voter, target } } else { Event::AttackVote { voter, target } }
        }
        "divine" => {
            let [seer, target, species] = fields(rest, kind, "seer,target,SPECIES")?;
            Event::Divine {
                seer: agent(seer, "seer")?,
                target: agent(target, "target")?,
                species: species_of(species)?,
            }
        }
        "guard" => {
            let [guard, target, role] = fields(rest, kind, "bodyguard,target,ROLE")?;
            Event::Guard { guard: agent(guard, "bodyguard")?, target: agent(target, "target")?, role: role_of(role)? }
        }
        // `banish` was logged by a few development builds of the server in November 2016.
        "execute" | "banish" => {
            let [executed, role] = fields(rest, kind, "agent,ROLE")?;
            Event::Execute { agent: agent(executed, "agent")?, role: role_of(role)? }
        }
        "attack" => {
            let [target, succeeded] = fields(rest, kind, "target,true|false")?;
            let succeeded = match succeeded {
                "true" => true,
                "false" => false,
                other => return Err(format!("attack outcome `{other}` is not `true` or `false`")),
            };
            let target = if target == "-1" { None } else { Some(agent(target, "target")?) };
            if target.is_none() && succeeded {
                return Err("`attack,-1,true`: an attack on nobody cannot succeed".to_owned());
            }
            Event::Attack { target, succeeded }
        }
        "result" => result(rest)?,
        "" => return Err("the line kind is missing (expected `day,kind,…`)".to_owned()),
        other => return Err(format!("unknown line kind `{other}` (expected one of {KINDS})")),
    };
    Ok((day, event))
}

/// Exactly `N` comma-separated fields.
fn fields<'a, const N: usize>(rest: &'a str, kind: &str, layout: &str) -> Result<[&'a str; N], String> {
    let parts: Vec<&str> = if rest.is_empty() { Vec::new() } else { rest.split(',').collect() };
    parts.try_into().map_err(|parts: Vec<&str>| {
        format!("{kind} line needs {} fields (day,{kind},{layout}), found {}", N + 2, parts.len() + 2)
    })
}

/// `idx,turn,agent,text` or `idx,agent,text`; the text is the rest of the line, commas included.
fn talk(whisper: bool, rest: &str) -> Result<Event<'_>, String> {
    let kind = if whisper { "whisper" } else { "talk" };
    let mut parts = rest.splitn(4, ',');
    let (Some(id), Some(second), Some(third)) = (parts.next(), parts.next(), parts.next()) else {
        return Err(format!("{kind} line needs `day,{kind},idx,turn,agent,text` or `day,{kind},idx,agent,text`"));
    };
    let id = number(id, "talk index")?;
    let fourth = parts.next();
    // Six fields when the two numbers after the index are both numbers and text follows them.
    let six_fields = fourth.is_some() && is_number(second) && is_number(third);
    let (turn, speaker, text) = if six_fields {
        (Some(number(second, "turn")?), agent(third, "speaker")?, fourth.unwrap_or_default())
    } else {
        let text_start = second.len() + 1;
        (None, agent(second, "speaker")?, &rest[id_len(rest) + text_start..])
    };
    Ok(Event::Talk { whisper, id, turn, speaker, text })
}

/// The length of the first field plus its comma.
fn id_len(rest: &str) -> usize {
    rest.find(',').map_or(rest.len(), |i| i + 1)
}

fn status(rest: &str) -> Result<Event<'_>, String> {
    let parts: Vec<&str> = rest.split(',').collect();
    let (agent_field, role, alive, player, character) = match parts.as_slice() {
        [a, r, s, p] => (*a, *r, *s, *p, None),
        // NLP-division logs add the character's name.
        [a, r, s, p, c] => (*a, *r, *s, *p, Some(*c)),
        _ => {
            return Err(format!(
                "status line needs 6 or 7 fields (day,status,agent,ROLE,ALIVE|DEAD,name[,character]), found {}",
                parts.len() + 2
            ));
        }
    };
    let alive = if alive.eq_ignore_ascii_case("alive") {
        true
    } else if alive.eq_ignore_ascii_case("dead") {
        false
    } else {
        return Err(format!("status `{alive}` is not ALIVE or DEAD"));
    };
    Ok(Event::Status {
        agent: agent(agent_field, "agent")?,
        role: role_of(role)?,
        alive,
        player,
        character: character.filter(|c| !c.trim().is_empty()),
    })
}

fn result(rest: &str) -> Result<Event<'_>, String> {
    let parts: Vec<&str> = rest.split(',').collect();
    let (humans, werewolves, others, winner) = match parts.as_slice() {
        [h, w, winner] => (*h, *w, None, *winner),
        // Modified servers with a third side log its survivors too.
        [h, w, o, winner] => (*h, *w, Some(number(o, "others alive")?), *winner),
        _ => {
            return Err(format!(
                "result line needs 5 fields (day,result,humans,werewolves,WINNER), found {}",
                parts.len() + 2
            ));
        }
    };
    let winner = match winner.to_ascii_uppercase().as_str() {
        "VILLAGER" => Winner::Villager,
        "WEREWOLF" => Winner::Werewolf,
        "OTHERS" => Winner::Others,
        _ => return Err(format!("winner `{winner}` is not VILLAGER, WEREWOLF or OTHERS")),
    };
    Ok(Event::Result {
        humans: number(humans, "humans alive")?,
        werewolves: number(werewolves, "werewolves alive")?,
        others,
        winner,
    })
}

fn is_number(field: &str) -> bool {
    !field.is_empty() && field.len() <= 10 && field.bytes().all(|b| b.is_ascii_digit())
}

fn number(field: &str, what: &str) -> Result<u32, String> {
    field
        .parse::<u32>()
        .ok()
        .filter(|n| *n <= MAX_NUMBER && field.bytes().all(|b| b.is_ascii_digit()))
        .ok_or_else(|| format!("{what} `{field}` is not a number"))
}

fn agent(field: &str, what: &str) -> Result<Agent, String> {
    match number(field, what)? {
        0 => Err(format!("{what} `0` is not an agent (agents count from 1)")),
        n => Ok(Agent::Id(n)),
    }
}

/// A role in any case (`werewolf` in 2014, `WEREWOLF` since).
fn role_of(field: &str) -> Result<Role, String> {
    Role::ALL
        .iter()
        .copied()
        .filter(|r| *r != Role::Any)
        .find(|r| r.keyword().eq_ignore_ascii_case(field))
        .ok_or_else(|| format!("`{field}` is not a role"))
}

/// A divination result in any case (`Human` in 2014).
fn species_of(field: &str) -> Result<Species, String> {
    Species::ALL
        .iter()
        .copied()
        .filter(|s| *s != Species::Any)
        .find(|s| s.keyword().eq_ignore_ascii_case(field))
        .ok_or_else(|| format!("`{field}` is not HUMAN or WEREWOLF"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(line: &str) -> Result<Event<'_>, String> {
        read_line(line).map(|(_, event)| event)
    }

    #[test]
    fn talk_has_two_layouts() {
        assert_eq!(
            one("1,talk,3,0,1,COMINGOUT Agent[01] SEER").unwrap(),
            Event::Talk {
                whisper: false,
                id: 3,
                turn: Some(0),
                speaker: Agent::Id(1),
                text: "COMINGOUT Agent[01] SEER"
            }
        );
        assert_eq!(
            one("0,whisper,2,7,INQUESTED Agent[03] WEREWOLF").unwrap(),
            Event::Talk {
                whisper: true,
                id: 2,
                turn: None,
                speaker: Agent::Id(7),
                text: "INQUESTED Agent[03] WEREWOLF"
            }
        );
        // The text is the rest of the line, commas and trailing spaces included.
        assert_eq!(
            one("0,talk,1,5,10 werewolf, really ").unwrap(),
            Event::Talk { whisper: false, id: 1, turn: None, speaker: Agent::Id(5), text: "10 werewolf, really " }
        );
        assert_eq!(
            one("1,talk,4,2,3,a,b").unwrap(),
            Event::Talk { whisper: false, id: 4, turn: Some(2), speaker: Agent::Id(3), text: "a,b" }
        );
    }

    #[test]
    fn every_kind_and_case_reads() {
        assert_eq!(
            one("0,status,2,werewolf,alive,SamplePlayer").unwrap(),
            Event::Status {
                agent: Agent::Id(2),
                role: Role::Werewolf,
                alive: true,
                player: "SamplePlayer",
                character: None
            }
        );
        assert_eq!(
            one("0,divine,11,1,Human").unwrap(),
            Event::Divine { seer: Agent::Id(11), target: Agent::Id(1), species: Species::Human }
        );
        assert_eq!(one("3,attack,-1,false").unwrap(), Event::Attack { target: None, succeeded: false });
        assert_eq!(
            one("7,result,1,1,werewolf").unwrap(),
            Event::Result { humans: 1, werewolves: 1, others: None, winner: Winner::Werewolf }
        );
        assert_eq!(one("1,banish,2,VILLAGER").unwrap(), Event::Execute { agent: Agent::Id(2), role: Role::Villager });
    }

    #[test]
    fn malformed_lines_say_why() {
        assert!(one("1,vote,1").unwrap_err().contains("needs 4 fields"));
        assert!(one("x,vote,1,2").unwrap_err().contains("day `x`"));
        assert!(one("0,cursed,4,FOX").unwrap_err().contains("unknown line kind `cursed`"));
        assert!(one("1,attack,-1,true").unwrap_err().contains("cannot succeed"));
        assert!(one("1,vote,0,2").unwrap_err().contains("count from 1"));
        assert!(one("0,status,1,KING,ALIVE,x").unwrap_err().contains("`KING` is not a role"));
        assert!(one("hello").unwrap_err().contains("no comma"));
    }

    #[test]
    fn reading_goes_on_after_errors_and_is_bounded() {
        let log = read_log("1,vote,1,2\n\nnonsense\r\n1,vote,2,1\n", &LogLimits::default()).unwrap();
        assert_eq!(log.lines.len(), 2);
        assert_eq!(
            log.errors,
            [LineError { line: 3, message: "not a log line: no comma (expected `day,kind,…`)".into() }]
        );
        assert_eq!(log.lines[1].line, 4);
        let limits = LogLimits { max_bytes: 8, ..LogLimits::default() };
        assert!(matches!(read_log("1,vote,1,2\n", &limits), Err(GamelogError::TooLarge { len: 11, max: 8 })));
        let limits = LogLimits { max_errors: 2, ..LogLimits::default() };
        let log = read_log("a\nb\nc\nd\n", &limits).unwrap();
        assert_eq!(log.errors.len(), 3);
        assert_eq!(log.errors[2].message, "2 more malformed lines are not listed");
    }
}
