//! `mcts` (multi-level UCT over my pushes against uniformly random opponent
//! pushes, playouts cut after a few turn pairs; see [`Uct`]) and `combo` (the seed article's
//! pipeline: one-ply minimax drops my pushes whose worst case is bad, a short
//! opponent-side search keeps the opponent's good pushes, then the main
//! search picks among my survivors against those).

use super::Bot;
use super::bandit::{Bandit, BanditOptions};
use super::duct::Effort;
use super::matrix::{DeadlockGuard, PushMatrix};
use super::uct::{Uct, UctOptions};
use crate::action::{Action, Push};
use crate::params;
use crate::reach::Bfs;
use crate::state::State;
use crate::walker::greedy_walk;
use std::time::{Duration, Instant};

/// Multi-level UCT over my pushes against random opponent pushes.
#[derive(Clone, Debug)]
pub struct MctsBot {
    uct: Uct,
    effort: Effort,
    bfs: Bfs,
    sims: u64,
    iterations: u64,
    guard: DeadlockGuard,
}

impl MctsBot {
    /// A bot searching with `options` for `effort` per push turn.
    pub fn new(options: UctOptions, effort: Effort, seed: u64) -> MctsBot {
        MctsBot {
            uct: Uct::new(options, seed),
            effort,
            bfs: Bfs::new(),
            sims: 0,
            iterations: 0,
            guard: DeadlockGuard::default(),
        }
    }
}

impl Bot for MctsBot {
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action {
        if !state.push_turn() {
            (self.sims, self.iterations) = (0, 0);
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        let limit = self.effort.limit(budget);
        let all: Vec<Push> = Push::all().collect();
        let mine: Vec<Push> = Push::all()
            .filter(|&p| !self.guard.avoid(state, me, p))
            .collect();
        let push = self.uct.search(state, me, &mine, &all, limit);
        self.guard.played(push);
        (self.sims, self.iterations) = (self.uct.simulations, self.uct.iterations);
        Action::Push(push)
    }

    fn simulations(&self) -> u64 {
        self.sims
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}

/// Options of `combo`.
#[derive(Clone, Copy, Debug)]
pub struct ComboOptions {
    /// Main and opponent-side search options.
    pub bandit: BanditOptions,
    /// Time per push turn.
    pub time: Duration,
    /// My pushes kept after the minimax filter (at most).
    pub keep_mine: usize,
    /// Opponent pushes kept after its search.
    pub keep_theirs: usize,
    /// Worst-case margin below the best worst case that still survives.
    pub margin: f64,
    /// Share of the time for the opponent-side search.
    pub opponent_share: f64,
}

impl Default for ComboOptions {
    fn default() -> Self {
        ComboOptions {
            bandit: BanditOptions {
                turns: params::PLAYOUT_TURNS,
                c: params::UCB_C,
            },
            time: params::TURN_TIME,
            keep_mine: params::COMBO_KEEP_MINE,
            keep_theirs: params::COMBO_KEEP_THEIRS,
            margin: params::COMBO_MARGIN,
            opponent_share: params::COMBO_OPPONENT_SHARE,
        }
    }
}

/// The filter-then-search pipeline.
#[derive(Clone, Debug)]
pub struct ComboBot {
    options: ComboOptions,
    main: Bandit,
    theirs: Bandit,
    bfs: Bfs,
    sims: u64,
    iterations: u64,
    guard: DeadlockGuard,
}

impl ComboBot {
    /// A combo bot.
    pub fn new(options: ComboOptions, seed: u64) -> ComboBot {
        ComboBot {
            options,
            main: Bandit::new(options.bandit, seed),
            theirs: Bandit::new(options.bandit, seed ^ 0x9E37_79B9_7F4A_7C15),
            bfs: Bfs::new(),
            sims: 0,
            iterations: 0,
            guard: DeadlockGuard::default(),
        }
    }
}

impl Bot for ComboBot {
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action {
        let start = Instant::now();
        if !state.push_turn() {
            self.sims = 0;
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        let time = self.options.time.min(budget);
        // The matrix may use up to half the time; what it did not reach is dropped.
        let m = PushMatrix::build(state, me, &mut self.bfs, Some(start + time / 2));
        let worst: Vec<f64> = (0..Push::COUNT).map(|a| m.worst(a)).collect();
        let best = (0..Push::COUNT)
            .filter(|&a| !self.guard.avoid(state, me, Push::from_index(a)))
            .map(|a| worst[a])
            .fold(f64::NEG_INFINITY, f64::max);
        let mut order: Vec<usize> = (0..Push::COUNT).collect();
        order.sort_by(|&a, &b| worst[b].total_cmp(&worst[a]));
        let mine: Vec<Push> = order
            .iter()
            .copied()
            .filter(|&a| !self.guard.avoid(state, me, Push::from_index(a)))
            .filter(|&a| worst[a] >= best - self.options.margin)
            .take(self.options.keep_mine.max(1))
            .map(Push::from_index)
            .collect();
        // Opponent side: its 28 pushes against my survivors, short.
        let all: Vec<Push> = Push::all().collect();
        let used = start.elapsed();
        let opp_deadline = start
            + used
            + time
                .saturating_sub(used)
                .mul_f64(self.options.opponent_share);
        self.theirs.search(state, 1 - me, &all, &mine, opp_deadline);
        let means = self.theirs.means();
        let mut opp_order: Vec<usize> = (0..Push::COUNT).collect();
        opp_order.sort_by(|&a, &b| means[b].total_cmp(&means[a]));
        let theirs: Vec<Push> = opp_order
            .iter()
            .take(self.options.keep_theirs.max(1))
            .map(|&i| Push::from_index(i))
            .collect();
        let push = if mine.len() == 1 {
            mine[0]
        } else {
            self.main.search(state, me, &mine, &theirs, start + time)
        };
        self.guard.played(push);
        self.sims =
            (Push::COUNT * Push::COUNT) as u64 + self.theirs.simulations + self.main.simulations;
        self.iterations = self.theirs.iterations + self.main.iterations;
        Action::Push(push)
    }

    fn simulations(&self) -> u64 {
        self.sims
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}
