//! Parquet output through yomi-core's table writer. Columns: deal INT64,
//! step INT32, board UTF8,
//! tensor BINARY (TENSOR_LEN bytes, see `encode_board`), move_hex UTF8,
//! move_std UTF8, auto BOOLEAN, remaining INT32; snappy-compressed.

use super::Row;
use crate::error::FreecellError;
use std::path::Path;
use yomi_core::table::{Column, write_parquet};

const SCHEMA: &str = "message freecell_step {
  REQUIRED INT64 deal;
  REQUIRED INT32 step;
  REQUIRED BYTE_ARRAY board (UTF8);
  REQUIRED BYTE_ARRAY tensor;
  REQUIRED BYTE_ARRAY move_hex (UTF8);
  REQUIRED BYTE_ARRAY move_std (UTF8);
  REQUIRED BOOLEAN auto;
  REQUIRED INT32 remaining;
}";

/// Writes the rows to `path` as one row group.
pub fn write(path: &Path, rows: &[Row]) -> Result<(), FreecellError> {
    let bytes = |f: &dyn Fn(&Row) -> Vec<u8>| Column::Bytes(rows.iter().map(f).collect());
    let columns = vec![
        Column::Int64(rows.iter().map(|r| r.deal as i64).collect()),
        Column::Int32(rows.iter().map(|r| r.step as i32).collect()),
        bytes(&|r| r.board.as_bytes().to_vec()),
        bytes(&|r| r.tensor.clone()),
        bytes(&|r| r.move_hex.as_bytes().to_vec()),
        bytes(&|r| r.move_std.as_bytes().to_vec()),
        Column::Bool(rows.iter().map(|r| r.auto).collect()),
        Column::Int32(rows.iter().map(|r| r.remaining as i32).collect()),
    ];
    write_parquet(path, SCHEMA, columns).map_err(|e| FreecellError::Io(e.to_string()))
}
