//! Reading an instance from files, in any of the formats: the literature files (MDPLIB,
//! Billionnet–Soutif QKP), yomi's JSON instance, and the CSV tables, whose pair files are
//! found beside `pieces.csv` unless named.
//!
//! Contract: every failure names the file: the one that cannot be read ([`LoadError::Read`]),
//! or the one that does not parse, with the place in it ([`LoadError::Parse`]). The request
//! of the file (JSON) is applied as written; a caller's overrides go through
//! [`crate::request::PieceRequest::apply`] afterwards.

use crate::formats::{FormatError, parse_json, parse_mdp, parse_qkp};
use crate::model::Instance;
use crate::tables::{CsvTables, parse_csv};
use std::path::{Path, PathBuf};

/// Instance file formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// MDPLIB max-sum diversity (`n m`, then `i j d` lines).
    Mdp,
    /// Billionnet–Soutif quadratic knapsack.
    Qkp,
    /// yomi's JSON instance (pieces, pairs, request).
    Json,
    /// `pieces.csv` with `pairs.csv` (and `leader_pairs.csv`) beside it.
    Csv,
}

impl Format {
    /// True for the literature formats, whose piece ids are 0-based indices.
    pub fn is_literature(self) -> bool {
        matches!(self, Format::Mdp | Format::Qkp)
    }
}

/// Where the CSV pair tables are, when not beside `pieces.csv`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CsvFiles {
    /// `pairs.csv` [default: the pieces file with "pieces" replaced by "pairs"].
    pub pairs: Option<PathBuf>,
    /// `leader_pairs.csv` [default: the pieces file with "pieces" replaced by
    /// "leader_pairs", when that file exists].
    pub leader_pairs: Option<PathBuf>,
}

/// Why an instance could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// A file that cannot be read.
    #[error("reading {path}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A file that does not parse.
    #[error("parsing {path}")]
    Parse {
        /// The file given (the pieces file for the CSV tables).
        path: String,
        /// Where and why.
        #[source]
        source: FormatError,
    },
    /// CSV tables whose pieces file name gives no pairs file name, and none named.
    #[error("--format csv: give --pairs (the file name {path} has no \"pieces\" to replace)")]
    NoPairsFile {
        /// The pieces file.
        path: String,
    },
}

fn read(path: &Path) -> Result<String, LoadError> {
    std::fs::read_to_string(path).map_err(|source| LoadError::Read {
        path: path.display().to_string(),
        source,
    })
}

/// `file` with `pieces` in its name replaced by `what`.
fn beside(file: &Path, what: &str) -> Option<PathBuf> {
    let name = file.file_name()?.to_str()?;
    name.contains("pieces")
        .then(|| file.with_file_name(name.replacen("pieces", what, 1)))
}

/// Reads the instance in `file` (for [`Format::Csv`], the pieces table, with the pair tables
/// from `csv` or beside it).
pub fn load(file: &Path, format: Format, csv: &CsvFiles) -> Result<Instance, LoadError> {
    let parsed = match format {
        Format::Mdp => parse_mdp(&read(file)?),
        Format::Qkp => parse_qkp(&read(file)?),
        Format::Json => parse_json(&read(file)?),
        Format::Csv => {
            let pairs = csv
                .pairs
                .clone()
                .or_else(|| beside(file, "pairs"))
                .ok_or_else(|| LoadError::NoPairsFile {
                    path: file.display().to_string(),
                })?;
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
    parsed.map_err(|source| LoadError::Parse {
        path: file.display().to_string(),
        source,
    })
}
