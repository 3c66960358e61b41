//! What a match is: the two players, the number of games, openings, threads,
//! seed, optional SPRT, draw and resign adjudication, the clock and the
//! journal; plus the seed derivation that makes every game reproducible on
//! its own.
//!
//! Contract: games are played in pairs (the requested count is rounded up to
//! an even number). Pair `p` uses one opening for both games; in game `2p`
//! player A has the first seat (seat 0), in game `2p + 1` the second. All
//! randomness flows from [`MatchConfig::seed`] through [`opening_seed`] and
//! [`player_seed`], so results do not depend on thread scheduling.

use crate::adjudicate::ResignRule;
use crate::clock::TimeControl;
use crate::sprt::SprtConfig;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use yomi_core::rng::derive_seed;
use yomi_search::{Game, SpecError, Strategy, StrategySpec};

/// Builds a fresh player for one game; the argument is that game's seed
/// (see [`player_seed`]).
pub type PlayerFactory<G> = Arc<dyn Fn(u64) -> Box<dyn Strategy<G>> + Send + Sync>;

/// The factory of a strategy spec (`mcts:iterations=2000`): every game's
/// player built from the spec with that game's seed. The spec is built once
/// here, so a spec that cannot build fails before any game starts.
///
/// ```
/// use yomi_arena::spec_factory;
/// use yomi_games::Connect4;
/// let spec = "mcts:iterations=100".parse()?;
/// let f = spec_factory::<Connect4>(&spec)?;
/// assert!(f(7).name().starts_with("mcts("));
/// # Ok::<(), yomi_search::SpecError>(())
/// ```
pub fn spec_factory<G: Game>(spec: &StrategySpec) -> Result<PlayerFactory<G>, SpecError> {
    spec.build::<G>(Some(0))?;
    let spec = spec.clone();
    Ok(Arc::new(move |seed| {
        spec.build::<G>(Some(seed))
            .expect("the spec built once with these parameters")
    }))
}

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
    /// Given openings, one per entry, each an openings-file line
    /// ([`Game::parse_opening`]); pair `p` uses opening `p % len`. Errors
    /// name an opening by its index in the list.
    List(Vec<String>),
    /// The text of an openings file ([`crate::opening`]:
    /// one opening a line, `#` comments); errors name the line.
    File(String),
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
    /// The clock. `None`: players think under their own budgets and their
    /// time is only measured; with a clock a move after the time allowed
    /// (plus [`MatchConfig::tolerance`]) loses, and players are given
    /// [`yomi_search::Limits`] to keep within it.
    pub clock: Option<TimeControl>,
    /// Lateness forgiven before a move loses on time.
    pub tolerance: Duration,
    /// End games both players score as decided (see [`ResignRule`]).
    pub resign: Option<ResignRule>,
    /// Journal every finished pair to this file, so the match can stop and
    /// go on (see [`crate::journal`]).
    pub journal: Option<MatchJournal>,
}

/// A match's journal file and how the user named the players: part of
/// what must match for a rerun to continue the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchJournal {
    /// The file (JSON lines; created when missing).
    pub path: PathBuf,
    /// The players as the user gave them (specs, engine command lines).
    pub players: [String; 2],
}

impl MatchConfig {
    /// `games` games from the start position on all cores, seed 0, no SPRT,
    /// no ply limit, no clock, no resign rule, no journal.
    pub fn new(games: u32) -> MatchConfig {
        MatchConfig {
            games,
            threads: 0,
            openings: Openings::Random { plies: 0 },
            seed: 0,
            sprt: None,
            max_plies: None,
            clock: None,
            tolerance: Duration::ZERO,
            resign: None,
            journal: None,
        }
    }

    /// The number of games actually scheduled: `games` rounded up to even.
    pub fn scheduled_games(&self) -> u32 {
        let up = self.games.saturating_add(self.games % 2);
        up - up % 2
    }
}

/// Progress of a running match, reported each time a pair joins the
/// counted prefix. Counts cover the counted games (from A's side).
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
    /// Current SPRT log-likelihood ratio over the counted pairs, when SPRT is on.
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
