//! The df-pn recursion (Nagai's depth-first proof-number search) for tsume:
//! the attacker (OR nodes) plays checks only, the defender (AND nodes) any
//! legal move.
//!
//! Contract: [`Searcher::mid`] expands a node until its proof or disproof
//! number reaches the given threshold, the node budget runs out, the
//! deadline passes or the stop flag is raised, and returns the node's bounds.
//! A proof is always sound. A repetition on the current path counts as a
//! failure for the attacker (perpetual check loses); disproofs that rest on
//! one are not stored, so they do not leak into other paths through the
//! table. The table is keyed by the board and the attacker's hand (see
//! [`super::table`]). With a depth limit, keys are salted with the plies
//! left, so an answer is only reused at the same remaining depth.

use super::proof::{at_defender_node, before_attacker_move, hand_max};
use super::table::{Bounds, INF, Table};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use yomi_shogi::{
    Color, Hand, Move, MoveList, Piece, Position, count_legal, generate_checks, generate_legal,
};

/// Hard cap on the recursion depth (plies); deeper lines are given up on.
pub(crate) const MAX_PLY: usize = 500;

/// How often (in nodes) the clock and the stop flag are looked at.
const POLL_EVERY: u64 = 1024;

/// One child of the node being expanded.
struct Child {
    mv: Move,
    pn: u32,
    dn: u32,
    len: u16,
    /// Its disproof rests on a repetition of the current path.
    tainted: bool,
    /// When proven: the attacker's hand the node being expanded needs if
    /// this child proves it (see [`super::proof`]).
    proof: Hand,
}

/// The result of expanding a node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Result {
    pub pn: u32,
    pub dn: u32,
    pub len: u16,
    pub tainted: bool,
    /// When proven: the attacker's hand the proof needs.
    pub proof: Hand,
}

/// Search state shared by the recursion.
pub(crate) struct Searcher<'a> {
    pub table: &'a mut Table,
    pub pos: Position,
    pub nodes: u64,
    pub max_nodes: u64,
    pub deadline: Option<Instant>,
    pub stop: &'a AtomicBool,
    /// The side giving the checks (to move at the root).
    attacker: Color,
    pub aborted: bool,
    /// The recursion cap was reached somewhere: a disproof may be incomplete.
    pub capped: bool,
    /// Keys of the positions on the current path (for repetition).
    path: Vec<u64>,
}

/// The table key of a position searched with `left` plies to go (None: no limit).
pub(crate) fn salted(key: u64, left: Option<u16>) -> u64 {
    match left {
        None => key,
        Some(d) => key ^ (u64::from(d) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15),
    }
}

fn add(a: u32, b: u32) -> u32 {
    if a >= INF || b >= INF {
        INF
    } else {
        (a + b).min(INF - 1)
    }
}

/// The moves of a node: checks for the attacker, everything for the defender.
pub(crate) fn node_moves(pos: &Position, attacker: bool, list: &mut MoveList) {
    if attacker {
        generate_checks(pos, list);
    } else {
        generate_legal(pos, list);
    }
}

impl<'a> Searcher<'a> {
    /// A searcher on `pos` with the given budget.
    pub fn new(
        table: &'a mut Table,
        pos: Position,
        max_nodes: u64,
        deadline: Option<Instant>,
        stop: &'a AtomicBool,
    ) -> Searcher<'a> {
        Searcher {
            table,
            attacker: pos.side_to_move(),
            pos,
            nodes: 0,
            max_nodes,
            deadline,
            stop,
            aborted: false,
            capped: false,
            path: Vec::with_capacity(64),
        }
    }

    /// The table's key and hand of the current position with `left` plies to go.
    ///
    /// The key is the board's, with the two hands' sum mixed in: comparing
    /// the attacker's hands is sound only between positions holding the same
    /// pieces in all (then a bigger attacker's hand is a smaller defender's).
    /// Within one problem that always holds; the sum keeps it so for a table
    /// kept between problems whose positions lack different pieces.
    pub fn table_key(&self, left: Option<u16>) -> (u64, Hand) {
        let held = self.pos.hand(Color::Black).0 + self.pos.hand(Color::White).0;
        let key = self.pos.board_key() ^ u64::from(held).wrapping_mul(0xd6e8_feb8_6659_fd93);
        (salted(key, left), self.pos.hand(self.attacker))
    }

    /// What the table knows of the current position with `left` plies to go:
    /// the entry of that depth, or else an unlimited search's answer that
    /// settles it too (a proof no longer than `left` plies, or no mate at all).
    /// The proof of minimal length runs depth-limited searches after the
    /// unlimited one; this is how they reuse its work.
    pub fn lookup(&self, left: Option<u16>) -> Option<Bounds> {
        let (key, hand) = self.table_key(left);
        let known = self.table.get(key, hand);
        let Some(d) = left else {
            return known;
        };
        if known.is_some_and(|b| b.pn == 0 || b.dn == 0) {
            return known;
        }
        match self.table.get(self.table_key(None).0, hand) {
            Some(b) if (b.pn == 0 && b.len <= d) || b.dn == 0 => Some(b),
            _ => known,
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.max_nodes {
            self.aborted = true;
        } else if self.nodes.is_multiple_of(POLL_EVERY) {
            if self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
            if let Some(d) = self.deadline
                && Instant::now() >= d
            {
                self.aborted = true;
            }
        }
    }

    /// First bounds of a child not found in the table. An attacker's move is
    /// looked one ply into: no reply is a mate (proven), otherwise the
    /// number of replies is a good first proof number.
    fn initial(&mut self, attacker: bool, m: Move, left: Option<u16>) -> Child {
        let child_left = left.map(|d| d - 1);
        let captured = self.pos.do_move(m);
        let (pn, dn, len, proof) = match self.lookup(child_left) {
            Some(b) => (b.pn, b.dn, b.len, b.proof),
            None if attacker => {
                self.tick();
                let replies = count_legal(&self.pos) as u32;
                if replies == 0 {
                    let proof = at_defender_node(&self.pos, self.attacker, Hand::default());
                    (0, INF, 0, proof)
                } else if child_left == Some(0) {
                    (INF, 0, 0, Hand::default())
                } else {
                    (replies, 1, 0, Hand::default())
                }
            }
            None => (1, 1, 0, Hand::default()),
        };
        self.pos.undo_move(m, captured);
        Child {
            mv: m,
            pn,
            dn,
            len,
            tainted: false,
            proof: parent_proof(attacker, proof, m, captured),
        }
    }

    /// Expands the node at the current position until a threshold is met.
    /// `attacker`: an OR node. `left`: plies left under a depth limit.
    pub fn mid(&mut self, attacker: bool, th_pn: u32, th_dn: u32, left: Option<u16>) -> Result {
        self.tick();
        let (key, hand) = self.table_key(left);
        let raw_key = self.pos.key();
        if self.path.contains(&raw_key) {
            return Result {
                pn: INF,
                dn: 0,
                len: 0,
                tainted: true,
                proof: Hand::default(),
            };
        }
        if self.path.len() >= MAX_PLY || (attacker && left == Some(0)) {
            self.capped |= left.is_none();
            return Result {
                pn: INF,
                dn: 0,
                len: 0,
                tainted: left.is_none(),
                proof: Hand::default(),
            };
        }
        let mut list = MoveList::new();
        node_moves(&self.pos, attacker, &mut list);
        if list.is_empty() {
            let r = if attacker {
                Result {
                    pn: INF,
                    dn: 0,
                    len: 0,
                    tainted: false,
                    proof: Hand::default(),
                }
            } else {
                Result {
                    pn: 0,
                    dn: INF,
                    len: 0,
                    tainted: false,
                    proof: at_defender_node(&self.pos, self.attacker, Hand::default()),
                }
            };
            self.table.put(key, hand, bounds(&r), 1);
            return r;
        }
        // The children's table buckets are far apart in memory: ask for all of
        // them first, so that their loads overlap instead of each probe below
        // waiting for its own (the probes were half the solver's time).
        let child_left = left.map(|d| d - 1);
        for &m in list.iter() {
            let captured = self.pos.do_move(m);
            self.table.prefetch(self.table_key(child_left).0);
            self.pos.undo_move(m, captured);
        }
        // Children one by one; a node already solved by one of them (an
        // attacker's immediate mate, a defender's known escape) stops there.
        let mut children: Vec<Child> = Vec::with_capacity(list.len());
        for &m in list.iter() {
            let c = self.initial(attacker, m, left);
            let decisive = if attacker {
                c.pn == 0
            } else {
                c.dn == 0 && !c.tainted
            };
            if decisive {
                children.clear();
                children.push(c);
                break;
            }
            children.push(c);
        }
        self.path.push(raw_key);
        let start_nodes = self.nodes;
        let mut r = summarize(attacker, &children);
        while r.pn < th_pn && r.dn < th_dn && !self.aborted {
            let (best, second) = select(attacker, &children);
            let c = &children[best];
            let (cth_pn, cth_dn) = if attacker {
                (
                    th_pn.min(epsilon_bound(second)),
                    th_dn.saturating_sub(r.dn.saturating_sub(c.dn)),
                )
            } else {
                (
                    th_pn.saturating_sub(r.pn.saturating_sub(c.pn)),
                    th_dn.min(epsilon_bound(second)),
                )
            };
            let m = c.mv;
            let captured = self.pos.do_move(m);
            let cr = self.mid(!attacker, cth_pn, cth_dn, left.map(|d| d - 1));
            self.pos.undo_move(m, captured);
            let c = &mut children[best];
            c.pn = cr.pn;
            c.dn = cr.dn;
            c.len = cr.len;
            c.tainted = cr.tainted;
            c.proof = parent_proof(attacker, cr.proof, m, captured);
            r = summarize(attacker, &children);
        }
        self.path.pop();
        if !attacker && r.pn == 0 {
            r.proof = at_defender_node(&self.pos, self.attacker, r.proof);
        }
        if !(r.dn == 0 && r.tainted) {
            self.table
                .put(key, hand, bounds(&r), self.nodes - start_nodes + 1);
        }
        r
    }
}

fn bounds(r: &Result) -> Bounds {
    Bounds {
        pn: r.pn,
        dn: r.dn,
        len: r.len,
        proof: r.proof,
    }
}

/// What a child's proof hand asks of the node expanding it: the attacker's
/// move drops or captures a piece; the defender's moves leave the attacker's
/// hand as it is.
fn parent_proof(attacker: bool, child: Hand, m: Move, captured: Piece) -> Hand {
    if attacker {
        before_attacker_move(child, m, captured)
    } else {
        child
    }
}

/// The child threshold from the second-best value, with the 1+ε trick
/// (ε = 1/4) so the search does not flip between two close siblings.
fn epsilon_bound(second: u32) -> u32 {
    if second >= INF {
        INF
    } else {
        (second + 1).max(second + second / 4)
    }
}

/// Index of the most promising child and the second-best value.
fn select(attacker: bool, children: &[Child]) -> (usize, u32) {
    let key = |c: &Child| if attacker { c.pn } else { c.dn };
    let mut best = 0;
    let mut second = INF;
    for (i, c) in children.iter().enumerate().skip(1) {
        let v = key(c);
        if v < key(&children[best]) {
            second = key(&children[best]);
            best = i;
        } else if v < second {
            second = v;
        }
    }
    (best, second)
}

/// The node's bounds from its children: OR takes min pn and sum dn, AND the reverse.
fn summarize(attacker: bool, children: &[Child]) -> Result {
    let (mut min, mut sum) = (INF, 0u32);
    let mut len_proven = u16::MAX;
    let mut len_all = 0u16;
    // OR: the proof hand of the shortest proof; AND: the largest, kind by kind.
    let mut proof_shortest = Hand::default();
    let mut proof_all = Hand::default();
    // A disproof rests on a repetition when one it needs does: for OR every
    // child's, for AND at least one child's, and none untainted is there.
    let mut any_tainted = false;
    let mut clean_disproof = false;
    for c in children {
        let (a, b) = if attacker { (c.pn, c.dn) } else { (c.dn, c.pn) };
        min = min.min(a);
        sum = add(sum, b);
        if c.pn == 0 {
            if c.len < len_proven {
                len_proven = c.len;
                proof_shortest = c.proof;
            }
            len_all = len_all.max(c.len);
            proof_all = hand_max(proof_all, c.proof);
        }
        if c.dn == 0 {
            any_tainted |= c.tainted;
            clean_disproof |= !c.tainted;
        }
    }
    let tainted = if attacker {
        any_tainted
    } else {
        any_tainted && !clean_disproof
    };
    if attacker {
        Result {
            pn: min,
            dn: sum,
            len: if min == 0 { len_proven + 1 } else { 0 },
            tainted,
            proof: proof_shortest,
        }
    } else {
        Result {
            pn: sum,
            dn: min,
            len: if sum == 0 { len_all + 1 } else { 0 },
            tainted,
            proof: proof_all,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_of(sfen: &str) -> (u64, Hand) {
        let mut table = Table::new(1);
        let stop = AtomicBool::new(false);
        let pos = Position::from_sfen(sfen).unwrap();
        let s = Searcher::new(&mut table, pos, 1, None, &stop);
        s.table_key(None)
    }

    #[test]
    fn hands_are_compared_only_between_the_same_pieces_in_all() {
        let (bare, hand) = key_of("7lk/7p1/9/9/9/9/9/9/K8 b R 1");
        // A gold moved from the defender's hand to the attacker's: same pieces in
        // all, same key; the hands tell the positions apart.
        let (moved, moved_hand) = key_of("7lk/7p1/9/9/9/9/9/9/K8 b RG3g 1");
        let (kept, kept_hand) = key_of("7lk/7p1/9/9/9/9/9/9/K8 b R4g 1");
        assert_eq!(moved, kept);
        assert!(moved_hand.covers(kept_hand) && !kept_hand.covers(moved_hand));
        // Golds the first position does not have at all: another key, so its
        // proofs are never lent to a position where the defender can interpose them.
        assert_ne!(bare, kept);
        assert_eq!(hand, kept_hand);
        // Depth-limited keys differ from the unlimited one.
        let mut table = Table::new(1);
        let stop = AtomicBool::new(false);
        let pos = Position::from_sfen("7lk/7p1/9/9/9/9/9/9/K8 b R 1").unwrap();
        let s = Searcher::new(&mut table, pos, 1, None, &stop);
        assert_ne!(s.table_key(Some(3)).0, s.table_key(None).0);
        assert_ne!(s.table_key(Some(3)).0, s.table_key(Some(5)).0);
    }
}
