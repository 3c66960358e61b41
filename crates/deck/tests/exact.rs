//! The exact solver against enumeration (every subset and every leader, judged by the
//! independent checker), with and without a deck size, and its honesty under limits.

use std::time::Duration;
use yomi_core::Rng;
use yomi_deck::model::{AttributeRequirement, Deck, Instance, LeaderRule, Piece, Request, check};
use yomi_deck::solve::exact::{ExactOptions, solve};

/// Seeded themed instance with groups, attributes and leaders.
fn instance(n: usize, seed: u64, request: Request) -> Instance {
    let mut rng = Rng::new(seed);
    let attrs = ["god", "demon", "dragon"];
    let pieces: Vec<Piece> = (0..n)
        .map(|i| Piece {
            id: format!("p{i}"),
            name: String::new(),
            cost: 5 + rng.below(26) as i64,
            attribute: attrs[rng.below(3)].to_string(),
            group: Some(format!("g{}", i / 2 * 2 + usize::from(rng.below(3) == 0))),
            leader_eligible: rng.below(3) == 0,
            score: if rng.below(4) == 0 {
                rng.below(6) as f64
            } else {
                0.0
            },
        })
        .collect();
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let theme = usize::from(a % 4 == b % 4);
            if rng.below(100) < 20 + 40 * theme {
                pairs.push((a, b, (1 + rng.below(10) + 12 * theme) as f64));
            }
        }
    }
    Instance::new(pieces, &pairs, request)
}

/// Best objective over every subset (of size k when given) and every leader choice.
fn enumerate(inst: &Instance) -> Option<f64> {
    let n = inst.pieces.len();
    let mut best: Option<f64> = None;
    for mask in 0u32..(1 << n) {
        if inst
            .request
            .k
            .is_some_and(|k| mask.count_ones() as usize != k)
        {
            continue;
        }
        let selected: Vec<usize> = (0..n).filter(|&i| (mask >> i) & 1 == 1).collect();
        let leaders: Vec<Option<usize>> = match inst.request.leader {
            LeaderRule::None => vec![None],
            LeaderRule::Fixed(f) => vec![Some(f)],
            LeaderRule::Chosen => selected.iter().map(|&i| Some(i)).collect(),
        };
        for leader in leaders {
            let deck = Deck {
                selected: selected.clone(),
                leader,
            };
            if let Ok(v) = check(inst, &deck) {
                best = Some(best.map_or(v, |b: f64| b.max(v)));
            }
        }
    }
    best
}

/// No warm start worth the name: the branch and bound itself must find the optimum.
fn cold() -> ExactOptions {
    ExactOptions {
        warm_start: Duration::ZERO,
        time_limit: Duration::from_secs(60),
        ..Default::default()
    }
}

fn sized(k: usize, cap: i64, seed: u64) -> Request {
    let mut rng = Rng::new(seed ^ 0xabc);
    Request {
        k: Some(k),
        cost_cap: Some(cap),
        attributes: vec![AttributeRequirement {
            name: "god".into(),
            minimum: 2,
        }],
        must_include: if seed.is_multiple_of(3) {
            vec![rng.below(14)]
        } else {
            vec![]
        },
        leader: LeaderRule::Chosen,
        group_limit: 1,
    }
}

#[test]
fn exact_matches_enumeration_with_a_deck_size() {
    let mut differs_from_warm = 0;
    for seed in 0..20 {
        let inst = instance(14, seed, sized(5, 80, seed));
        let truth = enumerate(&inst);
        let sol = solve(&inst, &cold());
        assert!(sol.proven_optimal, "seed {seed}");
        match truth {
            Some(best) => {
                assert!(sol.feasible, "seed {seed}: {:?}", sol.violations);
                assert_eq!(check(&inst, &sol.deck), Ok(sol.objective));
                assert!(
                    (sol.objective - best).abs() < 1e-9,
                    "seed {seed}: {} vs {best}",
                    sol.objective
                );
                assert_eq!(sol.bound, Some(sol.objective));
            }
            None => assert!(!sol.feasible, "seed {seed}"),
        }
        let greedy = yomi_deck::solve::greedy::solve(&inst);
        differs_from_warm += usize::from(greedy.objective < sol.objective - 1e-9);
    }
    assert!(
        differs_from_warm > 0,
        "instances too easy: greedy was always optimal"
    );
}

#[test]
fn exact_matches_enumeration_without_a_deck_size() {
    for seed in 0..12 {
        let request = Request {
            k: None,
            cost_cap: Some(60 + 5 * seed as i64),
            group_limit: 1,
            ..Default::default()
        };
        let inst = instance(13, 50 + seed, request);
        let best = enumerate(&inst).expect("the empty deck is feasible");
        let sol = solve(&inst, &cold());
        assert!(sol.proven_optimal);
        assert!(
            (sol.objective - best).abs() < 1e-9,
            "seed {seed}: {} vs {best}",
            sol.objective
        );
    }
}

#[test]
fn infeasible_requests_are_proven_infeasible() {
    let mut request = sized(5, 20, 1);
    request.must_include.clear();
    let inst = instance(14, 3, request);
    assert_eq!(enumerate(&inst), None);
    let sol = solve(&inst, &cold());
    assert!(!sol.feasible);
    assert!(sol.proven_optimal);
    assert!(
        sol.violations[0].contains("infeasible"),
        "{:?}",
        sol.violations
    );
}

#[test]
fn a_stopped_search_reports_a_valid_bound() {
    let inst = instance(40, 9, sized(8, 120, 1));
    let full = solve(&inst, &cold());
    assert!(full.proven_optimal);
    let cut = solve(
        &inst,
        &ExactOptions {
            node_limit: Some(20),
            ..cold()
        },
    );
    assert!(!cut.proven_optimal);
    let bound = cut.bound.expect("a stopped search still has a bound");
    assert!(
        bound >= full.objective - 1e-9,
        "bound {bound} below the optimum {}",
        full.objective
    );
    assert!(cut.gap().is_some_and(|g| g >= 0.0));
}
