//! Training positions and their split by game.
//!
//! Contract: [`Dataset::from_samples`] keeps the samples in the order given and splits them
//! by a fixed hash of their game id ([`is_validation_game`]), so the positions of one game
//! are all in training or all in validation, whatever the files they came from or their
//! order; its fingerprint hashes every sample, in order, so a resumed run can check it sees
//! the same data. Reading samples from dataset files is not this crate's: the training crate
//! (`yomi-shogi-train`, module `samples`) reads the Parquet rows and hands them over here.

use yomi_core::Fnv;
use yomi_shogi::Position;

use crate::train::error::TrainError;
use crate::train::loss::Target;

/// One labelled position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The position (a reader checks that it parses).
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
