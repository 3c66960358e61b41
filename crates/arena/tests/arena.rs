//! End-to-end checks of `run_match` on tiny games defined in `common`.

mod common;

use common::*;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use yomi_arena::*;
use yomi_search::Game;

fn cfg(games: u32, seed: u64) -> MatchConfig {
    MatchConfig {
        seed,
        threads: 2,
        ..MatchConfig::new(games)
    }
}

fn quiet(_: &MatchProgress) {}

/// Everything in a report that must not depend on timing or thread count.
fn outcome_part(r: &MatchReport) -> String {
    let mut v = serde_json::to_value(r).unwrap();
    let o = v.as_object_mut().unwrap();
    for timing in ["a_ms_per_move", "b_ms_per_move", "elapsed_s", "threads"] {
        assert!(o.remove(timing).is_some(), "{timing}");
    }
    v.to_string()
}

#[test]
fn seats_are_swapped_within_every_pair() {
    // In FirstWins whoever moves first wins. With seats swapped every pair is
    // one win and one loss for A; a runner that forgot to swap would give A
    // all wins (or all losses).
    let r = run_match(
        &first_legal::<FirstWins>(),
        &first_legal(),
        &cfg(20, 1),
        &quiet,
    )
    .unwrap();
    assert_eq!(
        (r.games, r.pairs, r.wins, r.draws, r.losses),
        (20, 10, 10, 0, 10)
    );
    assert_eq!(r.pentanomial, [0, 0, 10, 0, 0]);
    assert_eq!(r.score, 0.5);
    assert_eq!(r.elo, 0.0);
    assert_eq!(
        r.elo_error, 0.0,
        "paired results without spread have no pentanomial error"
    );
    assert!(r.elo_error_trinomial > 100.0);
    assert_eq!(r.mean_plies, 1.0);
}

#[test]
fn first_legal_against_random_uses_one_opening_per_pair_and_both_seats() {
    let (log_a, log_b): (Log, Log) = Default::default();
    let a = recorded(first_legal::<Ttt>(), log_a.clone());
    let b = recorded(random::<Ttt>(), log_b.clone());
    let config = MatchConfig {
        openings: Openings::Random { plies: 2 },
        ..cfg(40, 99)
    };
    let r = run_match(&a, &b, &config, &quiet).unwrap();
    assert_eq!(r.games, 40);
    assert_eq!(r.wins + r.draws + r.losses, 40);
    assert_eq!(r.pentanomial.iter().sum::<u32>(), 20);
    // Pentanomial buckets hold exactly the games' points: Σ bucket·count = 2W + D.
    let half_points: u32 = r
        .pentanomial
        .iter()
        .enumerate()
        .map(|(k, &n)| k as u32 * n)
        .sum();
    assert_eq!(half_points, 2 * r.wins + r.draws);
    assert_eq!(r.a_name, "first-legal");
    assert_eq!(r.b_name, "random-mover");

    // Map every player built back to its game through the documented seeds.
    let seen = |log: &Log, side: Side| -> HashMap<u64, common::Seen> {
        let by_seed: HashMap<u64, common::Seen> = log
            .lock()
            .unwrap()
            .iter()
            .map(|s| (s.seed, s.clone()))
            .collect();
        assert_eq!(by_seed.len(), 40, "one fresh player per game");
        (0..40)
            .map(|g| (g, by_seed[&player_seed(99, g, side)].clone()))
            .collect()
    };
    let (sa, sb) = (seen(&log_a, Side::A), seen(&log_b, Side::B));
    for pair in 0..20u64 {
        let (g0, g1) = (2 * pair, 2 * pair + 1);
        // After a 2-ply opening seat 0 is to move: A in game 2p, B in game 2p + 1.
        let first_a = &sa[&g0].decisions[0];
        let first_b = &sb[&g1].decisions[0];
        assert_eq!(first_a.0, 0);
        assert_eq!(first_b.0, 0);
        assert_eq!(
            first_a.1, first_b.1,
            "pair {pair}: both games start from the same opening"
        );
        assert_eq!(first_a.1.chars().filter(|&c| c != '.').count(), 2);
        assert!(sa[&g0].decisions.iter().all(|d| d.0 == 0));
        assert!(sa[&g1].decisions.iter().all(|d| d.0 == 1));
        assert!(sb[&g0].decisions.iter().all(|d| d.0 == 1));
    }
    // Random openings differ between pairs.
    let openings: std::collections::HashSet<String> = (0..20)
        .map(|p| sa[&(2 * p)].decisions[0].1.clone())
        .collect();
    assert!(openings.len() > 5, "{openings:?}");
}

#[test]
fn same_seed_same_report_on_any_thread_count() {
    let config = MatchConfig {
        openings: Openings::Random { plies: 1 },
        ..cfg(60, 7)
    };
    let one = run_match(
        &tactician(),
        &random(),
        &MatchConfig {
            threads: 1,
            ..config.clone()
        },
        &quiet,
    )
    .unwrap();
    let two = run_match(&tactician(), &random(), &config, &quiet).unwrap();
    assert_eq!(outcome_part(&one), outcome_part(&two));
    assert_eq!((one.threads, two.threads), (1, 2));
    let other = run_match(
        &tactician(),
        &random(),
        &MatchConfig { seed: 8, ..config },
        &quiet,
    )
    .unwrap();
    assert_ne!(outcome_part(&one), outcome_part(&other));
    // The tactician is much stronger than random.
    assert!(
        one.score > 0.75 && one.elo > 150.0 && one.los > 0.99,
        "{one}"
    );
}

#[test]
fn sprt_stops_early_at_the_same_pair_regardless_of_threads() {
    let sprt = SprtConfig::new(0.0, 50.0);
    let config = MatchConfig {
        sprt: Some(sprt),
        openings: Openings::Random { plies: 1 },
        ..cfg(2000, 3)
    };
    let calls = AtomicU32::new(0);
    let last = Mutex::new(None);
    let progress = |p: &MatchProgress| {
        calls.fetch_add(1, Ordering::Relaxed);
        *last.lock().unwrap() = Some(p.clone());
    };
    let two = run_match(&tactician(), &random(), &config, &progress).unwrap();
    let one = run_match(
        &tactician(),
        &random(),
        &MatchConfig {
            threads: 1,
            ..config.clone()
        },
        &quiet,
    )
    .unwrap();
    let s = two.sprt.as_ref().unwrap();
    assert_eq!(s.sprt_result, SprtResult::H1, "{two}");
    assert!(s.stopped_early && two.games < 2000, "{two}");
    assert!(s.llr >= s.upper_bound);
    assert_eq!(outcome_part(&one), outcome_part(&two));
    // The kept prefix is where the LLR first crossed: one pair less does not decide.
    assert!(calls.load(Ordering::Relaxed) >= two.pairs);
    let last = last.lock().unwrap().clone().unwrap();
    assert!(last.games_done >= two.games && last.games_total == 2000);

    // An even match against itself, with a wide H1, is rejected.
    let sprt = SprtConfig::new(0.0, 200.0);
    let even = MatchConfig {
        sprt: Some(sprt),
        ..config
    };
    let r = run_match(&random::<Ttt>(), &random(), &even, &quiet).unwrap();
    assert_eq!(r.sprt.as_ref().unwrap().sprt_result, SprtResult::H0, "{r}");
}

#[test]
fn sprt_prefix_is_minimal() {
    // Replaying the kept pairs one fewer must leave the test undecided.
    let sprt = SprtConfig::new(0.0, 50.0);
    let config = MatchConfig {
        sprt: Some(sprt),
        openings: Openings::Random { plies: 1 },
        ..cfg(2000, 3)
    };
    let r = run_match(&tactician(), &random(), &config, &quiet).unwrap();
    let shorter = MatchConfig {
        games: r.games - 2,
        sprt: None,
        ..config
    };
    let s = run_match(&tactician(), &random(), &shorter, &quiet).unwrap();
    let penta = Pentanomial(s.pentanomial);
    assert_eq!(
        sprt.decide(sprt.llr_pentanomial(&penta)),
        SprtResult::Continue
    );
}

#[test]
fn given_openings_are_validated_and_cycled() {
    let list = |v: &[&[&str]]| Openings::List(v.iter().map(|o| o.join(" ")).collect());
    let run = |openings| {
        run_match(
            &first_legal::<Ttt>(),
            &first_legal(),
            &MatchConfig {
                openings,
                ..cfg(8, 0)
            },
            &quiet,
        )
    };

    let err = run(list(&[&["4"], &["0", "0"]])).unwrap_err();
    match &err {
        ArenaError::BadOpeningMove {
            opening, ply, text, ..
        } => assert_eq!(
            (*opening, *ply, text.as_str()),
            (OpeningId::Index(1), 2, "0")
        ),
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string().starts_with("opening 1, move 2 ('0')"),
        "{err}"
    );
    assert!(matches!(
        run(list(&[&["x"]])),
        Err(ArenaError::BadOpeningMove {
            opening: OpeningId::Index(0),
            ply: 1,
            ..
        })
    ));
    // X takes the top row: the game is over after 5 plies.
    assert!(matches!(
        run(list(&[&["0", "3", "1", "4", "2"]])),
        Err(ArenaError::OpeningEndsGame {
            opening: OpeningId::Index(0),
            plies: 5
        })
    ));
    assert!(matches!(
        run(list(&[&["0", "3", "1", "4", "2", "5"]])),
        Err(ArenaError::OpeningEndsGame { plies: 5, .. })
    ));
    assert!(matches!(
        run(Openings::List(vec![])),
        Err(ArenaError::NoOpenings)
    ));

    // Two openings over four pairs: pairs alternate between them.
    let log: Log = Default::default();
    let a = recorded(first_legal::<Ttt>(), log.clone());
    let config = MatchConfig {
        openings: list(&[&["4"], &["0"]]),
        ..cfg(8, 5)
    };
    run_match(&a, &first_legal(), &config, &quiet).unwrap();
    let by_seed: HashMap<u64, Seen> = log
        .lock()
        .unwrap()
        .iter()
        .map(|s| (s.seed, s.clone()))
        .collect();
    for pair in 0..4u64 {
        // A is second in game 2p + 1, so its first decision sees the opening.
        let start = &by_seed[&player_seed(5, 2 * pair + 1, Side::A)].decisions[0].1;
        let want = if pair % 2 == 0 {
            "....X...."
        } else {
            "X........"
        };
        assert_eq!(start, want, "pair {pair}");
    }
}

#[test]
fn random_openings_never_end_the_game_and_impossible_lengths_fail() {
    let log: Log = Default::default();
    let b = recorded(random::<Ttt>(), log.clone());
    let config = MatchConfig {
        openings: Openings::Random { plies: 8 },
        ..cfg(40, 11)
    };
    let r = run_match(&random(), &b, &config, &quiet).unwrap();
    assert_eq!(r.games, 40);
    // Exactly one ply remains after an 8-ply opening, so games last 9 plies.
    assert_eq!(r.mean_plies, 9.0);
    let err = run_match(
        &random::<Ttt>(),
        &random(),
        &MatchConfig {
            openings: Openings::Random { plies: 9 },
            ..cfg(4, 0)
        },
        &quiet,
    )
    .unwrap_err();
    assert!(
        matches!(err, ArenaError::RandomOpeningUnavailable { plies: 9, .. }),
        "{err}"
    );
    // Same seed, same opening.
    let o1 = random_opening::<Ttt>(5, 42).unwrap();
    let o2 = random_opening::<Ttt>(5, 42).unwrap();
    assert_eq!(o1.moves, o2.moves);
}

#[test]
fn ply_limit_adjudicates_draws() {
    // Nobody can complete a line in 4 plies.
    let config = MatchConfig {
        max_plies: Some(4),
        ..cfg(10, 2)
    };
    let r = run_match(&tactician(), &random(), &config, &quiet).unwrap();
    assert_eq!(
        (r.wins, r.draws, r.losses, r.adjudicated_draws),
        (0, 10, 0, 10)
    );
    assert_eq!(r.draw_ratio, 1.0);
    assert_eq!(r.pentanomial, [0, 0, 5, 0, 0]);
    let bad = MatchConfig {
        max_plies: Some(2),
        openings: Openings::Random { plies: 2 },
        ..cfg(10, 2)
    };
    assert!(matches!(
        run_match(&tactician(), &random(), &bad, &quiet),
        Err(ArenaError::MaxPliesTooSmall {
            max_plies: 2,
            opening_plies: 2
        })
    ));
}

#[test]
fn illegal_moves_forfeit_the_game() {
    let cheater: PlayerFactory<Ttt> =
        Arc::new(|_| Box::new(Cheater) as Box<dyn yomi_search::Strategy<Ttt>>);
    let r = run_match(&cheater, &random(), &cfg(6, 0), &quiet).unwrap();
    assert_eq!(
        (
            r.wins,
            r.draws,
            r.losses,
            r.a_illegal_moves,
            r.b_illegal_moves
        ),
        (0, 0, 6, 6, 0)
    );
    let r = run_match(&random(), &cheater, &cfg(6, 0), &quiet).unwrap();
    assert_eq!((r.wins, r.b_illegal_moves), (6, 6));
}

#[test]
fn odd_and_zero_game_counts() {
    let r = run_match(&random::<Ttt>(), &random(), &cfg(5, 0), &quiet).unwrap();
    assert_eq!((r.games, r.games_scheduled, r.pairs), (6, 6, 3));

    let r = run_match(&first_legal::<Ttt>(), &random(), &cfg(0, 0), &quiet).unwrap();
    assert_eq!((r.games, r.pairs), (0, 0));
    assert!(r.score.is_nan() && r.elo.is_nan());
    assert_eq!(r.los, 0.5);
    assert_eq!(r.a_name, "first-legal");
    let json = serde_json::to_value(&r).unwrap();
    assert!(json["elo"].is_null() && json["elo_error"].is_null() && json["score"].is_null());
    assert!(
        json.get("llr").is_none(),
        "SPRT fields only when SPRT is on"
    );
    assert!(r.to_string().contains("Elo: undefined"), "{r}");
}

#[test]
fn json_has_the_documented_fields() {
    let config = MatchConfig {
        sprt: Some("0,10,0.05,0.1,normalized".parse().unwrap()),
        ..cfg(20, 4)
    };
    let r = run_match(&tactician(), &random(), &config, &quiet).unwrap();
    let json = serde_json::to_value(&r).unwrap();
    for key in [
        "games",
        "wins",
        "draws",
        "losses",
        "score",
        "elo",
        "elo_error",
        "los",
        "pentanomial",
        "llr",
        "lower_bound",
        "upper_bound",
        "sprt_result",
        "elo_model",
        "stopped_early",
        "mean_plies",
        "a_ms_per_move",
        "b_ms_per_move",
        "a_name",
        "b_name",
    ] {
        assert!(json.get(key).is_some(), "missing {key} in {json}");
    }
    assert_eq!(json["elo_model"], "normalized");
    assert!(
        ["H0 accepted", "H1 accepted", "continue"].contains(&json["sprt_result"].as_str().unwrap())
    );
    assert!((json["lower_bound"].as_f64().unwrap() - (0.1f64 / 0.95).ln()).abs() < 1e-12);
    let text = r.to_string();
    assert!(
        text.contains("normalized Elo") && text.contains("LLR") && text.contains("tactician"),
        "{text}"
    );

    let invalid = MatchConfig {
        sprt: Some(SprtConfig::new(5.0, 0.0)),
        ..cfg(2, 0)
    };
    assert!(matches!(
        run_match(&tactician(), &random(), &invalid, &quiet),
        Err(ArenaError::Sprt(_))
    ));
}

struct Panicker;

impl yomi_search::Strategy<Ttt> for Panicker {
    fn name(&self) -> String {
        "panicker".into()
    }
    fn choose(&mut self, _: &Ttt) -> yomi_search::SearchReport<u8> {
        panic!("player bug");
    }
}

#[test]
fn a_panicking_player_loses_by_crash_and_the_match_goes_on() {
    // A bug in one player is that player's loss, with the panic's message;
    // every scheduled game is still played and counted.
    let panicker: PlayerFactory<Ttt> =
        Arc::new(|_| Box::new(Panicker) as Box<dyn yomi_search::Strategy<Ttt>>);
    let r = run_clocked_match(&panicker, &random(), &cfg(20, 0), &quiet).unwrap();
    assert_eq!(r.report.games, 20);
    assert_eq!((r.report.wins, r.report.draws, r.report.losses), (0, 0, 20));
    assert_eq!(r.crashes, [20, 0]);
    // The game says why: the panic's message, as a crash of the side to move.
    let opening = Opening {
        start: Ttt::initial(),
        moves: Vec::new(),
        state: Ttt::initial(),
    };
    let mut a = StrategyPlayer::new(Box::new(Panicker));
    let mut b = StrategyPlayer::new((random::<Ttt>())(1));
    for a_seat in [0, 1] {
        let g = play_game(
            [&mut a, &mut b],
            &opening,
            0,
            a_seat,
            &PlaySettings::default(),
        );
        assert_eq!(g.end, GameEnd::Forfeit(Forfeit::Crash));
        assert_eq!(g.record.forfeit, Some((Side::A, Forfeit::Crash)));
        assert_eq!(g.record.result, yomi_search::Outcome::Loss);
        assert_eq!(g.detail, "panicked: player bug");
        assert_eq!(
            g.names[a_seat], "panicker",
            "a panicked player keeps its name"
        );
    }
}

#[test]
fn a_panic_outside_the_game_loop_stops_the_match_and_panics_the_caller() {
    // A player factory that panics (after the two builds `names` makes) is
    // no player's bug: the runner stops its workers and passes the panic on.
    let built = Arc::new(AtomicU32::new(0));
    let counter = built.clone();
    let broken: PlayerFactory<Ttt> = Arc::new(move |_| {
        if counter.fetch_add(1, Ordering::Relaxed) >= 1 {
            panic!("factory bug");
        }
        Box::new(Panicker) as Box<dyn yomi_search::Strategy<Ttt>>
    });
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run_match(&broken, &random(), &cfg(10_000, 0), &quiet)
    }));
    let payload = result.expect_err("the factory's panic reaches the caller");
    assert_eq!(payload.downcast_ref::<&str>(), Some(&"factory bug"));
    // Each worker (2) stops after the build that panicked.
    assert!(
        built.load(Ordering::Relaxed) <= 3,
        "{} players built",
        built.load(Ordering::Relaxed)
    );
}

#[test]
fn huge_game_counts_do_not_preallocate() {
    // Scheduling u32::MAX games must not allocate per-pair storage up front;
    // the SPRT stops this lopsided match after a few dozen pairs.
    let config = MatchConfig {
        sprt: Some(SprtConfig::new(0.0, 50.0)),
        ..cfg(u32::MAX, 3)
    };
    let r = run_match(&tactician(), &random(), &config, &quiet).unwrap();
    assert_eq!(r.games_scheduled, u32::MAX - 1);
    assert!(r.games < 1000 && r.sprt.unwrap().stopped_early);
}

#[test]
fn a_stop_flag_stops_the_match_and_a_lowered_one_changes_nothing() {
    let spec = "random".parse().unwrap();
    let (a, b) = (
        spec_factory::<yomi_games::TicTacToe>(&spec).unwrap(),
        spec_factory::<yomi_games::TicTacToe>(&spec).unwrap(),
    );
    let raised = std::sync::atomic::AtomicBool::new(true);
    let err = run_clocked_match_until(&a, &b, &cfg(10, 3), &quiet, &raised).unwrap_err();
    assert!(matches!(err, ArenaError::Stopped), "{err}");
    let lowered = std::sync::atomic::AtomicBool::new(false);
    let until = run_clocked_match_until(&a, &b, &cfg(10, 3), &quiet, &lowered).unwrap();
    let plain = run_clocked_match(&a, &b, &cfg(10, 3), &quiet).unwrap();
    assert_eq!(until.report.games, 10);
    assert_eq!(outcome_part(&until.report), outcome_part(&plain.report));
}
