//! When a push search stops: after a fixed number of iterations (reproducible
//! whatever the machine's load), or at a deadline.
//!
//! Contract: with an iteration count the search runs exactly that many
//! iterations and never reads the clock; with a deadline it runs at least
//! `min_iterations` and reads the clock only every [`CLOCK_EVERY`] iterations.

use std::time::{Duration, Instant};

/// Iterations between two reads of the clock.
pub const CLOCK_EVERY: u64 = 32;

/// A search limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// Exactly this many iterations.
    Iterations(u64),
    /// Until this instant.
    Deadline(Instant),
}

impl Limit {
    /// `Iterations(n)` when `iterations` is set, else a deadline `time` from now.
    pub fn new(iterations: Option<u64>, time: Duration) -> Limit {
        match iterations {
            Some(n) => Limit::Iterations(n),
            None => Limit::Deadline(Instant::now() + time),
        }
    }

    /// Whether a search that has run `done` iterations (at least
    /// `min_iterations` are always run under a deadline) stops now.
    pub fn reached(&self, done: u64, min_iterations: u64) -> bool {
        match *self {
            Limit::Iterations(n) => done >= n,
            Limit::Deadline(d) => {
                done >= min_iterations && done.is_multiple_of(CLOCK_EVERY) && Instant::now() >= d
            }
        }
    }
}
