//! The instance flags (`--format`, `--pairs`, `--leader-pairs`, read by
//! `yomi_deck::load`) and the request flags that override an instance's request (`--k`,
//! `--cost-cap`, `--attribute`, `--must-include`, `--leader`, applied by
//! `yomi_deck::request`).

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use yomi_deck::Instance;
use yomi_deck::load::{CsvFiles, Format};
use yomi_deck::model::AttributeRequirement;
use yomi_deck::request::{AttributeError, LeaderSpec, PieceRequest, parse_attribute};

/// Instance file formats.
#[derive(Clone, Copy, ValueEnum)]
pub enum InstanceFormat {
    /// MDPLIB max-sum diversity (`n m`, then `i j d` lines).
    Mdp,
    /// Billionnet–Soutif quadratic knapsack.
    Qkp,
    /// yomi's JSON instance (pieces, pairs, request).
    Json,
    /// pieces.csv with pairs.csv (and leader_pairs.csv) beside it.
    Csv,
}

/// Where the CSV pair tables are, when not beside pieces.csv.
#[derive(Args, Default)]
pub struct CsvArgs {
    /// pairs.csv for --format csv [default: FILE with "pieces" replaced by "pairs"].
    #[arg(long)]
    pub pairs: Option<PathBuf>,
    /// leader_pairs.csv for --format csv [default: FILE with "pieces" replaced by
    /// "leader_pairs", when it exists].
    #[arg(long)]
    pub leader_pairs: Option<PathBuf>,
}

/// Request flags; each one replaces that part of the instance's request.
#[derive(Args, Default)]
pub struct RequestArgs {
    /// Deck size K.
    #[arg(long)]
    pub k: Option<usize>,
    /// Cost cap.
    #[arg(long, allow_negative_numbers = true)]
    pub cost_cap: Option<i64>,
    /// Attribute deck, NAME:MINIMUM (e.g. god:10), or `any`.
    #[arg(long, value_parser = attribute_arg)]
    pub attribute: Option<AttributeArg>,
    /// Pieces the deck must hold, by id, comma-separated (`--must-include ''` for none).
    #[arg(long, value_delimiter = ',')]
    pub must_include: Option<Vec<String>>,
    /// Leader: a piece id, `chosen`, or `none`.
    #[arg(long)]
    pub leader: Option<String>,
}

/// An attribute requirement from the command line (`None` for `any`/`mixed`).
#[derive(Clone)]
pub struct AttributeArg(pub Option<AttributeRequirement>);

/// Parses `NAME:MINIMUM`, `any` or `mixed`.
pub fn attribute_arg(text: &str) -> Result<AttributeArg, AttributeError> {
    parse_attribute(text).map(AttributeArg)
}

impl RequestArgs {
    /// The flags as a request by piece id, resolved by yomi-deck like every other request.
    fn piece_request(&self) -> PieceRequest {
        PieceRequest {
            k: self.k,
            cost_cap: self.cost_cap,
            attributes: self.attribute.clone().map(|a| a.0.into_iter().collect()),
            must_include: self
                .must_include
                .clone()
                .map(|ids| ids.into_iter().filter(|id| !id.is_empty()).collect()),
            leader: self.leader.as_deref().map(LeaderSpec::parse),
            group_limit: None,
        }
    }
}

impl From<InstanceFormat> for Format {
    fn from(f: InstanceFormat) -> Format {
        match f {
            InstanceFormat::Mdp => Format::Mdp,
            InstanceFormat::Qkp => Format::Qkp,
            InstanceFormat::Json => Format::Json,
            InstanceFormat::Csv => Format::Csv,
        }
    }
}

impl CsvArgs {
    fn files(&self) -> CsvFiles {
        CsvFiles {
            pairs: self.pairs.clone(),
            leader_pairs: self.leader_pairs.clone(),
        }
    }
}

/// Reads an instance (without request overrides).
pub fn load(file: &Path, format: InstanceFormat, csv: &CsvArgs) -> Result<Instance> {
    Ok(yomi_deck::load::load(file, format.into(), &csv.files())?)
}

/// Reads an instance and applies the request flags.
pub fn load_with_request(
    file: &Path,
    format: InstanceFormat,
    csv: &CsvArgs,
    request: &RequestArgs,
) -> Result<Instance> {
    let mut inst = load(file, format, csv)?;
    request
        .piece_request()
        .apply(&mut inst)
        .context("applying the request flags")?;
    Ok(inst)
}
