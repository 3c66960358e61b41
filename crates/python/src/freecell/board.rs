//! `yomi.freecell.Board`: a FreeCell position, dealt or read from fc-solve's board text, with
//! its legal moves and move play.
//!
//! Contract: every move played is parsed by the library's standard notation reader against
//! the board and checked by its legality rule before it changes anything, so a refused move
//! (a `ValueError`) leaves the board as it was.

use crate::errors::value_error;
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use yomi_freecell::dataset::encode_board;
use yomi_freecell::notation::{hex, parse_standard, standard};
use yomi_freecell::text::{format_board, parse_board};
use yomi_freecell::{DealRange, Layout, MAX_DEAL, MoveMode, deal_board, moves};

/// A FreeCell position: tableau columns, free cells and foundations.
#[pyclass(module = "yomi.freecell", name = "Board", eq)]
#[derive(Clone, PartialEq)]
pub struct Board {
    pub(crate) board: yomi_freecell::Board,
}

/// A deal number from Python: negative numbers get the library's out-of-range message.
pub(crate) fn deal_number(n: i128) -> PyResult<u64> {
    u64::try_from(n)
        .map_err(|_| PyValueError::new_err(format!("deal {n} is out of range (1..={MAX_DEAL})")))
}

/// Microsoft deal `n` (1..=MAX_DEAL, FreeCell Pro numbering) on 8 columns and `cells` free
/// cells.
#[pyfunction]
#[pyo3(signature = (n, cells = 4))]
pub fn deal(n: i128, cells: usize) -> PyResult<Board> {
    let layout = Layout { cols: 8, cells }.validate().map_err(value_error)?;
    let board = deal_board(deal_number(n)?, layout).map_err(value_error)?;
    Ok(Board { board })
}

/// Reads a deal number `N` or a range `A..B` (both ends included, as `yomi freecell deal`
/// reads it) and returns `(first, last)`.
#[pyfunction]
pub fn deal_range(text: &str) -> PyResult<(u64, u64)> {
    let r: DealRange = text.parse().map_err(value_error)?;
    Ok((r.first(), r.last()))
}

/// `"sequence"` or `"atomic"`.
pub(crate) fn move_mode(text: &str) -> PyResult<MoveMode> {
    match text {
        "sequence" => Ok(MoveMode::Sequence),
        "atomic" => Ok(MoveMode::Atomic),
        _ => Err(PyValueError::new_err(format!(
            "moves={text:?}: expected \"sequence\" or \"atomic\""
        ))),
    }
}

impl Board {
    fn parse_move(&self, mv: &str) -> PyResult<yomi_freecell::Move> {
        parse_standard(mv, &self.board).map_err(value_error)
    }
}

#[pymethods]
impl Board {
    /// Reads fc-solve's board text (one line per column, deepest card first, optional
    /// `Foundations:` and `Freecells:` lines) for `cols` columns and `cells` free cells.
    #[new]
    #[pyo3(signature = (text, cols = 8, cells = 4))]
    fn new(text: &str, cols: usize, cells: usize) -> PyResult<Board> {
        let board = parse_board(text, Layout { cols, cells }).map_err(value_error)?;
        Ok(Board { board })
    }

    /// Microsoft deal `n` (same as `yomi.freecell.deal`).
    #[staticmethod]
    #[pyo3(signature = (n, cells = 4))]
    fn deal(n: i128, cells: usize) -> PyResult<Board> {
        deal(n, cells)
    }

    /// The board in fc-solve's text; `full` always writes the `Foundations:` and
    /// `Freecells:` lines and `: ` column prefixes.
    #[pyo3(signature = (full = false))]
    fn text(&self, full: bool) -> String {
        format_board(&self.board, full)
    }

    fn __str__(&self) -> String {
        format_board(&self.board, false)
    }

    fn __repr__(&self) -> String {
        format!("Board({:?})", format_board(&self.board, true))
    }

    /// Tableau columns.
    #[getter]
    fn ncols(&self) -> usize {
        self.board.ncols()
    }

    /// Free cells (empty or not).
    #[getter]
    fn ncells(&self) -> usize {
        self.board.ncells()
    }

    /// Columns as card names (`"JD"`), deepest card first.
    #[getter]
    fn columns(&self) -> Vec<Vec<String>> {
        self.board
            .columns()
            .map(|c| c.iter().map(|card| card.to_string()).collect())
            .collect()
    }

    /// Free cells in order (`a` first): a card name, or `None` when empty.
    #[getter]
    fn cells(&self) -> Vec<Option<String>> {
        self.board
            .cells()
            .iter()
            .map(|c| (!c.is_none()).then(|| c.to_string()))
            .collect()
    }

    /// Foundation ranks (0 empty, 13 king) of clubs, diamonds, hearts, spades.
    #[getter]
    fn foundations(&self) -> [u32; 4] {
        self.board.foundations().map(u32::from)
    }

    /// True when every card is on the foundations.
    fn is_solved(&self) -> bool {
        self.board.is_solved()
    }

    /// The legal moves in standard notation (`moves="sequence"`: runs move as one step within
    /// the free cell and empty column limit; `"atomic"`: one card a move). Pointless moves are
    /// pruned as the solver prunes them: cell to cell, a whole column into an empty column,
    /// more than one empty column as destination.
    #[pyo3(signature = (moves = "sequence"))]
    fn legal_moves(&self, moves: &str) -> PyResult<Vec<String>> {
        let mode = move_mode(moves)?;
        let mut out = Vec::new();
        moves::legal_moves(&self.board, mode, &mut out);
        Ok(out.into_iter().map(standard).collect())
    }

    /// True when the standard-notation move is legal here; malformed text raises `ValueError`.
    fn is_legal(&self, mv: &str) -> PyResult<bool> {
        Ok(moves::is_legal(&self.board, self.parse_move(mv)?))
    }

    /// Plays a move in standard notation (a run's count may be left out when only one
    /// fits) and returns it as the library writes it (`"37v3"`). An illegal move raises
    /// `ValueError` and leaves the board unchanged.
    fn play(&mut self, mv: &str) -> PyResult<String> {
        let m = self.parse_move(mv)?;
        moves::apply(&mut self.board, m).map_err(value_error)?;
        Ok(standard(m))
    }

    /// Makes the safe automatic moves to the foundations (the rule whose moves never spoil a
    /// solvable position) until none is left, and returns them.
    fn auto_play(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        yomi_freecell::autoplay::run_auto_moves(&mut self.board, &mut out);
        out.into_iter().map(standard).collect()
    }

    /// The move's hex code of the dataset literature (before it is played here).
    fn move_hex(&self, mv: &str) -> PyResult<String> {
        hex(self.parse_move(mv)?, &self.board).map_err(value_error)
    }

    /// The dataset's numeric encoding (`uint8`, `TENSOR_LEN` long): 4 free cells, 4
    /// foundation ranks (C, D, H, S), then 8 columns of `TENSOR_ROWS` slots, deepest card
    /// first; cards coded 1..=52 (AC AD AH AS 2C ...), 0 empty.
    fn encode<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        Ok(encode_board(&self.board)
            .map_err(value_error)?
            .into_pyarray(py))
    }

    /// An independent copy.
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }
}
