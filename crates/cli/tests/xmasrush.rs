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
fn an_arena_rerun_takes_the_pairings_already_played() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-arena-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("rr.jsonl");
    let path = out.to_str().unwrap();
    let run = |pairs: &str| {
        let o = yomi(&[
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
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let first = run("1");
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 1);
    // The rerun plays nothing: same report, no new line.
    assert_eq!(run("1"), first);
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 1);
    // Other games (two seeds) are played and appended.
    let second = run("2");
    assert!(second.contains("\"games\":4"), "{second}");
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count(), 2);
    std::fs::write(&out, "{\"a\":\n").unwrap();
    let bad = yomi(&[
        "xmasrush",
        "arena",
        "--bots",
        "greedy;minmax1",
        "--out",
        path,
    ]);
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(bad.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("rr.jsonl:1: not a pairing report"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
