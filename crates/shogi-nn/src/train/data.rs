//! Training positions: reading the dataset's Parquet rows and splitting them by game.
//!
//! Contract: [`Dataset::load`] reads one `.parquet` file, or every `*.parquet` file of a
//! folder in name order, taking the columns `sfen` (UTF-8), `score`, `result` and `game`
//! (any integer type; other columns such as `ply` and `depth` are ignored). Every SFEN is
//! parsed and every result checked (-1, 0 or 1) at load time; the first bad row is reported
//! with its file and 0-based row number. Positions are split by a fixed hash of their game
//! id ([`is_validation_game`]), so the positions of one game are all in training or all in
//! validation, whatever the files or their order.

use std::path::{Path, PathBuf};

use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use parquet::schema::types::Type as SchemaType;
use rayon::prelude::*;
use yomi_shogi::Position;

use crate::train::error::TrainError;
use crate::train::loss::Target;

/// The columns training reads.
const COLUMNS: [&str; 4] = ["sfen", "score", "result", "game"];

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position (checked to parse when loaded).
    pub sfen: Box<str>,
    /// What the network is trained toward.
    pub target: Target,
    /// The id of the game the position comes from.
    pub game: i64,
}

impl Sample {
    /// The position, or a [`TrainError::Data`] naming the SFEN that does not parse.
    pub fn position(&self) -> Result<Position, TrainError> {
        Position::from_sfen(&self.sfen)
            .map_err(|e| TrainError::Data(format!("sfen {:?}: {e}", self.sfen)))
    }
}

/// Positions split into training and validation sets.
#[derive(Clone, Debug)]
pub struct Dataset {
    /// Training positions, in file order.
    pub train: Vec<Sample>,
    /// Validation positions, in file order.
    pub val: Vec<Sample>,
    /// A hash of every row read, in order (a resumed run checks it sees the same data).
    pub fingerprint: u64,
}

/// Whether the positions of game `game` belong to the validation set when a fraction
/// `fraction` of games is held out: a SplitMix64 hash of the id, scaled to [0, 1).
pub fn is_validation_game(game: i64, fraction: f64) -> bool {
    let mut z = (game as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    ((z >> 11) as f64 / (1u64 << 53) as f64) < fraction
}

impl Dataset {
    /// Reads `path` (a Parquet file or a folder of them) and splits it.
    pub fn load(path: &Path, val_fraction: f64) -> Result<Dataset, TrainError> {
        Dataset::load_prepared(path, val_fraction, Some)
    }

    /// As [`Dataset::load`], each row passed through `prepare` first, which
    /// may replace it or leave it out (`None`). It runs before the split and
    /// the fingerprint, so a resumed run must prepare its rows alike.
    pub fn load_prepared(
        path: &Path,
        val_fraction: f64,
        prepare: impl Fn(Sample) -> Option<Sample> + Sync,
    ) -> Result<Dataset, TrainError> {
        let files = dataset_files(path)?;
        let parts = files
            .par_iter()
            .map(|f| {
                read_parquet(f)
                    .map(|rows| rows.into_iter().filter_map(&prepare).collect::<Vec<_>>())
            })
            .collect::<Result<Vec<_>, _>>()?;
        Dataset::from_samples(parts.into_iter().flatten().collect(), val_fraction)
    }

    /// Splits `samples` by game; refuses an empty training set.
    pub fn from_samples(samples: Vec<Sample>, val_fraction: f64) -> Result<Dataset, TrainError> {
        let mut hash = Fnv::new();
        for s in &samples {
            hash.write(s.sfen.as_bytes());
            hash.write(&s.target.score.to_le_bytes());
            hash.write(&s.target.result.to_le_bytes());
            hash.write(&s.game.to_le_bytes());
        }
        let total = samples.len();
        let (val, train): (Vec<Sample>, Vec<Sample>) = samples
            .into_iter()
            .partition(|s| is_validation_game(s.game, val_fraction));
        if train.is_empty() {
            return Err(TrainError::Data(format!(
                "no training positions ({total} rows in all, {} held out for validation)",
                val.len()
            )));
        }
        Ok(Dataset {
            train,
            val,
            fingerprint: hash.finish(),
        })
    }
}

/// `path` itself if it is a file, else the `*.parquet` files in it, sorted by name.
pub fn dataset_files(path: &Path) -> Result<Vec<PathBuf>, TrainError> {
    let meta = std::fs::metadata(path).map_err(TrainError::io("reading", path))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).map_err(TrainError::io("listing", path))? {
        let entry = entry.map_err(TrainError::io("listing", path))?;
        let p = entry.path();
        if p.extension().is_some_and(|e| e == "parquet") && p.is_file() {
            files.push(p);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(TrainError::Data(format!(
            "no *.parquet files in {}",
            path.display()
        )));
    }
    Ok(files)
}

/// Reads and checks every row of one Parquet file.
pub fn read_parquet(path: &Path) -> Result<Vec<Sample>, TrainError> {
    let perr = |e: &dyn std::fmt::Display| TrainError::Parquet {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(TrainError::io("opening", path))?;
    let reader = SerializedFileReader::new(file).map_err(|e| perr(&e))?;
    let schema = reader.metadata().file_metadata().schema();
    let mut fields = Vec::new();
    for name in COLUMNS {
        let field = schema
            .get_fields()
            .iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| perr(&format!("no column '{name}' (needs {COLUMNS:?})")))?;
        fields.push(field.clone());
    }
    let projection = SchemaType::group_type_builder(schema.name())
        .with_fields(fields)
        .build()
        .map_err(|e| perr(&e))?;
    let rows = reader
        .get_row_iter(Some(projection))
        .map_err(|e| perr(&e))?;
    let mut out = Vec::with_capacity(reader.metadata().file_metadata().num_rows().max(0) as usize);
    for (row_no, row) in rows.enumerate() {
        let bad = |message: String| TrainError::BadRow {
            path: path.to_path_buf(),
            row: row_no,
            message,
        };
        let row = row.map_err(|e| bad(e.to_string()))?;
        let mut sfen = None;
        let (mut score, mut result, mut game) = (None, None, None);
        for (name, field) in row.into_columns() {
            match name.as_str() {
                "sfen" => match field {
                    Field::Str(s) => sfen = Some(s),
                    other => return Err(bad(format!("sfen is {other:?}, expected a string"))),
                },
                "score" => {
                    score = Some(integer(&field).ok_or_else(|| bad(format!("score is {field:?}")))?)
                }
                "result" => {
                    result =
                        Some(integer(&field).ok_or_else(|| bad(format!("result is {field:?}")))?)
                }
                "game" => {
                    game = Some(integer(&field).ok_or_else(|| bad(format!("game is {field:?}")))?)
                }
                _ => {}
            }
        }
        let (Some(sfen), Some(score), Some(result), Some(game)) = (sfen, score, result, game)
        else {
            return Err(bad("a required column is empty".into()));
        };
        if let Err(e) = Position::from_sfen(&sfen) {
            return Err(bad(format!("sfen {sfen:?}: {e}")));
        }
        let score = i32::try_from(score).map_err(|_| bad(format!("score {score} out of range")))?;
        if !(-1..=1).contains(&result) {
            return Err(bad(format!(
                "result {result}; expected 1 (win), 0 (draw) or -1 (loss)"
            )));
        }
        out.push(Sample {
            sfen: sfen.into_boxed_str(),
            target: Target {
                score,
                result: result as i8,
            },
            game,
        });
    }
    Ok(out)
}

/// An integer field of any width as i64.
fn integer(field: &Field) -> Option<i64> {
    Some(match *field {
        Field::Byte(v) => v as i64,
        Field::Short(v) => v as i64,
        Field::Int(v) => v as i64,
        Field::Long(v) => v,
        Field::UByte(v) => v as i64,
        Field::UShort(v) => v as i64,
        Field::UInt(v) => v as i64,
        Field::ULong(v) => i64::try_from(v).ok()?,
        _ => return None,
    })
}

/// FNV-1a, 64 bits: a stable hash for fingerprints (not for security).
pub(crate) struct Fnv(u64);

impl Fnv {
    pub(crate) fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub(crate) fn finish(&self) -> u64 {
        self.0
    }
}
