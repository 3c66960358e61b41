//! What runs on the search thread for one `go`: the immediate answers
//! (no legal move, declaration, book, mate in one), the search or the mate
//! solver, and the final `bestmove`/`checkmate` line.
//!
//! Contract: exactly one final line is printed, and for a ponder or
//! infinite search only after `ponderhit` or `stop`: by this thread, or by
//! the answer guard of a timed search when the search is late (see
//! [`super::guard`]); returns the searcher.

use crate::book::Book;
use crate::engine::Engine;
use crate::mate::{Dfpn, DfpnOptions, MateOutcome};
use crate::search::{Control, GameHistory, Limits};
use crate::time::{Clock, fixed, plan};
use crate::usi::guard::Guard;
use crate::usi::{EngineOptions, GoParams, Out};
use std::sync::Arc;
use std::time::Duration;
use yomi_shogi::rules::Declaration;
use yomi_shogi::{Move, Position};

/// Everything a search thread needs.
pub(super) struct Task {
    pub out: Out,
    pub control: Arc<Control>,
    pub game: GameHistory,
    pub params: GoParams,
    pub options: EngineOptions,
    pub book: Option<Arc<Book>>,
}

/// The limits a `go` command and the options give for `pos`.
pub(super) fn limits(g: &GoParams, o: &EngineOptions, pos: &Position) -> Limits {
    let margin = o.network_delay_ms;
    let time = if let Some(mt) = g.movetime {
        Some(fixed(mt, margin))
    } else if g.has_clock() && !g.infinite {
        let clock = Clock {
            time_ms: [g.time[0].unwrap_or(0), g.time[1].unwrap_or(0)],
            inc_ms: [g.inc[0].unwrap_or(0), g.inc[1].unwrap_or(0)],
            byoyomi_ms: g.byoyomi.unwrap_or(0),
        };
        let ply = pos.move_number().saturating_sub(1);
        Some(plan(&clock, pos.side_to_move(), ply, margin))
    } else {
        None
    };
    let depth = g
        .depth
        .or((o.depth_limit > 0).then_some(o.depth_limit as u64))
        .map(|d| d.clamp(1, 120) as i32);
    let nodes = g.nodes.or((o.nodes_limit > 0).then_some(o.nodes_limit));
    Limits {
        depth,
        nodes,
        time,
        multipv: o.multipv,
    }
}

/// The `bestmove` line.
pub(super) fn bestmove(m: Move, ponder: Option<Move>) -> String {
    match ponder {
        Some(p) => format!("bestmove {m} ponder {p}"),
        None => format!("bestmove {m}"),
    }
}

/// A legal book move for the position, with a legal ponder move if any.
fn book_move(t: &Task) -> Option<(Move, Option<Move>)> {
    let book = t.book.as_ref()?;
    let pos = &t.game.position;
    if pos.move_number() > t.options.book_moves {
        return None;
    }
    let bm = book.probe(pos, t.options.book_seed)?;
    if !pos.is_legal(bm.mv) {
        return None;
    }
    let mut after = pos.clone();
    after.do_move(bm.mv);
    let ponder = bm.ponder.filter(|&p| after.is_legal(p));
    Some((bm.mv, ponder))
}

/// The final line, and the guard of a timed search.
fn decide(t: &Task, searcher: &mut Engine) -> (String, Option<Guard>) {
    let pos = &t.game.position;
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return ("bestmove resign".into(), None);
    }
    if pos.declaration(t.options.entering_king) == Some(Declaration::Win) {
        return ("bestmove win".into(), None);
    }
    if let Some((m, p)) = book_move(t) {
        t.out.line(&format!("info string book move {m}"));
        return (bestmove(m, p), None);
    }
    let limits = limits(&t.params, &t.options, pos);
    let guard = limits.time.map(|plan| {
        Guard::spawn(
            t.out.clone(),
            Arc::clone(&t.control),
            plan.hard_ms,
            legal[0],
        )
    });
    let (out, control) = (t.out.clone(), &t.control);
    let r = searcher.search(&t.game, &limits, &t.control, &mut |i| {
        if i.multipv == 1
            && let Some(&best) = i.pv.first()
        {
            control.publish(best, i.pv.get(1).copied());
        }
        // Once the guard has answered, later lines would belong to no `go`.
        if !control.is_answered() {
            out.line(&i.to_usi())
        }
    });
    if r.best == Move::NONE {
        return ("bestmove resign".into(), guard);
    }
    if !control.is_answered() {
        // The totals: the last iteration's line predates the stop.
        let nps = r.nodes * 1000 / r.time_ms.max(1);
        out.line(&format!(
            "info nodes {} nps {nps} time {}",
            r.nodes, r.time_ms
        ));
    }
    (bestmove(r.best, r.ponder), guard)
}

fn mate(t: &Task, limit_ms: Option<u64>) -> String {
    let mut solver = Dfpn::new(DfpnOptions {
        max_nodes: u64::MAX,
        time_limit: limit_ms.map(Duration::from_millis),
        table_mb: t.options.hash_mb.clamp(1, 256),
        shortest: true,
    });
    let report = solver.solve(&t.game.position, t.control.stop_flag());
    t.out.line(&format!(
        "info string mate search: {} nodes, {} ms",
        report.nodes,
        report.time.as_millis()
    ));
    match report.outcome {
        MateOutcome::Mate(line) => {
            let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            format!("checkmate {}", moves.join(" "))
        }
        MateOutcome::NoMate => "checkmate nomate".into(),
        MateOutcome::Unknown => "checkmate timeout".into(),
    }
}

/// The body of the search thread.
pub(super) fn run(t: Task, mut searcher: Engine) -> Engine {
    if let Some(limit) = t.params.mate {
        let line = mate(&t, limit);
        if t.control.claim_answer() {
            t.out.line(&line);
        }
        return searcher;
    }
    let (line, guard) = decide(&t, &mut searcher);
    while (t.params.infinite || t.control.is_pondering()) && !t.control.is_stopped() {
        std::thread::sleep(Duration::from_millis(1));
    }
    if t.control.claim_answer() {
        t.out.line(&line);
    }
    if let Some(guard) = guard {
        guard.release();
    }
    searcher
}
