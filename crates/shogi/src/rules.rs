//! Game-ending rules beyond checkmate: sennichite (repetition) and the
//! entering-king declaration (jishogi).
//!
//! Contract: [`Position::declaration`] applies the declaration conditions for
//! the side to move (king in the enemy camp, at least 10 other own pieces
//! there, not in check, enough points counting pieces there and in hand with
//! rook/bishop and their promotions worth 5 and everything else but the king
//! worth 1). [`repetition`] judges a history of keys and check flags by the
//! fourfold-repetition rule, with the perpetual-checking side losing.
//! [`DeclarationRule`] reads and prints as `27`, `24` or `none`.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::types::{Color, HAND_KINDS, Kind};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Which entering-king declaration rule applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum DeclarationRule {
    /// No declaration.
    None,
    /// The CSA 27-point rule: Black needs 28 points, White 27; a valid declaration wins.
    #[default]
    Points27,
    /// The 24-point rule: 31 or more points wins, 24 to 30 draws.
    Points24,
}

impl fmt::Display for DeclarationRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DeclarationRule::None => "none",
            DeclarationRule::Points27 => "27",
            DeclarationRule::Points24 => "24",
        })
    }
}

/// Text that is not a declaration rule. Its message is the text quoted and
/// the accepted spellings (`'25': use 27, 24 or none`), so a command line
/// prefixes it with its flag.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("'{0}': use 27, 24 or none")]
pub struct ParseDeclarationRuleError(pub String);

impl FromStr for DeclarationRule {
    type Err = ParseDeclarationRuleError;

    /// Reads `27`, `24` or `none` (what `Display` writes).
    ///
    /// ```
    /// use yomi_shogi::DeclarationRule;
    /// assert_eq!("24".parse(), Ok(DeclarationRule::Points24));
    /// assert_eq!(DeclarationRule::None.to_string(), "none");
    /// let e = "25".parse::<DeclarationRule>().unwrap_err();
    /// assert_eq!(format!("--declaration {e}"), "--declaration '25': use 27, 24 or none");
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "27" => Ok(DeclarationRule::Points27),
            "24" => Ok(DeclarationRule::Points24),
            "none" => Ok(DeclarationRule::None),
            other => Err(ParseDeclarationRuleError(other.to_string())),
        }
    }
}

/// What a declaration by the side to move would achieve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declaration {
    /// The declaring side wins.
    Win,
    /// The game is drawn (24-point rule, 24 to 30 points).
    Draw,
}

/// Verdict of the repetition rule, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// The position has not occurred four times.
    None,
    /// Fourfold repetition without perpetual check: draw.
    Draw,
    /// The opponent checked on every move of the cycle: the side to move wins.
    Win,
    /// The side to move checked on every move of the cycle: it loses.
    Loss,
}

/// The promotion zone of `c` (its opponent's camp).
fn enemy_camp(c: Color) -> Bitboard {
    const BLACK: u128 = {
        let mut m = 0u128;
        let mut f = 0;
        while f < 9 {
            m |= 0b111u128 << (9 * f);
            f += 1;
        }
        m
    };
    Bitboard(match c {
        Color::Black => BLACK,
        Color::White => BLACK << 6,
    })
}

impl Position {
    /// `(pieces, points)` of color `c` for the declaration rule: own pieces
    /// other than the king in the enemy camp, and points over those plus the
    /// pieces in hand.
    pub fn declaration_points(&self, c: Color) -> (u32, u32) {
        let camp = enemy_camp(c) & self.color_bb(c) & !Bitboard::from_square(self.king_square(c));
        let big = camp
            & (self.by_kind[Kind::Bishop as usize]
                | self.by_kind[Kind::Rook as usize]
                | self.by_kind[Kind::Horse as usize]
                | self.by_kind[Kind::Dragon as usize]);
        let hand = self.hand(c);
        let hand_points: u32 = HAND_KINDS
            .iter()
            .map(|&k| {
                hand.count(k)
                    * if matches!(k, Kind::Bishop | Kind::Rook) {
                        5
                    } else {
                        1
                    }
            })
            .sum();
        let pieces = camp.count();
        (pieces, pieces + 4 * big.count() + hand_points)
    }

    /// What the side to move may declare under `rule`, if anything.
    pub fn declaration(&self, rule: DeclarationRule) -> Option<Declaration> {
        if rule == DeclarationRule::None {
            return None;
        }
        let us = self.side_to_move();
        if !enemy_camp(us).has(self.king_square(us)) || self.in_check() {
            return None;
        }
        let (pieces, points) = self.declaration_points(us);
        if pieces < 10 {
            return None;
        }
        match rule {
            DeclarationRule::None => None,
            DeclarationRule::Points27 => {
                let need = if us == Color::Black { 28 } else { 27 };
                (points >= need).then_some(Declaration::Win)
            }
            DeclarationRule::Points24 => match points {
                31.. => Some(Declaration::Win),
                24..=30 => Some(Declaration::Draw),
                _ => None,
            },
        }
    }
}

/// Judges repetition for the last entry of a history.
///
/// `keys[i]` is the key of the i-th position and `in_check(i)` tells whether
/// the side to move was in check there; the last entry is the current
/// position. Positions two plies apart have the same side to move, so only
/// those are compared.
pub fn repetition(keys: &[u64], in_check: impl Fn(usize) -> bool) -> Repetition {
    let Some(&now) = keys.last() else {
        return Repetition::None;
    };
    let n = keys.len() - 1;
    let mut seen = 1;
    let mut first = n;
    let mut i = n;
    while i >= 2 && seen < 4 {
        i -= 2;
        if keys[i] == now {
            seen += 1;
            first = i;
        }
    }
    if seen < 4 {
        return Repetition::None;
    }
    // Side to move now is "S"; positions first, first+2, ..., n have S to move.
    let s_always_checked = (first..=n).step_by(2).all(&in_check);
    let opp_always_checked = (first + 1..n).step_by(2).all(&in_check);
    match (s_always_checked, opp_always_checked) {
        (true, false) => Repetition::Win,
        (false, true) => Repetition::Loss,
        _ => Repetition::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fourfold_needed() {
        let keys = [1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1];
        assert_eq!(repetition(&keys[..9], |_| false), Repetition::None);
        assert_eq!(repetition(&keys, |_| false), Repetition::Draw);
        // The side to move (at even indices) was checked every time: it wins.
        assert_eq!(repetition(&keys, |i| i % 2 == 0), Repetition::Win);
        assert_eq!(repetition(&keys, |i| i % 2 == 1), Repetition::Loss);
        assert_eq!(repetition(&keys, |_| true), Repetition::Draw);
    }

    #[test]
    fn declaration_rules_read_what_they_print() {
        for r in [
            DeclarationRule::None,
            DeclarationRule::Points27,
            DeclarationRule::Points24,
        ] {
            assert_eq!(r.to_string().parse(), Ok(r));
        }
        assert_eq!(
            "27".parse::<DeclarationRule>(),
            Ok(DeclarationRule::Points27)
        );
        assert!("None".parse::<DeclarationRule>().is_err());
        assert!("".parse::<DeclarationRule>().is_err());
    }

    #[test]
    fn declaration_27_points() {
        // Black king in White's camp with enough pieces and points.
        let pos =
            Position::from_sfen("K+R+B1GGSS1/PPPPPPPPP/9/9/9/9/9/9/8k b RB2S3N3L9p 1").unwrap();
        let (pieces, points) = pos.declaration_points(Color::Black);
        assert_eq!(pieces, 15);
        assert!(points >= 28, "{points}");
        assert_eq!(
            pos.declaration(DeclarationRule::Points27),
            Some(Declaration::Win)
        );
        let start = Position::startpos();
        assert_eq!(start.declaration(DeclarationRule::Points27), None);
    }
}
