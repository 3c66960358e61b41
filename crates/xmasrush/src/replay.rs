//! Replays: one JSON frame per game turn, enough to redraw the board.
//!
//! Contract: a frame holds the state a turn's actions are applied to (after
//! the start-of-turn collection), the actions given (or the
//! disqualification), and the last frame the final state.

use crate::action::Action;
use crate::league::{ITEM_NAMES, League};
use crate::state::{GONE, HAND0, State};
use crate::tile::{tile_text, xy};
use serde::{Deserialize, Serialize};

/// An item in a frame.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemView {
    /// Name.
    pub name: String,
    /// Owner seat.
    pub owner: usize,
    /// Column, or -1 / -2 for the hand of player 0 / 1.
    pub x: i32,
    /// Row, or -1 / -2 for the hand of player 0 / 1.
    pub y: i32,
}

/// One game turn.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Frame {
    /// Game turn number (1-based).
    pub turn: u8,
    /// `PUSH` or `MOVE`.
    pub kind: String,
    /// Seven rows of seven 4-character tiles.
    pub board: Vec<String>,
    /// Hand tiles of players 0 and 1.
    pub hands: [String; 2],
    /// Player positions (x, y).
    pub players: [[usize; 2]; 2],
    /// Scores.
    pub scores: [i32; 2],
    /// Items still in play.
    pub items: Vec<ItemView>,
    /// Revealed quests of each player.
    pub quests: [Vec<String>; 2],
    /// Each player's answer, or its disqualification.
    pub actions: [String; 2],
}

impl Frame {
    /// The frame of `s` with the given answers.
    pub fn of(s: &State, actions: &[Option<Action>], dq: &[Option<String>; 2]) -> Frame {
        let board = (0..7)
            .map(|y| {
                (0..7)
                    .map(|x| tile_text(s.board[y * 7 + x]))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let items = s
            .item_order
            .iter()
            .filter(|&&id| (id as usize) < 24 && s.items[id as usize] != GONE)
            .map(|&id| {
                let loc = s.items[id as usize];
                let (x, y) = if (loc as usize) < 49 {
                    let (x, y) = xy(loc);
                    (x as i32, y as i32)
                } else {
                    let h = -1 - (loc - HAND0) as i32;
                    (h, h)
                };
                ItemView {
                    name: ITEM_NAMES[id as usize % 12].to_string(),
                    owner: id as usize / 12,
                    x,
                    y,
                }
            })
            .collect();
        let action = |p: usize| match (actions.get(p).copied().flatten(), &dq[p]) {
            (_, Some(why)) => format!("disqualified: {why}"),
            (Some(a), None) => a.to_string(),
            (None, None) => String::new(),
        };
        Frame {
            turn: s.turn,
            kind: if s.push_turn() {
                "PUSH".into()
            } else {
                "MOVE".into()
            },
            board,
            hands: [tile_text(s.hands[0]), tile_text(s.hands[1])],
            players: [0, 1].map(|p| {
                let (x, y) = xy(s.pos[p]);
                [x, y]
            }),
            scores: [i32::from(s.score[0]), i32::from(s.score[1])],
            items,
            quests: [0, 1].map(|p| {
                s.quest_items(p)
                    .map(|id| ITEM_NAMES[id % 12].to_string())
                    .collect()
            }),
            actions: [action(0), action(1)],
        }
    }
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// Seed.
    pub seed: i64,
    /// League name.
    pub league: String,
    /// Player names.
    pub players: [String; 2],
    /// Final scores.
    pub scores: [i32; 2],
    /// Why it ended.
    pub reason: String,
    /// One frame per game turn, then the final state.
    pub frames: Vec<Frame>,
}

impl Replay {
    /// An empty replay.
    pub fn new(seed: i64, league: League, players: [String; 2]) -> Replay {
        Replay {
            seed,
            league: format!("{league:?}"),
            players,
            scores: [0, 0],
            reason: String::new(),
            frames: Vec::new(),
        }
    }
}
