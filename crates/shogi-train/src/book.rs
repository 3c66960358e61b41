//! Making an opening book from games and writing it in YaneuraOu's layout
//! (`yomi shogi book make`); reading and probing books is the engine's
//! ([`yomi_shogi_engine::book`]).
//!
//! Contract: [`BookBuilder`] counts, for every position reached in the
//! games it is given (up to a ply limit), how often each move was played
//! there and which reply followed most often (the ponder move; ties go to
//! the reply seen first). A position reached at several move numbers is
//! kept once, at the smallest. [`BookBuilder::add_file`] takes a `.csa`
//! record as one game and any other file as one game line a line
//! (a [`StartLine`]; blank lines and `#` or `//` comments skipped).
//! [`write_book`] writes the header, the entries sorted by SFEN string, and
//! each entry's moves sorted by count, then value, both descending (stable,
//! so file order breaks ties), with `none` for a missing ponder move; empty
//! entries are not written.

use std::collections::HashMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;
use yomi_shogi::record::Csa;
use yomi_shogi::{Move, Position, StartLine};
use yomi_shogi_engine::book::{BookEntry, BookError, BookMove, HEADER};

/// Why a file of games could not be added to a book.
#[derive(Debug, Error)]
pub enum GamesFileError {
    /// The file could not be read.
    #[error("cannot read {}: {error}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        error: io::Error,
    },
    /// A CSA record that does not read.
    #[error("{}: {message}", path.display())]
    Csa {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// A CSA record with an illegal move.
    #[error("{}: move {number} is illegal", path.display())]
    Illegal {
        /// The file.
        path: PathBuf,
        /// 1-based number of the move.
        number: usize,
    },
    /// A game line that does not read or replay.
    #[error("{}: {error}", path.display())]
    Line {
        /// The file.
        path: PathBuf,
        /// What is wrong, and on which line.
        error: BookError,
    },
}

#[derive(Default)]
struct MoveStats {
    count: u64,
    /// Replies in order of first appearance with their counts.
    replies: Vec<(Move, u64)>,
    first_seen: usize,
}

struct Node {
    sfen: String,
    ply: u32,
    moves: HashMap<Move, MoveStats>,
}

/// Accumulates games into book entries.
pub struct BookBuilder {
    max_plies: u32,
    nodes: HashMap<u64, Node>,
    order: usize,
}

impl BookBuilder {
    /// A builder recording the first `max_plies` moves of each game.
    pub fn new(max_plies: u32) -> BookBuilder {
        BookBuilder {
            max_plies,
            nodes: HashMap::new(),
            order: 0,
        }
    }

    /// Number of positions recorded so far.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True when nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Records a game: `moves` played from `start` (they must be legal;
    /// the first illegal one ends the game with an error naming its index).
    pub fn add_game(&mut self, start: &Position, moves: &[Move]) -> Result<(), usize> {
        let mut pos = start.clone();
        for (i, &m) in moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(i);
            }
            if (i as u32) < self.max_plies {
                let reply = moves.get(i + 1).copied();
                self.record(&pos, m, reply);
            }
            pos.do_move(m);
        }
        Ok(())
    }

    /// Records a game given as one line: `[position] startpos|sfen <4
    /// fields> [moves m1 m2 ...]` (read as a [`StartLine`]). `line` is the
    /// 1-based line number used in errors.
    pub fn add_line(&mut self, line: usize, text: &str) -> Result<(), BookError> {
        let StartLine { start, moves } = text
            .parse()
            .map_err(|reason| BookError::Line { line, reason })?;
        self.add_game(&start, &moves)
            .map_err(|i| BookError::Record {
                line,
                reason: format!("move {} ({}) is not legal", i + 1, moves[i]),
            })
    }

    /// Adds the games of `path`: a `.csa` record is one game, any other file one game
    /// line a line. Returns how many games it held.
    pub fn add_file(&mut self, path: &Path) -> Result<usize, GamesFileError> {
        let text = std::fs::read_to_string(path).map_err(|error| GamesFileError::Read {
            path: path.to_path_buf(),
            error,
        })?;
        let is_csa = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csa"));
        if is_csa {
            let Csa(record) =
                text.parse()
                    .map_err(|e: yomi_shogi::record::CsaError| GamesFileError::Csa {
                        path: path.to_path_buf(),
                        message: e.to_string(),
                    })?;
            let moves: Vec<Move> = record.moves.iter().map(|m| m.mv).collect();
            self.add_game(&record.start, &moves)
                .map_err(|i| GamesFileError::Illegal {
                    path: path.to_path_buf(),
                    number: i + 1,
                })?;
            return Ok(1);
        }
        let mut games = 0;
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
                continue;
            }
            self.add_line(i + 1, t)
                .map_err(|error| GamesFileError::Line {
                    path: path.to_path_buf(),
                    error,
                })?;
            games += 1;
        }
        Ok(games)
    }

    fn record(&mut self, pos: &Position, m: Move, reply: Option<Move>) {
        self.order += 1;
        let order = self.order;
        let node = self.nodes.entry(pos.key()).or_insert_with(|| Node {
            sfen: pos.to_sfen(),
            ply: pos.move_number(),
            moves: HashMap::new(),
        });
        if pos.move_number() < node.ply {
            node.ply = pos.move_number();
            node.sfen = pos.to_sfen();
        }
        let stats = node.moves.entry(m).or_insert_with(|| MoveStats {
            first_seen: order,
            ..MoveStats::default()
        });
        stats.count += 1;
        if let Some(r) = reply {
            match stats.replies.iter_mut().find(|(x, _)| *x == r) {
                Some((_, n)) => *n += 1,
                None => stats.replies.push((r, 1)),
            }
        }
    }

    /// The entries, moves in first-seen order (the writer sorts them).
    pub fn build(self) -> Vec<BookEntry> {
        let mut out: Vec<BookEntry> = self
            .nodes
            .into_values()
            .map(|node| {
                let mut moves: Vec<(usize, BookMove)> = node
                    .moves
                    .into_iter()
                    .map(|(mv, s)| {
                        // The most frequent reply, the first seen among equals.
                        let mut ponder: Option<(Move, u64)> = None;
                        for &(r, n) in &s.replies {
                            if ponder.is_none_or(|(_, best)| n > best) {
                                ponder = Some((r, n));
                            }
                        }
                        let bm = BookMove {
                            mv,
                            ponder: ponder.map(|(r, _)| r),
                            value: 0,
                            depth: 0,
                            count: s.count,
                        };
                        (s.first_seen, bm)
                    })
                    .collect();
                moves.sort_by_key(|(first, _)| *first);
                BookEntry {
                    sfen: node.sfen,
                    ply: node.ply,
                    moves: moves.into_iter().map(|(_, m)| m).collect(),
                }
            })
            .collect();
        out.sort_by(|a, b| a.sfen.cmp(&b.sfen));
        out
    }
}

/// Writes `entries` as a YaneuraOu standard book.
pub fn write_book(entries: &[BookEntry], out: &mut impl Write) -> io::Result<()> {
    writeln!(out, "{HEADER}")?;
    // Keep the smallest-ply copy of a position listed at several plies.
    let mut min_ply: HashMap<&str, u32> = HashMap::new();
    for e in entries {
        let p = min_ply.entry(without_ply(&e.sfen)).or_insert(e.ply);
        *p = (*p).min(e.ply);
    }
    let mut sorted: Vec<&BookEntry> = entries
        .iter()
        .filter(|e| !e.moves.is_empty() && min_ply[without_ply(&e.sfen)] == e.ply)
        .collect();
    sorted.sort_by(|a, b| a.sfen.cmp(&b.sfen));
    for e in sorted {
        writeln!(out, "sfen {}", e.sfen)?;
        let mut moves = e.moves.clone();
        moves.sort_by(|a, b| b.count.cmp(&a.count).then(b.value.cmp(&a.value)));
        for m in moves {
            let ponder = m.ponder.map_or("none".to_string(), |p| p.to_string());
            writeln!(out, "{} {ponder} {} {} {}", m.mv, m.value, m.depth, m.count)?;
        }
    }
    Ok(())
}

fn without_ply(sfen: &str) -> &str {
    sfen.trim_end_matches(|c: char| c.is_ascii_digit())
        .trim_end()
}

#[cfg(test)]
mod tests;
