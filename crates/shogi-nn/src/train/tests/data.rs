//! Reading the dataset's Parquet rows: columns, the split by game, and errors that name
//! the file and the row.

use super::temp_dir;
use crate::train::data::{Dataset, is_validation_game, read_parquet};
use crate::train::error::TrainError;
use crate::train::fixture::{Row, random_positions, write_parquet};

fn rows(n: usize, first_game: i64, seed: u64) -> Vec<Row> {
    random_positions(n, seed)
        .iter()
        .enumerate()
        .map(|(i, p)| Row {
            sfen: p.to_sfen(),
            score: (i as i32 - 5) * 37,
            result: (i % 3) as i32 - 1,
            ply: i as i32,
            game: first_game + (i / 4) as i64,
            depth: 3,
        })
        .collect()
}

#[test]
fn a_folder_of_shards_is_read_in_name_order_and_split_by_game() {
    let dir = temp_dir("shards");
    let (a, b) = (rows(40, 0, 1), rows(40, 10, 2));
    // Written out of order; "b" sorts after "a".
    write_parquet(&dir.join("shard-000001.parquet"), &b);
    write_parquet(&dir.join("shard-000000.parquet"), &a);
    std::fs::write(dir.join("notes.txt"), "not a shard").unwrap();
    let data = Dataset::load(&dir, 0.25).unwrap();
    assert_eq!(data.train.len() + data.val.len(), 80);
    let all: Vec<&Row> = a.iter().chain(&b).collect();
    let mut expect_train = all.iter().filter(|r| !is_validation_game(r.game, 0.25));
    for s in &data.train {
        let r = expect_train.next().unwrap();
        assert_eq!(
            (&*s.sfen, s.target.score, s.target.result as i32, s.game),
            (&*r.sfen, r.score, r.result, r.game)
        );
    }
    assert!(expect_train.next().is_none());
    // Both sides are used, and no game straddles them.
    assert!(!data.val.is_empty() && data.val.len() < 40);
    for v in &data.val {
        assert!(data.train.iter().all(|t| t.game != v.game));
    }
    // The fingerprint follows the content.
    let single = Dataset::load(&dir.join("shard-000000.parquet"), 0.25).unwrap();
    assert_eq!(single.train.len() + single.val.len(), 40);
    assert_ne!(single.fingerprint, data.fingerprint);
    assert_eq!(
        Dataset::load(&dir, 0.25).unwrap().fingerprint,
        data.fingerprint
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_split_holds_out_about_the_asked_fraction_of_games() {
    let held = (0..10_000).filter(|&g| is_validation_game(g, 0.05)).count();
    assert!((400..600).contains(&held), "{held}");
    assert_eq!((0..1000).filter(|&g| is_validation_game(g, 0.0)).count(), 0);
}

#[test]
fn bad_rows_are_reported_with_their_file_and_row() {
    let dir = temp_dir("bad");
    let path = dir.join("shard-000007.parquet");
    let mut r = rows(6, 0, 3);
    r[3].sfen = "lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL x - 1".into();
    write_parquet(&path, &r);
    let err = read_parquet(&path).unwrap_err().to_string();
    assert!(
        err.contains("shard-000007.parquet") && err.contains("row 3"),
        "{err}"
    );
    assert!(err.contains("sfen"), "{err}");

    let mut r = rows(6, 0, 3);
    r[5].result = 2;
    write_parquet(&path, &r);
    let err = read_parquet(&path).unwrap_err().to_string();
    assert!(err.contains("row 5") && err.contains("result 2"), "{err}");

    std::fs::write(&path, b"not parquet").unwrap();
    assert!(matches!(
        read_parquet(&path),
        Err(TrainError::Parquet { .. })
    ));
    let empty = temp_dir("empty");
    let err = Dataset::load(&empty, 0.1).unwrap_err().to_string();
    assert!(err.contains("no *.parquet files"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
    std::fs::remove_dir_all(empty).unwrap();
}
