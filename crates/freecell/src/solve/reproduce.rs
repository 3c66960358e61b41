//! Reproduction of the published dataset method: depth-first search under a
//! cost bound.
//!
//! cost = a0·T + a1·N + a2·B + a3·M with T the moves made so far, N the cards
//! not on the foundations, B the blockers and M the cards never moved yet.
//! B is read as "cards lying anywhere above a lower card of their own suit in
//! the same column" (each such card counted once): each must move before
//! that lower card can go home. The first bound is the root's cost; when the
//! search under a bound fails it is raised by `delta`, up to `retries`
//! times. Paths are cut at `max_moves`, and a transposition table of 63-bit
//! state hashes with the smallest depth seen prunes repeats.

use super::fast::IdMap;
use super::hash::canon_hash;
use super::{Outcome, Step};
use crate::autoplay::run_auto_moves;
use crate::board::Board;
use crate::moves::{Loc, Move, MoveMode, apply_unchecked, legal_moves, moved_card};
use std::fmt;
use std::str::FromStr;

/// Parameters of the method (the published values are the defaults).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Params {
    /// Weight of the moves made so far (T).
    pub a0: u64,
    /// Weight of the cards not on the foundations (N).
    pub a1: u64,
    /// Weight of the blockers (B).
    pub a2: u64,
    /// Weight of the never-moved cards (M).
    pub a3: u64,
    /// Bound increase per retry.
    pub delta: u64,
    /// Number of retries.
    pub retries: u32,
    /// Longest path searched.
    pub max_moves: u32,
    /// States expanded per bound before giving up (keeps a run finite).
    pub node_limit: u64,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            a0: 1500,
            a1: 2000,
            a2: 1000,
            a3: 1000,
            delta: 1000,
            retries: 20,
            max_moves: 120,
            node_limit: 2_000_000,
        }
    }
}

/// A `--reproduce` text that is not the method's seven parameters.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParamsError {
    /// A value that is not a non-negative integer.
    #[error("`{0}`: expected 7 comma-separated integers")]
    NotIntegers(String),
    /// Not seven values.
    #[error("`{text}`: expected 7 values, got {count}")]
    Count {
        /// The text as given.
        text: String,
        /// Values found.
        count: usize,
    },
}

/// Reads `a0,a1,a2,a3,delta,retries,max_moves` (the order of `--reproduce`);
/// `node_limit` keeps its default. `retries` and `max_moves` are read as 64-bit values
/// and keep their low 32 bits, as the command line always has.
impl FromStr for Params {
    type Err = ParamsError;

    fn from_str(text: &str) -> Result<Params, ParamsError> {
        let v: Vec<u64> = text
            .split(',')
            .map(|x| x.trim().parse::<u64>())
            .collect::<Result<_, _>>()
            .map_err(|_| ParamsError::NotIntegers(text.to_string()))?;
        let [a0, a1, a2, a3, delta, retries, max_moves] = v[..] else {
            return Err(ParamsError::Count {
                text: text.to_string(),
                count: v.len(),
            });
        };
        Ok(Params {
            a0,
            a1,
            a2,
            a3,
            delta,
            retries: retries as u32,
            max_moves: max_moves as u32,
            ..Params::default()
        })
    }
}

/// Writes the seven values [`FromStr`] reads, comma-separated (`node_limit` is not part of
/// the text).
impl fmt::Display for Params {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "{},{},{},{},{},{},{}",
            self.a0, self.a1, self.a2, self.a3, self.delta, self.retries, self.max_moves
        )
    }
}

/// Cards lying above a lower card of their own suit.
pub fn blockers(b: &Board) -> u64 {
    let mut n = 0;
    for i in 0..b.ncols() {
        let mut low = [14u8; 4];
        for &c in b.col(i) {
            let s = c.suit() as usize;
            if low[s] < c.rank() {
                n += 1;
            }
            low[s] = low[s].min(c.rank());
        }
    }
    n
}

fn cost(p: &Params, b: &Board, t: u32, moved: u64) -> u64 {
    let n = 52 - b.found_total() as u64;
    // never-moved cards still in play: those not in `moved` and not home
    let mut never = 0u64;
    for i in 0..b.ncols() {
        for &c in b.col(i) {
            if moved & (1 << c.index()) == 0 {
                never += 1;
            }
        }
    }
    p.a0 * t as u64 + p.a1 * n + p.a2 * blockers(b) + p.a3 * never
}

struct Dfs<'a> {
    p: &'a Params,
    mode: MoveMode,
    auto: bool,
    bound: u64,
    tt: IdMap<u32>,
    path: Vec<Step>,
    expanded: u64,
}

impl Dfs<'_> {
    fn go(&mut self, b: &Board, moved: u64) -> Option<bool> {
        if b.is_solved() {
            return Some(true);
        }
        let depth = self.path.len() as u32;
        if depth >= self.p.max_moves {
            return Some(false);
        }
        self.expanded += 1;
        if self.expanded > self.p.node_limit {
            return None;
        }
        let mut moves = Vec::new();
        legal_moves(b, self.mode, &mut moves);
        let mut kids: Vec<(u64, Board, u64, Vec<Step>)> = Vec::with_capacity(moves.len());
        for m in moves {
            let mut child = b.clone();
            let mut mv_mask = moved;
            mark(b, m, &mut mv_mask);
            apply_unchecked(&mut child, m);
            let mut steps = vec![Step { mv: m, auto: false }];
            if self.auto {
                let mut autos: Vec<Move> = Vec::new();
                let mut probe = child.clone();
                run_auto_moves(&mut probe, &mut autos);
                let mut replay = child.clone();
                for &a in &autos {
                    mark(&replay, a, &mut mv_mask);
                    apply_unchecked(&mut replay, a);
                }
                child = replay;
                steps.extend(autos.into_iter().map(|mv| Step { mv, auto: true }));
            }
            let d = depth + steps.len() as u32;
            if d > self.p.max_moves {
                continue;
            }
            let c = cost(self.p, &child, d, mv_mask);
            if c > self.bound {
                continue;
            }
            kids.push((c, child, mv_mask, steps));
        }
        kids.sort_unstable_by_key(|k| k.0);
        for (_, child, mask, steps) in kids {
            let d = depth + steps.len() as u32;
            let h = canon_hash(&child) & ((1 << 63) - 1);
            if self.tt.get(&h).is_some_and(|&best| best <= d) {
                continue;
            }
            self.tt.insert(h, d);
            let keep = self.path.len();
            self.path.extend(steps);
            match self.go(&child, mask) {
                Some(true) => return Some(true),
                Some(false) => self.path.truncate(keep),
                None => return None,
            }
        }
        Some(false)
    }
}

fn mark(b: &Board, m: Move, mask: &mut u64) {
    if let Loc::Col(c) = m.from {
        let col = b.col(c as usize);
        for &card in &col[col.len() - m.count as usize..] {
            *mask |= 1 << card.index();
        }
    } else if let Some(card) = moved_card(b, m) {
        *mask |= 1 << card.index();
    }
}

/// Runs the method; returns the outcome and the states expanded in total.
/// `Exhausted` means every bound failed (not a proof of unsolvability, so
/// the caller reports it as intractable).
pub fn search(start: &Board, mode: MoveMode, auto: bool, p: &Params) -> (Outcome, usize) {
    let mut bound = cost(p, start, 0, 0);
    let mut total = 0u64;
    for _ in 0..=p.retries {
        let mut dfs = Dfs {
            p,
            mode,
            auto,
            bound,
            tt: IdMap::default(),
            path: Vec::new(),
            expanded: 0,
        };
        let r = dfs.go(start, 0);
        total += dfs.expanded;
        match r {
            Some(true) => return (Outcome::Solved(dfs.path), total as usize),
            None => return (Outcome::Limit, total as usize),
            Some(false) => bound += p.delta,
        }
    }
    (Outcome::Limit, total as usize)
}
