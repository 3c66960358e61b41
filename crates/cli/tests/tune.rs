//! `yomi tune` end to end: a sweep and an SPSA run write their JSON result
//! and chart under `--out`, a rerun continues from the journals (playing
//! nothing finished) and a rerun with other settings is refused; bad
//! values, specs and games exit 2 with a message naming them.

mod common;

use common::yomi;
use std::path::PathBuf;

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("yomi-cli-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_sweep_reports_every_value_resumes_and_refuses_other_settings() {
    let out = dir("sweep");
    let o = out.to_str().unwrap();
    let args = [
        "tune",
        "sweep",
        "tictactoe",
        "--base",
        "mcts:iterations=30",
        "--param",
        "c",
        "--values",
        "0.1,1.4,8",
        "--reference",
        "mcts:iterations=30",
        "--pairs",
        "15",
        "--threads",
        "2",
        "--seed",
        "4",
        "--out",
        o,
        "--json",
    ];
    let first = yomi(&args);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let report: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    let points = report["points"].as_array().unwrap();
    assert_eq!(points.len(), 3);
    for (p, v) in points.iter().zip([0.1, 1.4, 8.0]) {
        assert_eq!(p["value"].as_f64(), Some(v));
        let wdl: Vec<u64> = p["result"]["wdl"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(wdl.iter().sum::<u64>(), 30, "{p}");
    }
    assert_eq!(points[1]["spec"], "mcts:iterations=30,c=1.4");
    let best = report["best"].as_f64().unwrap();
    let top = points
        .iter()
        .map(|p| p["elo"].as_f64().unwrap_or(f64::NEG_INFINITY))
        .fold(f64::NEG_INFINITY, f64::max);
    assert_eq!(
        points
            .iter()
            .find(|p| p["value"].as_f64() == Some(best))
            .unwrap()["elo"]
            .as_f64()
            .unwrap_or(f64::NEG_INFINITY),
        top
    );
    let svg = std::fs::read_to_string(out.join("sweep.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(out.join("sweep.json")).unwrap()).unwrap();
    assert_eq!(saved, report);
    // A rerun replays the journals: the same report (the games are not played again,
    // so even the MCTS's timing cannot change them).
    let journal = out.join("journal").join("value-1.4.jsonl");
    let before = std::fs::read_to_string(&journal).unwrap();
    let again = yomi(&args);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&again.stdout).unwrap(),
        report
    );
    assert_eq!(std::fs::read_to_string(&journal).unwrap(), before);
    // Other settings on the same journals are refused, naming the field.
    let mut other = args.to_vec();
    other[16] = "5";
    let refused = yomi(&other);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(
        text(&refused.stderr).contains("value-0.1.jsonl belongs to another match"),
        "{}",
        text(&refused.stderr)
    );
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn spsa_on_xmas_rush_writes_its_trajectory_and_continues_exactly() {
    let out = dir("spsa");
    let o = out.to_str().unwrap();
    let args = [
        "tune",
        "spsa",
        "xmasrush",
        "--base",
        "duct:iterations=150",
        "--param",
        "c,float,0.4,0.05,2,0.1,0.002",
        "--param",
        "turns,int,2,1,6",
        "--pairs",
        "4",
        "--batch",
        "2",
        "--threads",
        "2",
        "--confirm-pairs",
        "2",
        "--seed",
        "9",
        "--out",
        o,
        "--json",
    ];
    let first = yomi(&args);
    assert!(first.status.success(), "{}", text(&first.stderr));
    let report: serde_json::Value = serde_json::from_slice(&first.stdout).unwrap();
    let history = report["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "4 pairs in steps of 2");
    for h in history {
        assert_eq!(
            h["result"]["wdl"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_u64().unwrap())
                .sum::<u64>(),
            4
        );
        let turns = h["plus"][1].as_f64().unwrap();
        assert!(turns.fract() == 0.0 && (1.0..=6.0).contains(&turns), "{h}");
    }
    assert!(
        report["tuned_spec"]
            .as_str()
            .unwrap()
            .starts_with("duct:iterations=150,c=")
    );
    assert!(report["confirmation"]["sprt"].is_string());
    let lines = std::fs::read_to_string(out.join("spsa.jsonl")).unwrap();
    assert_eq!(lines.lines().count(), 3, "header and two steps");
    assert!(
        std::fs::read_to_string(out.join("spsa.svg"))
            .unwrap()
            .contains("class=\"trajectory\"")
    );
    // Bots with fixed iterations answer the same: a rerun (journal replayed,
    // confirmation replayed) gives the same report.
    let again = yomi(&args);
    assert!(again.status.success(), "{}", text(&again.stderr));
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&again.stdout).unwrap(),
        report
    );
    std::fs::remove_dir_all(&out).unwrap();
}

#[test]
fn bad_values_specs_and_games_exit_2_naming_them() {
    let out = dir("bad");
    let o = out.to_str().unwrap();
    let sweep = |extra: &[&str]| {
        let mut a = vec![
            "tune",
            "sweep",
            "connect4",
            "--base",
            "mcts",
            "--param",
            "c",
            "--reference",
            "mcts",
            "--out",
            o,
        ];
        a.extend_from_slice(extra);
        yomi(&a)
    };
    for (extra, says) in [
        (&["--values", "3..1"][..], "a range goes from low to high"),
        (
            &["--values", "1,x"][..],
            "every value must be a finite number",
        ),
        (&["--values", "0..1000000"][..], "more than 1000 values"),
        (&["--values", "1,2", "--pairs", "0"][..], "pairs"),
    ] {
        let r = sweep(extra);
        assert_eq!(r.status.code(), Some(2), "{extra:?}: {}", text(&r.stderr));
        assert!(
            text(&r.stderr).contains(says),
            "{extra:?}: {}",
            text(&r.stderr)
        );
    }
    let r = yomi(&[
        "tune",
        "sweep",
        "connect4",
        "--base",
        "mcst",
        "--param",
        "c",
        "--values",
        "1",
        "--reference",
        "mcts",
        "--out",
        o,
    ]);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("mcst"), "{}", text(&r.stderr));
    let r = yomi(&[
        "tune",
        "sweep",
        "chess",
        "--base",
        "mcts",
        "--param",
        "c",
        "--values",
        "1",
        "--reference",
        "mcts",
        "--out",
        o,
    ]);
    assert_eq!(r.status.code(), Some(2));
    assert!(
        text(&r.stderr).contains("unknown game 'chess'"),
        "{}",
        text(&r.stderr)
    );
    for (param, says) in [
        ("turns,int,4,1", "expected NAME,int|float"),
        ("turns,int,11,1,10", "outside [1, 10]"),
        ("turns,long,4,1,10", "kind 'long'"),
    ] {
        let r = yomi(&[
            "tune", "spsa", "xmasrush", "--base", "duct", "--param", param, "--out", o,
        ]);
        assert_eq!(r.status.code(), Some(2), "{param}");
        assert!(
            text(&r.stderr).contains(says),
            "{param}: {}",
            text(&r.stderr)
        );
    }
    // A bound the bot refuses fails before any game.
    let r = yomi(&[
        "tune",
        "spsa",
        "xmasrush",
        "--base",
        "duct",
        "--param",
        "turns,int,2,0,6",
        "--out",
        o,
    ]);
    assert_eq!(r.status.code(), Some(2));
    assert!(text(&r.stderr).contains("turns"), "{}", text(&r.stderr));
    assert!(!out.join("spsa.jsonl").exists(), "nothing was started");
    let _ = std::fs::remove_dir_all(&out);
}
