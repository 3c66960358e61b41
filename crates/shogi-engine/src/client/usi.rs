//! One USI engine as a child process.
//!
//! Contract: the engine's stdout is read by a thread into a channel, so the
//! client can wait on it with a deadline; [`UsiEngine::think`] returns by
//! the deadline plus the caller's extra wait whatever the engine does (a
//! silent engine is sent `stop`, then given up on). Dropping the client
//! sends `quit`, waits briefly, and kills the process if it is still there.

use super::ClientError;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// How to start an engine: `usi:PATH[,Name=Value...]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The executable.
    pub path: PathBuf,
    /// `setoption` pairs sent after `usiok`, in order.
    pub options: Vec<(String, String)>,
}

impl EngineSpec {
    /// Parses `usi:PATH[,Name=Value...]` (the `usi:` prefix is required).
    pub fn parse(text: &str) -> Result<EngineSpec, ClientError> {
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
    /// The last `score cp`/`score mate` the engine printed, as text.
    pub score: Option<String>,
}

/// A running engine.
pub struct UsiEngine {
    child: Child,
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
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| ClientError::Spawn {
                path: path.clone(),
                source,
            })?;
        let stdin = child.stdin.take().expect("stdin was piped");
        let stdout = child.stdout.take().expect("stdout was piped");
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
            child,
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
    /// [`Thought::elapsed`]), no answer at all is [`Reply::Silent`].
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
                Err(RecvTimeoutError::Timeout) if !stopped => {
                    stopped = true;
                    let _ = self.send("stop");
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Thought {
                        reply: Reply::Silent,
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

/// The `score ...` part of an `info` line, if any (`cp 35`, `mate 5`).
fn score_of(line: &str) -> Option<String> {
    if !line.starts_with("info") {
        return None;
    }
    let mut it = line.split_whitespace();
    while let Some(t) = it.next() {
        if t == "score" {
            let kind = it.next()?;
            let v = it.next()?;
            return Some(format!("{kind} {v}"));
        }
        if t == "pv" || t == "string" {
            return None;
        }
    }
    None
}

impl Drop for UsiEngine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_and_errors_say_why() {
        let s = EngineSpec::parse("usi:/x/yo,USI_Hash=64,BookFile=no_book").unwrap();
        assert_eq!(s.path, PathBuf::from("/x/yo"));
        assert_eq!(s.options.len(), 2);
        assert_eq!(s.options[1], ("BookFile".into(), "no_book".into()));
        assert!(EngineSpec::parse("/x/yo").is_err());
        assert!(EngineSpec::parse("usi:").is_err());
        assert!(EngineSpec::parse("usi:/x,Hash").is_err());
    }

    #[test]
    fn scores_are_read_from_info_lines() {
        assert_eq!(
            score_of("info depth 3 score cp -35 nodes 10 pv 7g7f"),
            Some("cp -35".into())
        );
        assert_eq!(score_of("info string score cp 1"), None);
        assert_eq!(score_of("bestmove 7g7f"), None);
    }
}
