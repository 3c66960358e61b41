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
pub mod threads;
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

/// What one search thread keeps across searches: its histories, its
/// evaluator (with the NNUE accumulators) and the rules it applies.
pub(crate) struct ThreadState {
    pub(crate) history: History,
    pub(crate) captures: CaptureHistory,
    pub(crate) cont: ContinuationHistory,
    pub(crate) eval: Box<dyn Evaluator>,
    pub(crate) declaration: DeclarationRule,
    pub(crate) lmr: Box<[[i32; 64]; 64]>,
}

impl ThreadState {
    fn new(eval: Box<dyn Evaluator>, declaration: DeclarationRule) -> ThreadState {
        let mut lmr = Box::new([[0i32; 64]; 64]);
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (m, r) in row.iter_mut().enumerate().skip(1) {
                let v = (d as f64).ln() * (m as f64).ln() / crate::params::LMR_DIVISOR
                    + crate::params::LMR_BASE;
                *r = v.max(0.0) as i32;
            }
        }
        ThreadState {
            history: History::default(),
            captures: CaptureHistory::default(),
            cont: ContinuationHistory::default(),
            eval,
            declaration,
            lmr,
        }
    }

    fn clear(&mut self) {
        self.history = History::default();
        self.captures = CaptureHistory::default();
        self.cont.clear();
    }
}

/// Search state that lives across searches: the transposition table, shared
/// by every search thread, and each thread's histories and evaluator (the
/// main thread's, and those of the helpers of [`Searcher::set_threads`]).
pub struct Searcher {
    pub(crate) tt: TranspositionTable,
    pub(crate) main: ThreadState,
    helpers: Vec<ThreadState>,
    requested_mb: usize,
}

impl Searcher {
    /// A searcher with a `hash_mb` table evaluating with `eval`, one thread.
    pub fn new(hash_mb: usize, eval: &LoadedEval) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(hash_mb),
            main: ThreadState::new(eval.evaluator(), DeclarationRule::Points27),
            helpers: Vec::new(),
            requested_mb: hash_mb,
        }
    }

    /// Searches with `threads` threads (Lazy SMP, see [`threads`]): the main
    /// one and `threads - 1` helpers evaluating with `eval`, each with its
    /// own histories; at least 1 (the plain single-threaded search).
    pub fn set_threads(&mut self, threads: usize, eval: &LoadedEval) {
        let helpers = threads.max(1) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            self.helpers
                .push(ThreadState::new(eval.evaluator(), self.main.declaration));
        }
    }

    /// Search threads, the main one included.
    pub fn threads(&self) -> usize {
        1 + self.helpers.len()
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

    /// Forgets everything learned (table, histories): a new game.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.clear();
        self.helpers.iter_mut().for_each(ThreadState::clear);
    }

    /// Maps the history and table memory ahead of the first search, until
    /// `deadline` (see [`crate::memory`]); true once all of it is mapped.
    pub fn prefault(&mut self, deadline: std::time::Instant) -> bool {
        self.main.cont.prefault(deadline)
            && self.helpers.iter_mut().all(|h| h.cont.prefault(deadline))
            && self.tt.prefault(deadline)
    }

    /// Puts any evaluator (a network, say) behind the search; the table is
    /// cleared, its scores came from the old one. Helpers are dropped (this
    /// evaluator cannot be copied for them): call [`Searcher::set_threads`]
    /// again with a [`LoadedEval`] to search on several threads.
    pub fn set_evaluator(&mut self, eval: Box<dyn Evaluator>) {
        self.main.eval = eval;
        self.helpers.clear();
        self.tt.clear();
    }

    /// Sets the entering-king declaration rule the search applies.
    pub fn set_declaration_rule(&mut self, rule: DeclarationRule) {
        self.main.declaration = rule;
        self.helpers.iter_mut().for_each(|h| h.declaration = rule);
    }

    /// The evaluator's score of `pos` (side to move's view).
    pub fn static_eval(&mut self, pos: &Position) -> i32 {
        self.main.eval.evaluate(pos)
    }

    /// Searches the last position of `game`, reporting each finished
    /// iteration (and each multi-PV line) of the main thread to `report`.
    pub fn search(
        &mut self,
        game: &GameHistory,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        self.tt.new_search();
        if self.helpers.is_empty() {
            return root::run(
                &mut self.main,
                &self.tt,
                game,
                limits,
                control,
                report,
                &Nodes::ALONE,
            );
        }
        threads::run(
            &mut self.main,
            &mut self.helpers,
            &self.tt,
            game,
            limits,
            control,
            report,
        )
    }
}

/// How a search thread's node count meets the others': helpers add theirs into
/// `add_to`; the main thread reports its own plus `others`.
#[derive(Clone, Copy)]
pub(crate) struct Nodes<'a> {
    pub add_to: Option<&'a std::sync::atomic::AtomicU64>,
    pub others: Option<&'a std::sync::atomic::AtomicU64>,
}

impl Nodes<'_> {
    /// A search on one thread.
    pub const ALONE: Nodes<'static> = Nodes {
        add_to: None,
        others: None,
    };
}
