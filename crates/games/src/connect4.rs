//! Connect Four, 7 columns by 6 rows, on 64-bit bitboards.
//!
//! Layout (the classic one): column `c` uses bits `7c .. 7c+5`, bit `7c+6` is
//! an always-empty sentinel so that shifted line tests never wrap. Moves are
//! columns, printed 1-7 from the left; a position can be given as the sequence
//! of columns played (`4453`).

use std::fmt;
use yomi_search::{Game, MoveError, Outcome, PositionError, Seat};

/// Columns.
pub const WIDTH: usize = 7;
/// Rows.
pub const HEIGHT: usize = 6;
const H1: usize = HEIGHT + 1;
const BOTTOM: u64 = {
    let mut b = 0u64;
    let mut c = 0;
    while c < WIDTH {
        b |= 1 << (c * H1);
        c += 1;
    }
    b
};
const BOARD: u64 = BOTTOM * ((1 << HEIGHT) - 1);
/// Centre-first column order: good move ordering for alpha-beta.
const ORDER: [u8; WIDTH] = [3, 2, 4, 1, 5, 0, 6];

/// All 69 four-in-a-row windows, for the static evaluation.
const WINDOWS: [u64; 69] = {
    let mut w = [0u64; 69];
    let mut n = 0;
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    let mut d = 0;
    while d < 4 {
        let (dc, dr) = dirs[d];
        let mut c = 0i32;
        while c < WIDTH as i32 {
            let mut r = 0i32;
            while r < HEIGHT as i32 {
                let (ec, er) = (c + 3 * dc, r + 3 * dr);
                if ec >= 0 && ec < WIDTH as i32 && er >= 0 && er < HEIGHT as i32 {
                    let mut m = 0u64;
                    let mut k = 0;
                    while k < 4 {
                        m |= 1 << ((c + k * dc) as usize * H1 + (r + k * dr) as usize);
                        k += 1;
                    }
                    w[n] = m;
                    n += 1;
                }
                r += 1;
            }
            c += 1;
        }
        d += 1;
    }
    assert!(n == 69);
    w
};

/// A Connect Four position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Connect4 {
    /// Stones of the side to move.
    current: u64,
    /// All stones.
    mask: u64,
    /// Plies played.
    plies: u8,
}

/// A move of [`Connect4::from_moves`] that cannot be played, with its place in the sequence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("move {index} ('{found}'): {reason}")]
pub struct MovesError {
    /// 1-based index of the move in the sequence.
    pub index: usize,
    /// The character written there.
    pub found: char,
    /// Why it cannot be played there.
    pub reason: MoveError,
}

/// A column, 0-6 internally, printed 1-7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column(pub u8);

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// True when `bits` holds four in a row in any direction.
#[inline]
fn has_four(bits: u64) -> bool {
    for shift in [1, H1, H1 - 1, H1 + 1] {
        let m = bits & (bits >> shift);
        if m & (m >> (2 * shift)) != 0 {
            return true;
        }
    }
    false
}

impl Connect4 {
    /// Plays a sequence of columns written as digits 1-7 (`"4453"`), checking
    /// each move; the error names the offending character.
    pub fn from_moves(seq: &str) -> Result<Connect4, MovesError> {
        let mut pos = Connect4::default();
        for (i, ch) in seq.trim().chars().enumerate() {
            let mv = pos
                .parse_move(&ch.to_string())
                .map_err(|reason| MovesError {
                    index: i + 1,
                    found: ch,
                    reason,
                })?;
            pos.play(mv);
        }
        Ok(pos)
    }

    #[inline]
    fn can_play(&self, col: usize) -> bool {
        self.mask & (1 << (col * H1 + HEIGHT - 1)) == 0
    }

    /// Stones of the side that just moved.
    #[inline]
    fn opponent(&self) -> u64 {
        self.current ^ self.mask
    }

    /// Number of plies played so far.
    pub fn plies(&self) -> usize {
        self.plies as usize
    }
}

impl fmt::Display for Connect4 {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        // First player is X.
        let first = if self.plies.is_multiple_of(2) {
            self.current
        } else {
            self.opponent()
        };
        for row in (0..HEIGHT).rev() {
            write!(f, "|")?;
            for col in 0..WIDTH {
                let bit = 1u64 << (col * H1 + row);
                let c = if self.mask & bit == 0 {
                    '.'
                } else if first & bit != 0 {
                    'X'
                } else {
                    'O'
                };
                write!(f, " {c}")?;
            }
            writeln!(f, " |")?;
        }
        writeln!(f, "+---------------+")?;
        writeln!(f, "  1 2 3 4 5 6 7")?;
        let (mover, other) = if self.plies.is_multiple_of(2) {
            ("X", "O")
        } else {
            ("O", "X")
        };
        match self.outcome() {
            None => write!(f, "{mover} to move"),
            Some(Outcome::Draw) => write!(f, "game over: a draw"),
            Some(Outcome::Loss) => write!(f, "game over: {other} wins"),
            Some(Outcome::Win) => write!(f, "game over: {mover} wins"),
        }
    }
}

impl Game for Connect4 {
    type Move = Column;

    fn name() -> &'static str {
        "connect4"
    }

    fn initial() -> Self {
        Connect4::default()
    }

    fn to_move(&self) -> Seat {
        (self.plies % 2) as Seat
    }

    #[inline]
    fn legal_moves(&self, moves: &mut Vec<Column>) {
        moves.clear();
        if self.plies as usize == WIDTH * HEIGHT || has_four(self.opponent()) {
            return;
        }
        for &c in &ORDER {
            if self.can_play(c as usize) {
                moves.push(Column(c));
            }
        }
    }

    /// Picks the k-th playable column straight from the bitboard (no move list).
    #[inline]
    fn random_move(&self, rng: &mut yomi_core::Rng, _scratch: &mut Vec<Column>) -> Option<Column> {
        if self.plies as usize == WIDTH * HEIGHT || has_four(self.opponent()) {
            return None;
        }
        // The lowest empty cell of every column that is not full.
        let mut free = (self.mask + BOTTOM) & BOARD;
        let k = rng.below(free.count_ones() as usize);
        for _ in 0..k {
            free &= free - 1;
        }
        Some(Column((free.trailing_zeros() as usize / H1) as u8))
    }

    #[inline]
    fn play(&mut self, mv: Column) {
        debug_assert!(self.can_play(mv.0 as usize), "column {mv} is full");
        self.current ^= self.mask;
        self.mask |= self.mask + (1 << (mv.0 as usize * H1));
        self.plies += 1;
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if has_four(self.opponent()) {
            Some(Outcome::Loss)
        } else if self.plies as usize == WIDTH * HEIGHT {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> Option<u64> {
        // current + mask is a unique key per position (one extra bit above each column's top stone).
        Some(crate::mix64(self.current + self.mask + BOTTOM))
    }

    fn evaluate(&self) -> i32 {
        const WEIGHT: [i32; 4] = [0, 1, 8, 40];
        let (me, them) = (self.current, self.opponent());
        let mut score = 0;
        for &w in &WINDOWS {
            let (a, b) = ((w & me).count_ones(), (w & them).count_ones());
            if b == 0 {
                score += WEIGHT[a.min(3) as usize];
            } else if a == 0 {
                score -= WEIGHT[b.min(3) as usize];
            }
        }
        debug_assert!(self.mask & !BOARD == 0);
        score
    }

    fn parse_move(&self, text: &str) -> Result<Column, MoveError> {
        let t = text.trim();
        let n: usize = t.parse().map_err(|_| {
            MoveError::Notation(format!("'{t}' is not a column: type a number 1-7"))
        })?;
        if !(1..=WIDTH).contains(&n) {
            return Err(MoveError::Notation(format!(
                "column {n} is off the board: type a number 1-7"
            )));
        }
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        if !self.can_play(n - 1) {
            return Err(MoveError::Illegal(format!("column {n} is full")));
        }
        Ok(Column((n - 1) as u8))
    }

    fn position_syntax() -> &'static str {
        "the columns played so far, 1-7 (e.g. 4453)"
    }

    fn parse_position(text: &str) -> Result<Self, PositionError> {
        Connect4::from_moves(text).map_err(|e| PositionError::Invalid(e.to_string()))
    }

    fn max_game_length() -> Option<usize> {
        Some(WIDTH * HEIGHT)
    }
}
