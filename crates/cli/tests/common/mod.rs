//! Helpers shared by the CLI tests that run the `yomi` binary (each test
//! binary uses some of them).
#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `yomi` with `args` and returns its output.
pub fn yomi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(args)
        .output()
        .expect("yomi runs")
}

/// The one JSON object a successful run printed (stderr shown on failure).
pub fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}
