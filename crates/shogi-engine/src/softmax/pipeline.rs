//! Where batches are evaluated: inline on the search thread, or on an
//! evaluator thread of its own so the search keeps selecting and expanding
//! while a batch is computed.
//!
//! Contract: every submitted batch comes back exactly once, with its
//! positions (for reuse) and one score per position, in submission order.
//! [`Pipeline::finish`] returns the evaluator after every batch came back.

use crate::eval::BatchEvaluator;
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::Duration;
use yomi_shogi::Position;

/// A batch of positions with their scores once evaluated.
pub struct Batch {
    /// The positions.
    pub positions: Vec<Position>,
    /// Their scores (filled by the evaluator).
    pub scores: Vec<i32>,
    /// A correction added to each score (the leaf's recapture gain).
    pub bonus: Vec<i32>,
}

impl Batch {
    /// An empty batch with room for `n` positions.
    pub fn with_capacity(n: usize) -> Batch {
        Batch {
            positions: Vec::with_capacity(n),
            scores: Vec::new(),
            bonus: Vec::with_capacity(n),
        }
    }
}

impl Batch {
    fn eval(mut self, e: &mut dyn BatchEvaluator) -> Batch {
        self.scores.resize(self.positions.len(), 0);
        e.evaluate_batch(&self.positions, &mut self.scores);
        self
    }
}

/// The evaluator, inline or on its thread.
pub enum Pipeline {
    /// Evaluates on the caller's thread at submission.
    Inline {
        /// The evaluator.
        eval: Box<dyn BatchEvaluator>,
        /// Evaluated batches not yet taken.
        done: VecDeque<Batch>,
    },
    /// Evaluates on a thread of its own.
    Thread {
        /// Batches to the thread.
        tx: Sender<Batch>,
        /// Evaluated batches back.
        rx: Receiver<Batch>,
        /// The thread; it returns the evaluator when the sender is dropped.
        handle: JoinHandle<Box<dyn BatchEvaluator>>,
        /// Batches submitted and not yet taken back.
        in_flight: usize,
    },
}

impl Pipeline {
    /// Starts a pipeline around `eval` (`threaded`: on its own thread).
    pub fn start(eval: Box<dyn BatchEvaluator>, threaded: bool) -> Pipeline {
        if !threaded {
            return Pipeline::Inline {
                eval,
                done: VecDeque::new(),
            };
        }
        let (tx, job_rx) = channel::<Batch>();
        let (done_tx, rx) = channel::<Batch>();
        let handle = std::thread::Builder::new()
            .name("yomi-softmax-eval".into())
            .spawn(move || {
                let mut eval = eval;
                for b in job_rx {
                    if done_tx.send(b.eval(eval.as_mut())).is_err() {
                        break;
                    }
                }
                eval
            })
            .expect("spawning the evaluator thread");
        Pipeline::Thread {
            tx,
            rx,
            handle,
            in_flight: 0,
        }
    }

    /// Hands a batch over.
    pub fn submit(&mut self, b: Batch) {
        match self {
            Pipeline::Inline { eval, done } => done.push_back(b.eval(eval.as_mut())),
            Pipeline::Thread { tx, in_flight, .. } => {
                // The thread only stops when the sender drops, so a send error cannot happen
                // while `self` lives; count the batch either way so waits stay balanced.
                let _ = tx.send(b);
                *in_flight += 1;
            }
        }
    }

    /// Batches submitted and not yet taken back.
    pub fn outstanding(&self) -> usize {
        match self {
            Pipeline::Inline { done, .. } => done.len(),
            Pipeline::Thread { in_flight, .. } => *in_flight,
        }
    }

    /// An evaluated batch if one is ready (`wait`: block until one is,
    /// when any is outstanding).
    pub fn take(&mut self, wait: bool) -> Option<Batch> {
        let limit = if wait { None } else { Some(Duration::ZERO) };
        self.take_within(limit)
    }

    /// An evaluated batch, waiting for one at most `limit` (`None`: as long
    /// as it takes, when any is outstanding).
    pub fn take_within(&mut self, limit: Option<Duration>) -> Option<Batch> {
        match self {
            Pipeline::Inline { done, .. } => done.pop_front(),
            Pipeline::Thread { rx, in_flight, .. } => {
                if *in_flight == 0 {
                    return None;
                }
                let b = match limit {
                    None => rx.recv().ok(),
                    Some(d) if d.is_zero() => rx.try_recv().ok(),
                    Some(d) => rx.recv_timeout(d).ok(),
                };
                if b.is_some() {
                    *in_flight -= 1;
                }
                b
            }
        }
    }

    /// Stops the thread (if any) and returns the evaluator. Batches still
    /// outstanding are lost: take them first.
    pub fn finish(self) -> Box<dyn BatchEvaluator> {
        self.stop().expect("the evaluator thread panicked")
    }

    /// Like [`Pipeline::finish`], but `None` instead of a panic when the
    /// evaluator thread panicked (for use while dropping).
    pub fn stop(self) -> Option<Box<dyn BatchEvaluator>> {
        match self {
            Pipeline::Inline { eval, .. } => Some(eval),
            Pipeline::Thread { tx, handle, .. } => {
                // The thread evaluates what is queued, then returns when the sender drops.
                drop(tx);
                handle.join().ok()
            }
        }
    }
}
