//! The HiGHS backend against enumeration (every subset and every leader, judged by the
//! independent checker), its infeasibility proofs, and its honesty under a time limit.
#![cfg(feature = "highs")]

use std::time::Duration;
use yomi_core::Rng;
use yomi_deck::model::{AttributeRequirement, Deck, Instance, LeaderRule, Piece, Request, check};
use yomi_deck::solve::mip::{Formulation, MipOptions, solve};

/// Seeded themed instance with groups, attributes, leaders and optional negative scores.
fn instance(n: usize, seed: u64, request: Request, negative: bool) -> Instance {
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
            score: match rng.below(4) {
                0 => rng.below(6) as f64,
                1 if negative => -(rng.below(8) as f64),
                _ => 0.0,
            },
        })
        .collect();
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let theme = usize::from(a % 4 == b % 4);
            if rng.below(100) < 20 + 40 * theme {
                let s = (1 + rng.below(10) + 12 * theme) as f64;
                let s = if negative && rng.below(5) == 0 { -s } else { s };
                pairs.push((a, b, s));
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

fn sized(k: usize, cap: i64, seed: u64) -> Request {
    let mut rng = Rng::new(seed ^ 0xabc);
    Request {
        k: Some(k),
        cost_cap: Some(cap),
        attributes: vec![AttributeRequirement {
            name: "god".into(),
            minimum: 2,
        }],
        must_include: if seed % 3 == 0 {
            vec![rng.below(14)]
        } else {
            vec![]
        },
        leader: if seed % 4 == 1 {
            LeaderRule::Fixed(rng.below(14))
        } else {
            LeaderRule::Chosen
        },
        group_limit: 1,
    }
}

fn opts(formulation: Formulation) -> MipOptions {
    MipOptions {
        time_limit: Duration::from_secs(30),
        threads: None,
        formulation,
    }
}

/// Solves with both formulations and checks each answer against enumeration.
fn agrees(inst: &Instance, what: &str) -> Option<f64> {
    let truth = enumerate(inst);
    for formulation in [Formulation::Standard, Formulation::Aggregated] {
        let sol = solve(inst, &opts(formulation)).expect("HiGHS runs");
        assert!(sol.proven_optimal, "{what} {formulation:?}");
        match truth {
            Some(best) => {
                assert!(sol.feasible, "{what}: {:?}", sol.violations);
                assert_eq!(check(inst, &sol.deck), Ok(sol.objective), "{what}");
                assert!(
                    (sol.objective - best).abs() < 1e-9,
                    "{what} {formulation:?}: {} vs {best}",
                    sol.objective
                );
                let bound = sol.bound.expect("an optimal MIP has a bound");
                assert!(bound >= sol.objective && bound <= best * (1.0 + 1e-6) + 1e-9);
            }
            None => assert!(!sol.feasible, "{what}: enumeration found no deck"),
        }
    }
    truth
}

#[test]
fn mip_matches_enumeration_with_a_deck_size() {
    let mut feasible = 0;
    for seed in 0..12 {
        let k = 4 + (seed as usize % 3);
        let inst = instance(14, seed, sized(k, 20 * k as i64, seed), false);
        feasible += usize::from(agrees(&inst, &format!("seed {seed}")).is_some());
    }
    assert!(feasible >= 8, "too few feasible instances: {feasible}");
}

#[test]
fn mip_matches_enumeration_without_a_deck_size() {
    for seed in 0..6 {
        let request = Request {
            k: None,
            cost_cap: Some(60 + 5 * seed as i64),
            group_limit: 1,
            ..Default::default()
        };
        let inst = instance(13, 50 + seed, request, false);
        assert!(agrees(&inst, &format!("seed {seed}")).is_some());
    }
}

#[test]
fn mip_handles_negative_scores() {
    for seed in 0..6 {
        let mut request = sized(5, 110, seed);
        request.leader = LeaderRule::None;
        let inst = instance(13, 90 + seed, request, true);
        assert!(inst.adjacency.iter().flatten().any(|&(_, s)| s < 0.0));
        assert!(agrees(&inst, &format!("seed {seed}")).is_some());
    }
}

/// Three pieces, two of them gods costing 10, one cheap demon: every check that looks at
/// one constraint at a time passes, but two gods in a 3-deck cost at least 21 > 15.
#[test]
fn infeasibility_that_needs_the_solver_is_proven() {
    let mut pieces = Vec::new();
    for (i, (cost, attribute)) in [(10, "god"), (10, "god"), (10, "god"), (1, "demon")]
        .into_iter()
        .chain(std::iter::repeat_n((1, "demon"), 4))
        .enumerate()
    {
        pieces.push(Piece {
            id: format!("p{i}"),
            name: String::new(),
            cost,
            attribute: attribute.into(),
            group: None,
            leader_eligible: true,
            score: 1.0,
        });
    }
    let request = Request {
        k: Some(3),
        cost_cap: Some(15),
        attributes: vec![AttributeRequirement {
            name: "god".into(),
            minimum: 2,
        }],
        group_limit: 1,
        leader: LeaderRule::Chosen,
        ..Default::default()
    };
    let inst = Instance::new(pieces, &[(0, 4, 3.0), (1, 2, 5.0)], request);
    assert_eq!(enumerate(&inst), None);
    let sol = solve(&inst, &opts(Formulation::Aggregated)).unwrap();
    assert!(!sol.feasible);
    assert!(sol.proven_optimal, "infeasibility is proven");
    assert!(
        sol.violations[0].starts_with("proven infeasible"),
        "{:?}",
        sol.violations
    );
    // Raising the cap by one makes two gods and a demon fit.
    let mut looser = inst.clone();
    looser.request.cost_cap = Some(21);
    let sol = solve(&looser, &opts(Formulation::Aggregated)).unwrap();
    assert!(sol.feasible && sol.proven_optimal, "{:?}", sol.violations);
    assert_eq!(check(&looser, &sol.deck), Ok(sol.objective));
    assert_eq!(sol.objective, 3.0 + 5.0);
}

#[test]
fn requests_the_model_cannot_state_are_reported() {
    let mut base = instance(10, 4, sized(4, 200, 2), false);
    base.request.attributes.clear();
    let not_eligible = (0..10).find(|&i| !base.pieces[i].leader_eligible).unwrap();
    let cases = [
        (LeaderRule::Fixed(not_eligible), "not leader-eligible"),
        (LeaderRule::Fixed(99), "does not exist"),
    ];
    for (leader, expected) in cases {
        let mut inst = base.clone();
        inst.request.leader = leader;
        let sol = solve(&inst, &opts(Formulation::Aggregated)).unwrap();
        assert!(!sol.feasible);
        assert!(sol.violations[0].contains(expected), "{:?}", sol.violations);
    }
    let mut inst = base.clone();
    inst.request.attributes = vec![AttributeRequirement {
        name: "god".into(),
        minimum: 11,
    }];
    let sol = solve(&inst, &opts(Formulation::Aggregated)).unwrap();
    assert!(!sol.feasible && sol.proven_optimal);
    assert!(
        sol.violations[0].contains("god deck needs 11"),
        "{:?}",
        sol.violations
    );
}

/// The aggregated model on 150 pieces is far from solved after 1.5 s, but HiGHS has its root
/// LP bound by then (about 0.4 s on an idle 2-core machine). The standard model may still be
/// in presolve at that point, so it is only held to honesty.
#[test]
fn a_time_limit_reports_a_valid_bound() {
    let inst = instance(150, 7, sized(16, 250, 2), false);
    let greedy = yomi_deck::solve::greedy::solve(&inst);
    assert!(greedy.feasible);
    for formulation in [Formulation::Standard, Formulation::Aggregated] {
        let sol = solve(
            &inst,
            &MipOptions {
                time_limit: Duration::from_millis(1500),
                threads: None,
                formulation,
            },
        )
        .unwrap();
        assert!(
            !sol.proven_optimal,
            "{formulation:?} solved 150 pieces in 1.5 s"
        );
        if formulation == Formulation::Aggregated {
            assert!(sol.bound.is_some(), "no dual bound after 1.5 s");
        }
        if sol.feasible {
            assert_eq!(check(&inst, &sol.deck), Ok(sol.objective));
            assert!(sol.gap().is_some_and(|g| g > 0.0));
        }
        // Any feasible deck is a lower bound on the optimum, so a dual bound must beat it.
        if let Some(bound) = sol.bound {
            assert!(bound >= sol.objective);
            assert!(
                bound >= greedy.objective - 1e-9,
                "{bound} < {}",
                greedy.objective
            );
        }
    }
}

/// Leader-side pair scores: some above and some below the ordinary score of the same pair,
/// so the best leader is not simply the best-connected eligible piece.
#[test]
fn mip_matches_enumeration_with_leader_pair_scores() {
    let mut feasible = 0;
    for seed in 0..8 {
        let mut inst = instance(12, 200 + seed, sized(4, 90, seed), false);
        let mut rng = Rng::new(seed);
        let mut triples = Vec::new();
        for l in (0..12).filter(|&l| inst.pieces[l].leader_eligible) {
            for j in (0..12).filter(|&j| j != l) {
                if rng.below(3) == 0 {
                    triples.push((l, j, rng.below(40) as f64));
                }
            }
        }
        inst.set_leader_pairs(&triples);
        inst.request.must_include.iter_mut().for_each(|m| *m %= 12);
        if let LeaderRule::Fixed(f) = inst.request.leader {
            inst.request.leader = LeaderRule::Fixed(f % 12);
            inst.pieces[f % 12].leader_eligible = true;
        }
        feasible += usize::from(agrees(&inst, &format!("seed {seed}")).is_some());
    }
    assert!(feasible >= 5, "too few feasible instances: {feasible}");
}
