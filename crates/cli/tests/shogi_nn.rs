//! `yomi shogi nn init` and `yomi shogi nn bench` through the binary: the written file,
//! JSON fields, reproducibility and exit codes.

mod common;
use common::{json, yomi};

#[test]
fn init_writes_a_file_that_bench_reads_with_the_same_logits() {
    let dir = std::env::temp_dir().join(format!("yomi-nn-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("net.safetensors");
    let path = file.to_str().unwrap();
    let shape = ["--channels", "8", "--layers", "4", "--seed", "5"];
    let mut args = vec!["shogi", "nn", "init", "--out", path, "--json"];
    args.extend(shape);
    let v = json(&yomi(&args));
    // 8x61x9 + 8 + 3 x (8x8x9 + 8) + 8x81 + 1 parameters.
    assert_eq!(
        v["parameters"],
        8 * 61 * 9 + 8 + 3 * (8 * 8 * 9 + 8) + 8 * 81 + 1
    );
    assert!(file.exists());

    let bench = |source: &[&str]| {
        let mut args = vec!["shogi", "nn", "bench", "--batch", "5", "--seconds", "50ms"];
        args.extend(source);
        args.push("--json");
        json(&yomi(&args))
    };
    let from_file = bench(&["--weights", path]);
    let from_seed = bench(&shape);
    assert_eq!(from_file["batch"], 5);
    assert_eq!(from_file["channels"], 8);
    assert!(from_file["batches"].as_u64().unwrap() >= 1);
    assert!(from_file["positions_per_second"].as_f64().unwrap() > 0.0);
    // Same weights (file or seed), same positions: the same logits.
    assert_eq!(from_file["logit_sum"], from_seed["logit_sum"]);
    let other_seed = bench(&["--channels", "8", "--layers", "4", "--seed", "6"]);
    assert_ne!(from_file["logit_sum"], other_seed["logit_sum"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_shapes_and_files_are_usage_or_clear_errors() {
    let out = yomi(&[
        "shogi",
        "nn",
        "bench",
        "--layers",
        "12",
        "--seconds",
        "10ms",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("multiple of 3"));
    let out = yomi(&["shogi", "nn", "bench", "--seconds", "5"]);
    assert_eq!(out.status.code(), Some(2), "bare number refused");
    let out = yomi(&[
        "shogi",
        "nn",
        "bench",
        "--weights",
        "/nonexistent/net.safetensors",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/net.safetensors"));
}
