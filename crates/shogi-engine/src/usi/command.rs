//! Parsing of USI lines (GUI to engine) into typed commands.
//!
//! Contract: [`parse`] never panics; it returns a [`Command`] or a
//! [`UsiError`] that says what was wrong with the line, quoting the input
//! through [`excerpt`] (control characters escaped, long text cut).
//!
//! A `go` line is always a [`Command::Go`], because the GUI waits for its
//! answer whatever it sent; what could not be used as given is said in
//! [`GoParams::notes`], one `info string` each. The one rule for `go`
//! numbers: every field has a range ([`go_range`]); a whole number outside
//! it (a negative clock, `depth -3`, `nodes -1`, a clock past
//! [`MAX_GO_MS`], a number too long for any integer type) is clamped to the
//! nearest end and the note says so; a value that is not a whole number
//! (`depth many`, `mate abc`, a missing value) makes the line untrustworthy,
//! so its limits are replaced by a [`FALLBACK_GO_MS`] search of the same
//! kind (a mate search stays a mate search; `ponder` and `infinite` are
//! kept). Unknown `go` words are kept in [`GoParams::ignored`] instead of
//! failing the command.

use thiserror::Error;
use yomi_core::text::excerpt;

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

/// Thinking time given to a `go` line whose values could not be read (ms).
pub const FALLBACK_GO_MS: u64 = 100;

/// The longest time a `go` field may give (ms, about 31 years): any
/// clock the engine can plan with, far below where its arithmetic could
/// overflow.
pub const MAX_GO_MS: u64 = 1_000_000_000_000;

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
    /// What was not used as given and how it was handled (a clamped value,
    /// the fallback search), each the text of one `info string`.
    pub notes: Vec<String>,
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

/// The values a `go` field accepts (`None` for a word that takes no value).
pub fn go_range(field: &str) -> Option<(u64, u64)> {
    match field {
        "btime" | "wtime" | "binc" | "winc" | "byoyomi" | "movetime" | "mate" => {
            Some((0, MAX_GO_MS))
        }
        // The engine searches at most 120 plies deep (DepthLimit's range).
        "depth" => Some((1, 120)),
        "nodes" => Some((1, u64::MAX)),
        _ => None,
    }
}

/// The value of `go <field> <text>` within `range`, or `None` when `text`
/// is no whole number; a clamped value leaves a note.
fn go_number(
    field: &str,
    text: &str,
    (min, max): (u64, u64),
    notes: &mut Vec<String>,
) -> Option<u64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let negative = text.starts_with('-') && digits.bytes().any(|b| b != b'0');
    // Too many digits for a u64 is still a number: the largest one.
    let magnitude = digits.parse::<u64>().unwrap_or(u64::MAX);
    let value = if negative {
        min
    } else if (min..=max).contains(&magnitude) {
        return Some(magnitude);
    } else {
        magnitude.clamp(min, max)
    };
    notes.push(format!(
        "go: {field} {} is outside {min}..={max}; using {value}",
        excerpt(text)
    ));
    Some(value)
}

fn parse_go(words: &[&str]) -> GoParams {
    let mut g = GoParams::default();
    // The first value that is not a whole number, and its field.
    let mut unreadable: Option<(String, Option<String>)> = None;
    let mut it = words.iter().copied().peekable();
    while let Some(w) = it.next() {
        match w {
            "ponder" => g.ponder = true,
            "infinite" => g.infinite = true,
            "mate" if matches!(it.peek(), None | Some(&"infinite")) => {
                it.next();
                g.mate = Some(None);
            }
            field => match go_range(field) {
                Some(range) => {
                    let text = it.next();
                    let value = text.and_then(|t| go_number(field, t, range, &mut g.notes));
                    let Some(v) = value else {
                        if field == "mate" {
                            g.mate = Some(None);
                        }
                        unreadable.get_or_insert((field.to_string(), text.map(excerpt)));
                        continue;
                    };
                    match field {
                        "btime" => g.time[0] = Some(v),
                        "wtime" => g.time[1] = Some(v),
                        "binc" => g.inc[0] = Some(v),
                        "winc" => g.inc[1] = Some(v),
                        "byoyomi" => g.byoyomi = Some(v),
                        "depth" => g.depth = Some(v),
                        "nodes" => g.nodes = Some(v),
                        "movetime" => g.movetime = Some(v),
                        _ => g.mate = Some(Some(v)),
                    }
                }
                // `searchmoves` and engine-specific extras: noted, not fatal,
                // so the GUI still gets its bestmove.
                None => g.ignored.push(excerpt(field)),
            },
        }
    }
    if let Some((field, text)) = unreadable {
        let what = match text {
            Some(t) => format!("go: {field} needs a whole number, got '{t}'"),
            None => format!("go: {field} needs a whole number"),
        };
        let kind = if g.mate.is_some() {
            "mate search"
        } else {
            "search"
        };
        g.notes
            .push(format!("{what}; a {FALLBACK_GO_MS} ms {kind} instead"));
        let fallback = GoParams {
            ponder: g.ponder,
            infinite: g.infinite,
            ignored: std::mem::take(&mut g.ignored),
            notes: std::mem::take(&mut g.notes),
            ..GoParams::default()
        };
        return match g.mate {
            Some(_) => GoParams {
                mate: Some(Some(FALLBACK_GO_MS)),
                ..fallback
            },
            None => GoParams {
                movetime: Some(FALLBACK_GO_MS),
                ..fallback
            },
        };
    }
    g
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
        Some(&"startpos") => {
            return Err(malformed(
                "position",
                format!("'{}' after 'startpos' (expected 'moves')", excerpt(head[1])),
            ));
        }
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
        "go" => Command::Go(parse_go(rest)),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "gameover" => Command::GameOver,
        "quit" => Command::Quit,
        other => return Err(UsiError::Unknown(excerpt(other))),
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
        assert_eq!(
            g.notes,
            ["go: wtime -5 is outside 0..=1000000000000; using 0"]
        );
        assert_eq!(g.byoyomi, Some(200));
        let Command::Go(m) = parse("go mate infinite").unwrap() else {
            panic!("not go")
        };
        assert_eq!(m.mate, Some(None));
        let Command::Go(g) = parse("go depth x").unwrap() else {
            panic!("not go")
        };
        assert_eq!((g.depth, g.movetime), (None, Some(FALLBACK_GO_MS)));
        let Command::Go(g) = parse("go sideways byoyomi 100").unwrap() else {
            panic!("not go")
        };
        assert_eq!(
            (g.ignored, g.byoyomi),
            (vec!["sideways".to_string()], Some(100))
        );
    }

    fn go(line: &str) -> GoParams {
        match parse(line) {
            Ok(Command::Go(g)) => g,
            other => panic!("{line}: {other:?}"),
        }
    }

    /// Every value not used as given is clamped or replaced, and said.
    #[test]
    fn go_values_are_clamped_or_replaced_with_a_note() {
        let g = go("go depth -3 nodes -1 movetime -5");
        assert_eq!((g.depth, g.nodes, g.movetime), (Some(1), Some(1), Some(0)));
        assert_eq!(
            g.notes,
            [
                "go: depth -3 is outside 1..=120; using 1",
                "go: nodes -1 is outside 1..=18446744073709551615; using 1",
                "go: movetime -5 is outside 0..=1000000000000; using 0",
            ]
        );
        let g = go("go btime 18446744073709551615 wtime 99999999999999999999999 byoyomi 100");
        assert_eq!(g.time, [Some(MAX_GO_MS), Some(MAX_GO_MS)]);
        assert_eq!(g.byoyomi, Some(100));
        assert_eq!(g.notes.len(), 2);
        assert!(
            g.notes[0].contains("btime 18446744073709551615 is outside"),
            "{:?}",
            g.notes
        );
        let g = go("go depth 500 nodes 0");
        assert_eq!((g.depth, g.nodes), (Some(120), Some(1)));
        // In range: no note.
        assert!(
            go("go btime 0 wtime 0 byoyomi 1000 depth 7")
                .notes
                .is_empty()
        );
        // Not a number: the same kind of search, short.
        let g = go("go mate abc");
        assert_eq!(g.mate, Some(Some(FALLBACK_GO_MS)));
        assert_eq!(
            g.notes,
            ["go: mate needs a whole number, got 'abc'; a 100 ms mate search instead"]
        );
        let g = go("go ponder btime 1e3 wtime 5");
        assert!(g.ponder);
        assert_eq!((g.time, g.movetime), ([None, None], Some(FALLBACK_GO_MS)));
        assert_eq!(
            g.notes,
            ["go: btime needs a whole number, got '1e3'; a 100 ms search instead"]
        );
        let g = go("go movetime");
        assert_eq!(
            g.notes,
            ["go: movetime needs a whole number; a 100 ms search instead"]
        );
        let g = go("go depth \u{1b}[2J");
        assert!(g.notes[0].contains("'\\u{1b}[2J'"), "{:?}", g.notes);
        assert_eq!(go("go mate").mate, Some(None));
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
        assert_eq!(
            parse("\u{1b}[31mhello").unwrap_err().to_string(),
            "unknown command '\\u{1b}[31mhello'"
        );
        assert_eq!(
            parse("position startpos foo 7g7f").unwrap_err().to_string(),
            "position: 'foo' after 'startpos' (expected 'moves')"
        );
    }
}
