//! Clocked matches against scripted fake USI engines (shell scripts): a
//! resigning engine, one that crashes, one that plays an illegal move, one
//! that answers too late and one that never answers; each loss is counted
//! in its own column and the CSA records say how each game ended.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use yomi_arena::{MatchConfig, Openings};
use yomi_search::StrategySpec;
use yomi_shogi::{DeclarationRule, ShogiGame};
use yomi_shogi_engine::client::clock::TimeControl;
use yomi_shogi_engine::client::csa::read_csa;
use yomi_shogi_engine::client::matches::{
    PlayerSpec, ShogiMatchConfig, ShogiMatchReport, run_shogi_match,
};
use yomi_shogi_engine::client::usi::EngineSpec;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-client-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A fake engine whose answer to `go` is the shell snippet `on_go`.
fn fake_engine(dir: &Path, on_go: &str) -> PlayerSpec {
    let path = dir.join("engine.sh");
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    usi) echo 'id name fake'; echo usiok;;\n    isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    PlayerSpec::Usi(EngineSpec::parse(&format!("usi:{}", path.display())).unwrap())
}

fn random_player() -> PlayerSpec {
    let spec = StrategySpec::parse("random").unwrap();
    PlayerSpec::Builtin(Arc::new(move |seed| {
        spec.build::<ShogiGame>(Some(seed)).unwrap()
    }))
}

fn config(records: &Path, control: TimeControl, max_plies: u32) -> ShogiMatchConfig {
    ShogiMatchConfig {
        arena: MatchConfig {
            games: 2,
            threads: 1,
            openings: Openings::Random { plies: 0 },
            seed: 3,
            sprt: None,
            max_plies: Some(max_plies),
        },
        starts: Vec::new(),
        control,
        tolerance: Duration::ZERO,
        declaration: DeclarationRule::Points27,
        records: Some(records.to_path_buf()),
        record_format: Default::default(),
        handshake: Duration::from_secs(5),
    }
}

fn byoyomi(ms: u64) -> TimeControl {
    TimeControl::Byoyomi {
        main: Duration::ZERO,
        byoyomi: Duration::from_millis(ms),
    }
}

fn run(on_go: &str, name: &str, control: TimeControl) -> (ShogiMatchReport, PathBuf) {
    let dir = scratch(name);
    let a = fake_engine(&dir, on_go);
    let records = dir.join("records");
    let r = run_shogi_match(
        &a,
        &random_player(),
        &config(&records, control, 200),
        &|_| {},
    )
    .unwrap();
    (r, records)
}

fn ending(records: &Path, game: u32) -> String {
    let text = std::fs::read_to_string(records.join(format!("game-{game:05}.csa"))).unwrap();
    read_csa(&text).expect("records read back");
    text.lines()
        .find(|l| l.starts_with('%'))
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_resigning_engine_loses_without_forfeits() {
    let (r, rec) = run("echo 'bestmove resign'", "resign", byoyomi(1000));
    assert_eq!((r.report.wins, r.report.losses), (0, 2));
    assert_eq!(
        (r.time_losses, r.crashes, r.illegal_moves),
        ([0; 2], [0; 2], [0; 2])
    );
    assert_eq!(r.report.a_name, "fake");
    assert_eq!(ending(&rec, 0), "%TORYO");
    assert_eq!(ending(&rec, 1), "%TORYO");
}

#[test]
fn a_crash_is_counted_as_a_crash() {
    let (r, rec) = run("exit 3", "crash", byoyomi(1000));
    assert_eq!(r.report.losses, 2);
    assert_eq!(r.crashes, [2, 0]);
    assert_eq!(r.time_losses, [0, 0]);
    assert_eq!(ending(&rec, 0), "%CHUDAN");
}

#[test]
fn an_illegal_move_is_counted_as_illegal() {
    let (r, rec) = run("echo 'bestmove 5e5d'", "illegal", byoyomi(1000));
    assert_eq!(r.report.losses, 2);
    assert_eq!(r.illegal_moves, [2, 0]);
    assert_eq!(r.report.a_illegal_moves, 2);
    assert_eq!(ending(&rec, 1), "%ILLEGAL_MOVE");
}

#[test]
fn a_late_or_silent_engine_loses_on_time() {
    let (r, rec) = run("sleep 0.3; echo 'bestmove resign'", "late", byoyomi(100));
    assert_eq!(r.time_losses, [2, 0]);
    assert_eq!(ending(&rec, 0), "%TIME_UP");
    let (r, _) = run(":", "silent", byoyomi(50));
    assert_eq!(r.time_losses, [2, 0]);
    assert_eq!(r.report.losses, 2);
}

#[test]
fn built_in_players_finish_games_and_records_replay() {
    let dir = scratch("builtin");
    let records = dir.join("records");
    let cfg = config(&records, TimeControl::Nodes(1000), 60);
    let r = run_shogi_match(&random_player(), &random_player(), &cfg, &|_| {}).unwrap();
    assert_eq!(r.report.games, 2);
    assert_eq!(r.time_losses, [0, 0]);
    for g in 0..2 {
        let text = std::fs::read_to_string(records.join(format!("game-{g:05}.csa"))).unwrap();
        let (_, moves) = read_csa(&text).unwrap();
        assert!(!moves.is_empty() && moves.len() <= 60);
    }
}
