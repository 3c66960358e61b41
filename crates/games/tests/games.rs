//! Facts about the reference games: conformance, tic-tac-toe's tree size and
//! value, Connect Four perft counts from the data file.

use yomi_games::{Connect4, TicTacToe};
use yomi_search::conformance::check_game;
use yomi_search::perft::{divide, perft};
use yomi_search::{Game, Minimax, MinimaxOptions, Outcome};

#[test]
fn tictactoe_conforms() {
    check_game::<TicTacToe>(1, 300);
}

#[test]
fn connect4_conforms() {
    check_game::<Connect4>(2, 300);
}

#[test]
fn tictactoe_full_tree_has_549946_nodes_255168_games_and_is_a_draw() {
    let r = Minimax::new(MinimaxOptions::default()).search(&TicTacToe::initial());
    assert_eq!(r.nodes, 549_946);
    assert_eq!(r.terminals, 255_168);
    assert_eq!(r.score, 0);
    assert!(r.exact);
    assert_eq!(r.best_moves.len(), 9, "every first move draws");
}

#[test]
fn tictactoe_detects_wins_and_parses_positions() {
    // X: 1 2, O: 4 5, X to move: 3 wins at once.
    let p = TicTacToe::from_text("XX. OO. ...").unwrap();
    let r = Minimax::new(MinimaxOptions::default()).search(&p);
    assert_eq!(
        r.best_moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>(),
        vec!["3"]
    );
    assert_eq!(r.score, yomi_search::score::WIN - 1);
    let mut won = p;
    won.play(p.parse_move("3").unwrap());
    assert_eq!(won.outcome(), Some(Outcome::Loss));
    assert!(
        TicTacToe::from_text("XXX OOO ...").is_err(),
        "both sides cannot have a line"
    );
    assert_eq!(
        TicTacToe::from_text("XXX OO. ...").unwrap().outcome(),
        Some(Outcome::Loss),
        "O to move has lost"
    );
    assert!(
        TicTacToe::from_text("XXXX.....").is_err(),
        "X has 4 marks, O none"
    );
    assert!(TicTacToe::from_text("XO").is_err());
    assert!(TicTacToe::from_text("XOZ......").is_err());
    assert!(p.parse_move("1").is_err(), "square 1 is taken");
    assert!(p.parse_move("10").is_err());
    assert!(p.parse_move("x").is_err());
}

/// Reads `depth count` lines (comments start with #).
fn perft_table(text: &str) -> Vec<(u32, u64)> {
    text.lines()
        .map(|l| l.split('#').next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let mut it = l.split_whitespace();
            (
                it.next().unwrap().parse().unwrap(),
                it.next().unwrap().replace('_', "").parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn connect4_perft_matches_data_file() {
    let table = perft_table(include_str!("data/connect4_perft.txt"));
    assert!(table.len() >= 9);
    for (depth, count) in table {
        assert_eq!(perft(&Connect4::initial(), depth), count, "perft({depth})");
    }
}

#[test]
fn connect4_divide_sums_to_perft_and_wins_end_the_game() {
    let d = divide(&Connect4::initial(), 5);
    assert_eq!(d.len(), 7);
    assert_eq!(
        d.iter().map(|x| x.1).sum::<u64>(),
        perft(&Connect4::initial(), 5)
    );
    // Vertical four for X in column 1.
    let p = Connect4::from_moves("1212121").unwrap();
    assert_eq!(p.outcome(), Some(Outcome::Loss));
    let mut moves = Vec::new();
    p.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert!(
        Connect4::from_moves("11111111").is_err(),
        "column 1 overflows"
    );
    assert!(Connect4::from_moves("12a").is_err());
    assert!(Connect4::from_moves("8").is_err());
}

#[test]
fn connect4_random_move_is_legal_and_uniform() {
    let mut rng = yomi_core::Rng::new(5);
    let mut scratch = Vec::new();
    // Columns 1 and 7 full: five playable columns, each drawn about 1/5 of the time.
    let p = Connect4::from_moves("111111777777").unwrap();
    let mut legal = Vec::new();
    p.legal_moves(&mut legal);
    assert_eq!(legal.len(), 5);
    let mut counts = std::collections::HashMap::new();
    for _ in 0..50_000 {
        let m = p.random_move(&mut rng, &mut scratch).unwrap();
        assert!(legal.contains(&m), "{m} is not legal");
        *counts.entry(m).or_insert(0) += 1;
    }
    assert_eq!(counts.len(), 5);
    for (m, c) in counts {
        assert!((9_300..10_700).contains(&c), "column {m}: {c}");
    }
    let won = Connect4::from_moves("1212121").unwrap();
    assert_eq!(won.random_move(&mut rng, &mut scratch), None);
}

#[test]
fn a_finished_board_says_who_won_not_who_is_to_move() {
    let won = TicTacToe::from_text("XXX OO. ...").unwrap();
    let text = won.to_string();
    assert!(text.ends_with("game over: X wins"), "{text}");
    let drawn = TicTacToe::from_text("XOX XOO OXX").unwrap();
    assert!(drawn.to_string().ends_with("game over: a draw"));
    let open = TicTacToe::from_text("X........").unwrap();
    assert!(open.to_string().ends_with("O to move"));
    let four = Connect4::from_moves("1212121").unwrap();
    assert!(four.to_string().ends_with("game over: X wins"), "{four}");
}
