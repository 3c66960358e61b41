//! The `yomi shogi tune` job: dataset rows to the samples a fit of the `Control` weights
//! learns from, then the fit itself ([`crate::tune`], or one scale per group with
//! [`crate::tune_scales`]).
//!
//! Contract: [`TuneData::load`] splits the rows by game as the network trainer does
//! ([`crate::samples::load`]), leaves out positions before `min_ply` and those that teach
//! nothing ([`crate::tune::sample`]), and, when no sigmoid scale K is given, fits one to the
//! starting weights on result-only targets first (K then only enters the score part of the
//! targets, which are rebuilt with it). The work runs on the current rayon pool; the
//! result is the same for any pool size. An empty training set is an error
//! ([`TuneError::NoPositions`]), not an empty fit.

use crate::samples::{self, LoadError};
use crate::tune::{self, EpochLoss, TuneOptions, TuneSample};
use crate::tune_scales::{SCALE_GROUPS, fit_scales};
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use thiserror::Error;
use yomi_shogi::Position;
use yomi_shogi_engine::eval::{ControlWeights, WeightsError};
use yomi_shogi_nn::train::Sample;

/// Why a fit could not start, or could not finish.
#[derive(Debug, Error)]
pub enum TuneError {
    /// The starting weights file could not be read.
    #[error("reading {}", path.display())]
    Init {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        source: WeightsError,
    },
    /// The dataset could not be read.
    #[error("loading {}", path.display())]
    Data {
        /// The dataset file or folder.
        path: PathBuf,
        /// What is wrong with it.
        source: LoadError,
    },
    /// No position of the training games is left to fit.
    #[error("{}: no quiet position past ply {min_ply} to fit", path.display())]
    NoPositions {
        /// The dataset file or folder.
        path: PathBuf,
        /// The first ply kept.
        min_ply: u32,
    },
    /// A loss stopped being a finite number (an extreme `--k` or `--lr`): nothing fitted
    /// is returned, so no weights are written.
    #[error(
        "the fit diverged at epoch {epoch}: the loss is {loss} (train {train}, val {val}); no weights written (try a smaller --lr or another --k)"
    )]
    Diverged {
        /// The first epoch whose loss was not finite (1-based).
        epoch: usize,
        /// That loss.
        loss: f64,
        /// Its training loss.
        train: f64,
        /// Its validation loss.
        val: f64,
    },
}

/// Which rows a fit learns from, and how they are labelled.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DataOptions {
    /// Fraction of games held out for validation.
    pub val_fraction: f64,
    /// Positions before this move number are left out (the random opening).
    pub min_ply: u32,
    /// Weight of the game result in the target (1 = result only).
    pub lambda: f64,
    /// The sigmoid scale K in cp; `None` fits it to the starting weights.
    pub k: Option<f64>,
}

/// The samples of a fit, with its starting weights and scale.
#[derive(Clone, Debug)]
pub struct TuneData {
    /// The starting weights.
    pub init: ControlWeights,
    /// Rows read (training and validation games).
    pub rows: usize,
    /// The sigmoid scale K (given, or fitted).
    pub k: f64,
    /// Training samples.
    pub train: Vec<TuneSample>,
    /// Validation samples.
    pub val: Vec<TuneSample>,
}

/// Mean squared errors on the training and the validation samples.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Losses {
    /// On the training samples.
    pub train: f64,
    /// On the validation samples.
    pub val: f64,
}

/// The fitted weights, and the group scales that made them (a scales fit).
#[derive(Clone, Debug)]
pub struct Fitted {
    /// The weights to write.
    pub weights: ControlWeights,
    /// One scale per [`SCALE_GROUPS`] entry, in order, for a scales fit.
    pub scales: Option<Vec<f64>>,
}

impl TuneData {
    /// Reads the rows of `data` and the starting weights (`init`; `None`: the hand-set
    /// starting point, [`ControlWeights::initial`]) and makes the samples.
    pub fn load(
        data: &Path,
        init: Option<&Path>,
        options: &DataOptions,
    ) -> Result<TuneData, TuneError> {
        let init = match init {
            Some(p) => ControlWeights::load(p).map_err(|source| TuneError::Init {
                path: p.to_path_buf(),
                source,
            })?,
            None => ControlWeights::initial(),
        };
        let rows = samples::load(data, options.val_fraction).map_err(|source| TuneError::Data {
            path: data.to_path_buf(),
            source,
        })?;
        let prepare = |rows: &[Sample], lambda: f64, k: f64| -> Vec<TuneSample> {
            rows.par_iter()
                .filter_map(|r| {
                    let pos = Position::from_sfen(&r.sfen).ok()?;
                    if pos.move_number() < options.min_ply {
                        return None;
                    }
                    tune::sample(&pos, r.target.score, r.target.result, lambda, k)
                })
                .collect()
        };
        let k = match options.k {
            Some(k) => k,
            // Result-only targets: the probe's K plays no part.
            None => tune::fit_k(&prepare(&rows.train, 1.0, 600.0), &init.to_cp()),
        };
        let train = prepare(&rows.train, options.lambda, k);
        if train.is_empty() {
            return Err(TuneError::NoPositions {
                path: data.to_path_buf(),
                min_ply: options.min_ply,
            });
        }
        Ok(TuneData {
            init,
            rows: rows.train.len() + rows.val.len(),
            k,
            val: prepare(&rows.val, options.lambda, k),
            train,
        })
    }

    /// The losses of `weights` under this data's K.
    pub fn losses(&self, weights: &ControlWeights) -> Losses {
        let w = weights.to_cp();
        Losses {
            train: tune::loss(&self.train, &w, self.k),
            val: tune::loss(&self.val, &w, self.k),
        }
    }

    /// Fits from the starting weights: every weight ([`tune::fit`]), or with
    /// `scale_lr` one scale per group ([`fit_scales`], Adam steps of that size), each
    /// epoch reported to `progress`. `opts.k` should be this data's K.
    pub fn fit(
        &self,
        opts: &TuneOptions,
        scale_lr: Option<f64>,
        progress: &mut dyn FnMut(EpochLoss),
    ) -> Result<Fitted, TuneError> {
        // The first epoch whose loss is not finite: such a fit is refused whole.
        let mut diverged: Option<EpochLoss> = None;
        let mut watch = |e: EpochLoss| {
            if diverged.is_none() && !(e.train.is_finite() && e.val.is_finite()) {
                diverged = Some(e);
            }
            progress(e);
        };
        let progress: &mut dyn FnMut(EpochLoss) = &mut watch;
        let fitted = match scale_lr {
            Some(lr) => {
                let (s, w) = fit_scales(&self.train, &self.val, &self.init, opts, lr, progress);
                debug_assert_eq!(s.len(), SCALE_GROUPS.len());
                Fitted {
                    weights: w,
                    scales: Some(s.to_vec()),
                }
            }
            None => Fitted {
                weights: tune::fit(&self.train, &self.val, &self.init, opts, progress),
                scales: None,
            },
        };
        if let Some(e) = diverged {
            let loss = if e.train.is_finite() { e.val } else { e.train };
            return Err(TuneError::Diverged {
                epoch: e.epoch,
                loss,
                train: e.train,
                val: e.val,
            });
        }
        let end = self.losses(&fitted.weights);
        if !(end.train.is_finite() && end.val.is_finite()) {
            return Err(TuneError::Diverged {
                epoch: opts.epochs,
                loss: if end.train.is_finite() {
                    end.val
                } else {
                    end.train
                },
                train: end.train,
                val: end.val,
            });
        }
        Ok(fitted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rows::{Row, write};

    /// Black always wins with an extra pawn in hand, from a position past the opening;
    /// game 0 holds an early position that `min_ply` leaves out.
    fn rows() -> Vec<Row> {
        let late = "4k4/9/9/9/9/9/9/9/4K4 b P 31";
        let early = "4k4/9/9/9/9/9/9/9/4K4 b P 3";
        (0..64)
            .map(|i| Row {
                sfen: (if i < 4 { early } else { late }).to_string(),
                score: 0,
                result: 1,
                ply: 30,
                game: i / 4,
                depth: 4,
            })
            .collect()
    }

    #[test]
    fn a_fit_from_rows_learns_and_keeps_material() {
        let dir = std::env::temp_dir().join(format!("yomi-fitting-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        write(&dir.join("shard-000000.parquet"), &rows()).unwrap();
        let options = DataOptions {
            val_fraction: 0.0,
            min_ply: 16,
            lambda: 1.0,
            k: Some(600.0),
        };
        let data = TuneData::load(&dir, None, &options).unwrap();
        assert_eq!((data.rows, data.train.len(), data.val.len()), (64, 60, 0));
        let before = data.losses(&data.init);
        let opts = TuneOptions {
            epochs: 50,
            lr: 5.0,
            k: data.k,
            ..TuneOptions::default()
        };
        let fitted = data.fit(&opts, None, &mut |_| {}).unwrap();
        assert!(fitted.scales.is_none());
        assert!(data.losses(&fitted.weights).train < before.train);
        let scaled = data.fit(&opts, Some(0.05), &mut |_| {}).unwrap();
        let scales = scaled.scales.unwrap();
        assert_eq!(scales.len(), SCALE_GROUPS.len());
        assert!(scales[0] > 1.0, "the hand scale grows: {scales:?}");
        // An extreme K and step make the loss NaN: the fit is refused, not returned
        // (it used to hand back weights that were written as if fitted).
        let extreme = TuneOptions {
            epochs: 5,
            lr: 1e300,
            k: 1e-320,
            ..TuneOptions::default()
        };
        let err = data.fit(&extreme, None, &mut |_| {}).err().unwrap();
        assert!(matches!(err, TuneError::Diverged { epoch: 2, .. }), "{err}");
        assert!(err.to_string().contains("no weights written"), "{err}");
        // A K left to fit is one the starting weights fit best.
        let fitted_k = TuneData::load(&dir, None, &DataOptions { k: None, ..options })
            .unwrap()
            .k;
        assert!((100.0..=3000.0).contains(&fitted_k), "{fitted_k}");
        // Nothing past the opening: refused, naming the data.
        let err = TuneData::load(
            &dir,
            None,
            &DataOptions {
                min_ply: 100,
                ..options
            },
        )
        .unwrap_err();
        assert!(matches!(err, TuneError::NoPositions { min_ply: 100, .. }));
        assert!(
            err.to_string()
                .ends_with("no quiet position past ply 100 to fit"),
            "{err}"
        );
        let missing = dir.join("absent.weights");
        let err = TuneData::load(&dir, Some(&missing), &options).unwrap_err();
        assert!(matches!(err, TuneError::Init { .. }), "{err}");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
