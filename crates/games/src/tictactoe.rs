//! Tic-tac-toe on two 9-bit bitboards.
//!
//! Squares are numbered 1-9 row by row from the top left, which is also the
//! move notation (a person types `5` for the centre).

use std::fmt;
use yomi_search::{Game, MoveError, Outcome, PositionError, Seat};

const LINES: [u16; 8] = [
    0b000_000_111,
    0b000_111_000,
    0b111_000_000,
    0b001_001_001,
    0b010_010_010,
    0b100_100_100,
    0b100_010_001,
    0b001_010_100,
];
const FULL: u16 = 0x1FF;

/// A tic-tac-toe position. X moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TicTacToe {
    /// Squares of the side to move.
    own: u16,
    /// Squares of the side that just moved.
    other: u16,
}

/// Why a text is not a tic-tac-toe position ([`TicTacToe::from_text`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// Not exactly 9 cells once separators are dropped.
    #[error("a tic-tac-toe position has 9 cells (X, O or .), got {cells} in '{text}'")]
    CellCount {
        /// Cells found.
        cells: usize,
        /// The text as given.
        text: String,
    },
    /// A cell that is not X, O or empty.
    #[error("cell {cell} is '{found}'; use X, O or .")]
    BadCell {
        /// 1-based cell number.
        cell: usize,
        /// The character found there (upper-cased).
        found: char,
    },
    /// Mark counts no game reaches (X moves first).
    #[error("X has {x} marks and O {o}: X must have as many as O or one more")]
    MarkCounts {
        /// X's marks.
        x: u32,
        /// O's marks.
        o: u32,
    },
    /// Both sides have three in a row.
    #[error("both X and O have a line")]
    BothHaveLines,
    /// The side to move has a line: its opponent moved after the game ended.
    #[error("the side to move already has a line, which cannot happen")]
    MoverHasLine,
}

/// A square, 0-8 internally, printed 1-9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square(pub u8);

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

// clippy suggests `contains`, which would test a different thing (the line
// appears in `bits`, not equals it).
#[allow(clippy::manual_contains)]
fn has_line(bits: u16) -> bool {
    LINES.iter().any(|&l| bits & l == l)
}

impl TicTacToe {
    /// Parses a 9-character board, row by row: `X`, `O` and `.` (or `-`, `_`).
    /// The side to move is X when both have the same count, O when X has one more.
    pub fn from_text(text: &str) -> Result<TicTacToe, BoardError> {
        let cells: Vec<char> = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/' && *c != '|')
            .collect();
        if cells.len() != 9 {
            return Err(BoardError::CellCount {
                cells: cells.len(),
                text: text.to_string(),
            });
        }
        let (mut x, mut o) = (0u16, 0u16);
        for (i, c) in cells.iter().enumerate() {
            match c.to_ascii_uppercase() {
                'X' => x |= 1 << i,
                'O' => o |= 1 << i,
                '.' | '-' | '_' => {}
                other => {
                    return Err(BoardError::BadCell {
                        cell: i + 1,
                        found: other,
                    });
                }
            }
        }
        let (nx, no) = (x.count_ones(), o.count_ones());
        let pos = match nx.checked_sub(no) {
            Some(0) => TicTacToe { own: x, other: o },
            Some(1) => TicTacToe { own: o, other: x },
            _ => return Err(BoardError::MarkCounts { x: nx, o: no }),
        };
        if has_line(x) && has_line(o) {
            return Err(BoardError::BothHaveLines);
        }
        if has_line(pos.own) {
            return Err(BoardError::MoverHasLine);
        }
        Ok(pos)
    }

    fn x_to_move(&self) -> bool {
        self.own.count_ones() == self.other.count_ones()
    }
}

impl fmt::Display for TicTacToe {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let (x, o) = if self.x_to_move() {
            (self.own, self.other)
        } else {
            (self.other, self.own)
        };
        for row in 0..3 {
            let cells: Vec<String> = (0..3)
                .map(|col| {
                    let i = row * 3 + col;
                    if x >> i & 1 == 1 {
                        "X".to_string()
                    } else if o >> i & 1 == 1 {
                        "O".to_string()
                    } else {
                        (i + 1).to_string()
                    }
                })
                .collect();
            writeln!(f, " {} | {} | {}", cells[0], cells[1], cells[2])?;
            if row < 2 {
                writeln!(f, "---+---+---")?;
            }
        }
        let (mover, other) = if self.x_to_move() {
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

impl Game for TicTacToe {
    type Move = Square;

    fn name() -> &'static str {
        "tictactoe"
    }

    fn initial() -> Self {
        TicTacToe::default()
    }

    fn to_move(&self) -> Seat {
        if self.x_to_move() { 0 } else { 1 }
    }

    fn legal_moves(&self, moves: &mut Vec<Square>) {
        moves.clear();
        if has_line(self.other) {
            return;
        }
        let mut empty = !(self.own | self.other) & FULL;
        while empty != 0 {
            moves.push(Square(empty.trailing_zeros() as u8));
            empty &= empty - 1;
        }
    }

    fn play(&mut self, mv: Square) {
        debug_assert!(
            (self.own | self.other) >> mv.0 & 1 == 0,
            "square {mv} is taken"
        );
        let own = self.own | 1 << mv.0;
        self.own = self.other;
        self.other = own;
    }

    fn outcome(&self) -> Option<Outcome> {
        if has_line(self.other) {
            Some(Outcome::Loss)
        } else if self.own | self.other == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash(&self) -> Option<u64> {
        let key = (self.own as u64) | (self.other as u64) << 9 | (self.to_move() as u64) << 18;
        Some(crate::mix64(key))
    }

    fn evaluate(&self) -> i32 {
        // Open lines (no enemy mark) weighted by how many own marks they hold.
        let score = |me: u16, them: u16| -> i32 {
            LINES
                .iter()
                .filter(|&&l| l & them == 0)
                .map(|&l| [0, 1, 10, 100][(l & me).count_ones() as usize])
                .sum()
        };
        score(self.own, self.other) - score(self.other, self.own)
    }

    fn parse_move(&self, text: &str) -> Result<Square, MoveError> {
        let t = text.trim();
        let n: u8 = t.parse().map_err(|_| {
            MoveError::Notation(format!("'{t}' is not a square: type a number 1-9"))
        })?;
        if !(1..=9).contains(&n) {
            return Err(MoveError::Notation(format!(
                "square {n} is off the board: type a number 1-9"
            )));
        }
        if (self.own | self.other) >> (n - 1) & 1 == 1 {
            return Err(MoveError::Illegal(format!("square {n} is already taken")));
        }
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        Ok(Square(n - 1))
    }

    fn position_syntax() -> &'static str {
        "9 cells row by row with X, O and . (e.g. XO.X.O...)"
    }

    fn parse_position(text: &str) -> Result<Self, PositionError> {
        TicTacToe::from_text(text).map_err(|e| PositionError::Invalid(e.to_string()))
    }

    fn max_game_length() -> Option<usize> {
        Some(9)
    }
}
