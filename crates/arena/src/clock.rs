//! Time controls and the per-seat clock of a game.
//!
//! Contract: under [`TimeControl::Byoyomi`] a seat may use its main time
//! and then `byoyomi` per move (unused byoyomi is not carried over); under
//! [`TimeControl::Fischer`] the increment is added after each move made in
//! time; under [`TimeControl::Nodes`] there is no clock, only a generous
//! watchdog, and every move gets the same node budget. A move whose
//! thinking time exceeds what the clock allowed (plus the match's
//! tolerance) loses on time. [`Clock::limits`] is what a player is told
//! before it moves: the clock as it stands and, for built-in strategies, a
//! time to aim at that leaves a margin inside the allowance.

use std::fmt;
use std::time::Duration;
use yomi_search::{ClockState, Limits, PerMove, Seat};

/// How long a side may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// Main time, then a fixed time per move.
    Byoyomi {
        /// Main time per side.
        main: Duration,
        /// Time per move once the main time is spent.
        byoyomi: Duration,
    },
    /// Main time plus an increment after every move.
    Fischer {
        /// Main time per side.
        main: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// A node budget per move (USI `go nodes N`); no clock.
    Nodes(u64),
}

/// The time control in words, as reports and journals show it
/// (`byoyomi 200 ms`, `60000 ms + byoyomi 1000 ms`,
/// `10000 ms + 100 ms per move`, `5000 nodes per move`).
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Byoyomi { main, byoyomi } if main.is_zero() => {
                write!(f, "byoyomi {} ms", byoyomi.as_millis())
            }
            TimeControl::Byoyomi { main, byoyomi } => write!(
                f,
                "{} ms + byoyomi {} ms",
                main.as_millis(),
                byoyomi.as_millis()
            ),
            TimeControl::Fischer { main, increment } => write!(
                f,
                "{} ms + {} ms per move",
                main.as_millis(),
                increment.as_millis()
            ),
            TimeControl::Nodes(n) => write!(f, "{n} nodes per move"),
        }
    }
}

/// The options a time control is given by: the CLI's `--byoyomi`,
/// `--main-time`, `--inc` and `--nodes-per-move`, Python's keywords of the
/// same names.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClockOptions {
    /// Time per move once the main time is spent.
    pub byoyomi: Option<Duration>,
    /// Main time per side.
    pub main_time: Option<Duration>,
    /// Added after each move (Fischer).
    pub increment: Option<Duration>,
    /// A node budget per move instead of a clock.
    pub nodes_per_move: Option<u64>,
}

/// Options that do not make one time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockOptionsError {
    /// A node budget together with a clock, or a budget of 0.
    #[error("nodes per move (at least 1) excludes byoyomi and increment")]
    NodesWithClock,
    /// Both kinds of per-move time.
    #[error("give byoyomi or increment, not both")]
    ByoyomiAndIncrement,
}

impl ClockOptions {
    /// The time control the options give, if any: the one parser every
    /// surface goes through. Without byoyomi, increment or a node budget, a
    /// match that always has a clock (`clocked`) or one given a main time
    /// gets byoyomi after the main time: `default_byoyomi`, or zero.
    ///
    /// ```
    /// use std::time::Duration;
    /// use yomi_arena::{ClockOptions, TimeControl};
    ///
    /// let ms = Duration::from_millis;
    /// let o = ClockOptions { main_time: Some(ms(500)), ..ClockOptions::default() };
    /// assert_eq!(o.control(false, Some(ms(100))), Ok(Some(TimeControl::Byoyomi { main: ms(500), byoyomi: ms(100) })));
    /// assert_eq!(ClockOptions::default().control(false, None), Ok(None));
    /// let both = ClockOptions { byoyomi: Some(ms(1)), increment: Some(ms(1)), ..ClockOptions::default() };
    /// assert!(both.control(false, None).is_err());
    /// ```
    pub fn control(
        &self,
        clocked: bool,
        default_byoyomi: Option<Duration>,
    ) -> Result<Option<TimeControl>, ClockOptionsError> {
        let main = self.main_time.unwrap_or(Duration::ZERO);
        Ok(match (self.nodes_per_move, self.byoyomi, self.increment) {
            (Some(n), None, None) if n > 0 => Some(TimeControl::Nodes(n)),
            (Some(_), _, _) => return Err(ClockOptionsError::NodesWithClock),
            (None, Some(_), Some(_)) => return Err(ClockOptionsError::ByoyomiAndIncrement),
            (None, _, Some(increment)) => Some(TimeControl::Fischer { main, increment }),
            (None, Some(byoyomi), None) => Some(TimeControl::Byoyomi { main, byoyomi }),
            (None, None, None) if clocked || self.main_time.is_some() => {
                Some(TimeControl::Byoyomi {
                    main,
                    byoyomi: default_byoyomi.unwrap_or(Duration::ZERO),
                })
            }
            (None, None, None) => None,
        })
    }
}

/// Watchdog for node-limited moves: a player silent this long has hung.
pub const NODES_WATCHDOG: Duration = Duration::from_secs(60);

/// Both seats' remaining main time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Remaining main time of seat 0 and seat 1.
    remaining: [Duration; 2],
}

impl Clock {
    /// A fresh clock.
    pub fn new(control: TimeControl) -> Clock {
        let main = match control {
            TimeControl::Byoyomi { main, .. } | TimeControl::Fischer { main, .. } => main,
            TimeControl::Nodes(_) => Duration::ZERO,
        };
        Clock {
            control,
            remaining: [main; 2],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Remaining main time of seat `seat`.
    pub fn remaining(&self, seat: Seat) -> Duration {
        self.remaining[seat]
    }

    /// The time seat `seat` may use for its next move.
    pub fn allowed(&self, seat: Seat) -> Duration {
        match self.control {
            TimeControl::Byoyomi { byoyomi, .. } => self.remaining[seat] + byoyomi,
            TimeControl::Fischer { .. } => self.remaining[seat],
            TimeControl::Nodes(_) => NODES_WATCHDOG,
        }
    }

    /// What seat `mover` is told before its move: the clock as it stands
    /// (or the node budget), and the time a built-in strategy aims at: a
    /// twentieth of its main time left plus the byoyomi or increment, at
    /// most nine tenths of [`Clock::allowed`], so a strategy that checks
    /// its clock only now and then still answers in time.
    pub fn limits(&self, mover: Seat) -> Limits {
        let per_move = match self.control {
            TimeControl::Byoyomi { byoyomi, .. } => PerMove::Byoyomi(byoyomi),
            TimeControl::Fischer { increment, .. } => PerMove::Increment(increment),
            TimeControl::Nodes(n) => {
                return Limits {
                    nodes: Some(n),
                    ..Limits::NONE
                };
            }
        };
        let (PerMove::Byoyomi(extra) | PerMove::Increment(extra)) = per_move;
        let share = self.remaining[mover] / 20 + extra;
        Limits {
            time: Some(share.min(self.allowed(mover).mul_f64(0.9))),
            clock: Some(ClockState {
                remaining: self.remaining,
                per_move,
                mover,
            }),
            ..Limits::NONE
        }
    }

    /// Charges `elapsed` to seat `seat`. Returns false when the move came
    /// after the clock ran out (more than `tolerance` late).
    pub fn charge(&mut self, seat: Seat, elapsed: Duration, tolerance: Duration) -> bool {
        let in_time = elapsed <= self.allowed(seat) + tolerance;
        match self.control {
            TimeControl::Byoyomi { .. } => {
                self.remaining[seat] = self.remaining[seat].saturating_sub(elapsed);
            }
            TimeControl::Fischer { increment, .. } => {
                self.remaining[seat] = self.remaining[seat].saturating_sub(elapsed) + increment;
            }
            TimeControl::Nodes(_) => {}
        }
        in_time
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn byoyomi_uses_main_time_first_and_does_not_carry_over() {
        let mut c = Clock::new(TimeControl::Byoyomi {
            main: MS(1000),
            byoyomi: MS(200),
        });
        assert_eq!(c.allowed(0), MS(1200));
        assert!(c.charge(0, MS(1100), Duration::ZERO));
        assert_eq!(c.remaining(0), Duration::ZERO);
        assert_eq!(c.remaining(1), MS(1000));
        assert!(c.charge(0, MS(200), Duration::ZERO));
        assert!(!c.charge(0, MS(201), Duration::ZERO), "1 ms late loses");
        assert!(c.charge(0, MS(201), MS(5)), "unless within the tolerance");
    }

    #[test]
    fn fischer_adds_the_increment_and_flags_at_zero() {
        let mut c = Clock::new(TimeControl::Fischer {
            main: MS(500),
            increment: MS(100),
        });
        assert!(c.charge(1, MS(300), Duration::ZERO));
        assert_eq!(c.remaining(1), MS(300));
        assert!(!c.charge(1, MS(301), Duration::ZERO));
    }

    #[test]
    fn nodes_has_only_a_watchdog_and_a_node_budget() {
        let mut c = Clock::new(TimeControl::Nodes(5000));
        assert!(c.charge(0, Duration::from_secs(5), Duration::ZERO));
        assert!(!c.charge(0, NODES_WATCHDOG + MS(1), Duration::ZERO));
        let l = c.limits(1);
        assert_eq!((l.nodes, l.time, l.clock), (Some(5000), None, None));
    }

    #[test]
    fn limits_give_the_clock_and_a_time_inside_the_allowance() {
        let c = Clock::new(TimeControl::Byoyomi {
            main: Duration::ZERO,
            byoyomi: MS(1000),
        });
        let l = c.limits(0);
        assert_eq!(l.time, Some(MS(900)), "nine tenths of a bare byoyomi");
        let state = l.clock.unwrap();
        assert_eq!(
            (state.per_move, state.mover),
            (PerMove::Byoyomi(MS(1000)), 0)
        );
        assert_eq!(state.allowed(), MS(1000));
        let c = Clock::new(TimeControl::Fischer {
            main: MS(60_000),
            increment: MS(500),
        });
        let l = c.limits(1);
        assert_eq!(
            l.time,
            Some(MS(3_500)),
            "a twentieth of the main time plus the increment"
        );
        assert_eq!(l.clock.unwrap().remaining, [MS(60_000); 2]);
    }

    #[test]
    fn controls_read_as_words() {
        let b = TimeControl::Byoyomi {
            main: Duration::ZERO,
            byoyomi: MS(200),
        };
        assert_eq!(b.to_string(), "byoyomi 200 ms");
        let m = TimeControl::Byoyomi {
            main: MS(60_000),
            byoyomi: MS(1000),
        };
        assert_eq!(m.to_string(), "60000 ms + byoyomi 1000 ms");
        let f = TimeControl::Fischer {
            main: MS(10_000),
            increment: MS(100),
        };
        assert_eq!(f.to_string(), "10000 ms + 100 ms per move");
        assert_eq!(TimeControl::Nodes(5000).to_string(), "5000 nodes per move");
    }
}
