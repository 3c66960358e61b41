//! Perft counts from `data/perft.tsv` (public figures) must match exactly.
//! Entries up to `CI_LIMIT` leaves run by default; the rest are `#[ignore]`d
//! (run with `cargo test -p yomi-shogi --release -- --ignored`).

use yomi_shogi::{Position, perft, perft_lists};

const CI_LIMIT: u64 = 5_000_000;

struct Case {
    name: String,
    depth: u32,
    nodes: u64,
    sfen: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/perft.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert_eq!(f.len(), 4, "bad perft line: {l}");
            Case {
                name: f[0].to_string(),
                depth: f[1].parse().unwrap(),
                nodes: f[2].parse().unwrap(),
                sfen: f[3].to_string(),
            }
        })
        .collect()
}

fn check(select: impl Fn(&Case) -> bool) -> usize {
    let mut ran = 0;
    for c in cases().iter().filter(|c| select(c)) {
        let mut pos = Position::from_sfen(&c.sfen).unwrap();
        let before = pos.clone();
        assert_eq!(
            perft(&mut pos, c.depth),
            c.nodes,
            "{} depth {}",
            c.name,
            c.depth
        );
        if c.nodes <= CI_LIMIT {
            let n = perft_lists(&mut pos, c.depth);
            assert_eq!(n, c.nodes, "{} depth {} (move lists)", c.name, c.depth);
        }
        assert_eq!(pos, before, "perft must restore the position");
        ran += 1;
    }
    ran
}

#[test]
fn public_perft_counts_shallow() {
    let ran = check(|c| c.nodes <= CI_LIMIT);
    assert!(
        ran >= 9,
        "expected the shallow cases to be present, ran {ran}"
    );
}

#[test]
#[ignore = "deep perft: minutes; run in release with --ignored"]
fn public_perft_counts_deep() {
    check(|c| c.nodes > CI_LIMIT);
}
