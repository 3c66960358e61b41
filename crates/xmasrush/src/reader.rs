//! The bot side: rebuilds a full [`State`] from the protocol input alone,
//! with "me" as player 0.
//!
//! Contract: the rebuilt state, after [`State::collect`], is the state the
//! referee is in when it waits for this bot's answer, up to what the input
//! cannot tell: the order of quest cards nobody has turned yet (taken in name
//! order) and which deck positions completed cards had (irrelevant to the
//! future). Both players share one deck order, so when the opponent has
//! turned more cards than I have, their revealed quests beyond my turned
//! cards are my next quests, in their reveal order; the rebuilt deck keeps
//! that. The turn number and the deadlock counter are not in the input: the
//! [`Reader`] counts turns and compares the board between push turns.

use crate::league::League;
use crate::protocol::{ItemPlace, TurnInput};
use crate::state::{GONE, HAND0, HAND1, ITEMS, State};
use crate::tile::CELLS;

/// Keeps what the input does not repeat: turn count and the stale counter.
#[derive(Clone, Debug)]
pub struct Reader {
    league: League,
    turns: u8,
    stale: u8,
    last_push_board: Option<([u8; CELLS], [u8; 2])>,
}

impl Reader {
    /// A reader for a game in `league`.
    pub fn new(league: League) -> Reader {
        Reader {
            league,
            turns: 0,
            stale: 0,
            last_push_board: None,
        }
    }

    /// The state at the decision point of this turn (after the start-of-turn
    /// collection the referee does once the input is sent).
    pub fn read(&mut self, input: &TurnInput) -> State {
        self.turns += 1;
        // Turn parity from the input is authoritative; the count only fills the gaps.
        if input.push_turn != (self.turns % 2 == 1) {
            self.turns += 1;
        }
        let hands = [input.players[0].hand, input.players[1].hand];
        if input.push_turn {
            // Unchanged board and hands after a push turn means both pushed the same line.
            if let Some(prev) = self.last_push_board {
                if self.turns >= 3 && prev == (input.board, hands) {
                    self.stale += 1;
                } else {
                    self.stale = 0;
                }
            }
            self.last_push_board = Some((input.board, hands));
        }
        let mut state = rebuild(input, self.league);
        state.turn = self.turns;
        state.stale = self.stale;
        state.collect();
        state
    }
}

/// Builds the state from one input, as described in the module contract
/// (turn and stale counter left at 1 and 0 for a push turn, 2 for a move turn).
pub fn rebuild(input: &TurnInput, league: League) -> State {
    let quests = league.quests() as usize;
    let mut items = [GONE; ITEMS];
    let mut item_order = [u8::MAX; ITEMS];
    for (k, it) in input.items.iter().enumerate() {
        let owner = usize::from(!it.mine);
        let id = State::item_id(owner, it.name);
        items[id] = match it.place {
            ItemPlace::Cell(c) => c,
            ItemPlace::MyHand => HAND0,
            ItemPlace::TheirHand => HAND1,
        };
        item_order[k] = id as u8;
    }
    // Names per player: revealed (in order), completed (no item left), hidden.
    let mut revealed: [Vec<u8>; 2] = [Vec::new(), Vec::new()];
    for &(name, mine) in &input.quests {
        revealed[usize::from(!mine)].push(name);
    }
    let present = |p: usize, name: u8| items[State::item_id(p, name)] != GONE;
    let all: Vec<u8> = (0..12u8).collect();
    let done: [Vec<u8>; 2] = std::array::from_fn(|p| {
        let left = input.players[p].cards as usize;
        // In the Wood leagues names never dealt have no item either; the card
        // count tells how many are truly completed.
        let gone: Vec<u8> = all.iter().copied().filter(|&n| !present(p, n)).collect();
        let completed = quests.saturating_sub(left);
        if gone.len() == completed {
            gone
        } else {
            gone.into_iter().take(completed).collect()
        }
    });
    let turned: [Vec<u8>; 2] =
        std::array::from_fn(|p| done[p].iter().chain(&revealed[p]).copied().collect());
    let (small, large) = if turned[0].len() <= turned[1].len() {
        (0, 1)
    } else {
        (1, 0)
    };
    let in_small = |n: u8| turned[small].contains(&n);

    // Deck order from the top (position quests-1 downwards).
    let mut order: Vec<u8> = Vec::with_capacity(12);
    // Common region: cards turned by both. First those completed by both (no constraint).
    for &n in &done[small] {
        if done[large].contains(&n) {
            order.push(n);
        }
    }
    // Then merge the two reveal orders restricted to the common region.
    // A side constrains only the cards it still shows (its reveal order); cards it
    // completed may sit anywhere in its region.
    let xs: Vec<u8> = revealed[small].clone();
    let ys: Vec<u8> = revealed[large]
        .iter()
        .copied()
        .filter(|&n| in_small(n) && !order.contains(&n))
        .collect();
    merge_orders(&xs, &ys, &mut order);
    // The large side's own region: completed first, then its reveal order.
    for &n in &done[large] {
        if !order.contains(&n) {
            order.push(n);
        }
    }
    for &n in &revealed[large] {
        if !order.contains(&n) {
            order.push(n);
        }
    }
    // Cards nobody turned: unknown order; name order, dealt names only.
    for n in 0..12u8 {
        if order.len() < quests && !order.contains(&n) && (present(0, n) || present(1, n)) {
            order.push(n);
        }
    }
    for n in 0..12u8 {
        if order.len() < quests && !order.contains(&n) {
            order.push(n);
        }
    }
    let mut deck = [0u8; 12];
    for (k, &n) in order.iter().take(quests).enumerate() {
        deck[quests - 1 - k] = n;
    }
    let mut rest = (0..12u8).filter(|n| !order[..quests.min(order.len())].contains(n));
    for slot in deck.iter_mut().skip(quests) {
        *slot = rest.next().unwrap_or(0);
    }
    let position = |n: u8| quests - 1 - order.iter().position(|&m| m == n).expect("in order");
    let done_mask: [u16; 2] =
        std::array::from_fn(|p| done[p].iter().fold(0u16, |m, &n| m | 1 << position(n)));
    State {
        board: input.board,
        hands: [input.players[0].hand, input.players[1].hand],
        items,
        item_order,
        deck,
        pos: [input.players[0].pos, input.players[1].pos],
        score: [done[0].len() as i8, done[1].len() as i8],
        turned: [turned[0].len() as u8, turned[1].len() as u8],
        done: done_mask,
        turn: if input.push_turn { 1 } else { 2 },
        stale: 0,
        quests: quests as u8,
        visible: league.visible(),
        over: false,
    }
}

/// Appends a common supersequence of two orders that are both subsequences of one true order.
fn merge_orders(xs: &[u8], ys: &[u8], out: &mut Vec<u8>) {
    let (mut i, mut j) = (0, 0);
    while i < xs.len() || j < ys.len() {
        if i < xs.len() && !ys[j..].contains(&xs[i]) {
            out.push(xs[i]);
            i += 1;
        } else if j < ys.len() && !xs[i..].contains(&ys[j]) {
            out.push(ys[j]);
            j += 1;
        } else {
            // Both heads are the same card (consistent inputs); anything else is taken as it comes.
            let n = xs[i];
            out.push(n);
            i += 1;
            if let Some(k) = ys[j..].iter().position(|&m| m == n) {
                j += k + 1;
            }
        }
    }
}
