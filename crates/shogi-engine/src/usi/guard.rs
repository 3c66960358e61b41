//! The answer guard of a timed `go`: a thread that never searches.
//!
//! On a loaded machine a thread that has used its share of the CPU waits
//! for a core, and a search thread can notice its hard limit tens of
//! milliseconds late (the 1,000-game run at byoyomi 100 ms lost 10 games
//! that way, 40-67 ms past the limit). A thread that sleeps until the limit
//! is woken promptly. Its answer goes through [`Out`]'s channel, so it never
//! waits on a lock the descheduled search thread holds (the likely cause of
//! the one time loss in the first 600 games with the guard, before `Out`
//! had its own writer thread).
//!
//! Contract: [`Guard::spawn`] starts a thread that sleeps until the hard
//! limit plus [`GUARD_GRACE_MS`] on the search's clock (pondering time does
//! not count). If the final answer is still unclaimed then, it claims it,
//! stops the search and writes `bestmove` with the best move the search
//! published (the last completed iteration's), or `fallback` before any.
//! [`Guard::release`] ends it once the search thread has answered.

use super::Out;
use super::job::bestmove;
use crate::search::Control;
use crate::time::GUARD_GRACE_MS;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;
use yomi_shogi::Move;

/// How often a guard looks at the clock while it has not started (pondering).
const PONDER_POLL: Duration = Duration::from_millis(5);

/// A running answer guard.
pub(super) struct Guard {
    handle: JoinHandle<()>,
}

impl Guard {
    /// Guards a search whose hard limit is `hard_ms` (see the module contract).
    pub(super) fn spawn(out: Out, control: Arc<Control>, hard_ms: u64, fallback: Move) -> Guard {
        let due = hard_ms + GUARD_GRACE_MS;
        let handle = std::thread::spawn(move || {
            loop {
                if control.is_answered() {
                    return;
                }
                let wait = match control.clock_ms() {
                    None => PONDER_POLL,
                    Some(ms) if ms >= due => break,
                    Some(ms) => Duration::from_millis(due - ms),
                };
                std::thread::park_timeout(wait);
            }
            if control.claim_answer() {
                control.stop();
                let (best, ponder) = control.published().unwrap_or((fallback, None));
                out.line("info string answer guard: the search was late, playing its last iteration's best");
                out.line(&bestmove(best, ponder));
            }
        });
        Guard { handle }
    }

    /// Wakes the guard so that it sees the answer claimed and ends.
    pub(super) fn release(self) {
        self.handle.thread().unpark();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::sync::Mutex;
    use yomi_shogi::Position;

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    fn bestmoves(out: &Shared) -> Vec<String> {
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        text.lines()
            .filter(|l| l.starts_with("bestmove"))
            .map(str::to_string)
            .collect()
    }

    fn wait_for(out: &Shared, n: usize) {
        let start = std::time::Instant::now();
        while bestmoves(out).len() < n && start.elapsed() < Duration::from_secs(5) {
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    #[test]
    fn a_late_search_is_answered_with_its_published_move_once() {
        let pos = Position::startpos();
        let best = pos.parse_usi("7g7f").unwrap();
        let fallback = pos.parse_usi("2g2f").unwrap();
        let shared = Shared::default();
        let control = Arc::new(Control::new(false));
        control.publish(best, None);
        let guard = Guard::spawn(
            Out::new(Box::new(shared.clone())),
            control.clone(),
            0,
            fallback,
        );
        wait_for(&shared, 1);
        assert_eq!(bestmoves(&shared), ["bestmove 7g7f"]);
        assert!(control.is_stopped(), "the late search is stopped");
        // The search thread, answering late, finds the answer claimed.
        assert!(!control.claim_answer());
        guard.release();
    }

    #[test]
    fn a_search_that_answered_leaves_the_guard_silent() {
        let pos = Position::startpos();
        let fallback = pos.parse_usi("2g2f").unwrap();
        let shared = Shared::default();
        let control = Arc::new(Control::new(false));
        let guard = Guard::spawn(
            Out::new(Box::new(shared.clone())),
            control.clone(),
            30,
            fallback,
        );
        assert!(control.claim_answer());
        guard.release();
        std::thread::sleep(Duration::from_millis(80));
        assert!(bestmoves(&shared).is_empty());
        assert!(!control.is_stopped());
    }

    #[test]
    fn pondering_time_does_not_count_and_nothing_published_plays_the_fallback() {
        let pos = Position::startpos();
        let fallback = pos.parse_usi("2g2f").unwrap();
        let shared = Shared::default();
        let control = Arc::new(Control::new(true));
        let _guard = Guard::spawn(
            Out::new(Box::new(shared.clone())),
            control.clone(),
            0,
            fallback,
        );
        std::thread::sleep(Duration::from_millis(60));
        assert!(bestmoves(&shared).is_empty(), "no answer while pondering");
        control.ponderhit();
        wait_for(&shared, 1);
        assert_eq!(bestmoves(&shared), ["bestmove 2g2f"]);
    }
}
