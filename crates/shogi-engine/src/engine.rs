//! The engine a `go` runs: alpha-beta or Monte Carlo Softmax Search, with
//! the evaluator the options chose, behind one `search` call.
//!
//! Contract: both searchers share the calling convention of
//! [`Searcher::search`] (game, limits, control, report) and its guarantee:
//! a legal root move whenever there is one. Switching the search or the
//! evaluator drops what the other learned (table, tree). The evaluation
//! behind both is a [`LoadedEval`].

use crate::eval::LoadedEval;
use crate::search::{Control, GameHistory, Limits, SearchInfo, SearchResult, Searcher};
use crate::softmax::{SoftmaxOptions, SoftmaxSearcher};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;
use yomi_shogi::DeclarationRule;

/// Which search plays (the USI `Search` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SearchKind {
    /// Iterative-deepening alpha-beta ([`Searcher`]).
    #[default]
    AlphaBeta,
    /// Monte Carlo Softmax Search with batched evaluation ([`SoftmaxSearcher`]).
    Softmax,
}

impl SearchKind {
    /// Every kind, in option order.
    pub const ALL: [SearchKind; 2] = [SearchKind::AlphaBeta, SearchKind::Softmax];

    /// The option value naming this kind.
    pub fn name(self) -> &'static str {
        match self {
            SearchKind::AlphaBeta => "AlphaBeta",
            SearchKind::Softmax => "Softmax",
        }
    }
}

impl fmt::Display for SearchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is no [`SearchKind`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown search '{0}' (AlphaBeta or Softmax)")]
pub struct UnknownSearch(pub String);

impl FromStr for SearchKind {
    type Err = UnknownSearch;
    fn from_str(s: &str) -> Result<Self, UnknownSearch> {
        SearchKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSearch(yomi_core::text::excerpt(s)))
    }
}

/// Both searchers and the choice between them.
pub struct Engine {
    /// The alpha-beta searcher.
    pub alpha: Searcher,
    /// The softmax searcher.
    pub softmax: SoftmaxSearcher,
    /// Which one plays.
    pub kind: SearchKind,
    /// The evaluation both use (kept to give alpha-beta helper threads their own).
    eval: LoadedEval,
}

impl Engine {
    /// An engine with `hash_mb` of table (or tree) and the default evaluation.
    pub fn new(hash_mb: usize, kind: SearchKind, softmax: SoftmaxOptions) -> Engine {
        let eval = LoadedEval::default();
        Engine {
            alpha: Searcher::new(hash_mb, &eval),
            softmax: SoftmaxSearcher::new(softmax, eval.batch_evaluator(), hash_mb),
            kind,
            eval,
        }
    }

    /// Puts `eval` behind both searchers.
    pub fn set_eval(&mut self, eval: &LoadedEval) {
        let threads = self.alpha.threads();
        self.alpha.set_evaluator(eval.evaluator());
        self.alpha.set_threads(threads, eval);
        self.softmax.set_evaluator(eval.batch_evaluator());
        self.eval = eval.clone();
    }

    /// Alpha-beta search threads (Lazy SMP), at least 1.
    pub fn set_threads(&mut self, threads: usize) {
        self.alpha.set_threads(threads, &self.eval);
    }

    /// Sets the entering-king rule of both searchers.
    pub fn set_declaration_rule(&mut self, rule: DeclarationRule) {
        self.alpha.set_declaration_rule(rule);
        self.softmax.set_declaration_rule(rule);
    }

    /// Maps the alpha-beta search's memory ahead of its first search, until
    /// `deadline`; true once all of it is mapped.
    pub fn prefault(&mut self, deadline: std::time::Instant) -> bool {
        self.alpha.prefault(deadline)
    }

    /// A new game: forgets the table and the tree.
    pub fn clear(&mut self) {
        self.alpha.clear();
        self.softmax.clear();
    }

    /// Searches with the chosen searcher.
    pub fn search(
        &mut self,
        game: &GameHistory,
        limits: &Limits,
        control: &Control,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> SearchResult {
        match self.kind {
            SearchKind::AlphaBeta => self.alpha.search(game, limits, control, report),
            SearchKind::Softmax => self.softmax.search(game, limits, control, report),
        }
    }
}
