//! Opening positions: parsing given move lists and drawing random ones.
//!
//! Contract: an [`Opening`] is a position reached from [`Game::initial`] by
//! legal moves that does not finish the game. Given openings are all
//! validated before any game is played; a random opening is a pure function
//! of its seed (the same seed always yields the same moves).

use crate::config::{Openings, opening_seed};
use crate::error::ArenaError;
use yomi_core::Rng;
use yomi_search::Game;

/// How many random openings are drawn before giving up on one that leaves
/// the game unfinished.
pub const RANDOM_OPENING_ATTEMPTS: u32 = 1000;

/// A start position for both games of a pair.
#[derive(Clone, Debug)]
pub struct Opening<G: Game> {
    /// The position after the opening moves.
    pub state: G,
    /// The opening moves from the initial position.
    pub moves: Vec<G::Move>,
}

/// Parses opening `index` of a list: each move with [`Game::parse_move`] in
/// the position it is played in.
pub fn parse_opening<G: Game>(index: usize, moves: &[String]) -> Result<Opening<G>, ArenaError> {
    let mut state = G::initial();
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        if state.outcome().is_some() {
            return Err(ArenaError::OpeningEndsGame { index, plies: i });
        }
        let mv = state
            .parse_move(text)
            .map_err(|reason| ArenaError::BadOpeningMove {
                index,
                ply: i + 1,
                text: text.clone(),
                reason,
            })?;
        state.play(mv);
        played.push(mv);
    }
    if state.outcome().is_some() {
        return Err(ArenaError::OpeningEndsGame {
            index,
            plies: moves.len(),
        });
    }
    Ok(Opening {
        state,
        moves: played,
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
            return Ok(Opening { state, moves });
        }
    }
    Err(ArenaError::RandomOpeningUnavailable {
        plies,
        attempts: RANDOM_OPENING_ATTEMPTS,
    })
}

/// Openings ready for a match: given ones parsed once, random ones drawn per pair.
#[derive(Clone, Debug)]
pub(crate) enum OpeningBook<G: Game> {
    Fixed(Vec<Opening<G>>),
    Random { plies: u32, match_seed: u64 },
}

impl<G: Game> OpeningBook<G> {
    /// Parses and validates all given openings (or checks that pair 0's
    /// random opening can be drawn, which catches impossible lengths early).
    pub(crate) fn prepare(openings: &Openings, match_seed: u64) -> Result<Self, ArenaError> {
        match openings {
            Openings::List(list) => {
                if list.is_empty() {
                    return Err(ArenaError::NoOpenings);
                }
                let parsed = list
                    .iter()
                    .enumerate()
                    .map(|(i, m)| parse_opening(i, m))
                    .collect::<Result<_, _>>()?;
                Ok(OpeningBook::Fixed(parsed))
            }
            &Openings::Random { plies } => {
                random_opening::<G>(plies, opening_seed(match_seed, 0))?;
                Ok(OpeningBook::Random { plies, match_seed })
            }
        }
    }

    /// The longest opening, in plies.
    pub(crate) fn max_plies(&self) -> usize {
        match self {
            OpeningBook::Fixed(list) => list.iter().map(|o| o.moves.len()).max().unwrap_or(0),
            OpeningBook::Random { plies, .. } => *plies as usize,
        }
    }

    /// The opening of pair `pair`.
    pub(crate) fn for_pair(&self, pair: u64) -> Result<Opening<G>, ArenaError> {
        match self {
            OpeningBook::Fixed(list) => Ok(list[(pair % list.len() as u64) as usize].clone()),
            OpeningBook::Random { plies, match_seed } => {
                random_opening(*plies, opening_seed(*match_seed, pair))
            }
        }
    }
}
