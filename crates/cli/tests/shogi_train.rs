//! `yomi shogi train` through the binary, on rows made by `yomi shogi dataset`: the JSON
//! summary, the weights file, resuming a finished run, and exit codes for bad input.

use std::path::{Path, PathBuf};

mod common;
use common::{json, yomi};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-cli-train-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn trains_on_dataset_rows_writes_the_net_and_resumes_a_finished_run() {
    let (data, out) = (temp("data"), temp("out"));
    json(&yomi(&[
        "shogi",
        "dataset",
        "--out",
        s(&data),
        "--games",
        "6",
        "--shard-size",
        "3",
        "--depth",
        "1",
        "--threads",
        "1",
        "--json",
    ]));
    let train = |extra: &[&str]| {
        let mut args = vec![
            "shogi",
            "train",
            "--data",
            s(&data),
            "--out",
            s(&out),
            "--channels",
            "4",
            "--layers",
            "4",
            "--epochs",
            "2",
            "--batch",
            "64",
            "--val",
            "0.3",
            "--threads",
            "1",
            "--json",
        ];
        args.extend_from_slice(extra);
        yomi(&args)
    };
    let v = json(&train(&[]));
    assert_eq!(v["finished"], true);
    assert_eq!(
        (v["channels"].as_u64(), v["layers"].as_u64()),
        (Some(4), Some(4))
    );
    let rows = v["train_positions"].as_u64().unwrap();
    assert!(rows > 0 && v["val_positions"].as_u64().unwrap() > 0, "{v}");
    assert_eq!(v["steps"].as_u64().unwrap(), 2 * rows.div_ceil(64));
    assert_eq!(v["samples_trained"].as_u64().unwrap(), 2 * rows);
    let history = v["history"].as_array().unwrap();
    assert_eq!(history.len(), 2);
    assert!(history[1]["val_loss"].as_f64().unwrap() > 0.0);
    let net = yomi_shogi_nn::Weights::load(out.join("net.safetensors")).unwrap();
    assert_eq!((net.config.channels, net.config.layers), (4, 4));
    for f in [
        "checkpoint.safetensors",
        "optimizer.safetensors",
        "progress.json",
    ] {
        assert!(out.join(f).is_file(), "{f}");
    }

    // Resuming a finished run trains nothing more and reports the same history.
    let again = json(&yomi(&[
        "shogi",
        "train",
        "--data",
        s(&data),
        "--out",
        s(&out),
        "--resume",
        "--json",
    ]));
    assert_eq!(again["samples_trained"], 0);
    assert_eq!(again["history"], v["history"]);

    // A shape the network cannot have, and data that is not there.
    assert_eq!(train(&["--layers", "5"]).status.code(), Some(2));
    let missing = yomi(&[
        "shogi",
        "train",
        "--data",
        "/nonexistent/rows",
        "--out",
        s(&out),
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("/nonexistent/rows"));

    // Gradients on a GPU: this build has none (no `cuda` feature) or this machine none; either
    // way a clear error before any training, and the finished run's files are untouched.
    let before = std::fs::read(out.join("progress.json")).unwrap();
    let gpu = train(&["--device", "cuda", "--resume"]);
    let err = String::from_utf8_lossy(&gpu.stderr);
    if gpu.status.success() {
        eprintln!("a GPU is present: the error path was not exercised");
    } else {
        assert_eq!(gpu.status.code(), Some(1), "{err}");
        assert!(err.contains("--device cuda:0"), "{err}");
        assert!(err.contains("GPU support") || err.contains("CUDA"), "{err}");
    }
    assert_eq!(std::fs::read(out.join("progress.json")).unwrap(), before);
    assert_eq!(train(&["--device", "tpu"]).status.code(), Some(2));
    std::fs::remove_dir_all(data).unwrap();
    std::fs::remove_dir_all(out).unwrap();
}

/// An OS error is printed once, with what and where: not twice (`shogi train`), and not
/// left out (`--weights` of `shogi bench` and `shogi nn bench` said only "reading /path").
#[test]
fn os_errors_are_printed_once_with_their_reason() {
    let out = temp("os-error-out");
    let missing = yomi(&[
        "shogi",
        "train",
        "--data",
        "/nonexistent/rows",
        "--out",
        s(&out),
    ]);
    let err = String::from_utf8_lossy(&missing.stderr);
    assert_eq!(err.matches("os error 2").count(), 1, "{err}");
    for args in [
        &[
            "shogi",
            "bench",
            "--search",
            "softmax",
            "--weights",
            "/nonexistent/w.safetensors",
        ][..],
        &[
            "shogi",
            "nn",
            "bench",
            "--weights",
            "/nonexistent/w.safetensors",
        ][..],
    ] {
        let o = yomi(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("/nonexistent/w.safetensors") && err.contains("No such file"),
            "{args:?}: {err}"
        );
        assert_eq!(err.matches("os error 2").count(), 1, "{args:?}: {err}");
    }
}

/// A learning rate that makes the loss NaN stops the run with an error; no network is
/// written (it used to exit 0 and save weights that were 99.9% NaN).
#[test]
fn a_diverging_run_fails_and_writes_no_network() {
    let (data, out) = (temp("nan-data"), temp("nan-out"));
    json(&yomi(&[
        "shogi",
        "dataset",
        "--out",
        s(&data),
        "--games",
        "4",
        "--depth",
        "1",
        "--threads",
        "1",
        "--json",
    ]));
    let o = yomi(&[
        "shogi",
        "train",
        "--data",
        s(&data),
        "--out",
        s(&out),
        "--channels",
        "4",
        "--layers",
        "4",
        "--epochs",
        "3",
        "--batch",
        "16",
        "--lr",
        "1e19",
        "--threads",
        "1",
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("training diverged at step"), "{err}");
    assert!(!out.join("net.safetensors").exists());
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&out);
}
