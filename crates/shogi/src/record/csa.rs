//! CSA game records (the Computer Shogi Association's text format, V2.2).
//!
//! Contract: [`Csa`] writes (`Display`) `V2.2`, the player names (`N+`,
//! `N-`), the start position (`PI` for the standard one, otherwise
//! `P1`..`P9` and the hands), the side to move, one move per line with its
//! time `T<seconds>`, the termination's token and the comment (each line
//! after `'`). It reads (`FromStr`) the common subset: comments (`'`; those
//! after the ending are the record's comment), `,`-joined statements, `V`,
//! `N`, `$` and `T` lines, `PI` without removed pieces, `P1`..`P9`, `P+`/`P-`
//! hands (not `AL`), and `%` endings; every move is checked against the
//! rules. Endings it maps: `%TSUMI` checkmate, `%TORYO` resignation,
//! `%SENNICHITE` repetition or perpetual check (told apart by the moves),
//! `%OUTE_SENNICHITE` perpetual check, `%KACHI` declaration,
//! `%ILLEGAL_MOVE` illegal move, `%TIME_UP` time up, `%HIKIWAKE` and
//! `%MAX_MOVES` ply limit, `%CHUDAN` interrupted; any other `%` token
//! leaves the termination unknown (`None`).

use super::{GameRecord, coordinates};
use crate::position::Position;
use crate::termination::Termination;
use crate::types::{Color, Kind, square};
use std::fmt;
use std::str::FromStr;

/// A [`GameRecord`] in the CSA format: `FromStr` reads, `Display` writes.
///
/// ```
/// use std::time::Duration;
/// use yomi_shogi::Position;
/// use yomi_shogi::record::{Csa, GameRecord, TimedMove};
/// use yomi_shogi::Termination;
///
/// let start = Position::startpos();
/// let mut record = GameRecord::new(start.clone());
/// record.names = ["yomi".into(), "other".into()];
/// let mv = start.parse_usi("7g7f").unwrap();
/// record.moves.push(TimedMove { mv, time: Duration::from_secs(3) });
/// record.termination = Some(Termination::Resignation);
///
/// let text = Csa(record.clone()).to_string();
/// assert_eq!(text, "V2.2\nN+yomi\nN-other\nPI\n+\n+7776FU\nT3\n%TORYO\n");
/// let Csa(read) = text.parse().unwrap();
/// assert_eq!(read, record);
///
/// let e = "PI\n+\n+7775FU\n".parse::<Csa>().unwrap_err();
/// assert_eq!(e.line, 3);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Csa(pub GameRecord);

impl FromStr for Csa {
    type Err = super::CsaError;

    fn from_str(text: &str) -> Result<Csa, Self::Err> {
        super::csa_read::read(text).map(Csa)
    }
}

impl fmt::Display for Csa {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, &self.0)
    }
}

const CODES: [(Kind, &str); 14] = [
    (Kind::Pawn, "FU"),
    (Kind::Lance, "KY"),
    (Kind::Knight, "KE"),
    (Kind::Silver, "GI"),
    (Kind::Gold, "KI"),
    (Kind::Bishop, "KA"),
    (Kind::Rook, "HI"),
    (Kind::King, "OU"),
    (Kind::ProPawn, "TO"),
    (Kind::ProLance, "NY"),
    (Kind::ProKnight, "NK"),
    (Kind::ProSilver, "NG"),
    (Kind::Horse, "UM"),
    (Kind::Dragon, "RY"),
];

/// The CSA code of a piece kind (`FU`, ..., `RY`).
pub(super) fn code(k: Kind) -> &'static str {
    CODES
        .iter()
        .find(|(x, _)| *x == k)
        .map(|c| c.1)
        .unwrap_or("??")
}

/// The piece kind of a CSA code.
pub(super) fn kind_of(code: &str) -> Option<Kind> {
    CODES.iter().find(|(_, c)| *c == code).map(|c| c.0)
}

pub(super) fn sign(c: Color) -> char {
    if c == Color::Black { '+' } else { '-' }
}

/// The CSA token of a termination. Perpetual check is written as plain
/// repetition, as yomi's records always were.
pub(super) fn token(t: Termination) -> &'static str {
    match t {
        Termination::Resignation => "%TORYO",
        Termination::Checkmate => "%TSUMI",
        Termination::TimeUp => "%TIME_UP",
        Termination::IllegalMove => "%ILLEGAL_MOVE",
        Termination::Repetition | Termination::PerpetualCheck => "%SENNICHITE",
        Termination::Declaration => "%KACHI",
        Termination::PlyLimit => "%HIKIWAKE",
        Termination::Interrupted => "%CHUDAN",
    }
}

/// The termination of a CSA token (`None` for one yomi has no variant
/// for); `%SENNICHITE` still needs the moves to tell perpetual check apart.
pub(super) fn termination_of(token: &str) -> Option<Termination> {
    Some(match token {
        "%TORYO" => Termination::Resignation,
        "%TSUMI" => Termination::Checkmate,
        "%TIME_UP" => Termination::TimeUp,
        "%ILLEGAL_MOVE" => Termination::IllegalMove,
        "%SENNICHITE" => Termination::Repetition,
        "%OUTE_SENNICHITE" => Termination::PerpetualCheck,
        "%KACHI" => Termination::Declaration,
        "%HIKIWAKE" | "%MAX_MOVES" => Termination::PlyLimit,
        "%CHUDAN" => Termination::Interrupted,
        _ => return None,
    })
}

fn csa_square(sq: usize) -> String {
    let (f, r) = coordinates(sq);
    format!("{f}{r}")
}

fn write(s: &mut impl fmt::Write, record: &GameRecord) -> fmt::Result {
    let start = &record.start;
    writeln!(s, "V2.2")?;
    writeln!(s, "N+{}\nN-{}", record.names[0], record.names[1])?;
    if start.to_sfen() == Position::startpos().to_sfen() {
        writeln!(s, "PI")?;
    } else {
        for rank in 0..9 {
            write!(s, "P{}", rank + 1)?;
            for file in (0..9).rev() {
                let p = start.piece_on(square(file, rank));
                match p.kind() {
                    None => s.write_str(" * ")?,
                    Some(k) => write!(s, "{}{}", sign(p.color()), code(k))?,
                }
            }
            writeln!(s)?;
        }
        for c in [Color::Black, Color::White] {
            let hand = start.hand(c);
            if !hand.is_empty() {
                write!(s, "P{}", sign(c))?;
                for (k, n) in hand.iter() {
                    for _ in 0..n {
                        write!(s, "00{}", code(k))?;
                    }
                }
                writeln!(s)?;
            }
        }
    }
    writeln!(s, "{}", sign(start.side_to_move()))?;
    let mut pos = start.clone();
    for tm in &record.moves {
        let m = tm.mv;
        let us = pos.side_to_move();
        let (from, kind) = if m.is_drop() {
            ("00".to_string(), m.drop_kind())
        } else {
            let k = pos.piece_on(m.from()).kind().unwrap_or(Kind::Pawn);
            let k = if m.is_promotion() { k.promoted() } else { k };
            (csa_square(m.from()), k)
        };
        writeln!(
            s,
            "{}{from}{}{}\nT{}",
            sign(us),
            csa_square(m.to()),
            code(kind),
            tm.time.as_secs()
        )?;
        pos.do_move(m);
    }
    if let Some(t) = record.termination {
        writeln!(s, "{}", token(t))?;
    }
    if !record.comment.is_empty() {
        for line in record.comment.lines() {
            writeln!(s, "'{line}")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{TimedMove, timed_moves};
    use super::*;
    use crate::types::Move;
    use std::time::Duration;

    fn play(start: &Position, usi: &[&str]) -> Vec<TimedMove> {
        timed_moves(start, usi, Duration::from_millis(1500))
    }

    fn record(
        names: [&str; 2],
        start: &Position,
        moves: Vec<TimedMove>,
        termination: Termination,
        comment: &str,
    ) -> GameRecord {
        GameRecord {
            names: names.map(String::from),
            start: start.clone(),
            moves,
            termination: Some(termination),
            comment: comment.to_string(),
        }
    }

    fn read(text: &str) -> Result<(Position, Vec<Move>), super::super::CsaError> {
        let Csa(r) = text.parse()?;
        Ok((r.start, r.moves.iter().map(|m| m.mv).collect()))
    }

    #[test]
    fn startpos_game_round_trips() {
        let start = Position::startpos();
        let moves = play(&start, &["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
        let r = record(
            ["a", "b"],
            &start,
            moves.clone(),
            Termination::Resignation,
            "test",
        );
        let text = Csa(r).to_string();
        assert!(text.contains("PI\n+\n+7776FU\nT1\n-3334FU\n"), "{text}");
        assert!(
            text.contains("+8822UM\n") && text.contains("+0045KA\n"),
            "{text}"
        );
        assert!(text.ends_with("%TORYO\n'test\n"));
        let (s, m) = read(&text).unwrap();
        assert_eq!(s.to_sfen(), start.to_sfen());
        assert_eq!(m, moves.iter().map(|x| x.mv).collect::<Vec<_>>());
    }

    #[test]
    fn sfen_start_with_hands_round_trips() {
        let start = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/K8 w G2p 1").unwrap();
        let moves = play(&start, &["P*5h", "G*5b"]);
        let r = record(["x", "y"], &start, moves, Termination::Checkmate, "");
        let text = Csa(r).to_string();
        let (s, m) = read(&text).unwrap();
        assert_eq!(s.to_sfen(), start.to_sfen());
        assert_eq!(m.len(), 2);
    }

    #[test]
    fn illegal_and_malformed_records_are_refused_with_the_line() {
        let e = read("PI\n+\n+7775FU\n").unwrap_err().to_string();
        assert!(e.contains("line 3") && e.contains("illegal"), "{e}");
        assert!(read("PI\n+\n+77X6FU\n").is_err());
        assert!(read("P1 foo\n").is_err());
    }

    #[test]
    fn every_termination_has_its_token_and_reads_back() {
        for t in crate::termination::TERMINATIONS {
            let back = termination_of(token(t)).unwrap();
            if t == Termination::PerpetualCheck {
                assert_eq!(back, Termination::Repetition);
            } else {
                assert_eq!(back, t);
            }
        }
        assert_eq!(token(Termination::PlyLimit), "%HIKIWAKE");
        assert_eq!(token(Termination::Interrupted), "%CHUDAN");
        assert_eq!(termination_of("%JISHOGI"), None);
    }
}
