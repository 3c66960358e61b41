//! One side's action within a turn: the before-move checks (recharge, sleep,
//! freeze, confusion, full paralysis) and then the move's effect.
//!
//! Contract: mutates only the battle state and the battle's RNG; every
//! probability is drawn out of 256 (or 1..=255 for the 2017 accuracy roll)
//! as the rules profile says, in the profile's draw order: the confusion draw
//! is a coin on the cartridge and `randint(0, 255) < 128` in 2017, and the
//! 2017 order looks at a status move's target before its accuracy draw.

use super::damage::{accuracy_threshold, confusion_damage};
use super::{Battle, BattleLog, STRUGGLE_SLOT, Status};
use crate::data::{AccuracyStyle, DrawOrder, Effect};

impl Battle<'_> {
    #[inline]
    pub(super) fn roll256(&mut self) -> u16 {
        self.rng.below(256) as u16
    }

    fn range(&mut self, r: [u8; 2]) -> u8 {
        r[0] + self.rng.below((r[1] - r[0] + 1) as usize) as u8
    }

    /// The confusion draw: a coin on the cartridge, `randint(0, 255) < 128` in 2017.
    fn self_hit_draw(&mut self) -> bool {
        match self.dex.rules.draw_order {
            DrawOrder::Cartridge => self.rng.below(2) == 0,
            DrawOrder::Pokeai2017 => self.roll256() < 128,
        }
    }

    /// Why a status move cannot affect the foe's active Pokémon, if it cannot:
    /// an immune type, a target already confused (Confuse Ray) or already
    /// holding a status (the others).
    fn status_blocked(&self, foe: usize, mv: u8) -> Option<&'static str> {
        let m = &self.dex.moves[mv as usize];
        let target = &self.sides[foe];
        if target
            .active()
            .types
            .iter()
            .any(|t| m.immune_types.contains(t))
        {
            Some("it doesn't affect the target")
        } else if m.effect == Effect::Confuse {
            (target.vol.confusion > 0).then_some("but it failed")
        } else {
            (target.active().status != Status::None).then_some("but it failed")
        }
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
            } else if self.self_hit_draw() {
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
    pub(super) fn hits(&mut self, side: usize, accuracy: Option<u8>) -> bool {
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
                // The 2017 simulator looked at the target before drawing for accuracy.
                let target_first = dex.rules.draw_order == DrawOrder::Pokeai2017;
                if target_first && let Some(why) = self.status_blocked(foe, mv) {
                    say!("{why}");
                    return;
                }
                if !self.hits(side, m.accuracy) {
                    say!("but it missed");
                    return;
                }
                if !target_first && let Some(why) = self.status_blocked(foe, mv) {
                    say!("{why}");
                    return;
                }
                if m.effect == Effect::Confuse {
                    let r = dex.rules.confusion_turns;
                    self.sides[foe].vol.confusion = self.range(r);
                    say!("the target is confused");
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
                let dealt = self.hit_foe(side, dmg, log);
                self.secondary(side, mv, dealt, log);
            }
            _ => self.attack(side, mv, log),
        }
    }
}
