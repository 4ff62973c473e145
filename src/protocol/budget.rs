//! A time budget for one piece of work: a deadline, and a flag the owner of the work can raise to stop it
//! early (the HTTP request that asked for it timed out or went away).
//!
//! It lives beside the protocol because both halves of the pipeline (render and understand) depend on the
//! protocol alone. Long loops call [`Budget::check`] between steps, so work stops within one step of its
//! deadline instead of running to the end after nobody waits for it any more.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// Cheap to clone; clones share the stop flag.
#[derive(Debug, Clone, Default)]
pub struct Budget {
    deadline: Option<Instant>,
    stopped: Arc<AtomicBool>,
}

/// The work ran out of time (or was stopped) before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the work ran past its time budget")]
pub struct OutOfBudget;

impl Budget {
    /// No deadline: only [`Budget::stop`] ends the work (the command line).
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// Ends `limit` from now.
    pub fn lasting(limit: Duration) -> Self {
        Budget { deadline: Instant::now().checked_add(limit), stopped: Arc::default() }
    }

    /// Makes every later check of this budget (and of its clones) fail.
    pub fn stop(&self) {
        self.stopped.store(true, Ordering::Relaxed);
    }

    /// `Err` once the deadline has passed or the budget was stopped. Costs one clock read.
    pub fn check(&self) -> Result<(), OutOfBudget> {
        if self.is_spent() { Err(OutOfBudget) } else { Ok(()) }
    }

    pub fn is_spent(&self) -> bool {
        self.stopped.load(Ordering::Relaxed) || self.deadline.is_some_and(|deadline| Instant::now() >= deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_spent_after_its_deadline_or_when_stopped() {
        assert_eq!(Budget::unlimited().check(), Ok(()));
        assert_eq!(Budget::lasting(Duration::from_secs(3600)).check(), Ok(()));
        assert_eq!(Budget::lasting(Duration::ZERO).check(), Err(OutOfBudget));
        let budget = Budget::lasting(Duration::from_secs(3600));
        let clone = budget.clone();
        budget.stop();
        assert_eq!(clone.check(), Err(OutOfBudget));
    }
}
