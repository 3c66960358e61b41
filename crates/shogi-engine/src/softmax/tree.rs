//! The search tree of Monte Carlo Softmax Search: a flat arena of compact
//! nodes, children of a node stored contiguously.
//!
//! Contract: a node holds its move, its value from its own side to move's
//! view, its state flags and the index of its first child; positions are
//! never stored (a playout replays moves from the root), so a node costs
//! [`NODE_BYTES`] bytes and memory is bounded by [`Tree::capacity`].
//! [`Tree::reroot`] keeps a subtree and compacts it so the new root is node 0.

use yomi_shogi::Move;

/// Index of "no node".
pub const NONE: u32 = u32::MAX;

/// The children have values (evaluated or backed up).
pub const EXPANDED: u8 = 1;
/// The children are being evaluated: not selectable until they return.
pub const EXPANDING: u8 = 2;
/// The value is a proven game result (mate, repetition, declaration).
pub const EXACT: u8 = 4;
/// Nothing below can change any more (exact, frozen at the depth limit,
/// or every child complete); selection never enters it.
pub const COMPLETE: u8 = 8;

/// One node.
#[derive(Clone, Copy, Debug)]
pub struct Node {
    /// The move that leads here from the parent ([`Move::NONE`] at the root).
    pub mv: Move,
    /// State flags ([`EXPANDED`], [`EXPANDING`], [`EXACT`], [`COMPLETE`]).
    pub flags: u8,
    /// Playouts in flight through this node (virtual loss).
    pub pending: u8,
    /// Value in cp from this node's side to move (mate scale when exact).
    pub value: f32,
    /// First child, or [`NONE`].
    pub first: u32,
    /// Number of children.
    pub count: u16,
    /// Backups through this node.
    pub visits: u32,
}

/// Bytes one node takes in the arena.
pub const NODE_BYTES: usize = std::mem::size_of::<Node>();

impl Node {
    /// A fresh, unexpanded node.
    pub fn leaf(mv: Move, value: f32) -> Node {
        Node {
            mv,
            flags: 0,
            pending: 0,
            value,
            first: NONE,
            count: 0,
            visits: 0,
        }
    }

    /// True when any of `flag` is set.
    #[inline]
    pub fn has(&self, flag: u8) -> bool {
        self.flags & flag != 0
    }

    /// The children's index range.
    #[inline]
    pub fn children(&self) -> std::ops::Range<usize> {
        if self.first == NONE {
            0..0
        } else {
            self.first as usize..self.first as usize + self.count as usize
        }
    }
}

/// The node arena.
pub struct Tree {
    /// Every node; node 0 is the root.
    pub nodes: Vec<Node>,
    capacity: usize,
}

impl Tree {
    /// An arena of at most `bytes` bytes, holding a fresh root.
    pub fn new(bytes: usize) -> Tree {
        let capacity = (bytes / NODE_BYTES).max(1024);
        let mut nodes = Vec::with_capacity(capacity.min(1 << 20));
        nodes.push(Node::leaf(Move::NONE, 0.0));
        Tree { nodes, capacity }
    }

    /// Most nodes the arena may hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Changes the bound (a smaller one takes effect at the next reset).
    pub fn set_capacity_bytes(&mut self, bytes: usize) {
        self.capacity = (bytes / NODE_BYTES).max(1024);
    }

    /// Use in per mille.
    pub fn permille(&self) -> u32 {
        (self.nodes.len() as u64 * 1000 / self.capacity as u64).min(1000) as u32
    }

    /// Forgets everything but a fresh root.
    pub fn reset(&mut self) {
        self.nodes.clear();
        self.nodes.push(Node::leaf(Move::NONE, 0.0));
    }

    /// Appends children for `moves` under `parent` (values 0 until
    /// evaluated); false when the arena is full.
    pub fn add_children(&mut self, parent: u32, moves: &[Move]) -> bool {
        if self.nodes.len() + moves.len() > self.capacity || moves.len() > u16::MAX as usize {
            return false;
        }
        let first = self.nodes.len() as u32;
        self.nodes.extend(moves.iter().map(|&m| Node::leaf(m, 0.0)));
        let p = &mut self.nodes[parent as usize];
        p.first = first;
        p.count = moves.len() as u16;
        true
    }

    /// Keeps the subtree of `new_root` only, compacted so that it is node 0
    /// (children stay contiguous, in breadth-first order).
    pub fn reroot(&mut self, new_root: u32) {
        if new_root == 0 {
            return;
        }
        let mut out: Vec<Node> = Vec::with_capacity(self.nodes.len().min(self.capacity));
        let mut root = self.nodes[new_root as usize];
        root.mv = Move::NONE;
        out.push(root);
        let mut i = 0;
        while i < out.len() {
            let n = out[i];
            if n.first != NONE {
                let first = out.len() as u32;
                out.extend_from_slice(&self.nodes[n.children()]);
                out[i].first = first;
            }
            i += 1;
        }
        self.nodes = out;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_small_and_reroot_keeps_the_subtree_shape() {
        const { assert!(NODE_BYTES <= 20) };
        let mut t = Tree::new(1 << 20);
        let m = |k: u16| Move(k);
        assert!(t.add_children(0, &[m(1), m(2), m(3)]));
        assert!(t.add_children(2, &[m(4), m(5)]));
        assert!(t.add_children(4, &[m(6)]));
        t.nodes[5].value = 42.0;
        t.reroot(2);
        assert_eq!(t.nodes.len(), 4);
        assert_eq!(t.nodes[0].mv, Move::NONE);
        let kids: Vec<u16> = t.nodes[t.nodes[0].children()]
            .iter()
            .map(|n| n.mv.0)
            .collect();
        assert_eq!(kids, vec![4, 5]);
        let grand = t.nodes[1].children();
        assert_eq!(t.nodes[grand.start].mv, m(6));
        assert_eq!(t.nodes[2].value, 42.0);
    }

    #[test]
    fn the_arena_refuses_to_grow_past_its_bound() {
        let mut t = Tree::new(0);
        let moves = vec![Move(1); 600];
        assert!(t.add_children(0, &moves));
        assert!(!t.add_children(1, &moves), "capacity 1024 nodes");
        assert!(t.permille() > 500);
    }
}
