//! The typed errors of the games' constructors: the variant says what is wrong and the
//! message is the one the command line prints.

use yomi_games::connect4::MovesError;
use yomi_games::goofspiel::CardCountError;
use yomi_games::tictactoe::BoardError;
use yomi_games::{Connect4, Goofspiel, TicTacToe};

#[test]
fn tictactoe_positions_name_the_problem() {
    let e = TicTacToe::from_text("XO").unwrap_err();
    assert_eq!(
        e,
        BoardError::CellCount {
            cells: 2,
            text: "XO".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "a tic-tac-toe position has 9 cells (X, O or .), got 2 in 'XO'"
    );
    let e = TicTacToe::from_text("XOZ......").unwrap_err();
    assert_eq!(
        e,
        BoardError::BadCell {
            cell: 3,
            found: 'Z'
        }
    );
    assert_eq!(e.to_string(), "cell 3 is 'Z'; use X, O or .");
    let e = TicTacToe::from_text("XXXX.....").unwrap_err();
    assert_eq!(e, BoardError::MarkCounts { x: 4, o: 0 });
    assert_eq!(
        e.to_string(),
        "X has 4 marks and O 0: X must have as many as O or one more"
    );
    assert_eq!(
        TicTacToe::from_text("XXX OOO ...").unwrap_err(),
        BoardError::BothHaveLines
    );
    // X has a line and O moved after it: O (with as many marks) is not to move, X is.
    assert_eq!(
        TicTacToe::from_text("XXX OO. O..").unwrap_err(),
        BoardError::MoverHasLine
    );
}

#[test]
fn connect4_sequences_name_the_move() {
    let e = Connect4::from_moves("12a").unwrap_err();
    assert_eq!(e.index, 3);
    assert_eq!(e.found, 'a');
    assert_eq!(
        e.to_string(),
        "move 3 ('a'): 'a' is not a column: type a number 1-7"
    );
    let e: MovesError = Connect4::from_moves("1111111").unwrap_err();
    assert_eq!((e.index, e.found), (7, '1'));
    assert_eq!(e.to_string(), "move 7 ('1'): column 1 is full");
}

#[test]
fn goofspiel_card_counts() {
    assert_eq!(Goofspiel::new(0).unwrap_err(), CardCountError(0));
    assert_eq!(
        Goofspiel::new(14).unwrap_err().to_string(),
        "goofspiel needs 1 to 13 cards, got 14"
    );
    assert!(Goofspiel::new(13).is_ok());
}
