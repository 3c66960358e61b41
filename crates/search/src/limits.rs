//! What a match gives a player for one move: a time to aim at, a node or
//! depth budget, and the clock as the mover sees it.
//!
//! Contract: [`Limits`] only ever tightens a strategy's own budget (a
//! strategy made with `depth=5` keeps searching at most 5 plies, and one
//! made with `time=50ms` at most 50 ms, whatever the match allows);
//! [`Limits::NONE`] leaves every strategy exactly as it was built, which is
//! how unclocked matches play. Strategies read it in
//! [`crate::Strategy::choose_within`]; programs run as processes (USI
//! engines) read the [`ClockState`] to manage their own time.

use crate::budget::Budget;
use crate::game::{Game, Seat};
use crate::strategy::{SearchReport, Strategy};
use std::time::Duration;

/// What a clock gives beyond the main time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PerMove {
    /// Time per move once the main time is spent, not carried over.
    Byoyomi(Duration),
    /// Time added after every move made in time.
    Increment(Duration),
}

/// Both sides' clocks as the mover sees them when asked for a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockState {
    /// Remaining main time of seat 0 and seat 1.
    pub remaining: [Duration; 2],
    /// Byoyomi or increment.
    pub per_move: PerMove,
    /// The seat to move.
    pub mover: Seat,
}

impl ClockState {
    /// The most the mover may use for this move: its main time left, plus
    /// the byoyomi.
    pub fn allowed(&self) -> Duration {
        match self.per_move {
            PerMove::Byoyomi(b) => self.remaining[self.mover] + b,
            PerMove::Increment(_) => self.remaining[self.mover],
        }
    }
}

/// The limits of one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Wall time to aim at for this move.
    pub time: Option<Duration>,
    /// Nodes (or iterations, for Monte Carlo strategies) for this move.
    pub nodes: Option<u64>,
    /// Plies of search for this move.
    pub depth: Option<u32>,
    /// The clock, when the match keeps one.
    pub clock: Option<ClockState>,
}

impl Limits {
    /// No limit: every strategy plays under its own budget.
    pub const NONE: Limits = Limits {
        time: None,
        nodes: None,
        depth: None,
        clock: None,
    };

    /// True when nothing is limited.
    pub fn is_none(&self) -> bool {
        *self == Limits::NONE
    }

    /// `budget` tightened by these limits: the smaller of each time and
    /// node limit; `nodes` also caps iterations, the unit Monte Carlo
    /// strategies count.
    ///
    /// ```
    /// use std::time::Duration;
    /// use yomi_search::{Budget, Limits};
    ///
    /// let own = Budget { iterations: Some(5000), ..Budget::time(Duration::from_millis(80)) };
    /// let limits = Limits { time: Some(Duration::from_millis(50)), nodes: Some(9000), ..Limits::NONE };
    /// let b = limits.tighten(own);
    /// assert_eq!(b.time, Some(Duration::from_millis(50)));
    /// assert_eq!(b.iterations, Some(5000));
    /// assert_eq!(b.nodes, Some(9000));
    /// assert_eq!(Limits::NONE.tighten(own), own);
    /// ```
    pub fn tighten(&self, budget: Budget) -> Budget {
        Budget {
            iterations: min_some(budget.iterations, self.nodes),
            nodes: min_some(budget.nodes, self.nodes),
            time: min_some(budget.time, self.time),
        }
    }

    /// `depth` tightened by the depth limit.
    pub fn tighten_depth(&self, depth: Option<u32>) -> Option<u32> {
        min_some(depth, self.depth)
    }
}

/// [`Strategy::choose`] under `limits` for a strategy whose budget lives at
/// `budget(strategy)`: the budget is tightened for this one move and the
/// strategy's own put back after it. Strategies with a [`Budget`] implement
/// [`Strategy::choose_within`] with it.
pub fn choose_tightened<G: Game, S: Strategy<G>>(
    strategy: &mut S,
    budget: fn(&mut S) -> &mut Budget,
    state: &G,
    limits: &Limits,
) -> SearchReport<G::Move> {
    let own = *budget(strategy);
    *budget(strategy) = limits.tighten(own);
    let report = strategy.choose(state);
    *budget(strategy) = own;
    report
}

/// The smaller of two optional limits (`None` is no limit).
fn min_some<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_only_tighten() {
        let ms = Duration::from_millis;
        let own = Budget {
            iterations: Some(100),
            nodes: None,
            time: Some(ms(30)),
        };
        let l = Limits {
            time: Some(ms(50)),
            nodes: Some(40),
            depth: Some(3),
            clock: None,
        };
        let b = l.tighten(own);
        assert_eq!(b.time, Some(ms(30)), "the strategy's own 30 ms is tighter");
        assert_eq!(b.iterations, Some(40));
        assert_eq!(b.nodes, Some(40));
        assert_eq!(l.tighten_depth(Some(5)), Some(3));
        assert_eq!(l.tighten_depth(Some(2)), Some(2));
        assert_eq!(l.tighten_depth(None), Some(3));
        assert_eq!(Limits::NONE.tighten_depth(None), None);
        assert!(Limits::NONE.is_none() && !l.is_none());
    }
}
