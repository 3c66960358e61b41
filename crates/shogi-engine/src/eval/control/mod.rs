//! [`Control`]: a linear evaluation over the features of
//! [`super::features`]: material, pieces in hand, the control of squares
//! around both kings, piece placement relative to both kings, the king's
//! square, the side to move and the king's open squares against the
//! enemy's hand.
//!
//! The weights are data, not code: the built-in set
//! (`data/control.weights`) is [`ControlWeights::initial`] with every weight
//! from the control layers on (everything but material and hand) scaled by
//! 0.7, which beat the unscaled set against YaneuraOu at equal time (see the
//! crate README, "Fitting the evaluation"); a file of the same format can
//! replace it (the USI option `EvalFile` with `Evaluation Control`), e.g. one
//! fitted by `yomi shogi tune`. [`ControlWeights::initial`]
//! is the hand-set starting point of a fit: material (board pieces a tenth
//! below hand pieces) and control weighted by the inverse distance to the
//! king, the shape of YaneuraOu's material-level evaluations 2 to 4.
//!
//! Contract: colour-symmetric by construction (both sides' features are
//! taken from their own view with the same weights), within
//! ±[`EVAL_LIMIT`], a pure function of the position.

mod file;

pub use file::WeightsError;

use crate::eval::Evaluator;
use crate::eval::features::{
    self, ATTACKED, CTRL, DEFENDED, FEATURES, HAND, HAND_CAP, HAND_OFFSET, KING_POS, KING_RING,
    KP_ENEMY, KP_OWN, Layers, MAT, OPEN_HAND, OPEN_HAND_CAP, PLACEMENT, TEMPO, attack_level, ctrl,
    hand_total, view,
};
use crate::params::{
    ATTACKED_SHARE, BOARD_DISCOUNT, CONTROL_LEVELS, CONTROL_OWN, CONTROL_THEIR, DEFENDED_SHARE,
    EVAL_LIMIT, KING_RING_CP, PIECE_VALUE, TEMPO as TEMPO_CP,
};
use std::sync::{Arc, OnceLock};
use yomi_shogi::attacks;
use yomi_shogi::types::{HAND_KINDS, file_of, rank_of};
use yomi_shogi::{Color, Kind, Position};

/// Weights are stored in 1/`WEIGHT_SCALE` cp.
pub const WEIGHT_SCALE: i32 = 64;

/// Control weights are applied in whole cp within this range (the
/// evaluator sums them bit plane by bit plane, see [`Tables`]).
pub const CONTROL_WEIGHT_RANGE: (i32, i32) = (-128, 127);

/// The weights of the [`Control`] evaluation, one per feature, and the
/// tables the evaluator reads them through.
#[derive(Clone, Debug)]
pub struct ControlWeights {
    w: Vec<i32>,
    tables: Box<Tables>,
}

impl PartialEq for ControlWeights {
    fn eq(&self, other: &Self) -> bool {
        self.w == other.w
    }
}

impl Eq for ControlWeights {}

/// The weights laid out for evaluation (all in 1/[`WEIGHT_SCALE`] cp but
/// the control planes, in whole cp).
///
/// Control is summed without visiting squares: for a king of colour `c` on
/// `k`, the control weight of every square (plus 128, so it is 0..=255) is
/// split into eight bit planes, and the weighted count of a layer of
/// attacked squares is `Σ_b 2^b·popcount(layer & plane_b) − 128·popcount(layer)`.
#[derive(Clone, Debug)]
struct Tables {
    /// `[kind − 1][placement]`, relative to the own king, material included.
    own: [[i32; 153]; 14],
    /// `[kind − 1][placement]`, relative to the enemy king.
    enemy: [[i32; 153]; 14],
    /// `[hand kind][count]`: the sum of the first `count` hand slots
    /// (every piece past the last slot counts as the last).
    hand_sum: [[i32; 19]; 7],
    /// `[folded file * 9 + relative rank]`.
    king: [i32; 45],
    tempo: i32,
    open_hand: i32,
    /// `[kind − 1][own attacks on the piece (0, 1, 2+) * 3 + enemy
    /// attacks on it (0, 1, 2+)]`: the defended and attacked weights
    /// summed, one load per piece.
    threats: [[i32; 9]; 14],
    /// As [`KING_RING`].
    king_ring: [i32; 4],
    /// `[colour][king square][attacker][level][bit]`.
    planes: [[[[[u128; 8]; 3]; 2]; 81]; 2],
}

impl Tables {
    fn build(w: &[i32]) -> Box<Tables> {
        let mut t = Box::new(Tables {
            own: [[0; 153]; 14],
            enemy: [[0; 153]; 14],
            hand_sum: [[0; 19]; 7],
            king: [0; 45],
            tempo: w[TEMPO],
            open_hand: w[OPEN_HAND],
            threats: [[0; 9]; 14],
            king_ring: [0; 4],
            planes: [[[[[0; 8]; 3]; 2]; 81]; 2],
        });
        for k in 0..14 {
            for p in 0..153 {
                t.own[k][p] = w[MAT + k + 1] + w[KP_OWN + k * 153 + p];
                t.enemy[k][p] = w[KP_ENEMY + k * 153 + p];
            }
        }
        for i in 0..7 {
            for n in 1..19 {
                let slot = HAND + HAND_OFFSET[i] + (n - 1).min(HAND_CAP[i] - 1);
                t.hand_sum[i][n] = t.hand_sum[i][n - 1] + w[slot];
            }
        }
        t.king.copy_from_slice(&w[KING_POS..KING_POS + 45]);
        for k in 0..14 {
            for d in 0..3 {
                for a in 0..3 {
                    t.threats[k][d * 3 + a] = w[DEFENDED + k * 3 + d] + w[ATTACKED + k * 3 + a];
                }
            }
        }
        t.king_ring.copy_from_slice(&w[KING_RING..KING_RING + 4]);
        for c in [Color::Black, Color::White] {
            for k in 0..81 {
                let vk = view(c, k);
                for own in 0..2 {
                    for level in 0..3 {
                        let planes = &mut t.planes[c.index()][k][own][level];
                        for sq in 0..81 {
                            let p = PLACEMENT[view(c, sq)][vk] as usize;
                            let q = control_cp(w[ctrl(own, level, p)]) + 128;
                            for (b, plane) in planes.iter_mut().enumerate() {
                                if q >> b & 1 == 1 {
                                    *plane |= 1u128 << sq;
                                }
                            }
                        }
                    }
                }
            }
        }
        t
    }
}

/// The kinds that stand on the board besides the king.
const BOARD_KINDS: [Kind; 13] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Bishop,
    Kind::Rook,
    Kind::Gold,
    Kind::ProPawn,
    Kind::ProLance,
    Kind::ProKnight,
    Kind::ProSilver,
    Kind::Horse,
    Kind::Dragon,
];

/// `[king view square][piece view square]`: [`PLACEMENT`] transposed, so
/// one king's row is contiguous.
static PLACEMENT_BY_KING: [[u8; 81]; 81] = {
    let mut t = [[0u8; 81]; 81];
    let mut k = 0;
    while k < 81 {
        let mut p = 0;
        while p < 81 {
            t[k][p] = PLACEMENT[p][k];
            p += 1;
        }
        k += 1;
    }
    t
};

/// A control weight as the evaluator applies it: whole cp, clamped to
/// [`CONTROL_WEIGHT_RANGE`].
#[inline]
fn control_cp(w: i32) -> i32 {
    let (lo, hi) = CONTROL_WEIGHT_RANGE;
    ((w as f64 / WEIGHT_SCALE as f64).round() as i32).clamp(lo, hi)
}

impl ControlWeights {
    fn new(w: Vec<i32>) -> ControlWeights {
        let tables = Tables::build(&w);
        ControlWeights { w, tables }
    }

    /// Weights from values in cp (rounded to the stored precision).
    pub fn from_cp(values: &[f64]) -> ControlWeights {
        assert_eq!(values.len(), FEATURES, "one weight per feature");
        ControlWeights::new(
            values
                .iter()
                .map(|v| (v * WEIGHT_SCALE as f64).round() as i32)
                .collect(),
        )
    }

    /// The weights in cp as the evaluator applies them (control weights
    /// rounded to whole cp within [`CONTROL_WEIGHT_RANGE`]).
    pub fn effective_cp(&self) -> Vec<f64> {
        let mut cp = self.to_cp();
        for (i, v) in cp
            .iter_mut()
            .enumerate()
            .skip(CTRL)
            .take(features::CTRL_LEN)
        {
            *v = control_cp(self.w[i]) as f64;
        }
        cp
    }

    /// The weights in cp.
    pub fn to_cp(&self) -> Vec<f64> {
        self.w
            .iter()
            .map(|&v| v as f64 / WEIGHT_SCALE as f64)
            .collect()
    }

    /// The hand-set starting point (module documentation).
    pub fn initial() -> ControlWeights {
        let mut w = vec![0.0; FEATURES];
        for (k, &v) in PIECE_VALUE.iter().enumerate() {
            w[MAT + k] = v as f64 * (1024 - BOARD_DISCOUNT) as f64 / 1024.0;
        }
        for (i, &k) in HAND_KINDS.iter().enumerate() {
            for n in 0..HAND_CAP[i] {
                w[HAND + HAND_OFFSET[i] + n] = PIECE_VALUE[k as usize] as f64;
            }
        }
        for (level, &l) in CONTROL_LEVELS.iter().enumerate() {
            for dx in 0..9 {
                for dy in 0..17 {
                    let d = dx.max((dy as i32 - 8).unsigned_abs() as usize);
                    let per = l as f64 / 1024.0 / (d + 1) as f64;
                    let p = dx * 17 + dy;
                    w[ctrl(1, level, p)] = CONTROL_OWN as f64 * per;
                    w[ctrl(0, level, p)] = -CONTROL_THEIR as f64 * per;
                }
            }
        }
        w[TEMPO] = TEMPO_CP as f64;
        for k in 0..14 {
            let v = PIECE_VALUE[k + 1] as f64;
            for (l, (&d, &a)) in DEFENDED_SHARE.iter().zip(&ATTACKED_SHARE).enumerate() {
                w[DEFENDED + k * 3 + l] = v * d as f64 / 4096.0;
                w[ATTACKED + k * 3 + l] = -v * a as f64 / 4096.0;
            }
        }
        w[KING_RING..KING_RING + 4].copy_from_slice(&KING_RING_CP.map(f64::from));
        ControlWeights::from_cp(&w)
    }

    /// The built-in weights (`data/control.weights`), parsed once.
    pub fn builtin() -> Arc<ControlWeights> {
        static BUILTIN: OnceLock<Arc<ControlWeights>> = OnceLock::new();
        Arc::clone(BUILTIN.get_or_init(|| {
            Arc::new(
                ControlWeights::parse(include_str!("../../../data/control.weights"))
                    .expect("the built-in weights parse"),
            )
        }))
    }

    /// The score for Black in 1/[`WEIGHT_SCALE`] cp.
    #[inline]
    fn black_scaled(&self, pos: &Position) -> i32 {
        let t = &*self.tables;
        let layers = [Layers::of(pos, Color::Black), Layers::of(pos, Color::White)];
        let mut total = 0;
        for c in [Color::Black, Color::White] {
            let own_king = pos.king_square(c);
            let own_row = &PLACEMENT_BY_KING[view(c, own_king)];
            let enemy_row = &PLACEMENT_BY_KING[view(c, pos.king_square(c.flip()))];
            let mut s = 0;
            let (mine, theirs) = (&layers[c.index()].0, &layers[c.flip().index()].0);
            for kind in &BOARD_KINDS {
                let k = *kind as usize - 1;
                let (own, enemy, threats) = (&t.own[k], &t.enemy[k], &t.threats[k]);
                for sq in pos.pieces(c, *kind) {
                    let vp = view(c, sq);
                    s += own[own_row[vp] as usize]
                        + enemy[enemy_row[vp] as usize]
                        + threats[attack_level(mine, sq) * 3 + attack_level(theirs, sq)];
                }
            }
            let ring = attacks::king(own_king).0;
            let occupied_by_us = pos.color_bb(c).0;
            let guarded = mine[1];
            s += t.king_ring[0] * (ring & !occupied_by_us & !guarded).count_ones() as i32
                + t.king_ring[1] * (ring & !occupied_by_us & guarded).count_ones() as i32
                + t.king_ring[2] * (ring & occupied_by_us & !guarded).count_ones() as i32
                + t.king_ring[3] * (ring & occupied_by_us & guarded).count_ones() as i32;
            let hand = pos.hand(c);
            for (i, &k) in HAND_KINDS.iter().enumerate() {
                s += t.hand_sum[i][hand.count(k) as usize];
            }
            let mut control = 0;
            let planes = &t.planes[c.index()][own_king];
            for (own, side) in [(0, c.flip()), (1, c)] {
                for (level, &layer) in layers[side.index()].0.iter().enumerate() {
                    let bits = &planes[own][level];
                    let mut v = -128 * layer.count_ones() as i32;
                    for (b, &plane) in bits.iter().enumerate() {
                        v += ((layer & plane).count_ones() as i32) << b;
                    }
                    control += v;
                }
            }
            s += control * WEIGHT_SCALE;
            let vk_own = view(c, own_king);
            let file = file_of(vk_own);
            s += t.king[file.min(8 - file) * 9 + rank_of(vk_own)];
            if pos.side_to_move() == c {
                s += t.tempo;
            }
            let open = (attacks::king(own_king) & !pos.occupied()).count();
            s += t.open_hand * (open * hand_total(pos, c.flip()).min(OPEN_HAND_CAP)) as i32;
            total += if c == Color::Black { s } else { -s };
        }
        total
    }
}

/// The linear evaluation with a set of [`ControlWeights`].
#[derive(Clone, Debug)]
pub struct ControlEval {
    weights: Arc<ControlWeights>,
}

impl ControlEval {
    /// The evaluation with `weights`.
    pub fn new(weights: Arc<ControlWeights>) -> ControlEval {
        ControlEval { weights }
    }
}

impl Default for ControlEval {
    fn default() -> Self {
        ControlEval::new(ControlWeights::builtin())
    }
}

impl Evaluator for ControlEval {
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let s = (self.weights.black_scaled(pos) / WEIGHT_SCALE).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        if pos.side_to_move() == Color::Black {
            s
        } else {
            -s
        }
    }
    fn name(&self) -> &'static str {
        "Control"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::features::Layers;

    const SFENS: [&str; 4] = [
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "ln1g3nl/1r1s1kg2/p2ppp1p1/2ps2p1p/1p7/2P1P1P2/PPSP1P2P/2G2S1R1/LN2KG1NL b Bb 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn2p 124",
    ];

    #[test]
    fn layers_match_attacker_counts() {
        for sfen in SFENS {
            let pos = Position::from_sfen(sfen).unwrap();
            for c in [Color::Black, Color::White] {
                let l = Layers::of(&pos, c);
                for sq in 0..81 {
                    let count = pos.attackers_to(c, sq, pos.occupied()).count();
                    for (level, layer) in l.0.iter().enumerate() {
                        assert_eq!(
                            layer >> sq & 1 == 1,
                            count > level as u32,
                            "{sfen} {c:?} square {sq} level {level}: {count} attackers"
                        );
                    }
                }
            }
        }
    }

    /// With the starting weights, a pawn in hand is worth its full value and
    /// the same pawn on a square nobody attacks a tenth less (no control
    /// changes when a pawn disappears from a far corner).
    #[test]
    fn initial_weights_value_hand_above_board() {
        let w = Arc::new(ControlWeights::initial());
        let mut e = ControlEval::new(w);
        let base = Position::from_sfen("k8/9/9/9/9/9/9/9/8K b - 1").unwrap();
        let hand = Position::from_sfen("k8/9/9/9/9/9/9/9/8K b P 1").unwrap();
        let diff = e.evaluate(&hand) - e.evaluate(&base);
        assert_eq!(diff, PIECE_VALUE[1]);
    }

    /// The built-in set is the hand-set one with material and hand kept and
    /// every later weight scaled by 0.7 (rounded to the stored unit).
    #[test]
    fn built_in_weights_scale_the_positional_terms_of_the_initial_ones() {
        let (init, built) = (ControlWeights::initial(), ControlWeights::builtin());
        assert_eq!(built.w[..CTRL], init.w[..CTRL]);
        let mut scaled = 0;
        for (i, (&b, &w)) in built.w.iter().zip(&init.w).enumerate().skip(CTRL) {
            let want = f64::from(w * 7) / 10.0;
            assert!(
                (f64::from(b) - want).abs() <= 0.5,
                "weight {i}: {b}, want {want}"
            );
            scaled += usize::from(w.abs() >= 10);
        }
        assert!(
            scaled > 500,
            "{scaled} positional weights large enough to show the scale"
        );
    }
}
