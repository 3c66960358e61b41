//! Datasets written as Parquet tables (cargo feature `parquet`): the one
//! writer every dataset of yomi goes through, so a schema is all a dataset
//! states.
//!
//! Contract: [`write_parquet`] writes `columns` in schema order as one
//! snappy-compressed row group through parquet's low-level column writer
//! (no Arrow, to keep the build light); every column must have the
//! schema's type and the same length, else nothing is written and the
//! error says which column. The file is created at `path` as given (callers
//! write to a temporary sibling and rename, as [`crate::files`] does).

use parquet::basic::Compression;
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use std::path::Path;
use std::sync::Arc;

/// One column's values, in row order.
#[derive(Clone, Debug, PartialEq)]
pub enum Column {
    /// `INT32` (also for annotated narrower integers, e.g. `INT_8`).
    Int32(Vec<i32>),
    /// `INT64`.
    Int64(Vec<i64>),
    /// `BOOLEAN`.
    Bool(Vec<bool>),
    /// `BYTE_ARRAY` (also `UTF8` strings, as their bytes).
    Bytes(Vec<Vec<u8>>),
}

impl Column {
    fn len(&self) -> usize {
        match self {
            Column::Int32(v) => v.len(),
            Column::Int64(v) => v.len(),
            Column::Bool(v) => v.len(),
            Column::Bytes(v) => v.len(),
        }
    }
}

/// Why a table was not written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct TableError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub message: String,
}

/// Writes `columns` under `schema` (a Parquet message type) to `path`.
///
/// ```
/// use yomi_core::table::{Column, write_parquet};
/// let path = std::env::temp_dir().join(format!("yomi-table-doc-{}.parquet", std::process::id()));
/// let schema = "message t { REQUIRED INT32 n; REQUIRED BYTE_ARRAY name (UTF8); }";
/// write_parquet(&path, schema, vec![
///     Column::Int32(vec![1, 2]),
///     Column::Bytes(vec![b"one".to_vec(), b"two".to_vec()]),
/// ])?;
/// assert!(std::fs::read(&path)?.starts_with(b"PAR1"));
/// // A column of the wrong length is refused.
/// assert!(write_parquet(&path, schema, vec![Column::Int32(vec![1]), Column::Bytes(vec![])]).is_err());
/// std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_parquet(path: &Path, schema: &str, columns: Vec<Column>) -> Result<(), TableError> {
    let err = |message: String| TableError {
        path: path.display().to_string(),
        message,
    };
    let rows = columns.first().map_or(0, Column::len);
    if let Some((i, c)) = columns.iter().enumerate().find(|(_, c)| c.len() != rows) {
        return Err(err(format!(
            "column {i} has {} values, column 0 has {rows}",
            c.len()
        )));
    }
    let schema = Arc::new(parse_message_type(schema).map_err(|e| err(e.to_string()))?);
    let props = Arc::new(
        WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .build(),
    );
    let file = std::fs::File::create(path).map_err(|e| err(e.to_string()))?;
    let mut w = SerializedFileWriter::new(file, schema, props).map_err(|e| err(e.to_string()))?;
    let mut rg = w.next_row_group().map_err(|e| err(e.to_string()))?;
    let mut values = columns.into_iter().enumerate();
    while let Some(mut c) = rg.next_column().map_err(|e| err(e.to_string()))? {
        let Some((i, column)) = values.next() else {
            return Err(err("fewer columns than the schema has".to_string()));
        };
        let written = match column {
            Column::Int32(v) => c.typed::<Int32Type>().write_batch(&v, None, None),
            Column::Int64(v) => c.typed::<Int64Type>().write_batch(&v, None, None),
            Column::Bool(v) => c.typed::<BoolType>().write_batch(&v, None, None),
            Column::Bytes(v) => {
                let v: Vec<ByteArray> = v.into_iter().map(ByteArray::from).collect();
                c.typed::<ByteArrayType>().write_batch(&v, None, None)
            }
        };
        written.map_err(|e| err(format!("column {i}: {e}")))?;
        c.close().map_err(|e| err(e.to_string()))?;
    }
    if values.next().is_some() {
        return Err(err("more columns than the schema has".to_string()));
    }
    rg.close().map_err(|e| err(e.to_string()))?;
    w.close().map_err(|e| err(e.to_string()))?;
    Ok(())
}
