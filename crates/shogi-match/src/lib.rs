//! # yomi-shogi-match
//!
//! Clocked shogi matches between USI engines (run as child processes) and
//! built-in strategies, as cutechess-cli and fastchess run them for chess:
//! on yomi-arena's one runner ([`yomi_arena::run_pairs`]) and game loop, so
//! pairs, SPRT, journals, clocks, forfeits and resign adjudication are the
//! arena's; this crate adds what is shogi's.
//!
//! - [`usi`]: one engine process ([`UsiEngine`]): handshake, `go` with a
//!   deadline, scores read from `info` lines.
//! - [`player`]: [`UsiPlayer`], an engine as one side of a game, and
//!   [`PlayerSpec`], what a match is made of.
//! - [`matches`]: [`run_shogi_match`], the shogi rules of a match (ply
//!   limit, entering-king rule), CSA and KIF records of every game, and a
//!   journal compatible with earlier yomi versions'.
//!
//! It depends on no engine: any USI program plays.
//!
//! ```no_run
//! use yomi_arena::{MatchConfig, TimeControl};
//! use yomi_shogi_match::{PlayerSpec, ShogiMatchConfig, run_shogi_match};
//! use std::time::Duration;
//!
//! let a = PlayerSpec::Usi("usi:./target/release/yomi-usi,USI_Hash=64".parse()?);
//! let b = PlayerSpec::Usi("usi:/opt/YaneuraOu".parse()?);
//! let cfg = ShogiMatchConfig {
//!     arena: MatchConfig {
//!         clock: Some(TimeControl::Byoyomi { main: Duration::ZERO, byoyomi: Duration::from_millis(200) }),
//!         ..MatchConfig::new(100)
//!     },
//!     declaration: Default::default(),
//!     records: None,
//!     record_format: Default::default(),
//!     handshake: Duration::from_secs(10),
//! };
//! let report = run_shogi_match(&a, &b, &cfg, &|_| {})?;
//! println!("{report}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod error;
pub mod matches;
pub mod player;
pub mod tune;
pub mod usi;

pub use error::ClientError;
pub use matches::{
    MatchError, RecordFormat, RecordFormatError, ShogiMatchConfig, ShogiMatchReport,
    run_shogi_match, run_shogi_match_until,
};
pub use player::{PlayerSpec, PlayerSpecError, UsiPlayer, go_command, position_command};
pub use usi::{EngineSpec, Reply, Thought, UsiEngine};
