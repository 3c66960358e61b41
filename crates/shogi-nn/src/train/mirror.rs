//! Left-right mirroring of training positions: shogi's rules are symmetric
//! under exchanging files 1..9 with 9..1, so a mirrored position has the same
//! value and doubles the training data for free.
//!
//! Contract: [`mirror_sfen`] reverses every rank of the board field and keeps
//! the side to move, hands and move number; mirroring twice gives the input
//! back. Validation positions are never mirrored.

use crate::train::data::{Dataset, Sample};
use yomi_shogi::Position;

/// The SFEN of `sfen` with files mirrored, or `None` if it is not a valid SFEN.
pub fn mirror_sfen(sfen: &str) -> Option<String> {
    let (board, rest) = sfen.trim().split_once(' ')?;
    let mut ranks = Vec::with_capacity(9);
    for rank in board.split('/') {
        // One token per square: "" for empty, else "[+]<letter>".
        let mut squares: Vec<String> = Vec::with_capacity(9);
        let mut promoted = false;
        for c in rank.chars() {
            if let Some(d) = c.to_digit(10) {
                squares.extend((0..d).map(|_| String::new()));
            } else if c == '+' {
                promoted = true;
            } else {
                squares.push(if promoted {
                    format!("+{c}")
                } else {
                    c.to_string()
                });
                promoted = false;
            }
        }
        squares.reverse();
        let mut out = String::new();
        let mut empty = 0;
        for s in squares {
            if s.is_empty() {
                empty += 1;
            } else {
                if empty > 0 {
                    out.push_str(&empty.to_string());
                    empty = 0;
                }
                out.push_str(&s);
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        ranks.push(out);
    }
    let text = format!("{} {rest}", ranks.join("/"));
    Position::from_sfen(&text).ok().map(|_| text)
}

impl Dataset {
    /// Appends the mirror image of every training position (same label and
    /// game) and marks the fingerprint, so a resumed run must mirror too.
    pub fn mirror_training(&mut self) {
        let mirrored: Vec<Sample> = self
            .train
            .iter()
            .filter_map(|s| {
                let m = mirror_sfen(&s.sfen)?;
                (m.as_str() != &*s.sfen).then(|| Sample {
                    sfen: m.into_boxed_str(),
                    ..s.clone()
                })
            })
            .collect();
        self.train.extend(mirrored);
        self.fingerprint = self.fingerprint.rotate_left(1) ^ 0x6d69_7272_6f72;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirrors_files_and_back() {
        let s = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
        let m = mirror_sfen(s).unwrap();
        assert_eq!(
            m,
            "lnsgkgsnl/1b5r1/ppppppppp/9/9/6P2/PPPPPP1PP/1R5B1/LNSGKGSNL w - 2"
        );
        assert_eq!(mirror_sfen(&m).unwrap(), s);
        let p = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";
        let m = mirror_sfen(p).unwrap();
        assert!(m.starts_with("ln6l/kg1+P5/3S1pn2/"), "{m}");
        assert_eq!(mirror_sfen(&m).unwrap(), p);
        // Same number of legal moves: the mirror is the same game.
        let a = Position::from_sfen(p).unwrap().legal_moves().len();
        let b = Position::from_sfen(&m).unwrap().legal_moves().len();
        assert_eq!(a, b);
        assert_eq!(mirror_sfen("not a position"), None);
    }
}
