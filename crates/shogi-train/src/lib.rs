//! # yomi-shogi-train
//!
//! The shogi training pipeline around the engine (`yomi-shogi-engine`) and the
//! value network (`yomi-shogi-nn`): what makes data and fits weights, kept out of
//! the engine so that `yomi-usi` compiles none of it.
//!
//! - [`selfplay`]: games of the alpha-beta engine at a fixed depth, every
//!   position labelled with its search score and the result.
//! - [`dataset`]: those games as sharded, resumable Parquet (`yomi shogi dataset`).
//! - [`rows`]: the dataset's row schema, the one writer and the one reader of it.
//! - [`samples`]: dataset rows as the network trainer's positions
//!   (`yomi shogi train`), with the quiet preparation of `--quiet`.
//! - [`tune`], [`tune_scales`], [`fitting`]: fitting the `Control` evaluation's
//!   weights to dataset rows (Texel's method; `yomi shogi tune`).
//! - [`book`]: making YaneuraOu-format opening books from games
//!   (`yomi shogi book make`); the engine reads and probes them.

pub mod book;
pub mod dataset;
pub mod fitting;
pub mod rows;
pub mod samples;
pub mod selfplay;
pub mod tune;
pub mod tune_scales;
