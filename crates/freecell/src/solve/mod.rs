//! Solvers: the fast complete mode (guided best-first over compound moves,
//! then best-first over all sequence moves, then an exhaustive exact search
//! that proves unsolvability) and the reproduction mode of the published
//! dataset method; plus shortening and replay verification.

mod bucket;
pub mod compound;
pub mod exhaust;
pub mod fast;
pub mod guided;
pub mod hash;
pub mod heuristic;
pub mod reproduce;
mod room;
pub mod shortcut;
pub mod shorten;

use crate::board::Board;
use crate::error::FreecellError;
use crate::moves::{Move, MoveMode, expand_to_atomic};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// How many states or expansions the unbounded stages (best-first with a
/// caller's node limit, the exhaustive proof) go between looks at their stop
/// flag: a few milliseconds of work.
const STOP_EVERY: usize = 4096;

/// One move of a solution; `auto` marks an automatic move to the foundation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The move.
    pub mv: Move,
    /// True for a move made automatically (to the foundation, see
    /// [`crate::autoplay`]).
    pub auto: bool,
}

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Found a solution (the moves from the start).
    Solved(Vec<Step>),
    /// Every reachable state was visited without a solution.
    Exhausted,
    /// The state limit was hit.
    Limit,
    /// The caller's stop flag was raised.
    Stopped,
}

/// The verdict on a deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// A verified solution exists.
    Solved,
    /// Proven unsolvable: the whole state space was searched.
    Unsolvable,
    /// A search limit was hit before a verdict.
    Intractable,
}

impl Verdict {
    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Solved => "solved",
            Verdict::Unsolvable => "unsolvable",
            Verdict::Intractable => "intractable",
        }
    }
}

/// Which solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SolverMode {
    /// Best-first with exhaustive fallback (complete).
    #[default]
    Fast,
    /// DFS under a raised cost bound, as in the published dataset method.
    Reproduce,
}

/// How hard to shorten a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Shorten {
    /// Keep the solution as found.
    None,
    /// Remove redundant moves.
    #[default]
    Redundant,
    /// Remove redundant moves, then search again under a decreasing move
    /// limit (binary search) for a shorter solution.
    Deep,
}

/// Everything a solve call can be told.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Which solver.
    pub solver: SolverMode,
    /// Moves reported in the solution (the fast search itself uses sequence
    /// moves; atomic solutions are their single-card decomposition).
    pub moves: MoveMode,
    /// Make moves to the foundation automatically (see [`crate::autoplay`]:
    /// the guided stages use the eager rule, the proving ones the safe rule).
    pub auto: bool,
    /// Run the guided stages (compound moves) before the complete ones;
    /// false leaves only best-first, greedy and exhaustive search.
    pub guided: bool,
    /// States stored by the best-first stage.
    pub node_limit: usize,
    /// Weight of the path length in the best-first priority, in tenths of
    /// the heuristic's unit: higher gives shorter solutions, lower is faster.
    pub g_weight: u32,
    /// Heuristic weights of the best-first stage.
    pub weights: heuristic::Weights,
    /// States visited by the exhaustive stage.
    pub exhaust_limit: usize,
    /// Shortening effort.
    pub shorten: Shorten,
    /// Reproduction-mode parameters.
    pub reproduce: reproduce::Params,
    /// Seed of the guided search's exploring pops: the same seed gives the
    /// same solutions.
    pub seed: u64,
    /// Fast mode with atomic moves only: the guided search runs with this
    /// many seeds (`seed`, `seed + 1`, ...) and the solution shortest in
    /// single-card moves is kept. The sequence search is blind to how many
    /// single cards a sequence move costs, so its solutions differ widely
    /// once decomposed (on deals 1..1000: mean 120.6 single-card moves for
    /// one seed, 108.5 for the best of 6), at that many times the time.
    pub atomic_tries: u32,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            solver: SolverMode::Fast,
            moves: MoveMode::Sequence,
            auto: true,
            guided: true,
            node_limit: 100_000,
            g_weight: 3,
            weights: heuristic::WEIGHTS,
            exhaust_limit: 30_000_000,
            shorten: Shorten::Redundant,
            reproduce: reproduce::Params::default(),
            seed: 0,
            atomic_tries: ATOMIC_TRIES,
        }
    }
}

/// Default of [`SolveOptions::atomic_tries`].
pub const ATOMIC_TRIES: u32 = 6;

/// The accepted range of [`SolveOptions::atomic_tries`] from a flag (each try
/// is a whole guided search, so a count is a multiple of the time).
pub const ATOMIC_TRIES_BOUNDS: yomi_core::Bounds = yomi_core::Bounds::new("tries", 1, 64);

/// The result of solving one board.
#[derive(Clone, Debug)]
pub struct SolveResult {
    /// Solved / unsolvable / intractable.
    pub verdict: Verdict,
    /// The verified solution (empty unless solved).
    pub steps: Vec<Step>,
    /// Length before shortening.
    pub raw_len: usize,
    /// States generated by all search stages.
    pub states: usize,
    /// Which stage decided: a guided stage's name (see
    /// [`heuristic::GUIDED_STAGES`]), "best-first", "greedy best-first",
    /// "exhaustive" or "reproduce".
    pub stage: &'static str,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// Solves `board`. A returned solution has been replayed from `board` and
/// reaches the solved position; a failed replay is reported as an error
/// (it would be a solver bug, never user input).
///
/// ```
/// use yomi_freecell::{Layout, Verdict, deal_board, solve, SolveOptions};
///
/// let board = deal_board(1, Layout::default()).unwrap();
/// let r = solve(&board, &SolveOptions::default()).unwrap();
/// assert_eq!(r.verdict, Verdict::Solved);
/// ```
pub fn solve(board: &Board, opts: &SolveOptions) -> Result<SolveResult, FreecellError> {
    solve_until(board, opts, &AtomicBool::new(false))
}

/// [`solve`], given up with [`FreecellError::Stopped`] soon after `stop`
/// is raised (from another thread: Ctrl-C in a caller, a deadline): the
/// stages whose size a caller sets (best-first, the exhaustive proof, the
/// deep shortening) look at the flag every few milliseconds, the others
/// (bounded guided stages, a reproduction try) between stages.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use yomi_freecell::{FreecellError, Layout, SolveOptions, deal_board, solve_until};
///
/// let board = deal_board(11982, Layout::default()).unwrap();
/// let stop = AtomicBool::new(true);
/// let r = solve_until(&board, &SolveOptions::default(), &stop);
/// assert_eq!(r.unwrap_err(), FreecellError::Stopped);
/// ```
pub fn solve_until(
    board: &Board,
    opts: &SolveOptions,
    stop: &AtomicBool,
) -> Result<SolveResult, FreecellError> {
    let t0 = Instant::now();
    let tries = match (opts.solver, opts.moves) {
        (SolverMode::Fast, MoveMode::Atomic) => opts.atomic_tries.max(1),
        _ => 1,
    };
    let mut best: Option<SolveResult> = None;
    let mut states = 0;
    for k in 0..tries {
        let o = SolveOptions {
            seed: opts.seed.wrapping_add(k as u64),
            ..*opts
        };
        if stop.load(Ordering::Relaxed) {
            return Err(FreecellError::Stopped);
        }
        let (outcome, n, stage) = match o.solver {
            SolverMode::Fast => fast_mode(board, &o, stop),
            SolverMode::Reproduce => {
                let (o, n) = reproduce::search(board, o.moves, o.auto, &o.reproduce);
                (o, n, "reproduce")
            }
        };
        states += n;
        let r = finish(board, &o, outcome, n, stage, t0, stop)?;
        // only the guided stages use the seed: another try of any other
        // stage would repeat this one
        let again = r.verdict == Verdict::Solved
            && heuristic::GUIDED_STAGES.iter().any(|g| g.name == r.stage);
        // (a later try that fails never replaces a solution)
        let shorter = best
            .as_ref()
            .is_none_or(|b| r.verdict == Verdict::Solved && r.steps.len() < b.steps.len());
        if shorter {
            best = Some(r);
        }
        if !again {
            break;
        }
    }
    let mut res = best.expect("at least one try");
    res.states = states;
    res.seconds = t0.elapsed().as_secs_f64();
    Ok(res)
}

/// The fast mode's stages: guided search over compound moves (restricted,
/// then full set), then best-first over all sequence moves, a greedier
/// best-first, and finally the exhaustive search that proves unsolvability.
fn fast_mode(
    board: &Board,
    opts: &SolveOptions,
    stop: &AtomicBool,
) -> (Outcome, usize, &'static str) {
    let mut spent = 0;
    if opts.guided {
        for stage in &heuristic::GUIDED_STAGES {
            if stop.load(Ordering::Relaxed) {
                return (Outcome::Stopped, spent, stage.name);
            }
            let p = guided::Guided {
                full: stage.full,
                g_weight: stage.g_weight,
                node_limit: stage.node_limit,
                weights: stage.weights,
                explore: stage.explore,
                seed: opts.seed,
            };
            let (o, n) = guided::search(board, opts.auto, p);
            spent += n;
            match o {
                Outcome::Solved(_) => return (o, spent, stage.name),
                // the full compound set includes every sequence move, so
                // best-first would only search the same space again: go
                // straight to the exact proof
                Outcome::Exhausted if stage.full => {
                    let (o, n) = prove(board, opts, stop);
                    return (o, spent + n, "exhaustive");
                }
                _ => {}
            }
        }
    }
    let (o, n, stage) = complete_stages(board, opts, stop);
    (o, spent + n, stage)
}

/// Best-first over all sequence moves, then greedier, then exhaustive.
fn complete_stages(
    board: &Board,
    opts: &SolveOptions,
    stop: &AtomicBool,
) -> (Outcome, usize, &'static str) {
    let p = fast::BestFirst {
        g_weight: opts.g_weight,
        node_limit: opts.node_limit,
        max_len: u16::MAX,
        weights: opts.weights,
    };
    let (o, n) = fast::search(board, MoveMode::Sequence, opts.auto, p, stop);
    match o {
        Outcome::Solved(_) | Outcome::Stopped => (o, n, "best-first"),
        Outcome::Exhausted => {
            // exhausted under hash identity: redo exactly for a proof
            let (o2, n2) = prove(board, opts, stop);
            (o2, n + n2, "exhaustive")
        }
        Outcome::Limit => {
            // a greedier pass with more room solves most of the rest
            let greedy = fast::BestFirst {
                g_weight: 1,
                node_limit: opts.node_limit * 5,
                ..p
            };
            let (o2, n2) = fast::search(board, MoveMode::Sequence, opts.auto, greedy, stop);
            match o2 {
                Outcome::Solved(_) | Outcome::Stopped => (o2, n + n2, "greedy best-first"),
                _ => {
                    let (o3, n3) = prove(board, opts, stop);
                    (o3, n + n2 + n3, "exhaustive")
                }
            }
        }
    }
}

/// The exhaustive exact search over sequence moves: the only stage whose
/// exhaustion proves a deal unsolvable.
fn prove(board: &Board, opts: &SolveOptions, stop: &AtomicBool) -> (Outcome, usize) {
    exhaust::search(
        board,
        MoveMode::Sequence,
        opts.auto,
        opts.exhaust_limit,
        stop,
    )
}

/// Shortens, converts and verifies a search outcome.
fn finish(
    board: &Board,
    opts: &SolveOptions,
    outcome: Outcome,
    states: usize,
    stage: &'static str,
    t0: Instant,
    stop: &AtomicBool,
) -> Result<SolveResult, FreecellError> {
    let mut res = SolveResult {
        verdict: Verdict::Intractable,
        steps: Vec::new(),
        raw_len: 0,
        states,
        stage,
        seconds: 0.0,
    };
    match outcome {
        Outcome::Solved(steps) => {
            res.raw_len = steps.len();
            let mut steps = steps;
            if opts.shorten != Shorten::None {
                steps = shorten::remove_redundant(board, &steps);
                if steps.len() > SHORTCUT_ABOVE {
                    steps = shortcut::shortcut(board, &steps, opts.auto, 2_000);
                    steps = shorten::remove_redundant(board, &steps);
                }
            }
            if opts.shorten == Shorten::Deep && opts.solver == SolverMode::Fast {
                steps = deepen(board, steps, opts, stop)?;
            }
            if opts.moves == MoveMode::Atomic {
                steps = to_atomic(board, &steps)?;
                if opts.shorten != Shorten::None {
                    steps = shorten::remove_redundant(board, &steps);
                }
            }
            let end =
                shorten::replay(board, &steps).map_err(|(i, e)| FreecellError::IllegalMove {
                    mv: format!("step {}", i + 1),
                    why: format!("solver bug, solution does not replay: {e}"),
                })?;
            if !end.is_solved() {
                return Err(FreecellError::IllegalMove {
                    mv: "end".into(),
                    why: "solver bug: solution does not reach the solved board".into(),
                });
            }
            res.verdict = Verdict::Solved;
            res.steps = steps;
        }
        Outcome::Exhausted => res.verdict = Verdict::Unsolvable,
        Outcome::Limit => res.verdict = Verdict::Intractable,
        Outcome::Stopped => return Err(FreecellError::Stopped),
    }
    res.seconds = t0.elapsed().as_secs_f64();
    Ok(res)
}

/// Solutions longer than this (typically from the exhaustive stage) get the
/// shortcut pass as part of ordinary shortening.
const SHORTCUT_ABOVE: usize = 150;

/// Binary search on the move limit: a bounded best-first search that must
/// beat the current length; the shortest verified solution found is kept.
fn deepen(
    board: &Board,
    mut best: Vec<Step>,
    opts: &SolveOptions,
    stop: &AtomicBool,
) -> Result<Vec<Step>, FreecellError> {
    let mut lo = 52usize;
    let mut hi = best.len();
    while lo < hi {
        let mid = (lo + hi) / 2;
        let p = fast::BestFirst {
            g_weight: 10,
            node_limit: opts.node_limit,
            max_len: mid as u16,
            weights: opts.weights,
        };
        match fast::search(board, MoveMode::Sequence, opts.auto, p, stop).0 {
            Outcome::Solved(s) => {
                let s = shorten::remove_redundant(board, &s);
                if s.len() < best.len() {
                    hi = s.len();
                    best = s;
                } else {
                    hi = mid;
                }
            }
            Outcome::Stopped => return Err(FreecellError::Stopped),
            _ => lo = mid + 1,
        }
    }
    Ok(best)
}

/// Splits every sequence move into single-card moves.
pub fn to_atomic(board: &Board, steps: &[Step]) -> Result<Vec<Step>, FreecellError> {
    let mut b = board.clone();
    let mut out = Vec::with_capacity(steps.len() * 2);
    let mut buf = Vec::new();
    for s in steps {
        buf.clear();
        expand_to_atomic(&mut b, s.mv, &mut buf)?;
        out.extend(buf.iter().map(|&mv| Step { mv, auto: s.auto }));
    }
    Ok(out)
}
