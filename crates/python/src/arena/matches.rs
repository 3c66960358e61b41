//! Matches between two strategy specs on a built-in game: the runner and report of `yomi arena`.
//!
//! Contract: `run_match` builds the same `MatchConfig` the CLI builds from the same options and
//! plays it with `run_clocked_match_until` off the GIL (Ctrl-C stops it: no new pair starts and
//! `KeyboardInterrupt` is raised), so the same seed gives the same counts and Elo as the CLI.
//! The report is the CLI's JSON object as a dict and its text (`--json` / plain output).

use crate::errors::value_error;
use crate::interrupt::run_stoppable;
use crate::report::MatchResult;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::path::PathBuf;
use std::time::Duration;
use yomi_arena::{
    ArenaError, ClockOptions, ClockedReport, JournalError, MatchConfig, MatchJournal, Openings,
    ResignRule, SprtConfig, TimeControl, run_clocked_match_until, spec_factory,
};
use yomi_games::{GameKind, with_game};
use yomi_search::StrategySpec;

/// The time control, as the CLI's `--byoyomi`/`--main-time`/`--inc`/`--nodes-per-move` give it
/// (`ClockOptions::control`). A match that always has a clock (a shogi match with engines) passes
/// its `default_byoyomi`: without byoyomi, increment and nodes it gets that byoyomi after the
/// main time; another gets one only when given a main time (byoyomi zero).
pub(crate) fn control(
    byoyomi: Option<Duration>,
    main_time: Option<Duration>,
    increment: Option<Duration>,
    nodes_per_move: Option<u64>,
    default_byoyomi: Option<Duration>,
) -> PyResult<Option<TimeControl>> {
    let options = ClockOptions {
        byoyomi,
        main_time,
        increment,
        nodes_per_move,
    };
    options
        .control(default_byoyomi.is_some(), default_byoyomi)
        .map_err(value_error)
}

/// A match's error: the user's input is a `ValueError`; failing to use the journal file or
/// to start threads is a `RuntimeError`.
fn arena_error(e: ArenaError) -> PyErr {
    match e {
        ArenaError::Journal(JournalError::Io { .. })
        | ArenaError::ThreadPool { .. }
        | ArenaError::Stopped => PyRuntimeError::new_err(e.to_string()),
        e => value_error(e),
    }
}

/// Plays `games` games (rounded up to even: seat-swapped pairs on one opening) of spec `a`
/// against spec `b` on `game` and reports from A's side, as `yomi arena` does with the same
/// options. `openings` (opening lines, one per pair in turn) replaces `opening_plies` random
/// plies; `sprt` is `"elo0,elo1[,alpha,beta[,model]]"`; `byoyomi`, `main_time`, `increment`
/// and `time_margin` are seconds; `resign` is `"MOVES,CP"`; `journal` records every pair so a
/// rerun with the same settings continues the match. Runs off the GIL; Ctrl-C stops it.
#[pyfunction]
#[pyo3(signature = (game, a, b, games = 100, seed = 1, opening_plies = 2, openings = None,
    threads = 0, sprt = None, max_plies = None, byoyomi = None, main_time = None,
    increment = None, nodes_per_move = None, time_margin = None, resign = None, journal = None))]
#[allow(clippy::too_many_arguments)]
pub fn run_match(
    py: Python<'_>,
    game: &str,
    a: &str,
    b: &str,
    games: u32,
    seed: u64,
    opening_plies: u32,
    openings: Option<Vec<String>>,
    threads: u64,
    sprt: Option<&str>,
    max_plies: Option<u32>,
    byoyomi: Option<f64>,
    main_time: Option<f64>,
    increment: Option<f64>,
    nodes_per_move: Option<u64>,
    time_margin: Option<f64>,
    resign: Option<&str>,
    journal: Option<PathBuf>,
) -> PyResult<MatchResult> {
    let kind: GameKind = game.parse().map_err(value_error)?;
    let (spec_a, spec_b) = (
        StrategySpec::parse(a).map_err(value_error)?,
        StrategySpec::parse(b).map_err(value_error)?,
    );
    if games == 0 {
        return Err(PyValueError::new_err("games must be at least 1"));
    }
    let cfg = MatchConfig {
        games,
        threads: yomi_core::limits::THREADS
            .check::<usize>(threads)
            .map_err(value_error)?,
        openings: match openings {
            Some(list) => Openings::List(list),
            None => Openings::Random {
                plies: opening_plies,
            },
        },
        seed,
        sprt: sprt
            .map(str::parse::<SprtConfig>)
            .transpose()
            .map_err(value_error)?,
        max_plies,
        clock: control(
            crate::errors::optional_seconds("byoyomi", byoyomi)?,
            crate::errors::optional_seconds("main_time", main_time)?,
            crate::errors::optional_seconds("increment", increment)?,
            nodes_per_move,
            None,
        )?,
        tolerance: crate::errors::optional_seconds("time_margin", time_margin)?
            .unwrap_or(Duration::ZERO),
        resign: resign
            .map(str::parse::<ResignRule>)
            .transpose()
            .map_err(value_error)?,
        journal: journal.map(|path| MatchJournal {
            path,
            players: [a.to_string(), b.to_string()],
        }),
    };
    let report: ClockedReport = with_game!(kind, G => {
        let fa = spec_factory::<G>(&spec_a).map_err(value_error)?;
        let fb = spec_factory::<G>(&spec_b).map_err(value_error)?;
        run_stoppable(py, |stop| run_clocked_match_until(&fa, &fb, &cfg, &|_| {}, stop))?
    })
    .map_err(arena_error)?;
    // What the CLI prints: the clocked report only when a clock or resign rule was on.
    if cfg.clock.is_some() || cfg.resign.is_some() {
        MatchResult::new(py, &report)
    } else {
        MatchResult::new(py, &report.report)
    }
}
