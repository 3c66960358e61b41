//! Deal generation against boards printed by pysol-cards
//! (data/pysol_sample.txt, made by scripts/pysol_deals.py): deals 1..20,
//! a random sample of 1..32000, and the FreeCell Pro ranges above 2^31 and
//! 2^32 including their edges.

use yomi_freecell::text::{format_board, parse_board};
use yomi_freecell::{Layout, deal_board};

#[test]
fn deals_match_pysol_cards_sample() {
    let data = include_str!("../data/pysol_sample.txt");
    let mut checked = 0;
    for block in data.split("# deal ").filter(|b| !b.trim().is_empty()) {
        let (num, board) = block.split_once('\n').unwrap();
        let n: u64 = num.trim().parse().unwrap();
        let ours = format_board(&deal_board(n, Layout::default()).unwrap(), false);
        assert_eq!(ours.trim_end(), board.trim_end(), "deal {n}");
        // the reference text parses back to the same board
        let parsed = parse_board(board, Layout::default()).unwrap();
        assert_eq!(
            parsed,
            deal_board(n, Layout::default()).unwrap(),
            "deal {n}"
        );
        checked += 1;
    }
    assert!(checked >= 100, "only {checked} deals in the sample");
}

#[test]
fn deals_differ_and_cover_the_deck() {
    let a = deal_board(1, Layout::default()).unwrap();
    let b = deal_board(2, Layout::default()).unwrap();
    assert_ne!(a, b);
    let c = deal_board(1, Layout { cols: 8, cells: 2 }).unwrap();
    assert_eq!(c.ncells(), 2);
    assert!(deal_board(1, Layout { cols: 10, cells: 4 }).is_err());
}
