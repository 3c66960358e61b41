//! # yomi-xmasrush
//!
//! CodinGame's Xmas Rush (December 2018), exactly as the official referee
//! plays it: seeded initial states through an exact `java.util.Random`,
//! simultaneous pushes, lockstep walks, quests, the deadlock rule; the
//! per-turn protocol text and the referee's output parsing; a bot-side reader
//! that rebuilds the full state from that text; search bots; and a referee
//! that runs built-in bots or external programs, with its self-test over random games
//! ([`check`]) and the bots' search speed ([`bench`]).

pub mod action;
pub mod jrandom;
pub mod league;
pub mod reach;
pub mod setup;
pub mod state;
pub mod tile;

pub use action::{Action, OutputError, Path, Push, parse_for_turn, parse_output};
pub use jrandom::JavaRandom;
pub use league::{ITEM_NAMES, League, UnknownLeague};
pub use setup::initial_state;
pub use state::{InvariantViolation, State};
pub mod bench;
pub mod botio;
pub mod bots;
pub mod check;
pub mod eval;
pub mod export;
pub mod params;
pub mod player;
pub mod protocol;
pub mod reader;
pub mod referee;
pub mod replay;
pub mod sim;
pub mod tournament;
pub mod view;
pub mod walker;
