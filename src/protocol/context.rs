//! Who is talking to whom, in which game: the context both translation directions need.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::ast::Agent;

/// Most agents a name table read from JSON may name (a game has at most a few dozen seats).
pub const MAX_NAMED_AGENTS: usize = 100;
/// Most names one agent may have in a table read from JSON.
pub const MAX_NAMES_PER_AGENT: usize = 16;
/// Longest name, in characters (as JSON Schema counts them), in a table read from JSON.
pub const MAX_NAME_CHARS: usize = 32;

/// The game's names: each agent's display name first, then other names it may be called by.
///
/// JSON: `{"Agent[03]": "ミナト"}` or `{"Agent[03]": ["ミナト", "Minato"]}`. A table read from JSON is bounded
/// ([`MAX_NAMED_AGENTS`] agents, [`MAX_NAMES_PER_AGENT`] names each, [`MAX_NAME_CHARS`] characters a name), so
/// that what matching names against a text costs is bounded too.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NameTable {
    names: BTreeMap<Agent, Vec<String>>,
}

impl NameTable {
    pub fn new() -> Self {
        NameTable::default()
    }

    /// Adds `name` for `agent`; the first name added is the display name.
    pub fn insert(&mut self, agent: Agent, name: impl Into<String>) {
        let name = name.into();
        let names = self.names.entry(agent).or_default();
        if !names.contains(&name) {
            names.push(name);
        }
    }

    /// The display name of `agent`, if the table has one.
    pub fn display_name(&self, agent: Agent) -> Option<&str> {
        self.names.get(&agent).and_then(|names| names.first()).map(String::as_str)
    }

    /// The first name of `agent` that `prefer` accepts, else its display name: a table may list an agent's
    /// names in several languages, and each output language shows its own.
    pub fn preferred_name(&self, agent: Agent, prefer: impl Fn(&str) -> bool) -> Option<&str> {
        let names = self.names.get(&agent)?;
        names.iter().find(|name| prefer(name)).or_else(|| names.first()).map(String::as_str)
    }

    /// Every name of `agent`.
    pub fn names_of(&self, agent: Agent) -> &[String] {
        self.names.get(&agent).map_or(&[], Vec::as_slice)
    }

    /// Every (agent, name) pair, agents in order.
    pub fn iter(&self) -> impl Iterator<Item = (Agent, &str)> {
        self.names.iter().flat_map(|(agent, names)| names.iter().map(move |name| (*agent, name.as_str())))
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }
}

impl FromIterator<(Agent, String)> for NameTable {
    fn from_iter<I: IntoIterator<Item = (Agent, String)>>(iter: I) -> Self {
        let mut table = NameTable::new();
        for (agent, name) in iter {
            table.insert(agent, name);
        }
        table
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl Serialize for NameTable {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<String, &Vec<String>> = self.names.iter().map(|(a, n)| (a.to_string(), n)).collect();
        map.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for NameTable {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = BTreeMap::<String, OneOrMany>::deserialize(deserializer)?;
        if raw.len() > MAX_NAMED_AGENTS {
            return Err(serde::de::Error::custom(format!(
                "{} agents have names; the limit is {MAX_NAMED_AGENTS}",
                raw.len()
            )));
        }
        let mut table = NameTable::new();
        for (key, value) in raw {
            let agent: Agent = key.parse().map_err(serde::de::Error::custom)?;
            if agent == Agent::Any {
                return Err(serde::de::Error::custom("ANY cannot have a name"));
            }
            let names = match value {
                OneOrMany::One(name) => vec![name],
                OneOrMany::Many(names) => names,
            };
            if names.len() > MAX_NAMES_PER_AGENT {
                return Err(serde::de::Error::custom(format!(
                    "{key} has {} names; the limit is {MAX_NAMES_PER_AGENT}",
                    names.len()
                )));
            }
            for name in names {
                let name = name.trim();
                if name.is_empty() {
                    return Err(serde::de::Error::custom(format!("empty name for {key}")));
                }
                let chars = name.chars().count();
                if chars > MAX_NAME_CHARS {
                    return Err(serde::de::Error::custom(format!(
                        "a name of {key} is {chars} characters; the limit is {MAX_NAME_CHARS}"
                    )));
                }
                table.insert(agent, name);
            }
        }
        Ok(table)
    }
}

/// The situation an utterance is made in.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"speaker": "Agent[01]", "addressee": "Agent[03]", "day": 2, "names": {"Agent[03]": "ミナト"}}))]
pub struct Context {
    /// Who speaks; an omitted top-level subject is this agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker: Option<Agent>,
    /// Who is spoken to (`@Name`, `>>Agent[03]`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub addressee: Option<Agent>,
    /// The game's name table: at most 100 agents, 16 names each, 32 characters a name (422 `invalid_body` beyond).
    #[serde(default, skip_serializing_if = "NameTable::is_empty")]
    pub names: NameTable,
    /// The current day, for 「昨日」 / "yesterday".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 2147483647)]
    pub day: Option<u32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_one_or_many() {
        let table: NameTable =
            serde_json::from_str(r#"{"Agent[03]": "ミナト", "Agent[4]": ["シオン", "Shion"]}"#).unwrap();
        assert_eq!(table.display_name(Agent::Id(3)), Some("ミナト"));
        assert_eq!(table.names_of(Agent::Id(4)), ["シオン", "Shion"]);
        assert_eq!(
            serde_json::to_string(&table).unwrap(),
            r#"{"Agent[03]":["ミナト"],"Agent[04]":["シオン","Shion"]}"#
        );
        assert!(serde_json::from_str::<NameTable>(r#"{"ANY": "x"}"#).is_err());
        assert!(serde_json::from_str::<NameTable>(r#"{"Agent[01]": " "}"#).is_err());
    }

    #[test]
    fn tables_from_json_are_bounded() {
        let table = |agents: usize, names: usize, chars: usize| {
            let map: BTreeMap<String, Vec<String>> = (1..=agents)
                .map(|n| (format!("Agent[{n:02}]"), (0..names).map(|i| format!("{i:0chars$}")).collect()))
                .collect();
            serde_json::from_value::<NameTable>(serde_json::to_value(map).unwrap())
        };
        assert!(table(MAX_NAMED_AGENTS, MAX_NAMES_PER_AGENT, MAX_NAME_CHARS).is_ok());
        let agents = table(MAX_NAMED_AGENTS + 1, 1, 4).unwrap_err().to_string();
        assert!(agents.contains("101 agents have names; the limit is 100"), "{agents}");
        let names = table(1, MAX_NAMES_PER_AGENT + 1, 4).unwrap_err().to_string();
        assert!(names.contains("Agent[01] has 17 names; the limit is 16"), "{names}");
        let long = table(1, 1, MAX_NAME_CHARS + 1).unwrap_err().to_string();
        assert!(long.contains("a name of Agent[01] is 33 characters; the limit is 32"), "{long}");
    }
}
