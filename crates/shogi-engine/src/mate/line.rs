//! Reading the mating line out of a proof, and checking a line by replay.
//!
//! Contract: [`extract`] follows the table from the root: the attacker takes
//! the proven check with the shortest stored proof (an immediate mate first),
//! the defender the reply with the longest; a reply missing from the table
//! is proved again. When the limit is the exact mate length (`exact`), the
//! defender's reply is one that is proved to hold out longest (no mate two
//! plies sooner after it), so the line has exactly that length. It returns
//! a line only if [`verify_mate_line`] accepts it. [`verify_mate_line`] replays a line from a position and accepts it
//! when every move is legal, every attacker move gives check, and the
//! defender is checkmated at the end.

use super::search::{MAX_PLY, Searcher, node_moves};
use super::table::INF;
use yomi_shogi::{Move, MoveList, Position, count_legal};

/// True when `line` is a legal sequence from `pos`, every move of the side
/// to move in `pos` gives check, it has odd length, and it ends in checkmate.
pub fn verify_mate_line(pos: &Position, line: &[Move]) -> bool {
    if line.len().is_multiple_of(2) {
        return false;
    }
    let mut p = pos.clone();
    for (i, &m) in line.iter().enumerate() {
        if !p.is_legal(m) || (i % 2 == 0 && !p.gives_check(m)) {
            return false;
        }
        p.do_move(m);
    }
    p.in_check() && count_legal(&p) == 0
}

/// The mating line of a proven root (`s.pos`), or None if it cannot be read
/// (budget exhausted while re-proving, or a line that fails verification).
pub(crate) fn extract(s: &mut Searcher<'_>, limit: Option<u16>, exact: bool) -> Option<Vec<Move>> {
    let root = s.pos.clone();
    let mut line = Vec::new();
    let mut left = limit;
    let mut attacker = true;
    let mut seen = Vec::new();
    loop {
        let mut list = MoveList::new();
        node_moves(&s.pos, attacker, &mut list);
        if list.is_empty() {
            break;
        }
        if line.len() >= MAX_PLY || seen.contains(&s.pos.key()) || left == Some(0) {
            return None;
        }
        seen.push(s.pos.key());
        let child_left = left.map(|d| d - 1);
        // The attacker first looks only at stored proofs; if the table lost
        // them all, it proves its checks again one by one.
        let pick = match choose(s, &list, attacker, child_left, false) {
            Some(p) => Some(p),
            None if attacker => choose(s, &list, attacker, child_left, true),
            None => None,
        };
        let (mut m, _) = pick?;
        if exact
            && !attacker
            && let Some(d) = child_left
        {
            m = longest_reply(s, &list, d).unwrap_or(m);
        }
        s.pos.do_move(m);
        line.push(m);
        left = child_left;
        attacker = !attacker;
    }
    verify_mate_line(&root, &line).then_some(line)
}

/// The move to follow: the attacker's shortest proven check, the defender's
/// longest-resisting reply (None when a reply is not proven).
fn choose(
    s: &mut Searcher<'_>,
    list: &MoveList,
    attacker: bool,
    child_left: Option<u16>,
    reprove: bool,
) -> Option<(Move, u16)> {
    let mut pick: Option<(Move, u16)> = None;
    for &m in list.iter() {
        let captured = s.pos.do_move(m);
        let len = if attacker && count_legal(&s.pos) == 0 {
            Some(0)
        } else {
            proof_len(s, !attacker, child_left, reprove || !attacker)
        };
        s.pos.undo_move(m, captured);
        let Some(len) = len else {
            if attacker {
                continue;
            }
            return None;
        };
        let better = match pick {
            None => true,
            Some((_, l)) => (attacker && len < l) || (!attacker && len > l),
        };
        if better {
            pick = Some((m, len));
        }
    }
    pick
}

/// A defender reply after which the attacker, with `left` plies to go, has
/// no mate two plies sooner (so it resists longest), or None if none is
/// proved so (budget) or `left` is too small to ask.
fn longest_reply(s: &mut Searcher<'_>, list: &MoveList, left: u16) -> Option<Move> {
    if left < 3 {
        return list.first().copied();
    }
    for &m in list.iter() {
        let captured = s.pos.do_move(m);
        let r = s.mid(true, INF, INF, Some(left - 2));
        s.pos.undo_move(m, captured);
        if r.dn == 0 {
            return Some(m);
        }
    }
    None
}

/// The stored proof length of the current position, proving it again when
/// the table lost it (defender replies must all be proven). None: not proven.
fn proof_len(
    s: &mut Searcher<'_>,
    attacker: bool,
    left: Option<u16>,
    reprove: bool,
) -> Option<u16> {
    match s.lookup(left) {
        Some(b) if b.pn == 0 => Some(b.len),
        Some(b) if b.dn == 0 => None,
        _ if reprove && !s.aborted => {
            let r = s.mid(attacker, INF, INF, left);
            (r.pn == 0).then_some(r.len)
        }
        _ => None,
    }
}
