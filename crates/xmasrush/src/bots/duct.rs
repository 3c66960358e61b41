//! `duct`: decoupled UCT on the push decisions, in two implementations: the
//! specialised [`PushDuct`] (default) and yomi-search's generic [`Duct`] on
//! [`PushGame`] (`duct:impl=generic`), kept so the two can be compared.
//!
//! Contract: [`PushGame`] is Xmas Rush seen at PUSH decision points only (a
//! node's joint action is the two pushes; the MOVE turn after it is played by
//! quick walks for both), as a [`SimultaneousGame`] whose returns are the
//! evaluation rescaled to [-1, 1]. Both bots search with UCB1, Exp3 or regret
//! matching for both players and play the most visited push that the
//! [`DeadlockGuard`] allows (after a stale push turn, a player not ahead
//! leaves its last line: two DUCT bots otherwise block each other on one
//! line ten turns running and the game ends in a deadlock draw); MOVE turns
//! use the greedy walker.

use super::Bot;
use super::arms::most_visited_where;
use super::limit::Limit;
use super::matrix::{DeadlockGuard, simulate_pair};
use super::push_duct::{PushDuct, PushDuctOptions};
use crate::action::{Action, Push};
use crate::eval::evaluate;
use crate::league::League;
use crate::reach::Bfs;
use crate::sim::start;
use crate::state::State;
use crate::walker::greedy_walk;
use std::cell::Cell;
use std::time::Duration;
use yomi_search::budget::Budget;
use yomi_search::{Duct, DuctOptions, FinalChoice, Seat, SelectionPolicy, SimultaneousGame};

thread_local! {
    /// Turn pairs simulated by [`PushGame::apply`] on this thread, so the
    /// generic bot reports simulations (not only iterations) like the others.
    static PAIRS: Cell<u64> = const { Cell::new(0) };
}

/// Xmas Rush at its PUSH decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PushGame(pub State);

impl SimultaneousGame for PushGame {
    type Action = Push;

    fn name() -> &'static str {
        "xmasrush-push"
    }

    fn initial() -> Self {
        PushGame(start(0, League::Legend))
    }

    fn actions(&self, _player: Seat, actions: &mut Vec<Push>) {
        actions.clear();
        if !self.0.over {
            actions.extend(Push::all());
        }
    }

    fn apply(&mut self, a0: Push, a1: Push) {
        let mut bfs = Bfs::new();
        simulate_pair(&mut self.0, [a0, a1], &mut bfs, true);
        PAIRS.with(|c| c.set(c.get() + 1));
    }

    fn is_terminal(&self) -> bool {
        self.0.over
    }

    fn returns(&self) -> [f64; 2] {
        let v = 2.0 * evaluate(&self.0, 0) - 1.0;
        [v, -v]
    }
}

/// How long a search bot thinks: a time per turn, or a fixed iteration count
/// (reproducible on any machine).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effort {
    /// Time per push turn (capped by the turn's budget).
    pub time: Duration,
    /// Iterations per push turn instead of the time, when set.
    pub iterations: Option<u64>,
}

impl Effort {
    /// The limit for a turn whose budget is `budget`.
    pub fn limit(&self, budget: Duration) -> Limit {
        Limit::new(self.iterations, self.time.min(budget))
    }
}

/// The specialised decoupled UCT bot.
#[derive(Clone, Debug)]
pub struct DuctBot {
    search: PushDuct,
    effort: Effort,
    bfs: Bfs,
    sims: u64,
    iterations: u64,
    guard: DeadlockGuard,
}

impl DuctBot {
    /// A DUCT bot with these options.
    pub fn new(options: PushDuctOptions, effort: Effort, seed: u64) -> DuctBot {
        DuctBot {
            search: PushDuct::new(options, seed),
            effort,
            bfs: Bfs::new(),
            sims: 0,
            iterations: 0,
            guard: DeadlockGuard::default(),
        }
    }
}

impl Bot for DuctBot {
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action {
        if !state.push_turn() {
            (self.sims, self.iterations) = (0, 0);
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        let mut push = self.search.search(state, me, self.effort.limit(budget));
        if self.guard.avoid(state, me, push) {
            let allowed = |i| !self.guard.avoid(state, me, Push::from_index(i));
            if let Some(i) = most_visited_where(self.search.root_arms(me), allowed) {
                push = Push::from_index(i);
            }
        }
        self.guard.played(push);
        (self.sims, self.iterations) = (self.search.simulations, self.search.iterations);
        Action::Push(push)
    }

    fn simulations(&self) -> u64 {
        self.sims
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}

/// yomi-search's generic decoupled UCT over pushes (`duct:impl=generic`).
#[derive(Clone, Debug)]
pub struct GenericDuctBot {
    duct: Duct<PushGame>,
    effort: Effort,
    bfs: Bfs,
    sims: u64,
    iterations: u64,
    guard: DeadlockGuard,
}

impl GenericDuctBot {
    /// A DUCT bot with `policy` for both players, playouts of `turns - 1` pairs past the tree.
    pub fn new(policy: SelectionPolicy, turns: u32, effort: Effort, seed: u64) -> GenericDuctBot {
        let options = DuctOptions {
            budget: Budget::time(effort.time),
            policies: [policy, policy],
            final_choice: FinalChoice::MostVisited,
            cutoff: Some(turns.saturating_sub(1)),
            seed,
        };
        GenericDuctBot {
            duct: Duct::new(options),
            effort,
            bfs: Bfs::new(),
            sims: 0,
            iterations: 0,
            guard: DeadlockGuard::default(),
        }
    }
}

impl Bot for GenericDuctBot {
    fn act(&mut self, state: &State, me: usize, budget: Duration) -> Action {
        if !state.push_turn() {
            (self.sims, self.iterations) = (0, 0);
            return Action::Move(greedy_walk(state, me, &mut self.bfs));
        }
        self.duct.options.budget = match self.effort.iterations {
            Some(n) => Budget::iterations(n),
            None => Budget::time(self.effort.time.min(budget)),
        };
        let before = PAIRS.with(Cell::get);
        let d = self.duct.choose(&PushGame(*state), me);
        self.sims = PAIRS.with(Cell::get) - before;
        self.iterations = d.iterations;
        let mut push = d.action;
        if self.guard.avoid(state, me, push) {
            // The most visited allowed push (the strategy lists every push with its visits).
            if let Some(&(p, _, _)) = d
                .strategy
                .iter()
                .filter(|(p, _, _)| !self.guard.avoid(state, me, *p))
                .max_by_key(|(_, visits, _)| *visits)
            {
                push = p;
            }
        }
        self.guard.played(push);
        Action::Push(push)
    }

    fn simulations(&self) -> u64 {
        self.sims
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}
