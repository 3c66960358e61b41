//! `yomi xmasrush` end to end: `export` writes its file whole and refuses
//! bad values with exit code 2; `arena` takes the pairings already in its
//! `--out` file on a rerun.

mod common;

use common::yomi;

#[test]
fn export_writes_one_source_file_and_refuses_bad_values() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-export-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("bot.rs");
    let path = out.to_str().unwrap();
    let ok = yomi(&[
        "xmasrush",
        "export",
        "--strategy",
        "combo",
        "--budget",
        "40ms",
        "--out",
        path,
    ]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let source = std::fs::read_to_string(&out).unwrap();
    assert!(source.starts_with("// Xmas Rush bot `combo` (Legend league, seed 1, 40 ms a turn)"));
    assert!(source.contains("fn main()"));
    // Only the source: no temporary file left beside it.
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["bot.rs"]);
    std::fs::remove_file(&out).unwrap();
    for (args, message) in [
        (["--strategy", "dcut"], "unknown strategy 'dcut'"),
        (["--budget", "40"], "--budget: '40' has no unit"),
    ] {
        let mut all = vec!["xmasrush", "export", "--out", path];
        all.extend(args);
        let bad = yomi(&all);
        let stderr = String::from_utf8_lossy(&bad.stderr);
        assert_eq!(bad.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
        assert!(!out.exists(), "nothing written for a bad value");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_arena_rerun_continues_its_journal() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("rr.jsonl");
    let path = out.to_str().unwrap();
    let args = |pairs: &'static str| {
        [
            "xmasrush",
            "arena",
            "--bots",
            "greedy;minmax1",
            "--pairs",
            pairs,
            "--seed",
            "5",
            "--out",
            path,
            "--json",
        ]
    };
    let run = |pairs: &'static str| {
        let o = yomi(&args(pairs));
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let first = run("2");
    let journal = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        journal.lines().count(),
        3,
        "a header and two pairs:\n{journal}"
    );
    // The rerun plays nothing: same report, the journal untouched.
    assert_eq!(run("2"), first);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), journal);
    // Stopped after one pair (the second torn mid-write): the rerun plays
    // the second pair again and reports the same round robin.
    let lines: Vec<&str> = journal.lines().collect();
    let torn = format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..10]);
    std::fs::write(&out, torn).unwrap();
    // Answer times are measured again for the replayed pair.
    let untimed = |text: &str| -> Vec<serde_json::Value> {
        text.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                v.as_object_mut().unwrap().remove("max_answer_ms");
                v
            })
            .collect()
    };
    assert_eq!(untimed(&run("2")), untimed(&first));
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 3);
    // Other settings are another round robin: refused, naming the field.
    let bad = yomi(&args("3"));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("its pairs is 2, this match's is 3"),
        "{stderr}"
    );
    // A file that is not a journal is refused, naming the line.
    std::fs::write(&out, "{\"a\":\n").unwrap();
    let bad = yomi(&args("2"));
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("rr.jsonl:1: not a journal header"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_bot_reports_bad_input_once_and_cut() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    for (input, expected) in [
        (
            "2\n".to_string(),
            "error: turn 1: line 1: expected the turn type 0 or 1, got '2'\n".to_string(),
        ),
        (
            format!("{}\n", "9".repeat(1000)),
            format!(
                "error: turn 1: line 1: expected the turn type 0 or 1, got '{}… (1000 characters)'\n",
                "9".repeat(60)
            ),
        ),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
            .args(["xmasrush", "bot"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(input.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert_eq!(err, expected);
    }
}
