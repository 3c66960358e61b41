//! Guided best-first search over compound moves (see [`super::compound`]):
//! the fast mode's first stages.
//!
//! Compound moves keep the branching factor small and every step purposeful,
//! so most deals are solved after a few hundred states with solutions that
//! are already short (f = g·wg + h, g counting ordinary moves). The restricted
//! move set is not complete and hashes are not exact, so this search never
//! proves anything: when it runs out of states or moves, the caller falls
//! back to the complete stages.

use super::bucket::BucketQueue;
use super::compound::{CompoundList, compounds};
use super::fast::IdMap;
use super::hash::{cells_hash, column_hash};
use super::heuristic::{Explore, Weights, column_counts, column_weight, combine, next_cards};
use super::room::Bits;
use super::{Outcome, Step};
use crate::autoplay::AutoRule;
use crate::board::{Board, MAX_COLS};
use crate::card::Card;
use crate::moves::{Loc, Move, apply_unchecked};

/// The automatic foundation moves made after every compound move: the eager
/// rule, since this search proves nothing and going home a rank earlier
/// spares it states (6% fewer on deals 1..32000, and shorter solutions).
const AUTO: AutoRule = AutoRule::Eager;

/// Parameters of the guided search.
#[derive(Clone, Copy, Debug)]
pub struct Guided {
    /// Include the room-making moves (to empty columns and free cells).
    pub full: bool,
    /// Weight of the path length (tenths of a move per move).
    pub g_weight: u32,
    /// Most states stored before giving up.
    pub node_limit: usize,
    /// Heuristic weights.
    pub weights: Weights,
    /// Exploring pops.
    pub explore: Explore,
    /// Seed of the exploration's choices (same seed, same search).
    pub seed: u64,
}

/// A stored state; its board and shares sit at the same index of their own
/// arrays.
struct Node {
    parent: u32,
    /// First of this node's steps in the shared step list.
    steps: u32,
    nsteps: u16,
    g: u16,
    hash: u64,
}

/// Runs the search from `start`; `auto` makes automatic foundation moves
/// (the eager rule, [`AUTO`]) after every compound move. Returns the
/// outcome and the number of states stored.
pub fn search(start: &Board, auto: bool, p: Guided) -> (Outcome, usize) {
    let mut root = start.clone();
    let mut autos: Vec<Move> = Vec::with_capacity(16);
    if auto {
        AUTO.run(&mut root, &mut autos);
    }
    let mut steps: Vec<Step> = autos.iter().map(|&mv| Step { mv, auto: true }).collect();
    if root.is_solved() {
        return (Outcome::Solved(steps), 1);
    }
    // most searches end within a thousand states: reserve that much at once
    let room = p.node_limit.min(1024);
    let mut seen: IdMap<u16> = IdMap::with_capacity_and_hasher(room, Default::default());
    let root_shares = Shares::of(&root);
    let root_hash = root_shares.hash(&root);
    let mut shares = Vec::with_capacity(room);
    shares.push(root_shares);
    seen.insert(root_hash, 0);
    let mut boards = vec![root];
    boards.reserve(room);
    let mut nodes = vec![Node {
        parent: u32::MAX,
        steps: 0,
        nsteps: steps.len() as u16,
        g: 0,
        hash: root_hash,
    }];
    nodes.reserve(room);
    steps.reserve(room * 3);
    let mut open = BucketQueue::with_capacity(room, 1024);
    open.push(0, 0);
    let mut list = CompoundList::default();
    let mut coin = Coin::new(p.seed);
    let explore = p.explore;
    while let Some(idx) = {
        let r = coin.next();
        if explore.percent > 0 && (r % 100) < explore.percent as u64 {
            open.pop_above(1 + ((r >> 32) % explore.span.max(1) as u64) as usize)
        } else {
            open.pop()
        }
    } {
        let node = &nodes[idx as usize];
        if seen.get(&node.hash).is_some_and(|&best| best < node.g) {
            continue; // reached again more cheaply since it was queued
        }
        let board = boards[idx as usize].clone();
        let g = node.g;
        list.clear();
        compounds(&board, p.full, &mut list);
        let parent = shares[idx as usize];
        let want = AUTO.eligible(&board);
        // a single move straight back leads to the grandparent: known, and
        // reached more cheaply, so it is skipped before being built
        let came_by = {
            let n = &nodes[idx as usize];
            (n.nsteps == 1).then(|| steps[n.steps as usize].mv)
        };
        for k in 0..list.len() {
            let ms = list.get(k);
            if let ([m], Some(last)) = (ms, came_by)
                && m.from == last.to
                && m.to == last.from
                && m.count == last.count
            {
                continue;
            }
            // built in place at the end of the arrays (they are large, and
            // most children are kept), dropped again if already known
            boards.push(board.clone());
            let child = boards.last_mut().expect("just pushed");
            for &m in ms {
                apply_unchecked(child, m);
            }
            autos.clear();
            if auto {
                auto_moves_after(&board, want, child, ms, &mut autos);
            }
            let cg = g.saturating_add(ms.len() as u16);
            let changed = touched(ms) | touched(&autos);
            shares.push(parent);
            let child_shares = shares.last_mut().expect("just pushed");
            child_shares.update_hash(&board, child, changed);
            let h = child_shares.hash(child);
            match seen.get_mut(&h) {
                Some(best) if *best <= cg => {
                    boards.pop();
                    shares.pop();
                    continue;
                }
                Some(best) => *best = cg,
                None => {
                    seen.insert(h, cg);
                }
            }
            child_shares.update_terms(&board, child, changed);
            let at = steps.len() as u32;
            steps.extend(ms.iter().map(|&mv| Step { mv, auto: false }));
            steps.extend(autos.iter().map(|&mv| Step { mv, auto: true }));
            let id = nodes.len() as u32;
            nodes.push(Node {
                parent: idx,
                steps: at,
                nsteps: (steps.len() as u32 - at) as u16,
                g: cg,
                hash: h,
            });
            let child = &boards[id as usize];
            if child.is_solved() {
                return (Outcome::Solved(path_to(&nodes, &steps, id)), nodes.len());
            }
            if nodes.len() >= p.node_limit {
                return (Outcome::Limit, nodes.len());
            }
            let term = shares[id as usize].term(&p.weights);
            let f = cg as u32 * p.g_weight + combine(child, term, &p.weights);
            open.push(f, id);
        }
    }
    (Outcome::Exhausted, nodes.len())
}

/// The exploration's random choices: xorshift64, one step per pop, cheaper
/// than a general-purpose generator on this hot path and plenty for coin
/// flips.
struct Coin(u64);

impl Coin {
    /// Seeded through splitmix64, so that nearby seeds give unrelated
    /// streams (and the state is never zero).
    fn new(seed: u64) -> Coin {
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Coin((z ^ (z >> 31)) | 1)
    }

    #[inline]
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Columns whose hash shares a state keeps: the standard layout's eight.
/// All sixteen would add 64 bytes to every stored state (peak memory on
/// deals 1..32000: 100 MB instead of 85 MB) for layouts rarely played.
const HASHED_COLS: usize = 8;

/// A board's per-column shares of the hash and of the estimate, so that a
/// child's values follow from the few columns its move touched.
#[derive(Clone, Copy)]
struct Shares {
    /// Hash shares of the first [`HASHED_COLS`] columns (those of further
    /// columns are recomputed when needed).
    hash: [u64; HASHED_COLS],
    /// Blockers per column (independent of the foundations).
    blockers: [u8; MAX_COLS],
    /// Cards covering the foundations' next cards, per column.
    above: [u8; MAX_COLS],
    hash_sum: u64,
    blockers_sum: u32,
    above_sum: u32,
}

impl Shares {
    fn of(b: &Board) -> Shares {
        let next = next_cards(b.foundations());
        let mut s = Shares {
            hash: [0; HASHED_COLS],
            blockers: [0; MAX_COLS],
            above: [0; MAX_COLS],
            hash_sum: 0,
            blockers_sum: 0,
            above_sum: 0,
        };
        for (c, col) in b.columns().enumerate() {
            let h = column_hash(col);
            if c < HASHED_COLS {
                s.hash[c] = h;
            }
            let (blockers, above) = column_counts(col, next);
            s.blockers[c] = blockers as u8;
            s.above[c] = above as u8;
            s.hash_sum = s.hash_sum.wrapping_add(h);
            s.blockers_sum += blockers;
            s.above_sum += above;
        }
        s
    }

    /// The weighted column part of the estimate (see [`column_weight`]).
    #[inline]
    fn term(&self, w: &Weights) -> u32 {
        column_weight(self.blockers_sum, self.above_sum, w)
    }

    /// Turns the hash shares of `parent` (whose shares these are) into
    /// those of `child`, which differs from it only in the `changed`
    /// columns, its free cells and its foundations.
    fn update_hash(&mut self, parent: &Board, child: &Board, changed: u32) {
        for c in Bits(changed) {
            let h = column_hash(child.col(c));
            let old = match self.hash.get_mut(c) {
                Some(share) => std::mem::replace(share, h),
                None => column_hash(parent.col(c)),
            };
            self.hash_sum = self.hash_sum.wrapping_sub(old).wrapping_add(h);
        }
    }

    /// Then the estimate's shares (done apart from the hash, which is all
    /// that an already known child needs). The changed columns are counted
    /// afresh. Blockers do not depend on the foundations; when those moved,
    /// each new next card is located and the cards on it are added to its
    /// column's share.
    fn update_terms(&mut self, parent: &Board, child: &Board, changed: u32) {
        let f = child.foundations();
        let next = next_cards(f);
        let s = self;
        for c in Bits(changed) {
            let (blockers, above) = column_counts(child.col(c), next);
            s.blockers_sum = s.blockers_sum - s.blockers[c] as u32 + blockers;
            s.blockers[c] = blockers as u8;
            s.above_sum = s.above_sum - s.above[c] as u32 + above;
            s.above[c] = above as u8;
        }
        // a suit's old next card went home from a changed column or a cell,
        // so other columns only gain: the cards on each new next card
        let old = parent.foundations();
        for suit in 0..4u8 {
            let r = f[suit as usize];
            if r != old[suit as usize]
                && r < 13
                && let Some((c, above)) = child.locate(Card::new(r + 1, suit))
                && changed >> c & 1 == 0
            {
                s.above_sum += above as u32;
                s.above[c] += above as u8;
            }
        }
    }

    /// The canonical hash of `b`, whose shares these are.
    fn hash(&self, b: &Board) -> u64 {
        self.hash_sum.wrapping_add(cells_hash(b))
    }
}

/// Makes the automatic foundation moves ([`AUTO`]) of `child`, reached from
/// `parent` (on which none was left, and whose [`AutoRule::eligible`] cards
/// are `want`) by `moves`. While the foundations stand still only the cards
/// the moves exposed or put into free cells can have become eligible, so
/// only those places are looked at; after the first foundation change,
/// everything.
fn auto_moves_after(
    parent: &Board,
    want: u64,
    child: &mut Board,
    moves: &[Move],
    out: &mut Vec<Move>,
) {
    if child.foundations() == parent.foundations() {
        // (a dig can put cards into the cells that were never exposed)
        let filled = moves.iter().fold(0u32, |m, mv| match mv.to {
            Loc::Cell(i) => m | 1 << i,
            _ => m,
        });
        let cell = Bits(filled).find(|&i| want >> child.cells()[i].0 & 1 == 1);
        let touched = touched(moves);
        let m = match cell {
            Some(i) => Move::one(Loc::Cell(i as u8), Loc::Found),
            None => {
                let first =
                    Bits(touched).find(|&c| child.top(c).is_some_and(|t| want >> t.0 & 1 == 1));
                let Some(c) = first else { return };
                Move::one(Loc::Col(c as u8), Loc::Found)
            }
        };
        apply_unchecked(child, m);
        out.push(m);
    }
    AUTO.run(child, out);
}

/// Bit set of the columns that `moves` take from or put on.
fn touched(moves: &[Move]) -> u32 {
    moves.iter().fold(0, |m, mv| {
        let mut m = m;
        if let Loc::Col(c) = mv.from {
            m |= 1 << c;
        }
        if let Loc::Col(c) = mv.to {
            m |= 1 << c;
        }
        m
    })
}

/// The steps from the root to node `id`.
fn path_to(nodes: &[Node], steps: &[Step], id: u32) -> Vec<Step> {
    let mut chain = Vec::new();
    let mut cur = id;
    while cur != u32::MAX {
        chain.push(cur);
        cur = nodes[cur as usize].parent;
    }
    let mut path = Vec::new();
    for &n in chain.iter().rev() {
        let n = &nodes[n as usize];
        let from = n.steps as usize;
        path.extend_from_slice(&steps[from..from + n.nsteps as usize]);
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::compound::{for_each_compound, walk};
    use crate::solve::hash::canon_hash;
    use crate::solve::heuristic::{WEIGHTS, estimate_with};

    /// The automatic moves made after a compound move are all there are,
    /// and shares updated from the parent's, as the search does, equal those
    /// computed afresh, for every compound child (with its automatic
    /// foundation moves) along random walks of real deals that make the
    /// same automatic moves, as the search's states do; with 8 columns, and
    /// with 11, whose last columns' hash shares are not kept.
    #[test]
    fn incremental_shares_equal_fresh_ones() {
        for cols in [8, 11] {
            let mut checked = 0;
            let mut past_kept = 0;
            walk(1..=12, cols, 50, 3, Some(AUTO), |deal, b| {
                let parent = Shares::of(b);
                for_each_compound(b, true, |ms, child| {
                    let mut autos = Vec::new();
                    let mut plain = child.clone();
                    AUTO.run(&mut plain, &mut Vec::new());
                    auto_moves_after(b, AUTO.eligible(b), child, ms, &mut autos);
                    // looking only where the moves reached finds them all
                    assert_eq!(*child, plain, "deal {deal}: {ms:?}");
                    let changed = touched(ms) | touched(&autos);
                    past_kept += (changed >> HASHED_COLS != 0) as usize;
                    let mut s = parent;
                    s.update_hash(b, child, changed);
                    s.update_terms(b, child, changed);
                    let fresh = Shares::of(child);
                    assert_eq!(s.hash_sum, fresh.hash_sum, "deal {deal}: {ms:?}");
                    assert_eq!(s.hash, fresh.hash, "deal {deal}: {ms:?}");
                    assert_eq!(s.hash(child), canon_hash(child));
                    assert_eq!(s.blockers, fresh.blockers, "deal {deal}: {ms:?}");
                    assert_eq!(s.above, fresh.above, "deal {deal}: {ms:?} on {b:?}");
                    assert_eq!(
                        (s.blockers_sum, s.above_sum),
                        (fresh.blockers_sum, fresh.above_sum)
                    );
                    let estimate = combine(child, s.term(&WEIGHTS), &WEIGHTS);
                    assert_eq!(estimate, estimate_with(child, &WEIGHTS));
                    checked += 1;
                });
            });
            assert!(
                checked > 1000,
                "{cols} columns: only {checked} children checked"
            );
            if cols > HASHED_COLS {
                assert!(
                    past_kept > 100,
                    "only {past_kept} children change column 9 on"
                );
            }
        }
    }
}
