//! The `yomi tour` section of the party crate.

use super::{load, quiet_broken_pipe};
use anyhow::Result;
use std::io::Write;
use std::time::Instant;
use yomi_party::battle::TextLog;
use yomi_party::experiment::{self, ExperimentConfig};
use yomi_party::features::Features;
use yomi_party::model::{self, Model};
use yomi_party::player::RandomPlayer;
use yomi_party::{Battle, Party, ridge};

/// A short demonstration for `yomi tour`: one logged battle under each rules
/// profile and a tiny experiment with its fit.
pub fn tour() -> Result<()> {
    quiet_broken_pipe(tour_inner())
}

fn tour_inner() -> Result<()> {
    outln!("== party: Gen-1 battles and the party-strength model ==");
    let dex = load("cartridge")?;
    let a = Party::parse(
        &dex,
        "Starmie:Thunderbolt/Blizzard/Recover/Thunder Wave;Tauros:Body Slam/Hyper Beam/Blizzard/Thunderbolt;Exeggutor:Psychic/Mega Drain/Double Team/Reflect",
    )?;
    let b = Party::parse(
        &dex,
        "Gengar:Night Shade/Confuse Ray/Thunderbolt/Psychic;Jynx:Lovely Kiss/Blizzard/Psychic/Reflect;Dugtrio:Dig/Slash/Rock Slide/Body Slam",
    )?;
    outln!("A: {}\nB: {}", a.format(&dex), b.format(&dex));
    let mut battle = Battle::new(&dex, [&a, &b], 5);
    let mut log = TextLog::default();
    let o = battle.play(
        &mut RandomPlayer::new(1),
        &mut RandomPlayer::new(2),
        &mut log,
    );
    for l in log.lines.iter().take(24) {
        outln!("  {l}");
    }
    if log.lines.len() > 24 {
        outln!("  ... ({} more lines)", log.lines.len() - 24);
    }
    outln!(
        "result: {o:?} after {} turns (random players, cartridge rules)",
        battle.turn
    );
    for profile in yomi_party::data::PROFILES {
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
        outln!(
            "{profile}: 1000 parties x 30 opponents = 30000 battles in {secs:.2} s; P+M ridge (alpha {}) held-out R2 {r2:.3}; strongest: {}",
            m.fit.alpha,
            top.iter()
                .map(|(n, c)| format!("{n} {c:+.3}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    outln!("(full experiment: yomi party dataset --out d.csv && yomi party fit --data d.csv)");
    Ok(())
}
