//! Actions: pushes and walks, their protocol text, and the referee's parsing
//! of a bot's output line.
//!
//! Contract: [`parse_output`] accepts exactly what the referee's full-line
//! regexes accept (`PUSH [0-6] DIR`, `MOVE( DIR){1,20}`, `PASS`, at most 124
//! characters), and says why anything else is refused; whether the action
//! fits the turn type is checked by the caller ([`Action::fits`]).

use crate::tile::{Dir, SIZE};
use std::fmt;

/// Most steps in one MOVE.
pub const MAX_STEPS: usize = 20;
/// Longest output line the referee accepts.
pub const MAX_LINE: usize = 124;

/// A push: line `0..7` (a row for LEFT/RIGHT, a column for UP/DOWN) and direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Push(u8);

impl Push {
    /// Number of distinct pushes.
    pub const COUNT: usize = 28;

    /// The push of `line` in `dir`.
    pub fn new(line: usize, dir: Dir) -> Push {
        debug_assert!(line < SIZE);
        Push((dir.index() * SIZE + line) as u8)
    }

    /// The push with this index `0..28` (direction-major).
    pub fn from_index(i: usize) -> Push {
        Push(i as u8)
    }

    /// Index `0..28`.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Row or column pushed.
    pub fn line(self) -> usize {
        self.0 as usize % SIZE
    }

    /// Direction of the push.
    pub fn dir(self) -> Dir {
        Dir::from_index(self.0 as usize / SIZE)
    }

    /// Whether it pushes a row.
    pub fn is_horizontal(self) -> bool {
        self.dir().is_horizontal()
    }

    /// All 28 pushes.
    pub fn all() -> impl Iterator<Item = Push> {
        (0..Push::COUNT).map(Push::from_index)
    }
}

impl fmt::Display for Push {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PUSH {} {}", self.line(), self.dir())
    }
}

/// A walk of up to 20 steps, packed in one word (2 bits a step, the length above).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Path(u64);

impl Path {
    const LEN_SHIFT: u32 = 40;

    /// The empty walk (`PASS`).
    pub const EMPTY: Path = Path(0);

    /// Number of steps.
    pub fn len(self) -> usize {
        (self.0 >> Self::LEN_SHIFT) as usize
    }

    /// Whether it has no step.
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Step `i`.
    pub fn step(self, i: usize) -> Dir {
        Dir::from_index((self.0 >> (2 * i)) as usize)
    }

    /// This walk with one more step; `None` when it already has 20.
    pub fn push(self, d: Dir) -> Option<Path> {
        let n = self.len();
        (n < MAX_STEPS).then(|| {
            let steps = self.0 & ((1 << Self::LEN_SHIFT) - 1);
            Path(steps | (d.index() as u64) << (2 * n) | ((n as u64 + 1) << Self::LEN_SHIFT))
        })
    }

    /// The steps in order.
    pub fn steps(self) -> impl Iterator<Item = Dir> {
        (0..self.len()).map(move |i| self.step(i))
    }

    /// The walk from a list of steps; `None` when longer than 20.
    pub fn from_steps(steps: &[Dir]) -> Option<Path> {
        steps.iter().try_fold(Path::EMPTY, |p, &d| p.push(d))
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("PASS");
        }
        f.write_str("MOVE")?;
        for d in self.steps() {
            write!(f, " {d}")?;
        }
        Ok(())
    }
}

/// One player's action for one game turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A push (PUSH turns).
    Push(Push),
    /// A walk; the empty walk is `PASS` (MOVE turns).
    Move(Path),
}

impl Action {
    /// Whether the action belongs to a turn of this type (`push_turn` true for PUSH turns).
    pub fn fits(self, push_turn: bool) -> bool {
        matches!(self, Action::Push(_)) == push_turn
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Push(p) => p.fmt(f),
            Action::Move(p) => p.fmt(f),
        }
    }
}

/// Why the referee refuses an output line (each is fatal for the bot).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OutputError {
    /// More than 124 characters.
    #[error("exceeded number of allowed characters ({0} > 124)")]
    TooLong(usize),
    /// A well-formed MOVE with more than 20 steps.
    #[error("max 20 steps - {0}")]
    TooManySteps(String),
    /// Anything else the regexes refuse.
    #[error("invalid input: '{0}'")]
    Malformed(String),
    /// A valid action of the wrong kind for the turn.
    #[error("can't \"{action}\" while expecting a {expected} action")]
    WrongTurn {
        /// The action given.
        action: String,
        /// `PUSH` or `MOVE`.
        expected: &'static str,
    },
}

/// Parses one output line as the referee does (the line without its end-of-line).
pub fn parse_output(line: &str) -> Result<Action, OutputError> {
    if line.chars().count() > MAX_LINE {
        return Err(OutputError::TooLong(line.chars().count()));
    }
    if line == "PASS" {
        return Ok(Action::Move(Path::EMPTY));
    }
    let malformed = || OutputError::Malformed(line.to_string());
    let words: Vec<&str> = line.split(' ').collect();
    match words.first().copied() {
        Some("PUSH") => {
            // `PUSH <[ 0-6]> <DIR>`: exactly one character for the id; a space
            // there matches the referee's regex but crashes its parser, so it is refused.
            let rest = &line[4..];
            let b = rest.as_bytes();
            if b.len() < 4 || b[0] != b' ' || b[2] != b' ' || !(b'0'..=b'6').contains(&b[1]) {
                return Err(malformed());
            }
            let dir = Dir::from_word(&rest[3..]).ok_or_else(malformed)?;
            Ok(Action::Push(Push::new((b[1] - b'0') as usize, dir)))
        }
        Some("MOVE") => {
            let dirs: Option<Vec<Dir>> = words[1..].iter().map(|w| Dir::from_word(w)).collect();
            match dirs {
                Some(d) if d.is_empty() => Err(malformed()),
                Some(d) if d.len() > MAX_STEPS => Err(OutputError::TooManySteps(line.to_string())),
                Some(d) => Ok(Action::Move(
                    Path::from_steps(&d).expect("at most 20 steps"),
                )),
                None => Err(malformed()),
            }
        }
        _ => Err(malformed()),
    }
}

/// Parses a line and checks it fits the turn (`push_turn` true for PUSH turns).
pub fn parse_for_turn(line: &str, push_turn: bool) -> Result<Action, OutputError> {
    let action = parse_output(line)?;
    if action.fits(push_turn) {
        Ok(action)
    } else {
        Err(OutputError::WrongTurn {
            action: action.to_string(),
            expected: if push_turn { "PUSH" } else { "MOVE" },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn referee_regexes() {
        assert_eq!(
            parse_output("PUSH 3 RIGHT"),
            Ok(Action::Push(Push::new(3, Dir::Right)))
        );
        assert_eq!(parse_output("PASS"), Ok(Action::Move(Path::EMPTY)));
        let m = parse_output("MOVE UP LEFT").unwrap();
        assert_eq!(m.to_string(), "MOVE UP LEFT");
        for bad in [
            "PUSH 7 UP",
            "PUSH   UP",
            "PUSH 3 right",
            "PUSH 3 RIGHT ",
            "PUSH 3  RIGHT",
            " PASS",
            "PASS ",
            "MOVE",
            "MOVE UP  LEFT",
            "MOVE UP # go",
            "push 1 UP",
            "",
        ] {
            assert!(parse_output(bad).is_err(), "{bad:?} accepted");
        }
        let twenty = format!("MOVE{}", " UP".repeat(20));
        assert_eq!(
            parse_output(&twenty).map(|a| a.to_string()),
            Ok(twenty.clone())
        );
        let long = format!("MOVE{}", " UP".repeat(21));
        assert!(matches!(
            parse_output(&long),
            Err(OutputError::TooManySteps(_))
        ));
        let too_long = format!("MOVE{}", " LEFT".repeat(25));
        assert!(matches!(
            parse_output(&too_long),
            Err(OutputError::TooLong(129))
        ));
        assert!(matches!(
            parse_for_turn("PASS", true),
            Err(OutputError::WrongTurn { .. })
        ));
        assert!(parse_for_turn("PUSH 0 UP", false).is_err());
    }
}
