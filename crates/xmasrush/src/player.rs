//! The referee's view of a player: a built-in bot (which reads the same
//! protocol text an external bot would) or an external program over pipes.
//!
//! Contract: [`Player::answer`] gets one turn's input text and returns the
//! parsed action, or why the player is disqualified: no answer within the
//! limit, the program ended, a line the referee's rules refuse, or a panic
//! in a built-in bot (a bug, caught with its message). It never blocks
//! longer than the limit (a reader thread owns the program's stdout).
//! [`Player::disqualify`] kills an external program's whole process group at
//! once; dropping the player does the same.

use crate::action::{Action, OutputError, parse_for_turn};
use crate::bots::{Bot, BotSpec, SpecError};
use crate::league::League;
use crate::protocol::{lines_of, parse_input};
use crate::reader::Reader;
use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use yomi_arena::caught;
use yomi_core::process::ChildGroup;
use yomi_core::text::excerpt;

/// Why a player lost by forfeit.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// No line within the limit.
    #[error("timeout - no input provided within {0:?}")]
    Timeout(Duration),
    /// The program closed its output or died.
    #[error("the program ended ({0})")]
    Ended(String),
    /// The line is not valid output.
    #[error("invalid input - {0}")]
    Invalid(OutputError),
    /// A built-in bot panicked (a bug), with the panic's message.
    #[error("the bot panicked: {0}")]
    Panicked(String),
}

/// By hand rather than `#[from]`: the output error is part of the message, so
/// it is not also a `source()` (an error names its cause once).
impl From<OutputError> for Failure {
    fn from(e: OutputError) -> Failure {
        Failure::Invalid(e)
    }
}

/// Why [`Player::from_spec`] made no player.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The strategy spec does not parse or build (shown as the spec's own error).
    #[error(transparent)]
    Spec(#[from] SpecError),
    /// The program could not be started.
    #[error("cannot start '{command}'")]
    Spawn {
        /// The command given after `cmd:`.
        command: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// One seat of a match.
pub enum Player {
    /// A built-in bot with its protocol reader.
    Builtin {
        /// The bot.
        bot: Box<dyn Bot>,
        /// Rebuilds its state from the text.
        reader: Reader,
    },
    /// An external program.
    External(External),
}

impl Player {
    /// A player from its command-line text: `cmd:PROGRAM` runs PROGRAM
    /// ([`External::spawn`]); anything else is a built-in bot's strategy spec, built with
    /// `seed` for `league`.
    pub fn from_spec(text: &str, seed: u64, league: League) -> Result<Player, PlayerError> {
        if let Some(command) = text.strip_prefix("cmd:") {
            let ext = External::spawn(command).map_err(|source| PlayerError::Spawn {
                command: command.to_string(),
                source,
            })?;
            return Ok(Player::External(ext));
        }
        let bot = BotSpec::parse(text)?.build(seed)?;
        Ok(Player::builtin(bot, league))
    }

    /// A built-in bot for `league`.
    pub fn builtin(bot: Box<dyn Bot>, league: League) -> Player {
        Player::Builtin {
            bot,
            reader: Reader::new(league),
        }
    }

    /// The answer to one turn's input within `limit` (for built-in bots the
    /// limit is the search budget; they are not timed out).
    pub fn answer(
        &mut self,
        input: &str,
        push_turn: bool,
        limit: Duration,
    ) -> Result<(Action, Duration), Failure> {
        let started = Instant::now();
        match self {
            Player::Builtin { bot, reader } => {
                // A panic is a bug of this bot: it loses the game, the match goes on.
                let line = caught(|| {
                    let parsed =
                        parse_input(&mut lines_of(input)).expect("the referee's own text parses");
                    let state = reader.read(&parsed);
                    // A built-in bot's answer goes through the text protocol too, like an external one's.
                    bot.act(&state, 0, limit).to_string()
                })
                .map_err(Failure::Panicked)?;
                let action = parse_for_turn(&line, push_turn)?;
                Ok((action, started.elapsed()))
            }
            Player::External(ext) => {
                let line = ext.exchange(input, limit)?;
                let action = parse_for_turn(&line, push_turn)?;
                Ok((action, started.elapsed()))
            }
        }
    }

    /// The player was disqualified: an external program's whole process
    /// group is killed now (not when the match drops the player); returns
    /// the last line it wrote to stderr, for the message. Built-in bots
    /// have nothing to stop.
    pub fn disqualify(&mut self) -> Option<String> {
        match self {
            Player::Builtin { .. } => None,
            Player::External(ext) => ext.disqualify(),
        }
    }

    /// Simulations the built-in bot ran for its last answer (0 for programs).
    pub fn simulations(&self) -> u64 {
        match self {
            Player::Builtin { bot, .. } => bot.simulations(),
            Player::External(_) => 0,
        }
    }
}

/// An external bot process: the leader of its own process group (yomi-core's
/// [`ChildGroup`]), so the program and everything it started die together
/// when it is disqualified or its player is dropped.
pub struct External {
    group: ChildGroup,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
}

impl External {
    /// Starts `command` with `sh -c` (so scripts and arguments work) in a
    /// process group of its own; its stderr is drained into a bounded tail,
    /// which the disqualification message quotes.
    pub fn spawn(command: &str) -> std::io::Result<External> {
        let mut group = ChildGroup::spawn(Command::new("sh").arg("-c").arg(command))?;
        let stdout = group.take_stdout().expect("piped");
        let stdin = group.take_stdin();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match reader.read_line(&mut line) {
                    Ok(0) | Err(_) => {
                        let _ = tx.send(None);
                        return;
                    }
                    Ok(_) => {
                        let trimmed = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(Some(trimmed)).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(External {
            group,
            stdin,
            lines: rx,
        })
    }

    /// The process group's id (the `sh` leader's pid).
    pub fn group_id(&self) -> u32 {
        self.group.id()
    }

    /// Sends the input and waits at most `limit` for one line.
    pub fn exchange(&mut self, input: &str, limit: Duration) -> Result<String, Failure> {
        let deadline = Instant::now() + limit;
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| Failure::Ended("input closed".into()))?;
        if let Err(e) = stdin
            .write_all(input.as_bytes())
            .and_then(|_| stdin.flush())
        {
            return Err(Failure::Ended(format!("cannot write its input: {e}")));
        }
        match self
            .lines
            .recv_timeout(deadline.saturating_duration_since(Instant::now()))
        {
            Ok(Some(line)) => Ok(line),
            Ok(None) | Err(RecvTimeoutError::Disconnected) => {
                Err(Failure::Ended("no more output".into()))
            }
            Err(RecvTimeoutError::Timeout) => Err(Failure::Timeout(limit)),
        }
    }

    /// Kills the program's whole process group (it was disqualified) and
    /// returns the last line it wrote to stderr, if any.
    pub fn disqualify(&mut self) -> Option<String> {
        self.stdin = None;
        self.group.kill();
        // Its stderr ends once every process of the group is gone; wait a
        // little for the drain thread to read what they wrote last.
        self.group.wait_stderr_closed(Duration::from_millis(200));
        self.group.stderr().last_line().map(excerpt)
    }
}
