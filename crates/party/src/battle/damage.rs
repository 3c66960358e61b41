//! The Gen-1 damage, critical-hit, stat-stage and accuracy formulas as pure
//! functions of their inputs, so tests can check them on hand-computed cases.
//!
//! Contract: integer arithmetic exactly as the rules profile states it
//! (flooring after each step); no randomness here — rolls are passed in.

use crate::data::{DamageStyle, Dex, EvasionStyle, ReflectStyle};

/// The side of a damage computation: stats `[atk, def, spc, spe]`, stages and types.
#[derive(Clone, Copy, Debug)]
pub struct Fighter {
    /// Unmodified stats `[atk, def, spc, spe]`.
    pub stats: [u16; 4],
    /// Stat stages `[atk, def, spc, spe]`, each in -6..=6.
    pub stages: [i8; 4],
    /// Types (second = first when single-typed).
    pub types: [u8; 2],
    /// Whether Reflect is up.
    pub reflect: bool,
}

/// A stat after a stage, clamped to 1..=999 as on the cartridge.
pub fn staged(dex: &Dex, stat: u16, stage: i8) -> u16 {
    let (n, d) = dex.stage_table[(stage + 6) as usize];
    ((stat as u32 * n as u32 / d as u32).clamp(1, 999)) as u16
}

/// Critical-hit threshold out of 256 for a base Speed: `T = base/2`;
/// normal moves `min(255, 2T) / 2`, high-critical moves `min(255, 4 min(255, 2T))`.
pub fn crit_threshold(base_speed: u16, high: bool) -> u16 {
    let t = base_speed / 2;
    let x = (2 * t).min(255);
    if high { (4 * x).min(255) } else { x / 2 }
}

/// Accuracy threshold after the target's evasion stage.
pub fn accuracy_threshold(dex: &Dex, accuracy: u8, evasion: i8) -> u16 {
    let a = accuracy as u32;
    let a = match dex.rules.evasion {
        EvasionStyle::Table => {
            let (n, d) = dex.stage_table[(6 - evasion) as usize];
            a * n as u32 / d as u32
        }
        EvasionStyle::Ratio => a * 2 / (2 + evasion.max(0) as u32),
    };
    a.clamp(1, 255) as u16
}

/// Damage of one hit before the random roll is applied when `roll` is `None`,
/// or after it (`roll` in 217..=255). Returns 0 when the type chart makes the
/// target immune (callers treat that as a miss before calling).
#[allow(clippy::too_many_arguments)]
pub fn damage(
    dex: &Dex,
    level: u16,
    att: &Fighter,
    def: &Fighter,
    move_ty: u8,
    power: u16,
    physical: bool,
    crit: bool,
    roll: u16,
) -> u16 {
    let lvl = if crit { 2 * level } else { level } as u32;
    let (ai, di) = if physical { (0, 1) } else { (2, 2) };
    let (mut a, mut d) = if crit {
        (att.stats[ai] as u32, def.stats[di] as u32)
    } else {
        (
            staged(dex, att.stats[ai], att.stages[ai]) as u32,
            staged(dex, def.stats[di], def.stages[di]) as u32,
        )
    };
    if physical && def.reflect {
        match dex.rules.reflect {
            ReflectStyle::DoubleDefense if !crit => d *= 2,
            ReflectStyle::DoubleDefense => {}
            ReflectStyle::QuarterAttackHalfDefense => {
                a = (a / 4).max(1);
                d = (d / 2).max(1);
            }
        }
    }
    let cart = dex.rules.damage == DamageStyle::Cartridge;
    if cart && (a > 255 || d > 255) {
        a = ((a / 4) & 255).max(1);
        // The cartridge divides by zero here (a freeze); a 1 keeps the battle going.
        d = ((d / 4) & 255).max(1);
    }
    let mut dmg = (lvl * 2 / 5 + 2) * power as u32 * a / d / 50;
    if cart {
        dmg = dmg.min(997);
    }
    dmg += 2;
    if att.types.contains(&move_ty) {
        dmg += dmg / 2;
    }
    let (e1, e2) = dex.effectiveness(move_ty, def.types);
    dmg = dmg * e1 as u32 / 10;
    if let Some(e2) = e2 {
        dmg = dmg * e2 as u32 / 10;
    }
    if !cart || dmg > 1 {
        dmg = dmg * roll as u32 / 255;
    }
    dmg.min(u16::MAX as u32) as u16
}

/// Damage of a confusion self-hit: 40 power, typeless, no critical hit, the
/// user's Attack (stages apply). On the cartridge it strikes the user's own
/// Defense with no roll; with `rules.confusion_foe_defense` (the 2017
/// simulator) it strikes the opponent's Defense (its stages) and `roll`
/// (217..=255) is applied. The opponent's Reflect weakens it in both.
pub fn confusion_damage(dex: &Dex, level: u16, me: &Fighter, foe: &Fighter, roll: u16) -> u16 {
    let foe_rule = dex.rules.confusion_foe_defense;
    let target = if foe_rule { foe } else { me };
    let mut a = staged(dex, me.stats[0], me.stages[0]) as u32;
    let mut d = staged(dex, target.stats[1], target.stages[1]) as u32;
    if foe.reflect {
        match dex.rules.reflect {
            ReflectStyle::DoubleDefense => d *= 2,
            ReflectStyle::QuarterAttackHalfDefense => {
                a = (a / 4).max(1);
                d = (d / 2).max(1);
            }
        }
    }
    if dex.rules.damage == DamageStyle::Cartridge && (a > 255 || d > 255) {
        a = ((a / 4) & 255).max(1);
        d = ((d / 4) & 255).max(1);
    }
    let dmg = (level as u32 * 2 / 5 + 2) * 40 * a / d / 50 + 2;
    if foe_rule {
        (dmg * roll as u32 / 255) as u16
    } else {
        dmg as u16
    }
}
