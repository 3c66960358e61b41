//! Playing USI engines: a child-process client, clocks, CSA and KIF records, and a
//! clocked match runner whose report is yomi-arena's.
//!
//! Contract: [`usi::UsiEngine`] drives one engine process over stdin/stdout
//! and never blocks past a deadline it was given; [`clock`] keeps each
//! side's time under byoyomi, Fischer or nodes-per-move control;
//! [`matches::run_shogi_match`] plays seat-swapped pairs of games (each
//! one played by `game`) in which a move after the clock ran out, an
//! illegal move or a crashed engine loses, each counted separately, and
//! reports with [`yomi_arena::MatchReport`].
//! [`csa`] writes and reads game records in the CSA format, [`kif`] writes
//! them in the KIF format; [`journal`] keeps finished pairs so a long match
//! can stop and continue; [`adjudicate`] ends games both engines agree
//! are decided.

pub mod adjudicate;
pub mod clock;
pub mod csa;
mod error;
mod game;
pub mod journal;
pub mod kif;
pub mod matches;
pub mod usi;

pub use error::ClientError;

/// Test helper of the record writers: the USI moves `usi` played from
/// `start`, each taking `each`.
#[cfg(test)]
pub(crate) fn timed_moves(
    start: &yomi_shogi::Position,
    usi: &[&str],
    each: std::time::Duration,
) -> Vec<(yomi_shogi::Move, std::time::Duration)> {
    let mut p = start.clone();
    usi.iter()
        .map(|u| {
            let m = p.parse_usi(u).unwrap();
            p.do_move(m);
            (m, each)
        })
        .collect()
}
