//! The CodinGame protocol: the per-turn input text the referee sends, and
//! its parsing on the bot side.
//!
//! Contract: [`render_input`] writes, for one player, exactly the lines the
//! referee sends at the start of a game turn (perspective-relative: "me"
//! first; items with `-1 -1` on my hand tile and `-2 -2` on the opponent's;
//! revealed quests mine first, each side in reveal order). [`parse_input`]
//! reads those lines back, refusing anything malformed with the line number.

use crate::league::ITEM_NAMES;
use crate::state::{GONE, HAND0, State};
use crate::tile::{CELLS, SIZE, parse_tile, tile_text, xy};
use std::fmt::Write;

/// The input of one game turn, for player `p` (0 or 1), from a state at the
/// point the referee sends it (after [`State::begin_turn`], before collection).
pub fn render_input(state: &State, p: usize) -> String {
    let mut out = String::with_capacity(512);
    let _ = writeln!(out, "{}", if state.push_turn() { 0 } else { 1 });
    for y in 0..SIZE {
        let row: Vec<String> = (0..SIZE)
            .map(|x| tile_text(state.board[y * SIZE + x]))
            .collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    for who in [p, 1 - p] {
        let (x, y) = xy(state.pos[who]);
        let _ = writeln!(
            out,
            "{} {x} {y} {}",
            state.cards_left(who),
            tile_text(state.hands[who])
        );
    }
    let listed: Vec<usize> = state
        .item_order
        .iter()
        .map(|&id| id as usize)
        .filter(|&id| id < state.items.len() && state.items[id] != GONE)
        .collect();
    let _ = writeln!(out, "{}", listed.len());
    for id in listed {
        let (owner, name) = (id / 12, ITEM_NAMES[id % 12]);
        let loc = state.items[id];
        let place = if (loc as usize) < CELLS {
            let (x, y) = xy(loc);
            format!("{x} {y}")
        } else if (loc - HAND0) as usize == p {
            "-1 -1".to_string()
        } else {
            "-2 -2".to_string()
        };
        let _ = writeln!(out, "{name} {place} {}", usize::from(owner != p));
    }
    let mine: Vec<usize> = state.quest_items(p).collect();
    let theirs: Vec<usize> = state.quest_items(1 - p).collect();
    let _ = writeln!(out, "{}", mine.len() + theirs.len());
    for id in mine {
        let _ = writeln!(out, "{} 0", ITEM_NAMES[id % 12]);
    }
    for id in theirs {
        let _ = writeln!(out, "{} 1", ITEM_NAMES[id % 12]);
    }
    out
}

/// Where an item lies, as the protocol says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemPlace {
    /// On the board at this cell.
    Cell(u8),
    /// On my hand tile (`-1 -1`).
    MyHand,
    /// On the opponent's hand tile (`-2 -2`).
    TheirHand,
}

/// One item line: name index, place, and whether it is mine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ItemLine {
    /// Index into [`ITEM_NAMES`].
    pub name: u8,
    /// Where it lies.
    pub place: ItemPlace,
    /// `pid == 0`.
    pub mine: bool,
}

/// One player line: quest cards left, position, hand tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerLine {
    /// Quest cards left (hidden and revealed).
    pub cards: u8,
    /// Cell.
    pub pos: u8,
    /// Hand tile mask.
    pub hand: u8,
}

/// Everything one turn's input says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnInput {
    /// PUSH turn (`0`) or MOVE turn (`1`).
    pub push_turn: bool,
    /// Tile masks by cell.
    pub board: [u8; CELLS],
    /// Me, then the opponent.
    pub players: [PlayerLine; 2],
    /// Items in the referee's order.
    pub items: Vec<ItemLine>,
    /// Revealed quests: (name index, mine), mine first, each side in reveal order.
    pub quests: Vec<(u8, bool)>,
}

/// A malformed input line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// The input stopped early.
    #[error("input ended before line {line} ({what})")]
    Eof {
        /// 1-based line number expected.
        line: usize,
        /// What was expected.
        what: &'static str,
    },
    /// A line did not have the expected shape.
    #[error(
        "line {line}: expected {what}, got '{}'",
        yomi_core::text::excerpt(text)
    )]
    Bad {
        /// 1-based line number.
        line: usize,
        /// What was expected.
        what: &'static str,
        /// The line (messages quote it cut by [`yomi_core::text::excerpt`]).
        text: String,
    },
}

/// Reads lines one by one with line numbers for errors.
struct Lines<'a, I: Iterator<Item = String>> {
    it: &'a mut I,
    line: usize,
}

impl<I: Iterator<Item = String>> Lines<'_, I> {
    fn next(&mut self, what: &'static str) -> Result<(usize, String), InputError> {
        self.line += 1;
        let line = self.line;
        self.it
            .next()
            .map(|t| (line, t.trim_end_matches(['\r', '\n']).to_string()))
            .ok_or(InputError::Eof { line, what })
    }
}

fn bad(line: usize, what: &'static str, text: &str) -> InputError {
    InputError::Bad {
        line,
        what,
        text: text.to_string(),
    }
}

fn number<T: std::str::FromStr>(
    line: usize,
    what: &'static str,
    text: &str,
) -> Result<T, InputError> {
    text.trim().parse().map_err(|_| bad(line, what, text))
}

fn position(
    line: usize,
    what: &'static str,
    text: &str,
    x: &str,
    y: &str,
) -> Result<u8, InputError> {
    let x: usize = number(line, what, x)?;
    let y: usize = number(line, what, y)?;
    if x >= SIZE || y >= SIZE {
        return Err(bad(line, what, text));
    }
    Ok((y * SIZE + x) as u8)
}

/// Parses one turn's input from a line source (e.g. stdin lines).
pub fn parse_input<I: Iterator<Item = String>>(lines: &mut I) -> Result<TurnInput, InputError> {
    let mut r = Lines { it: lines, line: 0 };
    let (l, t) = r.next("the turn type")?;
    let push_turn = match t.trim() {
        "0" => true,
        "1" => false,
        _ => return Err(bad(l, "the turn type 0 or 1", &t)),
    };
    let mut board = [0u8; CELLS];
    for y in 0..SIZE {
        let (l, t) = r.next("a board row")?;
        let tiles: Vec<&str> = t.split_whitespace().collect();
        if tiles.len() != SIZE {
            return Err(bad(l, "7 tiles", &t));
        }
        for (x, tile) in tiles.iter().enumerate() {
            board[y * SIZE + x] = parse_tile(tile).ok_or_else(|| bad(l, "a tile like 0110", &t))?;
        }
    }
    let mut players = [PlayerLine {
        cards: 0,
        pos: 0,
        hand: 0,
    }; 2];
    for pl in players.iter_mut() {
        let (l, t) = r.next("a player line")?;
        let f: Vec<&str> = t.split_whitespace().collect();
        if f.len() != 4 {
            return Err(bad(l, "'cards x y tile'", &t));
        }
        *pl = PlayerLine {
            cards: number(l, "a card count", f[0])?,
            pos: position(l, "a position on the board", &t, f[1], f[2])?,
            hand: parse_tile(f[3]).ok_or_else(|| bad(l, "a hand tile", &t))?,
        };
    }
    let (l, t) = r.next("the item count")?;
    let n: usize = number(l, "the item count", &t)?;
    if n > 24 {
        return Err(bad(l, "at most 24 items", &t));
    }
    let mut items = Vec::with_capacity(n);
    for _ in 0..n {
        let (l, t) = r.next("an item line")?;
        let f: Vec<&str> = t.split_whitespace().collect();
        if f.len() != 4 {
            return Err(bad(l, "'name x y pid'", &t));
        }
        let name = ITEM_NAMES
            .iter()
            .position(|&n| n == f[0])
            .ok_or_else(|| bad(l, "an item name", &t))? as u8;
        let place = match (f[1], f[2]) {
            ("-1", "-1") => ItemPlace::MyHand,
            ("-2", "-2") => ItemPlace::TheirHand,
            (x, y) => ItemPlace::Cell(position(l, "an item position", &t, x, y)?),
        };
        let mine = match f[3] {
            "0" => true,
            "1" => false,
            _ => return Err(bad(l, "pid 0 or 1", &t)),
        };
        items.push(ItemLine { name, place, mine });
    }
    let (l, t) = r.next("the quest count")?;
    let n: usize = number(l, "the quest count", &t)?;
    if n > 6 {
        return Err(bad(l, "at most 6 quests", &t));
    }
    let mut quests = Vec::with_capacity(n);
    for _ in 0..n {
        let (l, t) = r.next("a quest line")?;
        let f: Vec<&str> = t.split_whitespace().collect();
        if f.len() != 2 {
            return Err(bad(l, "'name pid'", &t));
        }
        let name = ITEM_NAMES
            .iter()
            .position(|&n| n == f[0])
            .ok_or_else(|| bad(l, "an item name", &t))? as u8;
        let mine = match f[1] {
            "0" => true,
            "1" => false,
            _ => return Err(bad(l, "pid 0 or 1", &t)),
        };
        quests.push((name, mine));
    }
    Ok(TurnInput {
        push_turn,
        board,
        players,
        items,
        quests,
    })
}

/// Splits a rendered input into lines for [`parse_input`].
pub fn lines_of(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines().map(str::to_string)
}
