//! Why a whole log could not be made into a transcript (single malformed lines are not errors: they are
//! listed in the transcript).

#[derive(Debug, thiserror::Error)]
pub enum GamelogError {
    #[error("the log is {len} bytes, the limit is {max}")]
    TooLarge { len: usize, max: usize },
    #[error("the log is empty")]
    Empty,
    #[error("no line of the log could be read (first problem, line {line}: {message})")]
    Unreadable { line: usize, message: String },
    #[error("the log took longer than its time budget")]
    OutOfBudget,
    #[error("the narration phrases for {lang} are broken: {message}")]
    Phrases { lang: &'static str, message: String },
}

impl From<crate::protocol::OutOfBudget> for GamelogError {
    fn from(_: crate::protocol::OutOfBudget) -> Self {
        GamelogError::OutOfBudget
    }
}
