//! The state of one running alpha-beta search: the position, the game-plus-
//! search path (for repetitions and continuation history), node counting and
//! the stop conditions, killers and the principal variation.
//!
//! Contract: [`Worker::play`] and [`Worker::unplay`] keep the position and
//! the path in step; [`Worker::repetition`] judges a repetition on the path
//! (draw, or a perpetual-check win or loss) and records how far up it
//! reached in `rep_dep` (see `node.rs` for why the table needs it).

use crate::params::DRAW_SCORE;
use crate::score::{INFINITE, MAX_PLY, PERPETUAL, from_tt};
use crate::search::history::{NO_PIECE_TO, piece_to};
use crate::search::{Control, Limits, Nodes, ThreadState};
use crate::tt::{Bound, TranspositionTable, TtEntry};
use yomi_shogi::{Move, Piece, Position};

/// What a node is expected to be, for how hard its late moves are reduced:
/// on the principal variation, failing high (cut), or failing low (all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// On the principal variation (open window).
    Pv,
    /// A null-window node expected to fail high.
    Cut,
    /// A null-window node expected to fail low.
    All,
}

impl NodeKind {
    /// The kind of this node's null-window children searched at full
    /// depth: cut and all nodes alternate as in a minimal tree, and a PV
    /// node's null-window children are expected to fail high.
    #[inline(always)]
    pub fn child(self) -> NodeKind {
        match self {
            NodeKind::Cut => NodeKind::All,
            NodeKind::Pv | NodeKind::All => NodeKind::Cut,
        }
    }
}

/// How far back (in plies) repetitions are looked for.
const REPETITION_WINDOW: usize = 32;

/// One position on the game-plus-search path.
#[derive(Clone, Copy, Debug)]
pub(super) struct PathEntry {
    pub key: u64,
    pub in_check: bool,
    /// Plies since the last null move (repetitions never look past one).
    pub since_null: u16,
    /// The move that led here as a continuation-history index
    /// ([`piece_to`]); [`NO_PIECE_TO`] for a null move or a game position.
    pub pt: u16,
}

/// The state of one running search.
pub(super) struct Worker<'a> {
    pub s: &'a mut ThreadState,
    /// The table every search thread shares.
    pub tt: &'a TranspositionTable,
    /// How this thread's node count meets the other threads'.
    pub shared_nodes: Nodes<'a>,
    pub pos: Position,
    pub path: Vec<PathEntry>,
    pub root_index: usize,
    pub control: &'a Control,
    pub node_limit: u64,
    pub hard_ms: Option<u64>,
    /// Limits other than `stop` apply only once depth 1 is complete.
    pub limits_armed: bool,
    pub nodes: u64,
    pub seldepth: usize,
    pub aborted: bool,
    pub root_depth: i32,
    pub killers: [[Move; 2]; MAX_PLY + 2],
    pub pv: Box<[[Move; MAX_PLY + 1]; MAX_PLY + 1]>,
    pub pv_len: [usize; MAX_PLY + 1],
    pub moves: Vec<(Move, i32)>,
    pub rep_dep: usize,
    /// Static evaluation by ply (`-INFINITE` where in check), for `improving`.
    pub evals: [i32; MAX_PLY + 2],
}

impl<'a> Worker<'a> {
    pub fn new(
        s: &'a mut ThreadState,
        tt: &'a TranspositionTable,
        shared_nodes: Nodes<'a>,
        pos: Position,
        earlier: &[(u64, bool)],
        control: &'a Control,
        limits: &Limits,
    ) -> Worker<'a> {
        let mut path: Vec<PathEntry> = Vec::with_capacity(earlier.len() + MAX_PLY + 2);
        for (i, &(key, in_check)) in earlier.iter().enumerate() {
            path.push(PathEntry {
                key,
                in_check,
                since_null: i.min(u16::MAX as usize) as u16,
                pt: NO_PIECE_TO,
            });
        }
        let root_index = path.len();
        path.push(PathEntry {
            key: pos.key(),
            in_check: pos.in_check(),
            since_null: root_index.min(u16::MAX as usize) as u16,
            pt: NO_PIECE_TO,
        });
        Worker {
            s,
            tt,
            shared_nodes,
            pos,
            path,
            root_index,
            control,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            hard_ms: limits.time.map(|t| t.hard_ms),
            limits_armed: false,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            root_depth: 1,
            killers: [[Move::NONE; 2]; MAX_PLY + 2],
            pv: Box::new([[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1]),
            pv_len: [0; MAX_PLY + 1],
            moves: Vec::with_capacity(16_384),
            rep_dep: usize::MAX,
            evals: [-INFINITE; MAX_PLY + 2],
        }
    }

    /// Nodes of this search: this thread's and, for the main thread, the
    /// helpers' (as they last added them).
    pub fn total_nodes(&self) -> u64 {
        let others = self.shared_nodes.others;
        self.nodes + others.map_or(0, |n| n.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Counts a node and polls the stop conditions every 256 nodes.
    #[inline(always)]
    pub(super) fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 255 != 0 {
            return self.aborted;
        }
        if let Some(total) = self.shared_nodes.add_to {
            total.fetch_add(256, std::sync::atomic::Ordering::Relaxed);
        }
        if !self.aborted {
            if self.control.is_stopped() {
                self.aborted = true;
            } else if self.limits_armed {
                if self.total_nodes() >= self.node_limit {
                    self.aborted = true;
                } else if let (Some(hard), Some(clock)) = (self.hard_ms, self.control.clock_ms()) {
                    self.aborted = clock >= hard;
                }
            }
        }
        self.aborted
    }

    /// Plays `m` and records the new position on the path.
    #[inline]
    pub fn play(&mut self, m: Move, gives_check: bool) -> Piece {
        let since = self
            .path
            .last()
            .map_or(0, |e| e.since_null.saturating_add(1));
        let pt = piece_to(&self.pos, m);
        let captured = self.pos.do_move(m);
        self.tt.prefetch(self.pos.key());
        self.s.eval.played(&self.pos, m, captured);
        self.path.push(PathEntry {
            key: self.pos.key(),
            in_check: gives_check,
            since_null: since,
            pt,
        });
        captured
    }

    /// Takes back `m`.
    #[inline]
    pub fn unplay(&mut self, m: Move, captured: Piece) {
        self.path.pop();
        self.pos.undo_move(m, captured);
        self.s.eval.unplayed();
    }

    /// The repetition verdict for the position at path index `idx`, from
    /// its side to move's view: a draw, or a perpetual-check win or loss.
    /// Records the earlier occurrence in `rep_dep`.
    #[inline]
    pub(super) fn repetition(&mut self, idx: usize) -> Option<i32> {
        let now = self.path[idx];
        let reach = (now.since_null as usize).min(REPETITION_WINDOW).min(idx);
        let mut back = 4;
        while back <= reach {
            let i = idx - back;
            if self.path[i].key == now.key {
                self.rep_dep = self.rep_dep.min(i);
                // Positions i+2, i+4, .., idx have our side to move: the
                // opponent's moves of the cycle led to them.
                let they_checked = (i + 2..=idx).step_by(2).all(|j| self.path[j].in_check);
                let we_checked = (i + 1..idx).step_by(2).all(|j| self.path[j].in_check);
                return Some(match (they_checked, we_checked) {
                    (true, false) => PERPETUAL,
                    (false, true) => -PERPETUAL,
                    _ => DRAW_SCORE,
                });
            }
            back += 2;
        }
        None
    }

    /// The continuation-history keys of the moves one, two and four plies
    /// before the position at path index `idx`.
    #[inline(always)]
    pub(super) fn prev_moves(&self, idx: usize) -> [u16; 3] {
        let back = |n: usize| {
            if idx >= n {
                self.path[idx - n].pt
            } else {
                NO_PIECE_TO
            }
        };
        [self.path[idx].pt, back(1), back(3)]
    }

    pub(super) fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = m;
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// The score at the ply limit, where the search stops: the static
    /// evaluation, or 0 in check (no static evaluation there).
    pub(super) fn ply_limit_eval(&mut self, in_check: bool) -> i32 {
        if in_check {
            0
        } else {
            self.s.eval.evaluate(&self.pos)
        }
    }
}

/// The score a table entry settles for the window (`alpha`, `beta`) at
/// `ply`: exact, or a bound on the side of the window it proves.
#[inline]
pub(super) fn table_cutoff(e: &TtEntry, ply: usize, alpha: i32, beta: i32) -> Option<i32> {
    let s = from_tt(e.score, ply);
    let fits = match e.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
        Bound::None => false,
    };
    fits.then_some(s)
}
