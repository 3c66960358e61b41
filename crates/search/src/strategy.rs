//! What every strategy returns and the trait the arena and CLI drive.
//!
//! Contract: [`Strategy::choose`] is called only on non-terminal states and
//! returns a legal move of that state. Values in a [`SearchReport`] are from
//! the point of view of the side to move at the root.

use crate::game::Game;
use crate::limits::Limits;
use std::time::Duration;

/// Counters and figures every strategy reports for one decision.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct SearchStats {
    /// Positions visited (search nodes; for Monte Carlo methods, states stepped through).
    pub nodes: u64,
    /// Iterations (MCTS / softmax playouts) or playouts (flat Monte Carlo); 0 when not applicable.
    pub iterations: u64,
    /// Deepest fully searched depth (alpha-beta), or deepest tree depth reached.
    pub depth: u32,
    /// Wall time spent deciding.
    #[serde(with = "duration_secs")]
    pub elapsed: Duration,
}

impl SearchStats {
    /// Nodes per second over the elapsed time.
    pub fn nps(&self) -> f64 {
        self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The value of the root, in one of the scales strategies naturally produce.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Value {
    /// A proven game value: +1 win, 0 draw, -1 loss, with the distance in plies.
    Exact {
        /// +1 win, 0 draw, -1 loss for the side to move.
        result: i32,
        /// Plies to the end of the game with best play.
        plies: u32,
    },
    /// A heuristic score in centi-units (alpha-beta at a depth limit).
    Score(i32),
    /// An expected result in `[-1, 1]` (Monte Carlo methods).
    Expected(f64),
}

/// The value as a person reads it: `win in 3 plies`, `draw`, `loss in 8
/// plies`, `score +35`, `expected -0.25`.
///
/// ```
/// use yomi_search::Value;
/// assert_eq!(Value::Exact { result: 1, plies: 3 }.to_string(), "win in 3 plies");
/// assert_eq!(Value::Exact { result: 0, plies: 0 }.to_string(), "draw");
/// assert_eq!(Value::Score(-35).to_string(), "score -35");
/// assert_eq!(Value::Expected(0.25).to_string(), "expected +0.25");
/// ```
impl std::fmt::Display for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Value::Exact { result: 0, .. } => f.write_str("draw"),
            Value::Exact { result, plies } => {
                let what = if result > 0 { "win" } else { "loss" };
                let unit = if plies == 1 { "ply" } else { "plies" };
                write!(f, "{what} in {plies} {unit}")
            }
            Value::Score(s) => write!(f, "score {s:+}"),
            Value::Expected(e) => write!(f, "expected {e:+.2}"),
        }
    }
}

/// One decision: the move, the root value and the statistics behind it.
#[derive(Clone, Debug)]
pub struct SearchReport<M> {
    /// The move chosen.
    pub best: M,
    /// Root value from the side to move, if the strategy estimates one.
    pub value: Option<Value>,
    /// Principal variation starting with `best` (may be just `[best]`).
    pub pv: Vec<M>,
    /// Root move statistics: (move, visits or playouts, mean value) where the
    /// strategy keeps them; empty otherwise.
    pub root: Vec<(M, u64, f64)>,
    /// Counters.
    pub stats: SearchStats,
}

impl<M: Copy> SearchReport<M> {
    /// A report with only a move (used by the simplest strategies).
    pub fn just(best: M, stats: SearchStats) -> Self {
        SearchReport {
            best,
            value: None,
            pv: vec![best],
            root: Vec::new(),
            stats,
        }
    }
}

/// A player that picks moves in an alternating game.
pub trait Strategy<G: Game>: Send {
    /// Readable description including parameters, e.g. `mcts(iterations=1000, c=1.4)`.
    fn name(&self) -> String;

    /// Picks a move for the side to move in `state` (which is not terminal).
    fn choose(&mut self, state: &G) -> SearchReport<G::Move>;

    /// As [`Strategy::choose`], within the limits a match gives this move
    /// (they only tighten the strategy's own budget; see [`Limits`]). The
    /// default ignores them, which is right for strategies without a
    /// budget (random play).
    fn choose_within(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        let _ = limits;
        self.choose(state)
    }

    /// Called before a new game starts, so a strategy can drop game-specific
    /// state (search trees, transposition tables).
    fn new_game(&mut self) {}
}

impl<G: Game> Strategy<G> for Box<dyn Strategy<G>> {
    fn name(&self) -> String {
        (**self).name()
    }
    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        (**self).choose(state)
    }
    fn choose_within(&mut self, state: &G, limits: &Limits) -> SearchReport<G::Move> {
        (**self).choose_within(state, limits)
    }
    fn new_game(&mut self) {
        (**self).new_game()
    }
}

mod duration_secs {
    use std::time::Duration;
    pub fn serialize<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(d.as_secs_f64())
    }
}
