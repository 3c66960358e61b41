//! USI engines never outlive their game: scripted engines that fork a
//! helper and hang on `go`, that start a stderr spammer and play on, that
//! exit early leaving a helper behind. When the match returns, no process
//! any of them started is running; a crashed engine's record quotes the end
//! of its stderr. Linux only (/proc).
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use yomi_arena::{MatchConfig, Openings, TimeControl};
use yomi_search::StrategySpec;
use yomi_shogi::{DeclarationRule, ShogiGame};
use yomi_shogi_match::{EngineSpec, PlayerSpec, ShogiMatchConfig, run_shogi_match};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-usi-proc-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn running(pid: u32) -> bool {
    yomi_core::process::is_running(pid)
}

/// An engine script in `dir` that writes its pid to `dir/pids` at start
/// and runs `on_go` (where `PIDS` is that file) for every `go`.
fn engine(dir: &Path, on_go: &str) -> PlayerSpec {
    let pids = dir.join("pids").display().to_string();
    let on_go = on_go.replace("PIDS", &pids);
    let path = dir.join("engine.sh");
    let script = format!(
        "#!/bin/sh\necho $$ >> {pids}\nwhile read line; do\n  case \"$line\" in\n    usi) echo 'id name scripted'; echo usiok;;\n    isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    let spec: EngineSpec = format!("usi:{}", path.display()).parse().unwrap();
    PlayerSpec::Usi(spec)
}

fn random_player() -> PlayerSpec {
    let spec = StrategySpec::parse("random").unwrap();
    PlayerSpec::Builtin(Arc::new(move |seed| {
        spec.build::<ShogiGame>(Some(seed)).unwrap()
    }))
}

/// Plays one pair of `on_go`'s engine against random (byoyomi 100 ms) and
/// returns every pid the engines wrote and the records' directory.
fn play(name: &str, on_go: &str) -> (Vec<u32>, PathBuf) {
    let dir = scratch(name);
    let records = dir.join("records");
    let cfg = ShogiMatchConfig {
        arena: MatchConfig {
            threads: 1,
            openings: Openings::Random { plies: 0 },
            seed: 3,
            max_plies: Some(40),
            clock: Some(TimeControl::Byoyomi {
                main: Duration::ZERO,
                byoyomi: Duration::from_millis(100),
            }),
            ..MatchConfig::new(2)
        },
        declaration: DeclarationRule::Points27,
        records: Some(records.clone()),
        record_format: Default::default(),
        handshake: Duration::from_secs(5),
    };
    let r = run_shogi_match(&engine(&dir, on_go), &random_player(), &cfg, &|_| {}).unwrap();
    assert_eq!(r.report.games, 2);
    let pids: Vec<u32> = std::fs::read_to_string(dir.join("pids"))
        .unwrap()
        .lines()
        .filter_map(|l| l.trim().parse().ok())
        .collect();
    (pids, records)
}

fn assert_all_gone(case: &str, pids: &[u32], at_least: usize) {
    assert!(pids.len() >= at_least, "{case}: pids {pids:?}");
    // A killed process takes a moment to finish exiting: up to 2 s (the
    // helpers would otherwise sleep 1000 s).
    let deadline = std::time::Instant::now() + Duration::from_secs(2);
    while pids.iter().any(|&p| running(p)) && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    let alive: Vec<u32> = pids.iter().copied().filter(|&p| running(p)).collect();
    assert!(alive.is_empty(), "{case}: {alive:?} outlived the match");
}

#[test]
fn an_engine_that_forks_and_hangs_is_killed_with_its_helper() {
    let (pids, _) = play(
        "hang",
        "sleep 1000 & echo $! >> PIDS; sleep 1000 & echo $! >> PIDS; wait",
    );
    // Two engines (one per game), each with two sleeps.
    assert_all_gone("hang", &pids, 6);
}

#[test]
fn an_engine_that_starts_a_stderr_spammer_and_plays_on_leaves_nothing() {
    let (pids, _) = play(
        "spam",
        "yes 'debug' 1>&2 & echo $! >> PIDS; echo 'bestmove resign'",
    );
    assert_all_gone("spam", &pids, 4);
}

#[test]
fn an_engine_that_exits_early_takes_its_helper_and_is_quoted() {
    let (pids, records) = play(
        "early",
        "sleep 1000 & echo $! >> PIDS; echo 'out of memory' 1>&2; exit 3",
    );
    assert_all_gone("early", &pids, 4);
    let text = std::fs::read_to_string(records.join("game-00000.csa")).unwrap();
    assert!(
        text.contains("engine exited (last stderr line: out of memory)"),
        "{text}"
    );
}
