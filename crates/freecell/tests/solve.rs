//! Solver behaviour: verified solutions, shortening, atomic decomposition,
//! the proof that deal 11982 is unsolvable, and the reproduction mode.

use yomi_freecell::solve::shorten::{remove_redundant, replay, solves};
use yomi_freecell::solve::{Shorten, SolverMode, Step};
use yomi_freecell::{Layout, Loc, Move, MoveMode, SolveOptions, Verdict, deal_board, solve};

#[test]
fn sample_deals_are_solved_and_replay() {
    for deal in [1u64, 2, 3, 164, 617, 1941, 31465] {
        let b = deal_board(deal, Layout::default()).unwrap();
        let r = solve(&b, &SolveOptions::default()).unwrap();
        assert_eq!(r.verdict, Verdict::Solved, "deal {deal}");
        assert!(replay(&b, &r.steps).unwrap().is_solved(), "deal {deal}");
        assert!(r.steps.len() >= 52 && r.steps.len() <= r.raw_len);
        assert_eq!(r.steps.iter().filter(|s| s.mv.to == Loc::Found).count(), 52);
    }
}

/// The exploring search is reproducible: one seed, one outcome; and the
/// seed is used: other seeds search differently on some deals, and still
/// solve them with verified solutions.
#[test]
fn same_seed_same_solution_and_seeds_matter() {
    let mut differ = 0;
    for deal in 1u64..=30 {
        let b = deal_board(deal, Layout::default()).unwrap();
        let run = |seed| {
            let r = solve(
                &b,
                &SolveOptions {
                    seed,
                    ..SolveOptions::default()
                },
            )
            .unwrap();
            assert_eq!(r.verdict, Verdict::Solved, "deal {deal}, seed {seed}");
            assert!(solves(&b, &r.steps), "deal {deal}, seed {seed}");
            (r.steps, r.states)
        };
        let a = run(0);
        assert_eq!(a, run(0), "deal {deal}: seed 0 twice");
        differ += (a.1 != run(7).1) as usize;
    }
    assert!(
        differ >= 3,
        "the seed changed the search on {differ} of 30 deals"
    );
}

#[test]
fn deal_11982_is_proven_unsolvable() {
    let b = deal_board(11982, Layout::default()).unwrap();
    let r = solve(&b, &SolveOptions::default()).unwrap();
    assert_eq!(r.verdict, Verdict::Unsolvable);
    assert_eq!(r.stage, "exhaustive");
    assert!(r.steps.is_empty());
}

#[test]
fn small_state_limits_give_intractable_not_unsolvable() {
    let b = deal_board(11982, Layout::default()).unwrap();
    let opts = SolveOptions {
        node_limit: 100,
        exhaust_limit: 1000,
        ..SolveOptions::default()
    };
    assert_eq!(solve(&b, &opts).unwrap().verdict, Verdict::Intractable);
}

#[test]
fn atomic_solutions_are_single_card_and_valid() {
    let b = deal_board(7, Layout::default()).unwrap();
    let opts = SolveOptions {
        moves: MoveMode::Atomic,
        ..SolveOptions::default()
    };
    let r = solve(&b, &opts).unwrap();
    assert_eq!(r.verdict, Verdict::Solved);
    assert!(r.steps.iter().all(|s| s.mv.count == 1));
    assert!(solves(&b, &r.steps));
}

/// Atomic mode keeps the shortest of its seeded tries: never longer than
/// the first try alone, shorter on some deals, verified, and 11982 is still
/// proven unsolvable.
#[test]
fn atomic_tries_keep_the_shortest_solution() {
    let atomic = |tries| SolveOptions {
        moves: MoveMode::Atomic,
        atomic_tries: tries,
        ..SolveOptions::default()
    };
    let mut shorter = 0;
    for deal in 1u64..=20 {
        let b = deal_board(deal, Layout::default()).unwrap();
        let one = solve(&b, &atomic(1)).unwrap();
        let many = solve(&b, &atomic(6)).unwrap();
        assert_eq!(many.verdict, Verdict::Solved, "deal {deal}");
        assert!(solves(&b, &many.steps), "deal {deal}");
        assert!(many.steps.iter().all(|s| s.mv.count == 1));
        assert!(many.steps.len() <= one.steps.len(), "deal {deal}");
        shorter += (many.steps.len() < one.steps.len()) as usize;
    }
    assert!(shorter >= 5, "only {shorter} of 20 deals got shorter");
    let b = deal_board(11982, Layout::default()).unwrap();
    assert_eq!(solve(&b, &atomic(6)).unwrap().verdict, Verdict::Unsolvable);
}

#[test]
fn shortening_removes_padding_and_keeps_validity() {
    let b = deal_board(3, Layout::default()).unwrap();
    let opts = SolveOptions {
        shorten: Shorten::None,
        ..SolveOptions::default()
    };
    let base = solve(&b, &opts).unwrap().steps;
    // pad with an undone pair and a detour through a free cell
    let first_col_move = base
        .iter()
        .position(|s| matches!(s.mv.from, Loc::Col(_)) && s.mv.count == 1)
        .unwrap();
    let Loc::Col(c) = base[first_col_move].mv.from else {
        unreachable!()
    };
    let mut padded: Vec<Step> = base[..first_col_move].to_vec();
    let to_cell = Step {
        mv: Move::one(Loc::Col(c), Loc::Cell(3)),
        auto: false,
    };
    let back = Step {
        mv: Move::one(Loc::Cell(3), Loc::Col(c)),
        auto: false,
    };
    if solves(
        &b,
        &[
            padded.clone(),
            vec![to_cell, back],
            base[first_col_move..].to_vec(),
        ]
        .concat(),
    ) {
        padded.extend([to_cell, back]);
    }
    padded.extend_from_slice(&base[first_col_move..]);
    assert!(solves(&b, &padded));
    let short = remove_redundant(&b, &padded);
    assert!(solves(&b, &short));
    assert!(
        short.len() <= base.len(),
        "{} > {}",
        short.len(),
        base.len()
    );
    assert!(short.len() < padded.len());
}

#[test]
fn deep_shortening_is_never_longer() {
    let b = deal_board(25, Layout::default()).unwrap();
    let quick = solve(&b, &SolveOptions::default()).unwrap();
    let deep = solve(
        &b,
        &SolveOptions {
            shorten: Shorten::Deep,
            ..SolveOptions::default()
        },
    )
    .unwrap();
    assert_eq!(deep.verdict, Verdict::Solved);
    assert!(deep.steps.len() <= quick.steps.len());
    assert!(solves(&b, &deep.steps));
}

#[test]
fn reproduction_mode_solves_an_easy_deal() {
    let b = deal_board(1, Layout::default()).unwrap();
    let opts = SolveOptions {
        solver: SolverMode::Reproduce,
        ..SolveOptions::default()
    };
    let r = solve(&b, &opts).unwrap();
    assert_eq!(r.verdict, Verdict::Solved);
    assert!(r.steps.len() <= 120 + 52);
    assert!(solves(&b, &r.steps));
}

#[test]
fn fewer_free_cells_are_honoured() {
    // fc-solve also reports deal 1 unsolvable with two free cells
    let two = deal_board(1, Layout { cols: 8, cells: 2 }).unwrap();
    assert_eq!(
        solve(&two, &SolveOptions::default()).unwrap().verdict,
        Verdict::Unsolvable
    );
    let three = deal_board(1, Layout { cols: 8, cells: 3 }).unwrap();
    let r = solve(&three, &SolveOptions::default()).unwrap();
    assert_eq!(r.verdict, Verdict::Solved);
    assert!(solves(&three, &r.steps));
    assert!(
        r.steps
            .iter()
            .all(|s| !matches!(s.mv.to, Loc::Cell(i) if i >= 3))
    );
}

#[test]
fn a_raised_stop_flag_ends_the_exhaustive_search_early() {
    use std::sync::atomic::AtomicBool;
    use yomi_freecell::solve::{Outcome, exhaust};
    // 11982 is unsolvable: unstopped, the search visits every reachable state.
    let b = deal_board(11982, Layout::default()).unwrap();
    let search = |raised: bool| {
        exhaust::search(
            &b,
            MoveMode::Sequence,
            true,
            5_000_000,
            &AtomicBool::new(raised),
        )
    };
    let (whole, all) = search(false);
    assert_eq!(whole, Outcome::Exhausted);
    let (stopped, some) = search(true);
    assert_eq!(stopped, Outcome::Stopped);
    assert!(some < all / 2, "stopped after {some} of {all} states");
}

#[test]
fn shortcut_pass_shortens_a_depth_first_solution() {
    use yomi_freecell::solve::{Outcome, exhaust, shortcut::shortcut};
    let b = deal_board(5, Layout::default()).unwrap();
    let Outcome::Solved(long) =
        exhaust::search(&b, MoveMode::Sequence, true, 5_000_000, &Default::default()).0
    else {
        panic!("deal 5 is solvable");
    };
    assert!(solves(&b, &long));
    let short = shortcut(&b, &long, true, 2_000);
    assert!(solves(&b, &short));
    assert!(short.len() <= long.len());
    if long.len() > 200 {
        assert!(
            short.len() < long.len(),
            "{} moves not shortened",
            long.len()
        );
    }
}
