//! One side's action within a turn: the before-move checks (recharge, sleep,
//! freeze, confusion, full paralysis) and then the move's effect.
//!
//! Contract: mutates only the battle state and the battle's RNG; every
//! probability is drawn out of 256 (or 1..=255 for the 2017 accuracy roll)
//! as the rules profile says.

use super::damage::{accuracy_threshold, confusion_damage, damage};
use super::{Battle, BattleLog, STRUGGLE_SLOT, Status};
use crate::data::{AccuracyStyle, Effect};

impl Battle<'_> {
    #[inline]
    fn roll256(&mut self) -> u16 {
        self.rng.below(256) as u16
    }

    fn range(&mut self, r: [u8; 2]) -> u8 {
        r[0] + self.rng.below((r[1] - r[0] + 1) as usize) as u8
    }

    /// Runs `side`'s move in `slot` (or its recharge turn).
    pub(super) fn execute<L: BattleLog>(&mut self, side: usize, slot: u8, log: &mut L) {
        let full_para = self.dex.rules.full_paralysis as u16;
        let s = &mut self.sides[side];
        if self.dex.rules.recharge_before_status && s.vol.recharging {
            s.vol.recharging = false;
            if L::ENABLED {
                log.line(format!("{} must recharge", self.name(side)));
            }
            return;
        }
        // Cartridge order of the before-move checks: sleep, freeze, recharge, confusion, paralysis.
        match s.active().status {
            Status::Sleep(n) => {
                let m = s.active_mut();
                m.status = if n <= 1 {
                    Status::None
                } else {
                    Status::Sleep(n - 1)
                };
                if L::ENABLED {
                    let msg = if n <= 1 { "wakes up" } else { "is fast asleep" };
                    log.line(format!("{} {msg}", self.name(side)));
                }
                return;
            }
            Status::Freeze => {
                if L::ENABLED {
                    log.line(format!("{} is frozen solid", self.name(side)));
                }
                return;
            }
            _ => {}
        }
        if s.vol.recharging {
            s.vol.recharging = false;
            if L::ENABLED {
                log.line(format!("{} must recharge", self.name(side)));
            }
            return;
        }
        if self.sides[side].vol.confusion > 0 {
            self.sides[side].vol.confusion -= 1;
            if self.sides[side].vol.confusion == 0 {
                if L::ENABLED {
                    log.line(format!("{} is confused no more", self.name(side)));
                }
            } else if self.rng.below(2) == 0 {
                let me = self.sides[side].fighter();
                let foe = self.sides[1 - side].fighter();
                // Only the 2017 rule rolls, so the cartridge's random stream is unchanged.
                let roll = if self.dex.rules.confusion_foe_defense {
                    217 + self.rng.below(39) as u16
                } else {
                    255
                };
                let dmg = confusion_damage(self.dex, self.level, &me, &foe, roll);
                let s = &mut self.sides[side];
                s.vol.digging = None;
                s.vol.invulnerable = false;
                let m = s.active_mut();
                m.hp -= dmg.min(m.hp);
                if L::ENABLED {
                    log.line(format!(
                        "{} hurts itself in confusion: -{dmg}",
                        self.name(side)
                    ));
                    self.log_faint(1 - side, side, log);
                }
                return;
            }
        }
        if self.sides[side].active().status == Status::Paralysis && self.roll256() < full_para {
            let v = &mut self.sides[side].vol;
            v.digging = None;
            // Cartridge glitch: full paralysis ends the charge but not the invulnerability.
            if !self.dex.rules.paralysis_keeps_invulnerability {
                v.invulnerable = false;
            }
            if L::ENABLED {
                log.line(format!("{} is fully paralyzed", self.name(side)));
            }
            return;
        }
        let mv = self.move_in_slot(side, slot);
        // As on the cartridge, a charge move spends its PP on the turn it strikes,
        // so a charge cut short by full paralysis costs none.
        let starting_dig = self.dex.moves[mv as usize].effect == Effect::Dig
            && self.sides[side].vol.digging.is_none();
        if self.dex.rules.track_pp && slot != STRUGGLE_SLOT && !starting_dig {
            let m = self.sides[side].active_mut();
            m.pp[slot as usize] = m.pp[slot as usize].saturating_sub(1);
        }
        if L::ENABLED {
            log.line(format!(
                "{} uses {}",
                self.name(side),
                self.dex.moves[mv as usize].name
            ));
        }
        self.use_move(side, slot, mv, log);
    }

    /// The accuracy check against the foe (Dig's invulnerability included).
    fn hits(&mut self, side: usize, accuracy: Option<u8>) -> bool {
        let foe = &self.sides[1 - side];
        if foe.vol.invulnerable {
            return false;
        }
        let Some(acc) = accuracy else { return true };
        let t = accuracy_threshold(self.dex, acc, foe.vol.evasion);
        match self.dex.rules.accuracy {
            AccuracyStyle::Cartridge => self.roll256() < t,
            AccuracyStyle::Pokeai2017 => 1 + (self.rng.below(255) as u16) < t,
        }
    }

    fn use_move<L: BattleLog>(&mut self, side: usize, slot: u8, mv: u8, log: &mut L) {
        let dex = self.dex;
        let m = &dex.moves[mv as usize];
        let foe = 1 - side;
        macro_rules! say {
            ($($t:tt)*) => { if L::ENABLED { log.line(format!($($t)*)); } };
        }
        match m.effect {
            Effect::Splash => say!("nothing happens"),
            Effect::HealHalf => {
                let me = self.sides[side].active_mut();
                if me.hp == me.max_hp {
                    say!("but it failed");
                } else {
                    let heal = (me.max_hp / 2).min(me.max_hp - me.hp);
                    me.hp += heal;
                    say!("recovers {heal} HP");
                }
            }
            Effect::Reflect => {
                let v = &mut self.sides[side].vol;
                if v.reflect {
                    say!("but it failed");
                } else {
                    v.reflect = true;
                    say!("is protected by Reflect");
                }
            }
            Effect::EvasionUp => {
                let v = &mut self.sides[side].vol;
                if v.evasion >= 6 {
                    say!("nothing happens");
                } else {
                    v.evasion += 1;
                    say!("evasion rises to {}", v.evasion);
                }
            }
            Effect::Sleep if dex.rules.sleep_hits_recharging && self.sides[foe].vol.recharging => {
                // Cartridge: a sleep move on a recharging target skips the hit and status
                // checks and ends the recharge.
                self.sides[foe].vol.recharging = false;
                let turns = self.range(dex.rules.sleep_turns);
                self.sides[foe].active_mut().status = Status::Sleep(turns);
                say!("the recharging target falls asleep");
            }
            Effect::Paralyze | Effect::Sleep | Effect::Toxic | Effect::Confuse => {
                if !self.hits(side, m.accuracy) {
                    say!("but it missed");
                    return;
                }
                let target = *self.sides[foe].active();
                if target.types.iter().any(|t| m.immune_types.contains(t)) {
                    say!("it doesn't affect the target");
                    return;
                }
                if m.effect == Effect::Confuse {
                    if self.sides[foe].vol.confusion > 0 {
                        say!("but it failed");
                    } else {
                        let r = dex.rules.confusion_turns;
                        self.sides[foe].vol.confusion = self.range(r);
                        say!("the target is confused");
                    }
                    return;
                }
                if target.status != Status::None {
                    say!("but it failed");
                    return;
                }
                let status = match m.effect {
                    Effect::Paralyze => Status::Paralysis,
                    Effect::Sleep => Status::Sleep(self.range(dex.rules.sleep_turns)),
                    _ => {
                        self.sides[foe].vol.toxic = 1;
                        Status::Poison
                    }
                };
                self.sides[foe].active_mut().status = status;
                say!(
                    "the target {}",
                    match status {
                        Status::Paralysis => "is paralyzed",
                        Status::Sleep(_) => "falls asleep",
                        _ => "is badly poisoned",
                    }
                );
            }
            Effect::Dig if self.sides[side].vol.digging.is_none() => {
                self.sides[side].vol.digging = Some(slot);
                self.sides[side].vol.invulnerable = true;
                say!("digs underground");
            }
            Effect::FixedDamage => {
                let target = *self.sides[foe].active();
                if !m.ignores_type {
                    let (e1, e2) = dex.effectiveness(m.ty, target.types);
                    if e1 == 0 || e2 == Some(0) {
                        say!("it doesn't affect the target");
                        return;
                    }
                }
                if !self.hits(side, m.accuracy) {
                    say!("but it missed");
                    return;
                }
                let dmg = m.fixed.unwrap_or(self.level);
                self.hit_foe(side, dmg, log);
            }
            _ => self.attack(side, mv, log),
        }
    }

    fn attack<L: BattleLog>(&mut self, side: usize, mv: u8, log: &mut L) {
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
        let mut crit = self.roll256() < crit_t;
        let roll = 217 + self.rng.below(39) as u16;
        let mut dmg = damage(
            dex,
            self.level,
            &att,
            &def,
            m.ty,
            m.power as u16,
            m.physical,
            crit,
            roll,
        );
        if !self.hits(side, m.accuracy) {
            say!("but it missed");
            return;
        }
        let mut dealt_total = 0u16;
        for h in 0..hits_n {
            if h > 0 && per_hit {
                crit = self.roll256() < crit_t;
                let roll = 217 + self.rng.below(39) as u16;
                dmg = damage(
                    dex,
                    self.level,
                    &att,
                    &def,
                    m.ty,
                    m.power as u16,
                    m.physical,
                    crit,
                    roll,
                );
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
            Effect::FreezeChance | Effect::ParalyzeChance
                if foe_alive && self.roll256() < m.chance as u16 =>
            {
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
            Effect::SpecialDownChance | Effect::SpeedDownChance
                if foe_alive && self.roll256() < m.chance as u16 =>
            {
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
            _ => {}
        }
    }

    /// Deals damage to the foe's active Pokémon; returns the HP actually lost.
    fn hit_foe<L: BattleLog>(&mut self, side: usize, dmg: u16, log: &mut L) -> u16 {
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

    fn log_faint<L: BattleLog>(&self, _other: usize, side: usize, log: &mut L) {
        if L::ENABLED && self.sides[side].active().hp == 0 {
            log.line(format!("{} fainted", self.name(side)));
        }
    }
}
