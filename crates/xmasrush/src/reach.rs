//! Reachability on the labyrinth: breadth-first search with the visited set
//! in one bit mask, shortest walks, and a bitboard flood fill for "which
//! cells can I reach" questions in evaluations.
//!
//! Contract: [`Bfs::run`] visits every cell reachable from the start, in
//! breadth-first order, with distances and one shortest walk per cell (the
//! first found, directions tried in UP, RIGHT, DOWN, LEFT order); nothing is
//! allocated after construction. [`nearest_walk`] gives, on bitboards, the
//! walk that search gives ([`Bfs::path_to`]) to the first target cell it
//! finds (the first in [`Bfs::cells`]): that target and walk are those of the
//! lexicographically smallest (UP < RIGHT < DOWN < LEFT) shortest walk to any
//! target, because the search's queue holds each distance's cells in the
//! lexicographic order of their first-found walks.

use crate::action::{MAX_STEPS, Path};
use crate::state::State;
use crate::tile::{CELLS, Dir, NEIGHBOURS, OFF};

/// Reusable breadth-first search buffers.
#[derive(Clone, Debug)]
pub struct Bfs {
    /// Cells reached by the last search, as a bit mask.
    visited: u64,
    /// Distance from the start, valid for visited cells.
    dist: [u8; CELLS],
    /// Direction of the last step into each visited cell.
    via: [u8; CELLS],
    order: [u8; CELLS],
    len: usize,
}

impl Default for Bfs {
    fn default() -> Self {
        Bfs {
            visited: 0,
            dist: [0; CELLS],
            via: [0; CELLS],
            order: [0; CELLS],
            len: 0,
        }
    }
}

impl Bfs {
    /// Fresh buffers.
    pub fn new() -> Bfs {
        Bfs::default()
    }

    /// Searches from `start` on `state`'s board (the whole reachable region).
    pub fn run(&mut self, state: &State, start: u8) {
        let board = &state.board;
        let mut visited = 1u64 << start;
        self.dist[start as usize] = 0;
        self.order[0] = start;
        let (mut head, mut len) = (0, 1);
        while head < len {
            let c = self.order[head] as usize;
            head += 1;
            // The steps open on this tile, tried in bit (UP, RIGHT, DOWN, LEFT) order.
            let mut exits = board[c];
            while exits != 0 {
                let d = exits.trailing_zeros() as usize;
                exits &= exits - 1;
                let n = NEIGHBOURS[c][d];
                if n != OFF && visited >> n & 1 == 0 && board[n as usize] >> (d ^ 2) & 1 == 1 {
                    visited |= 1 << n;
                    self.dist[n as usize] = self.dist[c] + 1;
                    self.via[n as usize] = d as u8;
                    self.order[len] = n;
                    len += 1;
                }
            }
        }
        self.visited = visited;
        self.len = len;
    }

    /// Whether the last search reached `c`.
    pub fn reached(&self, c: u8) -> bool {
        self.visited >> c & 1 == 1
    }

    /// Distance to `c` (valid when reached).
    pub fn dist(&self, c: u8) -> u8 {
        self.dist[c as usize]
    }

    /// Reached cells in breadth-first order (the start first).
    pub fn cells(&self) -> &[u8] {
        &self.order[..self.len]
    }

    /// The shortest walk to a reached cell; `None` when it needs more than 20 steps.
    pub fn path_to(&self, target: u8) -> Option<Path> {
        let n = self.dist[target as usize] as usize;
        if n > MAX_STEPS {
            return None;
        }
        let mut steps = [Dir::Up; MAX_STEPS];
        let mut c = target;
        for i in (0..n).rev() {
            let d = Dir::from_index(self.via[c as usize] as usize);
            steps[i] = d;
            c = NEIGHBOURS[c as usize][d.opposite().index()];
        }
        Path::from_steps(&steps[..n])
    }
}

const COL0: u64 = 0x0002_0408_1020_4081; // cells with x == 0
const COL6: u64 = COL0 << 6;
const ALL: u64 = (1 << CELLS) - 1;

/// Bit masks of the cells open towards each direction with a matching neighbour.
pub fn open_masks(state: &State) -> [u64; 4] {
    // Bit `d` of every tile gathered into one mask per direction, eight cells
    // at a time: the multiply moves bit 8i of the word to bit 56 + i (no two
    // partial products share a bit, so nothing carries).
    const LOW: u64 = 0x0101_0101_0101_0101;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let mut bits = [0u64; 4];
    for (k, chunk) in state.board.chunks(8).enumerate() {
        let mut b = [0u8; 8];
        b[..chunk.len()].copy_from_slice(chunk);
        let x = u64::from_le_bytes(b);
        for (d, m) in bits.iter_mut().enumerate() {
            *m |= ((x >> d & LOW).wrapping_mul(GATHER) >> 56) << (8 * k);
        }
    }
    [
        bits[0] & (bits[2] << 7) & ALL,
        bits[1] & (bits[3] >> 1) & !COL6,
        bits[2] & (bits[0] >> 7),
        bits[3] & (bits[1] << 1) & !COL0,
    ]
}

/// Every cell reachable from `start`, as a bit mask over cells.
pub fn flood(open: &[u64; 4], start: u8) -> u64 {
    let mut reach = 1u64 << start;
    loop {
        let next = reach
            | (reach & open[0]) >> 7
            | (reach & open[1]) << 1
            | (reach & open[2]) << 7
            | (reach & open[3]) >> 1;
        if next == reach {
            return reach;
        }
        reach = next;
    }
}

/// The walk from `start` to the nearest cell of `targets` that a
/// breadth-first search finds first (see the module contract), on the open
/// masks of [`open_masks`]; `None` when no target is reachable or the
/// nearest needs more than 20 steps.
pub fn nearest_walk(open: &[u64; 4], start: u8, targets: u64) -> Option<Path> {
    // Distance layers until one holds a target; past 20 steps there is no walk.
    let mut layers = [0u64; MAX_STEPS + 1];
    let mut seen = 1u64 << start;
    layers[0] = seen;
    if targets & seen != 0 {
        return Some(Path::EMPTY);
    }
    let mut d = 0;
    loop {
        if d == MAX_STEPS {
            return None;
        }
        let f = layers[d];
        let next =
            ((f & open[0]) >> 7 | (f & open[1]) << 1 | (f & open[2]) << 7 | (f & open[3]) >> 1)
                & !seen;
        if next == 0 {
            return None;
        }
        d += 1;
        layers[d] = next;
        seen |= next;
        if next & targets != 0 {
            break;
        }
    }
    // Back from the targets: the cells of each layer on a shortest walk to one.
    layers[d] &= targets;
    for k in (0..d).rev() {
        let g = layers[k + 1];
        let back =
            (g << 7 & open[0]) | (g >> 1 & open[1]) | (g >> 7 & open[2]) | (g << 1 & open[3]);
        layers[k] &= back;
    }
    // Forward, the first direction that stays on such a walk (there always
    // is one, and at most 20 steps: the `?`s never return).
    let mut c = start;
    let mut path = Path::EMPTY;
    for g in &layers[1..=d] {
        let (dir, n) = [
            (0, c.wrapping_sub(7)),
            (1, c + 1),
            (2, c + 7),
            (3, c.wrapping_sub(1)),
        ]
        .into_iter()
        .find(|&(dir, n)| open[dir] >> c & 1 == 1 && g >> (n & 63) & 1 == 1)?;
        path = path.push(Dir::from_index(dir))?;
        c = n;
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::league::League;
    use crate::setup::initial_state;

    #[test]
    fn bitboards_agree_with_the_step_rule_and_the_search() {
        for seed in 0..30 {
            let s = initial_state(seed, League::Legend);
            let open = open_masks(&s);
            for c in 0..CELLS as u8 {
                for d in Dir::ALL {
                    assert_eq!(
                        open[d.index()] >> c & 1 == 1,
                        s.can_step(c, d),
                        "seed {seed} cell {c} {d}"
                    );
                }
            }
            let mut bfs = Bfs::new();
            for start in [0u8, 24, 48, 13] {
                bfs.run(&s, start);
                let reach = flood(&open, start);
                let from_bfs = bfs.cells().iter().fold(0u64, |m, &c| m | 1 << c);
                assert_eq!(reach, from_bfs);
                for &c in bfs.cells() {
                    assert!(bfs.reached(c));
                    assert_eq!(bfs.dist(c) == 0, c == start);
                }
            }
        }
    }

    #[test]
    fn nearest_walk_is_the_walk_the_search_finds_first() {
        let mut rng = yomi_core::Rng::new(5);
        let mut bfs = Bfs::new();
        let mut found = 0;
        for seed in 0..200 {
            let s = initial_state(seed, League::Legend);
            let open = open_masks(&s);
            for _ in 0..20 {
                let start = rng.below(CELLS) as u8;
                // A few targets, sometimes none reachable, sometimes the start.
                let mut targets = 0u64;
                for _ in 0..1 + rng.below(4) {
                    targets |= 1 << rng.below(CELLS);
                }
                bfs.run(&s, start);
                let first = bfs.cells().iter().find(|&&c| targets >> c & 1 == 1);
                let want = first.and_then(|&c| bfs.path_to(c));
                assert_eq!(
                    nearest_walk(&open, start, targets),
                    want,
                    "seed {seed} start {start} targets {targets:#x}"
                );
                found += usize::from(want.is_some_and(|p| p.len() > 1));
            }
        }
        assert!(found > 200, "only {found} walks of two steps or more");
    }
}
