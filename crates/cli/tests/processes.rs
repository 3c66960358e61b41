//! How `yomi` ends: no bot it started survives it (after a disqualification,
//! after Ctrl-C or SIGTERM, with the conventional exit codes), and a stdout
//! closed early (`| head`) ends any command quietly with exit code 0.
//! Linux only (/proc, `kill`).
#![cfg(target_os = "linux")]

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-cli-proc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn running(pid: u32) -> bool {
    yomi_core::process::is_running(pid)
}

fn pids(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect()
}

/// A bot that writes its shell's pid and a helper's to `file`, then hangs.
fn hanging_bot(file: &Path) -> String {
    let f = file.display();
    format!("cmd:sleep 1000 & echo $! > {f}.tmp; echo $$ >> {f}.tmp; mv {f}.tmp {f}; sleep 1000")
}

/// Waits up to `secs` for `done`.
fn eventually(secs: u64, mut done: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < deadline {
        if done() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done()
}

fn assert_gone(case: &str, pids: &[u32]) {
    assert_eq!(pids.len(), 2, "{case}: the bot wrote {pids:?}");
    // Killed processes leave at once; a moment for the kernel to reap them.
    let _ = eventually(2, || pids.iter().all(|&p| !running(p)));
    let alive: Vec<u32> = pids.iter().copied().filter(|&p| running(p)).collect();
    assert!(alive.is_empty(), "{case}: {alive:?} outlived yomi");
}

#[test]
fn a_disqualified_bot_and_its_helper_do_not_outlive_the_game() {
    let dir = scratch("dq");
    let file = dir.join("pids");
    let out = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args([
            "xmasrush",
            "play",
            "--b",
            "greedy",
            "--first-limit",
            "700ms",
        ])
        .args(["--a", &hanging_bot(&file)])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("player 0 disqualified: timeout"),
        "{stdout}"
    );
    assert_gone("disqualified", &pids(&file));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bot_that_spams_stderr_costs_yomi_neither_output_nor_disk() {
    // The bot: 10 MB of stderr, no answer. It used to pass straight
    // through to yomi's stderr (33 GB in a minute when redirected to a file).
    let out = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args([
            "xmasrush",
            "play",
            "--b",
            "greedy",
            "--first-limit",
            "500ms",
        ])
        .args(["--a", "cmd:yes err 1>&2 | head -c 10000000 1>&2"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("player 0 disqualified: "), "{stdout}");
    assert!(
        stdout.contains("(last stderr line: err)"),
        "the message quotes the end of its stderr: {stdout}"
    );
    assert!(
        out.stderr.len() < 1000,
        "{} bytes of the bot's stderr reached yomi's",
        out.stderr.len()
    );
}

/// Starts `yomi xmasrush play` against a hanging bot with a long first
/// limit, waits for the bot, sends `signal` to yomi, and checks the exit code.
fn interrupted(signal: &str, code: i32) {
    let dir = scratch(signal);
    let file = dir.join("pids");
    let mut yomi = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(["xmasrush", "play", "--b", "greedy", "--first-limit", "60s"])
        .args(["--a", &hanging_bot(&file)])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    assert!(eventually(10, || file.exists()), "the bot did not start");
    let sent = Command::new("kill")
        .args([signal, &yomi.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let status = wait_at_most(&mut yomi, 10);
    assert_eq!(status, Some(code), "{signal}");
    assert_gone(signal, &pids(&file));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The exit code of `child` within `secs` (killed and failed otherwise).
fn wait_at_most(child: &mut Child, secs: u64) -> Option<i32> {
    let deadline = Instant::now() + Duration::from_secs(secs);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("yomi did not exit within {secs} s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn ctrl_c_kills_the_bots_and_exits_130() {
    interrupted("-INT", 130);
}

#[test]
fn sigterm_kills_the_bots_and_exits_143() {
    interrupted("-TERM", 143);
}

/// Runs yomi with `args` and `stdin`, its stdout closed before it writes
/// anything (a reader that went away), and returns its exit code and stderr.
fn closed_stdout(args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    {
        use std::io::Write;
        let mut input = child.stdin.take().unwrap();
        let _ = input.write_all(stdin.as_bytes());
    }
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    (wait_at_most(&mut child, 60), stderr)
}

#[test]
fn every_command_ends_quietly_when_stdout_is_closed() {
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\n".repeat(50);
    let cases: [(&[&str], &str); 8] = [
        (&["shogi", "perft", "3", "--divide"], ""),
        (&["xmasrush", "export"], ""),
        (&["freecell", "deal", "1..200"], ""),
        (&["strategies"], ""),
        (&["party", "battle", "--games", "1", "--log"], ""),
        (&["shogi", "moves", "--batch"], &sfen),
        (&["deck", "generate", "--pieces", "300"], ""),
        (&["solve", "tictactoe"], ""),
    ];
    for (args, stdin) in cases {
        let (code, stderr) = closed_stdout(args, stdin);
        assert_eq!(code, Some(0), "yomi {}: {stderr}", args.join(" "));
        assert_eq!(stderr, "", "yomi {}", args.join(" "));
    }
}
