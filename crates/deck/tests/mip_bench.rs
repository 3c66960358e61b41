//! Timings of the HiGHS backend (both formulations) next to the built-in `exact` branch and
//! bound on the same synthetic themed instances (K = 16): `yomi_deck::generate` with default
//! options (`MIP_BENCH_GEN=generate`, the default) or the simpler generator below
//! (`MIP_BENCH_GEN=themed`, background density `MIP_BENCH_BACKGROUND` percent). Ignored: these
//! run for minutes.
//! Prints a table; asserts only that every solver's answer is consistent with the others
//! (no timed assertions).
//!
//! `MIP_BENCH_PIECES=40,80 MIP_BENCH_SEEDS=1,2,3 MIP_BENCH_LIMIT=300 \`
//! `cargo test -p yomi-deck --features highs --test mip_bench -- --ignored --nocapture`
#![cfg(feature = "highs")]

use std::time::Duration;
use yomi_core::Rng;
use yomi_deck::generate::{GenerateOptions, generate};
use yomi_deck::model::{Instance, LeaderRule, Piece, Request, check};
use yomi_deck::solve::exact::{self, ExactOptions};
use yomi_deck::solve::mip::{self, Formulation, MipOptions};
use yomi_deck::solve::{Solution, vds};

/// A themed instance as the issue describes: costs 5-30, three attributes, groups of 1-3
/// identical pieces, a quarter leader-eligible, about one theme per 12 pieces whose members
/// score 20-40 together, and sparse weak pair scores (1-10, 5%) elsewhere.
fn themed(m: usize, seed: u64) -> Instance {
    let mut rng = Rng::new(seed);
    let background = env_list("MIP_BENCH_BACKGROUND", "5")[0] as usize;
    let attrs = ["god", "demon", "dragon"];
    let themes = (m / 12).max(3);
    let mut pieces = Vec::with_capacity(m);
    let mut theme_of = Vec::with_capacity(m);
    let mut group = 0;
    while pieces.len() < m {
        let copies = 1 + rng.below(3);
        let attribute = attrs[rng.below(3)];
        let theme = (rng.below(10) < 6).then(|| rng.below(themes));
        for _ in 0..copies.min(m - pieces.len()) {
            pieces.push(Piece {
                id: format!("p{}", pieces.len()),
                name: String::new(),
                cost: 5 + rng.below(26) as i64,
                attribute: attribute.into(),
                group: Some(format!("g{group}")),
                leader_eligible: rng.below(4) == 0,
                score: 0.0,
            });
            theme_of.push(theme);
        }
        group += 1;
    }
    let mut pairs = Vec::new();
    for a in 0..m {
        for b in a + 1..m {
            let same = theme_of[a].is_some() && theme_of[a] == theme_of[b];
            if same && rng.below(2) == 0 {
                pairs.push((a, b, (20 + rng.below(21)) as f64));
            } else if !same && rng.below(100) < background {
                pairs.push((a, b, (1 + rng.below(10)) as f64));
            }
        }
    }
    let request = Request {
        k: Some(16),
        cost_cap: Some(240),
        leader: LeaderRule::Chosen,
        group_limit: 1,
        ..Default::default()
    };
    Instance::new(pieces, &pairs, request)
}

fn env_list(name: &str, default: &str) -> Vec<u64> {
    std::env::var(name)
        .unwrap_or_else(|_| default.into())
        .split(',')
        .map(|s| {
            s.trim()
                .parse()
                .expect("a comma-separated list of integers")
        })
        .collect()
}

fn row(m: usize, seed: u64, name: &str, s: &Solution) {
    let gap = s.gap().map_or("-".into(), |g| format!("{:.1}%", 100.0 * g));
    let bound = s.bound.map_or("-".into(), |b| format!("{b:.1}"));
    println!(
        "{m:>6} {seed:>4} {name:<16} {:>9.2} {:>8.0} {bound:>10} {gap:>8} {}",
        s.elapsed.as_secs_f64(),
        s.objective,
        if s.proven_optimal {
            "optimal"
        } else {
            "stopped"
        }
    );
}

#[test]
#[ignore = "runs for minutes; see the module comment"]
fn mip_against_exact() {
    let limit = Duration::from_secs(env_list("MIP_BENCH_LIMIT", "300")[0]);
    let solvers = std::env::var("MIP_BENCH_SOLVERS").unwrap_or("standard,aggregated,exact".into());
    let generator = std::env::var("MIP_BENCH_GEN").unwrap_or("generate".into());
    println!("instances: {generator}");
    println!("pieces seed solver              time_s objective     bound      gap status");
    for m in env_list("MIP_BENCH_PIECES", "40,80") {
        for seed in env_list("MIP_BENCH_SEEDS", "1,2,3") {
            let inst = if generator == "themed" {
                themed(m as usize, seed)
            } else {
                generate(&GenerateOptions {
                    pieces: m as usize,
                    seed,
                    ..Default::default()
                })
            };
            let best = vds::solve(
                &inst,
                &vds::VdsOptions {
                    seed,
                    time_limit: Duration::from_secs(1),
                    ..Default::default()
                },
            );
            row(m as usize, seed, "vds 1s", &best);
            let mut optima = Vec::new();
            for name in solvers.split(',') {
                let sol = match name {
                    "exact" => exact::solve(
                        &inst,
                        &ExactOptions {
                            time_limit: limit,
                            ..Default::default()
                        },
                    ),
                    "standard" | "aggregated" => {
                        let formulation = if name == "standard" {
                            Formulation::Standard
                        } else {
                            Formulation::Aggregated
                        };
                        let opts = MipOptions {
                            time_limit: limit,
                            threads: None,
                            formulation,
                        };
                        mip::solve(&inst, &opts).expect("HiGHS runs")
                    }
                    other => panic!("unknown solver {other} in MIP_BENCH_SOLVERS"),
                };
                row(m as usize, seed, name, &sol);
                if sol.feasible {
                    assert_eq!(check(&inst, &sol.deck), Ok(sol.objective));
                }
                if let Some(b) = sol.bound {
                    assert!(b >= best.objective - 1e-6, "{name}: bound below a VDS deck");
                }
                if sol.proven_optimal {
                    optima.push(sol.objective);
                }
            }
            assert!(
                optima.windows(2).all(|w| (w[0] - w[1]).abs() < 1e-6),
                "solvers proved different optima: {optima:?}"
            );
        }
    }
}
