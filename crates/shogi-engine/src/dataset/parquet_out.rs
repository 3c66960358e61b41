//! The dataset's Parquet file: columns sfen UTF8, score INT32, result INT32
//! (annotated INT_8), ply INT32, game INT64, depth INT32; snappy-compressed,
//! one row group, written through the low-level column writer (no Arrow).

use super::{DatasetError, Row, io};
use parquet::basic::Compression;
use parquet::data_type::{ByteArray, ByteArrayType, Int32Type, Int64Type};
use parquet::file::properties::WriterProperties;
use parquet::file::reader::{FileReader, SerializedFileReader};
use parquet::file::writer::SerializedFileWriter;
use parquet::record::Field;
use parquet::schema::parser::parse_message_type;
use std::path::Path;
use std::sync::Arc;

const SCHEMA: &str = "message shogi_position {
  REQUIRED BYTE_ARRAY sfen (UTF8);
  REQUIRED INT32 score;
  REQUIRED INT32 result (INT_8);
  REQUIRED INT32 ply;
  REQUIRED INT64 game;
  REQUIRED INT32 depth;
}";

/// Writes `rows` to `path`.
pub fn write(path: &Path, rows: &[Row]) -> Result<(), DatasetError> {
    let err = |e: &dyn std::fmt::Display| io(path, e);
    let schema = Arc::new(parse_message_type(SCHEMA).map_err(|e| err(&e))?);
    let props = Arc::new(
        WriterProperties::builder()
            .set_compression(Compression::SNAPPY)
            .build(),
    );
    let file = std::fs::File::create(path).map_err(|e| err(&e))?;
    let mut w = SerializedFileWriter::new(file, schema, props).map_err(|e| err(&e))?;
    let mut rg = w.next_row_group().map_err(|e| err(&e))?;
    let ints = |f: &dyn Fn(&Row) -> i32| rows.iter().map(f).collect::<Vec<i32>>();
    let mut col = 0;
    while let Some(mut c) = rg.next_column().map_err(|e| err(&e))? {
        let res = match col {
            0 => {
                let v: Vec<ByteArray> = rows
                    .iter()
                    .map(|r| ByteArray::from(r.sfen.as_bytes().to_vec()))
                    .collect();
                c.typed::<ByteArrayType>().write_batch(&v, None, None)
            }
            1 => c
                .typed::<Int32Type>()
                .write_batch(&ints(&|r| r.score), None, None),
            2 => c
                .typed::<Int32Type>()
                .write_batch(&ints(&|r| r.result as i32), None, None),
            3 => c
                .typed::<Int32Type>()
                .write_batch(&ints(&|r| r.ply), None, None),
            4 => c.typed::<Int64Type>().write_batch(
                &rows.iter().map(|r| r.game).collect::<Vec<_>>(),
                None,
                None,
            ),
            _ => c
                .typed::<Int32Type>()
                .write_batch(&ints(&|r| r.depth), None, None),
        };
        res.map_err(|e| err(&e))?;
        c.close().map_err(|e| err(&e))?;
        col += 1;
    }
    rg.close().map_err(|e| err(&e))?;
    w.close().map_err(|e| err(&e))?;
    Ok(())
}

/// Reads a dataset file back (for checks and small tools; the trainer has
/// its own streaming reader).
pub fn read(path: &Path) -> Result<Vec<Row>, DatasetError> {
    let err = |e: &dyn std::fmt::Display| io(path, e);
    let file = std::fs::File::open(path).map_err(|e| err(&e))?;
    let reader = SerializedFileReader::new(file).map_err(|e| err(&e))?;
    let mut out = Vec::new();
    for (i, rec) in reader.get_row_iter(None).map_err(|e| err(&e))?.enumerate() {
        let rec = rec.map_err(|e| err(&e))?;
        let bad = || io(path, format!("row {i}: unexpected columns"));
        let cols: Vec<&Field> = rec.get_column_iter().map(|(_, f)| f).collect();
        let int = |k: usize| -> Option<i64> {
            match cols.get(k)? {
                Field::Int(v) => Some(*v as i64),
                Field::Byte(v) => Some(*v as i64),
                Field::Long(v) => Some(*v),
                _ => None,
            }
        };
        let sfen = match cols.first() {
            Some(Field::Str(s)) => s.clone(),
            _ => return Err(bad()),
        };
        out.push(Row {
            sfen,
            score: int(1).ok_or_else(bad)? as i32,
            result: int(2).ok_or_else(bad)? as i8,
            ply: int(3).ok_or_else(bad)? as i32,
            game: int(4).ok_or_else(bad)?,
            depth: int(5).ok_or_else(bad)? as i32,
        });
    }
    Ok(out)
}
