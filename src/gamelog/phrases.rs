//! The narration phrases of `locales/<lang>.log.toml`: data, compiled into the binary, checked when loaded
//! (every key present, no unknown key, only the placeholders each phrase may use).

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;

use super::error::GamelogError;
use crate::protocol::{Role, Species};
use crate::render::Lang;

/// One language's phrases. Fields are filled with [`fill`].
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phrases {
    pub day: String,
    pub whisper: String,
    pub untranslated: String,
    pub untranslated_note: String,
    pub votes: String,
    pub revote: String,
    pub vote: String,
    pub attack_votes: String,
    pub attack_revote: String,
    pub attack_vote: String,
    pub execute: String,
    pub divine: String,
    pub guard: String,
    pub attack: String,
    pub attack_failed: String,
    pub attack_executed: String,
    pub attack_none: String,
    pub result: String,
    pub winner_villager: String,
    pub winner_werewolf: String,
    pub winner_others: String,
    pub no_result: String,
    pub survivors: String,
    pub roles: String,
    pub agent: String,
    pub name: String,
    pub player: String,
    pub role: String,
    pub state: String,
    pub alive: String,
    pub dead: String,
    pub errors: String,
    pub error_line: String,
    role_names: BTreeMap<String, String>,
    species_names: BTreeMap<String, String>,
}

impl Phrases {
    /// The embedded phrases of `lang`, parsed and checked once per process.
    pub fn get(lang: Lang) -> Result<&'static Phrases, GamelogError> {
        static JA: OnceLock<Result<Phrases, String>> = OnceLock::new();
        static EN: OnceLock<Result<Phrases, String>> = OnceLock::new();
        let (cell, source) = match lang {
            Lang::Ja => (&JA, include_str!("../../locales/ja.log.toml")),
            Lang::En => (&EN, include_str!("../../locales/en.log.toml")),
        };
        cell.get_or_init(|| Phrases::parse(source))
            .as_ref()
            .map_err(|message| GamelogError::Phrases { lang: lang.code(), message: message.clone() })
    }

    /// Parses and checks a phrase file.
    pub fn parse(source: &str) -> Result<Phrases, String> {
        let phrases: Phrases = toml::from_str(source).map_err(|e| e.to_string())?;
        phrases.check()?;
        Ok(phrases)
    }

    /// The role's name in this language.
    pub fn role(&self, role: Role) -> &str {
        self.role_names.get(role.keyword()).map_or(role.keyword(), String::as_str)
    }

    /// The species' name in this language.
    pub fn species(&self, species: Species) -> &str {
        self.species_names.get(species.keyword()).map_or(species.keyword(), String::as_str)
    }

    fn check(&self) -> Result<(), String> {
        let allowed: &[(&str, &str, &[&str])] = &[
            ("day", &self.day, &["day"]),
            ("untranslated_note", &self.untranslated_note, &["reason"]),
            ("revote", &self.revote, &["round"]),
            ("vote", &self.vote, &["voter", "target"]),
            ("attack_revote", &self.attack_revote, &["round"]),
            ("attack_vote", &self.attack_vote, &["voter", "target"]),
            ("execute", &self.execute, &["agent"]),
            ("divine", &self.divine, &["seer", "target", "species"]),
            ("guard", &self.guard, &["guard", "target"]),
            ("attack", &self.attack, &["target"]),
            ("attack_failed", &self.attack_failed, &["target"]),
            ("attack_executed", &self.attack_executed, &["target"]),
            ("survivors", &self.survivors, &["humans", "werewolves"]),
            ("error_line", &self.error_line, &["line", "message"]),
        ];
        for (key, phrase, names) in allowed {
            for name in placeholders(phrase) {
                if !names.contains(&name) {
                    return Err(format!("`{key}` uses `{{{name}}}`; it may use {}", names.join(", ")));
                }
            }
        }
        let plain = [
            ("whisper", &self.whisper),
            ("untranslated", &self.untranslated),
            ("votes", &self.votes),
            ("attack_votes", &self.attack_votes),
            ("attack_none", &self.attack_none),
            ("result", &self.result),
            ("winner_villager", &self.winner_villager),
            ("winner_werewolf", &self.winner_werewolf),
            ("winner_others", &self.winner_others),
            ("no_result", &self.no_result),
            ("roles", &self.roles),
        ];
        if let Some((key, _)) = plain.iter().find(|(_, phrase)| placeholders(phrase).next().is_some()) {
            return Err(format!("`{key}` takes no placeholders"));
        }
        for role in Role::ALL.iter().filter(|r| **r != Role::Any) {
            if !self.role_names.contains_key(role.keyword()) {
                return Err(format!("[role_names] has no {role}"));
            }
        }
        for species in Species::ALL.iter().filter(|s| **s != Species::Any) {
            if !self.species_names.contains_key(species.keyword()) {
                return Err(format!("[species_names] has no {species}"));
            }
        }
        Ok(())
    }
}

/// The `{name}` placeholders of a phrase.
fn placeholders(phrase: &str) -> impl Iterator<Item = &str> {
    phrase.split('{').skip(1).filter_map(|part| part.split_once('}').map(|(name, _)| name))
}

/// `phrase` with each `{name}` replaced by its value.
pub fn fill(phrase: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(phrase.len() + 32);
    let mut rest = phrase;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        match after.split_once('}').and_then(|(name, tail)| values.iter().find(|(n, _)| *n == name).map(|v| (v, tail)))
        {
            Some(((_, value), tail)) => {
                out.push_str(value);
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_phrases_load() {
        for lang in Lang::ALL {
            Phrases::get(lang).unwrap();
        }
    }

    #[test]
    fn placeholders_are_checked_and_filled() {
        let source = include_str!("../../locales/en.log.toml").replace("{voter} voted", "{who} voted");
        assert!(Phrases::parse(&source).unwrap_err().contains("`vote` uses `{who}`"));
        let source = include_str!("../../locales/en.log.toml").replace("FOX = \"fox\"\n", "");
        assert!(Phrases::parse(&source).unwrap_err().contains("no FOX"));
        assert_eq!(fill("{a} and {b}, {c}", &[("a", "x"), ("b", "{a}")]), "x and {a}, {c}");
    }
}
