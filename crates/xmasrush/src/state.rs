//! The game state and the rules: pushes with simultaneous resolution,
//! lockstep walks, item collection, quest reveal, the deadlock counter and the
//! end of the game.
//!
//! Contract: [`State`] is a small `Copy` value (searches copy it at every
//! node). Items live in one table indexed by item id (`owner * 12 + name`),
//! holding a cell, a hand or [`GONE`]; both quest decks share one card order
//! (the referee deals the same names to both players). A game turn is played
//! as: [`State::begin_turn`] (end checks, reveal), the protocol input is read
//! from the state at that point, [`State::collect`], then
//! [`State::resolve_pushes`] or [`State::resolve_moves`].

use crate::action::{Action, Path, Push};
use crate::league::League;
use crate::tile::{CELLS, Dir, NEIGHBOURS, OFF, SIZE};

/// Item location: on the hand tile of player 0.
pub const HAND0: u8 = CELLS as u8;
/// Item location: on the hand tile of player 1.
pub const HAND1: u8 = CELLS as u8 + 1;
/// Item location: collected.
pub const GONE: u8 = u8::MAX;
/// Number of items (12 names x 2 owners).
pub const ITEMS: usize = 24;
/// Game turns in a game (75 PUSH + 75 MOVE).
pub const MAX_TURNS: u8 = 150;
/// Consecutive same-line push turns that end the game.
pub const MAX_STALE: u8 = 10;

/// The cells of each of the 28 pushes, from the entry end to the exit end.
const fn build_lines() -> [[u8; SIZE]; Push::COUNT] {
    let mut t = [[0u8; SIZE]; Push::COUNT];
    let mut k = 0;
    while k < Push::COUNT {
        let (dir, line) = (k / SIZE, k % SIZE);
        let mut i = 0;
        while i < SIZE {
            t[k][i] = match dir {
                0 => (SIZE - 1 - i) * SIZE + line, // UP: enters at the bottom
                1 => line * SIZE + i,              // RIGHT: enters at the left
                2 => i * SIZE + line,              // DOWN: enters at the top
                _ => line * SIZE + SIZE - 1 - i,   // LEFT: enters at the right
            } as u8;
            i += 1;
        }
        k += 1;
    }
    t
}

/// `LINES[push][i]`: the i-th cell of the pushed line, counted from where the hand tile enters.
pub const LINES: [[u8; SIZE]; Push::COUNT] = build_lines();

/// Marks, in [`SHIFT`], the cell whose tile leaves the board.
const LEAVES: u8 = u8::MAX;

const fn build_shift() -> [[u8; CELLS]; Push::COUNT] {
    let mut t = [[0u8; CELLS]; Push::COUNT];
    let mut k = 0;
    while k < Push::COUNT {
        let mut c = 0;
        while c < CELLS {
            t[k][c] = c as u8;
            c += 1;
        }
        let mut i = 0;
        while i < SIZE {
            t[k][LINES[k][i] as usize] = if i == SIZE - 1 {
                LEAVES
            } else {
                LINES[k][i + 1]
            };
            i += 1;
        }
        k += 1;
    }
    t
}

/// `SHIFT[push][cell]`: where what lies on `cell` is after the push (itself
/// off the line), or [`LEAVES`] for the tile pushed out. One table lookup per
/// item instead of locating it on the line.
const SHIFT: [[u8; CELLS]; Push::COUNT] = build_shift();

/// Item locations [`ITEM_MOVES`] maps: the cells, the two hands, and one
/// entry standing for [`GONE`].
const LOCATIONS: usize = CELLS + 3;

const fn build_item_moves() -> [[[u8; LOCATIONS]; 2]; Push::COUNT] {
    let mut t = [[[0u8; LOCATIONS]; 2]; Push::COUNT];
    let mut k = 0;
    while k < Push::COUNT {
        let mut p = 0;
        while p < 2 {
            let hand = HAND0 + p as u8;
            let mut loc = 0;
            while loc < LOCATIONS {
                t[k][p][loc] = if loc == LOCATIONS - 1 {
                    GONE
                } else if loc as u8 == hand {
                    LINES[k][0]
                } else if loc < CELLS {
                    match SHIFT[k][loc] {
                        LEAVES => hand,
                        to => to,
                    }
                } else {
                    loc as u8
                };
                loc += 1;
            }
            p += 1;
        }
        k += 1;
    }
    t
}

/// `ITEM_MOVES[push][p][loc.min(CELLS + 2)]`: where an item at `loc` is after
/// player `p` pushes `push` (the hand's item enters at the line's start, the
/// item on the tile pushed out goes to `p`'s hand, the other hand and
/// collected items stay). One branch-free lookup per item.
const ITEM_MOVES: [[[u8; LOCATIONS]; 2]; Push::COUNT] = build_item_moves();

/// The whole game state (see the module contract).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Tile masks of the board, by cell.
    pub board: [u8; CELLS],
    /// Hand tile masks of players 0 and 1.
    pub hands: [u8; 2],
    /// Location of each item: a cell, [`HAND0`], [`HAND1`] or [`GONE`].
    pub items: [u8; ITEMS],
    /// Item ids in the order the referee lists them (its shuffled tile list).
    pub item_order: [u8; ITEMS],
    /// The quest deck: item name indices; cards are revealed from the end.
    pub deck: [u8; 12],
    /// Player cells.
    pub pos: [u8; 2],
    /// Scores (the referee sets -1 for a disqualified player at the end).
    pub score: [i8; 2],
    /// Cards each player has turned over so far (revealed or completed).
    pub turned: [u8; 2],
    /// Bit `i` set when the card at deck position `i` is completed.
    pub done: [u16; 2],
    /// Game turns started so far (the current turn is PUSH when it is odd).
    pub turn: u8,
    /// Consecutive push turns in which both players pushed the same line.
    pub stale: u8,
    /// Quests per player.
    pub quests: u8,
    /// Quests revealed at once.
    pub visible: u8,
    /// Whether the game is over.
    pub over: bool,
}

impl State {
    /// The current game turn is a PUSH turn (valid after [`State::begin_turn`]).
    pub fn push_turn(&self) -> bool {
        self.turn % 2 == 1
    }

    /// The item id of `owner`'s copy of item name `name`.
    pub fn item_id(owner: usize, name: u8) -> usize {
        owner * 12 + name as usize
    }

    /// Quest cards left (hidden and revealed), as the protocol reports them.
    pub fn cards_left(&self, p: usize) -> u8 {
        self.quests - self.done[p].count_ones() as u8
    }

    /// Deck positions of `p`'s revealed quests, in reveal order.
    pub fn revealed(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let q = self.quests as usize;
        (q - self.turned[p] as usize..q)
            .rev()
            .filter(move |&i| self.done[p] >> i & 1 == 0)
    }

    /// Item ids of `p`'s revealed quests, in reveal order.
    pub fn quest_items(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.revealed(p)
            .map(move |i| State::item_id(p, self.deck[i]))
    }

    /// Turns cards until `p` has `visible` revealed quests or none are left.
    pub fn reveal(&mut self, p: usize) {
        let open = self.turned[p] - self.done[p].count_ones() as u8;
        let add = self
            .visible
            .saturating_sub(open)
            .min(self.quests - self.turned[p]);
        self.turned[p] += add;
    }

    /// Start of a game turn: ends the game when 150 turns were played, on a
    /// deadlock or when someone has every quest; otherwise counts the turn and
    /// reveals quests. Returns whether a turn starts.
    pub fn begin_turn(&mut self) -> bool {
        if self.over
            || self.turn >= MAX_TURNS
            || self.stale >= MAX_STALE
            || self.score.contains(&(self.quests as i8))
        {
            self.over = true;
            return false;
        }
        self.turn += 1;
        self.reveal(0);
        self.reveal(1);
        true
    }

    /// Deck positions of `p`'s revealed quests as a bit mask.
    pub fn revealed_mask(&self, p: usize) -> u16 {
        let q = self.quests as u32;
        let t = self.turned[p] as u32;
        let turned = ((1u32 << t) - 1) << (q - t);
        turned as u16 & !self.done[p]
    }

    /// Collects, for both players, the item under them when it is one of their revealed quests.
    pub fn collect(&mut self) {
        for p in 0..2 {
            let here = self.pos[p];
            let mut open = self.revealed_mask(p);
            while open != 0 {
                let i = open.trailing_zeros() as usize;
                open &= open - 1;
                let item = State::item_id(p, self.deck[i]);
                if self.items[item] == here {
                    self.items[item] = GONE;
                    self.done[p] |= 1 << i;
                    self.score[p] += 1;
                }
            }
        }
    }

    /// Applies one push by player `p` (no collection).
    pub fn apply_push(&mut self, p: usize, push: Push) {
        let line = &LINES[push.index()];
        let popped = self.board[line[SIZE - 1] as usize];
        for i in (1..SIZE).rev() {
            self.board[line[i] as usize] = self.board[line[i - 1] as usize];
        }
        self.board[line[0] as usize] = self.hands[p];
        self.hands[p] = popped;
        let moves = &ITEM_MOVES[push.index()][p];
        for loc in self.items.iter_mut() {
            *loc = moves[(*loc as usize).min(LOCATIONS - 1)];
        }
        let shift = &SHIFT[push.index()];
        for pos in self.pos.iter_mut() {
            let to = shift[*pos as usize];
            // The player on the tile that leaves wraps onto the inserted tile.
            *pos = if to == LEAVES { line[0] } else { to };
        }
    }

    /// Resolves both players' pushes: same orientation and line = nothing and
    /// the stale counter grows; otherwise rows first, then columns, collecting
    /// after each group.
    pub fn resolve_pushes(&mut self, pushes: [Push; 2]) {
        let [a, b] = pushes;
        if a.is_horizontal() == b.is_horizontal() {
            if a.line() == b.line() {
                self.stale += 1;
                return;
            }
            self.stale = 0;
            self.apply_push(0, a);
            self.apply_push(1, b);
            self.collect();
        } else {
            let (rows, cols) = if a.is_horizontal() { (0, 1) } else { (1, 0) };
            self.stale = 0;
            self.apply_push(rows, pushes[rows]);
            self.collect();
            self.apply_push(cols, pushes[cols]);
            self.collect();
        }
    }

    /// Whether a player on `c` can step in `d`.
    pub fn can_step(&self, c: u8, d: Dir) -> bool {
        let n = NEIGHBOURS[c as usize][d.index()];
        n != OFF
            && self.board[c as usize] >> d.index() & 1 == 1
            && self.board[n as usize] >> d.opposite().index() & 1 == 1
    }

    /// Cells holding one of `p`'s revealed quest items, as a bit mask: a
    /// player off these cells collects nothing.
    pub fn quest_cells(&self, p: usize) -> u64 {
        let mut open = self.revealed_mask(p);
        let mut cells = 0u64;
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            let loc = self.items[State::item_id(p, self.deck[i])];
            if (loc as usize) < CELLS {
                cells |= 1 << loc;
            }
        }
        cells
    }

    /// Walks both players in lockstep, one step each per frame, collecting
    /// after every frame; an illegal step ends that player's walk.
    pub fn resolve_moves(&mut self, paths: [Path; 2]) {
        let mut walking = [true; 2];
        let longest = paths[0].len().max(paths[1].len());
        // Items do not move and no quest is revealed during a walk, so a
        // frame can collect only where these masks say; they change only
        // when something is collected.
        let mut wanted = [self.quest_cells(0), self.quest_cells(1)];
        for k in 0..longest {
            for p in 0..2 {
                if !walking[p] || k >= paths[p].len() {
                    continue;
                }
                let d = paths[p].step(k);
                if self.can_step(self.pos[p], d) {
                    self.pos[p] = NEIGHBOURS[self.pos[p] as usize][d.index()];
                } else {
                    walking[p] = false;
                }
            }
            if wanted[0] >> self.pos[0] & 1 == 1 || wanted[1] >> self.pos[1] & 1 == 1 {
                self.collect();
                wanted = [self.quest_cells(0), self.quest_cells(1)];
            }
        }
    }

    /// Resolves a joint action of the current turn's type. Actions of the wrong
    /// kind are a logic error of the caller (the referee disqualifies first).
    pub fn resolve(&mut self, a0: Action, a1: Action) {
        match (a0, a1) {
            (Action::Push(x), Action::Push(y)) => self.resolve_pushes([x, y]),
            (Action::Move(x), Action::Move(y)) => self.resolve_moves([x, y]),
            _ => panic!("actions {a0} and {a1} do not fit one turn"),
        }
    }

    /// One whole game turn for search: resolve, then start the next turn and
    /// collect (the state is then at the next decision, or over).
    pub fn step(&mut self, a0: Action, a1: Action) {
        self.resolve(a0, a1);
        if self.begin_turn() {
            self.collect();
        }
    }

    /// The state's league parameters match `league`.
    pub fn is_league(&self, league: League) -> bool {
        self.quests == league.quests() && self.visible == league.visible()
    }
}
