//! `yomi freecell dataset` end to end: the free-cell count reaches the solver, a rerun into
//! the same directory with other options is refused naming them, a zero shard size is refused.

mod common;

use common::yomi;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-fc-dataset-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Runs `yomi freecell dataset` on deals 1..4 (two shards of 2, JSON Lines) into `out`, with
/// `extra` options (which replace those defaults).
fn dataset(out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["freecell", "dataset", "--out", out.to_str().unwrap()];
    for (flag, value) in [
        ("--deals", "1..4"),
        ("--shard-size", "2"),
        ("--format", "jsonl"),
    ] {
        if !extra.contains(&flag) {
            args.extend([flag, value]);
        }
    }
    args.extend_from_slice(extra);
    yomi(&args)
}

/// The `Freecells:` line of the first row's board in the first shard.
fn first_freecells_line(out: &Path) -> String {
    let text = std::fs::read_to_string(out.join("deals-0000000001-0000000002.jsonl")).unwrap();
    let row: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let board = row["board"].as_str().unwrap();
    board
        .lines()
        .find(|l| l.starts_with("Freecells:"))
        .unwrap()
        .to_string()
}

#[track_caller]
fn ok(out: &std::process::Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn the_cells_flag_reaches_the_solver() {
    for cells in ["2", "4"] {
        let dir = scratch(&format!("cells{cells}"));
        ok(&dataset(&dir, &["--cells", cells]));
        let line = first_freecells_line(&dir);
        // One ` -` per empty free cell on the start board.
        assert_eq!(
            line.matches(" -").count(),
            cells.parse::<usize>().unwrap(),
            "{line}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn a_rerun_with_other_options_is_refused_naming_them() {
    let dir = scratch("rerun");
    let first = ok(&dataset(&dir, &[]));
    assert!(first.contains("(0 resumed)"), "{first}");
    let again = ok(&dataset(&dir, &[]));
    assert!(again.contains("(2 resumed)"), "{again}");
    let before: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    for (extra, needle) in [
        (&["--seed", "7"][..], "--seed 0 there, 7 now"),
        (
            &["--mode", "reproduce"][..],
            "--mode fast there, reproduce now",
        ),
        (&["--cells", "2"][..], "--cells 4 there, 2 now"),
        (&["--shard-size", "3"][..], "--shard-size 2 there, 3 now"),
        (
            &["--format", "parquet"][..],
            "--format jsonl there, parquet now",
        ),
    ] {
        let out = dataset(&dir, extra);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(needle), "{needle:?} not in {err}");
        assert!(err.contains("was made with other options"), "{err}");
    }
    // Nothing was added or overwritten.
    let after: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(before.len(), after.len(), "{before:?} vs {after:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_zero_shard_size_is_refused() {
    let dir = scratch("zero");
    let out = yomi(&[
        "freecell",
        "dataset",
        "--deals",
        "1..2",
        "--shard-size",
        "0",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("--shard-size must be at least 1"), "{err}");
    assert!(!dir.exists(), "nothing is written");
}
