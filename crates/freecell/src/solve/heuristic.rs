//! Distance-to-solution estimate for the best-first search.
//!
//! Each card not yet home needs one foundation move; a card lying above a
//! lower card of its own suit (a "blocker") must move at least once more
//! before that card can go home; cards covering the next card each suit
//! needs are the immediate obstacles; occupied free cells and full columns
//! make the remaining play harder. The weights were tuned on Microsoft deals
//! for short solutions found fast; the estimate is not admissible.

use crate::board::Board;
use crate::card::Card;

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
    let next = next_cards(b.foundations());
    let (blockers, above) = b
        .columns()
        .map(|col| column_counts(col, next))
        .fold((0, 0), |(x, y), (b, a)| (x + b, y + a));
    combine(b, column_weight(blockers, above, w), w)
}

/// The weighted column part of the estimate: `blockers` and `above` are
/// [`column_counts`] summed over the columns.
#[inline]
pub fn column_weight(blockers: u32, above: u32, w: &Weights) -> u32 {
    blockers * w.blocker + above * w.next
}

/// The next card each suit's foundation needs, as a bit set by card value.
#[inline]
pub fn next_cards(f: [u8; 4]) -> u64 {
    let mut mask = 0u64;
    for (s, &r) in f.iter().enumerate() {
        if r < 13 {
            mask |= 1 << Card::new(r + 1, s as u8).0;
        }
    }
    mask
}

/// A column's blockers (cards above a lower card of their own suit, which
/// do not depend on the foundations) and the number of cards covering the
/// cards of `next` (see [`next_cards`]).
#[inline]
pub fn column_counts(col: &[Card], next: u64) -> (u32, u32) {
    // bit per card value seen so far: a card blocks when a lower card of
    // its suit lies below it, i.e. a seen card shares its suit and is lower
    let mut seen = 0u64;
    let mut blockers = 0u32;
    let mut above_next = 0u32;
    let n = col.len() as u32;
    for (k, &c) in col.iter().enumerate() {
        let v = c.0 as u32;
        let lower_same_suit = SAME_SUIT[(v & 3) as usize] & ((1u64 << v) - 1);
        blockers += (seen & lower_same_suit != 0) as u32;
        seen |= 1 << v;
        above_next += (next >> v & 1) as u32 * (n - 1 - k as u32);
    }
    (blockers, above_next)
}

/// Bit sets (by card value) of the cards of each suit.
const SAME_SUIT: [u64; 4] = {
    let mut t = [0u64; 4];
    let mut v = 4;
    while v < 56 {
        t[v & 3] |= 1 << v;
        v += 1;
    }
    t
};

/// The estimate from the columns' [`column_weight`].
#[inline]
pub fn combine(b: &Board, cols: u32, w: &Weights) -> u32 {
    let home = b.found_total();
    let used_cells = (b.ncells() - b.free_cells()) as u32;
    let empty = b.empty_cols() as u32;
    ((52 - home) * w.home + cols + used_cells * w.cell).saturating_sub(empty * w.empty)
}

/// One stage of the fast mode's guided search (see [`GUIDED_STAGES`]).
#[derive(Clone, Copy, Debug)]
pub struct GuidedStage {
    /// Name reported as the deciding stage.
    pub name: &'static str,
    /// Include the room-making compound moves.
    pub full: bool,
    /// Path-length weight (tenths of a move per move).
    pub g_weight: u32,
    /// Heuristic weights.
    pub weights: Weights,
    /// States stored before the next stage takes over.
    pub node_limit: usize,
    /// How often the open list is searched off its best entry.
    pub explore: Explore,
}

/// Exploration in a best-first search: a share of the pops take a worse
/// entry, which keeps a misleading estimate from holding the search in one
/// region (in the spirit of epsilon-greedy node selection for greedy
/// best-first search). On Microsoft deals 1..32000 it spares the guided
/// stages about 8% of their states (14.1 M to 12.9 M), and the hard deals
/// most: a fifth fewer reach the second stage.
#[derive(Clone, Copy, Debug, Default)]
pub struct Explore {
    /// Percent of the pops that explore (0: plain best-first).
    pub percent: u32,
    /// An exploring pop takes the first entry at least 1 + a uniform offset
    /// below `span` above the best priority (tenths of a move).
    pub span: u32,
}

/// The guided stages, tried in order until one solves the deal. Tuned on
/// Microsoft deals 1..3000 for the fewest states overall: a purely greedy
/// search solves most deals within a few hundred states; the rest get a
/// search that weighs path length too (shorter solutions, more states),
/// then the full compound move set. Digs already go for the next
/// foundation cards, so covering those costs little.
pub const GUIDED_STAGES: [GuidedStage; 3] = [
    GuidedStage {
        name: "greedy guided",
        full: false,
        g_weight: 0,
        weights: Weights {
            home: 10,
            blocker: 8,
            next: 1,
            cell: 5,
            empty: 20,
        },
        node_limit: 1_000,
        explore: Explore {
            percent: 15,
            span: 40,
        },
    },
    GuidedStage {
        name: "guided",
        full: false,
        g_weight: 2,
        weights: GUIDED_WEIGHTS,
        node_limit: 20_000,
        explore: Explore {
            percent: 50,
            span: 80,
        },
    },
    GuidedStage {
        name: "guided full",
        full: true,
        g_weight: 2,
        weights: GUIDED_WEIGHTS,
        node_limit: 300_000,
        explore: Explore {
            percent: 30,
            span: 40,
        },
    },
];

const GUIDED_WEIGHTS: Weights = Weights {
    home: 10,
    blocker: 5,
    next: 1,
    cell: 5,
    empty: 20,
};
