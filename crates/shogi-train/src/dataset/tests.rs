use super::*;
use yomi_core::shard::{WorkerShare, plan};

fn opts() -> SelfPlayOptions {
    SelfPlayOptions {
        depth: 1,
        random_plies: 8,
        max_plies: 60,
        hash_mb: 1,
        ..SelfPlayOptions::default()
    }
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("yomi-shogi-dataset-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn rows_round_trip_and_any_worker_split_gives_the_same_rows() {
    let dir = tmp("split");
    let all = plan(0, 5, 3, WorkerShare::default());
    let mut whole = Vec::new();
    for s in &all {
        run_shard(&dir, s, &opts(), 9, &[], &|| {}).unwrap();
        whole.extend(rows::read(&shard_path(&dir, s)).unwrap());
    }
    assert!(!whole.is_empty());
    assert!(whole.iter().all(|r| r.depth == 1 && r.score.abs() <= 3000));
    // Worker 1 of 2 computes the second shard alone and gets the same rows.
    let s = plan(0, 5, 3, WorkerShare { index: 1, count: 2 })[0];
    assert_eq!(s.number, 1);
    let (rows, stats) = shard_rows(&s, &opts(), 9, &[], &|| {});
    assert_eq!(rows, rows::read(&shard_path(&dir, &s)).unwrap());
    assert_eq!(finished(&dir, &s).unwrap().rows, stats.rows);
    assert_eq!(stats.games, 3);
    assert_eq!(
        stats.black_wins + stats.white_wins + stats.draws,
        stats.games
    );
    let keys: HashSet<u64> = rows
        .iter()
        .map(|r| Position::from_sfen(&r.sfen).unwrap().key())
        .collect();
    assert_eq!(keys.len(), rows.len(), "deduplicated within the shard");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn resuming_with_other_options_is_refused() {
    let dir = tmp("spec");
    let spec = DatasetSpec {
        games: 10,
        shard_size: 5,
        seed: 1,
        depth: 2,
        random_plies: 8,
        max_plies: 100,
        eval: "Classic".into(),
        openings: 0,
        openings_hash: 0,
    };
    check_spec(&dir, &spec).unwrap();
    check_spec(&dir, &spec).unwrap();
    let other = DatasetSpec { depth: 3, ..spec };
    let e = check_spec(&dir, &other).unwrap_err().to_string();
    assert!(e.contains("other options"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unfinished_shard_is_not_finished() {
    let dir = tmp("unfinished");
    let s = plan(0, 1, 2, WorkerShare::default())[0];
    assert!(finished(&dir, &s).is_none());
    std::fs::write(stats_path(&dir, &s), "{}").unwrap();
    assert!(finished(&dir, &s).is_none(), "stats alone do not finish it");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn opening_a_directory_finds_the_finished_shards_and_the_summary_is_written_there() {
    let dir = tmp("open");
    let spec = DatasetSpec {
        games: 5,
        shard_size: 2,
        seed: 9,
        depth: 1,
        random_plies: 8,
        max_plies: 60,
        eval: "Control".into(),
        openings: 0,
        openings_hash: 0,
    };
    let share = WorkerShare::default();
    let fresh = open(&dir.join("new"), &spec, share).unwrap();
    assert_eq!((fresh.shards.len(), fresh.skipped()), (3, 0));
    assert_eq!(fresh.todo, fresh.shards);
    let first = fresh.todo[0];
    let stats = run_shard(&dir.join("new"), &first, &opts(), 9, &[], &|| {}).unwrap();
    let again = open(&dir.join("new"), &spec, share).unwrap();
    assert_eq!(again.skipped(), 1);
    assert_eq!(again.todo, fresh.shards[1..]);
    assert_eq!(again.done, stats);
    let other = DatasetSpec {
        depth: 2,
        ..spec.clone()
    };
    assert!(matches!(
        open(&dir.join("new"), &other, share),
        Err(DatasetError::Mismatch { .. })
    ));
    let summary = RunSummary {
        dir: dir.join("new"),
        share: WorkerShare { index: 1, count: 2 },
        spec,
        shards: 3,
        skipped: 1,
        total: stats.clone(),
        seconds: 1.5,
    };
    summary.write().unwrap();
    let written = std::fs::read_to_string(dir.join("new/summary-1-of-2.json")).unwrap();
    let back: serde_json::Value = serde_json::from_str(&written).unwrap();
    assert_eq!(back, summary.to_json());
    assert_eq!(back["shard"], "1/2");
    assert_eq!(back["rows"], stats.rows);
    assert_eq!(back["spec"]["depth"], 1);
    // Keys in name order, as the file has always been written.
    assert!(written.find("\"black_wins\"").unwrap() < written.find("\"duplicates\"").unwrap());
    assert!(written.find("\"shards_skipped\"").unwrap() < written.find("\"spec\"").unwrap());
    let _ = std::fs::remove_dir_all(&dir);
}
