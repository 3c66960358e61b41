//! The runner's journal, clock and resign rule on strategy matches, and
//! openings files: what every match gets from the one runner.

mod common;

use common::*;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use yomi_arena::*;
use yomi_search::{Limits, SearchReport, SearchStats, Strategy, Value};

fn quiet(_: &MatchProgress) {}

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("yomi-arena-{name}-{}.jsonl", std::process::id()))
}

/// Everything in a report that does not depend on timing.
fn outcome_part(r: &MatchReport) -> String {
    let mut v = serde_json::to_value(r).unwrap();
    let o = v.as_object_mut().unwrap();
    for timing in ["a_ms_per_move", "b_ms_per_move", "elapsed_s", "threads"] {
        o.remove(timing);
    }
    v.to_string()
}

/// A factory that counts the players it builds.
fn counted(inner: PlayerFactory<Ttt>, built: Arc<AtomicU32>) -> PlayerFactory<Ttt> {
    Arc::new(move |seed| {
        built.fetch_add(1, Ordering::Relaxed);
        inner(seed)
    })
}

#[test]
fn a_journal_resumes_a_match_where_it_stopped_and_refuses_another() {
    let path = temp("resume");
    let _ = std::fs::remove_file(&path);
    let cfg = MatchConfig {
        seed: 21,
        threads: 2,
        openings: Openings::Random { plies: 2 },
        journal: Some(MatchJournal {
            path: path.clone(),
            players: ["tactician".into(), "random".into()],
        }),
        ..MatchConfig::new(20)
    };
    let whole = run_match(&tactician(), &random(), &cfg, &quiet).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 11, "a header and 10 pairs");
    assert!(
        lines[0].contains("\"format\":\"yomi match journal 1\""),
        "{}",
        lines[0]
    );
    assert!(lines[0].contains("\"game\":\"ttt\""), "{}", lines[0]);

    // Stopped after 4 pairs, with a torn fifth line: the rerun plays the
    // other 6 pairs only, and reports the same match.
    let kept: String = lines[..5].iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&path, format!("{kept}{{\"pair\":4,\"gam")).unwrap();
    let built = Arc::new(AtomicU32::new(0));
    let resumed = run_match(
        &counted(tactician(), built.clone()),
        &random(),
        &cfg,
        &quiet,
    )
    .unwrap();
    assert_eq!(outcome_part(&resumed), outcome_part(&whole));
    // One player per game played (12) plus one asked for its name.
    assert_eq!(built.load(Ordering::Relaxed), 13);
    // The same journal, but for the times of the replayed games.
    let untimed = |t: &str| -> Vec<String> {
        t.lines()
            .map(|l| {
                let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
                for g in v["games"].as_array_mut().into_iter().flatten() {
                    g.as_object_mut().unwrap().remove("time_us");
                }
                v.to_string()
            })
            .collect()
    };
    assert_eq!(
        untimed(&std::fs::read_to_string(&path).unwrap()),
        untimed(&text)
    );

    // A finished journal is reported again without playing anything.
    let built = Arc::new(AtomicU32::new(0));
    let again = run_match(
        &counted(tactician(), built.clone()),
        &random(),
        &cfg,
        &quiet,
    )
    .unwrap();
    assert_eq!(outcome_part(&again), outcome_part(&whole));
    assert_eq!(built.load(Ordering::Relaxed), 1);

    // Another seed is another match.
    let other = MatchConfig { seed: 22, ..cfg };
    let e = run_match(&tactician(), &random(), &other, &quiet).unwrap_err();
    assert!(
        matches!(e, ArenaError::Journal(JournalError::Mismatch { ref field, .. }) if field == "seed"),
        "{e}"
    );
    std::fs::remove_file(&path).unwrap();
}

/// Sleeps before moving, or records the limits it was given.
struct Sleeper(Duration);

impl Strategy<Ttt> for Sleeper {
    fn name(&self) -> String {
        "sleeper".into()
    }
    fn choose(&mut self, state: &Ttt) -> SearchReport<u8> {
        std::thread::sleep(self.0);
        let mut moves = Vec::new();
        yomi_search::Game::legal_moves(state, &mut moves);
        SearchReport::just(moves[0], SearchStats::default())
    }
}

struct LimitsLog(Arc<Mutex<Vec<Limits>>>);

impl Strategy<Ttt> for LimitsLog {
    fn name(&self) -> String {
        "limits-log".into()
    }
    fn choose(&mut self, state: &Ttt) -> SearchReport<u8> {
        self.choose_within(state, &Limits::NONE)
    }
    fn choose_within(&mut self, state: &Ttt, limits: &Limits) -> SearchReport<u8> {
        self.0.lock().unwrap().push(*limits);
        let mut moves = Vec::new();
        yomi_search::Game::legal_moves(state, &mut moves);
        SearchReport::just(moves[0], SearchStats::default())
    }
}

#[test]
fn under_a_clock_a_late_move_loses_on_time_and_players_are_told_their_limits() {
    let sleeper: PlayerFactory<Ttt> = Arc::new(|_| Box::new(Sleeper(Duration::from_millis(30))));
    let cfg = MatchConfig {
        threads: 2,
        clock: Some(TimeControl::Byoyomi {
            main: Duration::ZERO,
            byoyomi: Duration::from_millis(5),
        }),
        ..MatchConfig::new(4)
    };
    let r = run_clocked_match(&sleeper, &first_legal(), &cfg, &quiet).unwrap();
    assert_eq!((r.report.losses, r.time_losses), (4, [4, 0]));
    assert_eq!(r.time_control, "byoyomi 5 ms");
    assert!(
        r.to_string().contains("forfeits (A / B): time 4 / 0"),
        "{r}"
    );
    // Forgiven lateness.
    let lenient = MatchConfig {
        tolerance: Duration::from_secs(5),
        ..cfg.clone()
    };
    let r = run_clocked_match(&sleeper, &first_legal(), &lenient, &quiet).unwrap();
    assert_eq!(r.time_losses, [0, 0]);

    let log = Arc::new(Mutex::new(Vec::new()));
    let seen = log.clone();
    let logger: PlayerFactory<Ttt> = Arc::new(move |_| Box::new(LimitsLog(seen.clone())));
    run_clocked_match(&logger, &first_legal(), &cfg, &quiet).unwrap();
    let given = log.lock().unwrap().clone();
    assert!(!given.is_empty());
    for l in &given {
        assert_eq!(
            l.time,
            Some(Duration::from_micros(4500)),
            "nine tenths of 5 ms"
        );
        assert_eq!(
            l.clock.unwrap().per_move,
            yomi_search::PerMove::Byoyomi(Duration::from_millis(5))
        );
    }
    let nodes = MatchConfig {
        clock: Some(TimeControl::Nodes(777)),
        ..cfg
    };
    log.lock().unwrap().clear();
    run_clocked_match(&logger, &first_legal(), &nodes, &quiet).unwrap();
    assert!(
        log.lock()
            .unwrap()
            .iter()
            .all(|l| l.nodes == Some(777) && l.time.is_none())
    );
    // Without a clock, strategies keep their own budgets.
    log.lock().unwrap().clear();
    run_match(&logger, &first_legal(), &MatchConfig::new(2), &quiet).unwrap();
    assert!(log.lock().unwrap().iter().all(Limits::is_none));
}

/// Reports a fixed score for its own side whatever it plays.
struct Confident(i32);

impl Strategy<Ttt> for Confident {
    fn name(&self) -> String {
        format!("confident({})", self.0)
    }
    fn choose(&mut self, state: &Ttt) -> SearchReport<u8> {
        let mut moves = Vec::new();
        yomi_search::Game::legal_moves(state, &mut moves);
        SearchReport {
            value: Some(Value::Score(self.0)),
            ..SearchReport::just(moves[0], SearchStats::default())
        }
    }
}

#[test]
fn the_resign_rule_ends_games_both_players_score_as_decided() {
    let winner: PlayerFactory<Ttt> = Arc::new(|_| Box::new(Confident(900)));
    let loser: PlayerFactory<Ttt> = Arc::new(|_| Box::new(Confident(-900)));
    let cfg = MatchConfig {
        resign: Some("2,500".parse().unwrap()),
        ..MatchConfig::new(4)
    };
    let r = run_clocked_match(&winner, &loser, &cfg, &quiet).unwrap();
    assert_eq!((r.report.wins, r.resign_adjudicated), (4, 4));
    // Both runs must reach two moves, and only the side to move is given
    // up: after ply 5 when the winner moves first (its third move), after
    // ply 4 when the loser does.
    assert_eq!(r.report.mean_plies, 4.5);
    // One-sided confidence never ends a game.
    let r = run_clocked_match(&winner, &winner, &cfg, &quiet).unwrap();
    assert_eq!(r.resign_adjudicated, 0);
}

#[test]
fn openings_files_name_the_line() {
    let run = |text: &str| {
        run_match(
            &first_legal::<Ttt>(),
            &first_legal(),
            &MatchConfig {
                openings: Openings::File(text.to_string()),
                ..MatchConfig::new(4)
            },
            &quiet,
        )
    };
    let e = run("# two openings\n4\n\n0 9\n").unwrap_err();
    assert!(e.to_string().starts_with("line 4, move 2 ('9')"), "{e}");
    assert!(matches!(run("# none\n\n"), Err(ArenaError::NoOpenings)));
    // Ttt's openings are moves only: a `position` line is refused, naming it.
    let e = run("position XO....... moves 4\n").unwrap_err();
    assert!(
        e.to_string().starts_with("line 1, move 1 ('position')"),
        "{e}"
    );
    assert!(run("4 0\n0 4 # comment\n").is_ok());
}
