//! External bots never outlive their game: a bot that forks a helper and
//! hangs, one that writes to stderr without end, one that exits early
//! leaving a helper behind. Once a bot is disqualified its whole process
//! group is gone (before the players are dropped), the message quotes the
//! end of its stderr at a readable length, and a built-in bot's panic is a
//! disqualification, not the end of the referee. Linux only (/proc).
#![cfg(target_os = "linux")]

use std::path::PathBuf;
use std::time::{Duration, Instant};
use yomi_xmasrush::League;
use yomi_xmasrush::bots::{Bot, BotSpec};
use yomi_xmasrush::player::{External, Player};
use yomi_xmasrush::referee::{EndReason, RefereeOptions, TimeLimits, play_game};
use yomi_xmasrush::{Action, State};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-xmas-proc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn running(pid: u32) -> bool {
    yomi_core::process::is_running(pid)
}

/// The running processes whose process group is `pgid`.
fn members(pgid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse().ok()) else {
            continue;
        };
        let Ok(t) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let Some(close) = t.rfind(')') else { continue };
        let f: Vec<&str> = t[close + 1..].split_whitespace().collect();
        if f.len() > 2 && f[2] == pgid.to_string() && f[0] != "Z" && f[0] != "X" {
            found.push(pid);
        }
    }
    found
}

/// The pids a bot wrote to `file` (one a line).
fn pids(file: &PathBuf) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

fn greedy() -> Player {
    Player::builtin(
        BotSpec::parse("greedy").unwrap().build(1).unwrap(),
        League::Legend,
    )
}

fn options() -> RefereeOptions {
    RefereeOptions {
        limits: TimeLimits {
            first: Duration::from_millis(700),
            turn: Duration::from_millis(50),
        },
        ..Default::default()
    }
}

/// Plays `cmd` against greedy; checks, with the players still held, that
/// the bot was disqualified for `why` and that its group and every pid it
/// wrote to its pid file are gone; returns the message.
fn disqualified_and_gone(name: &str, cmd: &str, why: &str) -> String {
    let dir = scratch(name);
    let cmd = cmd.replace("PIDS", &dir.join("pids").display().to_string());
    let ext = External::spawn(&cmd).expect("sh starts");
    let group = ext.group_id();
    let mut players = [Player::External(ext), greedy()];
    let started = Instant::now();
    let (r, _) = play_game(&mut players, ["bot".into(), "greedy".into()], 5, options()).unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!(r.reason, EndReason::Disqualified, "{cmd}");
    let msg = r.disqualified[0].clone().unwrap();
    assert!(msg.contains(why), "{cmd}: {msg}");
    let written = pids(&dir.join("pids"));
    assert!(!written.is_empty(), "{cmd}: the bot wrote no pid in time");
    // The players are still held: the disqualification itself killed the
    // group. SIGKILL is delivered at once, but a killed process takes a
    // moment to finish exiting: give it up to 2 s (the helpers would
    // otherwise sleep 1000 s).
    let deadline = Instant::now() + Duration::from_secs(2);
    while (written.iter().any(|&p| running(p)) || !members(group).is_empty())
        && Instant::now() < deadline
    {
        std::thread::sleep(Duration::from_millis(10));
    }
    let alive: Vec<u32> = written.into_iter().filter(|&p| running(p)).collect();
    assert!(
        alive.is_empty(),
        "{cmd}: {alive:?} survived the disqualification"
    );
    assert!(members(group).is_empty(), "{cmd}: {:?}", members(group));
    drop(players);
    let _ = std::fs::remove_dir_all(&dir);
    msg
}

#[test]
fn a_bot_that_forks_a_helper_and_hangs_is_killed_with_it() {
    disqualified_and_gone(
        "hang",
        "sleep 1000 & echo $! > PIDS; echo $$ >> PIDS; sleep 1000",
        "timeout",
    );
}

#[test]
fn a_bot_that_exits_early_takes_its_helper_along() {
    // The helper's stdout goes elsewhere, so the bot's output ends with it
    // ("the program ended", whichever comes first: the exit or the input).
    // A helper that held the output open would make it a timeout.
    let msg = disqualified_and_gone(
        "early",
        "sleep 1000 >/dev/null & echo $! > PIDS; echo 'cannot read the board' 1>&2; exit 1",
        "the program ended",
    );
    assert!(
        msg.ends_with("(last stderr line: cannot read the board)"),
        "{msg}"
    );
}

#[test]
fn a_bot_that_spams_stderr_is_killed_and_quoted_briefly() {
    let msg = disqualified_and_gone(
        "spam",
        "echo $$ > PIDS; yes 'debug line that never ends' 1>&2 & echo $! >> PIDS; \
         head -c 2000000 /dev/zero | tr '\\0' x 1>&2; sleep 1000",
        "timeout",
    );
    assert!(msg.contains("last stderr line: "), "{msg}");
    assert!(msg.len() < 300, "{} bytes: {msg}", msg.len());
}

/// A built-in bot with a bug.
struct Buggy;

impl Bot for Buggy {
    fn act(&mut self, _: &State, _: usize, _: Duration) -> Action {
        panic!("bug in the bot");
    }
}

#[test]
fn a_builtin_bot_that_panics_is_disqualified_not_the_referee() {
    let mut players = [Player::builtin(Box::new(Buggy), League::Legend), greedy()];
    let (r, _) = play_game(
        &mut players,
        ["buggy".into(), "greedy".into()],
        5,
        options(),
    )
    .unwrap();
    assert_eq!(r.reason, EndReason::Disqualified);
    assert_eq!(r.scores[0], -1);
    assert_eq!(
        r.disqualified[0].as_deref(),
        Some("the bot panicked: bug in the bot")
    );
}
