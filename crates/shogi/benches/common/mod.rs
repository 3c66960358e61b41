//! Perft drivers shared by the benchmarks: yomi-shogi and, side by side, the
//! `haitaka` crate, both with bulk counting at the last ply.

#![allow(dead_code)]

/// The start position.
pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
/// The "matsuri" position (many captures and promotions).
pub const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
/// The position with 593 legal moves (drop-heavy).
pub const MAX593: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

/// yomi-shogi perft with bulk counting at the last ply.
pub fn yomi(sfen: &str, depth: u32) -> u64 {
    let mut pos = yomi_shogi::Position::from_sfen(sfen).expect("valid SFEN");
    yomi_shogi::perft(&mut pos, depth)
}

/// yomi-shogi perft that generates full move lists at the last ply too.
pub fn yomi_lists(sfen: &str, depth: u32) -> u64 {
    let mut pos = yomi_shogi::Position::from_sfen(sfen).expect("valid SFEN");
    yomi_shogi::perft_lists(&mut pos, depth)
}

fn haitaka_perft(board: &haitaka::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_board_moves(|m| {
            nodes += m.into_iter().len() as u64;
            false
        });
        board.generate_drops(|m| {
            nodes += m.into_iter().len() as u64;
            false
        });
        return nodes;
    }
    let mut visit = |b: &haitaka::Board, mv| {
        let mut child = b.clone();
        child.play_unchecked(mv);
        nodes += haitaka_perft(&child, depth - 1);
    };
    board.generate_board_moves(|ms| {
        for mv in ms {
            visit(board, mv);
        }
        false
    });
    board.generate_drops(|ms| {
        for mv in ms {
            visit(board, mv);
        }
        false
    });
    nodes
}

/// The same perft through the `haitaka` crate, side by side.
pub fn haitaka(sfen: &str, depth: u32) -> u64 {
    let board = haitaka::Board::from_sfen(sfen).expect("valid SFEN");
    haitaka_perft(&board, depth as u8)
}
