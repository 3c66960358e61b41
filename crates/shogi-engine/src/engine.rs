//! The engine a `go` runs: alpha-beta or Monte Carlo Softmax Search, with
//! the evaluator the options chose, behind one `search` call.
//!
//! Contract: both searchers share the calling convention of
//! [`Searcher::search`] (game, limits, control, report) and its guarantee:
//! a legal root move whenever there is one. Switching the search or the
//! evaluator drops what the other learned (table, tree).

use crate::eval::{
    BatchEvaluator, ControlEval, ControlWeights, EvalKind, Evaluator, GpuNetworkEval, NetworkEval,
    OneByOne,
};
use crate::search::{Control, GameHistory, Limits, SearchInfo, SearchResult, Searcher};
use crate::softmax::{SoftmaxOptions, SoftmaxSearcher};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use yomi_shogi::DeclarationRule;
use yomi_shogi_nn::{CudaNetwork, Device, Network, Precision};

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

impl FromStr for SearchKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        SearchKind::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("unknown search '{s}' (AlphaBeta or Softmax)"))
    }
}

/// Where evaluations come from: a hand-written evaluator or a network.
#[derive(Clone)]
pub enum EvalSource {
    /// A hand-written evaluator.
    Hand(EvalKind),
    /// A value network, shared.
    Network(Arc<Network>),
    /// A value network whose batches go to a GPU (the CPU copy evaluates single
    /// positions, and batches should the GPU fail).
    GpuNetwork(Arc<Network>, Arc<CudaNetwork>),
    /// The Control evaluation with weights of its own (a weights file).
    Control(Arc<ControlWeights>),
}

impl EvalSource {
    /// The network `net` evaluating its batches on `device` (a GPU: its own copy of the
    /// weights, made here; fails where the GPU cannot be used).
    pub fn network_on(
        net: Arc<Network>,
        device: Device,
        precision: Precision,
    ) -> Result<EvalSource, yomi_shogi_nn::NnError> {
        match device {
            Device::Cpu => Ok(EvalSource::Network(net)),
            Device::Cuda(ordinal) => {
                let gpu = CudaNetwork::new(net.weights(), ordinal, precision)?;
                Ok(EvalSource::GpuNetwork(net, Arc::new(gpu)))
            }
        }
    }

    /// A per-position evaluator.
    pub fn evaluator(&self) -> Box<dyn Evaluator> {
        match self {
            EvalSource::Hand(k) => k.build(),
            EvalSource::Network(n) | EvalSource::GpuNetwork(n, _) => {
                Box::new(NetworkEval::new(Arc::clone(n)))
            }
            EvalSource::Control(w) => Box::new(ControlEval::new(Arc::clone(w))),
        }
    }

    /// A batch evaluator.
    pub fn batch_evaluator(&self) -> Box<dyn BatchEvaluator> {
        match self {
            EvalSource::Hand(k) => Box::new(OneByOne(k.build())),
            EvalSource::Network(n) => Box::new(NetworkEval::new(Arc::clone(n))),
            EvalSource::GpuNetwork(n, g) => {
                Box::new(GpuNetworkEval::new(Arc::clone(g), Arc::clone(n)))
            }
            EvalSource::Control(w) => Box::new(OneByOne(Box::new(ControlEval::new(Arc::clone(w))))),
        }
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
}

impl Engine {
    /// An engine with `hash_mb` of table (or tree) and the default evaluation.
    pub fn new(hash_mb: usize, kind: SearchKind, softmax: SoftmaxOptions) -> Engine {
        let source = EvalSource::Hand(EvalKind::default());
        Engine {
            alpha: Searcher::new(hash_mb, EvalKind::default()),
            softmax: SoftmaxSearcher::new(softmax, source.batch_evaluator(), hash_mb),
            kind,
        }
    }

    /// Puts `source` behind both searchers.
    pub fn set_eval(&mut self, source: &EvalSource) {
        self.alpha.set_evaluator(source.evaluator());
        self.softmax.set_evaluator(source.batch_evaluator());
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
