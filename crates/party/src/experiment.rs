//! The random-battle experiment: fixed random opponents, random parties, one
//! (or more) random-play games per pair, score = (wins + draws/2) / games.
//!
//! Contract: the opponents, the parties and every game are derived from one
//! base seed (opponents from stream 0, parties from stream 1, game `k` of
//! party `i` against opponent `j` from stream 2), so results do not depend
//! on thread count or scheduling, and the first `n` parties of a larger run
//! are the parties of a smaller one.

use crate::battle::{Battle, NoLog, Outcome};
use crate::data::Dex;
use crate::party::Party;
use crate::player::RandomPlayer;
use rayon::prelude::*;
use yomi_core::Rng;
use yomi_core::rng::derive_seed;

/// Parameters of one experiment run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExperimentConfig {
    /// Number of random parties to score (10,000 in the original).
    pub parties: usize,
    /// Number of fixed random opponents (100 in the original).
    pub opponents: usize,
    /// Games per (party, opponent) pair (1 in the original).
    pub games: usize,
    /// Base seed.
    pub seed: u64,
    /// Draw moves from learnsets instead of from all moves.
    pub learnset: bool,
}

impl Default for ExperimentConfig {
    fn default() -> Self {
        ExperimentConfig {
            parties: 10_000,
            opponents: 100,
            games: 1,
            seed: 2017,
            learnset: false,
        }
    }
}

/// Scored parties.
#[derive(Clone, Debug)]
pub struct Dataset {
    /// The parties, in generation order.
    pub parties: Vec<Party>,
    /// Their scores in [0, 1].
    pub scores: Vec<f64>,
}

/// `n` random parties from `seed`.
pub fn random_parties(dex: &Dex, n: usize, seed: u64, learnset: bool) -> Vec<Party> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|_| Party::random(dex, &mut rng, learnset))
        .collect()
}

/// The experiment's fixed opponents.
pub fn opponents(dex: &Dex, cfg: &ExperimentConfig) -> Vec<Party> {
    random_parties(dex, cfg.opponents, derive_seed(cfg.seed, 0), cfg.learnset)
}

/// The experiment's random parties.
pub fn parties(dex: &Dex, cfg: &ExperimentConfig) -> Vec<Party> {
    random_parties(dex, cfg.parties, derive_seed(cfg.seed, 1), cfg.learnset)
}

/// Plays one random-play game; `party` is side 0. The players draw from
/// streams of `seed`; the battle too, unless the profile's `battle_rng`
/// shares one battle stream between all games (see [`Battle::new`]).
pub fn play_game(dex: &Dex, party: &Party, opponent: &Party, seed: u64) -> Outcome {
    let mut battle = Battle::new(dex, [party, opponent], seed);
    let mut a = RandomPlayer::new(derive_seed(seed, 1));
    let mut b = RandomPlayer::new(derive_seed(seed, 2));
    battle.play(&mut a, &mut b, &mut NoLog)
}

/// Score of `party` against `opponents`: (wins + draws/2) / games played.
/// `stream` and `index` pick the games' seeds.
pub fn score(
    dex: &Dex,
    party: &Party,
    opponents: &[Party],
    games: usize,
    stream: u64,
    index: u64,
) -> f64 {
    let mut points = 0u32;
    for (j, o) in opponents.iter().enumerate() {
        for k in 0..games {
            let g = (index * opponents.len() as u64 + j as u64) * games as u64 + k as u64;
            points += match play_game(dex, party, o, derive_seed(stream, g)) {
                Outcome::Win(0) => 2,
                Outcome::Draw => 1,
                Outcome::Win(_) => 0,
            };
        }
    }
    points as f64 / (2 * opponents.len() * games) as f64
}

/// Scores `parties` in parallel against `opponents`; `progress(k)` is called
/// after every block of `k` finished parties.
pub fn score_all(
    dex: &Dex,
    parties: &[Party],
    opponents: &[Party],
    games: usize,
    stream: u64,
    first_index: u64,
    progress: &(dyn Fn(usize) + Sync),
) -> Vec<f64> {
    parties
        .par_iter()
        .enumerate()
        .map(|(i, p)| {
            let s = score(dex, p, opponents, games, stream, first_index + i as u64);
            progress(1);
            s
        })
        .collect()
}

/// Runs the whole experiment.
pub fn run(dex: &Dex, cfg: &ExperimentConfig, progress: &(dyn Fn(usize) + Sync)) -> Dataset {
    let opps = opponents(dex, cfg);
    let parties = parties(dex, cfg);
    let scores = score_all(
        dex,
        &parties,
        &opps,
        cfg.games,
        derive_seed(cfg.seed, 2),
        0,
        progress,
    );
    Dataset { parties, scores }
}

/// Totals of [`play_random_battles`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BattleTotals {
    /// Battles played.
    pub battles: u64,
    /// Turns played, summed over battles.
    pub turns: u64,
    /// Battles won by side 0.
    pub wins0: u64,
    /// Drawn battles.
    pub draws: u64,
}

/// Plays `n` random-play battles between random parties on one thread (the
/// benchmark workload: parties are drawn before the clock matters, battles
/// `i` uses party `2i mod 512` against `2i+1 mod 512`).
pub fn play_random_battles(dex: &Dex, n: u64, seed: u64, learnset: bool) -> BattleTotals {
    let pool = random_parties(dex, 512, derive_seed(seed, 0), learnset);
    let mut t = BattleTotals::default();
    for i in 0..n {
        let (a, b) = (
            &pool[(2 * i % 512) as usize],
            &pool[((2 * i + 1) % 512) as usize],
        );
        let s = derive_seed(seed, i + 1);
        let mut battle = Battle::new(dex, [a, b], s);
        let mut pa = RandomPlayer::new(derive_seed(s, 1));
        let mut pb = RandomPlayer::new(derive_seed(s, 2));
        match battle.play(&mut pa, &mut pb, &mut NoLog) {
            Outcome::Win(0) => t.wins0 += 1,
            Outcome::Draw => t.draws += 1,
            Outcome::Win(_) => {}
        }
        t.battles += 1;
        t.turns += battle.turn as u64;
    }
    t
}
