//! End-to-end tests of the generic `yomi` commands: output, JSON shape,
//! error messages and exit codes.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn yomi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(args)
        .output()
        .expect("run yomi")
}

fn yomi_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run yomi");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is one JSON object")
}

#[test]
fn solve_tictactoe_reports_a_draw() {
    let v = json(&yomi(&["solve", "tictactoe", "--json"]));
    assert_eq!(v["value"], 0);
    assert_eq!(v["result"], "draw");
    assert_eq!(v["best_moves"].as_array().unwrap().len(), 9);
    assert!(v["nodes"].as_u64().unwrap() > 0);
}

#[test]
fn solve_finds_a_forced_win_and_its_distance() {
    // X: 1 5, O: 2 3 -> X to move; 9 wins at once.
    let v = json(&yomi(&[
        "solve",
        "tictactoe",
        "--position",
        "XOO.X....",
        "--json",
    ]));
    assert_eq!(v["value"], 1);
    assert_eq!(v["plies"], 1);
    assert_eq!(v["best_moves"], serde_json::json!(["9"]));
    // Connect Four: X has 1,2,3 on the bottom row, O stacked on 7: X wins with 4.
    let v = json(&yomi(&[
        "solve",
        "connect4",
        "--position",
        "172737",
        "--json",
    ]));
    assert_eq!(v["value"], 1);
    assert_eq!(v["best_moves"], serde_json::json!(["4"]));
}

#[test]
fn bad_input_gives_exit_code_2_and_lists_the_choices() {
    let out = yomi(&["arena", "tictactoe", "--a", "mcst", "--b", "random"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown strategy 'mcst'") && err.contains("alphabeta"),
        "{err}"
    );

    let out = yomi(&["arena", "tictactoe", "--a", "mcts:iters=5", "--b", "random"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("iterations"));

    let out = yomi(&["solve", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("connect4"));

    let out = yomi(&["solve", "connect4", "--position", "1111111"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("column 1 is full"));

    let out = yomi(&[
        "arena",
        "tictactoe",
        "--a",
        "random",
        "--b",
        "random",
        "--sprt",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn arena_json_has_the_documented_fields_and_is_reproducible() {
    let args = [
        "arena",
        "tictactoe",
        "--a",
        "mcts:iterations=1000",
        "--b",
        "random",
        "--games",
        "20",
        "--json",
        "--seed",
        "3",
        "--opening-plies",
        "0",
    ];
    let v = json(&yomi(&args));
    for key in [
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "elo",
        "elo_error",
        "los",
    ] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
    assert_eq!(v["games"], 20);
    let sum =
        v["wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap() + v["losses"].as_u64().unwrap();
    assert_eq!(sum, 20);
    assert_eq!(
        v["losses"], 0,
        "mcts with 1000 iterations does not lose tic-tac-toe to random"
    );
    let again = json(&yomi(&args));
    assert_eq!(
        (v["wins"].clone(), v["draws"].clone()),
        (again["wins"].clone(), again["draws"].clone())
    );

    let v = json(&yomi(&[
        "arena",
        "tictactoe",
        "--a",
        "mcts:iterations=300",
        "--b",
        "random",
        "--games",
        "400",
        "--sprt",
        "0,100",
        "--json",
    ]));
    for key in ["llr", "lower_bound", "upper_bound", "sprt_result"] {
        assert!(v.get(key).is_some(), "missing {key}: {v}");
    }
}

#[test]
fn a_human_gets_help_for_bad_moves_and_the_game_goes_on() {
    // The human (first) tries an illegal move, garbage and a taken square, then plays on.
    let out = yomi_with_input(
        &[
            "play",
            "tictactoe",
            "--first",
            "human",
            "--second",
            "alphabeta",
        ],
        "0\nfoo\n5\n5\n1\n2\n3\n4\n6\n7\n8\n9\n",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("square 0 is off the board"), "{text}");
    assert!(text.contains("'foo' is not a square"), "{text}");
    assert!(text.contains("already taken"), "{text}");
    assert!(text.contains("Result:"), "{text}");
    assert!(
        out.status.success(),
        "the game ended normally: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn play_between_strategies_finishes_with_a_result() {
    let out = yomi(&[
        "play",
        "connect4",
        "--first",
        "mcts:iterations=300",
        "--second",
        "alphabeta:depth=4",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Result:"), "{text}");
}

#[test]
fn shogi_is_playable_by_the_generic_strategies() {
    let v = json(&yomi(&[
        "arena",
        "shogi",
        "--a",
        "alphabeta:depth=2",
        "--b",
        "random",
        "--games",
        "2",
        "--json",
    ]));
    assert_eq!(v["games"], 2);
    assert_eq!(
        v["wins"], 2,
        "material alpha-beta beats a random mover: {v}"
    );
    let out = yomi(&[
        "play",
        "shogi",
        "--position",
        "lnsgkgsnl/9/9/9/9/9/9/9/LNSGKGSNL b - 1",
        "--first",
        "alphabeta:depth=1",
        "--second",
        "x",
    ]);
    assert_eq!(out.status.code(), Some(2), "unknown strategy 'x'");
    let out = yomi(&["solve", "shogi", "--position", "not an sfen"]);
    assert_eq!(out.status.code(), Some(2));
}
