//! What the reader knows about the utterance as a whole: who speaks, whom it addresses, the name table's
//! references, and its tokens.

use super::agents::Skeleton;
use super::build::Party;
use super::lexer::Token;
use super::lexicon::Lexicon;
use crate::protocol::{Agent, Context};

/// The utterance being read.
pub struct Scene<'a> {
    pub ctx: &'a Context,
    pub lexicon: &'a Lexicon,
    pub skeleton: &'a Skeleton,
    pub tokens: &'a [Token<'a>],
    /// Whom the utterance addresses: the caller's context, or a leading `@Name` / `>>Agent[03]`.
    pub addressee: Option<Agent>,
    /// An `@` mark names nobody in the table and no addressee is known: whoever "you" is, is unknown.
    pub unknown_address: bool,
    /// The player a leading `@Name` / `>>Agent[03]` names, as a participant: «@メイ …人狼目。» is about メイ.
    pub leading: Option<Party>,
}

/// Whom a sentence speaks to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Address {
    /// Nobody in particular (the utterance's addressee, if any, applies).
    #[default]
    None,
    /// 「シオン、…」, "Shion, …", `@シオン` opening the sentence.
    Agent(Agent),
    /// 「みんな、…」, "Everyone, …", "Others: …".
    Everyone,
    /// 「占い師さん、…」, "Seer, …", "whoever the bodyguard is": an unidentified role holder (C8 → ANY).
    RoleHolder,
    /// `@ユキ` opening the sentence with ユキ in nobody's name table: a question or request goes to someone
    /// who cannot be named.
    Unknown,
}
