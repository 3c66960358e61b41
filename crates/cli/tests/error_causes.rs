//! An error names its cause once (ARCHITECTURE.md): an OS error behind a path is printed
//! once, after the path, and a parse error inside a larger one once, whatever crate raised
//! it and however the command marks it as bad input. Before this rule, some of these
//! printed the cause twice (`{source}` in the message and as `source()`) and others not at
//! all (the command flattened the error with `to_string()` and lost its `source()`).

mod common;

use common::yomi;

/// Runs a failing command and returns its stderr and exit code.
fn fails(args: &[&str]) -> (String, i32) {
    let out = yomi(args);
    assert!(!out.status.success(), "{args:?} succeeded");
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn once(stderr: &str, cause: &str) {
    assert_eq!(
        stderr.matches(cause).count(),
        1,
        "'{cause}' should be printed exactly once in: {stderr}"
    );
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-causes-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn an_engine_that_cannot_start_says_why_once() {
    let (err, code) = fails(&[
        "arena",
        "shogi",
        "--a",
        "usi:/nonexistent/yomi-engine",
        "--b",
        "usi:/nonexistent/yomi-engine",
        "--games",
        "2",
        "--byoyomi",
        "100ms",
    ]);
    assert!(
        err.contains("cannot start engine /nonexistent/yomi-engine"),
        "{err}"
    );
    once(&err, "No such file or directory");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_journal_that_is_a_directory_says_why_once() {
    let dir = scratch("journal");
    let (err, code) = fails(&[
        "arena",
        "connect4",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
        "--journal",
        dir.to_str().unwrap(),
    ]);
    assert!(err.contains("journal "), "{err}");
    once(&err, "Is a directory");
    assert_eq!(code, 1, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_opening_move_says_why_once() {
    let dir = scratch("openings");
    let file = dir.join("openings.txt");
    std::fs::write(&file, "startpos moves 7g7f 3c3d 9z9z\n").unwrap();
    let (err, code) = fails(&[
        "arena",
        "shogi",
        "--a",
        "alphabeta:depth=1",
        "--b",
        "alphabeta:depth=1",
        "--games",
        "2",
        "--openings",
        file.to_str().unwrap(),
    ]);
    assert!(err.contains("move 3 ('9z9z')"), "{err}");
    once(&err, "the origin must be a file 1-9");
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_bot_says_why_once() {
    let (err, code) = fails(&[
        "xmasrush",
        "arena",
        "--bots",
        "greedy;nosuch",
        "--pairs",
        "1",
    ]);
    assert!(err.contains("bot 'nosuch'"), "{err}");
    once(&err, "unknown strategy 'nosuch'");
    assert_eq!(code, 2, "{err}");
}

/// A flag the chosen mode does not read is refused, not silently ignored.
#[test]
fn alpha_beta_bench_refuses_weights_it_would_ignore() {
    let (err, code) = fails(&[
        "shogi",
        "bench",
        "--weights",
        "net.safetensors",
        "--depth",
        "1",
    ]);
    assert!(
        err.contains("--weights net.safetensors is read by --search softmax only"),
        "{err}"
    );
    assert_eq!(code, 2, "{err}");
}
