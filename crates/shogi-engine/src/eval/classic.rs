//! The default hand-written evaluators: [`Material`] and [`Classic`].
//!
//! Contract: both are symmetric (a position and its colour-flipped mirror
//! get opposite scores for the same side to move) and read their weights
//! from [`crate::params`] only.

use crate::eval::Evaluator;
use crate::params::{
    ATTACK_BONUS, DEFENSE_BONUS, EVAL_LIMIT, HAND_VALUE, KING_ATTACKED_SQUARE, KING_FILE,
    KING_HAND_CAP, KING_OPEN_PER_HAND, KING_RANK, PAWN_RANK, PIECE_VALUE, TEMPO,
};
use yomi_shogi::attacks;
use yomi_shogi::types::{HAND_KINDS, file_of, rank_of, relative_rank};
use yomi_shogi::{Bitboard, Color, Kind, Position};

/// Chebyshev distance between two squares.
const fn distance_table() -> [[u8; 81]; 81] {
    let mut t = [[0u8; 81]; 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            let df = (a / 9).abs_diff(b / 9);
            let dr = (a % 9).abs_diff(b % 9);
            t[a][b] = if df > dr { df as u8 } else { dr as u8 };
            b += 1;
        }
        a += 1;
    }
    t
}

static DISTANCE: [[u8; 81]; 81] = distance_table();

/// By square: the squares within Chebyshev distance `R` of it.
const fn box_table<const R: u8>() -> [Bitboard; 81] {
    let d = distance_table();
    let mut t = [Bitboard(0); 81];
    let mut a: usize = 0;
    while a < 81 {
        let mut b: usize = 0;
        while b < 81 {
            if d[a][b] <= R {
                t[a].0 |= 1u128 << b;
            }
            b += 1;
        }
        a += 1;
    }
    t
}

/// Step pieces (but knights) that attack a square next to a king stand
/// within two squares of it; knights within three.
static BOX2: [Bitboard; 81] = box_table::<2>();
static BOX3: [Bitboard; 81] = box_table::<3>();

/// Placement group of a kind for [`ATTACK_BONUS`]/[`DEFENSE_BONUS`].
const GROUP: [usize; 15] = [0, 1, 1, 1, 0, 2, 2, 0, 0, 0, 0, 0, 0, 2, 2];

fn hand_material(pos: &Position, c: Color) -> i32 {
    let hand = pos.hand(c);
    HAND_KINDS
        .iter()
        .map(|&k| hand.count(k) as i32 * HAND_VALUE[k as usize])
        .sum()
}

fn hand_count(pos: &Position, c: Color) -> i32 {
    let hand = pos.hand(c);
    HAND_KINDS.iter().map(|&k| hand.count(k) as i32).sum()
}

fn signed(pos: &Position, black_score: i32) -> i32 {
    let s = black_score.clamp(-EVAL_LIMIT, EVAL_LIMIT);
    if pos.side_to_move() == Color::Black {
        s
    } else {
        -s
    }
}

/// Material only: board pieces at [`PIECE_VALUE`], hand pieces at [`HAND_VALUE`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Material;

impl Material {
    /// Board plus hand material of `c`.
    fn side(pos: &Position, c: Color) -> i32 {
        let mut s = hand_material(pos, c);
        for sq in pos.color_bb(c) {
            s += PIECE_VALUE[pos.piece_on(sq).kind_unchecked() as usize];
        }
        s
    }
}

impl Evaluator for Material {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        signed(
            pos,
            Material::side(pos, Color::Black) - Material::side(pos, Color::White),
        )
    }
    fn name(&self) -> &'static str {
        "Material"
    }
}

/// Material, piece placement relative to both kings, king placement, and
/// king safety (open squares against enemy hand pieces, attacked squares).
#[derive(Clone, Copy, Debug, Default)]
pub struct Classic;

impl Classic {
    fn side(pos: &Position, c: Color) -> i32 {
        let own_king = pos.king_square(c);
        let enemy_king = pos.king_square(c.flip());
        let mut s = hand_material(pos, c);
        for sq in pos.color_bb(c) {
            let kind = pos.piece_on(sq).kind_unchecked();
            if kind == Kind::King {
                continue;
            }
            let g = GROUP[kind as usize];
            s += PIECE_VALUE[kind as usize]
                + ATTACK_BONUS[g][DISTANCE[sq][enemy_king] as usize]
                + DEFENSE_BONUS[g][DISTANCE[sq][own_king] as usize];
            if kind == Kind::Pawn {
                s += PAWN_RANK[relative_rank(c, rank_of(sq))];
            }
        }
        let file = file_of(own_king);
        s += KING_RANK[relative_rank(c, rank_of(own_king))] + KING_FILE[file.min(8 - file)];
        s - Classic::king_danger(pos, c)
    }

    /// How exposed `c`'s king is.
    fn king_danger(pos: &Position, c: Color) -> i32 {
        let ksq = pos.king_square(c);
        let around = attacks::king(ksq);
        let open = (around & !pos.occupied()).count() as i32;
        let hand = hand_count(pos, c.flip()).min(KING_HAND_CAP);
        let attacked = (attacked_near(pos, c.flip(), ksq, around) & around).count() as i32;
        open * hand * KING_OPEN_PER_HAND + attacked * KING_ATTACKED_SQUARE
    }
}

/// The squares `them` attacks, as far as `zone` (the squares around the
/// king on `ksq`) needs: every piece that can reach the zone contributes
/// its attacks, the others are skipped. Equal on `zone` to asking
/// [`Position::is_attacked`] square by square (the test below checks).
fn attacked_near(pos: &Position, them: Color, ksq: usize, zone: Bitboard) -> Bitboard {
    let occ = pos.occupied();
    let own = pos.color_bb(them);
    let near = BOX2[ksq] & own;
    let mut att = Bitboard::EMPTY;
    for sq in pos.pieces(them, Kind::Pawn) & near {
        att |= attacks::pawn(them, sq);
    }
    for sq in pos.pieces(them, Kind::Knight) & BOX3[ksq] {
        att |= attacks::knight(them, sq);
    }
    for sq in pos.pieces(them, Kind::Silver) & near {
        att |= attacks::silver(them, sq);
    }
    let golds = pos.pieces(them, Kind::Gold)
        | pos.pieces(them, Kind::ProPawn)
        | pos.pieces(them, Kind::ProLance)
        | pos.pieces(them, Kind::ProKnight)
        | pos.pieces(them, Kind::ProSilver);
    for sq in golds & near {
        att |= attacks::gold(them, sq);
    }
    for sq in (pos.pieces(them, Kind::King)
        | pos.pieces(them, Kind::Horse)
        | pos.pieces(them, Kind::Dragon))
        & near
    {
        att |= attacks::king(sq);
    }
    for sq in pos.pieces(them, Kind::Lance) {
        if (attacks::lance_empty(them, sq) & zone).any() {
            att |= attacks::lance(them, sq, occ);
        }
    }
    for sq in pos.pieces(them, Kind::Bishop) | pos.pieces(them, Kind::Horse) {
        if (attacks::bishop_empty(sq) & zone).any() {
            att |= attacks::bishop(sq, occ);
        }
    }
    for sq in pos.pieces(them, Kind::Rook) | pos.pieces(them, Kind::Dragon) {
        if (attacks::rook_empty(sq) & zone).any() {
            att |= attacks::rook(sq, occ);
        }
    }
    att
}

impl Evaluator for Classic {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let black = Classic::side(pos, Color::Black) - Classic::side(pos, Color::White);
        signed(pos, black) + TEMPO
    }
    fn name(&self) -> &'static str {
        "Classic"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The colour-flipped mirror of an SFEN: board rotated 180 degrees,
    /// cases swapped, side to move swapped, hands swapped.
    fn mirror(sfen: &str) -> String {
        let pos = Position::from_sfen(sfen).unwrap();
        let mut rows = Vec::new();
        for rank in (0..9).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..9 {
                let p = pos.piece_on(file * 9 + rank);
                match p.kind() {
                    None => empty += 1,
                    Some(k) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        if k.is_promoted() {
                            row.push('+');
                        }
                        let l = k.letter();
                        row.push(if p.color() == Color::Black {
                            l.to_ascii_lowercase()
                        } else {
                            l
                        });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let fields: Vec<&str> = sfen.split_whitespace().collect();
        let side = if fields[1] == "b" { "w" } else { "b" };
        let hand: String = if fields[2] == "-" {
            "-".into()
        } else {
            fields[2]
                .chars()
                .map(|ch| {
                    if ch.is_ascii_uppercase() {
                        ch.to_ascii_lowercase()
                    } else {
                        ch.to_ascii_uppercase()
                    }
                })
                .collect()
        };
        format!("{} {side} {hand} 1", rows.join("/"))
    }

    const SAMPLES: [&str; 3] = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "ln1g3nl/1r1s1kg2/p2ppp1p1/2ps2p1p/1p7/2P1P1P2/PPSP1P2P/2G2S1R1/LN2KG1NL b Bb 1",
    ];

    #[test]
    fn attacked_squares_near_the_king_match_is_attacked() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for sfen in SAMPLES.iter().chain(crate::bench::BENCH_POSITIONS.iter()) {
            let mut pos = Position::from_sfen(sfen).unwrap();
            for _ in 0..120 {
                for c in [Color::Black, Color::White] {
                    let ksq = pos.king_square(c);
                    let zone = attacks::king(ksq);
                    let want = zone
                        .filter(|&sq| pos.is_attacked(c.flip(), sq, pos.occupied()))
                        .count();
                    let got = (attacked_near(&pos, c.flip(), ksq, zone) & zone).count() as usize;
                    assert_eq!(got, want, "{c:?} king in {}", pos.to_sfen());
                }
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.do_move(legal[(seed >> 3) as usize % legal.len()]);
            }
        }
    }

    #[test]
    fn evaluators_are_colour_symmetric() {
        for sfen in SAMPLES {
            let a = Position::from_sfen(sfen).unwrap();
            let b = Position::from_sfen(&mirror(sfen)).unwrap();
            assert_eq!(Classic.evaluate(&a), Classic.evaluate(&b), "{sfen}");
            assert_eq!(Material.evaluate(&a), Material.evaluate(&b), "{sfen}");
        }
    }

    #[test]
    fn material_counts_hands_and_start_is_even() {
        let start = Position::startpos();
        assert_eq!(Material.evaluate(&start), 0);
        assert_eq!(Classic.evaluate(&start), TEMPO);
        // An extra bishop in Black's hand is worth exactly HAND_VALUE.
        let base = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b - 1").unwrap();
        let up = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b B 1").unwrap();
        assert_eq!(
            Material.evaluate(&up) - Material.evaluate(&base),
            HAND_VALUE[Kind::Bishop as usize]
        );
    }
}
