//! Move rules, notations and sequence-move decomposition.

use yomi_freecell::moves::{MoveMode, apply, capacity, check, expand_to_atomic, legal_moves};
use yomi_freecell::notation::{fcs_verbose, hex, parse_hex, parse_standard, standard};
use yomi_freecell::text::parse_board;
use yomi_freecell::{Layout, Loc, Move, deal_board};

const RUNS: &str = "Foundations: H-0 C-0 D-0 S-0
Freecells: - - - -
: KS QH JC TD 9S 8H
: 9C
:
: AH AC AD AS 2H 2C 2D 2S 3H 3C 3D 3S 4H 4C 4D 4S 5H 5C 5D 5S 6H 6C 6D 6S
: 7H 7C 7D 7S 8C 8D 8S 9H 9D TH TC TS JH JD JS QC QD QS KH KC KD
:
:
:
";

#[test]
fn sequence_moves_respect_capacity() {
    let b = parse_board(RUNS, Layout::default()).unwrap();
    // 4 free cells, 4 empty columns: 5 * 2^4 cards to a non-empty column
    assert_eq!(capacity(&b, false), 80);
    assert_eq!(capacity(&b, true), 40);
    let to_empty = Move {
        from: Loc::Col(0),
        to: Loc::Col(2),
        count: 5,
    };
    assert!(check(&b, to_empty).is_ok());
    let too_many = Move {
        from: Loc::Col(0),
        to: Loc::Col(2),
        count: 7,
    };
    assert!(check(&b, too_many).is_err(), "only six cards in the column");
    let not_a_run = Move {
        from: Loc::Col(4),
        to: Loc::Col(2),
        count: 2,
    };
    assert!(check(&b, not_a_run).is_err(), "KC KD is not an ordered run");
    let mut zero = b.clone();
    // fill the cells: only the empty columns help now
    for (i, c) in [(0u8, 3u8), (1, 4), (2, 4), (3, 4)] {
        apply(&mut zero, Move::one(Loc::Col(c), Loc::Cell(i))).unwrap();
    }
    let one_cap = capacity(&zero, false);
    assert_eq!(one_cap, 16, "no free cell, four empty columns: 1 << 4");
}

#[test]
fn atomic_generation_has_no_multi_card_moves() {
    let b = deal_board(5, Layout::default()).unwrap();
    let mut ms = Vec::new();
    legal_moves(&b, MoveMode::Atomic, &mut ms);
    assert!(!ms.is_empty());
    assert!(ms.iter().all(|m| m.count == 1));
    for m in ms {
        assert!(check(&b, m).is_ok(), "{m:?}");
    }
}

#[test]
fn supermove_decomposes_into_legal_single_moves() {
    let b = parse_board(RUNS, Layout::default()).unwrap();
    let mut after_seq = b.clone();
    let m = Move {
        from: Loc::Col(0),
        to: Loc::Col(2),
        count: 5,
    };
    apply(&mut after_seq, m).unwrap();
    let mut stepwise = b.clone();
    let mut singles = Vec::new();
    expand_to_atomic(&mut stepwise, m, &mut singles).unwrap();
    assert!(singles.iter().all(|s| s.count == 1));
    assert_eq!(singles.len(), 9, "5 cards through 4 cells: 2*5-1 moves");
    let mut replay = b.clone();
    for s in &singles {
        apply(&mut replay, *s).unwrap();
    }
    assert_eq!(replay, after_seq);
    assert_eq!(stepwise, after_seq);
}

#[test]
fn standard_notation_round_trips() {
    let b = deal_board(1, Layout::default()).unwrap();
    let mut ms = Vec::new();
    legal_moves(&b, MoveMode::Sequence, &mut ms);
    for m in ms {
        let s = standard(m);
        assert_eq!(parse_standard(&s, &b).unwrap(), m, "{s}");
    }
    assert_eq!(standard(Move::one(Loc::Col(4), Loc::Cell(0))), "5a");
    assert_eq!(standard(Move::one(Loc::Cell(1), Loc::Col(1))), "b2");
    assert_eq!(standard(Move::one(Loc::Col(6), Loc::Found)), "7h");
    assert_eq!(
        standard(Move {
            from: Loc::Col(2),
            to: Loc::Col(6),
            count: 3
        }),
        "37v3"
    );
    assert!(parse_standard("9z", &b).is_err());
    assert!(parse_standard("5", &b).is_err());
    assert!(parse_standard("37v0", &b).is_err());
}

#[test]
fn hex_and_verbose_notations() {
    let b = parse_board(RUNS, Layout::default()).unwrap();
    let m = Move::one(Loc::Col(3), Loc::Found); // 6S to the spades foundation? no: AH..6S top is 6S
    assert_eq!(
        hex(Move::one(Loc::Col(2 - 2), Loc::Cell(0)), &b).unwrap(),
        "40"
    );
    assert_eq!(hex(Move::one(Loc::Col(4), Loc::Col(1)), &b).unwrap(), "85");
    assert!(
        hex(Move::one(Loc::Col(7), Loc::Col(1)), &b).is_err(),
        "column 8 is empty"
    );
    let top = b.top(3).unwrap();
    assert_eq!(top.to_string(), "6S");
    assert_eq!(hex(m, &b).unwrap(), "7f", "spades foundation is f");
    let ace = parse_board(
        &RUNS.replace(": 9C", ": 9C AH").replace("AH AC", "AC"),
        Layout::default(),
    )
    .unwrap();
    assert_eq!(
        hex(Move::one(Loc::Col(1), Loc::Found), &ace).unwrap(),
        "5e",
        "hearts foundation is e"
    );
    let back = parse_hex("85", &b).unwrap();
    assert_eq!(back, Move::one(Loc::Col(4), Loc::Col(1)));
    assert_eq!(
        fcs_verbose(Move {
            from: Loc::Col(0),
            to: Loc::Col(2),
            count: 5
        }),
        "Move 5 cards from stack 0 to stack 2"
    );
    assert_eq!(
        fcs_verbose(Move::one(Loc::Cell(1), Loc::Found)),
        "Move a card from freecell 1 to the foundations"
    );
}
