//! # yomi-shogi-engine
//!
//! The shogi engine behind the `yomi-usi` executable: alpha-beta search on
//! [`yomi_shogi::Position`], evaluation behind a trait, time management, a
//! df-pn mate solver, YaneuraOu-format opening books, and the USI loop.
//! (Self-play datasets, tuning and book making are `yomi-shogi-train`'s.)
//!
//! Choose an evaluation, search a position to a fixed depth, and solve a tsume with the
//! df-pn mate solver:
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use yomi_shogi::Position;
//! use yomi_shogi_engine::eval::Evaluation;
//! use yomi_shogi_engine::mate::{Dfpn, DfpnOptions, MateOutcome, verify_mate_line};
//! use yomi_shogi_engine::score::usi_score;
//! use yomi_shogi_engine::search::{Control, GameHistory, Limits, SearchInfo, Searcher};
//!
//! // The evaluation by its USI option name, with the weights built into the binary.
//! let eval = "classic".parse::<Evaluation>()?.builtin()?;
//! let mut searcher = Searcher::new(16, &eval); // a 16 MB transposition table
//!
//! // Black has a gold in hand and a pawn on 1c below White's king on 1a: G*1b mates.
//! let pos = Position::from_sfen("8k/9/8P/9/9/9/9/9/K8 b G 1")?;
//! let limits = Limits { depth: Some(3), multipv: 1, ..Limits::default() };
//! let game = GameHistory::new(pos.clone()); // the position and the moves that led to it
//! let mut report = |info: &SearchInfo| println!("depth {} {}", info.depth, usi_score(info.score));
//! let result = searcher.search(&game, &limits, &Control::new(false), &mut report);
//! assert_eq!(result.best, pos.parse_usi("G*1b")?);
//! assert_eq!(usi_score(result.score), "mate 1");
//!
//! // A three-ply tsume: every attacker move checks, the defender resists longest.
//! let tsume = Position::from_sfen("9/4k4/9/4P4/9/9/9/9/K8 b 2G2r2b4s4n4l17p 1")?;
//! let mut solver = Dfpn::new(DfpnOptions { table_mb: 4, ..DfpnOptions::default() });
//! let report = solver.solve(&tsume, &AtomicBool::new(false));
//! let MateOutcome::Mate(line) = report.outcome else { panic!("a mate in 3 exists") };
//! assert_eq!(line.len(), 3);
//! assert_eq!(line[0], tsume.parse_usi("G*5c")?);
//! assert!(solver.proven_shortest() && verify_mate_line(&tsume, &line));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod bench;
pub mod book;
pub mod engine;
pub mod eval;
pub mod mate;
pub mod memory;
mod near;
pub mod params;
pub mod score;
pub mod search;
pub mod softmax;
pub mod time;
pub mod tt;
pub mod usi;
