//! Opening lines shared by arena matches and self-play datasets: a start
//! position and the moves played from it before the players take over.
//!
//! Contract: [`parse_openings`] accepts one opening a line, either
//! `[position] startpos|sfen <fields> [moves ...]` or bare USI moves from the
//! start position; blank lines and `#` comments are skipped; every move is
//! checked legal, and an error names the line. A text with no opening is an
//! error, not an empty list.

use crate::book::{BookError, parse_game_line};
use yomi_shogi::{Move, Position};

/// A start position and moves from it.
#[derive(Clone, Debug)]
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

/// Parses an openings text (see the module contract).
pub fn parse_openings(text: &str) -> Result<Vec<StartLine>, BookError> {
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        let t = l.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        let full = if ["position", "startpos", "sfen"]
            .iter()
            .any(|p| t.starts_with(p))
        {
            t.to_string()
        } else {
            format!("startpos moves {t}")
        };
        let (start, moves) = parse_game_line(i + 1, &full)?;
        out.push(StartLine { start, moves });
    }
    if out.is_empty() {
        return Err(BookError::Record {
            line: 0,
            reason: "no opening in the file".into(),
        });
    }
    Ok(out)
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
        assert_eq!(o[2].position().side_to_move(), yomi_shogi::Color::Black);
        let e = parse_openings("7g7f\n7g7f 7g7f\n").unwrap_err().to_string();
        assert!(e.contains("line 2"), "{e}");
        assert!(parse_openings("# only comments\n").is_err());
    }
}
