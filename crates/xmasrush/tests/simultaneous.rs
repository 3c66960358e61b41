//! `State` and `PushGame` as `yomi_search::SimultaneousGame`: the checks a
//! simultaneous game must pass (yomi-search's conformance battery covers
//! alternating games only), and yomi-search's DUCT running on both.

use std::collections::HashSet;
use yomi_core::Rng;
use yomi_search::budget::Budget;
use yomi_search::{Duct, DuctOptions, SelectionPolicy, SimultaneousGame};
use yomi_xmasrush::bots::PushGame;
use yomi_xmasrush::state::State;
use yomi_xmasrush::{Action, League};

fn battery<G: SimultaneousGame + PartialEq>(start: G, games: usize, seed: u64, max_steps: usize) {
    let mut rng = Rng::new(seed);
    let mut acts = [Vec::new(), Vec::new()];
    for game in 0..games {
        let mut s = start.clone();
        let mut steps = 0;
        loop {
            for (p, acts_p) in acts.iter_mut().enumerate() {
                s.actions(p, acts_p);
                let distinct: HashSet<_> = acts_p.iter().collect();
                assert_eq!(
                    distinct.len(),
                    acts_p.len(),
                    "game {game}: duplicate actions"
                );
                assert_eq!(
                    acts_p.is_empty(),
                    s.is_terminal(),
                    "game {game} step {steps}: actions vs terminal"
                );
            }
            let r = s.returns();
            assert!(
                r.iter().all(|v| (-1.0..=1.0).contains(v)),
                "returns {r:?} out of range"
            );
            assert!((r[0] + r[1]).abs() < 1e-12, "not zero-sum: {r:?}");
            if s.is_terminal() {
                assert!(r[0] == 0.0 || r[0].abs() == 1.0, "terminal returns {r:?}");
                break;
            }
            let (a0, a1) = (
                acts[0][rng.below(acts[0].len())],
                acts[1][rng.below(acts[1].len())],
            );
            let before = s.clone();
            let mut child = s.clone();
            child.apply(a0, a1);
            assert!(s == before, "apply on a clone changed the original");
            s = child;
            steps += 1;
            assert!(
                steps <= max_steps,
                "game {game} did not end after {max_steps} joint moves"
            );
        }
    }
}

#[test]
fn the_full_game_passes_the_simultaneous_battery() {
    for seed in 0..6 {
        battery(
            yomi_xmasrush::sim::start(seed, League::Legend),
            2,
            seed as u64,
            150,
        );
    }
}

#[test]
fn the_push_game_passes_the_simultaneous_battery() {
    battery(PushGame::initial(), 4, 3, 75);
}

#[test]
fn move_actions_are_one_walk_per_reachable_cell_and_pass() {
    let mut widest = 0;
    for seed in 0..12 {
        let mut s = yomi_xmasrush::sim::start(seed, League::Legend);
        s.step(
            Action::Push(yomi_xmasrush::Push::from_index(2)),
            Action::Push(yomi_xmasrush::Push::from_index(9)),
        );
        assert!(!s.push_turn());
        let mut acts = Vec::new();
        s.actions(0, &mut acts);
        let mut ends = HashSet::new();
        for a in &acts {
            let Action::Move(path) = *a else {
                panic!("push offered on a move turn")
            };
            let mut t = s;
            t.resolve_moves([path, Default::default()]);
            assert!(ends.insert(t.pos[0]), "two walks end on the same cell");
        }
        let mut bfs = yomi_xmasrush::reach::Bfs::new();
        bfs.run(&s, s.pos[0]);
        let within = bfs.cells().iter().filter(|&&c| bfs.dist(c) <= 20).count();
        assert_eq!(
            ends.len(),
            within,
            "every cell reachable within 20 steps, once"
        );
        widest = widest.max(within);
    }
    assert!(widest > 3, "the seeds give some room to walk");
}

#[test]
fn yomi_search_duct_runs_on_both_views() {
    for policy in [
        SelectionPolicy::Ucb1 { c: 0.5 },
        SelectionPolicy::Exp3 { gamma: 0.1 },
        SelectionPolicy::RegretMatching { gamma: 0.1 },
    ] {
        let options = DuctOptions {
            budget: Budget::iterations(300),
            policies: [policy, policy],
            cutoff: Some(4),
            seed: 5,
            ..Default::default()
        };
        let s = State::initial();
        let d = Duct::<State>::new(options).choose(&s, 0);
        let mut legal = Vec::new();
        s.actions(0, &mut legal);
        assert!(legal.contains(&d.action));
        assert_eq!(d.iterations, 300);
        let p = Duct::<PushGame>::new(options).choose(&PushGame::initial(), 1);
        assert_eq!(p.strategy.len(), 28);
    }
}
