//! Clocked matches against scripted fake USI engines (shell scripts): a
//! resigning engine, one that crashes, one that plays an illegal move, one
//! that answers too late and one that never answers; each loss is counted
//! in its own column and the CSA records say how each game ended. A
//! journaled match killed mid-write continues where it stopped; a record
//! that cannot be written stops the match before its pair is journaled.
//! The resign rule ends a game only when both engines' scores agree.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use yomi_arena::{MatchConfig, MatchJournal, Openings, ResignRule, TimeControl};
use yomi_search::StrategySpec;
use yomi_shogi::record::Csa;
use yomi_shogi::{DeclarationRule, ShogiGame};
use yomi_shogi_match::{
    EngineSpec, MatchError, PlayerSpec, ShogiMatchConfig, ShogiMatchReport, run_shogi_match,
};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("yomi-client-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A scripted engine at `dir/file` named `name`: it answers `usi`, `isready`
/// and `quit`, and runs the shell `case` arms `arms` (e.g. `go*) ...;;`).
fn script_engine(dir: &Path, file: &str, name: &str, arms: &str) -> PlayerSpec {
    let path = dir.join(file);
    let script = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    usi) echo 'id name {name}'; echo usiok;;\n    isready) echo readyok;;\n    {arms}\n    quit) exit 0;;\n  esac\ndone\n"
    );
    std::fs::write(&path, script).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let spec: EngineSpec = format!("usi:{}", path.display()).parse().unwrap();
    PlayerSpec::Usi(spec)
}

/// A fake engine whose answer to `go` is the shell snippet `on_go`.
fn fake_engine(dir: &Path, on_go: &str) -> PlayerSpec {
    script_engine(dir, "engine.sh", "fake", &format!("go*) {on_go};;"))
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
            threads: 1,
            openings: Openings::Random { plies: 0 },
            seed: 3,
            max_plies: Some(max_plies),
            clock: Some(control),
            ..MatchConfig::new(2)
        },
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
    text.parse::<Csa>().expect("records read back");
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
        let Csa(record) = text.parse().unwrap();
        let moves = record.moves;
        assert!(!moves.is_empty() && moves.len() <= 60);
    }
}

/// The results ("Win"/"Draw"/"Loss" for A) of both games of a journal line.
fn line_results(line: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(line).unwrap();
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["result"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_journaled_match_continues_where_it_stopped() {
    let dir = scratch("journal");
    let path = dir.join("match.jsonl");
    let mut cfg = config(&dir.join("records"), byoyomi(1000), 300);
    cfg.arena.games = 8;
    cfg.arena.journal = Some(MatchJournal {
        path: path.clone(),
        players: ["random".to_string(), "random".to_string()],
    });
    let play = |cfg: &ShogiMatchConfig, seen: &std::sync::Mutex<Vec<u32>>| {
        run_shogi_match(&random_player(), &random_player(), cfg, &|p| {
            seen.lock().unwrap().push(p.games_done)
        })
    };
    let seen = std::sync::Mutex::new(Vec::new());
    let full = play(&cfg, &seen).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "a header and four pairs:\n{text}");
    // Pairs 0 and 1 edited to A winning everything (so a replay of them
    // would show), pair 2 cut in the middle as a kill mid-write leaves it.
    let won = |l: &str| {
        l.replace("\"Draw\"", "\"Win\"")
            .replace("\"Loss\"", "\"Win\"")
    };
    let torn = format!(
        "{}\n{}\n{}\n{}",
        lines[0],
        won(lines[1]),
        won(lines[2]),
        &lines[3][..lines[3].len() / 2]
    );
    std::fs::write(&path, torn).unwrap();
    let seen = std::sync::Mutex::new(Vec::new());
    let resumed = play(&cfg, &seen).unwrap();
    assert_eq!(
        seen.lock().unwrap().first(),
        Some(&4),
        "two pairs taken from the journal"
    );
    let later_wins = lines[3..]
        .iter()
        .flat_map(|l| line_results(l))
        .filter(|r| r == "Win")
        .count() as u32;
    assert_eq!(resumed.report.wins, 4 + later_wins);
    assert_eq!(
        resumed.report.wins + resumed.report.draws + resumed.report.losses,
        8
    );
    let again = std::fs::read_to_string(&path).unwrap();
    let again: Vec<&str> = again.lines().collect();
    assert_eq!(again.len(), 5, "the torn line was replaced, not kept");
    for k in 3..5 {
        assert_eq!(
            line_results(again[k]),
            line_results(lines[k]),
            "pair {} replayed alike",
            k - 1
        );
    }
    assert_eq!(full.report.wins + full.report.draws + full.report.losses, 8);

    // The same file with another seed is another match: refused, untouched.
    let mut other = cfg.clone();
    other.arena.seed = 4;
    let err = play(&other, &seen).unwrap_err();
    assert!(matches!(err, MatchError::Journal(_)), "{err}");
    assert!(
        err.to_string().contains("its seed is 3, this match's is 4"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 5);
    // So is the same match under a resign rule: it would end games sooner.
    let mut other = cfg.clone();
    other.arena.resign = Some(ResignRule { moves: 3, cp: 1000 });
    let err = play(&other, &seen).unwrap_err().to_string();
    assert!(
        err.contains("its resign is missing, this match's is \"1000 cp for 3 moves\""),
        "{err}"
    );

    // A whole line that is not a pair is an error naming the line.
    let mut broken: Vec<String> = again.iter().map(|l| l.to_string()).collect();
    broken[2] = "{\"pair\": 1, \"games\": 7}".to_string();
    std::fs::write(&path, broken.join("\n") + "\n").unwrap();
    let err = play(&cfg, &seen).unwrap_err().to_string();
    assert!(err.contains("match.jsonl:3: not a pair line"), "{err}");
}

#[test]
fn a_record_that_cannot_be_written_stops_the_match_before_its_journal_line() {
    let dir = scratch("unwritable");
    let records = dir.join("records");
    // A directory where the first record goes: the rename onto it fails.
    std::fs::create_dir_all(records.join("game-00000.csa")).unwrap();
    let path = dir.join("match.jsonl");
    let mut cfg = config(&records, TimeControl::Nodes(1000), 60);
    cfg.arena.journal = Some(MatchJournal {
        path: path.clone(),
        players: ["random".to_string(), "random".to_string()],
    });
    let err = run_shogi_match(&random_player(), &random_player(), &cfg, &|_| {}).unwrap_err();
    assert!(matches!(err, MatchError::Records { .. }), "{err}");
    assert!(err.to_string().contains("game-00000.csa"), "{err}");
    // Only the journal's header: the pair will be played again on a rerun.
    let journal = std::fs::read_to_string(&path).unwrap();
    assert_eq!(journal.lines().count(), 1, "{journal}");
    // And nothing half-written beside the records.
    let mut names: Vec<String> = std::fs::read_dir(&records)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["game-00000.csa"]);
}

/// A fake engine that plays the next move of a fixed legal line from the
/// start position and reports `score cp {score}` before it.
fn line_engine(dir: &Path, file: &str, score: i32) -> PlayerSpec {
    let line = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d";
    let arms = format!(
        "position*) pos=\"$line\";;\n    go*) set -- $pos; n=$(($# - 3)); [ $n -lt 0 ] && n=0; set -- {line}; shift $n; echo \"info depth 1 score cp {score} pv $1\"; echo \"bestmove $1\";;"
    );
    script_engine(dir, file, file, &arms)
}

/// Plays the fixed line between engines scoring `scores` (A, B) for 8
/// plies under `resign`.
fn line_match(
    name: &str,
    scores: [i32; 2],
    resign: Option<ResignRule>,
) -> (ShogiMatchReport, PathBuf) {
    let dir = scratch(name);
    let a = line_engine(&dir, "a.sh", scores[0]);
    let b = line_engine(&dir, "b.sh", scores[1]);
    let records = dir.join("records");
    let mut cfg = config(&records, byoyomi(1000), 8);
    cfg.arena.resign = resign;
    (run_shogi_match(&a, &b, &cfg, &|_| {}).unwrap(), records)
}

#[test]
fn the_resign_rule_ends_games_both_engines_call_lost() {
    let rule = Some(ResignRule { moves: 2, cp: 1000 });
    let (r, rec) = line_match("resign-agreed", [2000, -2000], rule);
    assert_eq!((r.report.wins, r.report.draws, r.report.losses), (2, 0, 0));
    assert_eq!(r.resign_adjudicated, 2);
    assert_eq!(r.report.adjudicated_draws, 0);
    for g in 0..2 {
        assert_eq!(ending(&rec, g), "%TORYO");
        let text = std::fs::read_to_string(rec.join(format!("game-{g:05}.csa"))).unwrap();
        let Csa(record) = text.parse().unwrap();
        let moves = record.moves;
        // A first: A, B, A, B, A (B lost twice, A won three times) then B
        // to move gives up; B first: B, A, B, A.
        assert_eq!(moves.len(), if g == 0 { 5 } else { 4 }, "{text}");
        assert!(text.contains("adjudicated: both engines' scores beyond 1000 cp for 2 moves"));
    }
}

#[test]
fn the_resign_rule_needs_both_engines_and_a_rule() {
    let rule = Some(ResignRule { moves: 2, cp: 1000 });
    // Both claim to win: no agreement, so the ply limit draws.
    let (r, rec) = line_match("resign-disputed", [2000, 2000], rule);
    assert_eq!((r.report.draws, r.resign_adjudicated), (2, 0));
    assert_eq!(ending(&rec, 0), "%HIKIWAKE");
    // Scores short of the rule's: played out.
    let (r, _) = line_match("resign-short", [999, -999], rule);
    assert_eq!((r.report.draws, r.resign_adjudicated), (2, 0));
    // No rule: played out whatever the scores.
    let (r, _) = line_match("resign-none", [2000, -2000], None);
    assert_eq!((r.report.draws, r.resign_adjudicated), (2, 0));
}
