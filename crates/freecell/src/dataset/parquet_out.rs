//! Parquet output through the low-level column writer (no Arrow, to keep
//! the build light). Columns: deal INT64, step INT32, board UTF8,
//! tensor BINARY (TENSOR_LEN bytes, see `encode_board`), move_hex UTF8,
//! move_std UTF8, auto BOOLEAN, remaining INT32; snappy-compressed.

use super::Row;
use crate::error::FreecellError;
use parquet::basic::Compression;
use parquet::data_type::{BoolType, ByteArray, ByteArrayType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::parser::parse_message_type;
use std::path::Path;
use std::sync::Arc;

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
    let err = |e: &dyn std::fmt::Display| FreecellError::Io(format!("{}: {e}", path.display()));
    let schema = Arc::new(parse_message_type(SCHEMA).map_err(|e| err(&e))?);
    let props = Arc::new(
        WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .build(),
    );
    let file = std::fs::File::create(path).map_err(|e| err(&e))?;
    let mut w = SerializedFileWriter::new(file, schema, props).map_err(|e| err(&e))?;
    let mut rg = w.next_row_group().map_err(|e| err(&e))?;
    let bytes = |f: &dyn Fn(&Row) -> Vec<u8>| -> Vec<ByteArray> {
        rows.iter().map(|r| ByteArray::from(f(r))).collect()
    };
    let mut col = 0;
    while let Some(mut c) = rg.next_column().map_err(|e| err(&e))? {
        let res = match col {
            0 => c.typed::<Int64Type>().write_batch(
                &rows.iter().map(|r| r.deal as i64).collect::<Vec<_>>(),
                None,
                None,
            ),
            1 => c.typed::<Int32Type>().write_batch(
                &rows.iter().map(|r| r.step as i32).collect::<Vec<_>>(),
                None,
                None,
            ),
            2 => c.typed::<ByteArrayType>().write_batch(
                &bytes(&|r| r.board.as_bytes().to_vec()),
                None,
                None,
            ),
            3 => c
                .typed::<ByteArrayType>()
                .write_batch(&bytes(&|r| r.tensor.clone()), None, None),
            4 => c.typed::<ByteArrayType>().write_batch(
                &bytes(&|r| r.move_hex.as_bytes().to_vec()),
                None,
                None,
            ),
            5 => c.typed::<ByteArrayType>().write_batch(
                &bytes(&|r| r.move_std.as_bytes().to_vec()),
                None,
                None,
            ),
            6 => c.typed::<BoolType>().write_batch(
                &rows.iter().map(|r| r.auto).collect::<Vec<_>>(),
                None,
                None,
            ),
            _ => c.typed::<Int32Type>().write_batch(
                &rows.iter().map(|r| r.remaining as i32).collect::<Vec<_>>(),
                None,
                None,
            ),
        };
        res.map_err(|e| err(&e))?;
        c.close().map_err(|e| err(&e))?;
        col += 1;
    }
    rg.close().map_err(|e| err(&e))?;
    w.close().map_err(|e| err(&e))?;
    Ok(())
}
