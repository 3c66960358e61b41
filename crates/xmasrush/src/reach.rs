//! Reachability on the labyrinth: breadth-first search with a visited set
//! cleared in O(1) by generation stamps, shortest walks, and a bitboard flood
//! fill for "which cells can I reach" questions in evaluations.
//!
//! Contract: [`Bfs::run`] visits every cell reachable from the start, in
//! breadth-first order, with distances and one shortest walk per cell (the
//! first found, directions tried in UP, RIGHT, DOWN, LEFT order); nothing is
//! allocated after construction.

use crate::action::{MAX_STEPS, Path};
use crate::state::State;
use crate::tile::{CELLS, Dir, NEIGHBOURS};

/// Reusable breadth-first search buffers.
#[derive(Clone, Debug)]
pub struct Bfs {
    stamp: [u32; CELLS],
    generation: u32,
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
            stamp: [0; CELLS],
            generation: 0,
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
        // With no target cell the search never stops early.
        self.run_until(state, start, 0);
    }

    /// Searches from `start` until the first cell of `targets` (a bit mask
    /// over cells) is found; returns it (the nearest, ties by search order).
    /// Cells beyond it are left unvisited.
    pub fn run_until(&mut self, state: &State, start: u8, targets: u64) -> Option<u8> {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            // After 2^32 searches the stamps could collide: clear them once.
            self.stamp = [0; CELLS];
            self.generation = 1;
        }
        let g = self.generation;
        self.stamp[start as usize] = g;
        self.dist[start as usize] = 0;
        self.order[0] = start;
        self.len = 1;
        if targets >> start & 1 == 1 {
            return Some(start);
        }
        let mut head = 0;
        while head < self.len {
            let c = self.order[head];
            head += 1;
            let here = state.board[c as usize];
            for d in Dir::ALL {
                if here >> d.index() & 1 == 0 {
                    continue;
                }
                let n = NEIGHBOURS[c as usize][d.index()];
                if n == crate::tile::OFF || self.stamp[n as usize] == g {
                    continue;
                }
                if state.board[n as usize] >> d.opposite().index() & 1 == 0 {
                    continue;
                }
                self.stamp[n as usize] = g;
                self.dist[n as usize] = self.dist[c as usize] + 1;
                self.via[n as usize] = d.index() as u8;
                self.order[self.len] = n;
                self.len += 1;
                if targets >> n & 1 == 1 {
                    return Some(n);
                }
            }
        }
        None
    }

    /// Whether the last search reached `c`.
    pub fn reached(&self, c: u8) -> bool {
        self.stamp[c as usize] == self.generation
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
    let mut bits = [0u64; 4];
    for (c, &t) in state.board.iter().enumerate() {
        let t = u64::from(t);
        bits[0] |= (t & 1) << c;
        bits[1] |= (t >> 1 & 1) << c;
        bits[2] |= (t >> 2 & 1) << c;
        bits[3] |= (t >> 3 & 1) << c;
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
                    let mut bfs2 = Bfs::new();
                    let found = bfs2.run_until(&s, start, 1 << c);
                    assert_eq!(found, Some(c));
                    assert_eq!(bfs2.dist(c), bfs.dist(c));
                }
            }
        }
    }
}
