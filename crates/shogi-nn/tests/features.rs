//! The 61-plane encoding, checked plane by plane against hand-derived boards.

use yomi_shogi::Position;
use yomi_shogi_nn::features::{INPUT_LEN, PLANES, SQUARES, encode};

/// Expected encoding: zero everywhere but the listed `(plane, row, column, value)` cells,
/// the listed full planes, and the constant rank/file/ones planes.
fn expected(cells: &[(usize, usize, usize, f32)], full: &[(usize, f32)]) -> Vec<f32> {
    let mut out = vec![0.0; INPUT_LEN];
    for &(plane, row, col, v) in cells {
        out[plane * SQUARES + row * 9 + col] = v;
    }
    for &(plane, v) in full {
        out[plane * SQUARES..(plane + 1) * SQUARES].fill(v);
    }
    for r in 0..9 {
        for c in 0..9 {
            out[(42 + r) * SQUARES + r * 9 + c] = 1.0;
            out[(51 + c) * SQUARES + r * 9 + c] = 1.0;
            out[60 * SQUARES + r * 9 + c] = 1.0;
        }
    }
    out
}

fn encoded(sfen: &str) -> Vec<f32> {
    let pos = Position::from_sfen(sfen).unwrap();
    // Garbage first: encode must overwrite every cell.
    let mut out = vec![7.5; INPUT_LEN];
    encode(&pos, &mut out);
    out
}

fn assert_planes(got: &[f32], want: &[f32]) {
    for plane in 0..PLANES {
        let g = &got[plane * SQUARES..(plane + 1) * SQUARES];
        let w = &want[plane * SQUARES..(plane + 1) * SQUARES];
        assert_eq!(g, w, "plane {plane}");
    }
}

/// The start position from Black's side: own pieces on rows 6-8, the opponent's on rows 0-2,
/// column = file index (file 1 = column 0), so Black's rook (2h) is on row 7 column 1.
fn startpos_cells() -> Vec<(usize, usize, usize, f32)> {
    let mut cells = Vec::new();
    for c in 0..9 {
        cells.push((0, 6, c, 1.0)); // own pawns on rank g
        cells.push((14, 2, c, 1.0)); // opponent pawns on rank c
    }
    // Back rank, kinds by plane: lance 1, knight 2, silver 3, gold 6, king 7.
    for (plane, cols) in [
        (1, &[0, 8][..]),
        (2, &[1, 7]),
        (3, &[2, 6]),
        (6, &[3, 5]),
        (7, &[4]),
    ] {
        for &c in cols {
            cells.push((plane, 8, c, 1.0));
            cells.push((14 + plane, 0, c, 1.0));
        }
    }
    cells.push((4, 7, 7, 1.0)); // own bishop on 8h
    cells.push((5, 7, 1, 1.0)); // own rook on 2h
    cells.push((18, 1, 1, 1.0)); // opponent bishop on 2b
    cells.push((19, 1, 7, 1.0)); // opponent rook on 8b
    cells
}

#[test]
fn startpos_black_to_move_plane_by_plane() {
    let got = encoded("startpos");
    assert_planes(&got, &expected(&startpos_cells(), &[]));
}

#[test]
fn startpos_white_to_move_mirrors_to_the_same_planes() {
    // The start position is symmetric under the 180-degree turn, so White to move must see
    // exactly what Black sees.
    let got = encoded("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    assert_planes(&got, &expected(&startpos_cells(), &[]));
}

// White king 9a, White tokin 7h, Black king 9i, Black lance 1i; Black holds 2 pawns,
// White a rook.
const ASYMMETRIC: &str = "k8/9/9/9/9/9/9/2+p6/K7L";

#[test]
fn asymmetric_position_white_to_move_is_turned_and_colours_swapped() {
    let got = encoded(&format!("{ASYMMETRIC} w 2Pr 1"));
    // Square (file f, rank r) lands on row 8 - r, column 8 - f.
    let cells = [
        (7, 8, 0, 1.0),  // own king 9a (f8, r0)
        (8, 1, 2, 1.0),  // own tokin 7h (f6, r7), plane of ProPawn = 8
        (21, 0, 0, 1.0), // opponent king 9i (f8, r8)
        (15, 0, 8, 1.0), // opponent lance 1i (f0, r8)
    ];
    let full = [(28 + 5, 1.0), (35, 2.0)]; // own rook in hand, opponent's two pawns
    assert_planes(&got, &expected(&cells, &full));
}

#[test]
fn asymmetric_position_black_to_move_is_not_turned() {
    let got = encoded(&format!("{ASYMMETRIC} b 2Pr 1"));
    let cells = [
        (7, 8, 8, 1.0),  // own king 9i
        (1, 8, 0, 1.0),  // own lance 1i
        (21, 0, 8, 1.0), // opponent king 9a
        (22, 7, 6, 1.0), // opponent tokin 7h
    ];
    let full = [(28, 2.0), (35 + 5, 1.0)];
    assert_planes(&got, &expected(&cells, &full));
}

#[test]
fn compact_records_expand_to_exactly_the_float_encoding() {
    use yomi_shogi_nn::features::{COMPACT_LEN, encode_compact, expand_compact};
    use yomi_shogi_nn::sample::random_positions;
    let mut positions = random_positions(300, 11);
    // Hands with several kinds and counts, both sides to move.
    for sfen in [
        "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 13",
        "4k4/9/9/9/9/9/9/9/4K4 w RB2G2S2N2L9Prb2g2s2n2l9p 1",
    ] {
        positions.push(Position::from_sfen(sfen).unwrap());
    }
    let (mut compact, mut expanded, mut want) = (
        vec![9u8; COMPACT_LEN],
        vec![7.5; INPUT_LEN],
        vec![0.0; INPUT_LEN],
    );
    for pos in &positions {
        encode_compact(pos, &mut compact);
        expand_compact(&compact, &mut expanded);
        encode(pos, &mut want);
        assert_planes(&expanded, &want);
        assert_eq!(compact[COMPACT_LEN - 1], 0, "spare byte");
    }
}
