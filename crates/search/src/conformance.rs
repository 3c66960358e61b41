//! A conformance battery every [`Game`] implementation must pass (in the
//! spirit of OpenSpiel's game tests). Call [`check_game`] from a game crate's
//! tests; it panics with a description of the first violation.
//!
//! Checked on seeded random playouts:
//! - legal moves are distinct, and empty exactly when `outcome` is `Some`;
//! - `random_move` returns a legal move, and `None` exactly at the end;
//! - every legal move's text form parses back to the same move;
//! - `play` on a clone leaves the original untouched (copy-make is sound);
//! - the side to move alternates;
//! - hashes are deterministic, change with every move, and two move orders
//!   reaching the same position give the same hash;
//! - games end within `max_game_length` when the game declares one.

use crate::game::Game;
use std::collections::{HashMap, HashSet};
use yomi_core::rng::Rng;

/// Runs the battery over `games` random games drawn from `seed`.
pub fn check_game<G: Game + PartialEq>(seed: u64, games: usize) {
    let mut rng = Rng::new(seed);
    let mut moves = Vec::new();
    // Position text -> hash, to check that transpositions hash alike.
    let mut seen: HashMap<String, u64> = HashMap::new();
    for game in 0..games {
        let mut state = G::initial();
        let mut plies = 0usize;
        loop {
            state.legal_moves(&mut moves);
            let outcome = state.outcome();
            assert_eq!(
                moves.is_empty(),
                outcome.is_some(),
                "game {game} ply {plies}: legal moves empty = {} but outcome = {outcome:?}\n{state}",
                moves.is_empty()
            );
            let mut scratch = Vec::new();
            match state.random_move(&mut rng, &mut scratch) {
                Some(m) => assert!(
                    moves.contains(&m),
                    "game {game} ply {plies}: random_move gave illegal {m}"
                ),
                None => assert!(
                    moves.is_empty(),
                    "game {game} ply {plies}: random_move gave None with legal moves"
                ),
            }
            let distinct: HashSet<_> = moves.iter().collect();
            assert_eq!(
                distinct.len(),
                moves.len(),
                "game {game} ply {plies}: duplicate legal moves {moves:?}"
            );
            if let Some(h) = state.hash() {
                assert_eq!(state.clone().hash(), Some(h), "hash of a clone differs");
                let key = format!("{state:?}");
                if let Some(&old) = seen.get(&key) {
                    assert_eq!(
                        old, h,
                        "game {game} ply {plies}: same position, different hash\n{state}"
                    );
                }
                seen.insert(key, h);
            }
            if outcome.is_some() {
                break;
            }
            for &mv in moves.iter() {
                let parsed = state.parse_move(&mv.to_string());
                assert_eq!(
                    parsed,
                    Ok(mv),
                    "game {game} ply {plies}: move '{mv}' does not parse back"
                );
            }
            let mv = moves[rng.below(moves.len())];
            let before = state.clone();
            let mut child = state.clone();
            child.play(mv);
            assert!(state == before, "playing on a clone changed the original");
            assert_ne!(
                child.to_move(),
                state.to_move(),
                "side to move did not alternate after {mv}"
            );
            if let (Some(a), Some(b)) = (state.hash(), child.hash()) {
                assert_ne!(a, b, "game {game} ply {plies}: hash unchanged by move {mv}");
            }
            state = child;
            plies += 1;
            if let Some(max) = G::max_game_length() {
                assert!(
                    plies <= max,
                    "game lasted {plies} plies, more than the declared maximum {max}"
                );
            }
            assert!(plies < 100_000, "game did not end after 100000 plies");
        }
    }
}
