//! A language's render vocabulary: pronouns, honorific, role and species nouns, and free words for templates.
//!
//! It lives in `locales/<lang>.render.toml` under a `[render]` table (the understanding side keeps its phrase
//! tables in its own sections or files). Rust needs only the nouns it substitutes into slots; every entry of
//! `[render.words]` is handed to the templates as `v.<key>`, so wording stays out of Rust.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::error::RenderError;
use crate::protocol::{Role, Species, TalkKind};

#[derive(Deserialize)]
struct LocaleFile {
    render: RawVocab,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawVocab {
    me: String,
    me_object: String,
    you: String,
    you_object: String,
    /// The context's addressee is called by name, not `you` (Japanese players rarely say あなた to each other).
    #[serde(default)]
    name_the_addressee: bool,
    /// The chat style gives a BECAUSE's reasons as plain clauses: a posted result (「占い結果：ケンジ●」) takes no から.
    #[serde(default)]
    plain_chat_reasons: bool,
    /// A day's own result inside another sentence keeps the result's wording (「1日目の占い結果では、…」), not a
    /// dated report of the act (「1日目に、…を占った結果、…」).
    #[serde(default)]
    dated_results_in_clauses: bool,
    /// Nouns have no number, so a view of several agents is said once (「ケンジさんとシオンさんは人狼だと思います」);
    /// English would need plurals ("are werewolves").
    #[serde(default)]
    numberless_nouns: bool,
    honorific: String,
    roles: BTreeMap<String, String>,
    species: BTreeMap<String, String>,
    talk: BTreeMap<String, String>,
    /// The chat style's short role names, as in 「占いCO」 / "Seer CO".
    role_tags: BTreeMap<String, String>,
    /// The chat style's marks for a result, as in 「ケンジ●」 / "Kenji is black".
    species_tags: BTreeMap<String, String>,
    #[serde(default)]
    words: toml::Table,
}

/// The parsed vocabulary, with the keyword tables turned into arrays indexed like the protocol enums.
#[derive(Debug, Clone)]
pub(crate) struct Vocab {
    pub me: String,
    pub me_object: String,
    pub you: String,
    pub you_object: String,
    pub name_the_addressee: bool,
    pub plain_chat_reasons: bool,
    pub dated_results_in_clauses: bool,
    pub numberless_nouns: bool,
    pub honorific: String,
    roles: Vec<String>,
    species: Vec<String>,
    talk: Vec<String>,
    role_tags: Vec<String>,
    species_tags: Vec<String>,
    /// `[render.words]`, given to every template as `v`.
    pub words: toml::Table,
}

impl Vocab {
    /// Parses a locale file; `path` only labels errors.
    pub fn parse(lang: &str, path: &str, text: &str) -> Result<Vocab, RenderError> {
        let error = |message: String| RenderError::Locale { lang: lang.to_owned(), path: path.to_owned(), message };
        let raw: LocaleFile = toml::from_str(text).map_err(|e| error(e.to_string()))?;
        let raw = raw.render;
        let table = |map: &BTreeMap<String, String>, keys: &mut dyn Iterator<Item = &'static str>, what: &str| {
            keys.map(|key| map.get(key).cloned().ok_or_else(|| error(format!("[render.{what}] has no `{key}`"))))
                .collect::<Result<Vec<_>, _>>()
        };
        Ok(Vocab {
            roles: table(&raw.roles, &mut Role::ALL.iter().map(|r| r.keyword()), "roles")?,
            species: table(&raw.species, &mut Species::ALL.iter().map(|s| s.keyword()), "species")?,
            talk: table(&raw.talk, &mut TalkKind::ALL.iter().map(|t| t.keyword()), "talk")?,
            role_tags: table(&raw.role_tags, &mut Role::ALL.iter().map(|r| r.keyword()), "role_tags")?,
            species_tags: table(&raw.species_tags, &mut Species::ALL.iter().map(|s| s.keyword()), "species_tags")?,
            me: raw.me,
            me_object: raw.me_object,
            you: raw.you,
            you_object: raw.you_object,
            name_the_addressee: raw.name_the_addressee,
            plain_chat_reasons: raw.plain_chat_reasons,
            dated_results_in_clauses: raw.dated_results_in_clauses,
            numberless_nouns: raw.numberless_nouns,
            honorific: raw.honorific,
            words: raw.words,
        })
    }

    pub fn role(&self, role: Role) -> &str {
        &self.roles[index_of(Role::ALL, &role)]
    }

    pub fn species(&self, species: Species) -> &str {
        &self.species[index_of(Species::ALL, &species)]
    }

    pub fn role_tag(&self, role: Role) -> &str {
        &self.role_tags[index_of(Role::ALL, &role)]
    }

    pub fn species_tag(&self, species: Species) -> &str {
        &self.species_tags[index_of(Species::ALL, &species)]
    }

    pub fn talk(&self, kind: TalkKind) -> &str {
        &self.talk[index_of(TalkKind::ALL, &kind)]
    }
}

/// Position of a keyword in its `ALL` list; the tables were built from that same list, so it is in range.
fn index_of<T: PartialEq>(all: &[T], value: &T) -> usize {
    all.iter().position(|v| v == value).unwrap_or(0)
}
