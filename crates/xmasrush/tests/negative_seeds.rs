//! CodinGame seeds are Java longs and often negative: the self-test and the round robin
//! play them (their seed arithmetic wraps, as Java's does) instead of overflowing.

use yomi_xmasrush::check::check_games;
use yomi_xmasrush::league::League;
use yomi_xmasrush::tournament::{RoundRobin, run_round_robin};

#[test]
fn the_self_test_plays_negative_seeds_and_the_ends_of_the_range() {
    for first in [-99, i64::MIN, i64::MAX] {
        let r = check_games(first, 2, League::Wood2, &|| {}).expect("invariants hold");
        assert_eq!(r.games, 2, "seed {first}");
    }
}

#[test]
fn the_round_robin_plays_negative_seeds() {
    let rr = RoundRobin {
        stop_early: false,
        bots: vec!["random".into(), "greedy".into()],
        pairs: 2,
        base_seed: -5,
        threads: 1,
        league: League::Wood2,
        sprt: "0,50".parse().expect("hypotheses"),
        journal: None,
    };
    let reports = run_round_robin(&rr, &|_| {}, &|_| {}).expect("played");
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0].games, 4);
}
