//! Closed-class words that some rules look at right beside a player, a value or a cue (`[nearby]` in
//! `locales/<lang>.lexicon.toml`): determiners, governing prepositions, possessives, the cleft, "keep … safe".
//! They are not words the lexer tags; the reader asks about the text next to a token. Only English has them:
//! Japanese marks the same relations with particles, which are `marks`.

use serde::Deserialize;

use super::normalize::fold_word;

/// The `[nearby]` words, folded like the text they are compared with after loading (see [`Nearby::folded`]).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Nearby {
    determiners: Vec<String>,
    governing: Vec<String>,
    apposition: Vec<String>,
    third_person_possessives: Vec<String>,
    addressee_possessives: Vec<String>,
    complementisers: Vec<String>,
    cleft: Vec<String>,
    keep: Vec<String>,
    kept: Vec<String>,
    safe: Vec<String>,
    away_from: Vec<String>,
    lynch: Vec<String>,
    feeling: Vec<String>,
    say: Vec<String>,
    consequence: Vec<String>,
    described: Vec<String>,
    relative_heads: Vec<String>,
    holding: Vec<String>,
    believing: Vec<String>,
    copulas: Vec<String>,
}

fn has(list: &[String], word: &str) -> bool {
    list.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Whether `text` starts with `word` as a whole word.
fn starts_with_word(text: &str, word: &str) -> bool {
    text.starts_with(word) && !text[word.len()..].starts_with(char::is_alphanumeric)
}

/// The last word of text, after trailing spaces ("" when it ends in punctuation).
pub fn last_word(text: &str) -> &str {
    text.trim_end().rsplit(|c: char| !c.is_alphanumeric()).next().unwrap_or("")
}

impl Nearby {
    /// The section as written, its words folded like the text («’» → «'», case) and empty ones dropped.
    pub fn folded(mut self) -> Nearby {
        for list in [
            &mut self.determiners,
            &mut self.governing,
            &mut self.apposition,
            &mut self.third_person_possessives,
            &mut self.addressee_possessives,
            &mut self.complementisers,
            &mut self.cleft,
            &mut self.keep,
            &mut self.kept,
            &mut self.safe,
            &mut self.away_from,
            &mut self.lynch,
            &mut self.feeling,
            &mut self.say,
            &mut self.consequence,
            &mut self.described,
            &mut self.relative_heads,
            &mut self.holding,
            &mut self.believing,
            &mut self.copulas,
        ] {
            *list = list.iter().map(|w| fold_word(w).trim().to_owned()).filter(|w| !w.is_empty()).collect();
        }
        self
    }

    /// Text with the determiners at its end taken off ("…to the" → "…to").
    pub fn without_determiners<'t>(&self, before: &'t str) -> &'t str {
        let mut head = before.trim_end();
        loop {
            let word = last_word(head);
            if word.is_empty() || !has(&self.determiners, word) {
                return head;
            }
            head = head[..head.len() - word.len()].trim_end();
        }
    }

    /// Whether a word is a preposition that governs the value after it ("to the bodyguard").
    pub fn governing(&self, word: &str) -> bool {
        has(&self.governing, word)
    }

    /// Whether a word sets a role beside a player ("as": "you as the medium").
    pub fn apposition(&self, word: &str) -> bool {
        has(&self.apposition, word)
    }

    /// Whether text before a result word ends with a third person's possessive ("her divination").
    pub fn third_person_possessive_before(&self, before: &str) -> bool {
        has(&self.third_person_possessives, last_word(before))
    }

    /// Whether text before a word ends with a possessive other than the speaker's ("I need your medium"), not
    /// right after a copula ("I'm your medium" says what the subject is).
    pub fn others_possessive_before(&self, before: &str) -> bool {
        let before = before.trim_end();
        let word = last_word(before);
        let possessive = has(&self.third_person_possessives, word) || has(&self.addressee_possessives, word);
        let head = before.get(..before.len() - word.len()).unwrap_or("");
        possessive && !has(&self.copulas, last_word(head))
    }

    /// Whether text holds the addressee's possessive as a word ("Tell us your result").
    pub fn says_addressee_possessive(&self, text: &str) -> bool {
        !self.addressee_possessives.is_empty()
            && text.split(|c: char| !c.is_alphabetic()).any(|w| has(&self.addressee_possessives, w))
    }

    /// Whether a gap between a report word and what is reported is empty or a complementiser ("said that").
    pub fn complementiser_gap(&self, gap: &str) -> bool {
        let gap = gap.trim();
        gap.is_empty() || has(&self.complementisers, gap)
    }

    /// Whether text before a player ends with a cleft's "it was" ("It was me who killed Shion").
    pub fn cleft_before(&self, before: &str) -> bool {
        let before = before.trim_end();
        self.cleft
            .iter()
            .any(|c| before.strip_suffix(c.as_str()).is_some_and(|head| !head.ends_with(char::is_alphanumeric)))
    }

    /// Whether a verb is "keep" in an ask or a plan (`Some(false)`), "kept" in a report (`Some(true)`), or
    /// neither (`None`).
    pub fn keep_verb(&self, verb: &str) -> Option<bool> {
        if has(&self.kept, verb) {
            Some(true)
        } else if has(&self.keep, verb) {
            Some(false)
        } else {
            None
        }
    }

    /// The length of the state word a text starts with ("safe", "alive"), if it does.
    pub fn safe_state(&self, text: &str) -> Option<usize> {
        self.safe.iter().find(|w| starts_with_word(text, w)).map(|w| w.len())
    }

    /// Whether text says "away from the lynch" ("from the vote", "from execution"), within its next words.
    pub fn away_from_lynch(&self, text: &str) -> bool {
        let text = text.trim_start();
        self.away_from.iter().any(|from| {
            starts_with_word(text, from)
                && text[from.len()..]
                    .split_whitespace()
                    .take(3)
                    .any(|word| self.lynch.iter().any(|stem| word.starts_with(stem.as_str())))
        })
    }

    /// Whether text starts with a word for a feeling ("vibes", "energy"): a value before it describes one.
    pub fn feeling_next(&self, text: &str) -> bool {
        let text = text.trim_start();
        self.feeling.iter().any(|w| text.starts_with(w.as_str()))
    }

    /// Whether a word reports another player's words when right after them ("They say…").
    pub fn say(&self, word: &str) -> bool {
        has(&self.say, word)
    }

    /// Whether a piece's text opens by describing a person ("the guy we exiled", "the one who…").
    pub fn opens_describing(&self, text: &str) -> bool {
        let text = text.trim_start();
        self.described.iter().any(|w| starts_with_word(text, w))
    }

    /// Whether text before a player ends with a verb that holds it as an object ("Rin has me pegged…").
    pub fn held_before(&self, before: &str) -> bool {
        has(&self.holding, last_word(before))
    }

    /// Whether the text between a player and a subject ends with a relative clause's head ("Yumi is the one (that)
    /// I suspect"): the player is then the clause's object.
    pub fn heads_relative_clause(&self, gap: &str) -> bool {
        let gap = gap.trim_end();
        let gap = self
            .complementisers
            .iter()
            .map(String::as_str)
            .chain(["who", "whom"])
            .find_map(|c| gap.strip_suffix(c).filter(|head| head.ends_with(' ')))
            .unwrap_or(gap)
            .trim_end();
        self.relative_heads.iter().any(|head| {
            gap.strip_suffix(head.as_str()).is_some_and(|before| before.is_empty() || before.ends_with(' '))
        })
    }

    /// Whether the text between two players is a verb of belief, "that" allowed after it ("Rin is sure (that)").
    pub fn believes(&self, gap: &str) -> bool {
        let gap = gap.trim();
        let gap = self
            .complementisers
            .iter()
            .find_map(|c| gap.strip_suffix(c.as_str()).filter(|head| head.ends_with(' ')))
            .unwrap_or(gap)
            .trim_end();
        has(&self.believing, gap)
    }

    /// Whether a sentence's text opens with a word that draws a consequence ("Then Rin has to be lying").
    pub fn opens_with_consequence(&self, sentence: &str) -> bool {
        let sentence = sentence.trim_start();
        self.consequence.iter().any(|w| starts_with_word(sentence, w))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn english() -> Nearby {
        let words = |list: &[&str]| list.iter().map(|w| w.to_string()).collect::<Vec<_>>();
        Nearby {
            // Written as a person would; folded on loading.
            determiners: words(&["The", "our"]),
            governing: words(&["to"]),
            cleft: words(&["it was", "it's"]),
            safe: words(&["safe"]),
            away_from: words(&["from"]),
            lynch: words(&["lynch", "execut"]),
            feeling: words(&["vibe"]),
            consequence: words(&["Then"]),
            described: words(&["the guy"]),
            ..Nearby::default()
        }
        .folded()
    }

    #[test]
    fn determiners_come_off_the_end_only() {
        let nearby = english();
        assert_eq!(nearby.without_determiners("grateful to the "), "grateful to");
        assert_eq!(nearby.without_determiners("to our the"), "to");
        assert_eq!(nearby.without_determiners("theory"), "theory");
    }

    #[test]
    fn words_are_whole_words() {
        let nearby = english();
        assert_eq!(nearby.safe_state("safe tonight"), Some(4));
        assert_eq!(nearby.safe_state("safety"), None);
        assert!(nearby.cleft_before("it was"));
        assert!(!nearby.cleft_before("bit was"));
        assert!(nearby.away_from_lynch(" from the lynch"));
        assert!(nearby.away_from_lynch("from being executed"));
        assert!(!nearby.away_from_lynch("from the wolves tonight"));
        assert!(!nearby.away_from_lynch("fromage lynch"));
        assert!(nearby.feeling_next(" vibes"));
        assert!(nearby.opens_with_consequence(" then rin"));
        assert!(!nearby.opens_with_consequence("thence"));
        assert!(nearby.opens_describing(" the guy we exiled"));
        assert!(!nearby.opens_describing("the guys"));
    }

    #[test]
    fn an_empty_section_matches_nothing() {
        let nearby = Nearby::default();
        assert_eq!(nearby.without_determiners("to the"), "to the");
        assert!(!nearby.cleft_before("it was"));
        assert_eq!(nearby.keep_verb("keep"), None);
        assert!(!nearby.says_addressee_possessive("your result"));
        assert!(nearby.complementiser_gap("  "));
    }
}
