//! Perft: count the move sequences of a given length (the move generator's
//! standard correctness and speed check). Finished games are leaves: no move
//! is generated after a win.

use crate::game::Game;

/// Leaves at exactly `depth` plies below `state` (bulk-counted at the last ply).
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..=depth).map(|_| Vec::new()).collect();
    perft_inner(state, depth, &mut buffers)
}

fn perft_inner<G: Game>(state: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (head, tail) = buffers.split_first_mut().expect("one buffer per ply");
    state.legal_moves(head);
    if depth == 1 {
        return head.len() as u64;
    }
    let mut total = 0;
    for &mv in head.iter() {
        let mut child = state.clone();
        child.play(mv);
        total += perft_inner(&child, depth - 1, tail);
    }
    total
}

/// Perft split by root move: `(move, leaves)` in generation order.
pub fn divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Move, u64)> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play(mv);
            (
                mv,
                if depth == 0 {
                    0
                } else {
                    perft(&child, depth - 1)
                },
            )
        })
        .collect()
}
