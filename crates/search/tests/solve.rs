//! `yomi_search::solve` on a game small enough to know by hand: subtraction
//! Nim (take 1, 2 or 3 stones; whoever takes the last stone wins). A pile of
//! n stones is lost for the side to move exactly when n % 4 == 0; the winning
//! move takes n % 4; the length of the game with best play is known too.

use yomi_search::Game;
use yomi_search::solve::{SolveOptions, solve};

#[path = "../examples/nim/game.rs"]
mod game;

use game::Nim;

/// Plies to the end with best play: the winner first takes n % 4, then
/// answers every k with 4 - k, so each later round takes two plies.
fn best_plies(n: u32) -> u32 {
    if n.is_multiple_of(4) {
        2 * (n / 4)
    } else {
        1 + 2 * (n / 4)
    }
}

#[test]
fn solve_finds_the_value_every_best_move_and_the_distance() {
    for n in 1..=21 {
        let s = solve(&Nim::pile(n), &SolveOptions::default());
        let losing = n % 4 == 0;
        assert_eq!(s.value, Some(if losing { -1 } else { 1 }), "n={n}");
        assert_eq!(s.result(), if losing { "loss" } else { "win" });
        assert_eq!(s.plies, Some(best_plies(n)), "n={n}");
        let mut best = s.best_moves.clone();
        best.sort();
        if losing {
            // Every move loses, and each in the same number of plies: the
            // winner answers k with 4 - k, so every round takes two plies.
            assert_eq!(best, vec![1, 2, 3], "n={n}");
        } else {
            assert_eq!(best, vec![n % 4], "n={n}");
        }
        assert_eq!(s.pv.first(), best.first(), "n={n}");
    }
}

#[test]
fn a_finished_game_is_solved_without_search() {
    let mut g = Nim::pile(2);
    g.play(2);
    let s = solve(&g, &SolveOptions::default());
    assert_eq!((s.value, s.plies, s.nodes), (Some(-1), Some(0), 0));
    assert!(s.best_moves.is_empty());
}
