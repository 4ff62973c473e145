//! The bounded pool that CPU work runs on, so that the async workers stay free for `/healthz`, `/readyz`,
//! `/metrics` and for reading requests.
//!
//! Work runs on tokio's blocking threads behind a semaphore of `workers` permits; game logs (heavy: large
//! input, large output) also need one of `heavy_workers` permits, which bounds the memory they hold at once.
//! A heavy request takes that permit before its body is read ([`Pool::reserve_heavy`]): the requests queued
//! behind it hold nothing but their connections, where a permit taken after reading would let every queued
//! request hold its megabytes of log (8 queued 4 MiB logs were a fifth of the peak memory).
//! A request that finds the pool full waits up to `queue_timeout` and is then shed with 503 `overloaded`
//! and `Retry-After`: the queue is bounded by time, never unbounded. When the request stops waiting (its
//! timeout fired, the client left) the work's [`Budget`] is stopped, so the thread is freed at its next check.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::config::PoolLimits;
use super::error::ApiError;
use crate::protocol::Budget;

/// How heavy a piece of work is.
#[derive(Debug)]
pub enum Weight {
    /// A batch of texts or one tree: bounded by the batch and text limits.
    Light,
    /// A whole game log: megabytes in, megabytes out. The heavy permit was reserved before the body was read.
    Heavy(HeavyPermit),
}

/// One of the `heavy_workers` permits, held from before a heavy request's body is read until its work ends.
#[derive(Debug)]
pub struct HeavyPermit(OwnedSemaphorePermit);

/// Shared by every request (lives in the app state).
#[derive(Debug)]
pub struct Pool {
    workers: Arc<Semaphore>,
    heavy: Arc<Semaphore>,
    limits: PoolLimits,
}

/// Stops the work's budget when the awaiting request goes away, finished or not.
struct StopOnDrop(Budget);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

impl Pool {
    pub fn new(limits: PoolLimits) -> Self {
        Pool {
            workers: Arc::new(Semaphore::new(limits.workers.max(1))),
            heavy: Arc::new(Semaphore::new(limits.heavy_workers.max(1))),
            limits,
        }
    }

    /// Runs `work` on a blocking thread once a permit is free, with `budget` (stopped if the caller stops
    /// waiting). 503 `overloaded` when no permit frees up within the queue timeout. A panic in `work`
    /// resumes here, so the panic layer answers it like any handler panic.
    pub async fn run<T, F>(&self, weight: Weight, budget: Budget, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(&Budget) -> T + Send + 'static,
    {
        let heavy = match weight {
            Weight::Light => None,
            Weight::Heavy(HeavyPermit(permit)) => Some(permit),
        };
        let permits = (heavy, self.acquire(&self.workers).await?);
        let _stop = StopOnDrop(budget.clone());
        let handle = tokio::task::spawn_blocking(move || {
            let _permits = permits;
            work(&budget)
        });
        match handle.await {
            Ok(value) => Ok(value),
            Err(error) if error.is_panic() => std::panic::resume_unwind(error.into_panic()),
            Err(_) => Err(ApiError::Internal),
        }
    }

    /// A heavy permit, waited for up to the queue timeout (503 `overloaded` after it), before the body that
    /// needs it is read.
    pub async fn reserve_heavy(&self) -> Result<HeavyPermit, ApiError> {
        self.acquire(&self.heavy).await.map(HeavyPermit)
    }

    async fn acquire(&self, semaphore: &Arc<Semaphore>) -> Result<OwnedSemaphorePermit, ApiError> {
        let overloaded = || ApiError::Overloaded { retry_after: retry_after_secs(self.limits.queue_timeout) };
        match tokio::time::timeout(self.limits.queue_timeout, semaphore.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            // The semaphore is never closed; treat it like a full pool rather than panic.
            Ok(Err(_)) | Err(_) => Err(overloaded()),
        }
    }

    /// Permits free right now (for tests and metrics).
    pub fn available(&self) -> usize {
        self.workers.available_permits()
    }
}

/// Whole seconds a shed client should wait: the queue timeout rounded up, at least 1.
fn retry_after_secs(queue_timeout: Duration) -> u64 {
    queue_timeout.as_secs_f64().ceil().max(1.0) as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_is_whole_seconds_and_never_zero() {
        assert_eq!(retry_after_secs(Duration::from_millis(10)), 1);
        assert_eq!(retry_after_secs(Duration::from_millis(1500)), 2);
    }
}
