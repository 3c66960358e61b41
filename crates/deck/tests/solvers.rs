//! Solver tests against the independent checker: feasibility, vds >= greedy on a seeded
//! family, brute force on tiny instances, and the relaxed-cap chain move.

use yomi_core::Rng;
use yomi_deck::model::{AttributeRequirement, Deck, Instance, LeaderRule, Piece, Request, check};
use yomi_deck::solve::{greedy, vds};

/// Seeded themed instance: costs 5-30, three attributes, groups of up to 2, sparse scores.
fn instance(n: usize, seed: u64, k: usize, cap: i64, attr_min: usize) -> Instance {
    let mut rng = Rng::new(seed);
    let attrs = ["god", "demon", "dragon"];
    let pieces: Vec<Piece> = (0..n)
        .map(|i| Piece {
            id: format!("p{i}"),
            name: format!("piece {i}"),
            cost: 5 + rng.below(26) as i64,
            attribute: attrs[rng.below(3)].to_string(),
            group: Some(format!("g{}", i / 2 * 2 + usize::from(rng.below(4) == 0))),
            leader_eligible: rng.below(3) == 0,
            score: if rng.below(4) == 0 {
                rng.below(5) as f64
            } else {
                0.0
            },
        })
        .collect();
    let mut pairs = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let theme = (a % 5 == b % 5) as u64;
            if rng.below(100) < 15 + 40 * theme as usize {
                pairs.push((a, b, (1 + rng.below(10) + 10 * theme as usize) as f64));
            }
        }
    }
    let request = Request {
        k: Some(k),
        cost_cap: Some(cap),
        attributes: vec![AttributeRequirement {
            name: "god".into(),
            minimum: attr_min,
        }],
        must_include: vec![rng.below(n)],
        leader: LeaderRule::Chosen,
        group_limit: 1,
    };
    Instance::new(pieces, &pairs, request)
}

fn opts(seed: u64, restarts: u64) -> vds::VdsOptions {
    vds::VdsOptions {
        seed,
        max_restarts: Some(restarts),
        time_limit: std::time::Duration::from_secs(30),
        ..Default::default()
    }
}

#[test]
fn vds_feasible_and_never_worse_than_greedy() {
    let mut strictly_better = 0;
    for seed in 0..24 {
        let inst = instance(60, seed, 10, 210, 4);
        let g = greedy::solve(&inst);
        let v = vds::solve(&inst, &opts(seed, 20));
        assert!(g.feasible, "seed {seed}: greedy {:?}", g.violations);
        assert!(v.feasible, "seed {seed}: vds {:?}", v.violations);
        assert_eq!(check(&inst, &g.deck), Ok(g.objective));
        assert_eq!(check(&inst, &v.deck), Ok(v.objective));
        assert!(v.objective >= g.objective - 1e-9, "seed {seed}");
        strictly_better += usize::from(v.objective > g.objective + 1e-9);
    }
    // Greedy is not optimal on themed instances; a search that never moves would fail this.
    assert!(
        strictly_better >= 4,
        "vds improved only {strictly_better} of 24"
    );
}

#[test]
fn vds_is_reproducible_for_a_seed() {
    let inst = instance(80, 7, 12, 200, 5);
    let a = vds::solve(&inst, &opts(3, 15));
    let b = vds::solve(&inst, &opts(3, 15));
    assert_eq!(a.deck, b.deck);
    assert_eq!(a.objective, b.objective);
}

/// Best objective over all K-subsets, via the checker.
fn brute_force(inst: &Instance, k: usize) -> f64 {
    let n = inst.pieces.len();
    let mut best = f64::NEG_INFINITY;
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        let leader = idx
            .iter()
            .copied()
            .find(|&i| inst.pieces[i].leader_eligible);
        if let Ok(v) = check(
            inst,
            &Deck {
                selected: idx.clone(),
                leader,
            },
        ) {
            best = best.max(v);
        }
        let Some(p) = (0..k).rev().find(|&p| idx[p] < n - k + p) else {
            break;
        };
        idx[p] += 1;
        for q in p + 1..k {
            idx[q] = idx[q - 1] + 1;
        }
    }
    best
}

#[test]
fn vds_matches_brute_force_on_tiny_instances() {
    let mut greedy_misses = 0;
    for seed in 100..116 {
        let inst = instance(14, seed, 5, 95, 2);
        let best = brute_force(&inst, 5);
        let v = vds::solve(&inst, &opts(seed, 40));
        if best.is_finite() {
            assert!(v.feasible, "seed {seed}: {:?}", v.violations);
            assert!(
                (v.objective - best).abs() < 1e-9,
                "seed {seed}: {} vs {best}",
                v.objective
            );
            let g = greedy::solve(&inst);
            greedy_misses += usize::from(!g.feasible || g.objective < best - 1e-9);
        }
    }
    assert!(
        greedy_misses > 0,
        "brute force instances too easy to tell solvers apart"
    );
}

/// Two pieces at cost 10 must give way to one at 20 and one at 5 ... only a relaxed chain
/// finds it: every single swap is either worse or over the cap.
#[test]
fn relaxed_chain_finds_cost_rebalancing() {
    let costs = [10, 10, 10, 20, 5, 5];
    let pieces: Vec<Piece> = costs
        .iter()
        .enumerate()
        .map(|(i, &c)| Piece {
            id: i.to_string(),
            name: String::new(),
            cost: c,
            attribute: String::new(),
            group: None,
            leader_eligible: false,
            score: 0.0,
        })
        .collect();
    // {0,1,2}: 3 pairs of 10 = 30. {3,4,5}: 30 + 30 + 12 = 72. 3 with any of 0-2 scores 11.
    // Chain: 0->3 (+2, cost 40), 1->4 (+9, cost 35), 2->5 (+31, cost 30). Any single swap from
    // {0,1,2} is worse or over the cap, so depth 1 is stuck at 30.
    let mut pairs = vec![(0, 1, 10.0), (0, 2, 10.0), (1, 2, 10.0)];
    pairs.extend([(3, 4, 30.0), (3, 5, 30.0), (4, 5, 12.0)]);
    for i in 0..3 {
        pairs.push((i, 3, 11.0));
    }
    let request = Request {
        k: Some(3),
        cost_cap: Some(30),
        group_limit: 1,
        ..Default::default()
    };
    let inst = Instance::new(pieces, &pairs, request);
    let start = Deck {
        selected: vec![0, 1, 2],
        leader: None,
    };
    assert_eq!(check(&inst, &start), Ok(30.0));
    // Only the greedy start is climbed: no seeded starts, no restarts.
    let plain = vds::VdsOptions {
        depth: 1,
        max_restarts: Some(0),
        seed_starts: 0,
        ..opts(1, 0)
    };
    let deep = vds::VdsOptions {
        depth: 3,
        max_restarts: Some(0),
        seed_starts: 0,
        ..opts(1, 0)
    };
    let g = greedy::solve(&inst);
    assert_eq!(
        g.deck.selected,
        vec![0, 1, 2],
        "greedy should be trapped (3 then over cap)"
    );
    assert_eq!(vds::solve(&inst, &plain).objective, 30.0);
    let v = vds::solve(&inst, &deep);
    assert_eq!(v.deck.selected, vec![3, 4, 5]);
    assert_eq!(v.objective, 72.0);
}
