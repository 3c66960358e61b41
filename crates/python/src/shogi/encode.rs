//! Network encoders: the value network's input planes and dlshogi's policy labels.
//!
//! Contract: `encode` gives one position's `(61, 9, 9)` float32 planes (yomi's value network
//! input, `yomi_shogi_nn::features`: seen from the side to move, `[plane][rank][file]`);
//! `encode_batch` gives `(n, 61, 9, 9)` for n boards or SFENs in one call, encoded without the
//! GIL into one buffer handed to numpy without a copy. `move_label(s)` give dlshogi's 2187-way
//! policy index (`yomi_shogi_nn::policy`).

use super::board::{Board, board_from_text};
use numpy::{IntoPyArray, PyArray1, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PySequence;
use yomi_shogi::Position;
use yomi_shogi_nn::stream::BatchWriter;
use yomi_shogi_nn::{INPUT_LEN, PLANES};

/// The position of item `i` of a batch: a `Board` or an SFEN string.
fn position(i: usize, item: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(b) = item.cast::<Board>() {
        Ok(b.borrow().pos.clone())
    } else if let Ok(text) = item.extract::<&str>() {
        Ok(board_from_text(text)
            .map_err(|e| PyValueError::new_err(format!("item {i}: {e}")))?
            .pos)
    } else {
        Err(PyValueError::new_err(format!(
            "item {i} is neither a Board nor an SFEN string"
        )))
    }
}

/// A batch is read and encoded this many positions at a time, into one block of memory
/// reused from block to block (about 400 KB). Reading the whole batch first took a fresh
/// allocation per call (38 MB for 100,000 positions), whose 9,376 page faults cost this
/// machine about as much as the encoding itself.
const BLOCK: usize = 1024;

fn planes<'py>(
    py: Python<'py>,
    data: Vec<f32>,
    n: Option<usize>,
) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let flat = data.into_pyarray(py);
    match n {
        Some(n) => flat.reshape(vec![n, PLANES, 9, 9]),
        None => flat.reshape(vec![PLANES, 9, 9]),
    }
}

/// The value network's input planes for one board: float32 `(61, 9, 9)`.
#[pyfunction]
pub fn encode<'py>(py: Python<'py>, board: &Board) -> PyResult<Bound<'py, PyArrayDyn<f32>>> {
    let mut out = vec![0.0; INPUT_LEN];
    yomi_shogi_nn::encode(&board.pos, &mut out);
    planes(py, out, None)
}

/// Writes the planes of each item of `items` (boards or SFENs) into consecutive
/// `INPUT_LEN` chunks of `out`, which must be a C-contiguous `(n, 61, 9, 9)` array for the
/// `n` items; each block of [`BLOCK`] items is encoded without the GIL. A bad item raises
/// `ValueError` naming it, with the items before it already written.
fn fill<T: numpy::Element + Send>(
    py: Python<'_>,
    items: &Bound<'_, PySequence>,
    out: &Bound<'_, PyArrayDyn<T>>,
    encode: fn(&mut BatchWriter, &[Position], &mut [T]),
) -> PyResult<()> {
    let n = items.len()?;
    if out.shape() != [n, PLANES, 9, 9] {
        return Err(PyValueError::new_err(format!(
            "out has shape {:?}; {n} positions need ({n}, {PLANES}, 9, 9)",
            out.shape()
        )));
    }
    let mut view = out.readwrite();
    let slice = view
        .as_slice_mut()
        .map_err(|_| PyValueError::new_err("out must be a C-contiguous array"))?;
    let mut rest = slice;
    let mut writer = BatchWriter::for_batch(n);
    let mut items = items.try_iter()?.enumerate();
    let mut block = Vec::with_capacity(BLOCK.min(n));
    let mut read = 0;
    loop {
        block.clear();
        for (i, item) in items.by_ref().take(BLOCK) {
            block.push(position(i, &item?)?);
        }
        if block.is_empty() {
            break;
        }
        read += block.len();
        let Some((outs, after)) = rest.split_at_mut_checked(block.len() * INPUT_LEN) else {
            break;
        };
        rest = after;
        py.detach(|| encode(&mut writer, &block, outs));
    }
    if read != n {
        return Err(PyValueError::new_err(format!(
            "the sequence gave {read} items after reporting {n}"
        )));
    }
    Ok(())
}

/// The input planes of many boards (or SFENs) at once, shape `(n, 61, 9, 9)`.
///
/// Written into `out` when given (a C-contiguous float32 or uint8 array of that shape,
/// reused across batches: no allocation, no page faults), else into a new array of `dtype`
/// (`"float32"`, or `"uint8"`: the same values, every one a small whole number, in a quarter
/// of the memory). A bad item raises `ValueError` naming it; `out` then holds the items
/// before it.
#[pyfunction]
#[pyo3(signature = (boards, out = None, dtype = "float32"))]
pub fn encode_batch<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PySequence>,
    out: Option<Bound<'py, PyAny>>,
    dtype: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let n = boards.len()?;
    let out = match out {
        Some(out) => out,
        None => match dtype {
            "float32" => PyArrayDyn::<f32>::zeros(py, vec![n, PLANES, 9, 9], false).into_any(),
            "uint8" => PyArrayDyn::<u8>::zeros(py, vec![n, PLANES, 9, 9], false).into_any(),
            other => {
                return Err(PyValueError::new_err(format!(
                    "dtype '{other}' is not float32 or uint8"
                )));
            }
        },
    };
    if let Ok(floats) = out.cast::<PyArrayDyn<f32>>() {
        fill(py, boards, floats, BatchWriter::encode)?;
    } else if let Ok(bytes) = out.cast::<PyArrayDyn<u8>>() {
        fill(py, boards, bytes, BatchWriter::encode_u8)?;
    } else {
        return Err(PyValueError::new_err(
            "out must be a float32 or uint8 numpy array",
        ));
    }
    Ok(out)
}

fn label(m: u32, color: u8) -> PyResult<usize> {
    let mover = super::board::color(color)?;
    let mv = super::board::decode_move(m)?;
    Ok(yomi_shogi_nn::policy::move_label(mv, mover))
}

/// dlshogi's policy label (0..2187) of integer move `move` played by `color` (0 Black, 1 White).
#[pyfunction]
#[pyo3(signature = (move_, color))]
pub fn move_label(move_: u32, color: u8) -> PyResult<usize> {
    label(move_, color)
}

/// Policy labels of many moves at once: int64 array, one label per (move, color) pair.
#[pyfunction]
pub fn move_labels<'py>(
    py: Python<'py>,
    moves: Vec<u32>,
    colors: Vec<u8>,
) -> PyResult<Bound<'py, PyArray1<i64>>> {
    if moves.len() != colors.len() {
        return Err(PyValueError::new_err(format!(
            "{} moves but {} colors",
            moves.len(),
            colors.len()
        )));
    }
    let labels = moves
        .iter()
        .zip(&colors)
        .map(|(&m, &c)| label(m, c).map(|l| l as i64))
        .collect::<PyResult<Vec<i64>>>()?;
    Ok(labels.into_pyarray(py))
}
