//! The value of an expanded node from its children: the softmax-weighted
//! mean at the backup temperature, with exact results propagated as in
//! minimax.
//!
//! Contract (all values from the node's side to move, `q = -child value`):
//! - a child proven lost for its side to move makes the node a proven win,
//!   the shortest such mate (one ply longer) being its value;
//! - when every child is proven, the node is proven with the best `q`
//!   (a mate one ply longer);
//! - otherwise `V = Σ π_c q_c` with `π = softmax(q / T)`; `T = 0` is the max.
//!
//! The node is complete when every child is complete.

use super::tree::{COMPLETE, EXACT, Node};
use crate::score::{MATE_IN_MAX_PLY, PERPETUAL};

/// What a node becomes after a backup.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Backed {
    /// New value.
    pub value: f32,
    /// Flags to set ([`EXACT`], [`COMPLETE`], or none).
    pub flags: u8,
}

/// A proven score one ply further from the mate (a mate seen from the
/// parent is one ply longer); draws and perpetual-check results unchanged.
#[inline]
pub fn one_ply_longer(q: f32) -> f32 {
    let bound = MATE_IN_MAX_PLY as f32;
    if q >= bound {
        q - 1.0
    } else if q <= -bound {
        q + 1.0
    } else {
        q
    }
}

/// True when `q` is a win the node can force.
#[inline]
fn is_win(q: f32) -> bool {
    q >= PERPETUAL as f32
}

/// Backs up `children` at temperature `t` (in cp).
pub fn backup(children: &[Node], t: f32) -> Backed {
    let mut all_exact = true;
    let mut all_complete = true;
    let mut best_win: Option<f32> = None;
    let mut max_q = f32::NEG_INFINITY;
    for c in children {
        let q = -c.value;
        max_q = max_q.max(q);
        if c.has(EXACT) {
            if is_win(q) {
                best_win = Some(best_win.map_or(q, |b: f32| b.max(q)));
            }
        } else {
            all_exact = false;
        }
        all_complete &= c.has(COMPLETE);
    }
    if let Some(q) = best_win {
        return Backed {
            value: one_ply_longer(q),
            flags: EXACT | COMPLETE,
        };
    }
    if all_exact {
        return Backed {
            value: one_ply_longer(max_q),
            flags: EXACT | COMPLETE,
        };
    }
    let value = if t <= 0.0 {
        max_q
    } else {
        let (mut num, mut den) = (0.0f64, 0.0f64);
        for c in children {
            let q = -c.value as f64;
            let w = ((q - max_q as f64) / t as f64).exp();
            num += w * q;
            den += w;
        }
        (num / den) as f32
    };
    Backed {
        value,
        flags: if all_complete { COMPLETE } else { 0 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::MATE;
    use yomi_shogi::Move;

    fn child(value: f32, flags: u8) -> Node {
        let mut n = Node::leaf(Move::NONE, value);
        n.flags = flags;
        n
    }

    #[test]
    fn softmax_mean_between_mean_and_max() {
        let kids = [child(-100.0, 0), child(50.0, 0), child(0.0, 0)];
        assert_eq!(backup(&kids, 0.0).value, 100.0);
        let v = backup(&kids, 40.0).value;
        assert!(v > 50.0 && v < 100.0, "{v}");
        let hot = backup(&kids, 1e6).value;
        assert!((hot - 50.0 / 3.0).abs() < 0.1, "{hot}");
        assert_eq!(backup(&kids, 40.0).flags, 0);
    }

    #[test]
    fn a_mated_child_proves_a_win_one_ply_longer() {
        let kids = [
            child(300.0, 0),
            child(-(MATE as f32), EXACT | COMPLETE),
            child(-(MATE as f32 - 2.0), EXACT | COMPLETE),
        ];
        let b = backup(&kids, 40.0);
        assert_eq!(b.flags, EXACT | COMPLETE);
        assert_eq!(b.value, MATE as f32 - 1.0, "the shortest mate wins");
    }

    #[test]
    fn all_children_proven_lost_is_a_proven_loss() {
        let kids = [
            child(MATE as f32 - 1.0, EXACT | COMPLETE),
            child(MATE as f32 - 3.0, EXACT | COMPLETE),
        ];
        let b = backup(&kids, 40.0);
        assert_eq!(b.flags, EXACT | COMPLETE);
        assert_eq!(b.value, -(MATE as f32) + 4.0, "the longest defence");
        // A drawn child among lost ones: the draw is the proven value.
        let kids = [
            child(MATE as f32 - 1.0, EXACT | COMPLETE),
            child(0.0, EXACT | COMPLETE),
        ];
        assert_eq!(backup(&kids, 40.0).value, 0.0);
        // One child still open: not proven, and the lost move hardly counts.
        let kids = [child(MATE as f32 - 1.0, EXACT | COMPLETE), child(120.0, 0)];
        let b = backup(&kids, 40.0);
        assert_eq!(b.flags, 0);
        assert!((b.value + 120.0).abs() < 1e-3, "{}", b.value);
    }
}
