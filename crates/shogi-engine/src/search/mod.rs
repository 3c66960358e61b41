//! Alpha-beta search on [`Position`]: iterative deepening with aspiration
//! windows and multi-PV at the root, principal variation search with a
//! transposition table, null move, late move reductions and pruning,
//! check extensions, quiescence with SEE, killer and history ordering, mate
//! distance scores, repetition (sennichite, perpetual check) and the
//! entering-king declaration.
//!
//! Contract: [`Searcher::search`] returns a legal move of the root position
//! whenever it has one (even when stopped at once), and never stores in the
//! transposition table a score that depended on a repetition of a position
//! above the node (see `node.rs`). It stops on [`Control::stop`], on its
//! limits, or when the hard time limit passes; while
//! [`Control::is_pondering`] it ignores the clock.

pub(crate) mod check;
mod control;
mod dominated;
pub mod history;
mod learn;
mod node;
mod picker;
mod prune;
mod quiescence;
mod root;
pub mod see;
mod worker;

pub mod order;

pub use control::Control;
pub use root::{SearchInfo, SearchResult};

use crate::eval::{Evaluator, LoadedEval};
use crate::search::history::{CaptureHistory, ContinuationHistory, History};
use crate::time::TimePlan;
use crate::tt::TranspositionTable;
use yomi_shogi::{DeclarationRule, Move, Position};

/// What bounds a search besides [`Control::stop`].
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Deepest iteration (plies); `None` = up to the maximum.
    pub depth: Option<i32>,
    /// Node budget; the search stops soon after passing it.
    pub nodes: Option<u64>,
    /// Time budget, counted from the start or from `ponderhit`.
    pub time: Option<TimePlan>,
    /// Number of principal variations to report (1 = normal play).
    pub multipv: usize,
}

/// A position with the game that led to it, for repetition detection.
#[derive(Clone, Debug)]
pub struct GameHistory {
    /// The current (root) position.
    pub position: Position,
    /// `(key, side to move in check)` of every earlier position of the game,
    /// oldest first (the root excluded).
    pub earlier: Vec<(u64, bool)>,
}

impl GameHistory {
    /// A game starting at `position` with no earlier positions.
    pub fn new(position: Position) -> GameHistory {
        GameHistory {
            position,
            earlier: Vec::new(),
        }
    }

    /// Plays the legal move `m`, recording the position it leaves.
    pub fn play(&mut self, m: Move) {
        let pos = &self.position;
        self.earlier.push((pos.key(), pos.in_check()));
        self.position.do_move(m);
    }
}

/// Search state that lives across searches: the transposition table, the
/// history table and the evaluator.
pub struct Searcher {
    pub(crate) tt: TranspositionTable,
    pub(crate) history: History,
    pub(crate) captures: CaptureHistory,
    pub(crate) cont: ContinuationHistory,
    pub(crate) eval: Box<dyn Evaluator>,
    pub(crate) declaration: DeclarationRule,
    pub(crate) lmr: Box<[[i32; 64]; 64]>,
    requested_mb: usize,
}

impl Searcher {
    /// A searcher with a `hash_mb` table evaluating with `eval`.
    pub fn new(hash_mb: usize, eval: &LoadedEval) -> Searcher {
        let mut lmr = Box::new([[0i32; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = (d as f64).ln() * (m as f64).ln() / crate::params::LMR_DIVISOR
                    + crate::params::LMR_BASE;
                *r = v.max(0.0) as i32;
            }
        }
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            history: History::default(),
            captures: CaptureHistory::default(),
            cont: ContinuationHistory::default(),
            eval: eval.evaluator(),
            declaration: DeclarationRule::Points27,
            lmr,
            requested_mb: hash_mb,
        }
    }

    /// Replaces the transposition table with a fresh one of `mb` MB (or
    /// what the system grants, see [`Searcher::hash_mb`]).
    pub fn resize_hash(&mut self, mb: usize) {
        if self.requested_mb != mb {
            self.tt = TranspositionTable::new(mb);
            self.requested_mb = mb;
        }
    }

    /// The size of the table actually allocated, in MB.
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// Forgets everything learned (table, history): a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history = History::default();
        self.captures = CaptureHistory::default();
        self.cont.clear();
    }

    /// Maps the history and table memory ahead of the first search, until
    /// `deadline` (see [`crate::memory`]); true once all of it is mapped.
    pub fn prefault(&mut self, deadline: std::time::Instant) -> bool {
        self.cont.prefault(deadline) && self.tt.prefault(deadline)
    }

    /// Puts any evaluator (a network, say) behind the search; the table is
    /// cleared, its scores came from the old one.
    pub fn set_evaluator(&mut self, eval: Box<dyn Evaluator>) {
        self.eval = eval;
        self.tt.clear();
    }

    /// Sets the entering-king declaration rule the search applies.
    pub fn set_declaration_rule(&mut self, rule: DeclarationRule) {
        self.declaration = rule;
    }

    /// The evaluator's score of `pos` (side to move's view).
    pub fn static_eval(&mut self, pos: &Position) -> i32 {
        self.eval.evaluate(pos)
    }

    /// Searches the last position of `game`, reporting each finished
    /// iteration (and each multi-PV line) to `report`.
    pub fn search(
        &mut self,
        game: &GameHistory,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        root::run(self, game, limits, control, report)
    }
}
