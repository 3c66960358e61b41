//! `yomi.shogi.Record`: CSA and KIF game records.
//!
//! Contract: a thin wrapper over `yomi_shogi::record::GameRecord`; reading checks every move
//! against the rules (a malformed or illegal record raises `ValueError` with the reader's
//! line-numbered message), writing gives the library's own CSA/KIF text.

use super::board::Board;
use crate::errors::value_error;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use yomi_shogi::Termination;
use yomi_shogi::record::{Csa, GameRecord, Kif, TimedMove};

/// A game record: player names, start position, moves with times, ending and comment.
#[pyclass(module = "yomi.shogi", name = "Record")]
#[derive(Clone)]
pub struct Record {
    record: GameRecord,
}

#[pymethods]
impl Record {
    /// An empty record starting from `board`'s current position; `moves` (USI or integer
    /// moves) are checked and appended.
    #[new]
    #[pyo3(signature = (start = None, moves = None, names = None))]
    fn new(
        start: Option<&Board>,
        moves: Option<Vec<Bound<'_, PyAny>>>,
        names: Option<(String, String)>,
    ) -> PyResult<Record> {
        let start = start.map_or_else(yomi_shogi::Position::startpos, |b| b.pos.clone());
        let mut record = Record {
            record: GameRecord::new(start),
        };
        if let Some((black, white)) = names {
            record.record.names = [black, white];
        }
        for m in moves.unwrap_or_default() {
            record.append(&m, 0.0)?;
        }
        Ok(record)
    }

    /// Reads a CSA record.
    #[staticmethod]
    fn from_csa(text: &str) -> PyResult<Record> {
        let Csa(record) = text.parse().map_err(value_error)?;
        Ok(Record { record })
    }

    /// Reads a KIF record.
    #[staticmethod]
    fn from_kif(text: &str) -> PyResult<Record> {
        let Kif(record) = text.parse().map_err(value_error)?;
        Ok(Record { record })
    }

    /// The record in CSA (V2.2).
    fn to_csa(&self) -> String {
        Csa(self.record.clone()).to_string()
    }

    /// The record in KIF.
    fn to_kif(&self) -> String {
        Kif(self.record.clone()).to_string()
    }

    /// Appends a legal move (USI text or integer move) that took `seconds`.
    #[pyo3(signature = (m, seconds = 0.0))]
    fn append(&mut self, m: &Bound<'_, PyAny>, seconds: f64) -> PyResult<()> {
        let pos = self.record.final_position();
        let mv = if let Ok(text) = m.extract::<String>() {
            pos.parse_usi(&text).map_err(value_error)?
        } else {
            let n: u32 = m.extract()?;
            u16::try_from(n)
                .ok()
                .map(yomi_shogi::Move)
                .filter(|&mv| yomi_shogi::movegen::is_legal(&pos, mv))
                .ok_or_else(|| PyValueError::new_err(format!("move {n} is not legal here")))?
        };
        let time = crate::errors::seconds("seconds", seconds)?;
        self.record.moves.push(TimedMove { mv, time });
        Ok(())
    }

    /// Player names, Black first.
    #[getter]
    fn names(&self) -> (String, String) {
        let [b, w] = self.record.names.clone();
        (b, w)
    }

    #[setter]
    fn set_names(&mut self, names: (String, String)) {
        self.record.names = [names.0, names.1];
    }

    /// The start position as an SFEN.
    #[getter]
    fn start_sfen(&self) -> String {
        self.record.start.to_sfen()
    }

    /// The moves in USI notation.
    #[getter]
    fn moves_usi(&self) -> Vec<String> {
        self.record.moves.iter().map(|m| m.mv.to_string()).collect()
    }

    /// The moves as integer moves.
    #[getter]
    fn moves(&self) -> Vec<u32> {
        self.record.moves.iter().map(|m| m.mv.0 as u32).collect()
    }

    /// Each move's thinking time in seconds.
    #[getter]
    fn times(&self) -> Vec<f64> {
        self.record
            .moves
            .iter()
            .map(|m| m.time.as_secs_f64())
            .collect()
    }

    /// How the game ended (`"checkmate"`, `"resignation"`, ...), or `None`.
    #[getter]
    fn termination(&self) -> Option<&'static str> {
        self.record.termination.map(Termination::as_str)
    }

    #[setter]
    fn set_termination(&mut self, ending: Option<&str>) -> PyResult<()> {
        self.record.termination = ending
            .map(|t| t.parse::<Termination>().map_err(value_error))
            .transpose()?;
        Ok(())
    }

    /// The free comment.
    #[getter]
    fn comment(&self) -> String {
        self.record.comment.clone()
    }

    #[setter]
    fn set_comment(&mut self, comment: String) {
        self.record.comment = comment;
    }

    /// A board at the record's start with every move pushed (so `pop` walks back).
    fn board(&self) -> Board {
        let mut board = Board::from_position(self.record.start.clone());
        for m in &self.record.moves {
            board.play(m.mv);
        }
        board
    }

    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Record(start='{}', moves={}, termination={:?})",
            self.record.start.to_sfen(),
            self.record.moves.len(),
            self.termination()
        )
    }
}
