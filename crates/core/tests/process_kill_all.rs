//! `kill_all`, yomi's last act on its exit paths, in a test binary of its
//! own (it refuses every later spawn in the process): every listed group
//! dies, helpers included, and no new child starts afterwards.
#![cfg(target_os = "linux")]

use std::io::{BufRead, BufReader};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use yomi_core::process::{ChildGroup, kill_all, live_groups, on_first_spawn};

fn running(pid: u32) -> bool {
    yomi_core::process::is_running(pid)
}

static HOOK_RUNS: AtomicUsize = AtomicUsize::new(0);

fn count_hook() {
    HOOK_RUNS.fetch_add(1, Ordering::SeqCst);
}

#[test]
fn kill_all_kills_every_group_and_refuses_new_ones() {
    on_first_spawn(count_hook);
    let mut groups = Vec::new();
    let mut helpers = Vec::new();
    for _ in 0..3 {
        let mut g = ChildGroup::spawn(
            Command::new("sh")
                .arg("-c")
                .arg("sleep 1000 & echo $!; sleep 1000"),
        )
        .unwrap();
        let mut line = String::new();
        BufReader::new(g.take_stdout().unwrap())
            .read_line(&mut line)
            .unwrap();
        helpers.push(line.trim().parse::<u32>().unwrap());
        helpers.push(g.id());
        groups.push(g);
    }
    assert_eq!(HOOK_RUNS.load(Ordering::SeqCst), 1, "the hook runs once");
    assert_eq!(live_groups().len(), 3);
    kill_all();
    let deadline = Instant::now() + Duration::from_secs(5);
    while helpers.iter().any(|&p| running(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let left: Vec<u32> = helpers.iter().copied().filter(|&p| running(p)).collect();
    assert!(left.is_empty(), "still running: {left:?}");
    let refused = ChildGroup::spawn(&mut Command::new("true")).err().unwrap();
    assert!(refused.to_string().contains("exiting"), "{refused}");
    drop(groups);
    assert!(live_groups().is_empty());
}
