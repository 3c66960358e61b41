//! Game records: CSA (read and write) and KIF (write).
//!
//! Contract: [`csa`] writes and reads game records in the CSA format,
//! [`kif`] writes them in the KIF format.

pub mod csa;
pub mod kif;

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
