//! A CodinGame bot over any reader and writer (stdin/stdout for `yomi
//! xmasrush bot`).
//!
//! Contract: [`run_bot`] reads one turn's input at a time, rebuilds the state
//! with a [`Reader`], asks the bot within the turn's budget (the first turn's
//! limit is 1 s, later ones 50 ms; the bot's own `time` caps it), writes one
//! line and flushes. It returns when the input ends, or with the input error:
//! one message naming the turn and the line, the line's text cut by
//! [`yomi_core::text::excerpt`]. A line is read up to [`MAX_LINE`] bytes
//! (the protocol's are under 100), so no input makes the loop hold more.
//!
//! The bot searches on a worker thread while this thread only reads, waits
//! and writes. On a loaded machine a thread that has just burnt its share of
//! CPU waits long for a core when it wakes (up to 47 ms measured at load 3.5
//! on 2 cores, for an answer computed in 0.1 ms), so the thread that must
//! answer on time is one that never searches. With deadlines on, when the
//! search has not returned at the turn's deadline this thread answers with
//! the [`Greedy`] bot instead (a move turn's answer is the same walk every
//! searching bot plays); the late answer is dropped and the worker skips to
//! the newest turn.

use crate::action::Action;
use crate::bots::{Bot, Greedy};
use crate::league::League;
use crate::protocol::{InputError, parse_input};
use crate::reader::Reader;
use crate::state::State;
use std::io::{BufRead, Write};
use std::sync::mpsc::{RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The longest input line the loop reads, in bytes.
pub const MAX_LINE: usize = 64 * 1024;

/// Why the bot loop stopped early.
#[derive(Debug, thiserror::Error)]
pub enum BotIoError {
    /// The referee's text did not parse. The parse error is part of this
    /// message, not a cause after it, so it is printed once.
    #[error("turn {turn}: {error}")]
    Input {
        /// 1-based game turn.
        turn: u32,
        /// The parse error.
        error: InputError,
    },
    /// A line that is not text or too long to be the protocol's.
    #[error("turn {turn}: line {line}: {why}")]
    Line {
        /// 1-based game turn.
        turn: u32,
        /// 1-based line of the turn's input.
        line: usize,
        /// What is wrong with it.
        why: String,
    },
    /// Reading the input failed.
    #[error("cannot read the input: {0}")]
    Read(std::io::Error),
    /// Writing the answer failed.
    #[error("cannot write the answer")]
    Write(#[from] std::io::Error),
}

/// Search budgets below the referee's limits (1 s, 50 ms), counted from the
/// arrival of a turn's first line.
pub const FIRST_BUDGET: Duration = Duration::from_millis(800);
/// See [`FIRST_BUDGET`].
pub const TURN_BUDGET: Duration = Duration::from_millis(25);
/// When the first answer is written at the latest, from its input's arrival.
pub const FIRST_DEADLINE: Duration = Duration::from_millis(900);
/// When a later answer is written at the latest (the referee allows 50 ms;
/// the rest is the margin for the waits this thread cannot see: for a core
/// before it reads its input, and the referee's after the answer is written).
pub const TURN_DEADLINE: Duration = Duration::from_millis(35);
/// A deadline is at least this much after the budget, so that a search that
/// ends on time is not overtaken by the fallback.
pub const DEADLINE_SLACK: Duration = Duration::from_millis(5);

/// How the loop keeps time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Search budgets of the first and of later turns.
    pub budgets: (Duration, Duration),
    /// Whether answers are due at the deadlines ([`FIRST_DEADLINE`],
    /// [`TURN_DEADLINE`], later when a budget needs it) even when the search
    /// has not returned. Off, the loop waits for the search: the answers of
    /// a spec with a fixed `iterations` count then do not depend on the load.
    pub deadlines: bool,
}

impl Timing {
    /// The default first-turn budget, `turn_budget` later, deadlines on or off.
    pub fn new(turn_budget: Duration, deadlines: bool) -> Timing {
        Timing {
            budgets: (FIRST_BUDGET, turn_budget),
            deadlines,
        }
    }

    fn deadline(&self, first: bool) -> Option<Duration> {
        let (budget, deadline) = if first {
            (self.budgets.0, FIRST_DEADLINE)
        } else {
            (self.budgets.1, TURN_DEADLINE)
        };
        self.deadlines
            .then(|| deadline.max(budget + DEADLINE_SLACK))
    }
}

/// What the loop did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoopReport {
    /// Turns answered.
    pub turns: u32,
    /// Turns the fallback answered because the search was late.
    pub fallbacks: u32,
}

/// One turn for the worker: its number, the state and when the search must
/// end (an instant, so that a worker still busy with a turn the fallback
/// answered starts the next one with only the time that turn has left).
type Job = (u32, State, Instant);

/// Plays turns until the input ends (see the module contract).
pub fn run_bot<R: BufRead, W: Write>(
    bot: Box<dyn Bot>,
    league: League,
    timing: Timing,
    input: R,
    mut output: W,
) -> Result<LoopReport, BotIoError> {
    let (jobs, job_rx) = channel::<Job>();
    let (answer_tx, answers) = channel::<(u32, Action)>();
    let worker = std::thread::spawn(move || {
        let mut bot = bot;
        while let Ok(mut job) = job_rx.recv() {
            // Turns queued behind a late search were answered by the fallback.
            while let Ok(newer) = job_rx.try_recv() {
                job = newer;
            }
            let (turn, state, end) = job;
            let budget = end.saturating_duration_since(Instant::now());
            if answer_tx.send((turn, bot.act(&state, 0, budget))).is_err() {
                return;
            }
        }
    });
    let mut fallback = Greedy::default();
    let mut lines = BoundedLines::new(input);
    let mut reader = Reader::new(league);
    let mut report = LoopReport::default();
    loop {
        let turn = report.turns + 1;
        lines.start_turn();
        if !lines.has_more() {
            lines.check(turn)?;
            break;
        }
        let arrived = Instant::now();
        let parsed = parse_input(&mut lines);
        // A bad line ends the line source; say what was wrong with it rather than the
        // "input ended" that follows.
        lines.check(turn)?;
        let parsed = parsed.map_err(|error| BotIoError::Input { turn, error })?;
        let state = reader.read(&parsed);
        let first = turn == 1;
        let budget = if first {
            timing.budgets.0
        } else {
            timing.budgets.1
        };
        let deadline = timing.deadline(first).map(|d| arrived + d);
        let searching = jobs.send((turn, state, arrived + budget)).is_ok();
        let action = loop {
            let got = match (searching, deadline) {
                (false, _) => Err(RecvTimeoutError::Disconnected),
                (true, Some(d)) => {
                    answers.recv_timeout(d.saturating_duration_since(Instant::now()))
                }
                (true, None) => answers.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match got {
                Ok((t, action)) if t == turn => break action,
                Ok(_) => continue, // a turn the fallback already answered
                Err(_) => {
                    report.fallbacks += 1;
                    break fallback.act(&state, 0, Duration::ZERO);
                }
            }
        };
        writeln!(output, "{action}")?;
        output.flush()?;
        report.turns = turn;
    }
    // A search still running when the input ends finishes on its own thread,
    // unwaited: nobody reads its answer.
    drop((jobs, worker));
    Ok(report)
}

/// What stopped a [`BoundedLines`].
enum Problem {
    /// The line (1-based, in the turn) and what is wrong with it.
    Line(usize, String),
    /// The reader failed.
    Read(std::io::Error),
}

/// Input lines of at most [`MAX_LINE`] bytes, as text; the first line that is longer or not
/// UTF-8, or a read error, ends them and is kept in `problem`.
struct BoundedLines<R> {
    input: R,
    peeked: Option<String>,
    problem: Option<Problem>,
    /// Lines handed out in the current turn.
    line: usize,
}

impl<R: BufRead> BoundedLines<R> {
    fn new(input: R) -> Self {
        BoundedLines {
            input,
            peeked: None,
            problem: None,
            line: 0,
        }
    }

    fn start_turn(&mut self) {
        self.line = 0;
    }

    /// The error of turn `turn` when a line stopped the source.
    fn check(&mut self, turn: u32) -> Result<(), BotIoError> {
        match self.problem.take() {
            None => Ok(()),
            Some(Problem::Read(e)) => Err(BotIoError::Read(e)),
            Some(Problem::Line(line, why)) => Err(BotIoError::Line { turn, line, why }),
        }
    }

    fn has_more(&mut self) -> bool {
        if self.peeked.is_none() {
            self.peeked = self.read();
        }
        self.peeked.is_some()
    }

    fn read(&mut self) -> Option<String> {
        if self.problem.is_some() {
            return None;
        }
        let mut buf = Vec::new();
        let limit = MAX_LINE as u64 + 1;
        match std::io::Read::take(self.input.by_ref(), limit).read_until(b'\n', &mut buf) {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => {
                self.problem = Some(Problem::Read(e));
                return None;
            }
        }
        let line = self.line + 1;
        if buf.last() == Some(&b'\n') {
            buf.pop();
        } else if buf.len() > MAX_LINE {
            self.problem = Some(Problem::Line(
                line,
                format!("longer than {MAX_LINE} bytes (a protocol line is under 100)"),
            ));
            return None;
        }
        match String::from_utf8(buf) {
            Ok(text) => Some(text),
            Err(e) => {
                let at = e.utf8_error().valid_up_to() + 1;
                self.problem = Some(Problem::Line(line, format!("byte {at}: not UTF-8 text")));
                None
            }
        }
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = String;

    fn next(&mut self) -> Option<String> {
        let next = self.peeked.take().or_else(|| self.read());
        if next.is_some() {
            self.line += 1;
        }
        next
    }
}
