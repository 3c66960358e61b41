//! The one journal format of every match: the match's identity on the
//! first line, then one JSON line per finished pair, so a match of many
//! hours can stop (or be killed) and go on later where it stopped.
//!
//! Contract: [`Journal::open`] creates the file with its header, or reads
//! an existing one whose header must equal the current match's, else
//! [`JournalError::Mismatch`] names the first field that differs (the
//! `format` field first). Pairs are numbered from 0 without gaps. A last
//! line without its newline is what a kill in the middle of a write leaves:
//! it is dropped and the file cut back to the last whole line, so a pair is
//! never counted half. Any other line that does not parse is
//! [`JournalError::Malformed`] with `FILE:LINE`. [`Journal::append`] writes
//! one whole line and flushes it to the disk before the pair is counted.
//! A pair line is `{"pair":P,"games":[G0,G1]}`, each game its
//! [`GameRecord`] (times in microseconds, forfeits as `[side, kind]`) plus
//! the match's own per-game fields (`E`, flattened into the game). The same
//! file handling serves jobs whose lines are not pairs ([`RecordJournal`]).

use crate::config::Side;
use crate::play::{Adjudication, Forfeit, GameRecord, PairRecord};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::Duration;
use yomi_search::Outcome;

/// Why a journal cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// Reading or writing the file failed.
    #[error("journal {path}")]
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

/// One game of a pair line.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct GameLine<E> {
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
    #[serde(flatten)]
    extra: E,
}

impl<E: Clone> GameLine<E> {
    fn new(r: &GameRecord, extra: &E) -> GameLine<E> {
        GameLine {
            index: r.index,
            a_seat: r.a_seat,
            result: r.result,
            plies: r.plies,
            adjudicated: r.adjudication == Some(Adjudication::PlyLimit),
            illegal_by: r.illegal_move_by().map(Who::from),
            moves: r.moves,
            time_us: r
                .time
                .map(|t| u64::try_from(t.as_micros()).unwrap_or(u64::MAX)),
            forfeit: r.forfeit.map(|(s, f)| (Who::from(s), f)),
            resign_adjudicated: r.adjudication == Some(Adjudication::ResignRule),
            extra: extra.clone(),
        }
    }

    fn into_parts(self) -> (GameRecord, E) {
        let adjudication = if self.adjudicated {
            Some(Adjudication::PlyLimit)
        } else if self.resign_adjudicated {
            Some(Adjudication::ResignRule)
        } else {
            None
        };
        let record = GameRecord {
            index: self.index,
            a_seat: self.a_seat,
            result: self.result,
            plies: self.plies,
            adjudication,
            forfeit: self.forfeit.map(|(w, f)| (Side::from(w), f)),
            moves: self.moves,
            time: self.time_us.map(Duration::from_micros),
        };
        (record, self.extra)
    }
}

/// One journal line after the header.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct PairLine<E> {
    pair: u64,
    games: [GameLine<E>; 2],
}

/// A record read back from a journal, with its line number (from 1).
pub type Numbered<R> = (usize, R);

/// An open journal of any record type `R`: the header line, then one JSON
/// line per record, appended and flushed one at a time. [`Journal`] (the
/// pairs of a match) is built on it, and so is every other long job that
/// must resume where it stopped (the tuner's SPSA iterations).
pub struct RecordJournal<R> {
    file: File,
    path: PathBuf,
    record: PhantomData<R>,
}

impl<R: Serialize + DeserializeOwned> RecordJournal<R> {
    /// Opens (or creates) the journal at `path` for the job `header`
    /// identifies (a JSON object with a `format` field); returns it with the
    /// records it already holds, each with its line number, in order. A
    /// torn last line is cut off; any other line that is not an `R` is
    /// [`JournalError::Malformed`] (`what` names the record kind in that
    /// message, e.g. "a pair line").
    pub fn open(
        path: &Path,
        header: &impl Serialize,
        what: &str,
    ) -> Result<(RecordJournal<R>, Vec<Numbered<R>>), JournalError> {
        let shown = path.display().to_string();
        let io = |source| JournalError::Io {
            path: shown.clone(),
            source,
        };
        let header = serde_json::to_value(header).map_err(|e| JournalError::Malformed {
            path: shown.clone(),
            line: 1,
            reason: format!("the header does not serialize: {e}"),
        })?;
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
        let mut done = Vec::new();
        let mut lines = text[..whole].lines();
        let fresh = match lines.next() {
            None => true,
            Some(first) => {
                check_header(&shown, first, &header)?;
                false
            }
        };
        for (i, line) in lines.enumerate() {
            let number = i + 2;
            let record: R = serde_json::from_str(line).map_err(|e| JournalError::Malformed {
                path: shown.clone(),
                line: number,
                reason: format!("not {what}: {e}"),
            })?;
            done.push((number, record));
        }
        // Appends land at the end, so after the cut.
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        file.set_len(whole as u64).map_err(io)?;
        if fresh {
            let mut line = header.to_string();
            line.push('\n');
            file.write_all(line.as_bytes()).map_err(io)?;
            file.sync_data().map_err(io)?;
        }
        let journal = RecordJournal {
            file,
            path: path.to_path_buf(),
            record: PhantomData,
        };
        Ok((journal, done))
    }

    /// Appends one record as a whole line and flushes it to the disk.
    pub fn append(&mut self, record: &R) -> Result<(), JournalError> {
        let io = |source| JournalError::Io {
            path: self.path.display().to_string(),
            source,
        };
        let mut text = serde_json::to_string(record).map_err(|e| io(std::io::Error::other(e)))?;
        text.push('\n');
        self.file.write_all(text.as_bytes()).map_err(io)?;
        self.file.sync_data().map_err(io)
    }

    /// The journal's file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// An open match journal, positioned after its last whole line; `E` is the
/// match's own per-game data.
pub struct Journal<E> {
    lines: RecordJournal<PairLine<E>>,
}

impl<E: Clone + Serialize + DeserializeOwned> Journal<E> {
    /// Opens (or creates) the journal at `path` for the match `header`
    /// identifies (a JSON object with a `format` field), which schedules
    /// `pairs` pairs; returns it with the pairs it already holds, in order.
    pub fn open(
        path: &Path,
        header: &impl Serialize,
        pairs: u64,
    ) -> Result<(Journal<E>, Vec<PairRecord<E>>), JournalError> {
        let (lines, read) = RecordJournal::<PairLine<E>>::open(path, header, "a pair line")?;
        let mut done = Vec::with_capacity(read.len());
        for (number, p) in read {
            let bad = |reason: String| JournalError::Malformed {
                path: path.display().to_string(),
                line: number,
                reason,
            };
            if p.pair != done.len() as u64 {
                return Err(bad(format!(
                    "pair {} where pair {} was expected",
                    p.pair,
                    done.len()
                )));
            }
            if p.pair >= pairs {
                return Err(bad(format!(
                    "pair {} is beyond the {} games of the match",
                    p.pair,
                    2 * pairs
                )));
            }
            let [g0, g1] = p.games;
            let ((r0, e0), (r1, e1)) = (g0.into_parts(), g1.into_parts());
            done.push(PairRecord {
                games: [r0, r1],
                extra: [e0, e1],
            });
        }
        Ok((Journal { lines }, done))
    }

    /// Appends pair `pair` and flushes it to the disk.
    pub fn append(&mut self, pair: u64, record: &PairRecord<E>) -> Result<(), JournalError> {
        let [g0, g1] = &record.games;
        let [e0, e1] = &record.extra;
        self.lines.append(&PairLine {
            pair,
            games: [GameLine::new(g0, e0), GameLine::new(g1, e1)],
        })
    }
}

/// Checks that the journal's first line is `ours`, naming the first
/// differing field otherwise.
fn check_header(path: &str, first: &str, ours: &serde_json::Value) -> Result<(), JournalError> {
    let malformed = |reason: String| JournalError::Malformed {
        path: path.to_string(),
        line: 1,
        reason,
    };
    let theirs: serde_json::Value =
        serde_json::from_str(first).map_err(|e| malformed(format!("not a journal header: {e}")))?;
    let (Some(t), Some(o)) = (theirs.as_object(), ours.as_object()) else {
        return Err(malformed("not a journal header".to_string()));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn game(index: u64, result: Outcome) -> GameRecord {
        GameRecord {
            index,
            a_seat: (index % 2) as usize,
            result,
            plies: 40 + index as u32,
            adjudication: None,
            forfeit: None,
            moves: [20, 20],
            time: [Duration::from_micros(1_234_567), Duration::from_micros(7)],
        }
    }

    fn temp(name: &str) -> PathBuf {
        std::env::temp_dir().join(format!("yomi-journal-{name}-{}.jsonl", std::process::id()))
    }

    #[test]
    fn pairs_come_back_as_written_and_a_torn_line_is_cut() {
        let path = temp("roundtrip");
        let _ = std::fs::remove_file(&path);
        let header = serde_json::json!({"format": "test journal 1", "seed": 3});
        let (mut j, done) = Journal::<()>::open(&path, &header, 4).unwrap();
        assert!(done.is_empty());
        let mut second = game(3, Outcome::Loss);
        second.forfeit = Some((Side::A, Forfeit::Illegal));
        second.adjudication = Some(Adjudication::ResignRule);
        let pairs = [
            PairRecord {
                games: [game(0, Outcome::Win), game(1, Outcome::Draw)],
                extra: [(), ()],
            },
            PairRecord {
                games: [game(2, Outcome::Draw), second],
                extra: [(), ()],
            },
        ];
        for (p, r) in pairs.iter().enumerate() {
            j.append(p as u64, r).unwrap();
        }
        drop(j);
        // A kill in the middle of a write leaves a torn last line.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"pair\":2,\"ga").unwrap();
        drop(f);
        let (_, done) = Journal::<()>::open(&path, &header, 4).unwrap();
        assert_eq!(done, pairs);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.ends_with("}\n"), "the torn line is gone");
        assert!(text.contains("\"illegal_by\":\"A\""), "{text}");
        assert!(text.contains("\"forfeit\":[\"A\",\"illegal\"]"), "{text}");
        // Another match is refused, naming the field.
        let other = serde_json::json!({"format": "test journal 1", "seed": 4});
        let e = Journal::<()>::open(&path, &other, 4)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("its seed is 3, this match's is 4"), "{e}");
        // Pairs beyond the match are refused too.
        let e = Journal::<()>::open(&path, &header, 1)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains(":3: pair 1 is beyond the 2 games"), "{e}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn per_game_fields_of_the_match_travel_with_each_game() {
        #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
        struct Answers {
            max_answer_us: u64,
        }
        let path = temp("extra");
        let _ = std::fs::remove_file(&path);
        let header = serde_json::json!({"format": "test journal 1"});
        let (mut j, _) = Journal::<Answers>::open(&path, &header, 1).unwrap();
        let r = PairRecord {
            games: [game(0, Outcome::Win), game(1, Outcome::Win)],
            extra: [Answers { max_answer_us: 5 }, Answers { max_answer_us: 9 }],
        };
        j.append(0, &r).unwrap();
        drop(j);
        let line = std::fs::read_to_string(&path).unwrap();
        assert!(line.contains("\"max_answer_us\":9"), "{line}");
        let (_, done) = Journal::<Answers>::open(&path, &header, 1).unwrap();
        assert_eq!(done, vec![r]);
        std::fs::remove_file(&path).unwrap();
    }
}
