//! The referee's view of a player: a built-in bot (which reads the same
//! protocol text an external bot would) or an external program over pipes.
//!
//! Contract: [`Player::answer`] gets one turn's input text and returns the
//! parsed action, or why the player is disqualified: no answer within the
//! limit, the program ended, or a line the referee's rules refuse. It never
//! blocks longer than the limit (a reader thread owns the program's stdout).

use crate::action::{Action, OutputError, parse_for_turn};
use crate::bots::{Bot, BotSpec, SpecError};
use crate::league::League;
use crate::protocol::{lines_of, parse_input};
use crate::reader::Reader;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

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
    Invalid(#[from] OutputError),
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
                let parsed =
                    parse_input(&mut lines_of(input)).expect("the referee's own text parses");
                let state = reader.read(&parsed);
                // A built-in bot's answer goes through the text protocol too, like an external one's.
                let line = bot.act(&state, 0, limit).to_string();
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

    /// Simulations the built-in bot ran for its last answer (0 for programs).
    pub fn simulations(&self) -> u64 {
        match self {
            Player::Builtin { bot, .. } => bot.simulations(),
            Player::External(_) => 0,
        }
    }
}

/// An external bot process.
pub struct External {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Option<String>>,
}

impl External {
    /// Starts `command` with `sh -c` (so scripts and arguments work), stderr passed through.
    pub fn spawn(command: &str) -> std::io::Result<External> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdout = child.stdout.take().expect("piped");
        let stdin = child.stdin.take();
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
            child,
            stdin,
            lines: rx,
        })
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
}

impl Drop for External {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
