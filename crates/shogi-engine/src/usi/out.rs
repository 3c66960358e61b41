//! The engine's line-oriented output, written by a thread of its own.
//!
//! Contract: [`Out::line`] queues a line and returns at once, whatever the
//! writer is doing; lines are written and flushed in the order they were
//! queued, one `Out` and its clones sharing one order. [`Out::sync`] returns
//! once everything queued before it is written.

use std::io::Write;
use std::sync::mpsc::{Sender, channel};

/// A shared, line-oriented output (stdout in the binary, a buffer in tests).
///
/// Lines go through a channel to a writer thread that owns the writer. A
/// searching thread that is descheduled right after a write (the pipe's
/// reader wakes and takes the core) would otherwise hold a lock the answer
/// guard needs for the tens of milliseconds it waits for a core again; with
/// the channel no thread ever waits on another one's write, and the writer
/// thread, which never computes, is woken promptly.
#[derive(Clone)]
pub struct Out(Sender<OutMsg>);

/// What the writer thread of an [`Out`] receives.
enum OutMsg {
    /// Write this line and flush.
    Line(String),
    /// Everything sent before has been written: acknowledge.
    Sync(Sender<()>),
}

impl Out {
    /// Wraps a writer, starting its writer thread (which ends once every
    /// clone of this `Out` is dropped).
    pub fn new(mut w: Box<dyn Write + Send>) -> Out {
        let (tx, rx) = channel::<OutMsg>();
        std::thread::spawn(move || {
            for msg in rx {
                match msg {
                    OutMsg::Line(text) => {
                        // A write error means the GUI is gone; it is ignored
                        // here and the closed input ends the loop.
                        let _ = writeln!(w, "{text}");
                        let _ = w.flush();
                    }
                    OutMsg::Sync(ack) => {
                        let _ = ack.send(());
                    }
                }
            }
        });
        Out(tx)
    }

    /// Queues one line; it is written and flushed in order with every other
    /// line of this output.
    pub fn line(&self, text: &str) {
        let _ = self.0.send(OutMsg::Line(text.to_string()));
    }

    /// Returns once every line queued before this call has been written.
    pub fn sync(&self) {
        let (ack, done) = channel();
        if self.0.send(OutMsg::Sync(ack)).is_ok() {
            let _ = done.recv();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::Receiver;
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    /// A writer whose first write blocks until `gate` receives: a writer
    /// descheduled in mid-write, or a pipe the GUI does not read.
    struct Stuck {
        gate: Option<Receiver<()>>,
        text: Arc<Mutex<Vec<u8>>>,
    }

    impl Write for Stuck {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            if let Some(gate) = self.gate.take() {
                let _ = gate.recv();
            }
            self.text.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_line_never_waits_for_a_write_in_progress() {
        let (open, gate) = channel();
        let text = Arc::new(Mutex::new(Vec::new()));
        let out = Out::new(Box::new(Stuck {
            gate: Some(gate),
            text: Arc::clone(&text),
        }));
        let (done, finished) = channel();
        let writer = out.clone();
        std::thread::spawn(move || {
            writer.line("info depth 1");
            writer.line("bestmove 7g7f");
            let _ = done.send(());
        });
        // Both lines are queued while the first write is still stuck.
        assert!(finished.recv_timeout(Duration::from_secs(5)).is_ok());
        assert!(text.lock().unwrap().is_empty());
        open.send(()).unwrap();
        out.line("readyok");
        out.sync();
        let written = String::from_utf8(text.lock().unwrap().clone()).unwrap();
        assert_eq!(written, "info depth 1\nbestmove 7g7f\nreadyok\n");
    }
}
