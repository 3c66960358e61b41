//! A CodinGame bot over any reader and writer (stdin/stdout for `yomi
//! xmasrush bot`).
//!
//! Contract: [`run_bot`] reads one turn's input at a time, rebuilds the state
//! with a [`Reader`], asks the bot within the turn's budget (the first turn's
//! limit is 1 s, later ones 50 ms; the bot's own `time` caps it), writes one
//! line and flushes. It returns when the input ends, or with the input error.

use crate::bots::Bot;
use crate::league::League;
use crate::protocol::{InputError, parse_input};
use crate::reader::Reader;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// Why the bot loop stopped early.
#[derive(Debug, thiserror::Error)]
pub enum BotIoError {
    /// The referee's text did not parse.
    #[error("turn {turn}: {source}")]
    Input {
        /// 1-based game turn.
        turn: u32,
        /// The parse error.
        source: InputError,
    },
    /// Writing the answer failed.
    #[error("cannot write the answer: {0}")]
    Write(#[from] std::io::Error),
}

/// Default budgets below the referee's limits (1 s, 50 ms), counted from the
/// arrival of a turn's first line. The margin absorbs what the bot cannot
/// see: the wait for a core before it reads its input and after it writes
/// its answer. Under 2x CPU load on 2 cores those waits reached 20 ms, and a
/// 30 ms budget lost 5 of 45 games on time; 20 ms keeps the answers below
/// 50 ms (see the crate README's figures).
pub const FIRST_BUDGET: Duration = Duration::from_millis(800);
/// See [`FIRST_BUDGET`].
pub const TURN_BUDGET: Duration = Duration::from_millis(20);

/// Plays turns until the input ends, giving the bot `budgets` (first turn,
/// later turns); returns the number of turns answered.
pub fn run_bot<R: BufRead, W: Write>(
    bot: &mut dyn Bot,
    league: League,
    budgets: (Duration, Duration),
    input: R,
    mut output: W,
) -> Result<u32, BotIoError> {
    let mut lines = input.lines().map_while(Result::ok).peekable();
    let mut reader = Reader::new(league);
    let mut turn = 0u32;
    while lines.peek().is_some() {
        let arrived = Instant::now();
        turn += 1;
        let parsed =
            parse_input(&mut lines).map_err(|source| BotIoError::Input { turn, source })?;
        let state = reader.read(&parsed);
        let budget = if turn == 1 { budgets.0 } else { budgets.1 };
        let budget = budget.saturating_sub(arrived.elapsed());
        let action = bot.act(&state, 0, budget);
        writeln!(output, "{action}")?;
        output.flush()?;
    }
    Ok(turn)
}
