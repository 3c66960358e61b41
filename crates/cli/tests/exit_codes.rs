//! Exit codes as the README promises them: 2 for bad usage or bad input (a bad flag value,
//! an unreadable or malformed input file, an unknown name), 1 for a failure while running
//! (here an output that cannot be written: its directory would have to be made inside a
//! regular file, which fails for every user, root included). One test per command family,
//! each with both kinds, so a mapping that blames the user for a runtime failure, or the
//! program for the user's mistake, fails here.

mod common;

use common::yomi;
use std::path::{Path, PathBuf};
use std::process::Output;

/// A fresh scratch directory for one test, with `blocker`, a regular file no output can be
/// written under.
fn scratch(name: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("yomi-exit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let blocker = dir.join("blocker");
    std::fs::write(&blocker, "a file, not a directory").unwrap();
    (dir, blocker)
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Asserts exit code `code` and that stderr holds `needle`.
#[track_caller]
fn exits(out: &Output, code: i32, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(code), "stderr: {err}");
    assert!(err.contains(needle), "{needle:?} not in: {err}");
}

#[test]
fn freecell() {
    let (dir, blocker) = scratch("freecell");
    // Malformed and missing board files.
    let board = write(&dir, "board.txt", "this is no board\n");
    exits(&yomi(&["freecell", "solve", &board]), 2, "board.txt");
    let missing = dir.join("missing.txt");
    exits(
        &yomi(&["freecell", "solve", s(&missing)]),
        2,
        "reading board file",
    );
    // Bad values.
    exits(
        &yomi(&["freecell", "deal", "0"]),
        2,
        "expected a deal number N or a range A..B",
    );
    exits(
        &yomi(&["freecell", "range", "5..4"]),
        2,
        "`5..4`: expected a deal number",
    );
    exits(
        &yomi(&["freecell", "solve", "1", "--reproduce", "1,2"]),
        2,
        "--reproduce `1,2`: expected 7 values, got 2",
    );
    exits(
        &yomi(&["freecell", "deal", "1", "--cells", "9"]),
        2,
        "bad layout",
    );
    // An output directory that cannot be made.
    let out = blocker.join("dataset");
    exits(
        &yomi(&[
            "freecell",
            "dataset",
            "--deals",
            "1..2",
            "--format",
            "jsonl",
            "--out",
            s(&out),
        ]),
        1,
        "creating",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn deck() {
    let (dir, blocker) = scratch("deck");
    // Malformed and missing instance files; an unknown id; a CSV table without its pairs.
    let json = write(&dir, "bad.json", "{\"pieces\": [");
    exits(&yomi(&["deck", "solve", &json]), 2, "parsing");
    exits(
        &yomi(&["deck", "solve", s(&dir.join("none.json"))]),
        2,
        "reading",
    );
    let good = write(
        &dir,
        "good.json",
        r#"{"pieces": [{"id": "a", "cost": 1}, {"id": "b", "cost": 1}],
            "pairs": [{"a": "a", "b": "b", "score": 1}], "request": {"k": 2}}"#,
    );
    exits(
        &yomi(&["deck", "solve", &good, "--must-include", "zed"]),
        2,
        "must_include[0]",
    );
    let table = write(&dir, "table.csv", "id,cost\na,1\n");
    exits(
        &yomi(&["deck", "solve", &table, "--format", "csv"]),
        2,
        "give --pairs",
    );
    let mdp = write(&dir, "bad.mdp", "3 2\n0 1 x\n");
    exits(
        &yomi(&[
            "deck",
            "bench",
            "--pieces",
            "20",
            "--seeds",
            "1",
            "--short",
            "1ms",
            "--long",
            "1ms",
            "--exact-pieces",
            "0",
            "--mdp",
            &mdp,
        ]),
        2,
        "line 2",
    );
    exits(
        &yomi(&["deck", "serve", "--catalog", &json, "--addr", "127.0.0.1:0"]),
        2,
        "parsing",
    );
    // Bad values.
    exits(
        &yomi(&["deck", "generate", "--pieces", "0"]),
        2,
        "--pieces must be between 1 and 5000000",
    );
    exits(
        &yomi(&["deck", "generate", "--attribute", "angel:3"]),
        2,
        "unknown attribute \"angel\"",
    );
    exits(
        &yomi(&["deck", "bench", "--pieces", "0"]),
        2,
        "--pieces and --seeds",
    );
    exits(
        &yomi(&["deck", "serve", "--catalog", &good, "--workers", "0"]),
        2,
        "--workers",
    );
    // An output that cannot be written.
    let out = blocker.join("cat.json");
    exits(
        &yomi(&["deck", "generate", "--pieces", "10", "--out", s(&out)]),
        1,
        "cannot write",
    );
    // A solver's finding is not the user's mistake: an infeasible request exits 1.
    let tight = write(
        &dir,
        "tight.json",
        r#"{"pieces": [{"id": "a", "cost": 5}, {"id": "b", "cost": 5}],
            "pairs": [{"a": "a", "b": "b", "score": 1}], "request": {"k": 2, "cost_cap": 3}}"#,
    );
    exits(&yomi(&["deck", "solve", &tight]), 1, "infeasible");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn party() {
    let (dir, blocker) = scratch("party");
    // A malformed dataset and a dataset without its .meta.json.
    let data = write(&dir, "bad.csv", "party,score\nnot a party,0.5\n");
    let fit = yomi(&["party", "fit", "--data", &data, "--train", "1"]);
    exits(&fit, 2, "bad.csv");
    exits(
        &yomi(&["party", "fit", "--data", s(&dir.join("none.csv"))]),
        2,
        "reading dataset",
    );
    let out = dir.join("d.csv");
    let made = yomi(&[
        "party",
        "dataset",
        "--out",
        s(&out),
        "--parties",
        "30",
        "--opponents",
        "2",
    ]);
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    std::fs::remove_file(yomi_party::dataset::meta_path(&out)).unwrap();
    exits(
        &yomi(&["party", "search", "--data", s(&out), "--starts", "1"]),
        2,
        "is missing",
    );
    // Bad values: a profile, a party, a penalty.
    exits(
        &yomi(&["party", "bench", "--profile", "arcade"]),
        2,
        "--profile",
    );
    exits(
        &yomi(&["party", "battle", "--a", "Mewthree:Psychic"]),
        2,
        "--a",
    );
    exits(
        &yomi(&[
            "party",
            "fit",
            "--data",
            s(&out),
            "--train",
            "20",
            "--alphas",
            "-1",
        ]),
        2,
        "alphas must be positive",
    );
    // An output that cannot be written.
    let bad_out = blocker.join("d.csv");
    exits(
        &yomi(&[
            "party",
            "dataset",
            "--out",
            s(&bad_out),
            "--parties",
            "2",
            "--opponents",
            "1",
        ]),
        1,
        "writing the dataset",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn xmasrush() {
    let (dir, blocker) = scratch("xmasrush");
    // Malformed and missing replays.
    let replay = write(&dir, "bad.json", "{\"frames\": 3}");
    exits(&yomi(&["xmasrush", "view", &replay]), 2, "is not a replay");
    exits(
        &yomi(&["xmasrush", "view", s(&dir.join("none.json"))]),
        2,
        "cannot read",
    );
    // Bad values.
    exits(
        &yomi(&["xmasrush", "check", "--games", "1", "--league", "diamond"]),
        2,
        "unknown league 'diamond'",
    );
    exits(
        &yomi(&["xmasrush", "bench", "--strategy", "mcts:nope=1"]),
        2,
        "no parameter 'nope'",
    );
    exits(
        &yomi(&[
            "xmasrush",
            "play",
            "--a",
            "random",
            "--b",
            "random",
            "--turn-limit",
            "5",
        ]),
        2,
        "--turn-limit",
    );
    // Outputs that cannot be written: a replay, a page, a source file.
    let good = dir.join("game.json");
    let played = yomi(&[
        "xmasrush",
        "play",
        "--a",
        "random",
        "--b",
        "greedy",
        "--seed",
        "3",
        "--replay",
        s(&good),
    ]);
    assert!(
        played.status.success(),
        "{}",
        String::from_utf8_lossy(&played.stderr)
    );
    exits(
        &yomi(&[
            "xmasrush",
            "play",
            "--a",
            "random",
            "--b",
            "greedy",
            "--replay",
            s(&blocker.join("r.json")),
        ]),
        1,
        "cannot write",
    );
    exits(
        &yomi(&[
            "xmasrush",
            "view",
            s(&good),
            "--out",
            s(&blocker.join("game.html")),
        ]),
        1,
        "cannot write",
    );
    exits(
        &yomi(&["xmasrush", "export", "--out", s(&blocker.join("bot.rs"))]),
        1,
        "cannot write",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn shogi_nn() {
    let (dir, blocker) = scratch("nn");
    // A malformed weights file.
    let weights = write(&dir, "w.safetensors", "not safetensors");
    exits(
        &yomi(&[
            "shogi",
            "nn",
            "bench",
            "--weights",
            &weights,
            "--seconds",
            "1ms",
        ]),
        2,
        "--weights",
    );
    // Bad values.
    exits(
        &yomi(&["shogi", "nn", "bench", "--batch", "0"]),
        2,
        "'0' is out of range: expected 1 to 16384 positions",
    );
    exits(
        &yomi(&[
            "shogi",
            "nn",
            "init",
            "--out",
            s(&dir.join("n.st")),
            "--layers",
            "5",
        ]),
        2,
        "--channels/--layers",
    );
    // An output that cannot be written.
    exits(
        &yomi(&[
            "shogi",
            "nn",
            "init",
            "--out",
            s(&blocker.join("n.safetensors")),
            "--channels",
            "4",
            "--layers",
            "4",
        ]),
        1,
        "--out",
    );
    let _ = std::fs::remove_dir_all(&dir);
}
