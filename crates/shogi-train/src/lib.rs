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
//! - [`nnue`]: training YaneuraOu-format NNUE nets (`yomi shogi nnue train`) on dataset
//!   rows or YaneuraOu `.bin` records.
//! - [`packed`]: dataset rows as YaneuraOu `PackedSfenValue` `.bin` files and back.
//! - [`book`]: making YaneuraOu-format opening books from games
//!   (`yomi shogi book make`); the engine reads and probes them.
//!
//! Play one short self-play game, write its positions as dataset rows, and read them back:
//!
//! ```
//! use yomi_shogi::{Position, StartLine};
//! use yomi_shogi_train::rows::{self, Row};
//! use yomi_shogi_train::selfplay::{SelfPlayOptions, play_game};
//!
//! let opts = SelfPlayOptions { depth: 1, random_plies: 0, max_plies: 16, hash_mb: 1,
//!                              ..SelfPlayOptions::default() };
//! let start = StartLine { start: Position::startpos(), moves: Vec::new() };
//! let game = play_game(&opts, &start, 1);
//! // No opening line and no random plies: every position was searched, the first is the start.
//! assert_eq!(game.samples.len(), game.plies as usize);
//! assert_eq!(game.samples[0].sfen, Position::startpos().to_sfen());
//!
//! let written: Vec<Row> = game.samples.iter().map(|s| Row {
//!     sfen: s.sfen.clone(), score: s.score, result: s.result,
//!     ply: s.ply as i32, game: 0, depth: opts.depth,
//! }).collect();
//! let path = std::env::temp_dir().join(format!("yomi-doc-rows-{}.parquet", std::process::id()));
//! rows::write(&path, &written)?;
//! let read = rows::read(&path);
//! std::fs::remove_file(&path)?;
//! assert_eq!(read?, written); // the one schema, written and read back
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod book;
pub mod dataset;
pub mod fitting;
pub mod nnue;
pub mod packed;
pub mod rows;
pub mod samples;
pub mod selfplay;
pub mod tune;
pub mod tune_scales;
