//! A Gen-1 single battle between two parties, driven turn by turn.
//!
//! Contract: [`Battle::play`] runs a whole battle from one seed; the same dex,
//! parties, players and seed give the same outcome and the same log. The
//! rules profile picks the battle's random stream ([`BattleRng`]): the
//! game's seed (cartridge), or one stream every game restarts (pokeai2017:
//! Python's `random.Random(1)`, so there only the players' seeds vary). The
//! battle state is fixed-size (no heap allocation per turn or per battle),
//! and logging costs nothing when the [`NoLog`] sink is used.
//!
//! Turn order (as in the pkmn engine's cartridge mode): replacements for
//! fainted actives, then both sides choose; a switching side acts before a
//! moving one, moves go by effective Speed (ties at random; see `turn.rs` for
//! both profiles' draws). After each side's action (a switch included) that
//! side takes its residual (poison) damage; a move that makes anything faint
//! ends the turn before that.

mod attack;
pub mod damage;
mod exec;
mod log;
pub mod pyrandom;
pub mod rng;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests2017;
mod turn;

pub use log::{BattleLog, NoLog, TextLog};
pub use rng::BattleRng;

use crate::data::Dex;
use crate::party::{MOVES, PARTY_SIZE, Party};
use crate::player::Player;
use damage::{Fighter, staged};

/// A non-volatile status condition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Healthy.
    None,
    /// Asleep; the number is the move attempts still lost (the last one wakes).
    Sleep(u8),
    /// Frozen (nothing in this move set thaws it).
    Freeze,
    /// Paralyzed.
    Paralysis,
    /// Poisoned (badly poisoned when the volatile Toxic counter is non-zero).
    Poison,
}

/// One Pokémon in battle.
#[derive(Clone, Copy, Debug)]
pub struct Mon {
    /// Species id.
    pub species: u8,
    /// Types.
    pub types: [u8; 2],
    /// Move ids.
    pub moves: [u8; MOVES],
    /// Remaining PP per move.
    pub pp: [u8; MOVES],
    /// Current HP.
    pub hp: u16,
    /// Maximum HP.
    pub max_hp: u16,
    /// Unmodified stats `[atk, def, spc, spe]`.
    pub stats: [u16; 4],
    /// Status condition.
    pub status: Status,
    /// Critical-hit thresholds (normal, high) out of 256.
    pub crit: [u16; 2],
}

/// State that a switch clears.
#[derive(Clone, Copy, Debug, Default)]
pub struct Volatile {
    /// Stages `[atk, def, spc, spe]`.
    pub stages: [i8; 4],
    /// Evasion stage.
    pub evasion: i8,
    /// Reflect is up.
    pub reflect: bool,
    /// Confusion turns left.
    pub confusion: u8,
    /// Toxic counter (0: not badly poisoned).
    pub toxic: u8,
    /// Must recharge this turn (Hyper Beam).
    pub recharging: bool,
    /// Charging Dig: the move slot to finish next turn.
    pub digging: Option<u8>,
    /// Underground: moves that check accuracy miss.
    pub invulnerable: bool,
}

/// One side: its three Pokémon, the active one and its volatile state.
#[derive(Clone, Copy, Debug)]
pub struct Side {
    /// The party in battle.
    pub mons: [Mon; PARTY_SIZE],
    /// Index of the active Pokémon.
    pub active: u8,
    /// Volatile state of the active Pokémon.
    pub vol: Volatile,
}

impl Side {
    /// The active Pokémon.
    #[inline]
    pub fn active(&self) -> &Mon {
        &self.mons[self.active as usize]
    }
    #[inline]
    fn active_mut(&mut self) -> &mut Mon {
        &mut self.mons[self.active as usize]
    }
    /// Whether any Pokémon can still fight.
    pub fn any_alive(&self) -> bool {
        self.mons.iter().any(|m| m.hp > 0)
    }
    /// Living bench Pokémon that the side may switch to.
    pub fn switch_targets(&self) -> ([u8; PARTY_SIZE], usize) {
        let mut out = [0; PARTY_SIZE];
        let mut n = 0;
        for (i, m) in self.mons.iter().enumerate() {
            if m.hp > 0 && i != self.active as usize {
                out[n] = i as u8;
                n += 1;
            }
        }
        (out, n)
    }
    /// The active Pokémon as a damage-formula fighter.
    pub fn fighter(&self) -> Fighter {
        let m = self.active();
        Fighter {
            stats: m.stats,
            stages: self.vol.stages,
            types: m.types,
            reflect: self.vol.reflect,
        }
    }
}

/// A choice for one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Use the move in this slot ([`STRUGGLE_SLOT`] for Struggle).
    Move(u8),
    /// Switch to the party member at this index.
    Switch(u8),
}

/// Slot number standing for Struggle.
pub const STRUGGLE_SLOT: u8 = MOVES as u8;

/// How a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side (0 or 1) won.
    Win(usize),
    /// Both sides fainted together or the turn limit was reached.
    Draw,
}

/// The whole battle state plus the data it reads.
#[derive(Clone, Debug)]
pub struct Battle<'d> {
    /// Species, moves and rules.
    pub dex: &'d Dex,
    /// Level of every Pokémon.
    pub level: u16,
    /// The two sides.
    pub sides: [Side; 2],
    /// Turns started so far.
    pub turn: u32,
    rng: BattleRng,
}

/// Level of every Pokémon in the experiment.
pub const LEVEL: u16 = 50;

impl<'d> Battle<'d> {
    /// A battle between two parties at level 50; the first member of each
    /// leads. `seed` is the game's own seed; the profile's `battle_rng` says
    /// whether the battle draws from it or from a stream shared by all games.
    pub fn new(dex: &'d Dex, parties: [&Party; 2], seed: u64) -> Battle<'d> {
        let make = |p: &Party| {
            let mons = p.members.map(|m| {
                let st = dex.stats(m.species, LEVEL);
                let sp = &dex.species[m.species as usize];
                Mon {
                    species: m.species,
                    types: sp.types,
                    moves: m.moves,
                    pp: m.moves.map(|x| dex.moves[x as usize].pp),
                    hp: st[0],
                    max_hp: st[0],
                    stats: [st[1], st[2], st[3], st[4]],
                    status: Status::None,
                    crit: [
                        damage::crit_threshold(sp.base[4], false),
                        damage::crit_threshold(sp.base[4], true),
                    ],
                }
            });
            Side {
                mons,
                active: 0,
                vol: Volatile::default(),
            }
        };
        Battle {
            dex,
            level: LEVEL,
            sides: [make(parties[0]), make(parties[1])],
            turn: 0,
            rng: BattleRng::new(dex.rules.battle_rng, seed),
        }
    }

    /// Legal move slots of a side's active Pokémon (Struggle when none is left).
    pub fn move_slots(&self, side: usize) -> ([u8; MOVES], usize) {
        let m = self.sides[side].active();
        let mut out = [0; MOVES];
        let mut n = 0;
        for i in 0..MOVES {
            if !self.dex.rules.track_pp || m.pp[i] > 0 {
                out[n] = i as u8;
                n += 1;
            }
        }
        if n == 0 {
            out[0] = STRUGGLE_SLOT;
            n = 1;
        }
        (out, n)
    }

    /// The move id in a slot of a side's active Pokémon.
    pub fn move_in_slot(&self, side: usize, slot: u8) -> u8 {
        if slot == STRUGGLE_SLOT {
            self.dex.struggle
        } else {
            self.sides[side].active().moves[slot as usize]
        }
    }

    /// Effective Speed of a side's active Pokémon (stage, then paralysis quarter).
    pub fn speed(&self, side: usize) -> u16 {
        let s = &self.sides[side];
        let m = s.active();
        let v = staged(self.dex, m.stats[3], s.vol.stages[3]);
        if m.status == Status::Paralysis {
            (v / 4).max(1)
        } else {
            v
        }
    }

    /// Plays the battle to the end.
    pub fn play<A: Player, B: Player, L: BattleLog>(
        &mut self,
        a: &mut A,
        b: &mut B,
        log: &mut L,
    ) -> Outcome {
        loop {
            let alive = [self.sides[0].any_alive(), self.sides[1].any_alive()];
            match alive {
                [false, false] => return self.finish(Outcome::Draw, log),
                [false, true] => return self.finish(Outcome::Win(1), log),
                [true, false] => return self.finish(Outcome::Win(0), log),
                _ => {}
            }
            for side in 0..2 {
                if self.sides[side].active().hp == 0 {
                    let pick = if side == 0 {
                        a.replace(self, 0)
                    } else {
                        b.replace(self, 1)
                    };
                    let (targets, n) = self.sides[side].switch_targets();
                    let pick = if targets[..n].contains(&pick) {
                        pick
                    } else {
                        targets[0]
                    };
                    self.switch_in(side, pick, log);
                }
            }
            if self.turn >= self.dex.rules.turn_limit {
                return self.finish(Outcome::Draw, log);
            }
            self.turn += 1;
            if L::ENABLED {
                log.line(format!("-- turn {} --", self.turn));
            }
            let mut actions = [Action::Move(0); 2];
            for (side, act) in actions.iter_mut().enumerate() {
                let v = &self.sides[side].vol;
                *act = if v.recharging {
                    Action::Move(0)
                } else if let Some(slot) = v.digging {
                    Action::Move(slot)
                } else {
                    let chosen = if side == 0 {
                        a.choose(self, 0)
                    } else {
                        b.choose(self, 1)
                    };
                    self.sanitize(side, chosen)
                };
            }
            let first = self.first_mover(actions);
            for side in [first, 1 - first] {
                match actions[side] {
                    Action::Switch(i) => {
                        if L::ENABLED {
                            log.line(format!("{} is withdrawn", self.name(side)));
                        }
                        self.switch_in(side, i, log);
                    }
                    Action::Move(slot) => {
                        self.execute(side, slot, log);
                        if self.sides[0].active().hp == 0 || self.sides[1].active().hp == 0 {
                            break;
                        }
                    }
                }
                // Residual damage follows every action, a switch included.
                self.residual(side, log);
                if self.sides[side].active().hp == 0 {
                    break;
                }
            }
        }
    }

    fn finish<L: BattleLog>(&self, o: Outcome, log: &mut L) -> Outcome {
        if L::ENABLED {
            log.line(match o {
                Outcome::Win(s) => format!("side {} wins after {} turns", s + 1, self.turn),
                Outcome::Draw => format!("draw after {} turns", self.turn),
            });
        }
        o
    }

    /// Replaces an illegal choice by the first legal move, so a faulty player
    /// cannot corrupt the state.
    fn sanitize(&self, side: usize, a: Action) -> Action {
        let (slots, n) = self.move_slots(side);
        match a {
            Action::Move(s) if slots[..n].contains(&s) => a,
            Action::Switch(i)
                if self.sides[side].switch_targets().0[..self.sides[side].switch_targets().1]
                    .contains(&i) =>
            {
                a
            }
            _ => Action::Move(slots[0]),
        }
    }

    fn switch_in<L: BattleLog>(&mut self, side: usize, idx: u8, log: &mut L) {
        let s = &mut self.sides[side];
        s.active = idx;
        // Volatile state (stages, Reflect, confusion, the Toxic counter) ends with the switch.
        s.vol = Volatile::default();
        if L::ENABLED {
            let m = self.sides[side].active();
            log.line(format!(
                "side {} sends out {} ({}/{} HP)",
                side + 1,
                self.dex.species[m.species as usize].name,
                m.hp,
                m.max_hp
            ));
        }
    }

    fn name(&self, side: usize) -> String {
        format!(
            "side {} {}",
            side + 1,
            self.dex.species[self.sides[side].active().species as usize].name
        )
    }
}
