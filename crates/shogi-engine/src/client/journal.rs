//! The journal of a clocked match: the match's settings on the first line,
//! then one JSON line per finished pair, so a match of many hours can stop
//! (or be killed) and go on later where it stopped.
//!
//! Contract: [`Journal::open`] creates the file with its header, or reads an
//! existing one whose header must equal the current match's, else
//! [`JournalError::Mismatch`] names the first field that differs. Pairs are
//! numbered from 0 without gaps. A last line without its newline is what a
//! kill in the middle of a write leaves: it is dropped and the file cut back
//! to the last whole line, so a pair is never counted half. Any other line
//! that does not parse is [`JournalError::Malformed`] with `FILE:LINE`.
//! [`Journal::append`] writes one whole line and flushes it to the disk
//! before the pair is counted.

use super::game::{Forfeit, Played, position_command};
use super::matches::{ShogiMatchConfig, describe};
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;
use yomi_arena::Side;
use yomi_arena::play::GameRecord;
use yomi_search::Outcome;

/// The format tag on every header.
pub const FORMAT: &str = "yomi shogi match journal 1";

/// What identifies a match: a journal continues only the same match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalHeader {
    /// Always [`FORMAT`].
    pub format: String,
    /// The players as given (`usi:PATH,Option=Value...` or a strategy spec).
    pub players: [String; 2],
    /// The names the players report.
    pub names: [String; 2],
    /// Match seed.
    pub seed: u64,
    /// Games scheduled.
    pub games: u32,
    /// The clock, in words.
    pub control: String,
    /// Lateness forgiven, in ms.
    pub tolerance_ms: u64,
    /// Entering-king rule.
    pub declaration: String,
    /// Ply limit (opening included).
    pub max_plies: u32,
    /// The openings: random plies, or the given lines' count and fingerprint.
    pub openings: String,
    /// The resign rule, if any (absent from journals of matches without
    /// one, so those continue as before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<String>,
}

impl JournalHeader {
    /// What identifies the match `cfg` with these players in a journal.
    pub fn for_match(
        cfg: &ShogiMatchConfig,
        players: &[String; 2],
        names: &[String; 2],
    ) -> JournalHeader {
        let openings = if cfg.starts.is_empty() {
            match &cfg.arena.openings {
                yomi_arena::Openings::Random { plies } => format!("{plies} random plies"),
                yomi_arena::Openings::List(_) => "the start position".to_string(),
            }
        } else {
            let mut h = yomi_core::Fnv::new();
            for s in &cfg.starts {
                h.write(position_command(&s.start, &s.moves).as_bytes());
                h.write(b"\n");
            }
            format!(
                "{} lines, fingerprint {:016x}",
                cfg.starts.len(),
                h.finish()
            )
        };
        JournalHeader {
            format: FORMAT.to_string(),
            players: players.clone(),
            names: names.clone(),
            seed: cfg.arena.seed,
            games: cfg.arena.scheduled_games(),
            control: describe(cfg.control),
            tolerance_ms: u64::try_from(cfg.tolerance.as_millis()).unwrap_or(u64::MAX),
            declaration: format!("{:?}", cfg.declaration),
            max_plies: cfg.arena.max_plies.unwrap_or(512),
            openings,
            resign: cfg.resign.map(|r| r.to_string()),
        }
    }
}

/// Why a journal cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// Reading or writing the file failed.
    #[error("journal {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A whole line that is not what the journal holds there.
    #[error("{path}:{line}: {reason}")]
    Malformed {
        /// The file.
        path: String,
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The file was written for a different match.
    #[error(
        "journal {path} belongs to another match: its {field} is {theirs}, this match's is {ours} \
         (give another file, or the same settings to continue it)"
    )]
    Mismatch {
        /// The file.
        path: String,
        /// The header field that differs.
        field: String,
        /// The file's value.
        theirs: String,
        /// The current match's value.
        ours: String,
    },
}

/// Who, in a journal line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Who {
    A,
    B,
}

impl From<Side> for Who {
    fn from(s: Side) -> Who {
        match s {
            Side::A => Who::A,
            Side::B => Who::B,
        }
    }
}

impl From<Who> for Side {
    fn from(w: Who) -> Side {
        match w {
            Who::A => Side::A,
            Who::B => Side::B,
        }
    }
}

/// One game of a journal line: [`GameRecord`] plus the forfeit, if any.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct GameLine {
    index: u64,
    a_seat: usize,
    result: Outcome,
    plies: u32,
    adjudicated: bool,
    illegal_by: Option<Who>,
    moves: [u32; 2],
    time_us: [u64; 2],
    forfeit: Option<(Who, Forfeit)>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    resign_adjudicated: bool,
}

impl GameLine {
    fn from_played(p: &Played) -> GameLine {
        let r = &p.record;
        GameLine {
            index: r.index,
            a_seat: r.a_seat,
            result: r.result,
            plies: r.plies,
            adjudicated: r.adjudicated,
            illegal_by: r.illegal_move_by.map(Who::from),
            moves: r.moves,
            time_us: r
                .time
                .map(|t| u64::try_from(t.as_micros()).unwrap_or(u64::MAX)),
            forfeit: p.forfeit.map(|(s, f)| (Who::from(s), f)),
            resign_adjudicated: p.resign_adjudicated,
        }
    }

    fn into_played(self) -> Played {
        Played {
            record: GameRecord {
                index: self.index,
                a_seat: self.a_seat,
                result: self.result,
                plies: self.plies,
                adjudicated: self.adjudicated,
                illegal_move_by: self.illegal_by.map(Side::from),
                moves: self.moves,
                time: self.time_us.map(Duration::from_micros),
            },
            forfeit: self.forfeit.map(|(w, f)| (Side::from(w), f)),
            resign_adjudicated: self.resign_adjudicated,
        }
    }
}

/// One journal line after the header.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct PairLine {
    pair: u64,
    games: [GameLine; 2],
}

/// An open journal, positioned after its last whole line.
pub struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens (or creates) the journal at `path` for the match `header`
    /// describes; returns it with the pairs it already holds, in order.
    pub(super) fn open(
        path: &Path,
        header: &JournalHeader,
    ) -> Result<(Journal, Vec<[Played; 2]>), JournalError> {
        let shown = path.display().to_string();
        let io = |source| JournalError::Io {
            path: shown.clone(),
            source,
        };
        let text = match std::fs::read(path) {
            Ok(bytes) => String::from_utf8(bytes).map_err(|e| JournalError::Malformed {
                path: shown.clone(),
                line: 1,
                reason: format!("not UTF-8 text: {e}"),
            })?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(io(e)),
        };
        // Only whole lines count; a torn last line is cut off below.
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        let mut pairs = Vec::new();
        let mut lines = text[..whole].lines();
        let fresh = match lines.next() {
            None => true,
            Some(first) => {
                check_header(&shown, first, header)?;
                false
            }
        };
        for (i, line) in lines.enumerate() {
            let number = i + 2;
            let bad = |reason: String| JournalError::Malformed {
                path: shown.clone(),
                line: number,
                reason,
            };
            let p: PairLine =
                serde_json::from_str(line).map_err(|e| bad(format!("not a pair line: {e}")))?;
            if p.pair != pairs.len() as u64 {
                return Err(bad(format!(
                    "pair {} where pair {} was expected",
                    p.pair,
                    pairs.len()
                )));
            }
            if 2 * (p.pair + 1) > u64::from(header.games) {
                return Err(bad(format!(
                    "pair {} is beyond the {} games of the match",
                    p.pair, header.games
                )));
            }
            let [g0, g1] = p.games;
            pairs.push([g0.into_played(), g1.into_played()]);
        }
        // Appends land at the end, so after the cut.
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        file.set_len(whole as u64).map_err(io)?;
        if fresh {
            let mut line = serde_json::to_string(header).expect("a header serializes");
            line.push('\n');
            file.write_all(line.as_bytes()).map_err(io)?;
            file.sync_data().map_err(io)?;
        }
        Ok((
            Journal {
                file,
                path: path.to_path_buf(),
            },
            pairs,
        ))
    }

    /// Appends pair `pair` and flushes it to the disk.
    pub(super) fn append(&mut self, pair: u64, games: &[Played; 2]) -> Result<(), JournalError> {
        let line = PairLine {
            pair,
            games: [
                GameLine::from_played(&games[0]),
                GameLine::from_played(&games[1]),
            ],
        };
        let mut text = serde_json::to_string(&line).expect("a pair line serializes");
        text.push('\n');
        let io = |source| JournalError::Io {
            path: self.path.display().to_string(),
            source,
        };
        self.file.write_all(text.as_bytes()).map_err(io)?;
        self.file.sync_data().map_err(io)
    }
}

/// Checks that the journal's first line is `ours`, naming the first
/// differing field otherwise.
fn check_header(path: &str, first: &str, ours: &JournalHeader) -> Result<(), JournalError> {
    let malformed = |reason: String| JournalError::Malformed {
        path: path.to_string(),
        line: 1,
        reason,
    };
    let theirs: serde_json::Value = serde_json::from_str(first)
        .map_err(|e| malformed(format!("not a match journal header: {e}")))?;
    let ours = serde_json::to_value(ours).expect("a header serializes");
    let (Some(t), Some(o)) = (theirs.as_object(), ours.as_object()) else {
        return Err(malformed("not a match journal header".to_string()));
    };
    // The format first: another format's fields mean nothing here. Then
    // every field either side has: optional ones are absent when unset.
    let others = o.keys().chain(t.keys().filter(|k| !o.contains_key(*k)));
    let fields =
        std::iter::once("format").chain(others.map(String::as_str).filter(|k| *k != "format"));
    let shown = |v: Option<&serde_json::Value>| v.map_or("missing".to_string(), |v| v.to_string());
    for field in fields {
        let (tv, ov) = (t.get(field), o.get(field));
        if tv != ov {
            return Err(JournalError::Mismatch {
                path: path.to_string(),
                field: field.to_string(),
                theirs: shown(tv),
                ours: shown(ov),
            });
        }
    }
    Ok(())
}

/// A match's journal file and what identifies its players.
#[derive(Clone, Debug)]
pub struct MatchJournal {
    /// The file (JSON lines; created when missing).
    pub path: PathBuf,
    /// The players as the user gave them: part of what must match for a
    /// rerun to continue the file.
    pub players: [String; 2],
}
