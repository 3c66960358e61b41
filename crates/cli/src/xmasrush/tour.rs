//! The Xmas Rush part of `yomi tour`: one refereed game between built-in bots.

use crate::show::section;
use anyhow::Result;
use std::time::Duration;
use yomi_xmasrush::League;
use yomi_xmasrush::player::Player;
use yomi_xmasrush::referee::{RefereeOptions, TimeLimits, play_game};

/// Plays `greedy` against `random` on seed 1 with every invariant checked.
pub fn tour() -> Result<()> {
    section(
        "Xmas Rush: a refereed CodinGame game between built-in bots, every rule invariant checked",
        "yomi xmasrush play --a greedy --b random --seed 1",
    );
    let (a, b) = ("greedy", "random");
    let league = League::Legend;
    // The seeds `play --seed 1` gives its players: the seed, and the seed xor 1.
    let mut players = [
        Player::from_spec(a, 1, league)?,
        Player::from_spec(b, 0, league)?,
    ];
    let options = RefereeOptions {
        league,
        limits: TimeLimits {
            first: Duration::from_secs(1),
            turn: Duration::from_millis(50),
        },
        check_invariants: true,
        record: false,
    };
    let (result, _) = play_game(&mut players, [a.into(), b.into()], 1, options)?;
    println!(
        "   {a} {} : {} {b}  ({:?}, {} game turns)",
        result.scores[0], result.scores[1], result.reason, result.turns
    );
    Ok(())
}
