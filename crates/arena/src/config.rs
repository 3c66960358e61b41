//! What a match is: the two players, the number of games, openings, threads,
//! seed, optional SPRT and draw adjudication; plus the seed derivation that
//! makes every game reproducible on its own.
//!
//! Contract: games are played in pairs (the requested count is rounded up to
//! an even number). Pair `p` uses one opening for both games; in game `2p`
//! player A has the first seat (seat 0), in game `2p + 1` the second. All
//! randomness flows from [`MatchConfig::seed`] through [`opening_seed`] and
//! [`player_seed`], so results do not depend on thread scheduling.

use crate::sprt::SprtConfig;
use std::sync::Arc;
use yomi_core::rng::derive_seed;
use yomi_search::{Game, Strategy};

/// Builds a fresh player for one game; the argument is that game's seed
/// (see [`player_seed`]).
pub type PlayerFactory<G> = Arc<dyn Fn(u64) -> Box<dyn Strategy<G>> + Send + Sync>;

/// Wraps a closure as a [`PlayerFactory`].
pub fn factory<G: Game, F>(f: F) -> PlayerFactory<G>
where
    F: Fn(u64) -> Box<dyn Strategy<G>> + Send + Sync + 'static,
{
    Arc::new(f)
}

/// Where games start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Openings {
    /// A seed-chosen sequence of `plies` uniformly random legal moves from
    /// the start position, drawn again if it finishes the game.
    /// `plies: 0` plays every game from the start position.
    Random {
        /// Length of each opening in plies.
        plies: u32,
    },
    /// Given openings, as moves in the game's notation (parsed with
    /// [`Game::parse_move`]); pair `p` uses opening `p % len`.
    List(Vec<Vec<String>>),
}

/// Which of the two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// Player A (the one results are reported for).
    A,
    /// Player B.
    B,
}

/// Settings of one match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Number of games, rounded up to an even number (games come in pairs).
    pub games: u32,
    /// Worker threads; 0 = one per core.
    pub threads: usize,
    /// Where games start.
    pub openings: Openings,
    /// Seed of everything random in the match.
    pub seed: u64,
    /// Stop early when this test reaches a decision.
    pub sprt: Option<SprtConfig>,
    /// Adjudicate a draw when a game reaches this many plies (opening included).
    pub max_plies: Option<u32>,
}

impl MatchConfig {
    /// `games` games from the start position on all cores, seed 0, no SPRT,
    /// no ply limit.
    pub fn new(games: u32) -> MatchConfig {
        MatchConfig {
            games,
            threads: 0,
            openings: Openings::Random { plies: 0 },
            seed: 0,
            sprt: None,
            max_plies: None,
        }
    }

    /// The number of games actually scheduled: `games` rounded up to even.
    pub fn scheduled_games(&self) -> u32 {
        let up = self.games.saturating_add(self.games % 2);
        up - up % 2
    }
}

/// Progress of a running match, reported each time a pair finishes.
/// Counts cover every finished game (from A's side), in completion order.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchProgress {
    /// Games finished so far.
    pub games_done: u32,
    /// Games scheduled.
    pub games_total: u32,
    /// A's wins so far.
    pub wins: u32,
    /// Draws so far.
    pub draws: u32,
    /// A's losses so far.
    pub losses: u32,
    /// Current SPRT log-likelihood ratio over the finished prefix of pairs, when SPRT is on.
    pub llr: Option<f64>,
}

/// Seed of the random opening of pair `pair`.
pub fn opening_seed(match_seed: u64, pair: u64) -> u64 {
    derive_seed(derive_seed(match_seed, 0), pair)
}

/// Seed handed to `side`'s [`PlayerFactory`] for game `game` (0-based over the match).
pub fn player_seed(match_seed: u64, game: u64, side: Side) -> u64 {
    let stream = match side {
        Side::A => 1,
        Side::B => 2,
    };
    derive_seed(derive_seed(match_seed, stream), game)
}
