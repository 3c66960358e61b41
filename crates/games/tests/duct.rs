//! Decoupled UCT on games with known equilibria.

use yomi_games::{Goofspiel, MatrixGame};
use yomi_search::*;

fn strategy(game: &MatrixGame, policy: SelectionPolicy, iterations: u64, seed: u64) -> [f64; 3] {
    let mut d = Duct::<MatrixGame>::new(DuctOptions {
        budget: Budget::iterations(iterations),
        policies: [policy, policy],
        seed,
        ..DuctOptions::default()
    });
    let r = d.choose(game, 0);
    let mut p = [0.0; 3];
    for (a, _, prob) in r.strategy {
        p[a.0 as usize] = prob;
    }
    p
}

#[test]
fn exp3_and_regret_matching_approach_the_uniform_equilibrium_of_rps() {
    let g = MatrixGame::rps();
    for policy in [
        SelectionPolicy::Exp3 { gamma: 0.1 },
        SelectionPolicy::RegretMatching { gamma: 0.05 },
    ] {
        let p = strategy(&g, policy, 200_000, 1);
        for x in p {
            assert!((x - 1.0 / 3.0).abs() < 0.05, "{policy:?}: {p:?}");
        }
        assert!(g.exploitability(&p) < 0.05, "{policy:?}: {p:?}");
    }
}

#[test]
fn exp3_and_regret_matching_approach_the_biased_equilibrium() {
    let g = MatrixGame::biased_rps();
    let eq = [0.25, 0.5, 0.25];
    assert!(
        g.exploitability(&eq) < 1e-12,
        "the stated equilibrium is exact"
    );
    assert!(
        g.exploitability(&[1.0 / 3.0; 3]) > 0.05,
        "uniform is exploitable here"
    );
    for policy in [
        SelectionPolicy::Exp3 { gamma: 0.1 },
        SelectionPolicy::RegretMatching { gamma: 0.05 },
    ] {
        let p = strategy(&g, policy, 300_000, 2);
        for i in 0..3 {
            assert!((p[i] - eq[i]).abs() < 0.06, "{policy:?}: {p:?}");
        }
        assert!(g.exploitability(&p) < 0.04, "{policy:?}: {p:?}");
    }
}

#[test]
fn duct_is_deterministic_and_plays_goofspiel_sensibly() {
    let g = Goofspiel::new(4).unwrap();
    let run = |seed| {
        let mut d = Duct::<Goofspiel>::new(DuctOptions {
            budget: Budget::iterations(5000),
            seed,
            ..DuctOptions::default()
        });
        let r = d.choose(&g, 0);
        (r.action, r.strategy.iter().map(|x| x.1).collect::<Vec<_>>())
    };
    assert_eq!(run(3), run(3));
    // The game is symmetric: the root value for player 0 is near 0 with both sides searching.
    let mut d = Duct::<Goofspiel>::new(DuctOptions {
        budget: Budget::iterations(50_000),
        policies: [SelectionPolicy::RegretMatching { gamma: 0.05 }; 2],
        seed: 1,
        ..DuctOptions::default()
    });
    let r = d.choose(&g, 0);
    assert!(r.value.abs() < 0.2, "value {}", r.value);
}
