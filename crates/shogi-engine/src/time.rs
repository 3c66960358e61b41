//! Time management: how long to think on one move.
//!
//! Contract: [`plan`] never gives a hard limit that, spent in full plus the
//! safety margin, would exceed what the clock allows this move (main time
//! plus byoyomi; the increment only arrives after the move). The soft limit
//! is the time after which no new iteration starts; the search stretches it
//! (up to the hard limit) while the best move keeps changing or the score
//! drops, and stops at once when there is only one legal move.

use yomi_shogi::Color;

/// Time limits of one search, in milliseconds on our clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimePlan {
    /// Start no new iteration after this (before stretching).
    pub soft_ms: u64,
    /// Abort the search at this point.
    pub hard_ms: u64,
}

/// The clock as a USI `go` command gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Clock {
    /// Main time left, Black then White (`btime`, `wtime`).
    pub time_ms: [u64; 2],
    /// Fischer increment, Black then White (`binc`, `winc`).
    pub inc_ms: [u64; 2],
    /// Byoyomi per move (`byoyomi`).
    pub byoyomi_ms: u64,
}

/// How long after the hard limit the answer guard answers for a search that
/// has not (a search on a core stops within microseconds of the limit; one
/// waiting for a core on a loaded machine can be tens of milliseconds late).
pub const GUARD_GRACE_MS: u64 = 5;

/// Least time a hard limit is allowed to drop to (when the margin would
/// eat everything, half of what is available is used instead).
const FLOOR_MS: u64 = 1;

/// Moves assumed left for the side to move at game ply `ply` (both sides
/// counted): 60 at the start, never below 30, so a long game keeps time.
fn moves_to_go(ply: u32) -> u64 {
    (60u64.saturating_sub(ply as u64 / 4)).max(30)
}

/// What may be spent this move without losing on time, minus the margin.
fn hard_cap(available: u64, margin_ms: u64) -> u64 {
    if available > 2 * margin_ms {
        available - margin_ms
    } else {
        (available / 2).max(FLOOR_MS)
    }
}

/// The plan for `side` to move at game ply `ply` under `clock`, keeping
/// `margin_ms` for communication delays (the `NetworkDelay` option).
pub fn plan(clock: &Clock, side: Color, ply: u32, margin_ms: u64) -> TimePlan {
    let remaining = clock.time_ms[side.index()];
    let inc = clock.inc_ms[side.index()];
    let byo = clock.byoyomi_ms;
    let cap = hard_cap(remaining + byo, margin_ms);
    if remaining == 0 {
        // Pure byoyomi: unused time is lost, so use it (the search still
        // stops early on a forced move or a found mate).
        return TimePlan {
            soft_ms: cap,
            hard_ms: cap,
        };
    }
    let base = remaining / moves_to_go(ply) + inc + byo;
    let hard = (base * 4)
        .min(remaining / 3 + byo + inc)
        .min(cap)
        .max(FLOOR_MS);
    TimePlan {
        soft_ms: base.min(hard),
        hard_ms: hard,
    }
}

/// A fixed time per move (`go movetime`), less the margin.
pub fn fixed(movetime_ms: u64, margin_ms: u64) -> TimePlan {
    let t = hard_cap(movetime_ms, margin_ms);
    TimePlan {
        soft_ms: t,
        hard_ms: t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(main: u64, inc: u64, byo: u64) -> Clock {
        Clock {
            time_ms: [main, main],
            inc_ms: [inc, inc],
            byoyomi_ms: byo,
        }
    }

    #[test]
    fn byoyomi_only_uses_the_byoyomi_less_the_margin() {
        let p = plan(&clock(0, 0, 1000), Color::Black, 40, 100);
        assert_eq!(p.hard_ms, 900);
        assert_eq!(p.soft_ms, 900);
        // A margin larger than half the byoyomi falls back to half of it.
        let p = plan(&clock(0, 0, 100), Color::White, 40, 80);
        assert_eq!(p.hard_ms, 50);
    }

    #[test]
    fn sudden_death_spends_a_fraction_and_more_early_than_late() {
        let early = plan(&clock(600_000, 0, 0), Color::Black, 0, 100);
        assert_eq!(early.soft_ms, 10_000);
        assert!(early.hard_ms >= 3 * early.soft_ms && early.hard_ms <= 200_000);
        let late = plan(&clock(60_000, 0, 0), Color::Black, 150, 100);
        assert!(late.soft_ms < early.soft_ms);
        assert_eq!(late.soft_ms, 60_000 / 30);
    }

    #[test]
    fn increment_is_spent_but_never_borrowed() {
        let p = plan(&clock(300, 1000, 0), Color::Black, 80, 50);
        assert!(p.hard_ms <= 250, "{p:?}");
        let rich = plan(&clock(100_000, 1000, 0), Color::Black, 80, 50);
        assert!(rich.soft_ms > 1000);
    }

    /// Worst case with byoyomi or increment: every move spends its whole
    /// hard limit plus a delay just under the margin. The simulated clock
    /// must never run out.
    #[test]
    fn simulated_games_never_lose_on_time() {
        for &(main, inc, byo, margin) in &[
            (60_000u64, 0u64, 1000u64, 100u64),
            (5_000, 500, 0, 30),
            (0, 0, 200, 50),
            (2_000, 0, 100, 40),
            (1_000, 100, 0, 40),
        ] {
            let mut c = clock(main, inc, byo);
            for ply in 0..400u32 {
                let side = if ply % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                };
                let p = plan(&c, side, ply, margin);
                assert!(p.soft_ms <= p.hard_ms);
                let spent = p.hard_ms + margin.saturating_sub(1).min(p.hard_ms);
                let t = &mut c.time_ms[side.index()];
                let from_main = spent.min(*t);
                let over = spent - from_main;
                assert!(
                    over <= byo,
                    "lost on time: {main}/{inc}/{byo} margin {margin} ply {ply}: {p:?}"
                );
                *t = *t - from_main + inc;
            }
        }
    }

    /// Sudden death: while more than twice the margin is left, the hard
    /// limit plus the margin fits in the remaining time, and spending the
    /// soft limit each move lasts a long game.
    #[test]
    fn sudden_death_keeps_the_margin_and_lasts() {
        let margin = 50;
        let mut left = 60_000u64;
        for ply in (0..240u32).step_by(2) {
            let p = plan(&clock(left, 0, 0), Color::Black, ply, margin);
            if left > 2 * margin {
                assert!(p.hard_ms + margin <= left, "{left}: {p:?}");
            }
            left -= p.soft_ms + 5;
        }
        assert!(left > 500, "{left} ms left after 120 moves");
    }
}
