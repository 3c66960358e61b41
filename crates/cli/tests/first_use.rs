//! What a first-time user sees: reports that say "not enough games" instead
//! of degenerate intervals, a note when an odd game count is rounded up,
//! readable values and finished boards in `play`, `--json` on `freecell
//! deal`, and logs with `YOMI_LOG=info`.

mod common;

use common::yomi;
use std::process::{Command, Stdio};

fn text(out: &std::process::Output) -> (String, String) {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tiny_matches_say_not_enough_games_instead_of_degenerate_intervals() {
    // Two games of a first-mover-wins-or-draws game: one pair, no spread.
    let (out, _) = text(&yomi(&[
        "arena",
        "tictactoe",
        "--a",
        "alphabeta",
        "--b",
        "alphabeta",
        "--games",
        "2",
    ]));
    assert!(
        out.contains("every pair scored the same: no interval from 1 pair"),
        "{out}"
    );
    assert!(!out.contains("+/- 0.0") && !out.contains("-0.0"), "{out}");
    // A one-sided small match: the interval reaches 100%.
    let (out, _) = text(&yomi(&[
        "arena",
        "tictactoe",
        "--a",
        "alphabeta",
        "--b",
        "random",
        "--games",
        "8",
        "--seed",
        "5",
    ]));
    let elo = out.lines().find(|l| l.starts_with("Elo:")).unwrap_or("");
    assert!(
        !elo.contains("inf +/-") && !elo.contains("+/- inf"),
        "{out}"
    );
    assert!(elo.contains("not enough games"), "{out}");
}

#[test]
fn an_odd_game_count_is_rounded_up_with_a_note() {
    let (out, err) = text(&yomi(&[
        "arena",
        "tictactoe",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "3",
    ]));
    assert!(err.contains("3 games asked for: 4 are played"), "{err}");
    assert!(out.contains("Games: 4 of 4"), "{out}");
}

#[test]
fn play_shows_values_in_words_and_no_mover_after_the_end() {
    let (out, _) = text(&yomi(&[
        "play",
        "tictactoe",
        "--first",
        "alphabeta",
        "--second",
        "mcts:iterations=200",
    ]));
    assert!(
        !out.contains("Exact {") && !out.contains("Expected("),
        "{out}"
    );
    assert!(out.contains(", draw)") || out.contains(" plies)"), "{out}");
    let tail: Vec<&str> = out.lines().rev().take(3).collect();
    assert!(tail.iter().any(|l| l.contains("game over")), "{out}");
    assert!(!tail.iter().any(|l| l.ends_with("to move")), "{out}");
}

#[test]
fn freecell_deal_prints_json_lines() {
    let (out, _) = text(&yomi(&["freecell", "deal", "1..2", "--json"]));
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object a line"))
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["deal"], 1);
    let columns = lines[0]["columns"].as_array().unwrap();
    assert_eq!(columns.len(), 8);
    let cards: usize = columns.iter().map(|c| c.as_array().unwrap().len()).sum();
    assert_eq!(cards, 52);
    // Deal 1's first column, as pysol and fc-solve deal it.
    assert_eq!(
        columns[0],
        serde_json::json!(["JD", "KD", "2S", "4C", "3S", "6D", "6S"])
    );
}

#[test]
fn info_logs_say_what_runs() {
    let out = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args([
            "arena",
            "tictactoe",
            "--a",
            "random",
            "--b",
            "random",
            "--games",
            "4",
        ])
        .env("YOMI_LOG", "info")
        .stdin(Stdio::null())
        .output()
        .expect("yomi runs");
    let (_, err) = text(&out);
    assert!(err.contains("yomi arena tictactoe"), "{err}");
    assert!(err.contains("2 pairs scheduled"), "{err}");
    assert!(err.contains("finished in"), "{err}");
}
