//! Perft: counting the leaves of the legal move tree.
//!
//! Contract: `perft(pos, d)` is the number of legal move sequences of length
//! `d`; at the last ply it counts the generated list without playing the
//! moves ("bulk counting"), which is exact because the generator is fully
//! legal. The position is restored on return.

use crate::movegen::{MoveList, count_legal, generate_legal};
use crate::position::Position;
use crate::types::Move;

/// Number of leaf nodes at `depth` plies below `pos`.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_legal(pos) as u64;
    }
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        let cap = pos.do_move(m);
        nodes += perft(pos, depth - 1);
        pos.undo_move(m, cap);
    }
    nodes
}

/// Per-root-move leaf counts (`perft divide`), in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    list.iter()
        .map(|&m| {
            let cap = pos.do_move(m);
            let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
            pos.undo_move(m, cap);
            (m, n)
        })
        .collect()
}

/// Like [`perft`], but the last ply writes every move into a [`MoveList`]
/// and counts the list, as move-list based perfts do (YaneuraOu, yasai); it
/// measures generation speed rather than the popcount shortcut.
pub fn perft_lists(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    generate_legal(pos, &mut list);
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in list.iter() {
        let cap = pos.do_move(m);
        nodes += perft_lists(pos, depth - 1);
        pos.undo_move(m, cap);
    }
    nodes
}
