//! Automatic moves to the foundation, and the rules that decide which cards
//! may go home without being asked.
//!
//! Contract: a rule only looks at the card and the four foundations, so a
//! card's eligibility changes only when a foundation does. [`AutoRule::Safe`]
//! never turns a solvable position into an unsolvable one, so the searches
//! whose exhaustion is a proof use it; [`AutoRule::Eager`] sends cards home a
//! rank earlier and is used where exhaustion proves nothing (the guided
//! search), where it saves states.

use crate::board::Board;
use crate::card::Card;
use crate::moves::{Loc, Move, apply_unchecked};

/// Which cards go to the foundation automatically.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AutoRule {
    /// Aces and twos, and any card whose two opposite-colour foundations
    /// hold rank-1 already: no card left in play can need it as a base.
    #[default]
    Safe,
    /// Also a card whose opposite-colour foundations hold rank-2 and whose
    /// same-colour partner suit holds rank-3 (FreeCell Pro's autoplay): the
    /// black rank-1 cards that could still want it can go home themselves,
    /// and so can the red rank-2 cards that could want those.
    Eager,
}

impl AutoRule {
    /// True when `c` is the next card of its foundation and the rule sends
    /// it home.
    #[inline]
    pub fn takes(self, b: &Board, c: Card) -> bool {
        let r = c.rank();
        if !b.is_next_home(c) {
            return false;
        }
        if r <= 2 {
            return true;
        }
        let (o1, o2) = if c.is_red() { (0, 3) } else { (1, 2) };
        let opposite = b.found(o1).min(b.found(o2));
        match self {
            AutoRule::Safe => opposite + 1 >= r,
            // suits are C D H S, so a suit's same-colour partner is 3 - suit
            AutoRule::Eager => {
                opposite + 1 >= r || (opposite + 2 >= r && b.found(3 - c.suit()) + 3 >= r)
            }
        }
    }

    /// The cards this rule would send home from `b`'s foundations, as a
    /// bit set by card value (at most one per suit; they depend on the
    /// foundations alone).
    #[inline]
    pub fn eligible(self, b: &Board) -> u64 {
        let mut want = 0u64;
        for suit in 0..4u8 {
            let r = b.found(suit) + 1;
            if r <= 13 {
                let c = Card::new(r, suit);
                if self.takes(b, c) {
                    want |= 1 << c.0;
                }
            }
        }
        want
    }

    /// One automatic move to the foundation under this rule, if any (free
    /// cells first, then columns).
    pub fn next_move(self, b: &Board) -> Option<Move> {
        // find the eligible cards first, so that most calls end without
        // looking at the board
        let want = self.eligible(b);
        if want == 0 {
            return None;
        }
        for (i, &c) in b.cells().iter().enumerate() {
            if want >> c.0 & 1 == 1 && !c.is_none() {
                return Some(Move::one(Loc::Cell(i as u8), Loc::Found));
            }
        }
        let tops = b.tops();
        for (col, top) in tops.iter().enumerate().take(b.ncols()) {
            if let Some(c) = *top
                && want >> c.0 & 1 == 1
            {
                return Some(Move::one(Loc::Col(col as u8), Loc::Found));
            }
        }
        None
    }

    /// Applies this rule's automatic moves until none is left, appending
    /// them to `out`.
    pub fn run(self, b: &mut Board, out: &mut Vec<Move>) {
        while let Some(m) = self.next_move(b) {
            apply_unchecked(b, m);
            out.push(m);
        }
    }
}

/// Applies safe auto-moves until none is left, appending them to `out`.
pub fn run_auto_moves(b: &mut Board, out: &mut Vec<Move>) {
    AutoRule::Safe.run(b, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Layout;

    /// A board with the given foundation ranks (C, D, H, S) and every other
    /// card dealt round-robin over eight columns, high ranks first, so that
    /// many of the cards the foundations want next lie exposed.
    fn with_foundations(found: [u8; 4]) -> Board {
        let mut cols = vec![Vec::new(); 8];
        let mut k = 0;
        for suit in 0..4u8 {
            for rank in (found[suit as usize] + 1..=13).rev() {
                cols[k % 8].push(Card::new(rank, suit));
                k += 1;
            }
        }
        Board::from_parts(Layout::default(), found, &[], &cols).unwrap()
    }

    /// The 5 of hearts, next on its foundation, against the black
    /// foundations and the diamonds: only the eager rule takes it when the
    /// black fours are still out, and only while the diamonds reach the 2.
    #[test]
    fn eager_takes_a_rank_earlier_than_safe() {
        let five_h = Card::new(5, 2);
        let cases = [
            // C, D, H, S -> (safe, eager)
            ([4, 0, 4, 4], (true, true)),
            ([3, 2, 4, 3], (false, true)),
            ([3, 1, 4, 3], (false, false)),
            ([2, 2, 4, 3], (false, false)),
            ([3, 13, 4, 3], (false, true)),
            ([3, 2, 3, 3], (false, false)), // not the next heart
        ];
        for (found, (safe, eager)) in cases {
            let b = with_foundations(found);
            assert_eq!(AutoRule::Safe.takes(&b, five_h), safe, "{found:?}");
            assert_eq!(AutoRule::Eager.takes(&b, five_h), eager, "{found:?}");
        }
    }

    /// Aces and twos always go home; whatever the safe rule takes, the eager
    /// one takes too (every foundation state, every card).
    #[test]
    fn eager_extends_safe() {
        let mut checked = 0;
        for c in 0..=3u8 {
            for h in [0u8, 2, 5, 9, 12] {
                let b = with_foundations([c * 3, (c * 5) % 13, h, 12 - h]);
                for i in 0..52 {
                    let card = Card::from_index(i);
                    let safe = AutoRule::Safe.takes(&b, card);
                    assert!(!safe || AutoRule::Eager.takes(&b, card), "{card} on {b:?}");
                    if b.is_next_home(card) && card.rank() <= 2 {
                        assert!(safe, "{card}");
                    }
                    checked += 1;
                }
            }
        }
        assert_eq!(checked, 4 * 5 * 52);
    }

    /// Running the rules to a fixed point: every move is one the rule takes
    /// at that moment, none is left at the end, and the eager rule never
    /// moves fewer cards than the safe one.
    #[test]
    fn run_moves_eligible_cards_to_a_fixed_point() {
        let mut moved = [0; 2];
        for x in 0..200u32 {
            let r = |k: u32| ((x.wrapping_mul(2654435761) >> (k * 4)) % 9) as u8;
            let start = with_foundations([r(0), r(1), r(2), r(3)]);
            let mut counts = [0; 2];
            for (i, rule) in [AutoRule::Safe, AutoRule::Eager].into_iter().enumerate() {
                let mut b = start.clone();
                let mut out = Vec::new();
                let mut replay = start.clone();
                rule.run(&mut b, &mut out);
                for &m in &out {
                    let card = crate::moves::moved_card(&replay, m).unwrap();
                    assert!(rule.takes(&replay, card), "{rule:?} {m:?} on {replay:?}");
                    apply_unchecked(&mut replay, m);
                }
                assert_eq!(replay, b);
                assert_eq!(rule.next_move(&b), None);
                counts[i] = out.len();
            }
            assert!(counts[1] >= counts[0], "{start:?}");
            moved[0] += counts[0];
            moved[1] += counts[1];
        }
        assert!(
            moved[0] > 100,
            "only {} safe automatic moves made",
            moved[0]
        );
        assert!(
            moved[1] > moved[0],
            "the eager rule took nothing more: {moved:?}"
        );
    }
}
