//! The df-pn solver on the tsume collection in `data/tsume.txt`: every mate
//! found with the recorded length (proved shortest), a first move among the
//! recorded mating first moves, a line verified by replay; no-mate positions
//! answered `NoMate`.

use std::sync::atomic::AtomicBool;
use yomi_shogi::Position;
use yomi_shogi_engine::mate::{Dfpn, DfpnOptions, MateOutcome, verify_mate_line};

struct Problem {
    line: usize,
    length: Option<usize>,
    first: Vec<String>,
    sfen: String,
}

fn problems() -> Vec<Problem> {
    let text = include_str!("../data/tsume.txt");
    let mut out = Vec::new();
    for (i, l) in text.lines().enumerate() {
        if l.starts_with('#') || l.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = l.split('\t').collect();
        let p = if f[0] == "nomate" {
            Problem {
                line: i + 1,
                length: None,
                first: Vec::new(),
                sfen: f[1].to_string(),
            }
        } else {
            assert_eq!(f.len(), 4, "line {}: four columns", i + 1);
            Problem {
                line: i + 1,
                length: Some(f[0].parse().expect("length")),
                first: f[2].split(',').map(str::to_string).collect(),
                sfen: f[3].to_string(),
            }
        };
        out.push(p);
    }
    out
}

#[test]
fn the_collection_is_solved_with_the_recorded_answers() {
    let stop = AtomicBool::new(false);
    let mut solver = Dfpn::new(DfpnOptions {
        max_nodes: 2_000_000,
        time_limit: None,
        table_mb: 16,
        shortest: true,
    });
    let all = problems();
    assert!(all.len() >= 45, "{} problems", all.len());
    for p in &all {
        solver.clear();
        let pos = Position::from_sfen(&p.sfen).unwrap_or_else(|e| panic!("line {}: {e}", p.line));
        let r = solver.solve(&pos, &stop);
        match (p.length, &r.outcome) {
            (Some(len), MateOutcome::Mate(line)) => {
                assert!(verify_mate_line(&pos, line), "line {}: bad line", p.line);
                assert_eq!(line.len(), len, "line {}: {:?}", p.line, line);
                assert!(
                    solver.proven_shortest(),
                    "line {}: not proved shortest",
                    p.line
                );
                let first = line[0].to_string();
                assert!(
                    p.first.contains(&first),
                    "line {}: first move {first} not in {:?}",
                    p.line,
                    p.first
                );
            }
            (None, MateOutcome::NoMate) => {}
            (want, got) => panic!("line {}: expected {want:?}, got {got:?}", p.line),
        }
    }
}

#[test]
fn without_the_length_proof_every_mate_is_still_found_and_sound() {
    let stop = AtomicBool::new(false);
    let mut solver = Dfpn::new(DfpnOptions {
        max_nodes: 2_000_000,
        time_limit: None,
        table_mb: 16,
        shortest: false,
    });
    for p in &problems() {
        solver.clear();
        let pos = Position::from_sfen(&p.sfen).unwrap_or_else(|e| panic!("line {}: {e}", p.line));
        let r = solver.solve(&pos, &stop);
        // Without the minimisation, the first proof is the whole search.
        assert_eq!(r.proof_nodes, r.nodes, "line {}", p.line);
        match (p.length, &r.outcome) {
            // The line is a real mate, though the defender in it need not resist longest.
            (Some(_), MateOutcome::Mate(line)) => {
                assert!(verify_mate_line(&pos, line), "line {}: bad line", p.line);
                assert!(!solver.proven_shortest(), "line {}", p.line);
            }
            (None, MateOutcome::NoMate) => {}
            (want, got) => panic!("line {}: expected {want:?}, got {got:?}", p.line),
        }
    }
}
