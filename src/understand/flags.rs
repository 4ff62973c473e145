//! Modality flags: what a marker word or a verb ending says about the clause it is in (negation, tense,
//! hedge, question, request…). The lexicon names them; the reader combines them into a mood.

use std::fmt;

/// A set of modality flags.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Flags(u64);

macro_rules! flags {
    ($($(#[$doc:meta])* $name:ident = $bit:expr, $text:literal;)+) => {
        impl Flags {
            $($(#[$doc])* pub const $name: Flags = Flags(1 << $bit);)+
            /// Every flag with its name in the locale files.
            const NAMED: &'static [(Flags, &'static str)] = &[$((Flags::$name, $text)),+];
        }
    };
}

flags! {
    /// ない, not, never.
    NEG = 0, "neg";
    /// た, voted: a past act or result.
    PAST = 1, "past";
    /// と思う, I think, maybe: the speaker is not sure (an estimate stays, a flat claim goes).
    HEDGE = 2, "hedge";
    /// ？, か, "do you": asked, not asserted.
    QUESTION = 3, "question";
    /// てください, please, could you: the addressee is asked to do it.
    REQUEST = 4, "request";
    /// しよう, let's, we should: everyone including the speaker.
    INCLUSIVE = 5, "inclusive";
    /// つもり, will: the speaker's own plan.
    INTENT = 6, "intent";
    /// たい, want to.
    DESIRE = 7, "desire";
    /// なら, if: nothing in the clause is asserted (C17).
    CONDITIONAL = 8, "conditional";
    /// 噂, らしい, I heard: unattributed hearsay (C5).
    HEARSAY = 9, "hearsay";
    /// 迷う, not sure, leaning: undecided (C17).
    UNDECIDED = 10, "undecided";
    /// 教えて, tell us: asks for information (C9).
    INFO = 11, "info";
    /// The Japanese て-form: a request at the end of a sentence, a link inside it.
    TE = 12, "te";
    /// 真の, real, true (before a role).
    GENUINE = 13, "genuine";
    /// 言ってた, says, claimed: what someone else said.
    REPORT = 14, "report";
    /// られた, was attacked: the player is the one it happened to.
    PASSIVE = 15, "passive";
    /// だ, です, is: a plain statement.
    COPULA = 16, "copula";
    /// 〜じゃない？, isn't it: a tag question that asserts (C6).
    TAG = 17, "tag";
    /// 偽, fake, bluffing: a role denied (C7 gives nothing).
    FAKE = 18, "fake";
    /// 撤回, retract: a claim taken back.
    RETRACT = 19, "retract";
    /// 一番, most, top: a superlative (of suspicion).
    MOST = 20, "most";
    /// Rhetorical or musing words (どっちが本物なんだろう): nothing is asked of anyone.
    MUSING = 21, "musing";
    /// 〜べき, should, must: a proposal or an obligation.
    SHOULD = 22, "should";
    /// Words of the future (明日, tomorrow) or a plan for later that is not now.
    LATER = 23, "later";
    /// Opinion verbs («思う», "think", "believe"): the clause reports what someone holds.
    OPINION = 24, "opinion";
    /// A why-question («なぜ», "why"): nothing protocol can ask (C9).
    WHY = 25, "why";
    /// A verb of giving a result to someone («出す», "gave»).
    GIVE = 26, "give";
    /// A verb of receiving a result from someone («もらう», "got").
    RECEIVE = 27, "receive";
    /// Unsure verbs of sensing («気になる»): not a suspicion.
    CONCERN = 28, "concern";
    /// The cue is used as a noun, with no verb («ユミ吊りで», "Kenji for today's lynch»).
    NOUN = 29, "noun";
    /// "or I'll vote you", «さもないと»: a threat after a demand; it holds nothing and leaves the demand standing.
    THREAT = 30, "threat";
    /// «君達もどうだ？», "how about you?": the others invited to do what the speaker just said they will do.
    INVITE = 31, "invite";
    /// «…とはどういうことだ», «…とは如何なる深謀か»: a rhetorical question that turns the clauses of its sentence
    /// into its topic; the whole sentence is a musing (C17).
    RHETORICAL = 32, "rhetorical";
    /// «〜している», «入れてる»: a state the act left (of a vote another player cast, the vote is past) or an act
    /// going on.
    PERFECT = 33, "perfect";
    /// "too", "as well": what was just said holds of one more player ("Mizuki's sus. Yumi too.").
    ALSO = 34, "also";
}

impl Flags {
    pub const NONE: Flags = Flags(0);

    /// Both sets (usable in constants).
    pub const fn union(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }

    /// Every flag not in this set.
    pub const fn complement(self) -> Flags {
        Flags(!self.0)
    }

    pub fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0 && other.0 != 0
    }

    pub fn any(self, other: Flags) -> bool {
        self.0 & other.0 != 0
    }

    pub fn insert(&mut self, other: Flags) {
        self.0 |= other.0;
    }

    pub fn remove(&mut self, other: Flags) {
        self.0 &= !other.0;
    }

    pub const fn without(self, other: Flags) -> Flags {
        Flags(self.0 & !other.0)
    }

    /// The flags named in a locale file.
    pub fn parse(names: &[String]) -> Result<Flags, String> {
        let mut flags = Flags::NONE;
        for name in names {
            let (flag, _) = Flags::NAMED
                .iter()
                .find(|(_, text)| text == name)
                .ok_or_else(|| format!("`{name}` is no marker (expected one of {})", Flags::names().join(", ")))?;
            flags.insert(*flag);
        }
        Ok(flags)
    }

    /// The names of the flags set, for explanations.
    pub fn names_set(self) -> Vec<&'static str> {
        Flags::NAMED.iter().filter(|(flag, _)| self.contains(*flag)).map(|(_, name)| *name).collect()
    }

    fn names() -> Vec<&'static str> {
        Flags::NAMED.iter().map(|(_, name)| *name).collect()
    }
}

impl std::ops::BitOr for Flags {
    type Output = Flags;
    fn bitor(self, other: Flags) -> Flags {
        Flags(self.0 | other.0)
    }
}

impl std::ops::BitAnd for Flags {
    type Output = Flags;
    fn bitand(self, other: Flags) -> Flags {
        Flags(self.0 & other.0)
    }
}

impl fmt::Debug for Flags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{}}}", self.names_set().join(","))
    }
}
