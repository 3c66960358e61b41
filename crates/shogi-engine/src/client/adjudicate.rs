//! Resign adjudication of clocked games: a game whose outcome both engines
//! agree on ends early, as in cutechess-cli's and fastchess's
//! `-resign movecount=N score=S twosided=true`.
//!
//! Contract: [`ResignRule::parse`] reads `MOVES,CP` (both positive) and
//! refuses anything else with the reason. [`ResignWatch`] is told, after
//! each move, which seat moved and the score that engine reported last;
//! it adjudicates a loss for the seat about to move once that seat's last
//! `MOVES` scores were all at most `-CP` and its opponent's last `MOVES`
//! scores were all at least `CP` (a mate score counts beyond any `CP`). A
//! move without a score (a built-in strategy, an engine that printed none)
//! breaks its side's run, so one-sided or silent evidence never ends a game.
//! Only the side to move is ever adjudicated, so the record's `%TORYO`
//! stands where that side would have resigned.

use std::fmt;

/// When a game is given up on both engines' word: `moves` consecutive
/// moves of each side with scores beyond `cp` (the loser's at most `-cp`,
/// the winner's at least `cp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves of each side the scores must hold for.
    pub moves: u32,
    /// The score, in centipawns from the mover's side, that counts as lost.
    pub cp: i32,
}

impl ResignRule {
    /// Parses `MOVES,CP`, e.g. `3,1000`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let usage = || format!("resign rule '{text}': expected MOVES,CP (e.g. 3,1000)");
        let (moves, cp) = text.split_once(',').ok_or_else(usage)?;
        let moves: u32 = moves.trim().parse().map_err(|_| usage())?;
        let cp: i32 = cp.trim().parse().map_err(|_| usage())?;
        if moves == 0 || cp <= 0 {
            return Err(format!(
                "resign rule '{text}': MOVES and CP must both be at least 1"
            ));
        }
        Ok(ResignRule { moves, cp })
    }
}

impl fmt::Display for ResignRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} cp for {} moves", self.cp, self.moves)
    }
}

/// A reported score in centipawns from the engine's side, mate scores
/// mapped beyond any centipawn value; `None` for text that is no score.
pub fn score_cp(text: &str) -> Option<i64> {
    const MATE: i64 = 1 << 40;
    let mut it = text.split_whitespace();
    let kind = it.next()?;
    let value = it.next()?;
    match kind {
        "cp" => value.parse().ok(),
        "mate" => match value {
            "+" => Some(MATE),
            "-" => Some(-MATE),
            // `mate 0` and `mate -0` name no side; treat them as no score.
            v => match v.parse::<i64>().ok()? {
                0 => None,
                n if n > 0 => Some(MATE),
                _ => Some(-MATE),
            },
        },
        _ => None,
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

    /// Records that `seat` moved having reported `score` (the text of its
    /// last `score` field, if any); returns true when the other seat, now
    /// to move, is adjudicated lost.
    pub fn moved(&mut self, seat: usize, score: Option<&str>) -> bool {
        let cp = i64::from(self.rule.cp);
        match score.and_then(score_cp) {
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

    #[test]
    fn rules_parse_and_bad_ones_say_why() {
        assert_eq!(
            ResignRule::parse("3,1000"),
            Ok(ResignRule { moves: 3, cp: 1000 })
        );
        assert_eq!(
            ResignRule::parse(" 4 , 600 "),
            Ok(ResignRule { moves: 4, cp: 600 })
        );
        for bad in ["3", "3,", ",1000", "x,1000", "3,1e3", "3,1000,2", "-1,500"] {
            let e = ResignRule::parse(bad).unwrap_err();
            assert!(e.contains(bad) && e.contains("MOVES,CP"), "{bad}: {e}");
        }
        let e = ResignRule::parse("0,1000").unwrap_err();
        assert!(e.contains("at least 1"), "{e}");
        assert!(ResignRule::parse("3,0").is_err());
        assert!(ResignRule::parse("3,-100").is_err());
    }

    #[test]
    fn scores_map_mates_beyond_centipawns() {
        assert_eq!(score_cp("cp -35"), Some(-35));
        assert_eq!(score_cp("cp 1200"), Some(1200));
        assert!(score_cp("mate 5").unwrap() > 1_000_000);
        assert!(score_cp("mate +").unwrap() > 1_000_000);
        assert!(score_cp("mate +3").unwrap() > 1_000_000);
        assert!(score_cp("mate -7").unwrap() < -1_000_000);
        assert!(score_cp("mate -").unwrap() < -1_000_000);
        assert_eq!(score_cp("mate 0"), None);
        assert_eq!(score_cp("cp"), None);
        assert_eq!(score_cp("lowerbound 3"), None);
    }

    #[test]
    fn both_sides_must_agree_for_the_rule_moves() {
        let mut w = ResignWatch::new(RULE);
        // Seat 0 wins by its own count, seat 1 still thinks it is fine.
        assert!(!w.moved(0, Some("cp 900")));
        assert!(!w.moved(1, Some("cp -100")));
        assert!(!w.moved(0, Some("cp 900")));
        assert!(!w.moved(1, Some("cp -600")));
        // Seat 1 has one losing move: not yet.
        assert!(!w.moved(0, Some("cp 900")));
        assert!(!w.moved(1, Some("mate -9")));
        // Two losing moves of seat 1, two winning of seat 0: seat 1 is lost.
        assert!(w.moved(0, Some("cp 700")));
    }

    #[test]
    fn the_mover_itself_is_never_adjudicated() {
        let mut w = ResignWatch::new(RULE);
        assert!(!w.moved(1, Some("cp 900")));
        assert!(!w.moved(0, Some("cp -900")));
        assert!(!w.moved(1, Some("cp 900")));
        // Both runs are long enough now, but seat 0 is the mover: its own
        // move never ends the game, whatever it reports.
        assert!(!w.moved(0, Some("cp -900")));
        // Seat 1's next winning move does, with seat 0 to move.
        assert!(w.moved(1, Some("cp 900")));
    }

    #[test]
    fn a_missing_or_weaker_score_breaks_the_run() {
        let mut w = ResignWatch::new(RULE);
        assert!(!w.moved(1, Some("cp -900")));
        assert!(!w.moved(0, Some("cp 900")));
        assert!(!w.moved(1, None));
        assert!(!w.moved(0, Some("cp 900")));
        assert!(!w.moved(1, Some("cp -900")));
        assert!(!w.moved(0, Some("cp 499")));
        assert!(!w.moved(1, Some("cp -900")));
        // Seat 0's run restarted at the 499: one winning move so far.
        assert!(!w.moved(0, Some("cp 900")));
        assert!(!w.moved(1, Some("cp -900")));
        assert!(w.moved(0, Some("cp 900")));
    }
}
