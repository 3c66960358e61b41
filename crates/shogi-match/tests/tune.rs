//! The tuner's shogi contest: a swept value reaches a USI engine as
//! `setoption` at the start of every game, and a bad player text is refused
//! before anything starts.

use std::path::PathBuf;
use std::time::Duration;
use yomi_arena::tune::{Contest, SweepConfig, run_sweep};
use yomi_arena::{MatchConfig, Openings, TimeControl};
use yomi_shogi::DeclarationRule;
use yomi_shogi_match::ShogiMatchConfig;
use yomi_shogi_match::tune::EngineContest;

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-shogi-tune-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn contest() -> EngineContest {
    EngineContest {
        base: ShogiMatchConfig {
            arena: MatchConfig {
                openings: Openings::Random { plies: 0 },
                max_plies: Some(40),
                clock: Some(TimeControl::Byoyomi {
                    main: Duration::ZERO,
                    byoyomi: Duration::from_millis(500),
                }),
                ..MatchConfig::new(2)
            },
            declaration: DeclarationRule::Points27,
            records: None,
            record_format: Default::default(),
            handshake: Duration::from_secs(5),
        },
    }
}

#[test]
fn a_swept_value_reaches_the_engine_as_setoption_in_every_game() {
    let dir = scratch();
    let log = dir.join("options.log");
    let engine = dir.join("engine.sh");
    // An engine that writes down every option it is given and resigns.
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    usi) echo 'id name logger'; echo usiok;;\n    isready) echo readyok;;\n    setoption*) echo \"$line\" >> {};;\n    go*) echo 'bestmove resign';;\n    quit) exit 0;;\n  esac\ndone\n",
        log.display()
    );
    std::fs::write(&engine, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&engine, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let cfg = SweepConfig {
        base: format!("usi:{},USI_Hash=16", engine.display()),
        param: "Aggression".into(),
        values: "1,3".parse().unwrap(),
        reference: "random".into(),
        pairs: 2,
        seed: 5,
        threads: 1,
        journal_dir: None,
    };
    let r = run_sweep(&contest(), &cfg, &|_| {}, &|_, _| {}).unwrap();
    // The engine resigns every game it plays.
    for p in &r.points {
        assert_eq!(p.result.wdl, [0, 0, 4], "{p:?}");
    }
    let lines = std::fs::read_to_string(&log).unwrap();
    let count = |v: u32| {
        lines
            .lines()
            .filter(|l| *l == format!("setoption name Aggression value {v}"))
            .count()
    };
    // One engine per game (and one more per bout, started for its name).
    assert!(count(1) >= 4 && count(3) >= 4, "{lines}");
    assert_eq!(count(1), count(3));
    assert!(
        lines.contains("setoption name USI_Hash value 16"),
        "the rest of the spec stays"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_bad_player_is_refused_before_any_game() {
    let c = contest();
    let e = c.check("usi:").unwrap_err().to_string();
    assert!(e.starts_with("player 'usi:'"), "{e}");
    let e = c.check("alphabeta:depht=3").unwrap_err().to_string();
    assert!(e.contains("depht"), "{e}");
    assert!(c.check("alphabeta:depth=2").is_ok());
    assert_eq!(c.describe()["game"], "shogi");
}
