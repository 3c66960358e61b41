//! The Gen-1 data file (`data/gen1.json`): species, moves, the type chart and
//! the rules profiles, parsed with serde into a [`Dex`].
//!
//! Contract: everything the simulator knows about species and moves comes from
//! the data file, so adding a species or a move is a data edit. Names are
//! resolved once here into small integer ids that the battle loop indexes.

use crate::error::PartyError;
use serde::Deserialize;
use std::collections::HashMap;

/// The data file embedded in the crate.
pub const GEN1_JSON: &str = include_str!("../data/gen1.json");

pub use crate::rules::{
    AccuracyStyle, BattleRngKind, DamageStyle, DrawOrder, Effect, EvasionStyle, MoveOverride,
    ReflectStyle, Rules,
};

#[derive(Deserialize)]
struct RawType {
    name: String,
    physical: bool,
    against: HashMap<String, f64>,
}

#[derive(Deserialize)]
struct RawSpecies {
    name: String,
    types: Vec<String>,
    base: [u16; 5],
    learnset: Vec<String>,
}

#[derive(Deserialize)]
struct RawMove {
    name: String,
    r#type: String,
    power: u8,
    accuracy: Option<u8>,
    pp: u8,
    effect: Effect,
    #[serde(default)]
    chance: u8,
    #[serde(default)]
    chance_percent: Option<u8>,
    #[serde(default)]
    target_self: bool,
    #[serde(default)]
    ignores_type: bool,
    #[serde(default)]
    immune_types: Vec<String>,
    #[serde(default = "yes")]
    selectable: bool,
    fixed: Option<u16>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
struct RawFile {
    stage_table: Vec<[u16; 2]>,
    types: Vec<RawType>,
    species: Vec<RawSpecies>,
    moves: Vec<RawMove>,
    profiles: HashMap<String, Rules>,
}

/// A species: name, one or two types (the second equals the first for
/// single-typed species) and base stats `[hp, atk, def, spc, spe]`.
#[derive(Clone, Debug)]
pub struct Species {
    /// Display name.
    pub name: String,
    /// Types (second = first when single-typed).
    pub types: [u8; 2],
    /// Base stats `[hp, atk, def, spc, spe]`.
    pub base: [u16; 5],
    /// Move ids this species can learn in Gen 1.
    pub learnset: Vec<u8>,
}

/// A move, after the rules profile's overrides.
#[derive(Clone, Debug)]
pub struct Move {
    /// Display name.
    pub name: String,
    /// Type id.
    pub ty: u8,
    /// Base power (0 for status and fixed-damage moves).
    pub power: u8,
    /// Accuracy out of 256; `None` for moves that never miss (self-targeting).
    pub accuracy: Option<u8>,
    /// Power points.
    pub pp: u8,
    /// Effect.
    pub effect: Effect,
    /// Secondary-effect chance out of 256.
    pub chance: u8,
    /// Secondary-effect chance in percent, for the 2017 draw order (which
    /// draws `randint(0, 99)`); `None` where the profile gives none.
    pub chance_percent: Option<u8>,
    /// Whether the move targets the user.
    pub target_self: bool,
    /// Whether type effectiveness is ignored (Gen-1 Night Shade).
    pub ignores_type: bool,
    /// Types immune to this status move.
    pub immune_types: Vec<u8>,
    /// Whether a party may carry the move (false for Struggle).
    pub selectable: bool,
    /// Fixed damage, for `FixedDamage` (None = the user's level).
    pub fixed: Option<u16>,
    /// Whether damage uses Attack/Defense (by type, Gen 1).
    pub physical: bool,
}

/// Species, moves, type chart and rules of one profile.
#[derive(Clone, Debug)]
pub struct Dex {
    /// Name of the rules profile.
    pub profile: String,
    /// Mechanics switches.
    pub rules: Rules,
    /// Type names, by id.
    pub type_names: Vec<String>,
    /// `chart[attacker][defender]` in tenths (0, 5, 10 or 20).
    pub chart: Vec<Vec<u8>>,
    /// Species, by id.
    pub species: Vec<Species>,
    /// Moves, by id (selectable moves first, in file order).
    pub moves: Vec<Move>,
    /// Stage multipliers for stages -6..=+6 as (numerator, denominator).
    pub stage_table: [(u16, u16); 13],
    /// Id of Struggle.
    pub struggle: u8,
    /// Number of moves a party may carry (the selectable ones).
    pub n_selectable: usize,
}

/// Names of the rules profiles in the embedded data file.
pub const PROFILES: [&str; 2] = ["cartridge", "pokeai2017"];

impl Dex {
    /// Loads the embedded data file under the named rules profile.
    pub fn load(profile: &str) -> Result<Dex, PartyError> {
        Dex::from_json(GEN1_JSON, profile)
    }

    /// Parses a data file under the named rules profile.
    pub fn from_json(json: &str, profile: &str) -> Result<Dex, PartyError> {
        let raw: RawFile =
            serde_json::from_str(json).map_err(|e| PartyError::Data(e.to_string()))?;
        let bad = |m: String| PartyError::Data(m);
        let mut rules = raw.profiles.get(profile).cloned().ok_or_else(|| {
            let mut names: Vec<_> = raw.profiles.keys().cloned().collect();
            names.sort();
            PartyError::UnknownProfile(profile.to_string(), names.join(", "))
        })?;
        let type_names: Vec<String> = raw.types.iter().map(|t| t.name.clone()).collect();
        let type_id = |n: &str| -> Result<u8, PartyError> {
            type_names
                .iter()
                .position(|t| t == n)
                .map(|i| i as u8)
                .ok_or_else(|| bad(format!("unknown type {n:?}")))
        };
        let mut chart = vec![vec![10u8; type_names.len()]; type_names.len()];
        for (a, t) in raw.types.iter().enumerate() {
            for (d, mult) in &t.against {
                let tenths = (mult * 10.0).round();
                if ![0.0, 5.0, 20.0].contains(&tenths) {
                    return Err(bad(format!(
                        "type {}: multiplier {mult} against {d} is not 0, 0.5 or 2",
                        t.name
                    )));
                }
                chart[a][type_id(d)? as usize] = tenths as u8;
            }
        }
        if raw.stage_table.len() != 13 {
            return Err(bad("stage_table needs 13 entries (-6..=+6)".into()));
        }
        let mut stage_table = [(1, 1); 13];
        for (i, [n, d]) in raw.stage_table.iter().enumerate() {
            if *d == 0 {
                return Err(bad("stage_table has a zero denominator".into()));
            }
            stage_table[i] = (*n, *d);
        }
        let mut raw_moves = raw.moves;
        // Selectable moves first, so party move ids are 0..n_selectable.
        raw_moves.sort_by_key(|m| !m.selectable);
        for o in &rules.move_overrides {
            let m = raw_moves
                .iter_mut()
                .find(|m| m.name == o.r#move)
                .ok_or_else(|| {
                    bad(format!(
                        "profile {profile}: override of unknown move {:?}",
                        o.r#move
                    ))
                })?;
            if let Some(v) = o.power {
                m.power = v;
            }
            if let Some(v) = o.accuracy {
                m.accuracy = Some(v);
            }
            if let Some(v) = o.chance {
                m.chance = v;
            }
            if let Some(v) = o.chance_percent {
                m.chance_percent = Some(v);
            }
            if let Some(v) = o.effect {
                m.effect = v;
            }
            if let Some(v) = o.fixed {
                m.fixed = Some(v);
            }
            if let Some(v) = o.ignores_type {
                m.ignores_type = v;
            }
        }
        let mut moves = Vec::with_capacity(raw_moves.len());
        for m in &raw_moves {
            let ty = type_id(&m.r#type)?;
            let immune_types = m
                .immune_types
                .iter()
                .map(|t| type_id(t))
                .collect::<Result<_, _>>()?;
            moves.push(Move {
                name: m.name.clone(),
                ty,
                power: m.power,
                accuracy: m.accuracy,
                pp: m.pp,
                effect: m.effect,
                chance: m.chance,
                chance_percent: m.chance_percent,
                target_self: m.target_self,
                ignores_type: m.ignores_type,
                immune_types,
                selectable: m.selectable,
                fixed: m.fixed,
                physical: raw.types[ty as usize].physical,
            });
        }
        if rules.draw_order == DrawOrder::Pokeai2017 {
            // That order compares a 0..=99 draw, so a chance out of 256 cannot stand in.
            if let Some(m) = moves
                .iter()
                .find(|m| m.effect.has_chance() && m.chance_percent.is_none())
            {
                return Err(bad(format!(
                    "profile {profile}: draw_order pokeai2017 needs a chance_percent for {:?}",
                    m.name
                )));
            }
        }
        let n_selectable = moves.iter().filter(|m| m.selectable).count();
        let struggle = moves
            .iter()
            .position(|m| m.effect == Effect::RecoilHalf && !m.selectable)
            .ok_or_else(|| bad("no Struggle (unselectable recoil_half move)".into()))?
            as u8;
        let move_id = |n: &str| -> Result<u8, PartyError> {
            moves[..n_selectable]
                .iter()
                .position(|m| m.name == n)
                .map(|i| i as u8)
                .ok_or_else(|| bad(format!("learnset names unknown move {n:?}")))
        };
        let mut species = Vec::new();
        for s in &raw.species {
            let t1 = type_id(
                s.types
                    .first()
                    .ok_or_else(|| bad(format!("{} has no type", s.name)))?,
            )?;
            let t2 = match s.types.get(1) {
                Some(t) => type_id(t)?,
                None => t1,
            };
            let learnset: Vec<u8> = s
                .learnset
                .iter()
                .map(|m| move_id(m))
                .collect::<Result<_, _>>()?;
            if learnset.len() < 4 {
                return Err(bad(format!("{} learns fewer than 4 moves", s.name)));
            }
            species.push(Species {
                name: s.name.clone(),
                types: [t1, t2],
                base: s.base,
                learnset,
            });
        }
        if species.len() < 3 || n_selectable < 4 || species.len() > 64 || n_selectable > 64 {
            return Err(bad("need 3..=64 species and 4..=64 selectable moves".into()));
        }
        if rules.sleep_turns[0] == 0 || rules.sleep_turns[0] > rules.sleep_turns[1] {
            return Err(bad(format!("profile {profile}: bad sleep_turns")));
        }
        if rules.confusion_turns[0] == 0 || rules.confusion_turns[0] > rules.confusion_turns[1] {
            return Err(bad(format!("profile {profile}: bad confusion_turns")));
        }
        rules.move_overrides.clear();
        Ok(Dex {
            profile: profile.to_string(),
            rules,
            type_names,
            chart,
            species,
            moves,
            stage_table,
            struggle,
            n_selectable,
        })
    }

    /// Effectiveness of a move type against a defender's types, in tenths per type.
    pub fn effectiveness(&self, move_ty: u8, def: [u8; 2]) -> (u8, Option<u8>) {
        let e1 = self.chart[move_ty as usize][def[0] as usize];
        let e2 = (def[1] != def[0]).then(|| self.chart[move_ty as usize][def[1] as usize]);
        (e1, e2)
    }

    /// Battle stats `[hp, atk, def, spc, spe]` at `level` with DV 15 and the
    /// profile's stat-experience term.
    pub fn stats(&self, species: u8, level: u16) -> [u16; 5] {
        let s = &self.species[species as usize];
        let term = self.rules.stat_exp_term;
        let mut out = [0; 5];
        for (i, &b) in s.base.iter().enumerate() {
            let core = ((b + 15) * 2 + term) * level / 100;
            out[i] = if i == 0 { core + level + 10 } else { core + 5 };
        }
        out
    }

    /// Species id by name (case-, space- and hyphen-insensitive).
    pub fn species_id(&self, name: &str) -> Option<u8> {
        let k = key(name);
        self.species
            .iter()
            .position(|s| key(&s.name) == k)
            .map(|i| i as u8)
    }

    /// Selectable move id by name (case-, space- and hyphen-insensitive).
    pub fn move_id(&self, name: &str) -> Option<u8> {
        let k = key(name);
        self.moves[..self.n_selectable]
            .iter()
            .position(|m| key(&m.name) == k)
            .map(|i| i as u8)
    }
}

/// A name as it is compared: case, spaces and hyphens ignored, every other
/// character kept (so a typo like `Psy!chic` does not match `Psychic`).
fn key(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(|c| c.to_lowercase())
        .collect()
}
