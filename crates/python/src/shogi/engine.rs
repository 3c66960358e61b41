//! USI engines from Python: one engine process (`Engine`), and clocked matches between engines
//! or built-in strategies (`run_match`), on the same runner and with the same report as
//! `yomi arena shogi`.
//!
//! Contract: an `Engine` owns its child process group; `close()`, leaving a `with` block or
//! garbage collection kills the whole group, so no engine outlives the object. Engine and
//! strategy specs are the CLI's (`usi:PATH[,Option=Value...]`, `alphabeta:depth=4`).

use super::board::Board;
use crate::errors::{seconds, value_error};
use crate::report::MatchResult;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::Mutex;
use std::time::{Duration, Instant};
use yomi_arena::{MatchConfig, Openings};
use yomi_search::Value;
use yomi_shogi_match::{
    EngineSpec, PlayerSpec, Reply, ShogiMatchConfig, UsiEngine, position_command,
    run_shogi_match_until,
};

/// A running USI engine (a child process).
#[pyclass(module = "yomi.shogi", name = "Engine")]
pub struct Engine {
    engine: Mutex<Option<UsiEngine>>,
    name: String,
}

impl Engine {
    fn with<T>(&self, f: impl FnOnce(&mut UsiEngine) -> PyResult<T>) -> PyResult<T> {
        let mut guard = self.engine.lock().unwrap_or_else(|p| p.into_inner());
        let engine = guard
            .as_mut()
            .ok_or_else(|| PyRuntimeError::new_err("the engine was closed"))?;
        f(engine)
    }
}

#[pymethods]
impl Engine {
    /// Starts `spec` (`usi:PATH[,Name=Value...]`) and completes the handshake (`usi`, the
    /// options, `isready`) within `timeout` seconds.
    #[new]
    #[pyo3(signature = (spec, timeout = 10.0))]
    fn new(py: Python<'_>, spec: &str, timeout: f64) -> PyResult<Engine> {
        let spec: EngineSpec = spec.parse().map_err(value_error)?;
        let timeout = seconds("timeout", timeout)?;
        let engine = py
            .detach(|| UsiEngine::start(&spec, timeout))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        Ok(Engine {
            name: engine.name().to_string(),
            engine: Mutex::new(Some(engine)),
        })
    }

    /// The engine's `id name`.
    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    /// Sends one raw USI line.
    fn send(&self, line: &str) -> PyResult<()> {
        if line.contains('\n') {
            return Err(PyValueError::new_err("a USI line cannot contain a newline"));
        }
        self.with(|e| {
            e.send(line)
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))
        })
    }

    /// Asks for a move in `board`'s position (sent as `position ... moves ...` from where the
    /// board was set up) with the USI `go` command `go` (default `go byoyomi 1000`), waiting at
    /// most `seconds` (then `stop`, plus one second of grace). Returns a dict:
    /// `bestmove` (USI text, `"resign"`, `"win"`, or `None` when silent or crashed),
    /// `reply` (`"move"`, `"resign"`, `"win"`, `"silent"`, `"crashed"`), `score` (the last
    /// `score cp`, or `None`), `mate` (plies of the last `score mate`, negative when being
    /// mated, or `None`), `seconds`.
    #[pyo3(signature = (board, go = "go byoyomi 1000", seconds = 2.0))]
    fn think<'py>(
        &self,
        py: Python<'py>,
        board: &Board,
        go: &str,
        seconds: f64,
    ) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
        if !go.trim_start().starts_with("go") || go.contains('\n') {
            return Err(PyValueError::new_err(format!(
                "'{go}' is not a USI go command"
            )));
        }
        let wait = crate::errors::seconds("seconds", seconds)?;
        let position = position_command(&board.start_position(), &board.moves());
        let thought = py.detach(|| {
            self.with(|e| {
                let deadline = Instant::now() + wait;
                Ok(e.think(&position, go, deadline, Duration::from_secs(1)))
            })
        })?;
        let out = pyo3::types::PyDict::new(py);
        let (reply, best) = match &thought.reply {
            Reply::Move(m) => ("move", Some(m.clone())),
            Reply::Resign => ("resign", Some("resign".to_string())),
            Reply::Win => ("win", Some("win".to_string())),
            Reply::Silent => ("silent", None),
            Reply::Crashed => ("crashed", None),
        };
        out.set_item("bestmove", best)?;
        out.set_item("reply", reply)?;
        let (cp, mate) = match thought.score {
            Some(Value::Score(cp)) => (Some(cp), None),
            Some(Value::Exact { result, plies }) => (None, Some(result * plies as i32)),
            _ => (None, None),
        };
        out.set_item("score", cp)?;
        out.set_item("mate", mate)?;
        out.set_item("seconds", thought.elapsed.as_secs_f64())?;
        Ok(out)
    }

    /// Kills the engine's process group (idempotent).
    fn close(&self) {
        let mut guard = self.engine.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(mut e) = guard.take() {
            e.kill();
        }
    }

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __exit__(
        &self,
        _ty: &Bound<'_, PyAny>,
        _value: &Bound<'_, PyAny>,
        _tb: &Bound<'_, PyAny>,
    ) -> bool {
        self.close();
        false
    }

    fn __repr__(&self) -> String {
        format!("Engine(name={:?})", self.name)
    }
}

/// A clocked match between two players (USI engine specs or built-in strategy specs), as
/// `yomi arena shogi` plays it; returns its report (`.text` as the CLI prints it,
/// `.report` as its `--json`).
///
/// The clock is byoyomi `byoyomi` seconds (default 1) after `main_time` seconds, or Fischer
/// with `increment`, or `nodes_per_move` (the arguments of `yomi.arena.run_match`); `opening_plies` random plies start each pair; `sprt="elo0,elo1"`
/// stops early; `threads` pairs run at once (engines each take a core). Runs without the
/// GIL; Ctrl-C stops it once the pairs being played finish (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (a, b, games = 2, seed = 0, byoyomi = None, main_time = 0.0, increment = None, nodes_per_move = None, opening_plies = 0, max_plies = None, sprt = None, threads = 1, declaration = "27"))]
#[allow(clippy::too_many_arguments)]
pub fn run_match(
    py: Python<'_>,
    a: &str,
    b: &str,
    games: u32,
    seed: u64,
    byoyomi: Option<f64>,
    main_time: f64,
    increment: Option<f64>,
    nodes_per_move: Option<u64>,
    opening_plies: u32,
    max_plies: Option<u32>,
    sprt: Option<&str>,
    threads: u64,
    declaration: &str,
) -> PyResult<MatchResult> {
    if games == 0 || games > 1_000_000 {
        return Err(PyValueError::new_err(format!(
            "games={games} is out of range 1..=1000000"
        )));
    }
    let threads = yomi_core::limits::THREADS
        .check::<usize>(threads)
        .map_err(value_error)?;
    // Always a clock: byoyomi 1 s unless told otherwise, as `yomi arena shogi` does.
    let clock = crate::arena::matches::control(
        crate::errors::optional_seconds("byoyomi", byoyomi)?,
        Some(seconds("main_time", main_time)?),
        crate::errors::optional_seconds("increment", increment)?,
        nodes_per_move,
        Some(Duration::from_secs(1)),
    )?;
    let sprt = sprt.map(|s| s.parse()).transpose().map_err(value_error)?;
    let (pa, pb): (PlayerSpec, PlayerSpec) = (
        a.parse().map_err(value_error)?,
        b.parse().map_err(value_error)?,
    );
    let cfg = ShogiMatchConfig {
        arena: MatchConfig {
            threads,
            openings: Openings::Random {
                plies: opening_plies,
            },
            seed,
            sprt,
            max_plies,
            clock,
            ..MatchConfig::new(games)
        },
        declaration: declaration.parse().map_err(value_error)?,
        records: None,
        record_format: Default::default(),
        handshake: Duration::from_secs(10),
    };
    let report = crate::interrupt::run_stoppable(py, |stop| {
        run_shogi_match_until(&pa, &pb, &cfg, &|_| {}, stop)
    })?
    .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    MatchResult::new(py, &report)
}
