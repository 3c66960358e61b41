//! `yomi deck bench`'s plan: every timed solve is listed with its limit before the run, and
//! the run announces each one as it starts and ends, in that order.

use std::time::Duration;
use yomi_deck::bench::{BenchOptions, Step, run_with};

fn small() -> BenchOptions {
    BenchOptions {
        pieces: 60,
        seeds: vec![1, 2],
        short: Duration::from_millis(5),
        long: Duration::from_millis(20),
        exact_pieces: 12,
        exact_time: Duration::from_millis(200),
        mdp: Vec::new(),
        mdp_time: Duration::from_secs(10),
    }
}

#[test]
fn the_steps_bound_the_run_and_are_announced_in_order() {
    let opts = small();
    let steps = opts.steps();
    let highs = usize::from(cfg!(feature = "highs"));
    assert_eq!(steps.len(), 2 * 2 + 2 * (1 + highs));
    assert_eq!(steps[0].label, "vds 5ms on 60 pieces, seed 1");
    assert_eq!(steps[1].limit, Duration::from_millis(20));
    assert_eq!(steps[4].label, "exact on 12 pieces, seed 1");
    let mut seen: Vec<(Step, bool)> = Vec::new();
    let report = run_with(&opts, &mut |s, done| seen.push((s.clone(), done))).unwrap();
    assert_eq!(report.large.len(), 2);
    assert_eq!(report.exact.len(), 2);
    let expected: Vec<(Step, bool)> = steps
        .iter()
        .flat_map(|s| [(s.clone(), false), (s.clone(), true)])
        .collect();
    assert_eq!(seen, expected);
    let no_exact = BenchOptions {
        exact_pieces: 0,
        ..small()
    };
    assert_eq!(no_exact.steps().len(), 4);
}
