//! One USI engine as a child process.
//!
//! Contract: the engine's stdout is read by a thread into a channel, so the
//! client can wait on it with a deadline; [`UsiEngine::think`] returns by
//! the deadline plus the caller's extra wait whatever the engine does (a
//! silent engine is sent `stop`, then given up on), with the last score the
//! engine printed as a typed [`Value`]. The engine runs as the leader of a
//! process group of its own (yomi-core's [`ChildGroup`]: its stderr drained
//! into a bounded tail): [`UsiEngine::kill`] kills the whole group at once
//! (an engine given up on), and dropping the client sends `quit`, waits
//! briefly for the engine to close its output, then kills whatever is left
//! of the group.

use crate::error::ClientError;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{ChildStdin, Command};
use std::str::FromStr;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use yomi_core::process::ChildGroup;
use yomi_core::text::excerpt;
use yomi_search::Value;

/// How to start an engine: `usi:PATH[,Name=Value...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The executable.
    pub path: PathBuf,
    /// `setoption` pairs sent after `usiok`, in order.
    pub options: Vec<(String, String)>,
}

/// Parses `usi:PATH[,Name=Value...]` (the `usi:` prefix is required).
///
/// ```
/// use yomi_shogi_match::EngineSpec;
/// let s: EngineSpec = "usi:/opt/yo,USI_Hash=64".parse()?;
/// assert_eq!(s.options, [("USI_Hash".to_string(), "64".to_string())]);
/// assert_eq!(s.to_string(), "usi:/opt/yo,USI_Hash=64");
/// assert!("/opt/yo".parse::<EngineSpec>().is_err());
/// # Ok::<(), yomi_shogi_match::ClientError>(())
/// ```
impl FromStr for EngineSpec {
    type Err = ClientError;

    fn from_str(text: &str) -> Result<EngineSpec, ClientError> {
        let bad = |reason: &str| ClientError::Spec {
            spec: text.to_string(),
            reason: reason.to_string(),
        };
        let rest = text
            .strip_prefix("usi:")
            .ok_or_else(|| bad("an engine spec starts with 'usi:'"))?;
        let mut parts = rest.split(',');
        let path = parts.next().unwrap_or("");
        if path.is_empty() {
            return Err(bad("the engine path is missing"));
        }
        let mut options = Vec::new();
        for p in parts {
            let (k, v) = p
                .split_once('=')
                .ok_or_else(|| bad("options are Name=Value, separated by commas"))?;
            if k.trim().is_empty() {
                return Err(bad("an option has an empty name"));
            }
            options.push((k.trim().to_string(), v.trim().to_string()));
        }
        Ok(EngineSpec {
            path: PathBuf::from(path),
            options,
        })
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "usi:{}", self.path.display())?;
        for (k, v) in &self.options {
            write!(f, ",{k}={v}")?;
        }
        Ok(())
    }
}

/// What the engine answered to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `bestmove <move>` (the text, not yet checked).
    Move(String),
    /// `bestmove resign`.
    Resign,
    /// `bestmove win` (entering-king declaration).
    Win,
    /// No `bestmove` before the deadline plus the extra wait.
    Silent,
    /// The process ended before answering.
    Crashed,
}

/// One answer to `go`, with the time it took.
#[derive(Clone, Debug)]
pub struct Thought {
    /// The answer.
    pub reply: Reply,
    /// From sending `go` to receiving `bestmove` (or giving up).
    pub elapsed: Duration,
    /// The last `score cp`/`score mate` the engine printed, from its side.
    pub score: Option<Value>,
}

/// A running engine.
pub struct UsiEngine {
    group: ChildGroup,
    stdin: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

impl UsiEngine {
    /// Starts the engine and does the handshake: `usi` … `usiok`, the
    /// options, `isready` … `readyok`, each within `timeout`.
    pub fn start(spec: &EngineSpec, timeout: Duration) -> Result<UsiEngine, ClientError> {
        let path = spec.path.display().to_string();
        let mut cmd = Command::new(&spec.path);
        if let Some(dir) = spec.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            cmd.current_dir(dir);
        }
        let mut group = ChildGroup::spawn(&mut cmd).map_err(|source| ClientError::Spawn {
            path: path.clone(),
            source,
        })?;
        let stdin = group.take_stdin().expect("stdin was piped");
        let stdout = group.take_stdout().expect("stdout was piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut e = UsiEngine {
            group,
            stdin,
            lines: rx,
            name: path,
        };
        e.send("usi")?;
        let deadline = Instant::now() + timeout;
        loop {
            let line = e.wait_line(deadline, "usiok", timeout)?;
            if let Some(n) = line.strip_prefix("id name ") {
                e.name = n.trim().to_string();
            }
            if line.trim() == "usiok" {
                break;
            }
        }
        for (k, v) in &spec.options {
            e.send(&format!("setoption name {k} value {v}"))?;
        }
        e.ready(timeout)?;
        Ok(e)
    }

    /// The name from `id name` (or the path).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process group's id (the engine's pid).
    pub fn group_id(&self) -> u32 {
        self.group.id()
    }

    /// Kills the engine's whole process group now (an engine given up on:
    /// silent or crashed) and returns the last line it wrote to stderr, if
    /// any, cut to a readable length; the client answers nothing after this.
    pub fn kill(&mut self) -> Option<String> {
        self.group.kill();
        // The stderr drain ends once the group is gone; let it read the rest.
        self.group.wait_stderr_closed(Duration::from_millis(200));
        self.group.stderr().last_line().map(excerpt)
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn ready(&mut self, timeout: Duration) -> Result<(), ClientError> {
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        while self.wait_line(deadline, "readyok", timeout)?.trim() != "readyok" {}
        Ok(())
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        writeln!(self.stdin, "{line}")
            .and_then(|_| self.stdin.flush())
            .map_err(|source| ClientError::Write {
                name: self.name.clone(),
                line: line.to_string(),
                source,
            })
    }

    fn wait_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
        timeout: Duration,
    ) -> Result<String, ClientError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout {
                name: self.name.clone(),
                waiting_for: waiting_for.to_string(),
                ms: timeout.as_millis(),
            }),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Exited {
                name: self.name.clone(),
                doing: format!("waiting for {waiting_for}"),
            }),
        }
    }

    /// Sends `position` and `go`, then waits for `bestmove` until `deadline`
    /// plus `extra`. Past the deadline the engine is sent `stop`; an answer
    /// in the extra time is still returned (the caller judges lateness from
    /// [`Thought::elapsed`]), no answer at all is [`Reply::Silent`], or
    /// [`Reply::Crashed`] when `stop` cannot be written (the engine exited,
    /// though a helper it started may still hold its output open).
    pub fn think(
        &mut self,
        position: &str,
        go: &str,
        deadline: Instant,
        extra: Duration,
    ) -> Thought {
        // Drain anything left from before (late info lines).
        while self.lines.try_recv().is_ok() {}
        let start = Instant::now();
        let mut score = None;
        let sent = self.send(position).and_then(|_| self.send(go));
        if sent.is_err() {
            return Thought {
                reply: Reply::Crashed,
                elapsed: start.elapsed(),
                score,
            };
        }
        let mut stopped = false;
        loop {
            let now = Instant::now();
            let wait_until = if stopped { deadline + extra } else { deadline };
            let left = wait_until.saturating_duration_since(now);
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if let Some(s) = score_of(&line) {
                        score = Some(s);
                    }
                    if let Some(rest) = line.strip_prefix("bestmove") {
                        let elapsed = start.elapsed();
                        let mv = rest.split_whitespace().next().unwrap_or("");
                        let reply = match mv {
                            "resign" => Reply::Resign,
                            "win" => Reply::Win,
                            m => Reply::Move(m.to_string()),
                        };
                        return Thought {
                            reply,
                            elapsed,
                            score,
                        };
                    }
                }
                // An engine whose input is closed has exited, even when a
                // helper it started still holds its output open: crashed.
                Err(RecvTimeoutError::Timeout) if !stopped => {
                    stopped = true;
                    if self.send("stop").is_err() {
                        return Thought {
                            reply: Reply::Crashed,
                            elapsed: start.elapsed(),
                            score,
                        };
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    let reply = if self.send("stop").is_err() {
                        Reply::Crashed
                    } else {
                        Reply::Silent
                    };
                    return Thought {
                        reply,
                        elapsed: start.elapsed(),
                        score,
                    };
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Thought {
                        reply: Reply::Crashed,
                        elapsed: start.elapsed(),
                        score,
                    };
                }
            }
        }
    }
}

/// The `score ...` of an `info` line, if any: `cp 35` as a score, `mate 5`
/// (or `mate +`) as a proven win, `mate -7` (or `mate -`) as a proven loss;
/// `mate 0`, which names no side, is no score.
pub fn score_of(line: &str) -> Option<Value> {
    if !line.starts_with("info") {
        return None;
    }
    let mut it = line.split_whitespace();
    while let Some(t) = it.next() {
        if t == "score" {
            let kind = it.next()?;
            let v = it.next()?;
            return match kind {
                "cp" => v.parse().ok().map(Value::Score),
                "mate" => {
                    let (result, plies) = match v {
                        "+" => (1, 0),
                        "-" => (-1, 0),
                        v => {
                            let n: i64 = v.parse().ok()?;
                            let plies = u32::try_from(n.unsigned_abs()).unwrap_or(u32::MAX);
                            (n.signum() as i32, plies)
                        }
                    };
                    (result != 0).then_some(Value::Exact { result, plies })
                }
                _ => None,
            };
        }
        if t == "pv" || t == "string" {
            return None;
        }
    }
    None
}

impl Drop for UsiEngine {
    /// `quit`, then up to 500 ms for the engine to close its output (it
    /// exited), then the whole group is killed: helpers it started and an
    /// engine that ignored `quit` alike.
    fn drop(&mut self) {
        if self.send("quit").is_ok() {
            let deadline = Instant::now() + Duration::from_millis(500);
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                match self.lines.recv_timeout(left) {
                    Ok(_) => continue,
                    Err(RecvTimeoutError::Disconnected | RecvTimeoutError::Timeout) => break,
                }
            }
        }
        self.group.kill();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_errors_say_why() {
        let s: EngineSpec = "usi:/x/yo,USI_Hash=64,BookFile=no_book".parse().unwrap();
        assert_eq!(s.path, PathBuf::from("/x/yo"));
        assert_eq!(s.options.len(), 2);
        assert_eq!(s.options[1], ("BookFile".into(), "no_book".into()));
        assert_eq!(s.to_string().parse::<EngineSpec>().unwrap(), s);
        for bad in ["/x/yo", "usi:", "usi:/x,Hash", "usi:/x,=3"] {
            let e = bad.parse::<EngineSpec>().unwrap_err().to_string();
            assert!(e.contains(bad), "{bad}: {e}");
        }
    }

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            score_of("info depth 3 score cp -35 nodes 10 pv 7g7f"),
            Some(Value::Score(-35))
        );
        let mate = |result, plies| Some(Value::Exact { result, plies });
        assert_eq!(score_of("info score mate 5 pv 7g7f"), mate(1, 5));
        assert_eq!(score_of("info score mate +3"), mate(1, 3));
        assert_eq!(score_of("info score mate -7"), mate(-1, 7));
        assert_eq!(score_of("info score mate +"), mate(1, 0));
        assert_eq!(score_of("info score mate -"), mate(-1, 0));
        assert_eq!(score_of("info score mate 0"), None);
        assert_eq!(score_of("info score cp"), None);
        assert_eq!(score_of("info score lowerbound 3"), None);
        assert_eq!(score_of("info string score cp 1"), None);
        assert_eq!(score_of("bestmove 7g7f"), None);
    }
}
