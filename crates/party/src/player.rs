//! Battle players: the experiment's uniformly random player and a greedy
//! best-expected-damage player for sanity checks.
//!
//! Contract: a player only reads the battle and draws from its own seeded
//! RNG, so a battle's outcome is a function of the seeds.

use crate::battle::damage::damage;
use crate::battle::{Action, Battle};
use crate::data::Effect;
use yomi_core::Rng;

/// Chooses actions for one side.
pub trait Player {
    /// The action for this turn (not called while a move is forced).
    fn choose(&mut self, battle: &Battle, side: usize) -> Action;
    /// The party index to send out after the active Pokémon fainted.
    fn replace(&mut self, battle: &Battle, side: usize) -> u8;
}

/// Chance, in percent, that the random player switches when it may.
pub const SWITCH_PERCENT: usize = 10;

/// The experiment's player: with probability 10% switch to a uniformly random
/// living bench member (when there is one), otherwise a uniformly random
/// usable move; a uniformly random replacement after a faint.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player drawing from its own stream.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn choose(&mut self, battle: &Battle, side: usize) -> Action {
        let (targets, n) = battle.sides[side].switch_targets();
        if n > 0 && self.rng.below(100) < SWITCH_PERCENT {
            return Action::Switch(targets[self.rng.below(n)]);
        }
        let (slots, k) = battle.move_slots(side);
        Action::Move(slots[self.rng.below(k)])
    }

    fn replace(&mut self, battle: &Battle, side: usize) -> u8 {
        let (targets, n) = battle.sides[side].switch_targets();
        targets[self.rng.below(n.max(1))]
    }
}

/// Picks the move with the highest expected damage against the current foe
/// (mean roll, no crit, times accuracy); never switches voluntarily; sends in
/// the bench member with the best such move. Ties go to the first option.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPlayer;

/// Expected damage of `side`'s active Pokémon using move `mv` on the foe.
pub fn expected_damage(battle: &Battle, side: usize, mv: u8) -> f64 {
    let dex = battle.dex;
    let m = &dex.moves[mv as usize];
    let att = battle.sides[side].fighter();
    let def = battle.sides[1 - side].fighter();
    let acc = m.accuracy.map_or(1.0, |a| a as f64 / 256.0);
    let (e1, e2) = dex.effectiveness(m.ty, def.types);
    let immune = e1 == 0 || e2 == Some(0);
    match m.effect {
        Effect::FixedDamage if m.ignores_type || !immune => {
            m.fixed.unwrap_or(battle.level) as f64 * acc
        }
        _ if m.power == 0 || immune => 0.0,
        _ => {
            let d = damage(
                dex,
                battle.level,
                &att,
                &def,
                m.ty,
                m.power as u16,
                m.physical,
                false,
                236,
            ) as f64;
            let hits = if m.effect == Effect::DoubleHit {
                2.0
            } else {
                1.0
            };
            let slow = if matches!(m.effect, Effect::Dig | Effect::Recharge) {
                0.5
            } else {
                1.0
            };
            d * acc * hits * slow
        }
    }
}

impl Player for GreedyPlayer {
    fn choose(&mut self, battle: &Battle, side: usize) -> Action {
        let (slots, k) = battle.move_slots(side);
        let mut best = (f64::NEG_INFINITY, slots[0]);
        for &s in &slots[..k] {
            let v = expected_damage(battle, side, battle.move_in_slot(side, s));
            if v > best.0 {
                best = (v, s);
            }
        }
        Action::Move(best.1)
    }

    fn replace(&mut self, battle: &Battle, side: usize) -> u8 {
        let (targets, n) = battle.sides[side].switch_targets();
        let mut best = (f64::NEG_INFINITY, targets[0]);
        for &t in &targets[..n] {
            let mut probe = battle.clone();
            probe.sides[side].active = t;
            probe.sides[side].vol = Default::default();
            let m = probe.sides[side].active().moves;
            let v = m
                .iter()
                .map(|&x| expected_damage(&probe, side, x))
                .fold(0.0, f64::max);
            if v > best.0 {
                best = (v, t);
            }
        }
        best.1
    }
}

/// The players a command line or script chooses by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerKind {
    /// [`RandomPlayer`].
    Random,
    /// [`GreedyPlayer`].
    Greedy,
}

impl PlayerKind {
    /// A player of this kind; `seed` feeds a random player's stream.
    pub fn build(self, seed: u64) -> AnyPlayer {
        match self {
            PlayerKind::Random => AnyPlayer::Random(RandomPlayer::new(seed)),
            PlayerKind::Greedy => AnyPlayer::Greedy(GreedyPlayer),
        }
    }
}

/// A player of any [`PlayerKind`].
#[derive(Clone, Debug)]
pub enum AnyPlayer {
    /// A random player.
    Random(RandomPlayer),
    /// A greedy player.
    Greedy(GreedyPlayer),
}

impl Player for AnyPlayer {
    fn choose(&mut self, b: &Battle, side: usize) -> Action {
        match self {
            AnyPlayer::Random(p) => p.choose(b, side),
            AnyPlayer::Greedy(p) => p.choose(b, side),
        }
    }

    fn replace(&mut self, b: &Battle, side: usize) -> u8 {
        match self {
            AnyPlayer::Random(p) => p.replace(b, side),
            AnyPlayer::Greedy(p) => p.replace(b, side),
        }
    }
}
