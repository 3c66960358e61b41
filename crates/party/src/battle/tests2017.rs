//! The 2017 battle randomness: every battle draws from a fresh
//! `random.Random(1)` in the 2017 simulator's order, so the first turn's
//! draws are known in advance. The expected values were worked out by hand
//! from CPython: `r = random.Random(1)` then, in this order,
//! `[r.randint(0,1), r.randint(0,254)+1, r.randint(0,255), 217+r.randint(0,38),
//! r.randint(0,99), r.randint(0,254)+1, r.randint(0,255), 217+r.randint(0,38),
//! r.randint(0,99)]` prints `[0, 146, 32, 233, 15, 127, 230, 247, 83]`, and
//! `r.randint(0,1), r.randint(0,254)+1, r.randint(0,6)+2` prints `0 146 8`.

use super::damage::{Fighter, damage};
use super::pyrandom::PyRandom;
use super::*;
use crate::data::{BattleRngKind, DrawOrder};
use crate::player::{Player, RandomPlayer};

/// Always uses the move in one slot; sends in the first bench member.
struct Always(u8);

impl Player for Always {
    fn choose(&mut self, _: &Battle, _: usize) -> Action {
        Action::Move(self.0)
    }
    fn replace(&mut self, b: &Battle, side: usize) -> u8 {
        b.sides[side].switch_targets().0[0]
    }
}

const BENCH: &str =
    "Starmie:Splash/Recover/Reflect/Double Team;Alakazam:Splash/Recover/Reflect/Double Team";

/// `Species:Move[/Move...]` padded to four distinct moves with self-targeted fillers.
fn lead(spec: &str) -> String {
    let (species, moves) = spec.split_once(':').unwrap();
    let mut ms: Vec<&str> = moves.split('/').collect();
    for f in ["Splash", "Recover", "Reflect", "Double Team"] {
        if ms.len() < 4 && !ms.contains(&f) {
            ms.push(f);
        }
    }
    format!("{species}:{};{BENCH}", ms.join("/"))
}

/// The pokeai2017 dex, cut to `turns` turns.
fn dex2017(turns: u32) -> Dex {
    let mut d = Dex::load("pokeai2017").unwrap();
    d.rules.turn_limit = turns;
    d
}

/// Plays `turns` turns of `a` (slot `sa`) against `b` (slot `sb`); returns the battle and its log.
fn play<'d>(d: &'d Dex, a: &str, sa: u8, b: &str, sb: u8) -> (Battle<'d>, Vec<String>) {
    let pa = Party::parse(d, &lead(a)).unwrap();
    let pb = Party::parse(d, &lead(b)).unwrap();
    let mut battle = Battle::new(d, [&pa, &pb], 12345);
    let mut log = TextLog::default();
    battle.play(&mut Always(sa), &mut Always(sb), &mut log);
    (battle, log.lines)
}

fn fighter(b: &Battle, side: usize) -> Fighter {
    b.sides[side].fighter()
}

/// Damage of `side`'s move `mv` against the fresh foe with a given crit and roll.
fn expected(b: &Battle, side: usize, mv: &str, crit: bool, roll: u16) -> u16 {
    let d = b.dex;
    let m = &d.moves[d.move_id(mv).unwrap() as usize];
    let (mut att, mut def) = (fighter(b, side), fighter(b, 1 - side));
    att.stages = [0; 4];
    def.stages = [0; 4];
    let power = m.power as u16;
    damage(d, 50, &att, &def, m.ty, power, m.physical, crit, roll)
}

fn lost(b: &Battle, side: usize) -> u16 {
    b.sides[side].active().max_hp - b.sides[side].active().hp
}

#[test]
fn the_profile_draws_from_python_random_1_in_the_2017_order() {
    let d = Dex::load("pokeai2017").unwrap();
    assert_eq!(d.rules.battle_rng, BattleRngKind::PythonRandom(1));
    assert_eq!(d.rules.draw_order, DrawOrder::Pokeai2017);
    let pct = |n: &str| d.moves[d.move_id(n).unwrap() as usize].chance_percent;
    let got = ["Thunderbolt", "Body Slam", "Blizzard", "Psychic"].map(pct);
    assert_eq!(got, [Some(10), Some(30), Some(30), Some(25)]);
    let c = Dex::load("cartridge").unwrap();
    assert_eq!(c.rules.battle_rng, BattleRngKind::PerGame);
    assert_eq!(c.rules.draw_order, DrawOrder::Cartridge);
}

#[test]
fn the_first_hit_of_a_fast_species_crits_and_paralyzes() {
    // Tauros (crit threshold 55) outspeeds Lapras: hit 146, crit 32, roll 233, side 15 < 30.
    let d = dex2017(1);
    let (b, log) = play(&d, "Tauros:Body Slam", 0, "Lapras:Splash", 0);
    assert!(log.iter().any(|l| l.contains("a critical hit")), "{log:?}");
    assert_eq!(lost(&b, 1), expected(&b, 0, "Body Slam", true, 233));
    assert_eq!(b.sides[1].active().status, Status::Paralysis, "{log:?}");
}

#[test]
fn the_first_hit_of_lapras_or_exeggutor_does_not_crit() {
    // Lapras (threshold 30) outspeeds Exeggutor: crit draw 32 misses, side draw 15 still paralyzes.
    let d = dex2017(1);
    let (b, log) = play(&d, "Lapras:Body Slam", 0, "Exeggutor:Splash", 0);
    assert!(!log.iter().any(|l| l.contains("critical")), "{log:?}");
    assert_eq!(lost(&b, 1), expected(&b, 0, "Body Slam", false, 233));
    assert_eq!(b.sides[1].active().status, Status::Paralysis);
    // Exeggutor (threshold 27) moves after a Splash: still the first draws, no crit,
    // and Psychic's side draw 15 < 25 lowers the target's Speed.
    let (b, log) = play(&d, "Exeggutor:Psychic", 0, "Tauros:Splash", 0);
    assert!(!log.iter().any(|l| l.contains("critical")), "{log:?}");
    assert_eq!(lost(&b, 1), expected(&b, 0, "Psychic", false, 233));
    assert_eq!(b.sides[1].vol.stages[3], -1);
}

#[test]
fn the_second_attacker_gets_the_next_draws_and_ties_go_to_side_two() {
    // Mirror leads tie on Speed; the turn's draw 0 lets side 2 act first
    // (146 / 32 / 233 / 15), then side 1 gets hit 127, crit 230, roll 247, side 83.
    let d = dex2017(1);
    let (b, log) = play(&d, "Tauros:Strength", 0, "Tauros:Strength", 0);
    let first = log.iter().find(|l| l.contains(" uses ")).unwrap();
    assert!(first.starts_with("side 2"), "{log:?}");
    assert_eq!(lost(&b, 0), expected(&b, 1, "Strength", true, 233));
    assert_eq!(lost(&b, 1), expected(&b, 0, "Strength", false, 247));
}

#[test]
fn a_first_lovely_kiss_always_lands_for_eight_turns() {
    // Hit 146 < 191, then the duration draw 6 gives 2 + 6 = 8 turns.
    // The slower Lapras spends the first of its 8 turns at once.
    let d = dex2017(1);
    let (b, _) = play(&d, "Jynx:Lovely Kiss", 0, "Lapras:Splash", 0);
    assert_eq!(b.sides[1].active().status, Status::Sleep(7));
    // It loses 8 actions in all, the waking one included.
    let d = dex2017(8);
    let (b, log) = play(&d, "Jynx:Lovely Kiss", 0, "Lapras:Strength", 0);
    let slept = log.iter().filter(|l| l.contains("fast asleep")).count();
    let woke = log.iter().filter(|l| l.contains("wakes up")).count();
    assert_eq!((slept, woke), (7, 1), "{log:?}");
    assert_eq!(b.sides[1].active().status, Status::None);
}

#[test]
fn every_game_starts_from_the_same_battle_stream() {
    let d = Dex::load("pokeai2017").unwrap();
    let a = Party::parse(&d, "Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt;Starmie:Psychic/Recover/Thunder Wave/Blizzard;Lapras:Confuse Ray/Strength/Reflect/Toxic").unwrap();
    let b = Party::parse(&d, "Jynx:Lovely Kiss/Blizzard/Psychic/Double Team;Gengar:Night Shade/Mega Drain/Dig/Hyper Beam;Dugtrio:Slash/Dig/Rock Slide/Double Team").unwrap();
    let run = |game_seed: u64, player_seed: u64| {
        let mut battle = Battle::new(&d, [&a, &b], game_seed);
        let mut log = TextLog::default();
        let o = battle.play(
            &mut RandomPlayer::new(player_seed),
            &mut RandomPlayer::new(player_seed + 1),
            &mut log,
        );
        (o, log.lines)
    };
    // The game's seed does not reach the battle: same players, same battle.
    assert_eq!(run(1, 50), run(999, 50));
    // Other players make other battles.
    assert!((51..60).any(|p| run(1, p).1 != run(1, 50).1));
    // The per-game option gives the seed back to the battle.
    let mut per_game = d.clone();
    per_game.rules.battle_rng = BattleRngKind::PerGame;
    let run_pg = |game_seed: u64| {
        let mut battle = Battle::new(&per_game, [&a, &b], game_seed);
        let mut log = TextLog::default();
        battle.play(&mut Always(0), &mut Always(0), &mut log);
        log.lines
    };
    assert!((2..10).any(|s| run_pg(s) != run_pg(1)));
}

/// The next eight raw draws of a battle's stream, to compare how far two streams went.
fn peek(b: &mut Battle) -> Vec<usize> {
    (0..8).map(|_| b.rng.below(256)).collect()
}

#[test]
fn a_status_move_looks_at_its_target_before_the_accuracy_draw() {
    let d = Dex::load("pokeai2017").unwrap();
    let a = Party::parse(&d, &lead("Jynx:Toxic/Lovely Kiss")).unwrap();
    let g = Party::parse(&d, &lead("Gengar:Splash")).unwrap();
    let fresh = || Battle::new(&d, [&a, &g], 0);
    // Toxic on a Poison type fails without drawing.
    let mut b = fresh();
    b.execute(0, 0, &mut NoLog);
    assert_eq!(peek(&mut b), peek(&mut fresh()));
    // On an already sleeping target Lovely Kiss fails without drawing too.
    let mut b = fresh();
    b.sides[1].mons[0].status = Status::Sleep(3);
    b.execute(0, 1, &mut NoLog);
    assert_eq!(peek(&mut b), peek(&mut fresh()));
    // The cartridge order draws for accuracy first.
    let mut cart = d.clone();
    cart.rules.draw_order = DrawOrder::Cartridge;
    let mut b = Battle::new(&cart, [&a, &g], 0);
    b.execute(0, 0, &mut NoLog);
    assert_ne!(peek(&mut b), peek(&mut fresh()));
}

#[test]
fn a_plain_hit_draws_accuracy_crit_roll_and_a_side_effect_number() {
    let d = Dex::load("pokeai2017").unwrap();
    let a = Party::parse(&d, &lead("Tauros:Strength/Mega Drain")).unwrap();
    let l = Party::parse(&d, &lead("Lapras:Splash")).unwrap();
    for (slot, draws) in [(0, [255, 256, 39, 100]), (1, [255, 256, 39, 0])] {
        let mut b = Battle::new(&d, [&a, &l], 0);
        b.execute(0, slot, &mut NoLog);
        let mut py = PyRandom::new(1);
        for n in draws.into_iter().filter(|&n| n > 0) {
            py.below(n);
        }
        // Mega Drain heals instead of drawing for a side effect.
        let want: Vec<usize> = (0..8).map(|_| py.below(256)).collect();
        assert_eq!(peek(&mut b), want, "slot {slot}");
    }
}
