//! The `yomi tour` section of the party crate.

use super::load;
use crate::show::section;
use anyhow::Result;
use std::time::Instant;
use yomi_core::rng::derive_seed;
use yomi_party::battle::TextLog;
use yomi_party::experiment::{self, ExperimentConfig};
use yomi_party::features::Features;
use yomi_party::model::{self, Model};
use yomi_party::player::RandomPlayer;
use yomi_party::{Battle, Party, ridge};

/// Party-specs of the tour's logged battle.
const PARTY_A: &str = "Starmie:Thunderbolt/Blizzard/Recover/Thunder Wave;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt;Exeggutor:Psychic/Mega Drain/Double Team/Reflect";
/// The opponent of [`PARTY_A`].
const PARTY_B: &str = "Gengar:Night Shade/Confuse Ray/Thunderbolt/Psychic;Jynx:Lovely Kiss/Blizzard/Psychic/Reflect;Dugtrio:Dig/Slash/Rock Slide/Body Slam";

/// A short demonstration for `yomi tour`: one logged battle under each rules
/// profile and a tiny experiment with its fit.
pub fn tour() -> Result<()> {
    section(
        "Party strength: one logged Gen-1 battle between random players (cartridge rules)",
        &format!("yomi party battle --a \"{PARTY_A}\" --b \"{PARTY_B}\" --games 1 --seed 5 --log"),
    );
    let dex = load("cartridge")?;
    let a = Party::parse(&dex, PARTY_A)?;
    let b = Party::parse(&dex, PARTY_B)?;
    // The same seeds as `yomi party battle --seed 5`'s first game.
    let seed = derive_seed(5, 1);
    let mut battle = Battle::new(&dex, [&a, &b], seed);
    let mut log = TextLog::default();
    let o = battle.play(
        &mut RandomPlayer::new(derive_seed(seed, 1)),
        &mut RandomPlayer::new(derive_seed(seed, 2)),
        &mut log,
    );
    for l in log.lines.iter().take(24) {
        println!("   {l}");
    }
    if log.lines.len() > 24 {
        println!("   ... ({} more lines)", log.lines.len() - 24);
    }
    println!("   result: {o:?} after {} turns", battle.turn);
    for profile in yomi_party::data::PROFILES {
        section(
            &format!(
                "Party strength: 1,000 random parties x 30 opponents under {profile} rules, ridge fit on P+M"
            ),
            &format!(
                "yomi party dataset --profile {profile} --parties 1000 --opponents 30 --seed 1 --out {profile}.csv && yomi party fit --data {profile}.csv --train 800"
            ),
        );
        let dex = load(profile)?;
        let cfg = ExperimentConfig {
            parties: 1000,
            opponents: 30,
            games: 1,
            seed: 1,
            learnset: false,
        };
        let t = Instant::now();
        let data = experiment::run(&dex, &cfg, &|_| {});
        let secs = t.elapsed().as_secs_f64();
        let feats = Features::new(&dex);
        let groups = [
            yomi_party::features::Group::P,
            yomi_party::features::Group::M,
        ];
        let m = Model::train(&feats, &data, 0..800, &groups, &ridge::DEFAULT_ALPHAS)?;
        let pred: Vec<f64> = data.parties[800..]
            .iter()
            .map(|p| m.predict(&feats, p))
            .collect();
        let r2 = ridge::r2(&data.scores[800..], &pred);
        let (top, _) = model::extremes(&feats, &m, 3);
        println!(
            "   {profile}: 30000 battles in {secs:.2} s; P+M ridge (alpha {}) held-out R2 {r2:.3}; strongest: {}",
            m.fit.alpha,
            top.iter()
                .map(|(n, c)| format!("{n} {c:+.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(())
}
