//! The training/held-out split of a dataset: `--train` as a count of rows (`9000`) or a
//! share of them (`0.9`, `90%`).
//!
//! Contract: [`TrainSplit::rows`] gives a count from 2 to n - 1 (so both parts have rows to
//! fit and to score) or a [`PartyError::Params`] saying what the dataset allows; a share
//! is rounded to the nearest row and then held to that range, so the default `90%` works on
//! any dataset of 3 rows or more.

use crate::error::PartyError;
use std::fmt;
use std::str::FromStr;

/// How many rows of a dataset train the model; the rest are held out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TrainSplit {
    /// A number of rows.
    Count(usize),
    /// A share of the rows, above 0 and below 1.
    Share(f64),
}

/// The split `yomi party fit` uses unless told otherwise.
pub const DEFAULT_TRAIN: TrainSplit = TrainSplit::Share(0.9);

impl fmt::Display for TrainSplit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainSplit::Count(n) => write!(f, "{n}"),
            TrainSplit::Share(s) => write!(f, "{}%", s * 100.0),
        }
    }
}

impl FromStr for TrainSplit {
    type Err = PartyError;

    /// `9000` (rows), `0.9` or `90%` (a share).
    fn from_str(text: &str) -> Result<TrainSplit, PartyError> {
        let t = text.trim();
        let bad = || {
            PartyError::Params(format!(
                "--train {}: expected a number of rows (9000) or a share of them (0.9 or 90%)",
                yomi_core::text::excerpt(text)
            ))
        };
        if let Ok(n) = t.parse::<usize>() {
            return Ok(TrainSplit::Count(n));
        }
        let share = match t.strip_suffix('%') {
            Some(p) => p.trim().parse::<f64>().map_err(|_| bad())? / 100.0,
            None => t.parse::<f64>().map_err(|_| bad())?,
        };
        if share > 0.0 && share < 1.0 {
            Ok(TrainSplit::Share(share))
        } else {
            Err(PartyError::Params(format!(
                "--train {}: a share must be above 0 and below 1 (100%)",
                yomi_core::text::excerpt(text)
            )))
        }
    }
}

impl TrainSplit {
    /// Training rows of a dataset of `n` rows (see the module contract); `source` names the
    /// dataset in the error.
    pub fn rows(self, n: usize, source: &str) -> Result<usize, PartyError> {
        if n < 3 {
            return Err(PartyError::Params(format!(
                "{source} has {n} rows; fitting needs at least 3 (2 to train, 1 held out)"
            )));
        }
        match self {
            TrainSplit::Count(c) if (2..n).contains(&c) => Ok(c),
            TrainSplit::Count(c) => Err(PartyError::Params(format!(
                "--train {c}: {source} has {n} rows, so --train must be from 2 to {} (the rest are held out), or a share such as 90%",
                n - 1
            ))),
            TrainSplit::Share(s) => Ok(((n as f64 * s).round() as usize).clamp(2, n - 1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_shares() {
        assert_eq!(
            "9000".parse::<TrainSplit>().unwrap(),
            TrainSplit::Count(9000)
        );
        assert_eq!("0.9".parse::<TrainSplit>().unwrap(), TrainSplit::Share(0.9));
        assert_eq!("90%".parse::<TrainSplit>().unwrap(), TrainSplit::Share(0.9));
        for bad in ["1.5", "0%", "100%", "-3", "many", "nan"] {
            assert!(bad.parse::<TrainSplit>().is_err(), "{bad}");
        }
        assert_eq!(DEFAULT_TRAIN.rows(20, "d").unwrap(), 18);
        assert_eq!(DEFAULT_TRAIN.rows(10_000, "d").unwrap(), 9000);
        assert_eq!(DEFAULT_TRAIN.rows(3, "d").unwrap(), 2);
        assert_eq!(TrainSplit::Share(0.01).rows(20, "d").unwrap(), 2);
        assert_eq!(TrainSplit::Count(19).rows(20, "d").unwrap(), 19);
        let e = TrainSplit::Count(9000)
            .rows(20, "d.csv")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--train 9000: d.csv has 20 rows, so --train must be from 2 to 19"),
            "{e}"
        );
        assert!(DEFAULT_TRAIN.rows(2, "d").is_err());
        assert!(TrainSplit::Count(0).rows(20, "d").is_err());
        assert_eq!(DEFAULT_TRAIN.to_string(), "90%");
    }
}
