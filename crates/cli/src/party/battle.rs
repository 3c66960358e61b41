//! `yomi party battle` (two parties, random or given, optionally logged; library:
//! `yomi_party::series`) and `yomi party bench` (one-thread battles/s and turns/s).

use super::load;
use crate::usage::usage;
use anyhow::Result;
use serde::Serialize;
use std::num::NonZeroU32;
use std::time::Instant;
use yomi_core::Rng;
use yomi_core::parse_seed;
use yomi_party::experiment;
use yomi_party::series::{SeriesOptions, play_series};
use yomi_party::{Outcome, Party};

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub(super) struct BenchArgs {
    /// Battles to play.
    #[arg(long, default_value_t = 100_000)]
    battles: u64,
    /// Rules profile: cartridge or pokeai2017.
    #[arg(long, default_value = "cartridge")]
    profile: String,
    /// Seed.
    #[arg(long, default_value_t = 1, allow_hyphen_values = true, value_parser = parse_seed)]
    seed: u64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct BenchReport {
    profile: String,
    battles: u64,
    turns: u64,
    seconds: f64,
    battles_per_second: f64,
    turns_per_second: f64,
    mean_turns: f64,
    side0_wins: u64,
    draws: u64,
}

pub(super) fn bench(args: BenchArgs) -> Result<()> {
    let dex = load(&args.profile)?;
    if args.battles == 0 {
        return Err(usage("--battles must be at least 1"));
    }
    let t = Instant::now();
    let r = experiment::play_random_battles(&dex, args.battles, args.seed, false);
    let secs = t.elapsed().as_secs_f64();
    let report = BenchReport {
        profile: dex.profile.clone(),
        battles: r.battles,
        turns: r.turns,
        seconds: secs,
        battles_per_second: r.battles as f64 / secs,
        turns_per_second: r.turns as f64 / secs,
        mean_turns: r.turns as f64 / r.battles as f64,
        side0_wins: r.wins0,
        draws: r.draws,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{} random 3v3 battles ({}) on one thread: {:.3} s, {:.0} battles/s, {:.0} turns/s, {:.1} turns per battle",
            report.battles,
            report.profile,
            secs,
            report.battles_per_second,
            report.turns_per_second,
            report.mean_turns
        );
    }
    Ok(())
}

#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum PlayerKind {
    Random,
    Greedy,
}

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub(super) struct BattleArgs {
    /// First party, e.g. "Gengar:Psychic/Thunderbolt/Toxic/Confuse Ray;Jynx:...;Tauros:..." (random if omitted).
    #[arg(long)]
    a: Option<String>,
    /// Second party (random if omitted).
    #[arg(long)]
    b: Option<String>,
    /// Rules profile: cartridge or pokeai2017.
    #[arg(long, default_value = "cartridge")]
    profile: String,
    /// Seed for random parties and the battles.
    #[arg(long, default_value_t = 1, allow_hyphen_values = true, value_parser = parse_seed)]
    seed: u64,
    /// Games to play (only the first is logged).
    #[arg(long, default_value_t = 1)]
    games: u32,
    /// Player of the first party.
    #[arg(long, value_enum, default_value = "random")]
    player_a: PlayerKind,
    /// Player of the second party.
    #[arg(long, value_enum, default_value = "random")]
    player_b: PlayerKind,
    /// Print the turn-by-turn log of the first game.
    #[arg(long)]
    log: bool,
    /// Random parties draw moves from learnsets.
    #[arg(long)]
    learnset: bool,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

impl From<PlayerKind> for yomi_party::player::PlayerKind {
    fn from(k: PlayerKind) -> Self {
        match k {
            PlayerKind::Random => yomi_party::player::PlayerKind::Random,
            PlayerKind::Greedy => yomi_party::player::PlayerKind::Greedy,
        }
    }
}

#[derive(Serialize)]
struct BattleReport {
    profile: String,
    a: String,
    b: String,
    games: u32,
    wins_a: u32,
    draws: u32,
    wins_b: u32,
    first_winner: String,
    first_turns: u32,
    log: Vec<String>,
}

pub(super) fn battle(args: BattleArgs) -> Result<()> {
    let dex = load(&args.profile)?;
    let mut rng = Rng::new(args.seed);
    let mut pick = |spec: &Option<String>, which: &str| -> Result<Party> {
        Ok(match spec {
            Some(s) => {
                let p = Party::parse(&dex, s).map_err(|e| usage(format!("--{which}: {e}")))?;
                if args.learnset {
                    p.check_learnsets(&dex)
                        .map_err(|e| usage(format!("--{which}: {e}")))?;
                }
                p
            }
            None => Party::random(&dex, &mut rng, args.learnset),
        })
    };
    let a = pick(&args.a, "a")?;
    let b = pick(&args.b, "b")?;
    let games = NonZeroU32::new(args.games).ok_or_else(|| usage("--games must be at least 1"))?;
    let series = play_series(
        &dex,
        &a,
        &b,
        &SeriesOptions {
            games,
            seed: args.seed,
            players: [args.player_a.into(), args.player_b.into()],
            log_first: args.log,
        },
    );
    let (wa, dr, wb) = (series.wins_a, series.draws, series.wins_b);
    let first_winner = match series.first {
        Outcome::Win(0) => "a",
        Outcome::Win(_) => "b",
        Outcome::Draw => "draw",
    };
    let report = BattleReport {
        profile: dex.profile.clone(),
        a: a.format(&dex),
        b: b.format(&dex),
        games: args.games,
        wins_a: wa,
        draws: dr,
        wins_b: wb,
        first_winner: first_winner.to_string(),
        first_turns: series.first_turns,
        log: series.log,
    };
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!(
        "profile {}\nA: {}\nB: {}",
        report.profile, report.a, report.b
    );
    for l in &report.log {
        println!("  {l}");
    }
    println!(
        "{} game(s): A wins {wa}, draws {dr}, B wins {wb} (first game: {} after {} turns)",
        args.games, report.first_winner, report.first_turns
    );
    Ok(())
}
