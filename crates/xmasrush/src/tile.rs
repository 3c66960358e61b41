//! Directions, tiles and board geometry.
//!
//! Contract: a tile is a 4-bit mask, bit `d` set when the tile has a path in
//! direction `d` (UP = 0, RIGHT = 1, DOWN = 2, LEFT = 3), which is the order of
//! the referee's 4-character strings (`0110` = RIGHT + DOWN). Cells are
//! numbered `y * 7 + x`; `x` is the column, `y` the row, both 0..6.

use std::fmt;

/// Board side.
pub const SIZE: usize = 7;
/// Number of board cells.
pub const CELLS: usize = SIZE * SIZE;
/// Marker for "no cell" in the neighbour table.
pub const OFF: u8 = u8::MAX;

/// One of the four directions, in the referee's bit order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    /// Towards row 0.
    Up = 0,
    /// Towards column 6.
    Right = 1,
    /// Towards row 6.
    Down = 2,
    /// Towards column 0.
    Left = 3,
}

impl Dir {
    /// All directions in bit order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

    /// The direction with this bit index (taken modulo 4).
    pub fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 3]
    }

    /// Bit index 0..3.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The opposite direction.
    pub fn opposite(self) -> Dir {
        Dir::from_index(self.index() + 2)
    }

    /// Whether pushing in this direction moves a row (LEFT/RIGHT).
    pub fn is_horizontal(self) -> bool {
        matches!(self, Dir::Left | Dir::Right)
    }

    /// The protocol word (`UP`, `RIGHT`, `DOWN`, `LEFT`).
    pub fn word(self) -> &'static str {
        ["UP", "RIGHT", "DOWN", "LEFT"][self.index()]
    }

    /// Parses a protocol word, case-sensitively as the referee does.
    pub fn from_word(word: &str) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.word() == word)
    }

    /// (dx, dy).
    pub fn delta(self) -> (i32, i32) {
        [(0, -1), (1, 0), (0, 1), (-1, 0)][self.index()]
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Parses a 4-character pattern (`0110`) into a mask; `None` when malformed.
pub fn parse_tile(text: &str) -> Option<u8> {
    let bytes = text.as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    let mut mask = 0;
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'1' => mask |= 1 << i,
            b'0' => {}
            _ => return None,
        }
    }
    Some(mask)
}

/// The 4-character pattern of a mask.
pub fn tile_text(mask: u8) -> String {
    (0..4)
        .map(|i| if mask >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}

/// Rotates a mask `quarter_turns` times clockwise (the pattern's last character moves to the front).
pub fn rotate(mask: u8, quarter_turns: u32) -> u8 {
    let mut m = mask;
    for _ in 0..quarter_turns % 4 {
        m = ((m << 1) | (m >> 3)) & 15;
    }
    m
}

/// `x + 7 y`.
pub const fn cell(x: usize, y: usize) -> u8 {
    (y * SIZE + x) as u8
}

/// (x, y) of a cell.
pub fn xy(c: u8) -> (usize, usize) {
    (c as usize % SIZE, c as usize / SIZE)
}

/// The point-symmetric cell `(6 - x, 6 - y)`.
pub fn mirror(c: u8) -> u8 {
    (CELLS as u8 - 1) - c
}

const fn build_neighbours() -> [[u8; 4]; CELLS] {
    let mut t = [[OFF; 4]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (x, y) = (c % SIZE, c / SIZE);
        if y > 0 {
            t[c][0] = (c - SIZE) as u8;
        }
        if x < SIZE - 1 {
            t[c][1] = (c + 1) as u8;
        }
        if y < SIZE - 1 {
            t[c][2] = (c + SIZE) as u8;
        }
        if x > 0 {
            t[c][3] = (c - 1) as u8;
        }
        c += 1;
    }
    t
}

/// `NEIGHBOURS[cell][dir]`: the adjacent cell, or [`OFF`] at the edge (walking never wraps).
pub const NEIGHBOURS: [[u8; 4]; CELLS] = build_neighbours();

/// Manhattan distance between two cells.
pub fn manhattan(a: u8, b: u8) -> u32 {
    let (ax, ay) = xy(a);
    let (bx, by) = xy(b);
    (ax.abs_diff(bx) + ay.abs_diff(by)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_moves_the_last_character_to_the_front() {
        assert_eq!(tile_text(rotate(parse_tile("0110").unwrap(), 1)), "0011");
        assert_eq!(tile_text(rotate(parse_tile("1101").unwrap(), 1)), "1110");
        assert_eq!(tile_text(rotate(parse_tile("1101").unwrap(), 2)), "0111");
        assert_eq!(parse_tile("01a0"), None);
    }

    #[test]
    fn neighbours_do_not_wrap() {
        assert_eq!(NEIGHBOURS[cell(6, 2) as usize][Dir::Right.index()], OFF);
        assert_eq!(NEIGHBOURS[cell(0, 0) as usize][Dir::Up.index()], OFF);
        assert_eq!(
            NEIGHBOURS[cell(3, 3) as usize][Dir::Down.index()],
            cell(3, 4)
        );
    }
}
