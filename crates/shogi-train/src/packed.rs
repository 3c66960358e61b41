//! Dataset rows and YaneuraOu's `PackedSfenValue` `.bin` files, both ways, so data made by
//! YaneuraOu's `gensfen` (or by users of its trainers) trains here and yomi's self-play
//! data trains there (`yomi shogi nnue convert`).
//!
//! Contract: [`read_rows`] turns each record into a [`Row`]: its SFEN with the record's ply
//! as move number, score, result, ply and a game number; the format keeps no game number,
//! so a game is a run of consecutive records whose plies step by one (up or down:
//! `gensfen` writes a game's positions last first), numbered from 0 in file order, and the
//! depth is 0 (unknown). The first record that does not decode stops it with an error
//! naming the record. [`write_rows`] writes each row as a record (score clamped to the
//! `i16` range, no best move, ply from the row, 1 when it has none), atomically.

use crate::rows::Row;
use std::path::Path;
use yomi_shogi::Position;
use yomi_shogi::record::packed::{record_error, write_bin};
use yomi_shogi::record::{PackedSfenError, PackedSfenReader, PackedSfenValue};

/// Every record of a `.bin` file as a dataset row (see the module contract).
pub fn read_rows(path: &Path) -> Result<Vec<Row>, PackedSfenError> {
    let reader = PackedSfenReader::open(path)?;
    let mut rows = Vec::with_capacity(reader.records().min(1 << 24) as usize);
    let (mut game, mut last_ply) = (0i64, None::<u16>);
    for (index, record) in reader.enumerate() {
        let record = record?;
        let pos = record
            .position()
            .map_err(|e| record_error(path, index as u64, e))?;
        if let Some(last) = last_ply
            && last.abs_diff(record.game_ply) != 1
        {
            game += 1;
        }
        last_ply = Some(record.game_ply);
        rows.push(Row {
            sfen: pos.to_sfen(),
            score: i32::from(record.score),
            result: record.game_result.clamp(-1, 1),
            ply: i32::from(record.game_ply),
            game,
            depth: 0,
        });
    }
    Ok(rows)
}

/// Writes `rows` as a `.bin` file (see the module contract); a row whose SFEN does not
/// parse is refused with its index before anything is written.
pub fn write_rows(path: &Path, rows: &[Row]) -> Result<(), WriteRowsError> {
    let records = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let pos = Position::from_sfen(&row.sfen).map_err(|e| WriteRowsError::Sfen {
                row: i,
                message: e.to_string(),
            })?;
            let score = row.score.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
            let mut record = PackedSfenValue::new(&pos, score, None, row.result);
            record.game_ply = u16::try_from(row.ply.max(1)).unwrap_or(u16::MAX);
            Ok(record)
        })
        .collect::<Result<Vec<_>, WriteRowsError>>()?;
    Ok(write_bin(path, &records)?)
}

/// Whether `path` names a YaneuraOu `.bin` file (by its extension).
pub fn is_bin(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("bin"))
}

/// Why rows could not be written as records.
#[derive(Debug, thiserror::Error)]
pub enum WriteRowsError {
    /// A row's SFEN does not parse.
    #[error("row {row}: {message}")]
    Sfen {
        /// The row's index, from 0.
        row: usize,
        /// What is wrong with its SFEN.
        message: String,
    },
    /// The file could not be written.
    #[error(transparent)]
    Packed(#[from] PackedSfenError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_survive_a_bin_file_and_games_are_runs_of_plies() {
        let mut pos = Position::startpos();
        let mut rows = Vec::new();
        for ply in 1..=6 {
            rows.push(Row {
                sfen: pos.to_sfen(),
                score: ply * 100 - 300,
                result: [1, -1][ply as usize % 2],
                ply,
                game: 0,
                depth: 0,
            });
            let m = pos.legal_moves()[0];
            pos.do_move(m);
        }
        // A second game starting over at ply 1.
        rows.push(Row {
            ply: 1,
            game: 1,
            ..rows[0].clone()
        });
        let path = std::env::temp_dir().join(format!("yomi-rows-{}.bin", std::process::id()));
        write_rows(&path, &rows).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 7 * 40);
        let back = read_rows(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(back, rows);
    }
}
