//! The built-in bots as players (`yomi_xmasrush::player::Player`, specs as `yomi xmasrush
//! play --a/--b` takes them), and whole games through the library's referee
//! (`referee::play_game`).
//!
//! Contract: a `Bot` reads the same protocol text an external bot would (its reader keeps
//! what the text does not repeat), so it must be asked once per game turn, in order, from a
//! game's first turn; `reset()` starts it over for a new game. `play_game` seeds the players
//! as the CLI does (player 0 with `seed`, player 1 with `seed ^ 1`).

use super::env::Env;
use crate::errors::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Mutex;
use std::time::Duration;
use yomi_xmasrush::League;
use yomi_xmasrush::player::Player;
use yomi_xmasrush::referee::{self, RefereeOptions, TimeLimits};

/// Longest time budget accepted, in milliseconds (one minute a turn).
const MAX_BUDGET_MS: u64 = 60_000;

fn budget(ms: u64) -> PyResult<Duration> {
    if ms > MAX_BUDGET_MS {
        return Err(PyValueError::new_err(format!(
            "time_ms={ms} is more than {MAX_BUDGET_MS} ms"
        )));
    }
    Ok(Duration::from_millis(ms))
}

/// A built-in bot (`random`, `greedy`, `mcts:time=40ms`, ...; `cmd:PROGRAM` runs a program).
#[pyclass(module = "yomi.xmasrush", name = "Bot", frozen)]
pub struct Bot {
    player: Mutex<Player>,
    spec: String,
    seed: u64,
    league: League,
}

#[pymethods]
impl Bot {
    /// The bot of strategy spec `spec` (see `STRATEGIES`), seeded with `seed`, for `league`.
    /// Raises `ValueError` with the library's message for a bad spec.
    #[new]
    #[pyo3(signature = (spec, seed = 0, league = "legend"))]
    fn new(spec: &str, seed: u64, league: &str) -> PyResult<Bot> {
        let league = super::league(league)?;
        let player = Player::from_spec(spec, seed, league).map_err(value_error)?;
        Ok(Bot {
            player: Mutex::new(player),
            spec: spec.to_string(),
            seed,
            league,
        })
    }

    /// The bot's answer for seat `player` of `env` this turn, as a protocol line, searching
    /// for at most `time_ms` (built-in bots use it as their budget). Raises `ValueError`
    /// when the bot fails (the referee would disqualify it) or the game is over.
    #[pyo3(signature = (env, player, time_ms = 50))]
    fn act(&self, py: Python<'_>, env: &Env, player: usize, time_ms: u64) -> PyResult<String> {
        if env.state.over {
            return Err(PyValueError::new_err("the game is over"));
        }
        let input = env.inputs[crate::errors::seat(player)?].clone();
        let (push, limit) = (env.state.push_turn(), budget(time_ms)?);
        let mut guard = self.player.lock().unwrap_or_else(|e| e.into_inner());
        let p = &mut *guard;
        let answer = py.detach(move || p.answer(&input, push, limit));
        answer.map(|(a, _)| a.to_string()).map_err(value_error)
    }

    /// Starts the bot over for a new game (same spec, same seed).
    fn reset(&self) -> PyResult<()> {
        let fresh = Player::from_spec(&self.spec, self.seed, self.league).map_err(value_error)?;
        *self.player.lock().unwrap_or_else(|e| e.into_inner()) = fresh;
        Ok(())
    }

    /// The strategy spec.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    fn __repr__(&self) -> String {
        format!("Bot('{}', seed={})", self.spec, self.seed)
    }
}

/// The result of a refereed game.
#[pyclass(module = "yomi.xmasrush", name = "GameResult", frozen, get_all)]
pub struct GameResult {
    /// Final scores (-1 for a disqualified player).
    pub scores: [i32; 2],
    /// Game turns played.
    pub turns: u8,
    /// Why it ended: `MaxTurns`, `Deadlock`, `AllQuests` or `Disqualified`.
    pub reason: String,
    /// Why each player was disqualified, if it was.
    pub disqualified: [Option<String>; 2],
    /// 1, 0.5 or 0 for player 0.
    pub points0: f64,
}

#[pymethods]
impl GameResult {
    fn __repr__(&self) -> String {
        format!(
            "GameResult(scores={:?}, turns={}, reason='{}')",
            self.scores, self.turns, self.reason
        )
    }
}

/// One game through the library's referee, as `yomi xmasrush play --a A --b B --seed SEED`:
/// player 0 is `a` seeded with `seed`, player 1 is `b` seeded with `seed ^ 1`; `turn_ms` is
/// the built-in bots' budget (and external programs' limit after the first answer, which
/// gets `first_ms`). Every rule is checked each turn.
#[pyfunction]
#[pyo3(signature = (a, b, seed = 0, league = "legend", turn_ms = 50, first_ms = 1000))]
pub fn play_game(
    py: Python<'_>,
    a: &str,
    b: &str,
    seed: i64,
    league: &str,
    turn_ms: u64,
    first_ms: u64,
) -> PyResult<GameResult> {
    let league = super::league(league)?;
    let limits = TimeLimits {
        first: budget(first_ms)?,
        turn: budget(turn_ms)?,
    };
    let mut players = [
        Player::from_spec(a, seed as u64, league).map_err(value_error)?,
        Player::from_spec(b, seed as u64 ^ 1, league).map_err(value_error)?,
    ];
    let options = RefereeOptions {
        league,
        limits,
        check_invariants: true,
        record: false,
    };
    let names = [a.to_string(), b.to_string()];
    let (r, _) = py
        .detach(move || referee::play_game(&mut players, names, seed, options))
        .map_err(value_error)?;
    Ok(GameResult {
        scores: r.scores,
        turns: r.turns,
        reason: format!("{:?}", r.reason),
        points0: r.points0(),
        disqualified: r.disqualified,
    })
}
