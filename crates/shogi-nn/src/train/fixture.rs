//! Test fixtures: random positions labelled with their material balance.

use yomi_shogi::{Color, Kind, Position};

use crate::train::data::Sample;
use crate::train::loss::Target;

/// Positions reached by seeded random play from the start (0 to 59 plies each).
pub fn random_positions(n: usize, seed: u64) -> Vec<Position> {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    (0..n)
        .map(|_| {
            let mut pos = Position::startpos();
            let plies = next() % 60;
            for _ in 0..plies {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[(next() % moves.len() as u64) as usize];
                pos.do_move(m);
            }
            pos
        })
        .collect()
}

fn value(kind: Kind) -> i32 {
    match kind {
        Kind::Pawn => 90,
        Kind::Lance => 315,
        Kind::Knight => 405,
        Kind::Silver => 495,
        Kind::Gold => 540,
        Kind::Bishop => 855,
        Kind::Rook => 990,
        Kind::King => 0,
        Kind::ProPawn | Kind::ProLance | Kind::ProKnight | Kind::ProSilver => 540,
        Kind::Horse => 945,
        Kind::Dragon => 1395,
    }
}

/// Material balance (board and hands) from the side to move's view, in centipawns.
pub fn material(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let sign = |c: Color| if c == us { 1 } else { -1 };
    let mut total = 0;
    for sq in 0..81 {
        let piece = pos.piece_on(sq);
        if let Some(kind) = piece.kind() {
            total += sign(piece.color()) * value(kind);
        }
    }
    for c in [Color::Black, Color::White] {
        for (kind, count) in pos.hand(c).iter() {
            total += sign(c) * value(kind) * count as i32;
        }
    }
    total
}

/// Samples labelled with their material balance as the score and its sign as the result,
/// one game per position.
pub fn material_samples(n: usize, seed: u64) -> Vec<Sample> {
    random_positions(n, seed)
        .iter()
        .enumerate()
        .map(|(i, pos)| {
            let score = material(pos);
            Sample {
                sfen: pos.to_sfen().into_boxed_str(),
                target: Target {
                    score,
                    result: score.signum() as i8,
                },
                game: i as i64,
            }
        })
        .collect()
}
