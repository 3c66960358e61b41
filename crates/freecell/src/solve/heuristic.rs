//! Distance-to-solution estimate for the best-first search.
//!
//! Each card not yet home needs one foundation move; a card lying above a
//! lower card of its own suit (a "blocker") must move at least once more
//! before that card can go home; cards covering the next card each suit
//! needs are the immediate obstacles; occupied free cells and full columns
//! make the remaining play harder. The weights were tuned on Microsoft deals
//! for short solutions found fast; the estimate is not admissible.

use crate::board::Board;

/// Tunable weights (tenths of a move).
#[derive(Clone, Copy, Debug)]
pub struct Weights {
    /// Per card not on the foundations.
    pub home: u32,
    /// Per blocker.
    pub blocker: u32,
    /// Per card covering the next card of a suit.
    pub next: u32,
    /// Per occupied free cell.
    pub cell: u32,
    /// Bonus per empty column.
    pub empty: u32,
}

/// The weights in use.
pub const WEIGHTS: Weights = Weights {
    home: 10,
    blocker: 15,
    next: 5,
    cell: 5,
    empty: 10,
};

/// Weighted estimate (in tenths of a move).
#[inline]
pub fn estimate(b: &Board) -> u32 {
    estimate_with(b, &WEIGHTS)
}

/// Estimate with explicit weights.
#[inline]
pub fn estimate_with(b: &Board, w: &Weights) -> u32 {
    let mut blockers = 0u32;
    let mut above_next = 0u32;
    let f = b.foundations();
    for col in b.columns() {
        let mut low = [14u8; 4];
        for (k, &c) in col.iter().enumerate() {
            let s = c.suit() as usize;
            let r = c.rank();
            if low[s] < r {
                blockers += 1;
            }
            low[s] = low[s].min(r);
            if f[s] + 1 == r {
                above_next += (col.len() - 1 - k) as u32;
            }
        }
    }
    let home = b.found_total();
    let used_cells = (b.ncells() - b.free_cells()) as u32;
    let empty = b.empty_cols() as u32;
    ((52 - home) * w.home + blockers * w.blocker + above_next * w.next + used_cells * w.cell)
        .saturating_sub(empty * w.empty)
}
