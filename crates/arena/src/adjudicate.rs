//! Resign adjudication: a game whose outcome both players agree on ends
//! early, as in cutechess-cli's and fastchess's
//! `-resign movecount=N score=S twosided=true`.
//!
//! Contract: [`ResignRule`] reads `MOVES,CP` (both positive) and refuses
//! anything else with the reason. [`ResignWatch`] is told, after each move,
//! which seat moved and the value that player reported for it; it
//! adjudicates a loss for the seat about to move once that seat's last
//! `MOVES` scores were all at most `-CP` and its opponent's last `MOVES`
//! scores were all at least `CP` (a proven win or loss counts beyond any
//! `CP`). A move without a score in centipawns (a Monte Carlo estimate, an
//! engine that printed none) breaks its side's run, so one-sided or silent
//! evidence never ends a game. Only the side to move is ever adjudicated,
//! so a record shows a resignation where that side would have resigned.

use std::fmt;
use std::str::FromStr;
use yomi_search::{Seat, Value};

/// When a game is given up on both players' word: `moves` consecutive
/// moves of each side with scores beyond `cp` (the loser's at most `-cp`,
/// the winner's at least `cp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves of each side the scores must hold for.
    pub moves: u32,
    /// The score, in centipawns from the mover's side, that counts as lost.
    pub cp: i32,
}

/// A resign rule that does not read as `MOVES,CP`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResignRuleError {
    /// Not two whole numbers separated by a comma.
    #[error("resign rule '{0}': expected MOVES,CP (e.g. 3,1000)")]
    Syntax(String),
    /// A number that is zero or negative.
    #[error("resign rule '{0}': MOVES and CP must both be at least 1")]
    NotPositive(String),
}

/// Parses `MOVES,CP`, e.g. `3,1000`.
///
/// ```
/// use yomi_arena::ResignRule;
/// let rule: ResignRule = "3,1000".parse()?;
/// assert_eq!((rule.moves, rule.cp), (3, 1000));
/// assert_eq!(rule.to_string(), "1000 cp for 3 moves");
/// assert!("3".parse::<ResignRule>().is_err());
/// # Ok::<(), yomi_arena::ResignRuleError>(())
/// ```
impl FromStr for ResignRule {
    type Err = ResignRuleError;

    fn from_str(text: &str) -> Result<ResignRule, ResignRuleError> {
        let syntax = || ResignRuleError::Syntax(text.to_string());
        let (moves, cp) = text.split_once(',').ok_or_else(syntax)?;
        let moves: u32 = moves.trim().parse().map_err(|_| syntax())?;
        let cp: i32 = cp.trim().parse().map_err(|_| syntax())?;
        if moves == 0 || cp <= 0 {
            return Err(ResignRuleError::NotPositive(text.to_string()));
        }
        Ok(ResignRule { moves, cp })
    }
}

impl fmt::Display for ResignRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cp for {} moves", self.cp, self.moves)
    }
}

/// A reported value in centipawns from the mover's side, proven results
/// mapped beyond any centipawn value; `None` for a value that is no score
/// (a Monte Carlo estimate, a proven draw).
fn score_cp(value: &Value) -> Option<i64> {
    const MATE: i64 = 1 << 40;
    match *value {
        Value::Score(cp) => Some(i64::from(cp)),
        Value::Exact { result, .. } if result > 0 => Some(MATE),
        Value::Exact { result, .. } if result < 0 => Some(-MATE),
        Value::Exact { .. } | Value::Expected(_) => None,
    }
}

/// Runs of winning and losing scores per seat, for one game.
#[derive(Clone, Debug)]
pub struct ResignWatch {
    rule: ResignRule,
    /// Per seat: consecutive own moves with score <= -cp.
    losing: [u32; 2],
    /// Per seat: consecutive own moves with score >= cp.
    winning: [u32; 2],
}

impl ResignWatch {
    /// A watch for one game under `rule`.
    pub fn new(rule: ResignRule) -> ResignWatch {
        ResignWatch {
            rule,
            losing: [0; 2],
            winning: [0; 2],
        }
    }

    /// The rule this watch applies.
    pub fn rule(&self) -> ResignRule {
        self.rule
    }

    /// Records that `seat` moved having reported `value` (if any); returns
    /// true when the other seat, now to move, is adjudicated lost.
    pub fn moved(&mut self, seat: Seat, value: Option<&Value>) -> bool {
        let cp = i64::from(self.rule.cp);
        match value.and_then(score_cp) {
            Some(s) => {
                self.losing[seat] = if s <= -cp { self.losing[seat] + 1 } else { 0 };
                self.winning[seat] = if s >= cp { self.winning[seat] + 1 } else { 0 };
            }
            None => {
                self.losing[seat] = 0;
                self.winning[seat] = 0;
            }
        }
        let other = 1 - seat;
        self.winning[seat] >= self.rule.moves && self.losing[other] >= self.rule.moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: ResignRule = ResignRule { moves: 2, cp: 500 };

    fn cp(v: i32) -> Option<Value> {
        Some(Value::Score(v))
    }

    fn mate(result: i32) -> Option<Value> {
        Some(Value::Exact { result, plies: 9 })
    }

    #[test]
    fn rules_parse_and_bad_ones_say_why() {
        assert_eq!("3,1000".parse(), Ok(ResignRule { moves: 3, cp: 1000 }));
        assert_eq!(" 4 , 600 ".parse(), Ok(ResignRule { moves: 4, cp: 600 }));
        for bad in ["3", "3,", ",1000", "x,1000", "3,1e3", "3,1000,2", "-1,500"] {
            let e = bad.parse::<ResignRule>().unwrap_err().to_string();
            assert!(e.contains(bad) && e.contains("MOVES,CP"), "{bad}: {e}");
        }
        let e = "0,1000".parse::<ResignRule>().unwrap_err().to_string();
        assert!(e.contains("at least 1"), "{e}");
        assert!("3,0".parse::<ResignRule>().is_err());
        assert!("3,-100".parse::<ResignRule>().is_err());
    }

    #[test]
    fn values_map_proofs_beyond_centipawns() {
        assert_eq!(score_cp(&Value::Score(-35)), Some(-35));
        assert!(
            score_cp(&Value::Exact {
                result: 1,
                plies: 5
            })
            .unwrap()
                > 1_000_000
        );
        assert!(
            score_cp(&Value::Exact {
                result: -1,
                plies: 7
            })
            .unwrap()
                < -1_000_000
        );
        assert_eq!(
            score_cp(&Value::Exact {
                result: 0,
                plies: 7
            }),
            None
        );
        assert_eq!(score_cp(&Value::Expected(0.9)), None);
    }

    #[test]
    fn both_sides_must_agree_for_the_rule_moves() {
        let mut w = ResignWatch::new(RULE);
        // Seat 0 wins by its own count, seat 1 still thinks it is fine.
        assert!(!w.moved(0, cp(900).as_ref()));
        assert!(!w.moved(1, cp(-100).as_ref()));
        assert!(!w.moved(0, cp(900).as_ref()));
        assert!(!w.moved(1, cp(-600).as_ref()));
        // Seat 1 has one losing move: not yet.
        assert!(!w.moved(0, cp(900).as_ref()));
        assert!(!w.moved(1, mate(-1).as_ref()));
        // Two losing moves of seat 1, two winning of seat 0: seat 1 is lost.
        assert!(w.moved(0, cp(700).as_ref()));
    }

    #[test]
    fn the_mover_itself_is_never_adjudicated() {
        let mut w = ResignWatch::new(RULE);
        assert!(!w.moved(1, cp(900).as_ref()));
        assert!(!w.moved(0, cp(-900).as_ref()));
        assert!(!w.moved(1, cp(900).as_ref()));
        // Both runs are long enough now, but seat 0 is the mover: its own
        // move never ends the game, whatever it reports.
        assert!(!w.moved(0, cp(-900).as_ref()));
        // Seat 1's next winning move does, with seat 0 to move.
        assert!(w.moved(1, cp(900).as_ref()));
    }

    #[test]
    fn a_missing_or_weaker_score_breaks_the_run() {
        let mut w = ResignWatch::new(RULE);
        assert!(!w.moved(1, cp(-900).as_ref()));
        assert!(!w.moved(0, cp(900).as_ref()));
        assert!(!w.moved(1, None));
        assert!(!w.moved(0, cp(900).as_ref()));
        assert!(!w.moved(1, cp(-900).as_ref()));
        assert!(!w.moved(0, cp(499).as_ref()));
        assert!(!w.moved(1, cp(-900).as_ref()));
        // Seat 0's run restarted at the 499: one winning move so far.
        assert!(!w.moved(0, cp(900).as_ref()));
        assert!(!w.moved(1, cp(-900).as_ref()));
        assert!(w.moved(0, cp(900).as_ref()));
    }
}
