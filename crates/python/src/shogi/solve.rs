//! The engine's static evaluation and the df-pn mate solver, for boards.
//!
//! Contract: `evaluate` scores from the side to move's view in centipawns with one of the
//! hand-written evaluations (`Control`, the engine's default, `Classic`, `Material`); `mate`
//! runs `Dfpn::solve` off the GIL, stoppable by Ctrl-C, and reports the library's verdict.

use super::board::{Board, board_from_text};
use crate::errors::value_error;
use crate::interrupt::run_stoppable;
use pyo3::prelude::*;
use yomi_shogi_engine::eval::{Classic, ControlEval, Evaluation, Evaluator, Material};
use yomi_shogi_engine::mate::{Dfpn, DfpnOptions, MateOutcome};

/// The static evaluation of `board` in centipawns for the side to move.
#[pyfunction]
#[pyo3(signature = (board, evaluation = "Control"))]
pub fn evaluate(board: &Board, evaluation: &str) -> PyResult<i32> {
    let choice = Evaluation::parse_hand_written(evaluation).map_err(value_error)?;
    let mut eval: Box<dyn Evaluator> = match choice {
        Evaluation::Classic => Box::new(Classic),
        Evaluation::Material => Box::new(Material),
        _ => Box::new(ControlEval::default()),
    };
    Ok(eval.evaluate(&board.pos))
}

/// What a mate search found.
#[pyclass(module = "yomi.shogi", name = "MateResult", frozen, get_all)]
pub struct MateResult {
    /// `"mate"`, `"nomate"` or `"unknown"` (budget, time limit or Ctrl-C ran out first).
    pub outcome: &'static str,
    /// The mating line in USI (attacker and defender moves), empty unless `outcome == "mate"`.
    pub moves: Vec<String>,
    /// True when the line was proved to be the shortest mate.
    pub shortest: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds taken.
    pub seconds: f64,
}

#[pymethods]
impl MateResult {
    fn __repr__(&self) -> String {
        format!(
            "MateResult(outcome='{}', moves={:?}, shortest={}, nodes={}, seconds={:.3})",
            self.outcome,
            self.moves,
            if self.shortest { "True" } else { "False" },
            self.nodes,
            self.seconds
        )
    }
}

/// Looks for a forced mate by continuous checks for the side to move (df-pn).
///
/// `board` is a `Board` or an SFEN. `shortest=False` returns the first proof's line (faster,
/// maybe longer); `max_nodes` and `seconds` bound the work; `table_mb` sizes the table.
#[pyfunction]
#[pyo3(signature = (board, max_nodes = 10_000_000, seconds = None, shortest = true, table_mb = 64))]
pub fn mate(
    py: Python<'_>,
    board: &Bound<'_, PyAny>,
    max_nodes: u64,
    seconds: Option<f64>,
    shortest: bool,
    table_mb: u64,
) -> PyResult<MateResult> {
    let pos = if let Ok(b) = board.cast::<Board>() {
        b.borrow().pos.clone()
    } else {
        board_from_text(&board.extract::<String>()?)?.pos
    };
    let time_limit = crate::errors::optional_seconds("seconds", seconds)?;
    let table_mb = yomi_core::limits::TABLE_MB
        .check::<usize>(table_mb)
        .map_err(value_error)?;
    let opts = DfpnOptions {
        max_nodes,
        time_limit,
        table_mb,
        shortest,
    };
    run_stoppable(py, move |stop| {
        let mut solver = Dfpn::new(opts);
        let report = solver.solve(&pos, stop);
        let (outcome, moves) = match report.outcome {
            MateOutcome::Mate(line) => ("mate", line.iter().map(|m| m.to_string()).collect()),
            MateOutcome::NoMate => ("nomate", Vec::new()),
            MateOutcome::Unknown => ("unknown", Vec::new()),
        };
        MateResult {
            outcome,
            moves,
            shortest: solver.proven_shortest(),
            nodes: report.nodes,
            seconds: report.time.as_secs_f64(),
        }
    })
}

/// Leaf count of the legal move tree `depth` plies deep from an SFEN or `Board`.
#[pyfunction]
pub fn perft(py: Python<'_>, board: &Bound<'_, PyAny>, depth: u32) -> PyResult<u64> {
    let b = if let Ok(b) = board.cast::<Board>() {
        b.borrow().clone()
    } else {
        board_from_text(&board.extract::<String>()?)?
    };
    b.perft_count(py, depth)
}
