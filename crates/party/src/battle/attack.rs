//! Damaging moves: type immunity, accuracy, critical hits and damage rolls,
//! the hits themselves, and what follows them (drain, recoil, recharge,
//! secondary effects).
//!
//! Contract: the draws follow the profile's [`DrawOrder`]. The cartridge
//! order rolls crit and damage before the accuracy check and a secondary
//! effect out of 256 only when one can apply; the 2017 order checks accuracy
//! first, rolls crit then damage for every hit, and after any damage but Mega
//! Drain's draws `randint(0, 99)` whatever the move, compared with the move's
//! `chance_percent`.

use super::damage::{Fighter, damage};
use super::{Battle, BattleLog, Status};
use crate::data::{DrawOrder, Effect};

impl Battle<'_> {
    pub(super) fn attack<L: BattleLog>(&mut self, side: usize, mv: u8, log: &mut L) {
        let dex = self.dex;
        let m = &dex.moves[mv as usize];
        let foe = 1 - side;
        macro_rules! say {
            ($($t:tt)*) => { if L::ENABLED { log.line(format!($($t)*)); } };
        }
        self.sides[side].vol.digging = None;
        self.sides[side].vol.invulnerable = false;
        let att = self.sides[side].fighter();
        let def = self.sides[foe].fighter();
        let (e1, e2) = dex.effectiveness(m.ty, def.types);
        if e1 == 0 || e2 == Some(0) {
            say!("it doesn't affect the target");
            return;
        }
        let high = m.effect == Effect::HighCritical;
        let crit_t = self.sides[side].active().crit[high as usize];
        let hits_n = if m.effect == Effect::DoubleHit { 2 } else { 1 };
        let per_hit = dex.rules.double_kick_per_hit;
        let accuracy_first = dex.rules.draw_order == DrawOrder::Pokeai2017;
        let (mut crit, mut dmg) = (false, 0);
        if !accuracy_first {
            (crit, dmg) = self.roll_hit(mv, &att, &def, crit_t);
        }
        if !self.hits(side, m.accuracy) {
            say!("but it missed");
            return;
        }
        let mut dealt_total = 0u16;
        for h in 0..hits_n {
            if (h == 0 && accuracy_first) || (h > 0 && per_hit) {
                (crit, dmg) = self.roll_hit(mv, &att, &def, crit_t);
            }
            if crit {
                say!("a critical hit!");
            }
            dealt_total += self.hit_foe(side, dmg, log);
            if self.sides[foe].active().hp == 0 {
                break;
            }
        }
        let foe_alive = self.sides[foe].active().hp > 0;
        match m.effect {
            Effect::DrainHalf => {
                let me = self.sides[side].active_mut();
                let heal = (dealt_total / 2).max(1).min(me.max_hp - me.hp);
                me.hp += heal;
                say!("drains {heal} HP");
            }
            Effect::RecoilHalf => {
                let me = self.sides[side].active_mut();
                let r = (dealt_total / 2).max(1).min(me.hp);
                me.hp -= r;
                say!("is hit by recoil: -{r}");
                self.log_faint(foe, side, log);
            }
            Effect::Recharge if foe_alive => self.sides[side].vol.recharging = true,
            _ => {}
        }
        self.secondary(side, mv, dealt_total, log);
    }

    /// The critical-hit draw, then the damage roll: whether it crits and the damage.
    fn roll_hit(&mut self, mv: u8, att: &Fighter, def: &Fighter, crit_t: u16) -> (bool, u16) {
        let m = &self.dex.moves[mv as usize];
        let crit = self.roll256() < crit_t;
        let roll = 217 + self.rng.below(39) as u16;
        let dmg = damage(
            self.dex,
            self.level,
            att,
            def,
            m.ty,
            m.power as u16,
            m.physical,
            crit,
            roll,
        );
        (crit, dmg)
    }

    /// The secondary-effect draw after `side`'s move `mv` dealt `dealt` HP,
    /// and the effect when it lands on a living foe.
    pub(super) fn secondary<L: BattleLog>(&mut self, side: usize, mv: u8, dealt: u16, log: &mut L) {
        let dex = self.dex;
        let m = &dex.moves[mv as usize];
        let foe = 1 - side;
        let foe_alive = self.sides[foe].active().hp > 0;
        let lands = match dex.rules.draw_order {
            DrawOrder::Cartridge => {
                m.effect.has_chance() && foe_alive && self.roll256() < m.chance as u16
            }
            DrawOrder::Pokeai2017 => {
                if dealt == 0 || m.effect == Effect::DrainHalf {
                    return;
                }
                let draw = self.rng.below(100);
                m.effect.has_chance() && foe_alive && draw < m.chance_percent.unwrap_or(0) as usize
            }
        };
        if !lands {
            return;
        }
        macro_rules! say {
            ($($t:tt)*) => { if L::ENABLED { log.line(format!($($t)*)); } };
        }
        match m.effect {
            Effect::FreezeChance | Effect::ParalyzeChance => {
                let same_type_blocks_paralysis = dex.rules.same_type_blocks_paralysis;
                let t = self.sides[foe].active_mut();
                // Gen 1: no secondary status on a target sharing the move's type
                // (the 2017 simulator checked it for freeze only).
                let freeze = m.effect == Effect::FreezeChance;
                let blocked = t.types.contains(&m.ty) && (freeze || same_type_blocks_paralysis);
                if t.status == Status::None && !blocked {
                    t.status = if freeze {
                        Status::Freeze
                    } else {
                        Status::Paralysis
                    };
                    say!(
                        "the target is {}",
                        if freeze { "frozen" } else { "paralyzed" }
                    );
                }
            }
            _ => {
                let i = if m.effect == Effect::SpecialDownChance {
                    2
                } else {
                    3
                };
                let st = &mut self.sides[foe].vol.stages[i];
                if *st > -6 {
                    *st -= 1;
                    say!(
                        "the target's {} falls",
                        if i == 2 { "Special" } else { "Speed" }
                    );
                }
            }
        }
    }

    /// Deals damage to the foe's active Pokémon; returns the HP actually lost.
    pub(super) fn hit_foe<L: BattleLog>(&mut self, side: usize, dmg: u16, log: &mut L) -> u16 {
        let t = self.sides[1 - side].active_mut();
        let dealt = dmg.min(t.hp);
        t.hp -= dealt;
        if L::ENABLED {
            let hp = t.hp;
            log.line(format!(
                "{} takes {dealt} damage ({hp} HP left)",
                self.name(1 - side)
            ));
            self.log_faint(side, 1 - side, log);
        }
        dealt
    }

    pub(super) fn log_faint<L: BattleLog>(&self, _other: usize, side: usize, log: &mut L) {
        if L::ENABLED && self.sides[side].active().hp == 0 {
            log.line(format!("{} fainted", self.name(side)));
        }
    }
}
