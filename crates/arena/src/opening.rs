//! Opening positions: the one parser of openings files and opening lines,
//! and seeded random openings.
//!
//! Contract: an [`Opening`] is a start position plus legal moves from it
//! that do not finish the game. An openings file holds one opening a line;
//! blank lines and everything after `#` are skipped ([`opening_lines`]).
//! A line is either moves in the game's notation from its initial
//! position (`7g7f 3c3d`, `4 4 5`), or, as a USI `position` command writes
//! it, `[position] startpos|sfen <position>|<position> [moves <moves>]`,
//! the position read by [`Game::parse_position`]. Given openings are all
//! validated before any game is played, and an error names the opening (its
//! index in a list, its line in a file), the move and why; a random opening
//! is a pure function of its seed.

use crate::config::{Openings, opening_seed};
use crate::error::ArenaError;
use std::fmt;
use yomi_core::Rng;
use yomi_search::Game;

/// How many random openings are drawn before giving up on one that leaves
/// the game unfinished.
pub const RANDOM_OPENING_ATTEMPTS: u32 = 1000;

/// A start position for both games of a pair.
#[derive(Clone, Debug)]
pub struct Opening<G: Game> {
    /// The position the opening starts from.
    pub start: G,
    /// The opening moves from `start`.
    pub moves: Vec<G::Move>,
    /// The position after the opening moves.
    pub state: G,
}

/// Which opening an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningId {
    /// Index in a given list (from 0).
    Index(usize),
    /// Line of an openings file (from 1).
    Line(usize),
}

impl fmt::Display for OpeningId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningId::Index(i) => write!(f, "opening {i}"),
            OpeningId::Line(l) => write!(f, "line {l}"),
        }
    }
}

/// The openings of a file's text: every line with its text before `#`,
/// trimmed, skipping those left empty; each with its line number (from 1).
///
/// ```
/// let lines = yomi_arena::opening::opening_lines("# book\n7g7f 3c3d\n\n2g2f  # rook pawn\n");
/// assert_eq!(lines, vec![(2, "7g7f 3c3d".to_string()), (4, "2g2f".to_string())]);
/// ```
pub fn opening_lines(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let t = l.split('#').next().unwrap_or("").trim();
            (!t.is_empty()).then(|| (i + 1, t.to_string()))
        })
        .collect()
}

/// Parses one opening line (see the module contract).
///
/// ```
/// use yomi_arena::opening::{OpeningId, parse_opening};
/// use yomi_games::Connect4;
/// let o = parse_opening::<Connect4>(OpeningId::Index(0), "position 44 moves 5 3")?;
/// assert_eq!(o.moves.len(), 2);
/// assert_eq!(o.state, Connect4::from_moves("4453")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_opening<G: Game>(id: OpeningId, text: &str) -> Result<Opening<G>, ArenaError> {
    let text = text.trim();
    let (start, moves_text) = split_start(text);
    let start = match start {
        None | Some("startpos") => G::initial(),
        Some(position) => G::parse_position(position).map_err(|e| ArenaError::BadOpeningStart {
            opening: id,
            text: position.to_string(),
            reason: e.to_string(),
        })?,
    };
    let mut state = start.clone();
    let mut played = Vec::new();
    for (i, mv) in moves_text.split_whitespace().enumerate() {
        if state.outcome().is_some() {
            return Err(ArenaError::OpeningEndsGame {
                opening: id,
                plies: i,
            });
        }
        let m = state
            .parse_move(mv)
            .map_err(|e| ArenaError::BadOpeningMove {
                opening: id,
                ply: i + 1,
                text: mv.to_string(),
                reason: e.to_string(),
            })?;
        state.play(m);
        played.push(m);
    }
    if state.outcome().is_some() {
        return Err(ArenaError::OpeningEndsGame {
            opening: id,
            plies: played.len(),
        });
    }
    Ok(Opening {
        start,
        moves: played,
        state,
    })
}

/// Splits a line into its start position text (`None`: the initial
/// position) and its moves text.
fn split_start(text: &str) -> (Option<&str>, &str) {
    let rest = match text.strip_prefix("position") {
        Some(r) if r.is_empty() || r.starts_with(char::is_whitespace) => r.trim_start(),
        _ => {
            let keyword = ["startpos", "sfen"]
                .iter()
                .any(|k| text.split_whitespace().next() == Some(*k));
            if !keyword {
                return (None, text);
            }
            text
        }
    };
    let (start, moves) = match rest.find(" moves") {
        Some(at) if rest[at + 6..].is_empty() || rest[at + 6..].starts_with(' ') => {
            (&rest[..at], &rest[at + 6..])
        }
        _ if rest.starts_with("moves") => ("", &rest[5..]),
        _ => (rest, ""),
    };
    let start = start.trim();
    (
        Some(if start.is_empty() { "startpos" } else { start }),
        moves,
    )
}

/// Draws `plies` uniformly random legal moves from the initial position,
/// again and again until the result leaves the game unfinished.
pub fn random_opening<G: Game>(plies: u32, seed: u64) -> Result<Opening<G>, ArenaError> {
    let mut rng = Rng::new(seed);
    let mut buf = Vec::new();
    'attempt: for _ in 0..RANDOM_OPENING_ATTEMPTS {
        let mut state = G::initial();
        let mut moves = Vec::with_capacity(plies as usize);
        for _ in 0..plies {
            state.legal_moves(&mut buf);
            if buf.is_empty() {
                continue 'attempt;
            }
            let mv = buf[rng.below(buf.len())];
            state.play(mv);
            moves.push(mv);
        }
        if state.outcome().is_none() {
            return Ok(Opening {
                start: G::initial(),
                moves,
                state,
            });
        }
    }
    Err(ArenaError::RandomOpeningUnavailable {
        plies,
        attempts: RANDOM_OPENING_ATTEMPTS,
    })
}

/// Openings ready for a match: given ones parsed once, random ones drawn
/// per pair.
#[derive(Clone, Debug)]
pub enum OpeningBook<G: Game> {
    /// Given openings, cycled.
    Fixed(Vec<Opening<G>>),
    /// Seeded random openings of `plies` plies.
    Random {
        /// Opening length.
        plies: u32,
        /// The match seed the per-pair seeds derive from.
        match_seed: u64,
    },
}

impl<G: Game> OpeningBook<G> {
    /// Parses and validates all given openings (or checks that pair 0's
    /// random opening can be drawn, which catches impossible lengths early).
    pub fn prepare(openings: &Openings, match_seed: u64) -> Result<Self, ArenaError> {
        let parsed: Vec<Opening<G>> = match openings {
            &Openings::Random { plies } => {
                random_opening::<G>(plies, opening_seed(match_seed, 0))?;
                return Ok(OpeningBook::Random { plies, match_seed });
            }
            Openings::List(list) => list
                .iter()
                .enumerate()
                .map(|(i, text)| parse_opening(OpeningId::Index(i), text))
                .collect::<Result<_, _>>()?,
            Openings::File(text) => opening_lines(text)
                .iter()
                .map(|(line, text)| parse_opening(OpeningId::Line(*line), text))
                .collect::<Result<_, _>>()?,
        };
        if parsed.is_empty() {
            return Err(ArenaError::NoOpenings);
        }
        Ok(OpeningBook::Fixed(parsed))
    }

    /// The longest opening, in plies.
    pub fn max_plies(&self) -> usize {
        match self {
            OpeningBook::Fixed(list) => list.iter().map(|o| o.moves.len()).max().unwrap_or(0),
            OpeningBook::Random { plies, .. } => *plies as usize,
        }
    }

    /// The opening of pair `pair`.
    pub fn for_pair(&self, pair: u64) -> Result<Opening<G>, ArenaError> {
        match self {
            OpeningBook::Fixed(list) => Ok(list[(pair % list.len() as u64) as usize].clone()),
            OpeningBook::Random { plies, match_seed } => {
                random_opening(*plies, opening_seed(*match_seed, pair))
            }
        }
    }
}

/// What identifies a match's openings in its journal: the random plies, or
/// the given openings' count and a fingerprint of their text.
pub fn describe_openings(openings: &Openings) -> String {
    let fingerprint = |texts: &mut dyn Iterator<Item = &str>| {
        let mut h = yomi_core::Fnv::new();
        let mut n = 0;
        for t in texts {
            h.write(t.as_bytes());
            h.write(b"\n");
            n += 1;
        }
        format!("{n} lines, fingerprint {:016x}", h.finish())
    };
    match openings {
        Openings::Random { plies } => format!("{plies} random plies"),
        Openings::List(list) => fingerprint(&mut list.iter().map(String::as_str)),
        Openings::File(text) => {
            let lines = opening_lines(text);
            fingerprint(&mut lines.iter().map(|(_, t)| t.as_str()))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_split_into_start_and_moves() {
        assert_eq!(split_start("7g7f 3c3d"), (None, "7g7f 3c3d"));
        assert_eq!(split_start("startpos"), (Some("startpos"), ""));
        assert_eq!(
            split_start("position startpos moves 2g2f"),
            (Some("startpos"), " 2g2f")
        );
        assert_eq!(
            split_start("sfen 9/9/9 b - 1 moves 1a1b"),
            (Some("sfen 9/9/9 b - 1"), " 1a1b")
        );
        assert_eq!(split_start("position 44 moves 5"), (Some("44"), " 5"));
        assert_eq!(split_start("position moves 5"), (Some("startpos"), " 5"));
        assert_eq!(split_start("position 4453"), (Some("4453"), ""));
        // "positional" is not the keyword; "sfenx" neither.
        assert_eq!(split_start("positional"), (None, "positional"));
        assert_eq!(split_start("sfenx 1"), (None, "sfenx 1"));
    }
}
