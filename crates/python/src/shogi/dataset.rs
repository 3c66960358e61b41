//! The shogi dataset's Parquet rows (`yomi shogi dataset`, read by `yomi shogi train`) as
//! numpy columns.
//!
//! Contract: `read_dataset` reads a file or every `*.parquet` file of a folder in name order
//! through `yomi_shogi_train::rows` (each SFEN parsed and each result checked as it is read,
//! the first bad row named by file and row); `write_dataset` writes one file in exactly the
//! format the CLI writes, after checking the columns the same way.

use crate::errors::value_error;
use numpy::{IntoPyArray, PyArrayLike1};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::PathBuf;
use yomi_shogi::Position;
use yomi_shogi_train::rows::{self, Row};

/// Reads a dataset file or folder: a dict of columns, `sfen` (list of str), `score` (int32,
/// cp for the side to move), `result` (int8, 1/0/-1 for the side to move), `ply` (int32),
/// `game` (int64) and `depth` (int32).
#[pyfunction]
pub fn read_dataset<'py>(py: Python<'py>, path: PathBuf) -> PyResult<Bound<'py, PyDict>> {
    let rows = py
        .detach(|| -> Result<Vec<Row>, rows::RowsError> {
            let mut all = Vec::new();
            for file in rows::files(&path)? {
                all.extend(rows::read(&file)?);
            }
            Ok(all)
        })
        .map_err(value_error)?;
    let out = PyDict::new(py);
    let column = |f: fn(&Row) -> i32| rows.iter().map(f).collect::<Vec<i32>>();
    out.set_item("score", column(|r| r.score).into_pyarray(py))?;
    out.set_item("ply", column(|r| r.ply).into_pyarray(py))?;
    out.set_item("depth", column(|r| r.depth).into_pyarray(py))?;
    out.set_item(
        "result",
        rows.iter()
            .map(|r| r.result)
            .collect::<Vec<i8>>()
            .into_pyarray(py),
    )?;
    out.set_item(
        "game",
        rows.iter()
            .map(|r| r.game)
            .collect::<Vec<i64>>()
            .into_pyarray(py),
    )?;
    out.set_item(
        "sfen",
        rows.into_iter().map(|r| r.sfen).collect::<Vec<String>>(),
    )?;
    Ok(out)
}

/// Writes rows to one Parquet file in the CLI's format. `sfen` and `score` and `result` are
/// required (same length); `ply`, `game` and `depth` default to 0. Every SFEN must parse and
/// every result be -1, 0 or 1. The file is written whole or not at all (`OSError` when it
/// cannot be written).
#[pyfunction]
#[pyo3(signature = (path, sfen, score, result, ply = None, game = None, depth = None))]
#[allow(clippy::too_many_arguments)]
pub fn write_dataset(
    py: Python<'_>,
    path: PathBuf,
    sfen: Vec<String>,
    score: PyArrayLike1<'_, i32, numpy::AllowTypeChange>,
    result: PyArrayLike1<'_, i8, numpy::AllowTypeChange>,
    ply: Option<PyArrayLike1<'_, i32, numpy::AllowTypeChange>>,
    game: Option<PyArrayLike1<'_, i64, numpy::AllowTypeChange>>,
    depth: Option<PyArrayLike1<'_, i32, numpy::AllowTypeChange>>,
) -> PyResult<()> {
    let n = sfen.len();
    let take = |name: &str, v: Vec<i64>| -> PyResult<Vec<i64>> {
        if v.len() == n {
            Ok(v)
        } else {
            Err(PyValueError::new_err(format!(
                "{name} has {} values for {n} SFENs",
                v.len()
            )))
        }
    };
    let ints = |a: &PyArrayLike1<'_, i32, numpy::AllowTypeChange>| {
        a.as_array()
            .iter()
            .map(|&v| i64::from(v))
            .collect::<Vec<i64>>()
    };
    let score = take("score", ints(&score))?;
    let result = take(
        "result",
        result.as_array().iter().map(|&v| i64::from(v)).collect(),
    )?;
    let ply = ply.map_or(Ok(vec![0; n]), |a| take("ply", ints(&a)))?;
    let depth = depth.map_or(Ok(vec![0; n]), |a| take("depth", ints(&a)))?;
    let game = game.map_or(Ok(vec![0; n]), |a| take("game", a.as_array().to_vec()))?;
    let mut rows = Vec::with_capacity(n);
    for (i, text) in sfen.into_iter().enumerate() {
        Position::from_sfen(&text).map_err(|e| PyValueError::new_err(format!("row {i}: {e}")))?;
        if !(-1..=1).contains(&result[i]) {
            return Err(PyValueError::new_err(format!(
                "row {i}: result {} is not -1, 0 or 1",
                result[i]
            )));
        }
        rows.push(Row {
            sfen: text,
            score: score[i] as i32,
            result: result[i] as i8,
            ply: ply[i] as i32,
            game: game[i],
            depth: depth[i] as i32,
        });
    }
    // Whole or not at all: the file appears under its name only once written.
    py.detach(|| {
        yomi_core::files::replace_with(
            &path,
            |tmp| rows::write(tmp, &rows).map_err(|e| e.to_string()),
            |p, e| format!("writing {}: {e}", p.display()),
        )
    })
    .map_err(PyOSError::new_err)
}
