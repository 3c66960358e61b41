//! Reading instance files in every format, and the request flags that override an instance's
//! request (`--k`, `--cost-cap`, `--attribute`, `--must-include`, `--leader`).

use anyhow::{Context, Result, bail};
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};
use yomi_deck::Instance;
use yomi_deck::formats::{parse_json, parse_mdp, parse_qkp};
use yomi_deck::model::AttributeRequirement;
use yomi_deck::request::{LeaderSpec, PieceRequest, parse_attribute};
use yomi_deck::tables::{CsvTables, parse_csv};

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
pub fn attribute_arg(text: &str) -> Result<AttributeArg, String> {
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

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// `FILE` with `pieces` in its name replaced by `what`.
fn beside(file: &Path, what: &str) -> Option<PathBuf> {
    let name = file.file_name()?.to_str()?;
    name.contains("pieces")
        .then(|| file.with_file_name(name.replacen("pieces", what, 1)))
}

/// Reads an instance (without request overrides).
pub fn load(file: &Path, format: InstanceFormat, csv: &CsvArgs) -> Result<Instance> {
    let parsed = match format {
        InstanceFormat::Mdp => parse_mdp(&read(file)?),
        InstanceFormat::Qkp => parse_qkp(&read(file)?),
        InstanceFormat::Json => parse_json(&read(file)?),
        InstanceFormat::Csv => {
            let pairs = match csv.pairs.clone().or_else(|| beside(file, "pairs")) {
                Some(p) => p,
                None => bail!(
                    "--format csv: give --pairs (the file name {} has no \"pieces\" to replace)",
                    file.display()
                ),
            };
            let leader_pairs = csv
                .leader_pairs
                .clone()
                .or_else(|| beside(file, "leader_pairs").filter(|p| p.exists()));
            let texts = (read(file)?, read(&pairs)?);
            let leader_text = leader_pairs.as_deref().map(read).transpose()?;
            let names = (
                file.display().to_string(),
                pairs.display().to_string(),
                leader_pairs.map(|p| p.display().to_string()),
            );
            parse_csv(CsvTables {
                pieces: (&texts.0, &names.0),
                pairs: (&texts.1, &names.1),
                leader_pairs: leader_text.as_deref().zip(names.2.as_deref()),
            })
        }
    };
    parsed.with_context(|| format!("parsing {}", file.display()))
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
