//! Parsing of USI lines (GUI to engine) into typed commands.
//!
//! Contract: [`parse`] never panics; it returns a [`Command`] or a
//! [`UsiError`] that says what was wrong with the line. Numbers are parsed
//! leniently where GUIs differ (negative times count as 0) and strictly
//! where a wrong value would mislead (a non-number is an error); unknown
//! `go` words are kept in [`GoParams::ignored`] instead of failing the
//! command.

use thiserror::Error;

/// A problem with one input line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UsiError {
    /// The first word is not a USI command.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// A known command with arguments it cannot use.
    #[error("{command}: {reason}")]
    Malformed {
        /// The command word.
        command: &'static str,
        /// What was wrong.
        reason: String,
    },
}

fn malformed(command: &'static str, reason: impl Into<String>) -> UsiError {
    UsiError::Malformed {
        command,
        reason: reason.into(),
    }
}

/// The `go` parameters.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    /// `btime`, `wtime` in ms.
    pub time: [Option<u64>; 2],
    /// `binc`, `winc` in ms.
    pub inc: [Option<u64>; 2],
    /// `byoyomi` in ms.
    pub byoyomi: Option<u64>,
    /// `ponder`.
    pub ponder: bool,
    /// `infinite`.
    pub infinite: bool,
    /// `depth`.
    pub depth: Option<u64>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `movetime` in ms.
    pub movetime: Option<u64>,
    /// `mate <ms>` (`Some(None)` for `mate infinite`).
    pub mate: Option<Option<u64>>,
    /// Words that are not `go` parameters (reported, then ignored).
    pub ignored: Vec<String>,
}

impl GoParams {
    /// True when any clock field was given.
    pub fn has_clock(&self) -> bool {
        self.time.iter().chain(&self.inc).any(Option::is_some) || self.byoyomi.is_some()
    }
}

/// The `position` command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCmd {
    /// The SFEN, or `None` for `startpos`.
    pub sfen: Option<String>,
    /// The moves after it, as text.
    pub moves: Vec<String>,
}

/// One GUI command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `usi`.
    Usi,
    /// `isready`.
    IsReady,
    /// `setoption name <id> [value <x>]`.
    SetOption {
        /// Option name.
        name: String,
        /// Value, if given.
        value: Option<String>,
    },
    /// `usinewgame`.
    NewGame,
    /// `position ...`.
    Position(PositionCmd),
    /// `go ...`.
    Go(GoParams),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `gameover win|lose|draw`.
    GameOver,
    /// `quit`.
    Quit,
    /// An empty line (ignored).
    Nothing,
}

fn number(command: &'static str, field: &str, text: Option<&str>) -> Result<u64, UsiError> {
    let t = text.ok_or_else(|| malformed(command, format!("'{field}' needs a number")))?;
    match t.parse::<i64>() {
        Ok(v) => Ok(v.max(0) as u64),
        Err(_) => Err(malformed(
            command,
            format!("'{field}' needs a number, got '{t}'"),
        )),
    }
}

fn parse_go(words: &[&str]) -> Result<GoParams, UsiError> {
    let mut g = GoParams::default();
    let mut it = words.iter().copied();
    while let Some(w) = it.next() {
        match w {
            "btime" => g.time[0] = Some(number("go", w, it.next())?),
            "wtime" => g.time[1] = Some(number("go", w, it.next())?),
            "binc" => g.inc[0] = Some(number("go", w, it.next())?),
            "winc" => g.inc[1] = Some(number("go", w, it.next())?),
            "byoyomi" => g.byoyomi = Some(number("go", w, it.next())?),
            "depth" => g.depth = Some(number("go", w, it.next())?),
            "nodes" => g.nodes = Some(number("go", w, it.next())?),
            "movetime" => g.movetime = Some(number("go", w, it.next())?),
            "ponder" => g.ponder = true,
            "infinite" => g.infinite = true,
            "mate" => {
                g.mate = Some(match it.next() {
                    Some("infinite") | None => None,
                    t => Some(number("go", w, t)?),
                })
            }
            // `searchmoves` and engine-specific extras: noted, not fatal,
            // so the GUI still gets its bestmove.
            other => g.ignored.push(other.chars().take(40).collect()),
        }
    }
    Ok(g)
}

fn parse_position(words: &[&str]) -> Result<PositionCmd, UsiError> {
    let moves_at = words.iter().position(|&w| w == "moves");
    let (head, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let sfen = match head.first() {
        Some(&"startpos") if head.len() == 1 => None,
        Some(&"sfen") if head.len() > 1 => Some(head[1..].join(" ")),
        Some(&"startpos") => return Err(malformed("position", "text after 'startpos'")),
        _ => {
            return Err(malformed(
                "position",
                "expected 'startpos' or 'sfen <sfen>'",
            ));
        }
    };
    Ok(PositionCmd {
        sfen,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn parse_setoption(words: &[&str]) -> Result<Command, UsiError> {
    if words.first() != Some(&"name") || words.len() < 2 {
        return Err(malformed("setoption", "expected 'name <id> [value <x>]'"));
    }
    let rest = &words[1..];
    let (name, value) = match rest.iter().position(|&w| w == "value") {
        Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
        None => (rest.join(" "), None),
    };
    if name.is_empty() {
        return Err(malformed("setoption", "empty option name"));
    }
    Ok(Command::SetOption { name, value })
}

/// Parses one line.
pub fn parse(line: &str) -> Result<Command, UsiError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&first, rest)) = words.split_first() else {
        return Ok(Command::Nothing);
    };
    Ok(match first {
        "usi" => Command::Usi,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(rest)?,
        "usinewgame" => Command::NewGame,
        "position" => Command::Position(parse_position(rest)?),
        "go" => Command::Go(parse_go(rest)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "gameover" => Command::GameOver,
        "quit" => Command::Quit,
        other => return Err(UsiError::Unknown(other.chars().take(40).collect())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_fields() {
        let Command::Go(g) = parse("go ponder btime 1000 wtime -5 byoyomi 200").unwrap() else {
            panic!("not go")
        };
        assert!(g.ponder);
        assert_eq!(g.time, [Some(1000), Some(0)]);
        assert_eq!(g.byoyomi, Some(200));
        let Command::Go(m) = parse("go mate infinite").unwrap() else {
            panic!("not go")
        };
        assert_eq!(m.mate, Some(None));
        assert!(parse("go depth x").is_err());
        let Command::Go(g) = parse("go sideways byoyomi 100").unwrap() else {
            panic!("not go")
        };
        assert_eq!(
            (g.ignored, g.byoyomi),
            (vec!["sideways".to_string()], Some(100))
        );
    }

    #[test]
    fn position_and_setoption() {
        let Command::Position(p) = parse("position startpos moves 7g7f 3c3d").unwrap() else {
            panic!("not position")
        };
        assert_eq!(p.sfen, None);
        assert_eq!(p.moves, ["7g7f", "3c3d"]);
        let Command::Position(p) = parse("position sfen 8k/9/9/9/9/9/9/9/K8 b G 1").unwrap() else {
            panic!("not position")
        };
        assert_eq!(p.sfen.as_deref(), Some("8k/9/9/9/9/9/9/9/K8 b G 1"));
        assert!(parse("position").is_err());
        assert_eq!(
            parse("setoption name USI_Hash value 1024").unwrap(),
            Command::SetOption {
                name: "USI_Hash".into(),
                value: Some("1024".into())
            }
        );
        assert_eq!(parse("   ").unwrap(), Command::Nothing);
        assert!(matches!(parse("hello"), Err(UsiError::Unknown(_))));
    }
}
