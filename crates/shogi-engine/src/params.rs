//! Every tunable of the engine in one place: piece values, evaluation
//! weights and search margins.
//!
//! Contract: plain constants, in centipawns (cp) where they are scores. The
//! search and the evaluators read them from here only, so a tuning run edits
//! this file and nothing else.

use yomi_shogi::Kind;

/// Material value of a piece on the board, indexed by `Kind as usize`
/// (entry 0 unused, the king counts 0).
pub const PIECE_VALUE: [i32; 15] = [
    0,    // (none)
    90,   // pawn
    315,  // lance
    405,  // knight
    495,  // silver
    855,  // bishop
    990,  // rook
    540,  // gold
    0,    // king
    540,  // tokin
    540,  // promoted lance
    540,  // promoted knight
    540,  // promoted silver
    945,  // horse
    1395, // dragon
];

/// Value of a piece in hand, indexed by `Kind as usize` (pawn..gold). A
/// little above the board value: a piece in hand can go anywhere.
pub const HAND_VALUE: [i32; 8] = [0, 100, 330, 420, 520, 900, 1040, 560];

/// What capturing a piece of `kind` gains in material: the piece leaves the
/// board and its unpromoted form goes to the capturer's hand.
#[inline(always)]
pub fn capture_gain(kind: Kind) -> i32 {
    PIECE_VALUE[kind as usize] + HAND_VALUE[kind.unpromoted() as usize]
}

/// Bonus for a piece by its king distance (Chebyshev, 0..=8) to the
/// *enemy* king, per kind group: index 0 steppers (gold-movers, silver),
/// 1 minor pieces (pawn, lance, knight), 2 major pieces and their promotions.
pub const ATTACK_BONUS: [[i32; 9]; 3] = [
    [0, 60, 45, 25, 10, 0, 0, 0, 0],
    [0, 25, 20, 10, 4, 0, 0, 0, 0],
    [0, 50, 40, 30, 20, 12, 6, 0, 0],
];

/// Bonus for a piece by its distance to its *own* king, same groups as
/// [`ATTACK_BONUS`]: golds and silvers next to the king form the castle.
pub const DEFENSE_BONUS: [[i32; 9]; 3] = [
    [0, 40, 25, 10, 0, -5, -10, -15, -20],
    [0, 5, 3, 0, 0, 0, 0, 0, 0],
    [0, 5, 5, 0, 0, 0, 0, 0, 0],
];

/// King placement by relative rank (0 = enemy's far rank, 8 = own back rank).
pub const KING_RANK: [i32; 9] = [40, 0, -60, -90, -80, -60, -30, 0, 10];

/// King placement by file distance from the nearest edge (0 = edge file).
pub const KING_FILE: [i32; 5] = [20, 30, 15, 0, -15];

/// Pawn advance by relative rank (an advanced pawn cramps the opponent).
pub const PAWN_RANK: [i32; 9] = [0, 20, 15, 10, 5, 0, 0, 0, 0];

/// Penalty per empty square next to a king, multiplied by the enemy's
/// pieces-in-hand count (capped at [`KING_HAND_CAP`]): drops need room.
pub const KING_OPEN_PER_HAND: i32 = 3;

/// Cap on the hand-piece count used by the king-openness term.
pub const KING_HAND_CAP: i32 = 8;

/// Penalty per enemy piece attacking a square next to a king.
pub const KING_ATTACKED_SQUARE: i32 = 12;

/// Bonus for the side to move (tempo).
pub const TEMPO: i32 = 20;

/// Control evaluation, starting point of a fit
/// ([`crate::eval::ControlWeights::initial`]): a piece on the board counts
/// its [`PIECE_VALUE`] less this many 1024ths (in hand it counts in full),
/// as YaneuraOu's material level 2.
pub const BOARD_DISCOUNT: i32 = 104;

/// Control evaluation: one attack on a square at Chebyshev distance `d`
/// from a king, by the king's own side, is worth `CONTROL_OWN / (d + 1)` cp
/// to that side (YaneuraOu's material level 4 weights).
pub const CONTROL_OWN: i32 = 85;

/// Control evaluation: one attack on a square at distance `d` from a king,
/// by the other side, costs the king's side `CONTROL_THEIR / (d + 1)` cp.
pub const CONTROL_THEIR: i32 = 98;

/// Control evaluation: the weight (of 1024) of the first, second and third
/// attack on one square; later ones count nothing (diminishing returns,
/// from YaneuraOu's fit 6365 − 5341·0.8525^(m−1) of the value of m attacks).
pub const CONTROL_LEVELS: [i32; 3] = [1024, 788, 671];

/// Control evaluation, starting point: a piece defended by one, two or
/// more own attacks gains this many 4096ths of its [`PIECE_VALUE`]
/// (YaneuraOu's material level 7, measured there at +10 Elo).
pub const DEFENDED_SHARE: [i32; 3] = [0, 33, 43];

/// Control evaluation, starting point: a piece attacked by one, two or
/// more enemy attacks loses this many 4096ths of its [`PIECE_VALUE`]
/// (YaneuraOu's material level 7, +15 Elo there).
pub const ATTACKED_SHARE: [i32; 3] = [0, 113, 122];

/// Control evaluation, starting point: each square next to the own king,
/// by (own piece there, defended by more than the king): empty or enemy
/// and undefended −11, empty or enemy and defended 0, own piece and
/// undefended +20, own piece and defended +11 (YaneuraOu's material level
/// 8, +35 Elo there).
pub const KING_RING_CP: [i32; 4] = [-11, 0, 20, 11];

/// Evaluations are clamped to this magnitude (far below mate scores).
pub const EVAL_LIMIT: i32 = 20_000;

/// Aspiration window half-width at the first try; doubled on each fail.
pub const ASPIRATION_DELTA: i32 = 40;

/// Depth from which aspiration windows are used.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;

/// Null move: base reduction and the extra reduction per this many plies.
pub const NULL_MOVE_BASE_R: i32 = 4;
/// Null move: depth divisor of the extra reduction.
pub const NULL_MOVE_DEPTH_DIV: i32 = 3;
/// Null move: one more ply of reduction per this many cp of static eval
/// above beta (at most three).
pub const NULL_MOVE_EVAL_DIV: i32 = 200;
/// Null move: smallest depth where it is tried.
pub const NULL_MOVE_MIN_DEPTH: i32 = 2;

/// Reverse futility pruning: margin per ply of remaining depth.
pub const RFP_MARGIN: i32 = 85;
/// Reverse futility pruning: deepest depth where it applies.
pub const RFP_MAX_DEPTH: i32 = 10;

/// Futility pruning: a quiet move at reduced depth `d` is skipped when the static
/// eval plus `FUTILITY_BASE + FUTILITY_PER_DEPTH * d` cannot reach alpha.
pub const FUTILITY_BASE: i32 = 100;
/// Futility pruning: margin per ply.
pub const FUTILITY_PER_DEPTH: i32 = 120;
/// Futility pruning: deepest depth where it applies.
pub const FUTILITY_MAX_DEPTH: i32 = 6;

/// Internal iterative reduction: from this depth a node without a table
/// move is searched one ply shallower.
pub const IIR_MIN_DEPTH: i32 = 4;

/// Late move pruning: the number of moves searched at depth `d` after
/// which the remaining quiet moves are skipped is
/// `(LMP_BASE + d * d * LMP_SCALE / 2) / (2 - improving)`, at every depth
/// and node type (not in check).
pub const LMP_BASE: i32 = 3;
/// Late move pruning: scale of the quadratic term.
pub const LMP_SCALE: i32 = 2;

/// SEE pruning of quiet moves: threshold per square of the reduced depth
/// (negative; at reduced depth 0 every losing quiet move is pruned).
pub const SEE_QUIET_MARGIN: i32 = -20;
/// Continuation-history pruning: a quiet move whose reduced depth is below
/// this, and whose two continuation scores sum below
/// `CONT_PRUNE_MARGIN * depth`, is skipped.
pub const CONT_PRUNE_MAX_DEPTH: i32 = 5;
/// Continuation-history pruning: threshold per ply of depth (negative).
pub const CONT_PRUNE_MARGIN: i32 = -3_000;
/// Reduced depth for pruning: one ply more (less) per this much history.
pub const LMR_DEPTH_HISTORY_DIV: i32 = 7_000;
/// SEE pruning of captures and checks: a move whose SEE is below
/// `-(SEE_TACTICAL_MARGIN * depth + capture history / SEE_TACTICAL_HISTORY_DIV)`
/// is skipped (YaneuraOu's margins; at every depth).
pub const SEE_TACTICAL_MARGIN: i32 = 167;
/// SEE pruning of captures: a good capture history widens the margin by
/// its score over this.
pub const SEE_TACTICAL_HISTORY_DIV: i32 = 30;

/// Futility pruning of captures (no check): skipped when the static eval
/// plus `CAPTURE_FUTILITY_BASE + CAPTURE_FUTILITY_PER_DEPTH * d`, the
/// victim's board value and its capture history over
/// `CAPTURE_FUTILITY_HISTORY_DIV` cannot reach alpha, at reduced depth
/// `d <= CAPTURE_FUTILITY_MAX_DEPTH`.
pub const CAPTURE_FUTILITY_BASE: i32 = 218;
/// Futility pruning of captures: margin per ply.
pub const CAPTURE_FUTILITY_PER_DEPTH: i32 = 223;
/// Futility pruning of captures: deepest reduced depth.
pub const CAPTURE_FUTILITY_MAX_DEPTH: i32 = 6;
/// Futility pruning of captures: divisor of the capture-history term.
pub const CAPTURE_FUTILITY_HISTORY_DIV: i32 = 8;

/// Late move reductions: `ln(depth) * ln(move_number) / LMR_DIVISOR + LMR_BASE`.
pub const LMR_DIVISOR: f64 = 2.1;
/// Late move reductions: constant term.
pub const LMR_BASE: f64 = 0.4;

/// Late move reductions at the root: the first root move (counting from
/// the principal one) that may be reduced.
pub const ROOT_LMR_MIN_MOVE: usize = 4;

/// Late move reductions: extra plies at an expected cut node (a null-window
/// node whose parent expected to fail low), where a fail high is likely
/// and a late move rarely matters.
pub const LMR_CUT_NODE: i32 = 2;

/// Late move reductions: one ply less per this much quiet-move history
/// (butterfly plus both continuations), one more per as much below zero.
pub const LMR_HISTORY_DIV: i32 = 10_000;

/// Quiescence delta pruning: a capture whose gain cannot lift the score
/// within this margin of alpha is skipped.
pub const DELTA_MARGIN: i32 = 200;

/// History scores saturate at this magnitude (gravity formula).
pub const HISTORY_MAX: i32 = 16_384;

/// Quiet history: the reward of the best quiet move at depth `d` (and the
/// punishment of the quiet moves tried before it) is
/// `min(QUIET_BONUS_PER_DEPTH * d - QUIET_BONUS_OFFSET, QUIET_BONUS_MAX)`.
pub const QUIET_BONUS_PER_DEPTH: i32 = 290;
/// Quiet history: offset of the reward.
pub const QUIET_BONUS_OFFSET: i32 = 180;
/// Quiet history: largest reward.
pub const QUIET_BONUS_MAX: i32 = 3_500;
/// Continuation history: the share (percent) of a reward that goes to the
/// four-plies-back continuation (the one- and two-plies-back ones get all).
pub const CONT4_WEIGHT_PERCENT: i32 = 50;

/// Capture-history scores saturate at this magnitude.
pub const CAPTURE_HISTORY_MAX: i32 = 8_192;

/// Capture history: the reward of the capture that cut off at depth `d` is
/// `min(CAPTURE_BONUS_PER_DEPTH * d - CAPTURE_BONUS_OFFSET, CAPTURE_BONUS_MAX)`.
pub const CAPTURE_BONUS_PER_DEPTH: i32 = 123;
/// Capture history: offset of the reward.
pub const CAPTURE_BONUS_OFFSET: i32 = 74;
/// Capture history: largest reward.
pub const CAPTURE_BONUS_MAX: i32 = 1_470;
/// Capture history: the punishment of each capture searched before the
/// move that cut off is `min(CAPTURE_MALUS_PER_DEPTH * d - CAPTURE_MALUS_OFFSET,
/// CAPTURE_MALUS_MAX)`: harsher than the reward, as YaneuraOu's.
pub const CAPTURE_MALUS_PER_DEPTH: i32 = 1_030;
/// Capture history: offset of the punishment.
pub const CAPTURE_MALUS_OFFSET: i32 = 240;
/// Capture history: largest punishment.
pub const CAPTURE_MALUS_MAX: i32 = 2_480;

/// Move ordering: a capture's victim value (its [`capture_gain`]) is
/// weighted by this against its capture history.
pub const CAPTURE_ORDER_VALUE_SCALE: i32 = 4;

/// Move ordering: bonus of a quiet move that gives check without losing
/// more than [`QUIET_CHECK_SEE_MARGIN`] by SEE (YaneuraOu's and Stockfish's
/// 16384; a history score stays within a few times [`HISTORY_MAX`]).
pub const QUIET_CHECK_BONUS: i32 = 16_384;
/// Move ordering: the SEE a checking quiet move may lose and still get
/// [`QUIET_CHECK_BONUS`] (negative).
pub const QUIET_CHECK_SEE_MARGIN: i32 = -75;

/// Score of a repetition (sennichite) for the side to move; 0 = plain draw.
pub const DRAW_SCORE: i32 = 0;

/// Monte Carlo Softmax Search: backup temperature (cp). ShogiStudyThird's
/// default T_e on a similar centipawn scale.
pub const SOFTMAX_T_BACKUP: f32 = 40.0;

/// Monte Carlo Softmax Search: selection temperature (cp), the middle of
/// ShogiStudyThird's 40..200 spread.
pub const SOFTMAX_T_SELECT: f32 = 120.0;

/// Monte Carlo Softmax Search: cp taken off a child's selection value per
/// playout in flight through it, so concurrent playouts spread out.
pub const SOFTMAX_VIRTUAL_LOSS: f32 = 120.0;

/// Monte Carlo Softmax Search: positions per evaluator batch (the seed's 256).
pub const SOFTMAX_BATCH: usize = 256;
