//! The bare executable speaks USI on stdin and stdout: it names itself, lists its
//! options, answers `isready`, and exits on `quit`.

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn answers_usi_and_isready_then_quits() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_yomi-usi"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"usi\nsetoption name USI_Hash value 16\nisready\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("id name yomi-usi "), "{text}");
    assert!(
        lines.contains(&"usiok") && lines.contains(&"readyok"),
        "{text}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Evaluation type combo default Control")),
        "{text}"
    );
}
