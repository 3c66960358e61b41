//! Time controls and the per-side clock of a game.
//!
//! Contract: under [`TimeControl::Byoyomi`] a side may use its main time
//! and then `byoyomi` per move (unused byoyomi is not carried over); under
//! [`TimeControl::Fischer`] the increment is added after each move made in
//! time; under [`TimeControl::Nodes`] there is no clock, only a generous
//! watchdog. A move whose thinking time exceeds what the clock allowed
//! (plus the match's tolerance) loses on time. Times in `go` are whole
//! milliseconds, as USI defines them.

use std::time::Duration;

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
    /// A node budget per move (`go nodes N`); no clock.
    Nodes(u64),
}

/// Watchdog for node-limited moves: an engine silent this long has hung.
pub const NODES_WATCHDOG: Duration = Duration::from_secs(60);

/// Both sides' remaining main time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Remaining main time of Black and White.
    remaining: [Duration; 2],
}

fn ms(d: Duration) -> u128 {
    d.as_millis()
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

    /// Remaining main time of side `side` (0 Black, 1 White).
    pub fn remaining(&self, side: usize) -> Duration {
        self.remaining[side]
    }

    /// The time side `side` may use for its next move.
    pub fn allowed(&self, side: usize) -> Duration {
        match self.control {
            TimeControl::Byoyomi { byoyomi, .. } => self.remaining[side] + byoyomi,
            TimeControl::Fischer { .. } => self.remaining[side],
            TimeControl::Nodes(_) => NODES_WATCHDOG,
        }
    }

    /// The USI `go` command for the side to move.
    pub fn go_command(&self) -> String {
        let (b, w) = (ms(self.remaining[0]), ms(self.remaining[1]));
        match self.control {
            TimeControl::Byoyomi { byoyomi, .. } => {
                format!("go btime {b} wtime {w} byoyomi {}", ms(byoyomi))
            }
            TimeControl::Fischer { increment, .. } => {
                let i = ms(increment);
                format!("go btime {b} wtime {w} binc {i} winc {i}")
            }
            TimeControl::Nodes(n) => format!("go nodes {n}"),
        }
    }

    /// Charges `elapsed` to side `side`. Returns false when the move came
    /// after the clock ran out (more than `tolerance` late).
    pub fn charge(&mut self, side: usize, elapsed: Duration, tolerance: Duration) -> bool {
        let in_time = elapsed <= self.allowed(side) + tolerance;
        match self.control {
            TimeControl::Byoyomi { .. } => {
                self.remaining[side] = self.remaining[side].saturating_sub(elapsed);
            }
            TimeControl::Fischer { increment, .. } => {
                self.remaining[side] = self.remaining[side].saturating_sub(elapsed) + increment;
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
        assert_eq!(c.go_command(), "go btime 0 wtime 1000 byoyomi 200");
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
        assert_eq!(c.go_command(), "go btime 500 wtime 300 binc 100 winc 100");
        assert!(!c.charge(1, MS(301), Duration::ZERO));
    }

    #[test]
    fn nodes_has_only_a_watchdog() {
        let mut c = Clock::new(TimeControl::Nodes(5000));
        assert_eq!(c.go_command(), "go nodes 5000");
        assert!(c.charge(0, Duration::from_secs(5), Duration::ZERO));
        assert!(!c.charge(0, NODES_WATCHDOG + MS(1), Duration::ZERO));
    }
}
