//! League parameters: how many quests, how many revealed at once, where items
//! may start, and which tile pool the board is drawn from.
//!
//! Contract: [`League::Legend`] is the default and the rules from Bronze up;
//! the Wood leagues differ in quest counts and item placement, Bronze to Gold
//! only in the tile pool (the pool lists keep the referee's order, which the
//! seeded draws index into).

/// Item names, in the referee's order; an item is (name index, owner).
pub const ITEM_NAMES: [&str; 12] = [
    "ARROW", "BOOK", "CANE", "CANDY", "DIAMOND", "FISH", "MASK", "KEY", "POTION", "SCROLL",
    "SHIELD", "SWORD",
];

/// A league name [`League::parse`] does not know.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown league '{0}'; valid: wood2, wood1, bronze, silver, gold, legend")]
pub struct UnknownLeague(pub String);

/// A CodinGame league of Xmas Rush.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum League {
    /// Level 1: one quest, items on 3+-way tiles, pool 1.
    Wood2,
    /// Level 2: six quests revealed one at a time, items on 3+-way tiles, pool 1.
    Wood1,
    /// Level 3: all rules, pool 1.
    Bronze,
    /// Levels 4 and 5: all rules, pool 2.
    SilverGold,
    /// Level 6 and up: all rules, pool 3.
    #[default]
    Legend,
}

impl League {
    /// Parses `wood2`, `wood1`, `bronze`, `silver`, `gold` or `legend` (any case).
    pub fn parse(text: &str) -> Result<League, UnknownLeague> {
        Ok(match text.to_ascii_lowercase().as_str() {
            "wood2" => League::Wood2,
            "wood1" => League::Wood1,
            "bronze" => League::Bronze,
            "silver" | "gold" => League::SilverGold,
            "legend" => League::Legend,
            _ => return Err(UnknownLeague(text.to_string())),
        })
    }

    /// The name [`League::parse`] reads back (`silver` for Silver and Gold).
    pub fn name(self) -> &'static str {
        match self {
            League::Wood2 => "wood2",
            League::Wood1 => "wood1",
            League::Bronze => "bronze",
            League::SilverGold => "silver",
            League::Legend => "legend",
        }
    }

    /// Quests per player.
    pub fn quests(self) -> u8 {
        match self {
            League::Wood2 => 1,
            League::Wood1 => 6,
            _ => 12,
        }
    }

    /// Quests revealed at once.
    pub fn visible(self) -> u8 {
        match self {
            League::Wood2 | League::Wood1 => 1,
            _ => 3,
        }
    }

    /// Whether items may only start on 3- or 4-way tiles.
    pub fn items_on_junctions(self) -> bool {
        matches!(self, League::Wood2 | League::Wood1)
    }

    /// The 24 tile patterns drawn without replacement, in the referee's list order.
    pub fn pool(self) -> Vec<&'static str> {
        let counts: &[(&str, usize)] = match self {
            League::Wood2 | League::Wood1 | League::Bronze => &[
                ("0110", 8),
                ("1101", 3),
                ("0111", 6),
                ("1010", 6),
                ("1111", 1),
            ],
            League::SilverGold => &[("0110", 8), ("1101", 3), ("0111", 4), ("1010", 9)],
            League::Legend => &[("0110", 10), ("1101", 3), ("0111", 2), ("1010", 9)],
        };
        counts
            .iter()
            .flat_map(|&(p, n)| std::iter::repeat_n(p, n))
            .collect()
    }
}

impl std::str::FromStr for League {
    type Err = UnknownLeague;

    fn from_str(text: &str) -> Result<League, UnknownLeague> {
        League::parse(text)
    }
}
