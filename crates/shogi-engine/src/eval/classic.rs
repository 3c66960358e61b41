//! The default hand-written evaluators: [`Material`] and [`Classic`].
//!
//! Contract: both are symmetric (a position and its colour-flipped mirror
//! get opposite scores for the same side to move) and read their weights
//! from [`crate::params`] only.

use crate::eval::Evaluator;
use crate::near::{attacked_near, distance_table};
use crate::params::{
    ATTACK_BONUS, DEFENSE_BONUS, EVAL_LIMIT, HAND_VALUE, KING_ATTACKED_SQUARE, KING_FILE,
    KING_HAND_CAP, KING_OPEN_PER_HAND, KING_RANK, PAWN_RANK, PIECE_VALUE, TEMPO,
};
use yomi_shogi::attacks;
use yomi_shogi::types::{HAND_KINDS, file_of, rank_of, relative_rank};
use yomi_shogi::{Color, Kind, Position};

static DISTANCE: [[u8; 81]; 81] = distance_table();

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
        let attacked =
            (attacked_near(pos, c.flip(), ksq, around, pos.occupied()) & around).count() as i32;
        open * hand * KING_OPEN_PER_HAND + attacked * KING_ATTACKED_SQUARE
    }
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
