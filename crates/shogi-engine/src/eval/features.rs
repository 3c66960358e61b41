//! The features of the [`super::Control`] evaluation: a linear model whose
//! score is the sum of weight × count over these features, Black's counts
//! minus White's.
//!
//! Each side's features are taken from its own point of view (White's
//! squares rotated 180 degrees), so one weight serves both sides and the
//! evaluation is colour-symmetric by construction. The families:
//! - material on the board, by kind;
//! - pieces in hand, the n-th piece of a kind with a weight of its own
//!   (the first pawn in hand is worth more than the eighth);
//! - control: each square a side attacks at least once, twice, three
//!   times, by its placement relative to a king (file distance, rank
//!   offset), counted separately for the king's own side and for the other
//!   side;
//! - piece placement relative to the own king and to the enemy king
//!   (kind, file distance, rank offset);
//! - the king's square (file folded onto one half);
//! - the side to move;
//! - empty squares next to the own king times the enemy's pieces in hand;
//! - each piece by how many own and enemy attacks reach its square (none,
//!   one, two or more): defended pieces are safer, attacked ones hang;
//! - the squares next to the own king by whether an own piece stands there
//!   and whether anything but the king defends them.
//!
//! Contract: [`extract`] reports exactly the counts the evaluator
//! multiplies by its weights (`control.rs` tests the two agree), indices
//! below [`FEATURES`], with Black's counts positive and White's negative.

use yomi_shogi::attacks;
use yomi_shogi::types::{HAND_KINDS, file_of, rank_of};
use yomi_shogi::{Bitboard, Color, Kind, Position};

/// Board material: one slot per `Kind as usize` (the king's unused).
pub const MAT: usize = 0;
/// Pieces in hand: the n-th piece of each kind, up to a cap per kind.
pub const HAND: usize = MAT + 15;
/// Hand slots per kind, in [`HAND_KINDS`] order (the last slot takes every
/// piece beyond).
pub const HAND_CAP: [usize; 7] = [8, 4, 4, 4, 2, 2, 4];
/// Offsets of each hand kind's slots within [`HAND`].
pub const HAND_OFFSET: [usize; 7] = [0, 8, 12, 16, 20, 22, 24];
/// Control: `[attacker: 0 the other side, 1 the king's side][level 0..3][placement 0..153]`,
/// the placement of the attacked square relative to the king as for pieces
/// ([`placement`]).
pub const CTRL: usize = HAND + 28;
/// Control slots.
pub const CTRL_LEN: usize = 2 * 3 * 153;
/// Placement relative to the own king: `[kind slot 0..14][file distance 0..9][rank offset + 8]`.
pub const KP_OWN: usize = CTRL + CTRL_LEN;
/// Slots of one placement family.
pub const KP_LEN: usize = 14 * 9 * 17;
/// Placement relative to the enemy king (same layout as [`KP_OWN`]).
pub const KP_ENEMY: usize = KP_OWN + KP_LEN;
/// King square: `[folded file 0..5][relative rank 0..9]`.
pub const KING_POS: usize = KP_ENEMY + KP_LEN;
/// The side to move.
pub const TEMPO: usize = KING_POS + 45;
/// Empty squares next to the own king times the enemy's hand pieces (at most 8).
pub const OPEN_HAND: usize = TEMPO + 1;
/// Pieces by how well they are defended: `[kind slot 0..14][own attacks on
/// the piece's square: 0, 1, 2 or more]`.
pub const DEFENDED: usize = OPEN_HAND + 1;
/// Pieces by how much they are attacked: `[kind slot 0..14][enemy attacks
/// on the piece's square: 0, 1, 2 or more]`.
pub const ATTACKED: usize = DEFENDED + 42;
/// The eight squares next to the own king: `[own piece there: 0 no, 1
/// yes][own attacks besides the king's: 0 none, 1 some]`.
pub const KING_RING: usize = ATTACKED + 42;
/// Number of features.
pub const FEATURES: usize = KING_RING + 4;

/// Cap on the enemy hand count in [`OPEN_HAND`].
pub const OPEN_HAND_CAP: u32 = 8;

/// Index of the control feature `(attacker, level, placement)`.
#[inline(always)]
pub const fn ctrl(own: usize, level: usize, placement: usize) -> usize {
    CTRL + (own * 3 + level) * 153 + placement
}

/// The square as `c` sees it (White's rotated 180 degrees).
#[inline(always)]
pub const fn view(c: Color, sq: usize) -> usize {
    match c {
        Color::Black => sq,
        Color::White => 80 - sq,
    }
}

/// Placement offset of a piece on view square `p` from a king on view
/// square `k`: `file distance * 17 + rank offset + 8` (negative rank
/// offsets lie towards the enemy).
#[inline(always)]
pub fn placement(p: usize, k: usize) -> usize {
    PLACEMENT[p][k] as usize
}

pub(crate) static PLACEMENT: [[u8; 81]; 81] = placement_table();

const fn placement_table() -> [[u8; 81]; 81] {
    let mut t = [[0u8; 81]; 81];
    let mut p = 0;
    while p < 81 {
        let mut k = 0;
        while k < 81 {
            let dx = file_of(p).abs_diff(file_of(k));
            let dy = rank_of(p) as i32 - rank_of(k) as i32 + 8;
            t[p][k] = (dx * 17 + dy as usize) as u8;
            k += 1;
        }
        p += 1;
    }
    t
}

/// Squares a side attacks at least once, twice, three times.
#[derive(Clone, Copy, Default)]
pub struct Layers(pub [u128; 3]);

impl Layers {
    #[inline(always)]
    fn add(&mut self, a: Bitboard) {
        let a = a.0;
        self.0[2] |= self.0[1] & a;
        self.0[1] |= self.0[0] & a;
        self.0[0] |= a;
    }

    /// Every attack of `c`'s pieces on the board.
    pub fn of(pos: &Position, c: Color) -> Layers {
        let occ = pos.occupied();
        let mut l = Layers::default();
        // Pawns never stand on their last rank, so one shift is exact.
        let pawns = pos.pieces(c, Kind::Pawn).0;
        l.add(Bitboard(match c {
            Color::Black => pawns >> 1,
            Color::White => pawns << 1,
        }));
        for sq in pos.pieces(c, Kind::Lance) {
            l.add(attacks::lance(c, sq, occ));
        }
        for sq in pos.pieces(c, Kind::Knight) {
            l.add(attacks::knight(c, sq));
        }
        for sq in pos.pieces(c, Kind::Silver) {
            l.add(attacks::silver(c, sq));
        }
        let golds = pos.pieces(c, Kind::Gold)
            | pos.pieces(c, Kind::ProPawn)
            | pos.pieces(c, Kind::ProLance)
            | pos.pieces(c, Kind::ProKnight)
            | pos.pieces(c, Kind::ProSilver);
        for sq in golds {
            l.add(attacks::gold(c, sq));
        }
        for sq in pos.pieces(c, Kind::Bishop) {
            l.add(attacks::bishop(sq, occ));
        }
        for sq in pos.pieces(c, Kind::Rook) {
            l.add(attacks::rook(sq, occ));
        }
        for sq in pos.pieces(c, Kind::Horse) {
            l.add(attacks::horse(sq, occ));
        }
        for sq in pos.pieces(c, Kind::Dragon) {
            l.add(attacks::dragon(sq, occ));
        }
        l.add(attacks::king(pos.king_square(c)));
        l
    }
}

/// Total pieces in `c`'s hand.
#[inline]
pub fn hand_total(pos: &Position, c: Color) -> u32 {
    let hand = pos.hand(c);
    HAND_KINDS.iter().map(|&k| hand.count(k)).sum()
}

/// Reports every feature of `pos` to `sink` as `(index, count)`, Black's
/// counts positive and White's negative (an index may come several times).
pub fn extract(pos: &Position, sink: &mut impl FnMut(usize, i32)) {
    let layers = [Layers::of(pos, Color::Black), Layers::of(pos, Color::White)];
    for c in [Color::Black, Color::White] {
        let sign = if c == Color::Black { 1 } else { -1 };
        let own_king = pos.king_square(c);
        let enemy_king = pos.king_square(c.flip());
        let (vk_own, vk_enemy) = (view(c, own_king), view(c, enemy_king));
        for sq in pos.color_bb(c) {
            let kind = pos.piece_on(sq).kind_unchecked();
            if kind == Kind::King {
                continue;
            }
            let k = kind as usize;
            let vp = view(c, sq);
            sink(MAT + k, sign);
            sink(KP_OWN + (k - 1) * 153 + placement(vp, vk_own), sign);
            sink(KP_ENEMY + (k - 1) * 153 + placement(vp, vk_enemy), sign);
        }
        let hand = pos.hand(c);
        for (i, &k) in HAND_KINDS.iter().enumerate() {
            for n in 0..hand.count(k) as usize {
                sink(HAND + HAND_OFFSET[i] + n.min(HAND_CAP[i] - 1), sign);
            }
        }
        for (own, side) in [(0, c.flip()), (1, c)] {
            for (level, &layer) in layers[side.index()].0.iter().enumerate() {
                for sq in Bitboard(layer) {
                    sink(ctrl(own, level, placement(view(c, sq), vk_own)), sign);
                }
            }
        }
        let file = file_of(vk_own);
        sink(KING_POS + file.min(8 - file) * 9 + rank_of(vk_own), sign);
        if pos.side_to_move() == c {
            sink(TEMPO, sign);
        }
        let open = (attacks::king(own_king) & !pos.occupied()).count();
        let hand = hand_total(pos, c.flip()).min(OPEN_HAND_CAP);
        if open * hand != 0 {
            sink(OPEN_HAND, sign * (open * hand) as i32);
        }
        let (own, their) = (&layers[c.index()].0, &layers[c.flip().index()].0);
        for sq in pos.color_bb(c) {
            let kind = pos.piece_on(sq).kind_unchecked();
            if kind == Kind::King {
                continue;
            }
            let k = kind as usize - 1;
            sink(DEFENDED + k * 3 + attack_level(own, sq), sign);
            sink(ATTACKED + k * 3 + attack_level(their, sq), sign);
        }
        let ring = attacks::king(own_king).0;
        let mine = pos.color_bb(c).0;
        for (occupied, o) in [(false, !mine), (true, mine)] {
            for (defended, d) in [(false, !own[1]), (true, own[1])] {
                let n = (ring & o & d).count_ones() as i32;
                if n != 0 {
                    sink(
                        KING_RING + 2 * occupied as usize + defended as usize,
                        sign * n,
                    );
                }
            }
        }
    }
}

/// How many of the attacks in `layers` reach `sq`: 0, 1, or 2 for two or more.
#[inline(always)]
pub fn attack_level(layers: &[u128; 3], sq: usize) -> usize {
    let bit = SQUARE_BIT[sq];
    (layers[0] & bit != 0) as usize + (layers[1] & bit != 0) as usize
}

/// `1 << sq` by table: a variable shift of a `u128` is a branch-free
/// sequence of several instructions, a load from L1 one (the evaluator
/// asks for every piece's level twice).
static SQUARE_BIT: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut sq = 0;
    while sq < 81 {
        t[sq] = 1 << sq;
        sq += 1;
    }
    t
};

/// The families of features (what `yomi shogi tune --only` names).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Board material ([`MAT`]).
    Material,
    /// Pieces in hand ([`HAND`]).
    Hand,
    /// Square control around the kings ([`CTRL`]).
    Control,
    /// Piece placement relative to both kings ([`KP_OWN`], [`KP_ENEMY`]).
    Placement,
    /// The king's square ([`KING_POS`]).
    King,
    /// The side to move ([`TEMPO`]).
    Tempo,
    /// Open squares next to the king against the enemy's hand ([`OPEN_HAND`]).
    OpenHand,
    /// Pieces by the attacks on them ([`DEFENDED`], [`ATTACKED`]).
    Threats,
    /// The squares next to the king ([`KING_RING`]).
    KingRing,
}

impl Family {
    /// Every family, in index order.
    pub const ALL: [Family; 9] = [
        Family::Material,
        Family::Hand,
        Family::Control,
        Family::Placement,
        Family::King,
        Family::Tempo,
        Family::OpenHand,
        Family::Threats,
        Family::KingRing,
    ];

    /// The family's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Family::Material => "material",
            Family::Hand => "hand",
            Family::Control => "control",
            Family::Placement => "placement",
            Family::King => "king",
            Family::Tempo => "tempo",
            Family::OpenHand => "open-hand",
            Family::Threats => "threats",
            Family::KingRing => "king-ring",
        }
    }

    /// The feature indices of the family.
    pub fn range(self) -> std::ops::Range<usize> {
        match self {
            Family::Material => MAT..HAND,
            Family::Hand => HAND..CTRL,
            Family::Control => CTRL..KP_OWN,
            Family::Placement => KP_OWN..KING_POS,
            Family::King => KING_POS..TEMPO,
            Family::Tempo => TEMPO..OPEN_HAND,
            Family::OpenHand => OPEN_HAND..DEFENDED,
            Family::Threats => DEFENDED..KING_RING,
            Family::KingRing => KING_RING..FEATURES,
        }
    }
}

/// A name that is no [`Family`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown feature family '{text}' (one of {names})",
    text = self.0,
    names = Family::ALL.map(Family::name).join(", ")
)]
pub struct UnknownFamily(pub String);

impl std::str::FromStr for Family {
    type Err = UnknownFamily;
    fn from_str(s: &str) -> Result<Family, UnknownFamily> {
        Family::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownFamily(s.to_string()))
    }
}

#[cfg(test)]
mod family_tests {
    use super::*;

    #[test]
    fn families_parse_by_name_and_unknown_ones_list_them() {
        for f in Family::ALL {
            assert_eq!(f.name().to_uppercase().parse(), Ok(f));
        }
        assert_eq!(
            "kings".parse::<Family>().unwrap_err().to_string(),
            "unknown feature family 'kings' (one of material, hand, control, placement, \
             king, tempo, open-hand, threats, king-ring)"
        );
    }
}
