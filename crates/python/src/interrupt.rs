//! Long work off the GIL, stoppable by Ctrl-C.
//!
//! Contract: [`run_stoppable`] runs `work` on a helper thread with the GIL released and, every
//! few milliseconds, takes the GIL back just long enough to let Python see pending signals. On
//! `KeyboardInterrupt` (or any signal handler's exception) it raises the stop flag, waits for
//! `work` to notice and return, and re-raises the exception: no thread is left running.

use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

/// How often the waiting thread looks for signals.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work(stop)` without the GIL; `stop` becomes true when Python is interrupted, and
/// `work` should then return soon.
pub fn run_stoppable<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> T + Send,
{
    py.detach(move || {
        let stop = AtomicBool::new(false);
        let (done_tx, done_rx) = mpsc::channel::<()>();
        std::thread::scope(|scope| {
            let stop_ref = &stop;
            let handle = scope.spawn(move || {
                let out = work(stop_ref);
                let _ = done_tx.send(());
                out
            });
            let mut interrupted = None;
            loop {
                match done_rx.recv_timeout(POLL) {
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if interrupted.is_none()
                            && let Err(e) = Python::attach(|py| py.check_signals())
                        {
                            stop.store(true, Ordering::Relaxed);
                            interrupted = Some(e);
                        }
                    }
                }
            }
            let out = handle
                .join()
                .map_err(|p| pyo3::panic::PanicException::new_err(panic_text(&p)))?;
            match interrupted {
                Some(e) => Err(e),
                None => Ok(out),
            }
        })
    })
}

fn panic_text(payload: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a Rust panic in yomi".to_string()
    }
}
