//! `yomi party`: Gen-1 battles, the random-battle party dataset, the ridge
//! model's R² table and coefficients, and model-guided party search.

use crate::usage::{BadInput, usage};
use anyhow::Result;
use std::path::Path;
use yomi_party::dataset::Meta;
use yomi_party::experiment::Dataset;
use yomi_party::{Dex, io};

mod battle;
mod dataset;
mod fit;
mod tour;

use battle::{BattleArgs, BenchArgs};
use dataset::DatasetArgs;
use fit::{FitArgs, SearchArgs};
pub use tour::tour;

/// Arguments of `yomi party`.
#[derive(clap::Args, Debug)]
pub struct PartyArgs {
    #[command(subcommand)]
    command: PartyCommand,
}

#[derive(clap::Subcommand, Debug)]
enum PartyCommand {
    /// Play Gen-1 3v3 battles between two parties (given or random).
    Battle(BattleArgs),
    /// Run the experiment: random parties vs fixed random opponents, written as CSV/NPZ.
    Dataset(DatasetArgs),
    /// Fit ridge models on a dataset: the R² table and the largest/smallest coefficients.
    Fit(FitArgs),
    /// Hill-climb parties on the fitted model, then verify them by simulation.
    Search(SearchArgs),
    /// Single-thread speed: random battles between random parties (battles/s, turns/s).
    Bench(BenchArgs),
}

/// Runs `yomi party ...`.
pub fn run(args: PartyArgs) -> Result<()> {
    match args.command {
        PartyCommand::Battle(a) => battle::battle(a),
        PartyCommand::Dataset(a) => dataset::dataset(a),
        PartyCommand::Fit(a) => fit::fit(a),
        PartyCommand::Search(a) => fit::search_cmd(a),
        PartyCommand::Bench(a) => battle::bench(a),
    }
}

fn load(profile: &str) -> Result<Dex> {
    Dex::load(profile).map_err(|e| match e {
        yomi_party::PartyError::UnknownProfile(..) => usage(format!("--profile: {e}")),
        other => anyhow::Error::new(other).context("loading the embedded Gen-1 data"),
    })
}

/// Loads a dataset CSV with its `.meta.json` (when present) and the matching profile.
fn read_data(path: &Path) -> Result<(Dex, Dataset, Option<Meta>)> {
    let meta = yomi_party::dataset::read_meta(path).bad_input()?;
    let profile = meta.as_ref().map_or("cartridge", |m| m.profile.as_str());
    let dex = load(profile)?;
    let data = io::read_csv(path, &dex)
        .with_bad_input_context(|| format!("reading dataset {}", path.display()))?;
    Ok((dex, data, meta))
}
