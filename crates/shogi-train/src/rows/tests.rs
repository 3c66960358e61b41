//! The schema's writer and reader: round trips, the bytes written, files of other tools,
//! and errors that name the file and the row.

use super::*;
use yomi_core::fnv1a;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-rows-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Rows of seeded random positions, four to a game.
fn rows(n: usize, first_game: i64, seed: u64) -> Vec<Row> {
    let mut rng = yomi_core::Rng::new(seed);
    (0..n)
        .map(|i| {
            let mut pos = Position::startpos();
            for _ in 0..rng.below(40) {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves.as_slice()[rng.below(moves.len())];
                pos.do_move(m);
            }
            Row {
                sfen: pos.to_sfen(),
                score: (i as i32 - 5) * 37,
                result: (i % 3) as i8 - 1,
                ply: i as i32,
                game: first_game + (i / 4) as i64,
                depth: 3,
            }
        })
        .collect()
}

#[test]
fn rows_read_back_as_written_and_the_bytes_are_the_format_of_before() {
    let dir = temp_dir("round-trip");
    let path = dir.join("shard-000000.parquet");
    let fixed = vec![
        Row {
            sfen: Position::startpos().to_sfen(),
            score: -3000,
            result: -1,
            ply: 0,
            game: 1 << 40,
            depth: 8,
        },
        Row {
            sfen: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".into(),
            score: 3000,
            result: 1,
            ply: 317,
            game: 0,
            depth: 1,
        },
    ];
    write(&path, &fixed).unwrap();
    assert_eq!(read(&path).unwrap(), fixed);
    // The file of these rows, byte for byte, as the engine's writer made it before the
    // schema moved here (a resumed dataset mixes shards of both).
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(
        (bytes.len(), fnv1a(&bytes)),
        GOLDEN,
        "the Parquet bytes changed"
    );
    let many = rows(300, 7, 1);
    write(&path, &many).unwrap();
    assert_eq!(read(&path).unwrap(), many);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Length and FNV-1a of the two fixed rows' file (parquet 60, snappy): the writer moved
/// here unchanged from the engine's `dataset/parquet_out.rs`, so this is the format every
/// dataset made before has.
const GOLDEN: (usize, u64) = (1471, 5_488_437_849_642_870_353);

#[test]
fn a_folder_lists_its_shards_in_name_order() {
    let dir = temp_dir("files");
    write(&dir.join("shard-000001.parquet"), &rows(4, 1, 2)).unwrap();
    write(&dir.join("shard-000000.parquet"), &rows(4, 0, 1)).unwrap();
    std::fs::write(dir.join("notes.txt"), "not a shard").unwrap();
    let names: Vec<String> = files(&dir)
        .unwrap()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["shard-000000.parquet", "shard-000001.parquet"]);
    let one = dir.join("shard-000001.parquet");
    assert_eq!(files(&one).unwrap(), std::slice::from_ref(&one));
    let empty = temp_dir("no-files");
    let err = files(&empty).unwrap_err().to_string();
    assert_eq!(
        err,
        format!("dataset: no *.parquet files in {}", empty.display())
    );
    let missing = files(&dir.join("nowhere")).unwrap_err();
    assert!(matches!(
        missing,
        RowsError::Io {
            action: "reading",
            ..
        }
    ));
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(empty).unwrap();
}

/// A file of another tool: only the required columns, in another order, with other
/// integer widths.
fn write_foreign(path: &Path, sfens: &[&str]) {
    let schema = "message other {
      REQUIRED INT64 game;
      REQUIRED BYTE_ARRAY sfen (UTF8);
      REQUIRED INT32 result (INTEGER(8,true));
      REQUIRED INT64 score;
    }";
    let n = sfens.len() as i64;
    let columns = vec![
        Column::Int64(vec![42; sfens.len()]),
        Column::Bytes(sfens.iter().map(|s| s.as_bytes().to_vec()).collect()),
        Column::Int32(vec![-1; sfens.len()]),
        Column::Int64((0..n).map(|i| i * 100).collect()),
    ];
    write_parquet(path, schema, columns).unwrap();
}

#[test]
fn columns_are_taken_by_name_and_ply_and_depth_may_be_missing() {
    let dir = temp_dir("foreign");
    let path = dir.join("other.parquet");
    let start = Position::startpos().to_sfen();
    write_foreign(&path, &[&start, "4k4/9/9/9/9/9/9/9/4K4 b P 1"]);
    let got = read(&path).unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(
        (
            got[1].sfen.as_str(),
            got[1].score,
            got[1].result,
            got[1].game
        ),
        ("4k4/9/9/9/9/9/9/9/4K4 b P 1", 100, -1, 42)
    );
    assert_eq!((got[1].ply, got[1].depth), (0, 0));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_rows_are_reported_with_their_file_and_row() {
    let dir = temp_dir("bad");
    let path = dir.join("shard-000007.parquet");
    let mut r = rows(6, 0, 3);
    r[3].sfen = "lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL x - 1".into();
    write(&path, &r).unwrap();
    let err = read(&path).unwrap_err().to_string();
    assert!(
        err.contains("shard-000007.parquet") && err.contains("row 3"),
        "{err}"
    );
    assert!(err.contains("sfen"), "{err}");

    let mut r = rows(6, 0, 3);
    r[5].result = 2;
    write(&path, &r).unwrap();
    let err = read(&path).unwrap_err().to_string();
    assert!(err.contains("row 5") && err.contains("result 2"), "{err}");

    std::fs::write(&path, b"not parquet").unwrap();
    assert!(matches!(read(&path), Err(RowsError::Parquet { .. })));
    assert!(matches!(
        read(&dir.join("absent.parquet")),
        Err(RowsError::Io {
            action: "opening",
            ..
        })
    ));
    std::fs::remove_dir_all(dir).unwrap();
}
