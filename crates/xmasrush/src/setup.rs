//! Initial states from a seed, drawing from `java.util.Random` in the
//! referee's exact order.
//!
//! Contract: for a seed and a league, [`initial_state`] gives the map, the
//! hand tiles, the quest deck, the item positions and the item list order the
//! official referee builds for that seed: center tile, base tiles, the upper
//! triangle with mirrors, the (biased) deck shuffle, items by rejection
//! sampling, then `Collections.shuffle` of the item list.

use crate::jrandom::JavaRandom;
use crate::league::League;
use crate::state::{GONE, ITEMS, State};
use crate::tile::{CELLS, SIZE, cell, mirror, parse_tile, rotate};

/// The start of a game for `seed` in `league` (before the first turn begins).
pub fn initial_state(seed: i64, league: League) -> State {
    let mut rng = JavaRandom::new(seed);
    let mut board = [u8::MAX; CELLS];
    let centre = cell(3, 3) as usize;
    board[centre] = parse_tile(["1111", "1010", "0101"][rng.below(3)]).expect("pattern");
    board[0] = parse_tile("0110").expect("pattern");
    let mut pool: Vec<u8> = league
        .pool()
        .iter()
        .map(|p| parse_tile(p).expect("pattern"))
        .collect();
    for y in 0..SIZE {
        for x in 0..SIZE - y {
            let c = cell(x, y);
            if board[c as usize] == u8::MAX {
                let pattern = pool.remove(rng.below(pool.len()));
                // `nextInt(3)`: a quarter turn count of 0, 1 or 2, never 3.
                board[c as usize] = rotate(pattern, rng.below(3) as u32);
            }
            board[mirror(c) as usize] = rotate(board[c as usize], 2);
        }
    }
    let left = pool[0];

    // The deck: a Fisher-Yates that draws over the whole list at every step.
    let mut deck: [u8; 12] = std::array::from_fn(|i| i as u8);
    for i in (1..12).rev() {
        let j = rng.below(12);
        deck.swap(i, j);
    }
    let quests = league.quests();

    let mut items = [GONE; ITEMS];
    let mut tiles_with_items: Vec<u8> = Vec::with_capacity(ITEMS);
    let taken = |items: &[u8; ITEMS], c: u8| items.contains(&c);
    for &name in &deck[..quests as usize] {
        let c = loop {
            let k = rng.below(CELLS);
            let c = cell(k / SIZE, k % SIZE);
            let special = c as usize == centre || c == 0 || c as usize == CELLS - 1;
            let narrow = league.items_on_junctions() && board[c as usize].count_ones() < 3;
            if !special && !taken(&items, c) && !narrow {
                break c;
            }
        };
        items[State::item_id(0, name)] = c;
        items[State::item_id(1, name)] = mirror(c);
        tiles_with_items.push(c);
        tiles_with_items.push(mirror(c));
    }
    rng.shuffle(&mut tiles_with_items);
    let mut item_order = [u8::MAX; ITEMS];
    for (slot, c) in item_order.iter_mut().zip(&tiles_with_items) {
        *slot = items.iter().position(|l| l == c).expect("placed") as u8;
    }

    State {
        board,
        hands: [left, rotate(left, 2)],
        items,
        item_order,
        deck,
        pos: [0, (CELLS - 1) as u8],
        score: [0, 0],
        turned: [0, 0],
        done: [0, 0],
        turn: 0,
        stale: 0,
        quests,
        visible: league.visible(),
        over: false,
    }
}
