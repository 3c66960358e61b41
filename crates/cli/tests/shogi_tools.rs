//! `yomi shogi mate`, `yomi shogi book make/probe`, `yomi shogi dataset`,
//! `yomi shogi tune` and the clocked `yomi arena shogi` through the binary:
//! JSON fields and exit codes.

mod common;
use common::{json, yomi};

#[test]
fn mate_reports_the_line_and_no_mate() {
    let v = json(&yomi(&[
        "shogi",
        "mate",
        "--sfen",
        "9/4k4/9/4P4/9/9/9/9/K8 b 2G 1",
        "--json",
    ]));
    assert_eq!(v["result"], "mate");
    assert_eq!(v["length"], 3);
    assert_eq!(v["shortest"], true);
    assert!(v["nodes"].as_u64().unwrap() > 0);
    let v = json(&yomi(&["shogi", "mate", "--sfen", "startpos", "--json"]));
    assert_eq!(v["result"], "nomate");
    let bad = yomi(&["shogi", "mate", "--sfen", "nonsense"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn book_make_then_probe() {
    let dir = std::env::temp_dir().join(format!("yomi-book-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.txt");
    std::fs::write(
        &games,
        "startpos moves 7g7f 3c3d\nposition startpos moves 7g7f 8c8d\nstartpos moves 2g2f\n",
    )
    .unwrap();
    let book = dir.join("book.db");
    let v = json(&yomi(&[
        "shogi",
        "book",
        "make",
        games.to_str().unwrap(),
        "--out",
        book.to_str().unwrap(),
        "--json",
    ]));
    assert_eq!(v["games"], 3);
    assert_eq!(v["positions"], 2);
    let v = json(&yomi(&[
        "shogi",
        "book",
        "probe",
        book.to_str().unwrap(),
        "--sfen",
        "startpos",
        "--json",
    ]));
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves[0]["move"], "7g7f");
    assert_eq!(moves[0]["count"], 2);
    assert_eq!(moves[1]["move"], "2g2f");
    let bad = yomi(&[
        "shogi",
        "book",
        "make",
        "/nonexistent/x",
        "--out",
        "/tmp/x.db",
    ]);
    assert_eq!(bad.status.code(), Some(2));
}

/// Two games of random players at 10 nodes a move, 20 plies, as JSON.
fn random_shogi_match(extra: &[&str]) -> serde_json::Value {
    let mut args = vec![
        "arena",
        "shogi",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
        "--nodes-per-move",
        "10",
        "--max-plies",
        "20",
        "--json",
    ];
    args.extend_from_slice(extra);
    json(&yomi(&args))
}

#[test]
fn clocked_arena_reports_forfeit_columns() {
    let v = random_shogi_match(&[]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["time_losses"], serde_json::json!([0, 0]));
    assert_eq!(v["crashes"], serde_json::json!([0, 0]));
    assert_eq!(v["illegal_moves"], serde_json::json!([0, 0]));
    assert_eq!(v["time_control"], "10 nodes per move");
    let bad = yomi(&[
        "arena",
        "shogi",
        "--a",
        "usi:",
        "--b",
        "random",
        "--byoyomi",
        "1s",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    // A resign rule that is not MOVES,CP is refused with the value.
    let bad = yomi(&[
        "arena", "shogi", "--a", "random", "--b", "random", "--resign", "3:1000",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("resign rule '3:1000': expected MOVES,CP"),
        "{err}"
    );
    // Built-in players report no scores: the rule never fires.
    let v = random_shogi_match(&["--resign", "1,1"]);
    assert_eq!(v["resign_adjudicated"], 0);
}

#[test]
fn dataset_resumes_and_refuses_other_options() {
    let dir = std::env::temp_dir().join(format!("yomi-shogi-dataset-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.display().to_string();
    let base = [
        "shogi",
        "dataset",
        "--out",
        &out,
        "--games",
        "4",
        "--shard-size",
        "2",
        "--depth",
        "1",
        "--max-plies",
        "40",
        "--threads",
        "1",
        "--json",
    ];
    let v = json(&yomi(&base));
    assert_eq!(v["games"], 4);
    assert_eq!(v["shards"], 2);
    assert_eq!(v["shards_skipped"], 0);
    let rows = v["rows"].as_u64().unwrap();
    assert!(rows > 0);
    assert!(dir.join("shard-000000.parquet").exists());
    assert!(dir.join("shard-000001.parquet").exists());
    // Run again: both shards are complete, nothing is redone, same totals.
    let again = json(&yomi(&base));
    assert_eq!(again["shards_skipped"], 2);
    assert_eq!(again["rows"].as_u64(), Some(rows));
    // Other options into the same directory: refused, nothing touched.
    let mut other = base.to_vec();
    other[9] = "2";
    let bad = yomi(&other);
    assert_eq!(bad.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("other options"));
    // A bad worker share is a usage error.
    let mut share = base.to_vec();
    share.extend(["--shard", "2/2"]);
    let bad = yomi(&share);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("expected i/n"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `yomi shogi tune` on a small self-play set: the plain fit and the
/// per-group `--scales` fit both write a weights file the engine loads,
/// `--scales` reports one factor per group, and `--scales --only` is a
/// usage error.
#[test]
fn tune_fits_weights_and_group_scales() {
    let dir = std::env::temp_dir().join(format!("yomi-shogi-tune-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let data = dir.join("data").display().to_string();
    json(&yomi(&[
        "shogi",
        "dataset",
        "--out",
        &data,
        "--games",
        "6",
        "--depth",
        "1",
        "--max-plies",
        "80",
        "--threads",
        "1",
        "--json",
    ]));
    let tune = |out: &str, extra: &[&str]| {
        let out = dir.join(out).display().to_string();
        let mut args = vec![
            "shogi",
            "tune",
            "--data",
            &data,
            "--out",
            &out,
            "--epochs",
            "5",
            "--min-ply",
            "4",
            "--val",
            "0",
            "--k",
            "600",
            "--threads",
            "1",
            "--json",
        ];
        args.extend_from_slice(extra);
        (yomi(&args), out)
    };
    let (plain, plain_out) = tune("plain.weights", &[]);
    let v = json(&plain);
    assert!(v["scales"].is_null());
    assert!(v["train_positions"].as_u64().unwrap() > 0);
    let (scaled, scaled_out) = tune("scaled.weights", &["--scales"]);
    let v = json(&scaled);
    let scales = v["scales"].as_object().unwrap();
    assert_eq!(scales.len(), 11);
    assert!(scales.values().all(|x| x.as_f64().unwrap().is_finite()));
    for file in [&plain_out, &scaled_out] {
        let text = std::fs::read_to_string(file).unwrap();
        yomi_shogi_engine::eval::ControlWeights::parse(&text).unwrap();
    }
    let (bad, _) = tune("bad.weights", &["--scales", "--only", "control"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--scales"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The softmax bench's summary is true: a batch closes once it holds at least
/// `--batch` positions and may hold more, so the mean is not a "fill of" it
/// (it used to print "mean batch fill 303.4 of 256").
#[test]
fn softmax_bench_summary_says_what_the_mean_batch_is() {
    let out = yomi(&[
        "shogi", "bench", "--search", "softmax", "--time", "30ms", "--batch", "4", "--hash", "8",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary = text.lines().last().unwrap();
    assert!(
        summary.contains("mean batch ")
            && summary.contains("positions (a batch closes once it holds at least 4;"),
        "{summary}"
    );
    assert!(!summary.contains("fill"), "{summary}");
}
