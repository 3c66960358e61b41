//! `yomi xmasrush export`: the file is written whole, a bad spec or budget
//! is refused with exit code 2 and leaves no file behind.

mod common;

use common::yomi;

#[test]
fn export_writes_one_source_file_and_refuses_bad_values() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-export-{}", std::process::id()));
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
    assert!(!dir.join("bot.rs.tmp").exists());
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
