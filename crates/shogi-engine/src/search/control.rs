//! The handle through which the USI thread steers a running search.
//!
//! Contract: all methods may be called from any thread while the search
//! runs. Time is measured from [`Control::new`], or from the `ponderhit`
//! once a ponder search became the real one.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Stop and ponder flags of one search.
#[derive(Debug)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    start: Instant,
    /// Milliseconds after `start` when the clock started running.
    clock_from_ms: AtomicU64,
}

impl Control {
    /// A control for a search starting now; `ponder` for `go ponder`.
    pub fn new(ponder: bool) -> Control {
        Control {
            stop: AtomicBool::new(false),
            pondering: AtomicBool::new(ponder),
            start: Instant::now(),
            clock_from_ms: AtomicU64::new(0),
        }
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
