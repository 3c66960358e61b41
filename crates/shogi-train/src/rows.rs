//! The dataset's rows and their Parquet file: the one place that knows the schema.
//!
//! Contract: a file holds the columns `sfen` UTF8, `score` INT32, `result` INT32 (annotated
//! INT_8), `ply` INT32, `game` INT64 and `depth` INT32 ([`SCHEMA`]), snappy-compressed, in
//! one row group, written through yomi-core's table writer; [`write()`] always
//! writes exactly these bytes for the same rows, so dataset shards made before stay the same
//! format. [`read`] takes the columns by name, in any integer width, so a file made by
//! another tool with the same names reads too: `sfen`, `score`, `result` and `game` are
//! required; `ply` and `depth` describe a row but training does not use them, and a file
//! without them reads with 0 there. Every SFEN is parsed and every result checked (one of
//! -1, 0 and 1) as it is read; the first bad row is reported with its file and 0-based row
//! number. [`files`] lists a dataset: one file, or every `*.parquet` file of a folder in
//! name order.

use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::record::Field;
use parquet::schema::types::Type as SchemaType;
use std::path::{Path, PathBuf};
use thiserror::Error;
use yomi_core::table::{Column, write_parquet};
use yomi_shogi::Position;

/// The Parquet schema of a dataset file, columns in file order.
pub const SCHEMA: &str = "message shogi_position {
  REQUIRED BYTE_ARRAY sfen (UTF8);
  REQUIRED INT32 score;
  REQUIRED INT32 result (INT_8);
  REQUIRED INT32 ply;
  REQUIRED INT64 game;
  REQUIRED INT32 depth;
}";

/// The column names, in file order.
pub const COLUMNS: [&str; 6] = ["sfen", "score", "result", "ply", "game", "depth"];

/// The columns [`read`] cannot do without.
pub const REQUIRED: [&str; 4] = ["sfen", "score", "result", "game"];

/// One labelled position: a row of a dataset file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The position (SFEN, side to move and move number included).
    pub sfen: String,
    /// Search score in cp from the side to move's view, clamped to ±3000.
    pub score: i32,
    /// Game result from the side to move's view (1, 0, -1).
    pub result: i8,
    /// Ply of the position in its game.
    pub ply: i32,
    /// Global game number.
    pub game: i64,
    /// Search depth of the score.
    pub depth: i32,
}

/// Why dataset rows could not be written or read.
#[derive(Debug, Error)]
pub enum RowsError {
    /// A file or folder could not be opened, listed or read.
    #[error("{action} {path}")]
    Io {
        /// What was being done (`reading`, `listing`, `opening`).
        action: &'static str,
        /// The file or folder.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A file could not be created or encoded.
    #[error("{path}: {message}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// A Parquet file could not be opened or decoded, or lacks a column.
    #[error("{path}: {message}")]
    Parquet {
        /// The file.
        path: PathBuf,
        /// What the reader reported.
        message: String,
    },
    /// One row holds a value that cannot be used.
    #[error("{path}, row {row}: {message}")]
    BadRow {
        /// The file.
        path: PathBuf,
        /// The 0-based row number within that file.
        row: usize,
        /// What is wrong with it.
        message: String,
    },
    /// A folder without dataset files.
    #[error("dataset: no *.parquet files in {}", dir.display())]
    NoFiles {
        /// The folder.
        dir: PathBuf,
    },
}

fn io(action: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> RowsError {
    let path = path.to_path_buf();
    move |source| RowsError::Io {
        action,
        path,
        source,
    }
}

/// Writes `rows` to a new file at `path`.
pub fn write(path: &Path, rows: &[Row]) -> Result<(), RowsError> {
    let ints = |f: &dyn Fn(&Row) -> i32| Column::Int32(rows.iter().map(f).collect());
    let columns = vec![
        Column::Bytes(rows.iter().map(|r| r.sfen.as_bytes().to_vec()).collect()),
        ints(&|r| r.score),
        ints(&|r| i32::from(r.result)),
        ints(&|r| r.ply),
        Column::Int64(rows.iter().map(|r| r.game).collect()),
        ints(&|r| r.depth),
    ];
    write_parquet(path, SCHEMA, columns).map_err(|e| RowsError::Write {
        path: path.to_path_buf(),
        message: e.message,
    })
}

/// `path` itself if it is a file, else the `*.parquet` files in it, sorted by name.
pub fn files(path: &Path) -> Result<Vec<PathBuf>, RowsError> {
    let meta = std::fs::metadata(path).map_err(io("reading", path))?;
    if meta.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).map_err(io("listing", path))? {
        let entry = entry.map_err(io("listing", path))?;
        let p = entry.path();
        if p.extension().is_some_and(|e| e == "parquet") && p.is_file() {
            files.push(p);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(RowsError::NoFiles {
            dir: path.to_path_buf(),
        });
    }
    Ok(files)
}

/// Reads and checks every row of one file.
pub fn read(path: &Path) -> Result<Vec<Row>, RowsError> {
    let perr = |e: &dyn std::fmt::Display| RowsError::Parquet {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let file = std::fs::File::open(path).map_err(io("opening", path))?;
    let reader = SerializedFileReader::new(file).map_err(|e| perr(&e))?;
    let schema = reader.metadata().file_metadata().schema();
    let mut fields = Vec::new();
    for name in COLUMNS {
        match schema.get_fields().iter().find(|f| f.name() == name) {
            Some(field) => fields.push(field.clone()),
            None if REQUIRED.contains(&name) => {
                return Err(perr(&format!("no column '{name}' (needs {REQUIRED:?})")));
            }
            None => {}
        }
    }
    let projection = SchemaType::group_type_builder(schema.name())
        .with_fields(fields)
        .build()
        .map_err(|e| perr(&e))?;
    let rows = reader
        .get_row_iter(Some(projection))
        .map_err(|e| perr(&e))?;
    // The row count is the file's claim: a reservation, capped so a corrupt footer cannot
    // ask for an unbounded allocation (the rows themselves are what grows the vector).
    let claimed = reader
        .metadata()
        .file_metadata()
        .num_rows()
        .clamp(0, 1 << 20) as usize;
    let mut out = Vec::with_capacity(claimed);
    for (row_no, row) in rows.enumerate() {
        let bad = |message: String| RowsError::BadRow {
            path: path.to_path_buf(),
            row: row_no,
            message,
        };
        let row = row.map_err(|e| bad(e.to_string()))?;
        let mut sfen = None;
        let (mut score, mut result, mut game) = (None, None, None);
        let (mut ply, mut depth) = (0, 0);
        for (name, field) in row.into_columns() {
            let int =
                |what: &str| integer(&field).ok_or_else(|| bad(format!("{what} is {field:?}")));
            match name.as_str() {
                "sfen" => match field {
                    Field::Str(s) => sfen = Some(s),
                    other => return Err(bad(format!("sfen is {other:?}, expected a string"))),
                },
                "score" => score = Some(int("score")?),
                "result" => result = Some(int("result")?),
                "game" => game = Some(int("game")?),
                "ply" => ply = int("ply")?,
                "depth" => depth = int("depth")?,
                _ => {}
            }
        }
        let (Some(sfen), Some(score), Some(result), Some(game)) = (sfen, score, result, game)
        else {
            return Err(bad("a required column is empty".into()));
        };
        if let Err(e) = Position::from_sfen(&sfen) {
            return Err(bad(format!("sfen {sfen:?}: {e}")));
        }
        let narrow = |what: &str, v: i64| {
            i32::try_from(v).map_err(|_| bad(format!("{what} {v} out of range")))
        };
        let score = narrow("score", score)?;
        if !(-1..=1).contains(&result) {
            return Err(bad(format!(
                "result {result}; expected 1 (win), 0 (draw) or -1 (loss)"
            )));
        }
        out.push(Row {
            sfen,
            score,
            result: result as i8,
            ply: narrow("ply", ply)?,
            game,
            depth: narrow("depth", depth)?,
        });
    }
    Ok(out)
}

/// An integer field of any width as i64.
fn integer(field: &Field) -> Option<i64> {
    Some(match *field {
        Field::Byte(v) => v as i64,
        Field::Short(v) => v as i64,
        Field::Int(v) => v as i64,
        Field::Long(v) => v,
        Field::UByte(v) => v as i64,
        Field::UShort(v) => v as i64,
        Field::UInt(v) => v as i64,
        Field::ULong(v) => i64::try_from(v).ok()?,
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
