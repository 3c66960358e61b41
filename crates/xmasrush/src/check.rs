//! Random games with every invariant checked each turn (`yomi xmasrush check`): the rules'
//! self-test over many seeds.
//!
//! Contract: game `i` is seed `first_seed + i`, played by two `random` bots seeded
//! `2 * seed` and `2 * seed + 1`, through the referee with [`RefereeOptions::check_invariants`];
//! the first broken invariant ends the check with its [`InvariantError`]. Games run in
//! parallel on the caller's rayon pool; the counts do not depend on the threads.

use crate::bots::BotSpec;
use crate::league::League;
use crate::player::Player;
use crate::referee::{EndReason, InvariantError, RefereeOptions, play_game};
use rayon::prelude::*;
use yomi_core::limits::Bounds;

/// The game counts `yomi xmasrush check --games` accepts: at least one, so the means are
/// means of something.
pub const GAMES: Bounds = Bounds::new("games", 1, u32::MAX as u64);

/// How the checked games ended.
#[derive(Clone, Debug, PartialEq)]
pub struct CheckReport {
    /// Games played.
    pub games: usize,
    /// Games that reached the turn limit.
    pub max_turns: usize,
    /// Games ended by the deadlock rule.
    pub deadlock: usize,
    /// Games where a player finished every quest.
    pub all_quests: usize,
    /// Mean game turns.
    pub mean_turns: f64,
    /// Mean score of a player.
    pub mean_score: f64,
}

/// Plays `games` games from seed `first_seed` under `league` (see the module contract);
/// `progress` is called once per finished game.
pub fn check_games(
    first_seed: i64,
    games: u32,
    league: League,
    progress: &(dyn Fn() + Sync),
) -> Result<CheckReport, InvariantError> {
    let options = RefereeOptions {
        league,
        check_invariants: true,
        ..Default::default()
    };
    let results: Vec<(EndReason, u8, [i32; 2])> = (0..games)
        .into_par_iter()
        .map(|i| {
            // Seeds are Java longs, negative ones too: the arithmetic wraps (as Java's does).
            let seed = first_seed.wrapping_add(i64::from(i));
            let build = |s: u64| {
                Player::builtin(
                    BotSpec::parse("random")
                        .expect("known")
                        .build(s)
                        .expect("valid"),
                    league,
                )
            };
            let bot_seed = (seed as u64).wrapping_mul(2);
            let mut players = [build(bot_seed), build(bot_seed.wrapping_add(1))];
            let (r, _) = play_game(
                &mut players,
                ["random".into(), "random".into()],
                seed,
                options,
            )?;
            progress();
            Ok((r.reason, r.turns, r.scores))
        })
        .collect::<Result<_, InvariantError>>()?;
    let count = |e: EndReason| results.iter().filter(|r| r.0 == e).count();
    let n = results.len().max(1) as f64;
    Ok(CheckReport {
        games: results.len(),
        max_turns: count(EndReason::MaxTurns),
        deadlock: count(EndReason::Deadlock),
        all_quests: count(EndReason::AllQuests),
        mean_turns: results.iter().map(|r| f64::from(r.1)).sum::<f64>() / n,
        mean_score: results
            .iter()
            .map(|r| f64::from(r.2[0] + r.2[1]) / 2.0)
            .sum::<f64>()
            / n,
    })
}
