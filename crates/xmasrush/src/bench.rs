//! Search speed of a bot (`yomi xmasrush bench`): simulations per push turn on fixed push
//! decisions, single thread, with the rate per CPU time actually received (a loaded machine
//! shares the wall-clock budget).
//!
//! Contract: the positions are a function of their count (seeds 1, 2, ...: both sides push
//! a scripted sequence and walk greedily, every tenth push decision from the fourth on is
//! kept); the bot is asked once per position with seat 0. CPU time comes from Linux's
//! `/proc/thread-self/schedstat`; elsewhere the per-CPU rates are `None`.
//! Repeated rounds ([`Spread`]) give the median and the range of a rate, the
//! figure to quote on a shared machine.

use crate::action::{Action, Push};
use crate::bots::Bot;
use crate::league::League;
use crate::reach::Bfs;
use crate::sim::start;
use crate::state::State;
use crate::walker::greedy_walk;
use std::time::{Duration, Instant};
use yomi_core::limits::Bounds;

/// Rounds of `yomi xmasrush bench --rounds`: 1 to 1000.
pub const ROUNDS: Bounds = Bounds::new("rounds", 1, 1000);

/// `n` push decisions from games where both sides push a fixed sequence of lines and walk
/// greedily.
pub fn positions(n: u32) -> Vec<State> {
    let mut out = Vec::new();
    let mut bfs = Bfs::new();
    let mut seed = 1;
    while out.len() < n as usize {
        let mut s = start(seed, League::Legend);
        let mut k = 0usize;
        while !s.over && out.len() < n as usize {
            if s.push_turn() {
                if k % 10 == 3 {
                    out.push(s);
                }
                let a = Push::from_index(k % 28);
                let b = Push::from_index((k * 5 + 11) % 28);
                s.step(Action::Push(a), Action::Push(b));
                k += 1;
            } else {
                let (w0, w1) = (greedy_walk(&s, 0, &mut bfs), greedy_walk(&s, 1, &mut bfs));
                s.step(Action::Move(w0), Action::Move(w1));
            }
        }
        seed += 1;
    }
    out
}

/// CPU time of this thread in nanoseconds (Linux schedstat).
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// What a bench measured.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchReport {
    /// Simulations of each decision.
    pub simulations: Vec<u64>,
    /// Search iterations, all decisions together.
    pub iterations: u64,
    /// The longest answer.
    pub longest: Duration,
    /// CPU time the thread received, all decisions together (`None` off Linux).
    pub cpu_ns: Option<u64>,
}

impl BenchReport {
    /// Decisions searched.
    pub fn positions(&self) -> usize {
        self.simulations.len()
    }

    /// Mean simulations per decision.
    pub fn mean_simulations(&self) -> f64 {
        self.simulations.iter().sum::<u64>() as f64 / self.simulations.len().max(1) as f64
    }

    /// The fewest simulations of a decision.
    pub fn min_simulations(&self) -> u64 {
        self.simulations.iter().copied().min().unwrap_or(0)
    }

    /// Mean search iterations per decision.
    pub fn mean_iterations(&self) -> f64 {
        self.iterations as f64 / self.simulations.len().max(1) as f64
    }

    /// Simulations per 50 ms of CPU time received.
    pub fn simulations_per_50ms_cpu(&self) -> Option<f64> {
        self.per_50ms_cpu(self.simulations.iter().sum())
    }

    /// Iterations per 50 ms of CPU time received.
    pub fn iterations_per_50ms_cpu(&self) -> Option<f64> {
        self.per_50ms_cpu(self.iterations)
    }

    fn per_50ms_cpu(&self, count: u64) -> Option<f64> {
        self.cpu_ns
            .filter(|&c| c > 0)
            .map(|c| count as f64 / c as f64 * 50e6)
    }
}

/// Asks `bot` for seat 0's action on each of `positions` with `budget` each.
pub fn bench(bot: &mut dyn Bot, positions: &[State], budget: Duration) -> BenchReport {
    let mut simulations = Vec::new();
    let mut iterations = 0u64;
    let mut longest = Duration::ZERO;
    let mut cpu_ns: Option<u64> = Some(0);
    for s in positions {
        let c0 = thread_cpu_ns();
        let t = Instant::now();
        bot.act(s, 0, budget);
        longest = longest.max(t.elapsed());
        cpu_ns = match (cpu_ns, c0, thread_cpu_ns()) {
            (Some(acc), Some(a), Some(b)) => Some(acc + b.saturating_sub(a)),
            _ => None,
        };
        simulations.push(bot.simulations());
        iterations += bot.iterations();
    }
    BenchReport {
        simulations,
        iterations,
        longest,
        cpu_ns,
    }
}

/// Median and range of one rate over repeated rounds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// The median (the mean of the middle two for an even count).
    pub median: f64,
    /// The lowest.
    pub min: f64,
    /// The highest.
    pub max: f64,
}

impl Spread {
    /// The spread of `values`; `None` when there are none.
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let median = match n {
            0 => return None,
            _ if n % 2 == 1 => v[n / 2],
            _ => (v[n / 2 - 1] + v[n / 2]) / 2.0,
        };
        Some(Spread {
            median,
            min: v[0],
            max: v[n - 1],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_takes_the_middle_and_the_ends() {
        assert_eq!(Spread::of(&[]), None);
        let s = Spread::of(&[5.0, 1.0, 3.0]).unwrap();
        assert_eq!((s.median, s.min, s.max), (3.0, 1.0, 5.0));
        let s = Spread::of(&[4.0, 1.0, 10.0, 2.0]).unwrap();
        assert_eq!((s.median, s.min, s.max), (3.0, 1.0, 10.0));
    }
}
