//! Mate search: mate in one, and a df-pn solver for tsume.
//!
//! Contract: [`mate_in_one`] is exact under the rules core (a mate by pawn
//! drop is illegal and never returned). [`Dfpn::solve`] looks for a forced
//! mate where every attacker move is a check and the defender may play any
//! legal move; a repetition counts against the attacker. It answers
//! [`MateOutcome::Mate`] only with a line it has replayed and found legal,
//! all checks, and ending in checkmate. With [`DfpnOptions::shortest`] (the
//! default), depth-limited re-searches then bring the line down to the mate
//! length under minimax (the attacker mating as fast as it can, the defender
//! resisting as long as it can, interpositions counted) unless the budget
//! runs out ([`Dfpn::proven_shortest`] says which); without it the line is
//! read from the first proof as it is. [`MateOutcome::NoMate`]
//! means the search space was exhausted (the usual df-pn caveat applies:
//! repetition-dependent disproofs are never cached, but a disproof found
//! through the table could in rare cases depend on the path);
//! [`MateOutcome::Unknown`] means the budget, time or stop flag ended it.

mod cover;
mod line;
mod near;
mod one;
mod proof;
mod search;
mod table;

pub use line::verify_mate_line;
pub(crate) use near::quick_mate;
pub use one::mate_in_one;

use search::Searcher;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use table::{INF, Table};
use yomi_shogi::{Move, Position};

/// Budget and memory of a df-pn search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DfpnOptions {
    /// Nodes (expansions plus one-ply looks) before giving up.
    pub max_nodes: u64,
    /// Wall-clock limit, if any.
    pub time_limit: Option<Duration>,
    /// Transposition table size in megabytes.
    pub table_mb: usize,
    /// After the first proof, prove the mate length minimal (depth-limited
    /// re-searches) and return a line of exactly that length; off: return the
    /// first proof's line, which may be longer (what other df-pn solvers do).
    pub shortest: bool,
}

impl Default for DfpnOptions {
    fn default() -> Self {
        DfpnOptions {
            max_nodes: 10_000_000,
            time_limit: None,
            table_mb: 64,
            shortest: true,
        }
    }
}

/// What a mate search concluded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateOutcome {
    /// A forced mate: the attacker's and defender's moves, ending in checkmate.
    Mate(Vec<Move>),
    /// No forced mate by continuous checks.
    NoMate,
    /// Neither found before the budget, the time limit or the stop flag.
    Unknown,
}

/// A mate search's answer with its cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateReport {
    /// The conclusion.
    pub outcome: MateOutcome,
    /// Nodes searched, in all.
    pub nodes: u64,
    /// Wall-clock time taken, in all.
    pub time: Duration,
    /// Nodes until the first proof or disproof (the rest went into proving
    /// the mate length minimal and reading the line).
    pub proof_nodes: u64,
    /// Wall-clock time until the first proof or disproof.
    pub proof_time: Duration,
}

/// A df-pn mate solver with its transposition table (kept between solves:
/// what it proved about a position stays true).
pub struct Dfpn {
    opts: DfpnOptions,
    table: Table,
    shortest: bool,
}

impl Dfpn {
    /// A solver with a freshly allocated table of `opts.table_mb` megabytes.
    pub fn new(opts: DfpnOptions) -> Self {
        let table = Table::new(opts.table_mb);
        Dfpn {
            opts,
            table,
            shortest: false,
        }
    }

    /// Forgets everything in the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// True when the last [`Dfpn::solve`] found a mate and proved that no
    /// shorter one exists (a mate one attacker move shorter was disproved).
    pub fn proven_shortest(&self) -> bool {
        self.shortest
    }

    /// Searches for a forced mate by the side to move in `pos`.
    pub fn solve(&mut self, pos: &Position, stop: &AtomicBool) -> MateReport {
        let start = Instant::now();
        let deadline = self.opts.time_limit.map(|t| start + t);
        self.shortest = false;
        let mut s = Searcher::new(
            &mut self.table,
            pos.clone(),
            self.opts.max_nodes,
            deadline,
            stop,
        );
        let r = s.mid(true, INF, INF, None);
        let (proof_nodes, proof_time) = (s.nodes, start.elapsed());
        let outcome = if r.pn == 0 {
            // The first proof's line, read before the minimisation spends the
            // budget: it stays the answer when the minimisation cannot finish.
            s.pos = pos.clone();
            let first = line::extract(&mut s, None, false);
            let line = if self.opts.shortest {
                let (line, shortest) = mating_line(&mut s, pos, r.len);
                self.shortest = shortest;
                line.or(first)
            } else {
                first
            };
            line.map_or(MateOutcome::Unknown, MateOutcome::Mate)
        } else if r.dn == 0 && !s.capped {
            MateOutcome::NoMate
        } else {
            MateOutcome::Unknown
        };
        MateReport {
            outcome,
            nodes: s.nodes,
            time: start.elapsed(),
            proof_nodes,
            proof_time,
        }
    }
}

/// The mating line of a proven root whose proof tree is `bound` plies deep,
/// and whether it is proved shortest. Depth-limited searches bring the
/// limit down until a shorter mate is disproved or the budget ends: each
/// proof's own depth, less two, is the next limit (a proof found under a
/// loose limit is often much shorter than it). The line is read at the
/// smallest proven limit; when that limit is above the proof's depth (the
/// exact mate length once the next limit is disproved), the exact length is
/// proved once more so the line is read at it. None when no line could be
/// read (the caller keeps the first proof's).
fn mating_line(s: &mut Searcher<'_>, root: &Position, bound: u16) -> (Option<Vec<Move>>, bool) {
    // (the limit searched, the depth of the proof found under it)
    let mut proven: Option<(u16, u16)> = None;
    let mut shortest = false;
    let mut limit = bound;
    while limit >= 1 {
        s.pos = root.clone();
        let r = s.mid(true, INF, INF, Some(limit));
        if r.pn == 0 {
            let len = r.len.min(limit);
            proven = Some((limit, len));
            if len < 3 {
                shortest = true;
                break;
            }
            limit = len - 2;
        } else {
            shortest = r.dn == 0 && proven.is_some();
            break;
        }
    }
    if let Some((at, len)) = proven.filter(|&(at, len)| shortest && at > len) {
        s.pos = root.clone();
        let r = s.mid(true, INF, INF, Some(len));
        if r.pn == 0 {
            proven = Some((len, len));
        } else {
            // The budget ended: the length is known, but the line is read at the looser limit.
            shortest = false;
            proven = Some((at, len));
        }
    }
    let proven = proven.map(|(at, _)| at);
    s.pos = root.clone();
    let line = proven.and_then(|l| line::extract(s, Some(l), shortest));
    let shortest = shortest && line.is_some();
    (line, shortest)
}
