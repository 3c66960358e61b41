//! Deep perft, timed once per engine: startpos depth 6 and matsuri depth 4
//! (the reference workloads), yomi-shogi (bulk counting by popcount,
//! then with move lists at the leaves) and `haitaka`, single
//! thread, bulk counting. Prints leaves, seconds and M leaves/s.
//! `cargo bench -p yomi-shogi --bench perft_deep` (about a minute).

mod common;

use std::time::Instant;

/// A perft driver: (SFEN, depth) -> leaves.
type Perft = fn(&str, u32) -> u64;

fn main() {
    // `cargo bench` passes `--bench`; an optional filter selects engines.
    let filter: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let engines: [(&str, Perft); 3] = [
        ("yomi", common::yomi),
        ("yomi-list", common::yomi_lists),
        ("haitaka", common::haitaka),
    ];
    let cases = [
        ("startpos", common::START, 6, 547_581_517u64),
        ("matsuri", common::MATSURI, 4, 516_925_165),
    ];
    println!(
        "{:<9} {:<9} {:>5} {:>12} {:>9} {:>12}",
        "engine", "position", "depth", "leaves", "seconds", "M leaves/s"
    );
    for (case, sfen, depth, expected) in cases {
        for (engine, run) in engines {
            if !filter.is_empty() && !filter.iter().any(|f| f == engine || f == case) {
                continue;
            }
            let t = Instant::now();
            let n = run(sfen, depth);
            let s = t.elapsed().as_secs_f64();
            assert_eq!(n, expected, "{engine} {case} depth {depth}");
            println!(
                "{engine:<9} {case:<9} {depth:>5} {n:>12} {s:>9.2} {:>12.1}",
                n as f64 / s / 1e6
            );
        }
    }
}
