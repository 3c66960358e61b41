//! Child process groups: a program that forks a helper and hangs, one that
//! writes to stderr without end, one that exits at once. After `kill` (or
//! drop) no process of the group is left, and the stderr kept stays within
//! its bound however much was written. Linux only: processes are looked up
//! in /proc (a zombie counts as gone: it runs nothing and holds nothing).
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader};
use std::process::Command;
use std::time::{Duration, Instant};
use yomi_core::process::{ChildGroup, STDERR_TAIL, live_groups};

/// The `/proc/PID/stat` fields after the command name: state, ppid, pgrp...
fn stat(pid: u32) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = &text[text.rfind(')')? + 1..];
    Some(rest.split_whitespace().map(String::from).collect())
}

fn running(pid: u32) -> bool {
    yomi_core::process::is_running(pid)
}

/// The running processes of process group `pgid`.
fn members(pgid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<u32>().ok())
        else {
            continue;
        };
        if let Some(f) = stat(pid)
            && f[2] == pgid.to_string()
            && f[0] != "Z"
            && f[0] != "X"
        {
            found.push(pid);
        }
    }
    found
}

/// Waits up to 5 s for `done`.
fn eventually(mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    done()
}

fn sh(script: &str) -> ChildGroup {
    ChildGroup::spawn(Command::new("sh").arg("-c").arg(script)).expect("sh starts")
}

/// The first line the group writes to stdout.
fn first_line(group: &mut ChildGroup) -> String {
    let mut line = String::new();
    BufReader::new(group.take_stdout().unwrap())
        .read_line(&mut line)
        .unwrap();
    line.trim().to_string()
}

#[test]
fn a_forked_helper_dies_with_its_hanging_parent() {
    let mut group = sh("sleep 1000 & echo $!; sleep 1000");
    let helper: u32 = first_line(&mut group).parse().unwrap();
    let id = group.id();
    assert!(running(helper) && running(id));
    // The helper is in the group (the shell may have become the last sleep).
    assert!(members(id).contains(&helper), "{:?}", members(id));
    assert!(live_groups().contains(&id));
    drop(group);
    assert!(
        eventually(|| !running(helper)),
        "the helper outlived the group"
    );
    assert!(!running(id));
    // SIGKILL reaches each member on its own schedule: wait (bounded) for the last one.
    assert!(eventually(|| members(id).is_empty()), "{:?}", members(id));
    assert!(!live_groups().contains(&id), "a killed group is unlisted");
}

#[test]
fn kill_leaves_nothing_and_twice_is_harmless() {
    let mut group = sh("sleep 1000 & sleep 1000 & echo ready; wait");
    assert_eq!(first_line(&mut group), "ready");
    let id = group.id();
    group.kill();
    assert!(eventually(|| members(id).is_empty()), "{:?}", members(id));
    group.kill();
    assert!(group.wait_stderr_closed(Duration::from_secs(5)));
}

#[test]
fn stderr_written_without_end_keeps_only_its_tail() {
    // 10 MB in a burst, then a last line, then the program keeps writing.
    let group = sh("yes err | head -c 10000000 1>&2; echo last words 1>&2; yes more 1>&2");
    assert!(eventually(|| group.stderr().total > 10_000_000));
    let tail = group.stderr();
    assert!(
        tail.text.len() <= STDERR_TAIL,
        "{} bytes kept",
        tail.text.len()
    );
    let id = group.id();
    drop(group);
    assert!(eventually(|| members(id).is_empty()), "{:?}", members(id));
}

#[test]
fn stderr_is_complete_once_the_group_is_gone() {
    let mut group = sh("yes err | head -c 100000 1>&2; echo 'bad move 7g7e' 1>&2; echo done");
    assert_eq!(first_line(&mut group), "done");
    group.kill();
    assert!(group.wait_stderr_closed(Duration::from_secs(5)));
    let tail = group.stderr();
    assert_eq!(tail.total, 100_000 + "bad move 7g7e\n".len() as u64);
    assert_eq!(tail.text.len(), STDERR_TAIL);
    assert_eq!(tail.last_line(), Some("bad move 7g7e"));
}

#[test]
fn a_program_that_exits_at_once_is_reaped_and_unlisted() {
    let mut group = sh("echo bye 1>&2; exit 3");
    let id = group.id();
    assert!(group.wait_stderr_closed(Duration::from_secs(5)));
    assert_eq!(group.stderr().last_line(), Some("bye"));
    group.kill();
    assert!(stat(id).is_none(), "the leader was reaped");
    assert!(!live_groups().contains(&id));
}

#[test]
fn a_program_that_cannot_start_is_an_error() {
    let e = ChildGroup::spawn(&mut Command::new("/nonexistent/yomi-bot")).err();
    assert_eq!(e.map(|e| e.kind()), Some(std::io::ErrorKind::NotFound));
}
