//! `yomi.shogi.Board`: a position with its move history, for push/pop play from Python.
//!
//! Contract: every move that enters a `Board` is legal (integer moves are checked by the
//! generator's own `is_legal`, USI moves are parsed against the position), so `pop` always
//! restores the previous position exactly. Integer moves are yomi's 16-bit encoding
//! (`Move.0`: destination, origin or dropped kind, promotion bit), stable across calls.

use crate::errors::value_error;
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyList;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use yomi_shogi::movegen::{MoveList, count_legal, generate_legal, has_legal_move, is_legal};
use yomi_shogi::rules::{Declaration, DeclarationRule, Repetition, repetition};
use yomi_shogi::types::{Color, Move, Piece};
use yomi_shogi::{Position, perft};

/// Python ints for every 16-bit move, made once: a list of legal moves then costs a
/// reference count per move instead of an int allocation (most moves are above the small
/// ints Python caches), which is what makes `legal_moves` as fast as cshogi's.
static MOVE_INTS: PyOnceLock<Vec<Py<PyAny>>> = PyOnceLock::new();

/// The Python int of move `m`, shared.
fn move_int(py: Python<'_>, m: Move) -> Bound<'_, PyAny> {
    let table = MOVE_INTS.get_or_init(py, || {
        (0..=u16::MAX)
            .map(|v| v.into_pyobject(py).expect("an int").into_any().unbind())
            .collect()
    });
    table[m.0 as usize].bind(py).clone()
}

/// The moves of `list` as a Python list of ints.
fn move_list<'py>(py: Python<'py>, list: &[Move]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, list.iter().map(|&m| move_int(py, m)))
}

/// A shogi position and the moves that led to it from where it was set up.
#[pyclass(module = "yomi.shogi", name = "Board")]
#[derive(Clone)]
pub struct Board {
    pub(crate) pos: Position,
    /// The position the board was set up with (what `pop` returns to at the end).
    start: Position,
    /// The moves played since setup and the piece each captured, for `pop`.
    stack: Vec<(Move, Piece)>,
    /// Key of the position after `i` plies since setup (`keys[0]`: the setup).
    keys: Vec<u64>,
    /// Whether the side to move is in check, once asked in this position.
    check: CheckCache,
}

/// `Position::in_check` remembered for the board's current position: the test
/// looks for attackers of the king (about 15 ns), and a caller often asks more
/// than once per position. Forgotten by every move and take-back. Atomic only
/// because a `#[pyclass]` must be `Sync`; the borrow of the board orders its
/// uses.
#[derive(Default)]
struct CheckCache(AtomicU8);

impl CheckCache {
    const UNKNOWN: u8 = 0;

    fn get(&self, pos: &Position) -> bool {
        match self.0.load(Ordering::Relaxed) {
            Self::UNKNOWN => {
                let check = pos.in_check();
                self.0.store(1 + check as u8, Ordering::Relaxed);
                check
            }
            known => known == 2,
        }
    }

    fn forget(&mut self) {
        *self.0.get_mut() = Self::UNKNOWN;
    }
}

impl Clone for CheckCache {
    fn clone(&self) -> CheckCache {
        CheckCache(AtomicU8::new(self.0.load(Ordering::Relaxed)))
    }
}

impl Board {
    pub(crate) fn from_position(pos: Position) -> Board {
        let key = pos.key();
        Board {
            start: pos.clone(),
            pos,
            stack: Vec::new(),
            keys: vec![key],
            check: CheckCache::default(),
        }
    }

    pub(crate) fn play(&mut self, m: Move) {
        let captured = self.pos.do_move(m);
        self.stack.push((m, captured));
        self.keys.push(self.pos.key());
        self.check.forget();
    }

    /// [`perft`] counted off the GIL, stoppable by Ctrl-C (see [`perft_stoppable`]).
    pub(crate) fn perft_count(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        if depth > 10 {
            return Err(PyValueError::new_err(format!(
                "perft depth {depth} is out of range 0..=10"
            )));
        }
        let mut pos = self.pos.clone();
        let counted = crate::interrupt::run_stoppable(py, move |stop| {
            perft_stoppable(&mut pos, depth, stop)
        })?;
        counted.ok_or_else(|| PyValueError::new_err("perft was interrupted"))
    }

    /// The position the board was set up with.
    pub(crate) fn start_position(&self) -> Position {
        self.start.clone()
    }

    /// The moves pushed since setup.
    pub(crate) fn moves(&self) -> Vec<Move> {
        self.stack.iter().map(|&(m, _)| m).collect()
    }

    fn legal_list(&self) -> MoveList {
        let mut list = MoveList::new();
        generate_legal(&self.pos, &mut list);
        list
    }
}

/// [`perft`], looking at `stop` before each move of the plies more than four from the
/// leaves (a depth-4 subtree takes milliseconds), so Ctrl-C ends even a deep count soon.
fn perft_stoppable(pos: &mut Position, depth: u32, stop: &AtomicBool) -> Option<u64> {
    if depth <= 4 {
        return Some(perft(pos, depth));
    }
    let mut total = 0;
    for &m in pos.legal_moves().iter() {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let captured = pos.do_move(m);
        let below = perft_stoppable(pos, depth - 1, stop);
        pos.undo_move(m, captured);
        total += below?;
    }
    Some(total)
}

/// Reads `sfen` (an SFEN, `startpos`, or either followed by `moves ...` as in a USI
/// `position` command).
pub(crate) fn board_from_text(text: &str) -> PyResult<Board> {
    let text = text.trim();
    let text = text.strip_prefix("position ").unwrap_or(text).trim();
    let text = text.strip_prefix("sfen ").unwrap_or(text);
    let (setup, moves) = match text.split_once(" moves") {
        Some((setup, moves)) => (setup, Some(moves)),
        None => (text, None),
    };
    let pos = Position::from_sfen(setup).map_err(value_error)?;
    let mut board = Board::from_position(pos);
    for usi in moves.unwrap_or("").split_whitespace() {
        let m = board
            .pos
            .parse_usi(usi)
            .map_err(|e| PyValueError::new_err(format!("move {}: {e}", board.stack.len() + 1)))?;
        board.play(m);
    }
    Ok(board)
}

#[pymethods]
impl Board {
    /// A board from an SFEN (default: the starting position). Also accepts `startpos` and a
    /// trailing `moves ...` list as in a USI `position` command.
    #[new]
    #[pyo3(signature = (sfen = None))]
    fn new(sfen: Option<&str>) -> PyResult<Board> {
        board_from_text(sfen.unwrap_or("startpos"))
    }

    /// Replaces the position (and clears the history) with `sfen`.
    fn set_sfen(&mut self, sfen: &str) -> PyResult<()> {
        *self = board_from_text(sfen)?;
        Ok(())
    }

    /// The position as an SFEN, with its move number.
    fn sfen(&self) -> String {
        self.pos.to_sfen()
    }

    /// The side to move: 0 for Black (sente), 1 for White (gote).
    #[getter]
    fn turn(&self) -> u8 {
        self.pos.side_to_move().index() as u8
    }

    /// The move number of the SFEN (1 at the start, plus one per ply).
    #[getter]
    fn move_number(&self) -> u32 {
        self.pos.move_number()
    }

    /// Plies pushed since the board was set up.
    #[getter]
    fn ply(&self) -> usize {
        self.stack.len()
    }

    /// The Zobrist key of the position (side to move, board and hands).
    #[getter]
    fn key(&self) -> u64 {
        self.pos.key()
    }

    /// Plays an integer move; raises `ValueError` if it is not legal here.
    fn push(&mut self, m: u32) -> PyResult<()> {
        let mv = u16::try_from(m)
            .ok()
            .map(Move)
            .filter(|&mv| is_legal(&self.pos, mv))
            .ok_or_else(|| {
                PyValueError::new_err(format!("move {m} is not legal in {}", self.pos.to_sfen()))
            })?;
        self.play(mv);
        Ok(())
    }

    /// Plays a USI move (`7g7f`, `P*5e`, `8h2b+`) and returns it as an integer move.
    fn push_usi<'py>(&mut self, py: Python<'py>, usi: &str) -> PyResult<Bound<'py, PyAny>> {
        let m = self.pos.parse_usi(usi).map_err(value_error)?;
        self.play(m);
        Ok(move_int(py, m))
    }

    /// Takes back the last move and returns it; raises `IndexError` when none is left.
    fn pop<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (m, captured) = self
            .stack
            .pop()
            .ok_or_else(|| PyIndexError::new_err("pop from a board with no moves pushed"))?;
        self.keys.pop();
        self.pos.undo_move(m, captured);
        self.check.forget();
        Ok(move_int(py, m))
    }

    /// The last move pushed, or `None`.
    fn peek<'py>(&self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        self.stack.last().map(|&(m, _)| move_int(py, m))
    }

    /// The moves pushed since setup, as integer moves.
    #[getter]
    fn history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.moves())
    }

    /// Legal moves as integer moves.
    #[getter]
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, &self.legal_list())
    }

    /// Legal moves as a `uint16` numpy array.
    fn legal_moves_array<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u16>> {
        let moves: Vec<u16> = self.legal_list().iter().map(|m| m.0).collect();
        moves.into_pyarray(py)
    }

    /// Legal moves in USI notation.
    fn legal_moves_usi(&self) -> Vec<String> {
        self.legal_list().iter().map(|m| m.to_string()).collect()
    }

    /// The number of legal moves (counted without listing them).
    fn count_legal_moves(&self) -> usize {
        count_legal(&self.pos)
    }

    /// True when the integer move is legal here.
    fn is_legal(&self, m: u32) -> bool {
        u16::try_from(m).is_ok_and(|m| is_legal(&self.pos, Move(m)))
    }

    /// The integer move for a USI move that is legal here; raises `ValueError` otherwise.
    fn move_from_usi<'py>(&self, py: Python<'py>, usi: &str) -> PyResult<Bound<'py, PyAny>> {
        Ok(move_int(py, self.pos.parse_usi(usi).map_err(value_error)?))
    }

    /// True when the side to move is in check.
    fn is_check(&self) -> bool {
        self.check.get(&self.pos)
    }

    /// True when the side to move has no legal move (checkmated: in shogi a position with
    /// no legal move is lost even out of check).
    fn is_mate(&self) -> bool {
        !has_legal_move(&self.pos)
    }

    /// The repetition state of the current position under the fourfold rule, from the moves
    /// pushed since setup: `"none"`, `"draw"`, or `"win"`/`"loss"` for the side to move when
    /// the other side / it checked throughout the cycle.
    fn repetition(&self) -> &'static str {
        // Check flags only matter once a position has occurred four times, so they are
        // computed then (by replaying the moves) instead of on every push.
        if repetition(&self.keys, |_| false) == Repetition::None {
            return "none";
        }
        let mut pos = self.start.clone();
        let mut checks = vec![pos.in_check()];
        for &(m, _) in &self.stack {
            pos.do_move(m);
            checks.push(pos.in_check());
        }
        match repetition(&self.keys, |i| checks[i]) {
            Repetition::None => "none",
            Repetition::Draw => "draw",
            Repetition::Win => "win",
            Repetition::Loss => "loss",
        }
    }

    /// The entering-king declaration available to the side to move under `rule` (`"27"`,
    /// `"24"` or `"none"`): `"win"`, `"draw"` (24-point rule) or `None`.
    #[pyo3(signature = (rule = "27"))]
    fn declaration(&self, rule: &str) -> PyResult<Option<&'static str>> {
        let rule: DeclarationRule = rule.parse().map_err(value_error)?;
        Ok(self.pos.declaration(rule).map(|d| match d {
            Declaration::Win => "win",
            Declaration::Draw => "draw",
        }))
    }

    /// True when the game is over for the side to move: checkmate, fourfold repetition, or a
    /// winning declaration under the 27-point rule.
    fn is_game_over(&self) -> bool {
        self.is_mate()
            || self.repetition() != "none"
            || self.pos.declaration(DeclarationRule::Points27).is_some()
    }

    /// A mating move (as an integer move) if the side to move mates in one, else `None`.
    fn mate_move_in_1ply<'py>(&mut self, py: Python<'py>) -> Option<Bound<'py, PyAny>> {
        // The search plays and takes back moves on the board itself and
        // leaves it as it found it. The answer is the shared int of the move
        // (no allocation per call).
        yomi_shogi_engine::mate::mate_in_one(&mut self.pos).map(|m| move_int(py, m))
    }

    /// Leaf count of the legal move tree `depth` plies deep (releases the GIL; Ctrl-C stops it).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        self.perft_count(py, depth)
    }

    /// The piece on `square` (0..81, `file * 9 + rank` with file 0 = file 1 and rank 0 = rank
    /// a) as a USI letter (`P`, `+r`...), or `None` when empty.
    fn piece_at(&self, square: usize) -> PyResult<Option<String>> {
        if square >= 81 {
            return Err(PyValueError::new_err(format!(
                "square {square} is out of range 0..81"
            )));
        }
        let piece = self.pos.piece_on(square);
        Ok(piece.kind().map(|kind| {
            let letter = kind.unpromoted().letter();
            let letter = match piece.color() {
                Color::Black => letter.to_ascii_uppercase(),
                Color::White => letter.to_ascii_lowercase(),
            };
            if kind.is_promoted() {
                format!("+{letter}")
            } else {
                letter.to_string()
            }
        }))
    }

    /// The pieces in `color`'s hand (0 Black, 1 White) as `{letter: count}`.
    fn pieces_in_hand(&self, color: u8) -> PyResult<std::collections::BTreeMap<char, u32>> {
        let hand = self.pos.hand(self::color(color)?);
        Ok(yomi_shogi::types::HAND_KINDS
            .iter()
            .filter(|&&k| hand.count(k) > 0)
            .map(|&k| (k.letter().to_ascii_uppercase(), hand.count(k)))
            .collect())
    }

    /// An independent copy (position and history).
    fn copy(&self) -> Board {
        self.clone()
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    fn __eq__(&self, other: &Board) -> bool {
        self.pos.key() == other.pos.key() && self.pos.to_sfen() == other.pos.to_sfen()
    }

    fn __str__(&self) -> String {
        self.pos.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Board('{}')", self.pos.to_sfen())
    }
}

/// The USI text of an integer move (no position needed).
#[pyfunction]
pub fn move_to_usi(m: u32) -> PyResult<String> {
    Ok(decode_move(m)?.to_string())
}

/// The move an integer encodes (`Move::from_raw`), or a `ValueError`.
pub(crate) fn decode_move(m: u32) -> PyResult<Move> {
    u16::try_from(m)
        .ok()
        .and_then(Move::from_raw)
        .ok_or_else(|| PyValueError::new_err(format!("{m} is not a move")))
}

/// A side from Python: 0 Black (sente), 1 White (gote).
pub(crate) fn color(c: u8) -> PyResult<Color> {
    match c {
        0 => Ok(Color::Black),
        1 => Ok(Color::White),
        _ => Err(PyValueError::new_err(format!("color {c} is not 0 or 1"))),
    }
}
