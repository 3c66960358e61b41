//! Opening positions: the one parser of openings files and opening lines,
//! and seeded random openings.
//!
//! Contract: an [`Opening`] is a start position plus legal moves from it
//! that do not finish the game. An openings file holds one opening a line;
//! blank lines and everything after `#` are skipped
//! ([`yomi_core::text::content_lines`]). A line is read by the game
//! ([`Game::parse_opening`]): moves in its notation from its initial
//! position (`4 4 5`), or what its own syntax adds (shogi: `[position]
//! startpos|sfen <fields> [moves ...]`, or bare moves). Given openings are all
//! validated before any game is played, and an error names the opening (its
//! index in a list, its line in a file), the move and why; a random opening
//! is a pure function of its seed.

use crate::config::{Openings, opening_seed};
use crate::error::ArenaError;
use std::fmt;
use yomi_core::Rng;
use yomi_core::text::content_lines;
use yomi_search::{Game, MoveError, OpeningError};

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

/// Parses one opening line ([`Game::parse_opening`]: moves from the
/// initial position, or what the game's own syntax allows) and checks that
/// it leaves a game to play.
///
/// ```
/// use yomi_arena::opening::{OpeningId, parse_opening};
/// use yomi_games::Connect4;
/// let o = parse_opening::<Connect4>(OpeningId::Line(3), "4 4 5 3")?;
/// assert_eq!(o.state, Connect4::from_moves("4453")?);
/// let e = parse_opening::<Connect4>(OpeningId::Line(3), "4 8").unwrap_err();
/// assert!(e.to_string().starts_with("line 3, move 2 ('8')"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse_opening<G: Game>(id: OpeningId, text: &str) -> Result<Opening<G>, ArenaError> {
    let (start, moves) = G::parse_opening(text).map_err(|e| match e {
        OpeningError::Start(reason) => ArenaError::BadOpeningStart {
            opening: id,
            text: text.trim().to_string(),
            reason,
        },
        // A move after the end: the moves before it already end the game.
        OpeningError::Move {
            index,
            reason: MoveError::GameOver,
            ..
        } => ArenaError::OpeningEndsGame {
            opening: id,
            plies: index - 1,
        },
        OpeningError::Move {
            index,
            text,
            reason,
        } => ArenaError::BadOpeningMove {
            opening: id,
            ply: index,
            text,
            reason: reason.to_string(),
        },
    })?;
    let mut state = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        if state.outcome().is_some() {
            return Err(ArenaError::OpeningEndsGame {
                opening: id,
                plies: i,
            });
        }
        state.play(m);
    }
    if state.outcome().is_some() {
        return Err(ArenaError::OpeningEndsGame {
            opening: id,
            plies: moves.len(),
        });
    }
    Ok(Opening {
        start,
        moves,
        state,
    })
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
            Openings::File(text) => content_lines(text)
                .map(|(line, text)| parse_opening(OpeningId::Line(line), text))
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
        Openings::File(text) => fingerprint(&mut content_lines(text).map(|(_, t)| t)),
    }
}
