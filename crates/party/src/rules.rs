//! Rules profiles and move effects: the vocabulary the data file uses for
//! mechanics, deserialized with serde.
//!
//! Contract: every switch between the cartridge's and the 2017 simulator's
//! behaviour is a field here, read from the data file's `profiles`.

use serde::Deserialize;

/// What a move does beyond (or instead of) plain damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// Plain damage.
    None,
    /// Damage, then a chance to freeze.
    FreezeChance,
    /// Damage, then a chance to paralyze.
    ParalyzeChance,
    /// Damage, then a chance of -1 Special.
    SpecialDownChance,
    /// Damage, then a chance of -1 Speed (the 2017 simulator's Psychic).
    SpeedDownChance,
    /// Heal half the maximum HP.
    HealHalf,
    /// Reflect on the user.
    Reflect,
    /// Paralyze the target.
    Paralyze,
    /// +1 evasion on the user.
    EvasionUp,
    /// Damage with the high critical-hit rate.
    HighCritical,
    /// Damage; the user must recharge next turn unless the hit knocked out.
    Recharge,
    /// Put the target to sleep.
    Sleep,
    /// Badly poison the target.
    Toxic,
    /// Dig underground this turn (invulnerable), strike next turn.
    Dig,
    /// Two hits.
    DoubleHit,
    /// Damage; the user heals half the damage dealt.
    DrainHalf,
    /// Confuse the target.
    Confuse,
    /// Fixed damage: the move's `fixed` value, or the user's level.
    FixedDamage,
    /// Nothing happens.
    Splash,
    /// Damage; the user takes half the damage dealt as recoil.
    RecoilHalf,
}

impl Effect {
    /// Whether the effect is a damaging move's chance of a secondary effect.
    pub fn has_chance(self) -> bool {
        matches!(
            self,
            Effect::FreezeChance
                | Effect::ParalyzeChance
                | Effect::SpecialDownChance
                | Effect::SpeedDownChance
        )
    }
}

/// How the damage formula handles large stats and the final roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageStyle {
    /// 997 cap, stats over 255 quartered (mod 256), roll only when damage > 1.
    Cartridge,
    /// No cap, no stat scaling, the roll always applied.
    Pokeai2017,
}

/// How the accuracy roll is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccuracyStyle {
    /// Hit iff a byte 0..=255 is below the threshold (so 255 misses 1/256).
    Cartridge,
    /// Hit iff a number 1..=255 is below the threshold (255 misses 1/255).
    Pokeai2017,
}

/// How evasion stages scale accuracy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EvasionStyle {
    /// The stat-stage table, read at minus the evasion stage.
    Table,
    /// `2 / (2 + stage)`.
    Ratio,
}

/// How Reflect weakens physical hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReflectStyle {
    /// Defense doubled on non-critical physical hits.
    DoubleDefense,
    /// Attack quartered and Defense halved on every physical hit.
    QuarterAttackHalfDefense,
}

/// Where a battle's random numbers come from. In the data file:
/// `"per_game"`, `{"shared": SEED}` or `{"python_random": SEED}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleRngKind {
    /// yomi's xoshiro generator seeded with the game's own seed.
    #[default]
    PerGame,
    /// yomi's xoshiro generator seeded with this value in every game.
    Shared(u64),
    /// CPython's `random.Random(seed)` (MT19937), started afresh in every
    /// game: the 2017 experiment seeded every battle with 1.
    PythonRandom(u64),
}

/// The sequence of random draws a battle makes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawOrder {
    /// yomi's order: a speed-tie draw only on a tie; crit and damage roll
    /// before the accuracy check; status moves check accuracy before their
    /// target's status; secondary effects drawn out of 256 only when they can
    /// apply.
    #[default]
    Cartridge,
    /// The 2017 simulator's order: a speed-tie draw `randint(0, 1)` every turn
    /// (1: side 0 first), accuracy before crit and damage roll (per hit), a
    /// `randint(0, 99)` side-effect draw after every damaging move but Mega
    /// Drain (compared with the move's `chance_percent`), status moves checked
    /// against their target before the accuracy draw.
    Pokeai2017,
}

/// A change a rules profile makes to one move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveOverride {
    /// Name of the move to change.
    pub r#move: String,
    /// New power.
    pub power: Option<u8>,
    /// New accuracy (out of 256).
    pub accuracy: Option<u8>,
    /// New secondary-effect chance (out of 256).
    pub chance: Option<u8>,
    /// Secondary-effect chance in percent, used by the 2017 draw order.
    pub chance_percent: Option<u8>,
    /// New effect.
    pub effect: Option<Effect>,
    /// New fixed damage.
    pub fixed: Option<u16>,
    /// Whether the move ignores the type chart.
    pub ignores_type: Option<bool>,
}

/// Mechanics switches of a rules profile.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// One-line description.
    pub description: String,
    /// The stat-experience term added to every stat (63 on the cartridge at max stat exp).
    pub stat_exp_term: u16,
    /// Whether PP are spent (and Struggle used when all are gone).
    pub track_pp: bool,
    /// Turns after which the battle is a draw.
    pub turn_limit: u32,
    /// Full-paralysis chance out of 256.
    pub full_paralysis: u8,
    /// Inclusive range of turns lost to sleep (the waking turn included).
    pub sleep_turns: [u8; 2],
    /// Inclusive range of confusion turns.
    pub confusion_turns: [u8; 2],
    /// Damage formula variant.
    pub damage: DamageStyle,
    /// Accuracy roll variant.
    pub accuracy: AccuracyStyle,
    /// Evasion scaling variant.
    pub evasion: EvasionStyle,
    /// Reflect variant.
    pub reflect: ReflectStyle,
    /// Whether Double Kick rolls damage and crit per hit.
    pub double_kick_per_hit: bool,
    /// Cap on the Toxic counter, if any.
    pub toxic_counter_cap: Option<u8>,
    /// Whether a full paralysis during Dig leaves the user invulnerable (the cartridge glitch).
    pub paralysis_keeps_invulnerability: bool,
    /// Whether a sleep move always lands on a recharging target (the cartridge quirk).
    pub sleep_hits_recharging: bool,
    /// Changes to individual moves.
    pub move_overrides: Vec<MoveOverride>,
    /// Confusion self-hits use the opponent's Defense (its stages and Reflect)
    /// and the damage roll, as the 2017 simulator did; the cartridge uses the
    /// user's own Defense and no roll.
    #[serde(default)]
    pub confusion_foe_defense: bool,
    /// Whether a damaging move's secondary paralysis misses a target of the
    /// move's type (the cartridge; the 2017 simulator had no such check).
    #[serde(default = "yes")]
    pub same_type_blocks_paralysis: bool,
    /// Toxic damage as `max_hp * counter / 16` (the 2017 simulator) instead
    /// of `(max_hp / 16) * counter` (the cartridge).
    #[serde(default)]
    pub toxic_multiply_first: bool,
    /// A recharge turn is spent before the sleep and freeze checks (the 2017
    /// simulator), so a recharging Pokémon put to sleep is not locked in.
    #[serde(default)]
    pub recharge_before_status: bool,
    /// Where each battle's random numbers come from (players always keep
    /// their own per-game streams).
    #[serde(default)]
    pub battle_rng: BattleRngKind,
    /// Which random numbers a battle draws, and in what order.
    #[serde(default)]
    pub draw_order: DrawOrder,
}

fn yes() -> bool {
    true
}
