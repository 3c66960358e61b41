//! The registry's games and strategies behind object-safe traits, so one Python class serves
//! every game.
//!
//! Contract: [`new_state`] dispatches once on the [`GameKind`] with the registry's `with_game!`
//! and every later call goes through [`DynGame`] / [`DynStrategy`], whose one generic
//! implementation forwards to the library (`Game`, `Strategy`, `solve`, `perft`). Moves cross
//! the boundary as the game's own notation (`Display` / `Game::parse_move`).

use std::any::Any;
use yomi_games::{GameKind, with_game};
use yomi_search::{
    Game, Limits, MoveError, Outcome, PositionError, SearchReport, Seat, SolveOptions, SpecError,
    Strategy, StrategySpec, Value,
};

/// A state of some registered game, with the moves played on it.
pub trait DynGame: Send + Sync + Any {
    /// The game.
    fn kind(&self) -> GameKind;
    /// Legal moves in the game's notation (empty when the game is over).
    fn legal(&self) -> Vec<String>;
    /// Parses and plays a move; returns it in the game's notation.
    fn play_text(&mut self, text: &str) -> Result<String, MoveError>;
    /// `Game::outcome`, from the side to move.
    fn outcome(&self) -> Option<Outcome>;
    /// The side to move.
    fn to_move(&self) -> Seat;
    /// `Game::evaluate`, from the side to move.
    fn evaluate(&self) -> i32;
    /// The game's own rendering (`Display`).
    fn render(&self) -> String;
    /// Moves played since construction.
    fn history(&self) -> &[String];
    /// A copy.
    fn boxed_clone(&self) -> Box<dyn DynGame>;
    /// For downcasting in [`DynStrategy::choose`].
    fn as_any(&self) -> &dyn Any;
    /// `yomi_search::perft::perft`.
    fn perft(&self, depth: u32) -> u64;
    /// `yomi_search::solve`, moves as text.
    fn solve(&self, options: &SolveOptions) -> yomi_search::Solution<String>;
    /// A strategy of this game built from `spec` (`StrategySpec::build`).
    fn strategy(
        &self,
        spec: &StrategySpec,
        seed: Option<u64>,
    ) -> Result<Box<dyn DynStrategy>, SpecError>;
}

/// A state of game `G`.
struct State<G: Game> {
    kind: GameKind,
    state: G,
    history: Vec<String>,
}

/// The initial state of `kind`, or the position `position` in its notation.
pub fn new_state(
    kind: GameKind,
    position: Option<&str>,
) -> Result<Box<dyn DynGame>, PositionError> {
    with_game!(kind, G => {
        let state = match position {
            None => G::initial(),
            Some(text) => G::parse_position(text)?,
        };
        Ok(Box::new(State { kind, state, history: Vec::new() }) as Box<dyn DynGame>)
    })
}

fn texts<M: std::fmt::Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

impl<G: Game> DynGame for State<G> {
    fn kind(&self) -> GameKind {
        self.kind
    }
    fn legal(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.state.legal_moves(&mut moves);
        texts(&moves)
    }
    fn play_text(&mut self, text: &str) -> Result<String, MoveError> {
        let mv = self.state.parse_move(text)?;
        self.state.play(mv);
        self.history.push(mv.to_string());
        Ok(mv.to_string())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }
    fn to_move(&self) -> Seat {
        self.state.to_move()
    }
    fn evaluate(&self) -> i32 {
        self.state.evaluate()
    }
    fn render(&self) -> String {
        self.state.to_string()
    }
    fn history(&self) -> &[String] {
        &self.history
    }
    fn boxed_clone(&self) -> Box<dyn DynGame> {
        Box::new(State {
            kind: self.kind,
            state: self.state.clone(),
            history: self.history.clone(),
        })
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn perft(&self, depth: u32) -> u64 {
        yomi_search::perft::perft(&self.state, depth)
    }
    fn solve(&self, options: &SolveOptions) -> yomi_search::Solution<String> {
        let s = yomi_search::solve(&self.state, options);
        yomi_search::Solution {
            value: s.value,
            plies: s.plies,
            best_moves: texts(&s.best_moves),
            pv: texts(&s.pv),
            nodes: s.nodes,
            time: s.time,
        }
    }
    fn strategy(
        &self,
        spec: &StrategySpec,
        seed: Option<u64>,
    ) -> Result<Box<dyn DynStrategy>, SpecError> {
        Ok(Box::new(Built::<G> {
            kind: self.kind,
            strategy: spec.build::<G>(seed)?,
        }))
    }
}

/// A strategy for one registered game.
pub trait DynStrategy: Send {
    /// `Strategy::name`.
    fn name(&self) -> String;
    /// The game it plays.
    fn kind(&self) -> GameKind;
    /// `Strategy::choose_within` on `state`; `Err` (a message) when `state` is another game's
    /// or the game is over.
    fn choose(
        &mut self,
        state: &dyn DynGame,
        limits: &Limits,
    ) -> Result<SearchReport<String>, String>;
    /// `Strategy::new_game`.
    fn new_game(&mut self);
}

struct Built<G: Game> {
    kind: GameKind,
    strategy: Box<dyn Strategy<G>>,
}

impl<G: Game> DynStrategy for Built<G> {
    fn name(&self) -> String {
        self.strategy.name()
    }
    fn kind(&self) -> GameKind {
        self.kind
    }
    fn choose(
        &mut self,
        state: &dyn DynGame,
        limits: &Limits,
    ) -> Result<SearchReport<String>, String> {
        let Some(s) = state.as_any().downcast_ref::<State<G>>() else {
            return Err(format!(
                "this strategy plays {}, not {}",
                self.kind,
                state.kind()
            ));
        };
        if s.state.outcome().is_some() {
            return Err("the game is over: there is no move to choose".to_string());
        }
        let r = self.strategy.choose_within(&s.state, limits);
        Ok(SearchReport {
            best: r.best.to_string(),
            value: r.value,
            pv: texts(&r.pv),
            root: r
                .root
                .iter()
                .map(|(m, n, v)| (m.to_string(), *n, *v))
                .collect(),
            stats: r.stats,
        })
    }
    fn new_game(&mut self) {
        self.strategy.new_game()
    }
}

/// A value's kind and number: exact (+1/0/-1 and plies), score (centi-units) or expected
/// (in [-1, 1]).
pub fn value_parts(v: Option<Value>) -> (Option<&'static str>, Option<f64>, Option<u32>) {
    match v {
        None => (None, None, None),
        Some(Value::Exact { result, plies }) => {
            (Some("exact"), Some(f64::from(result)), Some(plies))
        }
        Some(Value::Score(s)) => (Some("score"), Some(f64::from(s)), None),
        Some(Value::Expected(e)) => (Some("expected"), Some(e), None),
    }
}
