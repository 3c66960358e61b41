//! A search tree over one player's own pushes (the opponent's pushes are not
//! in it): the tree of `mcts` and each of the two trees of `smitsimax`.
//!
//! Contract: node 0 is the root, with `root_arms` arms (a candidate list the
//! caller maps to pushes); every other node has 28 arms, one per push. A
//! node's arms and child links are allocated the first time it is selected
//! from; children are created by [`OwnTree::child`] when first reached, until
//! `max_nodes`. Vectors are reused between searches.

use super::arms::{Arm, most_visited, select, update};
use crate::action::Push;
use yomi_core::Rng;
use yomi_search::SelectionPolicy;

const NONE: u32 = u32::MAX;

#[derive(Clone, Copy, Debug)]
struct Node {
    /// Times selected from.
    visits: u32,
    /// Offset of the arms (and child links) or `NONE` before the first selection.
    arms: u32,
}

/// One player's push tree.
#[derive(Clone, Debug, Default)]
pub struct OwnTree {
    nodes: Vec<Node>,
    arms: Vec<Arm>,
    kids: Vec<u32>,
    root_arms: usize,
    max_nodes: usize,
}

impl OwnTree {
    /// An empty tree.
    pub fn new() -> OwnTree {
        OwnTree::default()
    }

    /// Starts a new search: only a root with `root_arms` arms (1 to 28), at
    /// most `max_nodes` nodes.
    pub fn reset(&mut self, root_arms: usize, max_nodes: usize) {
        self.nodes.clear();
        self.arms.clear();
        self.kids.clear();
        self.root_arms = root_arms.clamp(1, Push::COUNT);
        self.max_nodes = max_nodes.max(1);
        self.nodes.push(Node {
            visits: 0,
            arms: NONE,
        });
    }

    /// Nodes in the tree.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree is empty (before the first [`OwnTree::reset`]).
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn width(&self, node: u32) -> usize {
        if node == 0 {
            self.root_arms
        } else {
            Push::COUNT
        }
    }

    fn block(&mut self, node: u32) -> (usize, usize) {
        let k = self.width(node);
        let n = &mut self.nodes[node as usize];
        if n.arms == NONE {
            n.arms = self.arms.len() as u32;
            self.arms.resize(self.arms.len() + k, Arm::default());
            self.kids.resize(self.kids.len() + k, NONE);
        }
        (n.arms as usize, k)
    }

    /// Selects an arm at `node` by `policy`: (arm, probability drawn with).
    pub fn select(&mut self, node: u32, policy: SelectionPolicy, rng: &mut Rng) -> (usize, f64) {
        let (off, k) = self.block(node);
        select(
            policy,
            &self.arms[off..off + k],
            self.nodes[node as usize].visits,
            rng,
        )
    }

    /// The child of `node` along `arm` and whether it was just created; `None`
    /// when it does not exist and the tree is full.
    pub fn child(&mut self, node: u32, arm: usize) -> Option<(u32, bool)> {
        let (off, _) = self.block(node);
        match self.kids[off + arm] {
            NONE if self.nodes.len() >= self.max_nodes => None,
            NONE => {
                let c = self.nodes.len() as u32;
                self.nodes.push(Node {
                    visits: 0,
                    arms: NONE,
                });
                self.kids[off + arm] = c;
                Some((c, true))
            }
            c => Some((c, false)),
        }
    }

    /// Records at `node` (already selected from) that `arm`, drawn with `prob`, returned `reward`.
    pub fn update(
        &mut self,
        node: u32,
        policy: SelectionPolicy,
        arm: usize,
        prob: f64,
        reward: f64,
    ) {
        let (off, k) = self.block(node);
        self.nodes[node as usize].visits += 1;
        update(policy, &mut self.arms[off..off + k], arm, prob, reward);
    }

    /// The root's arms (empty before the first selection).
    pub fn root(&self) -> &[Arm] {
        match self.nodes.first() {
            Some(n) if n.arms != NONE => &self.arms[n.arms as usize..][..self.root_arms],
            _ => &[],
        }
    }

    /// The root's most visited arm (0 before any search).
    pub fn best(&self) -> usize {
        let r = self.root();
        if r.is_empty() { 0 } else { most_visited(r) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn children_are_created_once_and_the_tree_stops_at_its_cap() {
        let mut t = OwnTree::new();
        t.reset(3, 3);
        let ucb = SelectionPolicy::Ucb1 { c: 0.4 };
        let mut rng = Rng::new(1);
        let (a, _) = t.select(0, ucb, &mut rng);
        assert!(a < 3);
        assert_eq!(t.child(0, a), Some((1, true)));
        assert_eq!(t.child(0, a), Some((1, false)));
        assert_eq!(t.child(0, (a + 1) % 3), Some((2, true)));
        assert_eq!(t.child(0, (a + 2) % 3), None, "full at 3 nodes");
        t.update(0, ucb, a, 1.0, 0.75);
        assert_eq!(t.root()[a].visits, 1);
        assert_eq!(t.best(), a);
        // A child has 28 arms.
        let (b, _) = t.select(1, ucb, &mut rng);
        assert!(b < Push::COUNT);
        t.reset(28, 10);
        assert!(t.root().is_empty());
        assert_eq!(t.len(), 1);
    }
}
