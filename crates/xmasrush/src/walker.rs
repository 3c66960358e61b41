//! Walks for MOVE turns: the greedy walker the bots play, and a cheaper one
//! for playouts.
//!
//! Contract: [`greedy_walk`] collects every reachable revealed quest item,
//! closest first, within 20 steps, then spends the steps left on the end tile
//! closest (Manhattan) to the remaining quest items on the board; with no
//! such item it stays. [`quick_walk`] goes to the nearest reachable quest
//! item only (one bitboard search), else stays. Both return a legal walk.

use crate::action::{MAX_STEPS, Path};
use crate::reach::{Bfs, nearest_walk};
use crate::state::State;
use crate::tile::manhattan;

/// The greedy walk of player `p`.
pub fn greedy_walk(state: &State, p: usize, bfs: &mut Bfs) -> Path {
    let mut at = state.pos[p];
    let mut path = Path::EMPTY;
    let mut wanted = [u8::MAX; 3];
    let mut n = 0;
    for item in state.quest_items(p) {
        let loc = state.items[item];
        if (loc as usize) < 49 && n < 3 {
            wanted[n] = loc;
            n += 1;
        }
    }
    let mut taken = [false; 3];
    loop {
        bfs.run(state, at);
        let left = MAX_STEPS - path.len();
        let best = (0..n)
            .filter(|&i| {
                !taken[i] && bfs.reached(wanted[i]) && (bfs.dist(wanted[i]) as usize) <= left
            })
            .min_by_key(|&i| bfs.dist(wanted[i]));
        match best {
            Some(i) => {
                let leg = bfs.path_to(wanted[i]).expect("within 20 steps");
                for d in leg.steps() {
                    path = path.push(d).expect("fits the steps left");
                }
                at = wanted[i];
                taken[i] = true;
            }
            None => break,
        }
    }
    // End tile: closest to the items still wanted.
    let left = MAX_STEPS - path.len();
    let remaining: Vec<u8> = (0..n).filter(|&i| !taken[i]).map(|i| wanted[i]).collect();
    if remaining.is_empty() {
        return path;
    }
    let score = |c: u8| {
        remaining
            .iter()
            .map(|&t| manhattan(c, t))
            .min()
            .unwrap_or(0)
    };
    let mut best = (score(at), 0u8, at);
    for &c in bfs.cells() {
        if (bfs.dist(c) as usize) <= left {
            let key = (score(c), bfs.dist(c), c);
            if key < best {
                best = key;
            }
        }
    }
    if best.2 != at {
        for d in bfs.path_to(best.2).expect("within the steps left").steps() {
            path = path.push(d).expect("fits");
        }
    }
    path
}

/// The nearest reachable quest item's walk, or `PASS`, on the board's open
/// masks ([`open_masks`](crate::reach::open_masks)): the walk a breadth-first
/// search finds first ([`nearest_walk`]).
pub fn quick_walk(state: &State, p: usize, open: &[u64; 4]) -> Path {
    let targets = state.quest_cells(p);
    if targets == 0 {
        return Path::EMPTY;
    }
    nearest_walk(open, state.pos[p], targets).unwrap_or(Path::EMPTY)
}
