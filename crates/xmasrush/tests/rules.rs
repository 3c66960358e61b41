//! Rules checked against facts derived outside the crate.
//!
//! `data/initial_states.txt` was printed by a throwaway Java 17 program (kept
//! outside the repository) that implements the initial-state generation of
//! `../shared/xmasrush-rules.md` with the JDK's own `java.util.Random` and
//! `Collections.shuffle`, for seeds 0, 42, -7 and 1234567890123 in the Legend
//! league: map rows, hand tiles of players 0 and 1, the quest deck, and the
//! item list in the referee's order (`NAME:owner@x,y`).

use yomi_xmasrush::action::{Action, Path, Push};
use yomi_xmasrush::state::State;
use yomi_xmasrush::tile::{Dir, cell, parse_tile, tile_text, xy};
use yomi_xmasrush::{ITEM_NAMES, League, initial_state};

fn describe(seed: i64, s: &State) -> String {
    let mut out = format!("seed {seed}\n");
    for y in 0..7 {
        let row: Vec<String> = (0..7).map(|x| tile_text(s.board[y * 7 + x])).collect();
        out += &format!("{}\n", row.join(" "));
    }
    out += &format!("hand {} {}\n", tile_text(s.hands[0]), tile_text(s.hands[1]));
    let deck: Vec<&str> = s.deck.iter().map(|&n| ITEM_NAMES[n as usize]).collect();
    out += &format!("deck {}\n", deck.join(","));
    out += "items";
    for &id in &s.item_order {
        let (x, y) = xy(s.items[id as usize]);
        out += &format!(" {}:{}@{x},{y}", ITEM_NAMES[id as usize % 12], id / 12);
    }
    out + "\n"
}

#[test]
fn seeds_give_the_java_reference_states() {
    let expected = include_str!("data/initial_states.txt");
    let mut got = String::new();
    for seed in [0, 42, -7, 1_234_567_890_123] {
        got += &describe(seed, &initial_state(seed, League::Legend));
    }
    assert_eq!(got, expected);
}

fn blank() -> State {
    let mut s = initial_state(0, League::Legend);
    s.board = [parse_tile("1111").unwrap(); 49];
    s.hands = [parse_tile("1010").unwrap(), parse_tile("0101").unwrap()];
    s.items = [yomi_xmasrush::state::GONE; 24];
    s.turned = [0, 0];
    s.done = [0, 0];
    s.score = [0, 0];
    s
}

#[test]
fn push_wraps_players_and_moves_items_into_hands() {
    let mut s = blank();
    s.pos = [cell(6, 2), cell(3, 3)];
    s.items[0] = cell(6, 2); // player 0's deck[?] item name 0 on the leaving tile
    s.items[13] = yomi_xmasrush::state::HAND0; // player 1's item 1 on player 0's hand
    s.apply_push(0, Push::new(2, Dir::Right));
    assert_eq!(s.pos[0], cell(0, 2), "wraps onto the inserted tile");
    assert_eq!(s.pos[1], cell(3, 3), "other rows untouched");
    assert_eq!(
        s.items[0],
        yomi_xmasrush::state::HAND0,
        "item leaves with the tile"
    );
    assert_eq!(s.items[13], cell(0, 2), "hand item enters");
    assert_eq!(s.board[cell(0, 2) as usize], parse_tile("1010").unwrap());
    assert_eq!(s.hands[0], parse_tile("1111").unwrap());
    // Column push UP: enters at the bottom.
    let mut t = blank();
    t.board[cell(4, 0) as usize] = parse_tile("0110").unwrap();
    t.apply_push(1, Push::new(4, Dir::Up));
    assert_eq!(t.hands[1], parse_tile("0110").unwrap());
    assert_eq!(t.board[cell(4, 6) as usize], parse_tile("0101").unwrap());
}

#[test]
fn same_line_is_a_no_op_and_counts_as_stale() {
    let mut s = blank();
    let before = s;
    s.resolve_pushes([Push::new(2, Dir::Left), Push::new(2, Dir::Right)]);
    assert_eq!(s.board, before.board);
    assert_eq!(s.stale, before.stale + 1);
    s.resolve_pushes([Push::new(2, Dir::Left), Push::new(3, Dir::Right)]);
    assert_eq!(s.stale, 0);
    assert_ne!(s.board, before.board);
}

#[test]
fn rows_go_before_columns_and_collect_in_between() {
    // Player 1 pushes row 3 RIGHT with its hand tile carrying player 0's
    // revealed quest item; player 0, at (6,3), wraps onto that inserted tile
    // and collects. Player 0's column 0 DOWN push then carries it to (0,4).
    // Had columns gone first, player 0 would end on (0,3).
    let mut s = blank();
    s.turned = [3, 0];
    let name = s.deck[11];
    s.items[State::item_id(0, name)] = yomi_xmasrush::state::HAND1;
    s.pos = [cell(6, 3), cell(5, 5)];
    s.resolve_pushes([Push::new(0, Dir::Down), Push::new(3, Dir::Right)]);
    assert_eq!(s.score[0], 1);
    assert_eq!(s.pos[0], cell(0, 4));
    assert_eq!(s.stale, 0);
}

#[test]
fn walks_are_lockstep_and_stop_at_the_first_illegal_step() {
    let mut s = blank();
    s.board[cell(2, 0) as usize] = parse_tile("0001").unwrap(); // only LEFT open
    s.pos = [cell(0, 0), cell(6, 6)];
    s.turned = [3, 3];
    let name = s.deck[11];
    s.items[State::item_id(0, name)] = cell(1, 0);
    let path = Path::from_steps(&[Dir::Right, Dir::Right, Dir::Down]).unwrap();
    // RIGHT to (1,0) collects; RIGHT to (2,0) needs LEFT open there (it is);
    // DOWN from (2,0) is closed: the walk ends at (2,0).
    s.resolve_moves([path, Path::EMPTY]);
    assert_eq!(s.pos[0], cell(2, 0));
    assert_eq!(s.score[0], 1, "items are collected on the way");
    let stuck = Path::from_steps(&[Dir::Right, Dir::Left]).unwrap();
    let before = s.pos[1];
    s.resolve_moves([Path::EMPTY, stuck]);
    assert_eq!(s.pos[1], before, "off-board step ends the walk at once");
}

#[test]
fn reveal_refills_only_at_turn_start_from_the_end_of_the_deck() {
    let mut s = initial_state(42, League::Legend);
    assert!(s.begin_turn());
    let first: Vec<usize> = s.revealed(0).collect();
    assert_eq!(first, vec![11, 10, 9]);
    s.done[0] |= 1 << 10;
    s.score[0] = 1;
    assert_eq!(s.revealed(0).collect::<Vec<_>>(), vec![11, 9]);
    s.resolve(
        Action::Push(Push::new(1, Dir::Up)),
        Action::Push(Push::new(5, Dir::Up)),
    );
    assert_eq!(s.revealed(0).count(), 2, "no refill during the turn");
    assert!(s.begin_turn());
    assert_eq!(s.revealed(0).collect::<Vec<_>>(), vec![11, 9, 8]);
}

#[test]
fn game_ends_after_150_turns_or_10_stale_pushes() {
    let mut s = initial_state(1, League::Legend);
    s.stale = 10;
    assert!(!s.begin_turn());
    assert!(s.over);
    let mut t = initial_state(1, League::Legend);
    t.turn = 150;
    assert!(!t.begin_turn());
    let mut u = initial_state(1, League::Legend);
    let mut turns = 0;
    while u.begin_turn() {
        u.collect();
        turns += 1;
        if u.push_turn() {
            u.resolve_pushes([Push::new(1, Dir::Left), Push::new(1, Dir::Left)]);
        } else {
            u.resolve_moves([Path::EMPTY, Path::EMPTY]);
        }
    }
    assert_eq!(
        turns, 19,
        "ten same-line push turns and the nine move turns between"
    );
}

#[test]
fn wood_leagues_deal_fewer_items_on_junctions() {
    for seed in 0..20 {
        let s = initial_state(seed, League::Wood1);
        let placed: Vec<u8> = s.items.iter().copied().filter(|&l| l != 255).collect();
        assert_eq!(placed.len(), 12);
        assert!(
            placed
                .iter()
                .all(|&c| s.board[c as usize].count_ones() >= 3)
        );
        s.check_invariants().unwrap();
    }
}
