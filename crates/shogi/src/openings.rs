//! Opening lines: a start position and the moves played from it before the
//! players take over, as matches, self-play and book building read them.
//!
//! Contract: a [`StartLine`] reads (`FromStr`) the USI position syntax
//! `[position] startpos|sfen <fields> [moves m1 m2 ...]`, every move checked
//! legal, and prints (`Display`) `startpos [moves ...]` or
//! `sfen <4 fields> [moves ...]`, which it reads back to the same line.
//! [`parse_openings`] reads an openings text: one opening a line, either
//! that syntax or bare USI moves from the start position
//! ([`parse_opening_line`]); blank lines and `#` comments are skipped as
//! yomi-core's [`yomi_core::text`] skips them; an error names the line. A text with no
//! opening is an error, not an empty list.

use crate::error::{MoveError, SfenError};
use crate::position::Position;
use crate::types::Move;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A start position and moves from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StartLine {
    /// The position the game record starts from.
    pub start: Position,
    /// Moves played before the players take over.
    pub moves: Vec<Move>,
}

impl StartLine {
    /// The position after the opening moves.
    pub fn position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.do_move(m);
        }
        pos
    }
}

/// Why one position line cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StartLineError {
    /// The line starts with neither `startpos` nor `sfen`.
    #[error("expected 'startpos' or 'sfen ...' (optionally after 'position'), got '{0}'")]
    Head(String),
    /// The SFEN after `sfen` is not a position.
    #[error("bad sfen: {0}")]
    Sfen(SfenError),
    /// A move is malformed or illegal where it is played.
    #[error("move {index} '{text}': {reason}")]
    Move {
        /// 1-based index of the move in the line.
        index: usize,
        /// The move as written.
        text: String,
        /// Why it cannot be played.
        reason: MoveError,
    },
}

impl FromStr for StartLine {
    type Err = StartLineError;

    /// Reads `[position] startpos|sfen <fields> [moves ...]`.
    ///
    /// ```
    /// use yomi_shogi::openings::StartLine;
    /// let line: StartLine = "position startpos moves 7g7f 3c3d".parse().unwrap();
    /// assert_eq!(line.moves.len(), 2);
    /// assert_eq!(line.to_string(), "startpos moves 7g7f 3c3d");
    /// assert_eq!(line.to_string().parse::<StartLine>().unwrap(), line);
    /// assert!("startpos moves 7g7e".parse::<StartLine>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<StartLine, StartLineError> {
        let text = text.trim();
        let text = text.strip_prefix("position ").unwrap_or(text).trim();
        let (head, moves_text) = match text.find(" moves") {
            Some(i) => (&text[..i], &text[i + 6..]),
            None => (text, ""),
        };
        let start = if head == "startpos" {
            Position::startpos()
        } else if let Some(sfen) = head.strip_prefix("sfen ") {
            Position::from_sfen(sfen).map_err(StartLineError::Sfen)?
        } else {
            return Err(StartLineError::Head(head.to_string()));
        };
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for (i, t) in moves_text.split_whitespace().enumerate() {
            let m = pos.parse_usi(t).map_err(|reason| StartLineError::Move {
                index: i + 1,
                text: t.to_string(),
                reason,
            })?;
            pos.do_move(m);
            moves.push(m);
        }
        Ok(StartLine { start, moves })
    }
}

impl fmt::Display for StartLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.start == Position::startpos() {
            f.write_str("startpos")?;
        } else {
            write!(f, "sfen {}", self.start.to_sfen())?;
        }
        if !self.moves.is_empty() {
            f.write_str(" moves")?;
            for m in &self.moves {
                write!(f, " {m}")?;
            }
        }
        Ok(())
    }
}

/// Why an openings text cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum OpeningsError {
    /// A line that is not an opening.
    #[error("game line {line}: {reason}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong with it (part of the message, so not a `source()`).
        reason: StartLineError,
    },
    /// Only blank lines and comments.
    #[error("game line 0: no opening in the file")]
    Empty,
}

/// Parses an openings text (see the module contract).
///
/// ```
/// use yomi_shogi::openings::parse_openings;
/// let text = "# two openings\n7g7f 3c3d\nsfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b\n";
/// let openings = parse_openings(text).unwrap();
/// assert_eq!(openings.len(), 2);
/// assert_eq!(openings[0].position().to_sfen(), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
/// let e = parse_openings("7g7f\n7g7f 7g7f\n").unwrap_err();
/// assert!(e.to_string().starts_with("game line 2: move 2 '7g7f'"));
/// ```
pub fn parse_openings(text: &str) -> Result<Vec<StartLine>, OpeningsError> {
    let out = yomi_core::text::content_lines(text)
        .map(|(line, t)| {
            parse_opening_line(t).map_err(|reason| OpeningsError::Line { line, reason })
        })
        .collect::<Result<Vec<_>, _>>()?;
    if out.is_empty() {
        return Err(OpeningsError::Empty);
    }
    Ok(out)
}

/// One line of an openings file: the `position` syntax, or bare USI moves
/// from the start position.
///
/// ```
/// use yomi_shogi::openings::parse_opening_line;
/// assert_eq!(parse_opening_line("7g7f 3c3d")?.to_string(), "startpos moves 7g7f 3c3d");
/// assert_eq!(parse_opening_line("position startpos moves 2g2f")?.moves.len(), 1);
/// # Ok::<(), yomi_shogi::openings::StartLineError>(())
/// ```
pub fn parse_opening_line(text: &str) -> Result<StartLine, StartLineError> {
    let t = text.trim();
    if ["position", "startpos", "sfen"]
        .iter()
        .any(|p| t.starts_with(p))
    {
        t.parse()
    } else {
        format!("startpos moves {t}").parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_form_and_names_bad_lines() {
        let text = "# comment\n7g7f 3c3d\n\nposition startpos moves 2g2f\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d\n";
        let o = parse_openings(text).unwrap();
        assert_eq!(o.len(), 3);
        assert_eq!(o[0].moves.len(), 2);
        assert_eq!(o[1].moves[0].to_string(), "2g2f");
        assert_eq!(o[2].position().side_to_move(), crate::Color::Black);
        let e = parse_openings("7g7f\n7g7f 7g7f\n").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        assert!(parse_openings("# only comments\n").is_err());
    }

    #[test]
    fn errors_say_what_is_wrong_in_the_words_of_the_book_reader() {
        let e = "begin moves 7g7f".parse::<StartLine>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "expected 'startpos' or 'sfen ...' (optionally after 'position'), got 'begin'"
        );
        let e = "sfen 9/9 b - 1".parse::<StartLine>().unwrap_err();
        assert!(e.to_string().starts_with("bad sfen: "), "{e}");
        let e = "startpos moves 7g7f 7g7f".parse::<StartLine>().unwrap_err();
        assert!(
            matches!(&e, StartLineError::Move { index: 2, text, .. } if text == "7g7f"),
            "{e:?}"
        );
        assert_eq!(
            parse_openings("\n# nothing\n").unwrap_err().to_string(),
            "game line 0: no opening in the file"
        );
    }

    #[test]
    fn a_line_prints_what_it_reads() {
        let sfen = "4k4/9/9/9/9/9/9/9/4K4 w G 7";
        let line: StartLine = format!("position sfen {sfen} moves 5a5b").parse().unwrap();
        assert_eq!(line.to_string(), format!("sfen {sfen} moves 5a5b"));
        assert_eq!(line.to_string().parse::<StartLine>().unwrap(), line);
        let bare: StartLine = "startpos".parse().unwrap();
        assert_eq!(bare.to_string(), "startpos");
        assert!(bare.moves.is_empty());
    }
}
