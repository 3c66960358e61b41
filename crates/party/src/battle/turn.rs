//! The turn's bookends: who acts first, and the residual (poison) damage
//! after each side's action.
//!
//! Contract: under the cartridge draw order a switching side acts before a
//! moving one (side 0 first when both switch), moves go by effective Speed and
//! only an actual Speed tie draws. Under the 2017 order every turn draws
//! `randint(0, 1)` first; a switching side counts 10000 extra Speed, and on a
//! tie a draw of 1 lets side 0 act first, 0 side 1 (as in the 2017 `Field`).

use super::{Action, Battle, BattleLog, Status};
use crate::data::DrawOrder;
use std::cmp::Ordering;

/// Speed bonus of a switching side in the 2017 simulator's turn order.
const SWITCH_PRIORITY_2017: u32 = 10_000;

impl Battle<'_> {
    /// The side that acts first this turn, given both sides' actions.
    pub(super) fn first_mover(&mut self, actions: [Action; 2]) -> usize {
        match self.dex.rules.draw_order {
            DrawOrder::Cartridge => match (actions[0], actions[1]) {
                (Action::Switch(_), _) => 0,
                (_, Action::Switch(_)) => 1,
                _ => match self.speed(0).cmp(&self.speed(1)) {
                    Ordering::Greater => 0,
                    Ordering::Less => 1,
                    Ordering::Equal => self.rng.below(2),
                },
            },
            DrawOrder::Pokeai2017 => {
                let tie = self.rng.below(2) as u32;
                let key = |side: usize| {
                    let bonus = match actions[side] {
                        Action::Switch(_) => SWITCH_PRIORITY_2017,
                        Action::Move(_) => 0,
                    };
                    self.speed(side) as u32 + bonus
                };
                let (k0, k1) = (key(0), key(1));
                let k0 = if k0 == k1 { k0 + tie } else { k0 };
                if k0 > k1 { 0 } else { 1 }
            }
        }
    }

    /// Poison damage to `side`'s active Pokémon after its action.
    pub(super) fn residual<L: BattleLog>(&mut self, side: usize, log: &mut L) {
        let cap = self.dex.rules.toxic_counter_cap;
        let multiply_first = self.dex.rules.toxic_multiply_first;
        let s = &mut self.sides[side];
        if s.active().status != Status::Poison {
            return;
        }
        let max_hp = s.active().max_hp;
        let unit = (max_hp / 16).max(1);
        let dmg = if s.vol.toxic > 0 {
            let n = s.vol.toxic;
            s.vol.toxic = match cap {
                Some(c) => (n + 1).min(c),
                None => n.saturating_add(1),
            };
            if multiply_first {
                ((max_hp as u32 * n as u32 / 16).max(1)).min(u16::MAX as u32) as u16
            } else {
                unit.saturating_mul(n as u16)
            }
        } else {
            unit
        };
        let m = s.active_mut();
        m.hp -= dmg.min(m.hp);
        if L::ENABLED {
            let m = *self.sides[side].active();
            log.line(format!(
                "{} is hurt by poison: -{dmg} ({} HP left)",
                self.name(side),
                m.hp
            ));
            if m.hp == 0 {
                log.line(format!("{} fainted", self.name(side)));
            }
        }
    }
}
