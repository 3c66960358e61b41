//! A readable board diagram (`Display` for [`Position`]).
//!
//! Contract: files 9..1 left to right, ranks a..i top to bottom, Black's
//! pieces in uppercase and White's in lowercase (`+` marks promotion), hands
//! and side to move below, and the SFEN on the last line.

use crate::position::Position;
use crate::types::{Color, square};
use std::fmt;

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hand = |c: Color| {
            let h = self.hand(c);
            if h.is_empty() {
                "-".to_string()
            } else {
                h.iter()
                    .map(|(k, n)| {
                        format!(
                            "{}{}",
                            k.letter(),
                            if n > 1 { n.to_string() } else { String::new() }
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        };
        writeln!(f, "White hand: {}", hand(Color::White))?;
        writeln!(f, "   9  8  7  6  5  4  3  2  1")?;
        writeln!(f, " +---------------------------+")?;
        for rank in 0..9 {
            f.write_str(" |")?;
            for file in (0..9).rev() {
                let p = self.piece_on(square(file, rank));
                match p.kind() {
                    None => f.write_str("  .")?,
                    Some(k) => {
                        let l = k.letter();
                        let l = if p.color() == Color::Black {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        };
                        write!(f, " {}{l}", if k.is_promoted() { '+' } else { ' ' })?;
                    }
                }
            }
            writeln!(f, " | {}", (b'a' + rank as u8) as char)?;
        }
        writeln!(f, " +---------------------------+")?;
        writeln!(f, "Black hand: {}", hand(Color::Black))?;
        writeln!(
            f,
            "{} to move, move {}{}",
            if self.side_to_move() == Color::Black {
                "Black (sente)"
            } else {
                "White (gote)"
            },
            self.move_number(),
            if self.in_check() { ", in check" } else { "" }
        )?;
        write!(f, "sfen {}", self.to_sfen())
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}
