//! Playing USI engines: a child-process client, clocks, and a clocked match
//! runner whose report is yomi-arena's (its records are
//! [`yomi_shogi::record`]'s CSA and KIF).
//!
//! Contract: [`usi::UsiEngine`] drives one engine process over stdin/stdout
//! and never blocks past a deadline it was given; [`clock`] keeps each
//! side's time under byoyomi, Fischer or nodes-per-move control;
//! [`matches::run_shogi_match`] plays seat-swapped pairs of games (each
//! one played by `game`) in which a move after the clock ran out, an
//! illegal move or a crashed engine loses, each counted separately, and
//! reports with [`yomi_arena::MatchReport`]. [`journal`] keeps finished
//! pairs so a long match can stop and continue; [`adjudicate`] ends games
//! both engines agree are decided.

pub mod adjudicate;
pub mod clock;
mod error;
mod game;
pub mod journal;
pub mod matches;
pub mod usi;

pub use error::ClientError;
