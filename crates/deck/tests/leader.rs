//! Leader-side pair scores: the checker's objective, the fixed-leader reduction, and every
//! solver against enumeration over decks and leaders.

use std::time::Duration;
use yomi_core::Rng;
use yomi_deck::formats::parse_json;
use yomi_deck::model::{AttributeRequirement, Deck, Instance, LeaderRule, Piece, Request, check};
use yomi_deck::solve::{exact, greedy, vds};

/// A seeded instance whose leader table differs from the ordinary pairs.
fn instance(n: usize, seed: u64, k: usize, leader: LeaderRule) -> Instance {
    let mut rng = Rng::new(seed);
    let pieces: Vec<Piece> = (0..n)
        .map(|i| Piece {
            id: format!("p{i}"),
            name: String::new(),
            cost: 5 + rng.below(20) as i64,
            attribute: ["god", "demon"][rng.below(2)].into(),
            group: None,
            leader_eligible: i % 3 == 0,
            score: rng.below(3) as f64,
        })
        .collect();
    let mut pairs = Vec::new();
    let mut lead = Vec::new();
    for a in 0..n {
        for b in 0..n {
            if a < b && rng.below(100) < 40 {
                pairs.push((a, b, (1 + rng.below(9)) as f64));
            }
            if a != b && a % 3 == 0 && rng.below(100) < 35 {
                lead.push((a, b, (1 + rng.below(30)) as f64));
            }
        }
    }
    let request = Request {
        k: Some(k),
        cost_cap: Some(14 * k as i64),
        attributes: vec![AttributeRequirement {
            name: "god".into(),
            minimum: 1,
        }],
        leader,
        group_limit: 1,
        ..Default::default()
    };
    let mut inst = Instance::new(pieces, &pairs, request);
    inst.set_leader_pairs(&lead);
    inst
}

/// Best objective over all k-subsets and all leaders in them.
fn enumerate(inst: &Instance, k: usize) -> Option<f64> {
    let n = inst.pieces.len();
    let mut best: Option<f64> = None;
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize != k {
            continue;
        }
        let selected: Vec<usize> = (0..n).filter(|&i| (mask >> i) & 1 == 1).collect();
        for &l in &selected {
            let deck = Deck {
                selected: selected.clone(),
                leader: Some(l),
            };
            if let Ok(v) = check(inst, &deck) {
                best = Some(best.map_or(v, |b: f64| b.max(v)));
            }
        }
    }
    best
}

#[test]
fn the_checker_scores_leader_pairs_from_the_table() {
    let text = r#"{
      "pieces": [{"id": "a", "leader_eligible": true}, {"id": "b", "leader_eligible": true},
                 {"id": "c"}],
      "pairs": [{"a": "a", "b": "b", "score": 5}, {"a": "b", "b": "c", "score": 2},
                {"a": "a", "b": "c", "score": 1}],
      "leader_pairs": [{"leader": "a", "member": "c", "score": 10}],
      "request": {"k": 3, "leader": "chosen"}
    }"#;
    let inst = parse_json(text).unwrap();
    let deck = |l| Deck {
        selected: vec![0, 1, 2],
        leader: Some(l),
    };
    // Leader a: pairs with a come from the table (a-b missing = 0, a-c = 10), plus b-c = 2.
    assert_eq!(check(&inst, &deck(0)), Ok(12.0));
    // Leader b: b has no table row, so b-a and b-c score 0; a-c = 1 stays.
    assert_eq!(check(&inst, &deck(1)), Ok(1.0));
    let sol = exact::solve(&inst, &exact::ExactOptions::default());
    assert_eq!(sol.deck.leader, Some(0));
    assert_eq!(sol.objective, 12.0);
    assert!(sol.proven_optimal);
}

#[test]
fn fixing_the_leader_folds_its_pairs_into_piece_scores() {
    let inst = instance(12, 4, 4, LeaderRule::Chosen);
    let fixed = inst.with_fixed_leader(3);
    let mut rng = Rng::new(9);
    for _ in 0..200 {
        let mut selected = vec![3];
        while selected.len() < 4 {
            let j = rng.below(12);
            if !selected.contains(&j) {
                selected.push(j);
            }
        }
        selected.sort_unstable();
        let deck = Deck {
            selected,
            leader: Some(3),
        };
        match (check(&inst, &deck), check(&fixed, &deck)) {
            (Ok(a), Ok(b)) => assert!((a - b).abs() < 1e-9, "{a} vs {b}"),
            (a, b) => assert_eq!(a.is_ok(), b.is_ok()),
        }
    }
}

#[test]
fn every_solver_handles_leader_tables() {
    for seed in 0..10 {
        for rule in [LeaderRule::Chosen, LeaderRule::Fixed(6)] {
            let inst = instance(13, seed, 4, rule.clone());
            let best = enumerate(&inst, 4).expect("feasible");
            let e = exact::solve(
                &inst,
                &exact::ExactOptions {
                    warm_start: Duration::ZERO,
                    ..Default::default()
                },
            );
            assert!(e.proven_optimal, "seed {seed}");
            assert!(
                (e.objective - best).abs() < 1e-9,
                "seed {seed} {rule:?}: {} vs {best}",
                e.objective
            );
            assert_eq!(check(&inst, &e.deck), Ok(e.objective));
            let g = greedy::solve(&inst);
            let v = vds::solve(
                &inst,
                &vds::VdsOptions {
                    seed,
                    max_restarts: Some(20),
                    time_limit: Duration::from_secs(10),
                    ..Default::default()
                },
            );
            assert!(g.feasible && v.feasible, "seed {seed}");
            assert_eq!(check(&inst, &v.deck), Ok(v.objective));
            assert!(v.objective >= g.objective - 1e-9);
            assert!(v.objective <= best + 1e-9);
        }
    }
}
