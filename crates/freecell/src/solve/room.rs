//! Room for the compound moves' clearing plans: which column each exposed
//! card tops, which free cells are taken, which columns are empty; and the
//! planning itself (where each natural run of a column being cleared goes:
//! onto a parent, into free cells, into an empty column), done on this
//! summary so that a failing plan never touches a board.

use crate::board::{Board, MAX_COLS, ones_down};
use crate::card::Card;
use crate::moves::{Loc, Move};

/// One column being dug: its index, cards and first slot in the board's
/// card array.
#[derive(Clone, Copy)]
pub(super) struct Col<'a> {
    pub(super) s: usize,
    pub(super) cards: &'a [Card],
    pub(super) start: usize,
}

/// The columns (in increasing order) whose exposed card `c` may go on;
/// `top_col` maps a card to the column it tops.
pub(super) fn parent_cols(c: Card, top_col: &[u8; 64]) -> Bits {
    Bits(parent_mask(c, top_col))
}

/// The bit set of the columns whose exposed card `c` may go on.
#[inline]
pub(super) fn parent_mask(c: Card, top_col: &[u8; 64]) -> u32 {
    let r = c.rank() + 1;
    if r > 13 {
        return 0;
    }
    let (s1, s2) = if c.is_red() { (0, 3) } else { (1, 2) };
    let bit = |d: u8| 1u32.checked_shl(d as u32).unwrap_or(0);
    bit(top_col[Card::new(r, s1).0 as usize]) | bit(top_col[Card::new(r, s2).0 as usize])
}

/// The members of a bit set, lowest first.
pub(super) struct Bits(pub(super) u32);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

/// What a clearing needs to know of the board: which column each exposed
/// card tops, which free cells are taken, which columns are empty.
#[derive(Clone, Copy)]
pub(super) struct Room {
    /// Card value to the column it tops (`u8::MAX`: none).
    pub(super) top_col: [u8; 64],
    /// Card value topping each column (0: empty).
    tops: [u8; MAX_COLS],
    /// Bit per empty column.
    empty: u16,
    /// Bit per taken free cell.
    taken: u8,
    /// Free cells and empty columns, counted (the default x86-64 target
    /// has no popcount instruction, and capacity is asked for often).
    nfree: u8,
    nempty: u8,
}

impl Room {
    pub(super) fn of(b: &Board, tops: &[Option<Card>; MAX_COLS]) -> Room {
        let mut r = Room {
            top_col: [u8::MAX; 64],
            tops: [0; MAX_COLS],
            empty: 0,
            taken: 0,
            nfree: b.ncells() as u8,
            nempty: 0,
        };
        for (d, t) in tops.iter().enumerate().take(b.ncols()) {
            match t {
                Some(t) => {
                    r.top_col[t.0 as usize] = d as u8;
                    r.tops[d] = t.0;
                }
                None => {
                    r.empty |= 1 << d;
                    r.nempty += 1;
                }
            }
        }
        for (i, c) in b.cells().iter().enumerate() {
            if !c.is_none() {
                r.taken |= 1 << i;
                r.nfree -= 1;
            }
        }
        r
    }

    pub(super) fn free(&self) -> usize {
        self.nfree as usize
    }

    /// Most cards one move can carry (the real game's rule).
    pub(super) fn capacity(&self, to_empty: bool) -> usize {
        let e = self.nempty as usize - to_empty as usize;
        (self.free() + 1) << e.min(20)
    }

    /// Records `top` as the new exposed card of column `d`.
    pub(super) fn land(&mut self, d: usize, top: Card) {
        let old = self.tops[d];
        if old != 0 && self.top_col[old as usize] == d as u8 {
            self.top_col[old as usize] = u8::MAX;
        }
        self.tops[d] = top.0;
        self.top_col[top.0 as usize] = d as u8;
        self.nempty -= (self.empty >> d & 1) as u8;
        self.empty &= !(1 << d);
    }

    /// Plans the removal of the cards of column `s` (holding `col`) above
    /// its first `keep`, run by run from the top (see [`Room::place_run`]).
    /// Appends the moves and returns true when every run found a place.
    pub(super) fn plan_clear(
        &mut self,
        column: Col,
        links: u64,
        keep: usize,
        avoid: usize,
        out: &mut Vec<Move>,
    ) -> bool {
        let (s, col, start) = (column.s, column.cards, column.start);
        let mut len = col.len();
        while len > keep {
            let run = 1 + ones_down(links, start + len - 1).min(len - keep - 1);
            if !self.place_run(s, col[len - run], col[len - 1], run, avoid, out) {
                return false;
            }
            len -= run;
        }
        true
    }

    /// Plans moving the exposed `run` cards of column `s` (from `base` up
    /// to `top`) away: onto a parent (never column `avoid`), else into free
    /// cells, else into an empty column. False when none has room.
    pub(super) fn place_run(
        &mut self,
        s: usize,
        base: Card,
        top: Card,
        run: usize,
        avoid: usize,
        out: &mut Vec<Move>,
    ) -> bool {
        let from = Loc::Col(s as u8);
        let avoid_bit = if avoid < MAX_COLS { 1u32 << avoid } else { 0 };
        let parents = parent_mask(base, &self.top_col) & !(1 << s) & !avoid_bit;
        let parent = Bits(parents).next();
        let mut onto = |room: &mut Room, d: usize| {
            out.push(Move {
                from,
                to: Loc::Col(d as u8),
                count: run as u8,
            });
            room.land(d, top);
        };
        if let Some(p) = parent
            && run <= self.capacity(false)
        {
            onto(self, p);
            return true;
        }
        if run <= self.free() {
            for _ in 0..run {
                let cell = (!self.taken).trailing_zeros() as u8;
                self.taken |= 1 << cell;
                self.nfree -= 1;
                out.push(Move::one(from, Loc::Cell(cell)));
            }
            return true;
        }
        let avoid_bit = avoid_bit as u16;
        if self.empty & !avoid_bit != 0 && run <= self.capacity(true) {
            onto(self, (self.empty & !avoid_bit).trailing_zeros() as usize);
            return true;
        }
        false
    }
}
