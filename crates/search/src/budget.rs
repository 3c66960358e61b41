//! Search budgets: how long a strategy may think.
//!
//! A budget combines optional limits on iterations (or depth), nodes and wall
//! time; the search stops at the first limit reached. Time is checked only
//! every few hundred nodes so the clock never shows up in a profile.

use std::time::{Duration, Instant};

/// Limits on one decision. `None` means unlimited; at least one limit should be set.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Budget {
    /// Maximum iterations (MCTS / softmax playouts).
    pub iterations: Option<u64>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Maximum wall time.
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of `n` iterations.
    pub fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            ..Budget::default()
        }
    }

    /// A wall-time budget.
    pub fn time(d: Duration) -> Budget {
        Budget {
            time: Some(d),
            ..Budget::default()
        }
    }

    /// True when no limit is set.
    pub fn is_unlimited(&self) -> bool {
        self.iterations.is_none() && self.nodes.is_none() && self.time.is_none()
    }
}

/// A running clock against a [`Budget`].
#[derive(Clone, Debug)]
pub struct Clock {
    budget: Budget,
    start: Instant,
}

impl Clock {
    /// Starts the clock now.
    pub fn start(budget: Budget) -> Clock {
        Clock {
            budget,
            start: Instant::now(),
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// True once any limit is reached given the work done so far.
    pub fn exhausted(&self, iterations: u64, nodes: u64) -> bool {
        self.budget.iterations.is_some_and(|n| iterations >= n)
            || self.budget.nodes.is_some_and(|n| nodes >= n)
            || self.budget.time.is_some_and(|t| self.start.elapsed() >= t)
    }

    /// True when only the node and time limits are reached (for depth-driven searches).
    pub fn out_of_nodes_or_time(&self, nodes: u64) -> bool {
        self.budget.nodes.is_some_and(|n| nodes >= n)
            || self.budget.time.is_some_and(|t| self.start.elapsed() >= t)
    }
}
