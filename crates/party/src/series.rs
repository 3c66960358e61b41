//! A series of battles between two given parties (`yomi party battle`): W/D/L over the games
//! and the first game's result, optionally with its turn-by-turn log.
//!
//! Contract: game `g` (from 0) is seeded with `derive_seed(seed, g + 1)` and its players
//! with `derive_seed(game_seed, 1)` and `derive_seed(game_seed, 2)`, so the first game of a
//! series is the battle `yomi tour` shows for the same seed, and a series is a function of
//! its seed.

use crate::battle::{Battle, NoLog, Outcome, TextLog};
use crate::data::Dex;
use crate::party::Party;
use crate::player::PlayerKind;
use std::num::NonZeroU32;
use yomi_core::rng::derive_seed;

/// How a series is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeriesOptions {
    /// Games to play.
    pub games: NonZeroU32,
    /// Seed of the games.
    pub seed: u64,
    /// Players of the first and the second party.
    pub players: [PlayerKind; 2],
    /// Keep the first game's turn-by-turn log.
    pub log_first: bool,
}

/// What a series gave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeriesResult {
    /// Games the first party won.
    pub wins_a: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the second party won.
    pub wins_b: u32,
    /// How the first game ended.
    pub first: Outcome,
    /// Turns of the first game.
    pub first_turns: u32,
    /// The first game's log (empty unless asked for).
    pub log: Vec<String>,
}

/// Plays `a` against `b` (see the module contract).
pub fn play_series(dex: &Dex, a: &Party, b: &Party, opts: &SeriesOptions) -> SeriesResult {
    let (mut wins_a, mut draws, mut wins_b) = (0, 0, 0);
    let mut first = None;
    for g in 0..opts.games.get() {
        let seed = derive_seed(opts.seed, g as u64 + 1);
        let mut battle = Battle::new(dex, [a, b], seed);
        let mut pa = opts.players[0].build(derive_seed(seed, 1));
        let mut pb = opts.players[1].build(derive_seed(seed, 2));
        let (o, lines) = if g == 0 && opts.log_first {
            let mut log = TextLog::default();
            (battle.play(&mut pa, &mut pb, &mut log), log.lines)
        } else {
            (battle.play(&mut pa, &mut pb, &mut NoLog), Vec::new())
        };
        match o {
            Outcome::Win(0) => wins_a += 1,
            Outcome::Draw => draws += 1,
            Outcome::Win(_) => wins_b += 1,
        }
        if g == 0 {
            first = Some((o, battle.turn, lines));
        }
    }
    let (first, first_turns, log) = first.expect("a series plays at least one game");
    SeriesResult {
        wins_a,
        draws,
        wins_b,
        first,
        first_turns,
        log,
    }
}
