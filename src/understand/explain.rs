//! Explanations (`--explain`, `"explain": true`): for each sentence the frame that produced it and the words
//! that filled each of its slots, and for each clause that gave nothing, why.

use serde::{Deserialize, Serialize};

use super::build::{Dropped as DroppedFrame, Trace};
use crate::protocol::Span;

/// How an utterance was read.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Explanation {
    /// One per sentence of the result (before a trailing `Over`), in order.
    pub frames: Vec<FrameTrace>,
    /// Frames that were evoked but gave no sentence.
    pub dropped: Vec<Dropped>,
}

impl Explanation {
    /// A canonical rendering read back through the templates (not by frames).
    pub fn exact(canonical: &str, span: Span) -> Explanation {
        Explanation {
            frames: vec![FrameTrace {
                canonical: canonical.to_owned(),
                frame: "canonical".to_owned(),
                class: "canonical".to_owned(),
                slots: vec![Filler { slot: "text".to_owned(), text: String::new(), span }],
                modality: Vec::new(),
            }],
            dropped: Vec::new(),
        }
    }
}

/// The frame behind one sentence.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct FrameTrace {
    pub canonical: String,
    /// The frame's id in `locales/<lang>.frames.toml` (`copula` for a role or species with no verb;
    /// `because(…)` for a reason joined to its conclusion).
    pub frame: String,
    /// claim, result, estimate, vote, divine, guard, attack, victim, agree, disagree, copula or because.
    pub class: String,
    /// The words that filled each slot (cue, target, actor, reporter, holder, claimant, role, species).
    pub slots: Vec<Filler>,
    /// The modality the reader saw (neg, past, hedge, question, request…).
    pub modality: Vec<String>,
}

/// The words that filled one slot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Filler {
    pub slot: String,
    pub text: String,
    pub span: Span,
}

/// A frame that gave nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Dropped {
    pub frame: String,
    /// The words of the clause around its cue.
    pub text: String,
    pub span: Span,
    pub reason: String,
    /// The modality the reader saw.
    pub modality: Vec<String>,
}

pub(super) fn trace(
    trace: &Trace,
    canonical: &str,
    text: &str,
    original: &dyn Fn((usize, usize)) -> Span,
) -> FrameTrace {
    FrameTrace {
        canonical: canonical.to_owned(),
        frame: trace.frame.clone(),
        class: trace.class.to_owned(),
        slots: trace
            .fillers
            .iter()
            .map(|&(slot, span)| {
                let span = original(span);
                Filler {
                    slot: slot.to_owned(),
                    text: text.get(span.start..span.end).unwrap_or_default().to_owned(),
                    span,
                }
            })
            .collect(),
        modality: trace.flags.names_set().into_iter().map(str::to_owned).collect(),
    }
}

pub(super) fn dropped(dropped: &DroppedFrame, text: &str, original: &dyn Fn((usize, usize)) -> Span) -> Dropped {
    let span = original(dropped.span);
    Dropped {
        frame: dropped.frame.clone(),
        text: text.get(span.start..span.end).unwrap_or_default().to_owned(),
        span,
        reason: dropped.reason.to_owned(),
        modality: dropped.flags.names_set().into_iter().map(str::to_owned).collect(),
    }
}
