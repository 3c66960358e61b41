//! Opening books in YaneuraOu's standard format (`#YANEURAOU-DB2016 1.00`).
//!
//! Contract: [`Book::load`] / [`Book::parse`] accept the format as YaneuraOu
//! reads it: lines starting with `#` or `//` are comments, `sfen <4 fields>`
//! starts a position (hands in any order; positions in any order), and each
//! following line is `<move> [<ponder>|none] [value] [depth] [count]` with
//! the numbers optional (0, 0, 1). Anything else is a [`BookError`] naming
//! the line: also, unlike YaneuraOu, a move or ponder move that is not legal
//! in its position, a negative count, a first line naming another
//! `#YANEURAOU-DB` format and a book with no position. [`Book::probe`] matches board, hands, side and, unless
//! [`BookOptions::ignore_ply`], the move number; it keeps only moves legal
//! in the position and picks one with probability proportional to its count
//! (uniform when all counts are 0), deterministically for a given seed.
//! Making and writing books is `yomi-shogi-train`'s (`book`); the game
//! lines it reads are parsed here ([`parse_game_line`]), as openings files
//! use them too.

mod error;
mod parse;

pub use error::BookError;

use std::collections::HashMap;
use std::path::Path;
use yomi_shogi::{Move, Position};

/// The first line of a YaneuraOu standard book.
pub const HEADER: &str = "#YANEURAOU-DB2016 1.00";

/// One candidate move of a book position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub mv: Move,
    /// The expected reply, if the book gives one.
    pub ponder: Option<Move>,
    /// Evaluation after the move in centipawns, from the mover's side.
    pub value: i32,
    /// Search depth the value came from.
    pub depth: i32,
    /// How often the move was chosen (the weight when picking).
    pub count: u64,
}

/// How a book is matched against positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BookOptions {
    /// Match positions whatever their move number (YaneuraOu's `IgnoreBookPly`).
    pub ignore_ply: bool,
}

/// One position of the book with its candidate moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position's SFEN, normalised (hands in the conventional order).
    pub sfen: String,
    /// The move number the book gives.
    pub ply: u32,
    /// Candidate moves in file order.
    pub moves: Vec<BookMove>,
}

/// An opening book in memory.
#[derive(Clone, Debug, Default)]
pub struct Book {
    entries: Vec<BookEntry>,
    /// Position key (board, hands, side) to entry indices.
    index: HashMap<u64, Vec<usize>>,
    options: BookOptions,
}

impl Book {
    /// Reads a book file with the default options (ply must match).
    pub fn load(path: &Path) -> Result<Book, BookError> {
        Book::load_with(path, BookOptions::default())
    }

    /// Reads a book file.
    pub fn load_with(path: &Path, options: BookOptions) -> Result<Book, BookError> {
        let text = std::fs::read_to_string(path).map_err(|source| BookError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Book::parse(&text, options)
    }

    /// Parses book text.
    pub fn parse(text: &str, options: BookOptions) -> Result<Book, BookError> {
        let entries = parse::parse_entries(text)?;
        Ok(Book::from_entries(entries, options))
    }

    /// A book holding `entries`; a position listed twice with the same ply
    /// keeps both candidate lists, the first one winning on lookup.
    pub fn from_entries(entries: Vec<BookEntry>, options: BookOptions) -> Book {
        let mut index: HashMap<u64, Vec<usize>> = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            let key = Position::from_sfen(&e.sfen)
                .map(|p| p.key())
                .expect("entries hold validated SFENs");
            index.entry(key).or_default().push(i);
        }
        Book {
            entries,
            index,
            options,
        }
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when the book has no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The positions in file order.
    pub fn entries(&self) -> &[BookEntry] {
        &self.entries
    }

    /// The matching options.
    pub fn options(&self) -> BookOptions {
        self.options
    }

    /// Changes the matching options.
    pub fn set_options(&mut self, options: BookOptions) {
        self.options = options;
    }

    /// The book's candidate moves for `pos` that are legal there (ponder
    /// moves that are not legal after the move are dropped), in file order.
    pub fn candidates(&self, pos: &Position) -> Vec<BookMove> {
        let Some(found) = self.index.get(&pos.key()) else {
            return Vec::new();
        };
        let entry = if self.options.ignore_ply {
            found.iter().min_by_key(|&&i| self.entries[i].ply)
        } else {
            found
                .iter()
                .find(|&&i| self.entries[i].ply == pos.move_number())
        };
        let Some(&i) = entry else {
            return Vec::new();
        };
        let legal = pos.legal_moves();
        self.entries[i]
            .moves
            .iter()
            .filter(|bm| legal.contains(bm.mv))
            .map(|bm| {
                let mut next = pos.clone();
                next.do_move(bm.mv);
                BookMove {
                    ponder: bm.ponder.filter(|&p| next.is_legal(p)),
                    ..*bm
                }
            })
            .collect()
    }

    /// A book move for `pos`, chosen with probability proportional to its
    /// count; the same seed and position give the same move.
    pub fn probe(&self, pos: &Position, seed: u64) -> Option<BookMove> {
        let moves = self.candidates(pos);
        if moves.is_empty() {
            return None;
        }
        let total: u64 = moves.iter().map(|m| m.count).sum();
        let draw = splitmix64(seed ^ pos.key());
        if total == 0 {
            return Some(moves[(draw % moves.len() as u64) as usize]);
        }
        let mut ticket = draw % total;
        for m in &moves {
            if ticket < m.count {
                return Some(*m);
            }
            ticket -= m.count;
        }
        unreachable!("the ticket is below the total count")
    }
}

/// One step of SplitMix64: a well-mixed 64-bit value from a seed.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
