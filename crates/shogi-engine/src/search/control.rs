//! The handle through which the USI thread steers a running search.
//!
//! Contract: all methods may be called from any thread while the search
//! runs. Time is measured from [`Control::new`], or from the `ponderhit`
//! once a ponder search became the real one. The final answer of a `go` is
//! written by whoever first claims it ([`Control::claim_answer`]): the
//! search thread, or the answer guard with the best move the search
//! published ([`Control::publish`]).

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Instant;
use yomi_shogi::Move;

/// Stop and ponder flags of one search.
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    start: Instant,
    /// Milliseconds after `start` when the clock started running.
    clock_from_ms: AtomicU64,
    /// Set by the one thread that writes the final answer.
    answered: AtomicBool,
    /// The best move and its expected reply so far (ponder in the high half;
    /// 0 = none).
    published: AtomicU32,
}

impl Control {
    /// A control for a search starting now; `ponder` for `go ponder`.
    pub fn new(ponder: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            start: Instant::now(),
            clock_from_ms: AtomicU64::new(0),
            answered: AtomicBool::new(false),
            published: AtomicU32::new(0),
        }
    }

    /// True for the first caller only: it writes the final answer.
    pub fn claim_answer(&self) -> bool {
        !self.answered.swap(true, Ordering::AcqRel)
    }

    /// True once the final answer was claimed.
    pub fn is_answered(&self) -> bool {
        self.answered.load(Ordering::Acquire)
    }

    /// Records the best move so far and its expected reply.
    pub fn publish(&self, best: Move, ponder: Option<Move>) {
        let ponder = ponder.unwrap_or(Move::NONE);
        self.published.store(
            u32::from(best.0) | u32::from(ponder.0) << 16,
            Ordering::Release,
        );
    }

    /// The last published best move and reply (`None` before any).
    pub fn published(&self) -> Option<(Move, Option<Move>)> {
        let v = self.published.load(Ordering::Acquire);
        let best = Move(v as u16);
        let ponder = Move((v >> 16) as u16);
        (best != Move::NONE).then_some((best, (ponder != Move::NONE).then_some(ponder)))
    }

    /// Asks the search to finish as soon as possible.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Release);
    }

    /// True once [`Control::stop`] was called.
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Acquire)
    }

    /// The stop flag itself (for solvers that poll an `AtomicBool`).
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// The opponent played the expected move: the clock runs from now.
    pub fn ponderhit(&self) {
        self.clock_from_ms
            .store(self.start.elapsed().as_millis() as u64, Ordering::Release);
        self.pondering.store(false, Ordering::Release);
    }

    /// True while searching on the opponent's time.
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Acquire)
    }

    /// Milliseconds since the search started.
    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Milliseconds on our clock (since start or `ponderhit`); `None` while
    /// pondering.
    pub fn clock_ms(&self) -> Option<u64> {
        if self.is_pondering() {
            return None;
        }
        let from = self.clock_from_ms.load(Ordering::Acquire);
        Some(self.elapsed_ms().saturating_sub(from))
    }
}
