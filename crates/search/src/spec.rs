//! Strategy specifications: the text form used on the command line and in
//! arena configurations, e.g. `mcts:iterations=1000,c=1.4,expand=10`,
//! `alphabeta:depth=9`, `alphabeta:time=100ms`, `random`.
//!
//! Contract: [`StrategySpec::parse`] accepts exactly the strategies and
//! parameters listed in [`STRATEGIES`] and rejects anything else with an error
//! that lists the valid choices; [`StrategySpec::build`] turns a spec into a
//! boxed strategy for any game, with an optional seed override (the arena
//! gives every game its own seed).

use crate::alphabeta::{AlphaBeta, AlphaBetaOptions};
use crate::budget::Budget;
use crate::duct::{DuctOptions, FinalChoice, SelectionPolicy};
use crate::flat_mc::{FlatMonteCarlo, FlatMonteCarloOptions};
use crate::game::Game;
use crate::mcts::{Mcts, MctsOptions};
use crate::minimax::{Minimax, MinimaxOptions};
use crate::playout::{RolloutEvaluator, StaticEvaluator};
use crate::random::Random;
use crate::softmax::{SoftmaxOptions, SoftmaxSearch};
use crate::strategy::Strategy;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;
use yomi_core::duration::parse_duration;
use yomi_core::limits::{Bounds, TABLE_MB};
use yomi_core::parse_seed;

/// Search depths (`depth`, `cutoff`), in plies.
const PLIES: Bounds = Bounds::new("plies", 1, u32::MAX as u64);
/// Node budgets (`nodes`).
const NODES: Bounds = Bounds::new("nodes", 1, u64::MAX);
/// Iteration budgets (`iterations`).
const ITERATIONS: Bounds = Bounds::new("iterations", 1, u64::MAX);
/// Playouts per move or per leaf (`playouts`).
const PLAYOUTS: Bounds = Bounds::new("playouts", 1, u32::MAX as u64);
/// Visits before a node is expanded (`expand`).
const VISITS: Bounds = Bounds::new("visits", 0, u32::MAX as u64);

/// The strategies a spec can name, with their parameters (for help and errors).
pub const STRATEGIES: &[(&str, &str)] = &[
    ("random", "seed"),
    ("minimax", "depth"),
    (
        "alphabeta",
        "depth, time, nodes, tt (MB, 0 = off), id (true/false)",
    ),
    ("flatmc", "playouts (per move), time, cutoff, scale, seed"),
    (
        "mcts",
        "iterations, time, c, expand, cutoff, scale, reuse (true/false), seed",
    ),
    (
        "softmax",
        "iterations, time, tb, ts, eval (static|rollout), playouts, scale, seed",
    ),
    (
        "duct",
        "iterations, time, policy (ucb1|exp3|rm), c, gamma, final (best|sample), cutoff, seed",
    ),
];

/// The one strategy (last in [`STRATEGIES`]) for simultaneous-move games; the others play
/// alternating games.
const SIMULTANEOUS: &str = "duct";

/// What went wrong parsing a spec.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SpecError {
    /// The strategy name is not known.
    #[error("unknown strategy '{name}'; valid strategies: {valid}")]
    UnknownStrategy {
        /// The name given.
        name: String,
        /// The valid names.
        valid: String,
    },
    /// A parameter is not known for this strategy.
    #[error("unknown parameter '{param}' for {strategy}; valid parameters: {valid}")]
    UnknownParameter {
        /// The strategy.
        strategy: String,
        /// The parameter given.
        param: String,
        /// The valid parameters.
        valid: String,
    },
    /// A parameter value does not parse or is out of range.
    #[error("bad value '{value}' for {strategy} parameter '{param}': {reason}")]
    BadValue {
        /// The strategy.
        strategy: String,
        /// The parameter.
        param: String,
        /// The value given.
        value: String,
        /// Why it is rejected.
        reason: String,
    },
    /// The strategy plays the other kind of game (alternating or simultaneous moves).
    #[error("{strategy} does not play {kind} games; {hint}")]
    WrongGameKind {
        /// The strategy.
        strategy: String,
        /// The kind of game it was asked to play.
        kind: &'static str,
        /// Which strategies do.
        hint: &'static str,
    },
    /// The text is not of the form `name[:key=value,...]`.
    #[error(
        "malformed strategy spec '{0}': expected name[:key=value,...], e.g. mcts:iterations=1000,c=1.4"
    )]
    Malformed(String),
}

/// A parsed strategy specification.
#[derive(Clone, Debug, PartialEq)]
pub struct StrategySpec {
    /// Strategy name (one of [`STRATEGIES`]).
    pub name: String,
    params: BTreeMap<String, String>,
}

impl fmt::Display for StrategySpec {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.name)?;
        if !self.params.is_empty() {
            let p: Vec<String> = self
                .params
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            write!(f, ":{}", p.join(","))?;
        }
        Ok(())
    }
}

impl StrategySpec {
    /// Parses and validates `name[:key=value,...]`.
    pub fn parse(text: &str) -> Result<StrategySpec, SpecError> {
        let text = text.trim();
        let (name, rest) = match text.split_once(':') {
            Some((n, r)) => (n.trim().to_ascii_lowercase(), Some(r)),
            None => (text.to_ascii_lowercase(), None),
        };
        if name.is_empty() {
            return Err(SpecError::Malformed(text.into()));
        }
        let name = match name.as_str() {
            "ab" => "alphabeta".to_string(),
            "mcs" | "flat" => "flatmc".to_string(),
            "uct" => "mcts".to_string(),
            _ => name,
        };
        let Some(&(_, valid)) = STRATEGIES.iter().find(|(n, _)| *n == name) else {
            let valid = STRATEGIES
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(", ");
            return Err(SpecError::UnknownStrategy { name, valid });
        };
        let mut params = BTreeMap::new();
        for item in rest
            .unwrap_or("")
            .split(',')
            .filter(|s| !s.trim().is_empty())
        {
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| SpecError::Malformed(text.into()))?;
            let k = k.trim().to_ascii_lowercase();
            let known: Vec<&str> = valid
                .split(", ")
                .map(|p| p.split(' ').next().unwrap_or(p))
                .collect();
            if !known.contains(&k.as_str()) {
                return Err(SpecError::UnknownParameter {
                    strategy: name.clone(),
                    param: k,
                    valid: valid.into(),
                });
            }
            params.insert(k, v.trim().to_string());
        }
        let spec = StrategySpec { name, params };
        spec.validate()?;
        Ok(spec)
    }

    fn bad(&self, param: &str, reason: impl Into<String>) -> SpecError {
        SpecError::BadValue {
            strategy: self.name.clone(),
            param: param.into(),
            value: yomi_core::text::excerpt(self.params.get(param).map_or("", String::as_str)),
            reason: reason.into(),
        }
    }

    fn get<T: std::str::FromStr>(&self, key: &str) -> Result<Option<T>, SpecError> {
        match self.params.get(key) {
            None => Ok(None),
            Some(v) => v
                .parse::<T>()
                .map(Some)
                .map_err(|_| self.bad(key, format!("expected a {}", std::any::type_name::<T>()))),
        }
    }

    /// A whole-number parameter within `bounds` (yomi-core's one parser of
    /// bounded numbers, so a spec and a flag refuse a value alike).
    fn bounded<T: TryFrom<u64>>(&self, key: &str, bounds: Bounds) -> Result<Option<T>, SpecError> {
        self.params
            .get(key)
            .map(|v| {
                bounds
                    .parse::<T>(v)
                    .map_err(|e| self.bad(key, e.to_string()))
            })
            .transpose()
    }

    /// The `seed` parameter, by yomi-core's seed grammar.
    fn seed(&self) -> Result<Option<u64>, SpecError> {
        self.params
            .get("seed")
            .map(|v| parse_seed(v).map_err(|e| self.bad("seed", e.to_string())))
            .transpose()
    }

    fn positive<T: std::str::FromStr + PartialOrd + Default>(
        &self,
        key: &str,
    ) -> Result<Option<T>, SpecError> {
        let v = self.get::<T>(key)?;
        if v.as_ref().is_some_and(|x| *x <= T::default()) {
            return Err(self.bad(key, "must be positive"));
        }
        Ok(v)
    }

    fn time(&self) -> Result<Option<Duration>, SpecError> {
        self.params
            .get("time")
            .map(|t| parse_duration(t).map_err(|e| self.bad("time", e.to_string())))
            .transpose()
    }

    fn budget(&self, default_iterations: u64) -> Result<Budget, SpecError> {
        let iterations = self.bounded::<u64>("iterations", ITERATIONS)?;
        let time = self.time()?;
        Ok(Budget {
            iterations: iterations.or(if time.is_none() {
                Some(default_iterations)
            } else {
                None
            }),
            nodes: None,
            time,
        })
    }

    fn validate(&self) -> Result<(), SpecError> {
        // Building for a trivial type check would need a game; parse every parameter instead.
        self.seed()?;
        self.bounded::<u32>("depth", PLIES)?;
        self.bounded::<u64>("nodes", NODES)?;
        self.bounded::<usize>("tt", TABLE_MB)?;
        self.get::<bool>("id")?;
        self.get::<bool>("reuse")?;
        self.bounded::<u32>("playouts", PLAYOUTS)?;
        self.bounded::<u32>("cutoff", PLIES)?;
        self.positive::<f64>("scale")?;
        self.budget(1)?;
        if let Some(c) = self.get::<f64>("c")?
            && !(c.is_finite() && c >= 0.0)
        {
            return Err(self.bad("c", "must be a finite number >= 0"));
        }
        self.bounded::<u32>("expand", VISITS)?;
        for t in ["tb", "ts"] {
            if let Some(x) = self.get::<f64>(t)?
                && !(x.is_finite() && x >= 0.0)
            {
                return Err(self.bad(t, "must be a finite number >= 0"));
            }
        }
        if let Some(e) = self.params.get("eval")
            && e != "static"
            && e != "rollout"
        {
            return Err(self.bad("eval", "expected static or rollout"));
        }
        if self.name == SIMULTANEOUS {
            self.duct_options(None)?;
        }
        Ok(())
    }

    /// The seed a strategy runs with: `seed` (the arena's, per game) mixed
    /// with the spec's own, so two players with different spec seeds still
    /// differ; the spec's alone without one.
    fn run_seed(&self, seed: Option<u64>) -> Result<u64, SpecError> {
        let spec_seed = self.seed()?.unwrap_or(0);
        Ok(match seed {
            Some(s) => yomi_core::rng::derive_seed(s, spec_seed),
            None => spec_seed,
        })
    }

    /// The options of Decoupled UCT for a `duct` spec (for simultaneous-move
    /// games); `seed` as in [`StrategySpec::build`]. Defaults: 10,000
    /// iterations, UCB1 with c = √2 for both players, exploration rate 0.1
    /// for Exp3 and regret matching, the most visited action.
    ///
    /// ```
    /// use yomi_search::{SelectionPolicy, StrategySpec};
    /// let spec: StrategySpec = "duct:policy=rm,gamma=0.05,iterations=5000".parse()?;
    /// let options = spec.duct_options(None)?;
    /// assert_eq!(options.policies[0], SelectionPolicy::RegretMatching { gamma: 0.05 });
    /// assert_eq!(options.budget.iterations, Some(5000));
    /// assert!("mcts".parse::<StrategySpec>()?.duct_options(None).is_err());
    /// # Ok::<(), yomi_search::SpecError>(())
    /// ```
    pub fn duct_options(&self, seed: Option<u64>) -> Result<DuctOptions, SpecError> {
        if self.name != SIMULTANEOUS {
            return Err(SpecError::WrongGameKind {
                strategy: self.name.clone(),
                kind: "simultaneous-move",
                hint: "use duct",
            });
        }
        let c = self.get::<f64>("c")?.unwrap_or(std::f64::consts::SQRT_2);
        let gamma = self.get::<f64>("gamma")?.unwrap_or(0.1);
        if !(gamma > 0.0 && gamma <= 1.0) {
            return Err(self.bad("gamma", "must be in (0, 1]"));
        }
        let name = self.params.get("policy").map_or("ucb1", String::as_str);
        let policy = SelectionPolicy::named(name, c, gamma)
            .ok_or_else(|| self.bad("policy", format!("expected {}", SelectionPolicy::NAMES)))?;
        let final_choice = match self.params.get("final").map(String::as_str) {
            None | Some("best") => FinalChoice::MostVisited,
            Some("sample") => FinalChoice::Sample,
            Some(_) => return Err(self.bad("final", "expected best or sample")),
        };
        Ok(DuctOptions {
            budget: self.budget(10_000)?,
            policies: [policy; 2],
            final_choice,
            cutoff: self.bounded::<u32>("cutoff", PLIES)?,
            seed: self.run_seed(seed)?,
        })
    }

    /// Builds the strategy for game `G`. `seed` overrides the spec's seed
    /// (mixed with it, so two players with different spec seeds still differ).
    pub fn build<G: Game>(&self, seed: Option<u64>) -> Result<Box<dyn Strategy<G>>, SpecError> {
        if self.name == SIMULTANEOUS {
            return Err(SpecError::WrongGameKind {
                strategy: self.name.clone(),
                kind: "alternating-move",
                hint: "use mcts, alphabeta, minimax, flatmc, softmax or random",
            });
        }
        let seed = self.run_seed(seed)?;
        let scale = self.get::<f64>("scale")?.unwrap_or(100.0);
        let cutoff = self.bounded::<u32>("cutoff", PLIES)?;
        Ok(match self.name.as_str() {
            "random" => Box::new(Random::new(seed)),
            "minimax" => Box::new(Minimax::new(MinimaxOptions {
                depth: self.bounded("depth", PLIES)?,
            })),
            "alphabeta" => {
                let time = self.time()?;
                let nodes = self.bounded::<u64>("nodes", NODES)?;
                let depth = self.bounded::<u32>("depth", PLIES)?;
                let options = AlphaBetaOptions {
                    depth,
                    iterative: self.get::<bool>("id")?.unwrap_or(true),
                    tt_megabytes: self.bounded::<usize>("tt", TABLE_MB)?.unwrap_or(16),
                    budget: Budget {
                        iterations: None,
                        nodes,
                        time,
                    },
                };
                if !options.iterative && (time.is_some() || nodes.is_some()) {
                    return Err(self.bad(
                        "id",
                        "time and node budgets need iterative deepening (id=true)",
                    ));
                }
                Box::new(AlphaBeta::<G::Move>::new(options))
            }
            "flatmc" => Box::new(FlatMonteCarlo::new(FlatMonteCarloOptions {
                playouts_per_move: self.bounded::<u32>("playouts", PLAYOUTS)?.unwrap_or(
                    if self.time()?.is_some() {
                        u32::MAX
                    } else {
                        100
                    },
                ),
                budget: Budget {
                    iterations: None,
                    nodes: None,
                    time: self.time()?,
                },
                cutoff,
                eval_scale: scale,
                seed,
            })),
            "mcts" => Box::new(Mcts::<G>::new(MctsOptions {
                budget: self.budget(1000)?,
                exploration: self.get::<f64>("c")?.unwrap_or(std::f64::consts::SQRT_2),
                expand_threshold: self.bounded::<u32>("expand", VISITS)?.unwrap_or(10),
                cutoff,
                eval_scale: scale,
                reuse_tree: self.get::<bool>("reuse")?.unwrap_or(true),
                seed,
            })),
            "softmax" => {
                let options = SoftmaxOptions {
                    budget: self.budget(1000)?,
                    t_backup: self.get::<f64>("tb")?.unwrap_or(0.1),
                    t_select: self.get::<f64>("ts")?.unwrap_or(0.2),
                    seed,
                };
                match self.params.get("eval").map(String::as_str) {
                    Some("static") => {
                        Box::new(SoftmaxSearch::new(options, StaticEvaluator { scale }))
                    }
                    _ => Box::new(SoftmaxSearch::new(
                        options,
                        RolloutEvaluator::new(
                            self.bounded::<u32>("playouts", PLAYOUTS)?.unwrap_or(1),
                            yomi_core::rng::derive_seed(seed, 1),
                        ),
                    )),
                }
            }
            other => unreachable!("validated strategy name {other}"),
        })
    }
}

impl std::str::FromStr for StrategySpec {
    type Err = SpecError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        StrategySpec::parse(s)
    }
}
