//! Side-by-side comparison with the `minimax` crate (edre/minimax-rs) on the
//! same Connect Four work, in one run on one machine, single thread:
//! perft(9), iterative alpha-beta to depth 12 with a 64 MB table, and MCTS
//! with random rollouts. Both libraries drive the same board type (yomi's
//! bitboard `Connect4`, adapted to minimax's `Game` trait below), so the
//! comparison measures the search code. Rounds alternate which library runs
//! first; prints the median of the rounds with their range, and the ratio of
//! the medians (minimax time / yomi time; > 1 means yomi is faster).
//!
//! Run: `cargo bench -p yomi-games --bench vs_minimax` (`ROUNDS=9` for more rounds;
//! `PROFILE=yomi` or `PROFILE=minimax` runs one alpha-beta search of one library, `PROFILE=mcts`
//! yomi's MCTS alone, for a profiler).

use minimax::Strategy as _;
use std::time::{Duration, Instant};
use yomi_games::Connect4;
use yomi_games::connect4::Column;
use yomi_search::{
    AlphaBeta, AlphaBetaOptions, Budget, Game, Mcts, MctsOptions, Outcome, Strategy,
};

struct Mm;

impl minimax::Game for Mm {
    type S = Connect4;
    type M = Column;

    fn generate_moves(s: &Connect4, moves: &mut Vec<Column>) -> Option<minimax::Winner> {
        s.legal_moves(moves);
        Self::get_winner(s)
    }

    fn apply(s: &mut Connect4, m: Column) -> Option<Connect4> {
        let mut n = *s;
        n.play(m);
        Some(n)
    }

    fn get_winner(s: &Connect4) -> Option<minimax::Winner> {
        s.outcome().map(|o| match o {
            Outcome::Loss => minimax::Winner::PlayerJustMoved,
            Outcome::Win => minimax::Winner::PlayerToMove,
            Outcome::Draw => minimax::Winner::Draw,
        })
    }

    fn zobrist_hash(s: &Connect4) -> u64 {
        s.hash().expect("connect4 hashes")
    }

    fn notation(_s: &Connect4, m: Column) -> Option<String> {
        Some(m.to_string())
    }
}

struct Eval;

impl minimax::Evaluator for Eval {
    type G = Mm;
    fn evaluate(&self, s: &Connect4) -> minimax::Evaluation {
        s.evaluate().clamp(-30_000, 30_000) as i16
    }
}

fn median(v: &[Duration]) -> Duration {
    let mut v = v.to_vec();
    v.sort();
    v[v.len() / 2]
}

/// "median (min-max)" in milliseconds.
fn spread(v: &[Duration]) -> String {
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (lo, hi) = (v.iter().min().unwrap(), v.iter().max().unwrap());
    format!("{:.1} ms ({:.1}-{:.1})", ms(median(v)), ms(*lo), ms(*hi))
}

/// Runs `ours` and `theirs` once each per round, `ours` first in even rounds and
/// second in odd ones, and returns both series of times.
fn alternate<A, B>(
    rounds: usize,
    mut ours: impl FnMut(usize) -> (A, Duration),
    mut theirs: impl FnMut(usize) -> (B, Duration),
) -> (Vec<Duration>, Vec<Duration>, Option<(A, B)>) {
    let (mut a, mut b, mut last) = (Vec::new(), Vec::new(), None);
    for round in 0..rounds {
        let (ra, rb) = if round % 2 == 0 {
            let ra = ours(round);
            (ra, theirs(round))
        } else {
            let rb = theirs(round);
            (ours(round), rb)
        };
        a.push(ra.1);
        b.push(rb.1);
        last = Some((ra.0, rb.0));
    }
    (a, b, last)
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed())
}

fn report(name: &str, ours: &[Duration], theirs: &[Duration], detail: &str) {
    println!(
        "{name:<44} yomi {}   minimax {}   ratio of medians {:>5.2}x   {detail}",
        spread(ours),
        spread(theirs),
        median(theirs).as_secs_f64() / median(ours).as_secs_f64()
    );
}

fn main() {
    let rounds = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(5);
    let start = Connect4::initial();
    // PROFILE=yomi|minimax runs one alpha-beta search of that library only (for perf / callgrind).
    match std::env::var("PROFILE").as_deref() {
        Ok("yomi") => {
            let mut ab = AlphaBeta::new(AlphaBetaOptions {
                depth: Some(12),
                iterative: true,
                tt_megabytes: 64,
                budget: Budget::default(),
            });
            println!("{} nodes", ab.search(&start).nodes);
            return;
        }
        Ok("mcts") => {
            let mut m = Mcts::<Connect4>::new(MctsOptions {
                budget: Budget::iterations(200_000),
                expand_threshold: 1,
                ..MctsOptions::default()
            });
            println!("{}", m.choose(&start).best);
            return;
        }
        Ok("minimax") => {
            let mut theirs = minimax::IterativeSearch::new(
                Eval,
                minimax::IterativeOptions::new().with_table_byte_size(64 << 20),
            );
            theirs.set_max_depth(12);
            theirs.choose_move(&start);
            return;
        }
        _ => {}
    }

    // perft(9): 39,394,572 leaves.
    let (a, b, _) = alternate(
        rounds,
        |_| {
            let (n, t) = time(|| yomi_search::perft::perft(&start, 9));
            assert_eq!(n, 39_394_572);
            ((), t)
        },
        |_| {
            let (counts, t) = time(|| {
                let mut s = start;
                minimax::perft::<Mm>(&mut s, 9, false)
            });
            assert_eq!(counts[9], 39_394_572, "both libraries count the same tree");
            ((), t)
        },
    );
    // minimax's perft times every depth 0..=9; the sum is what its call costs.
    report(
        "perft(9), 39,394,572 leaves",
        &a,
        &b,
        "(minimax: all depths 0-9 in one call)",
    );

    // Iterative alpha-beta to depth 12 with a 64 MB table. Both searchers are built
    // inside the timed region (each allocates its table there) and dropped after it.
    let (a, b, last) = alternate(
        rounds,
        |_| {
            let ((ab, r), t) = time(|| {
                let mut ab = AlphaBeta::new(AlphaBetaOptions {
                    depth: Some(12),
                    iterative: true,
                    tt_megabytes: 64,
                    budget: Budget::default(),
                });
                let r = ab.search(&start);
                (ab, r)
            });
            drop(ab);
            (r, t)
        },
        |_| {
            time(|| {
                let mut theirs = minimax::IterativeSearch::new(
                    Eval,
                    minimax::IterativeOptions::new().with_table_byte_size(64 << 20),
                );
                theirs.set_max_depth(12);
                let best = theirs.choose_move(&start);
                (theirs, best)
            })
        },
    );
    let (r, (theirs, their_best)) = last.expect("at least one round");
    let mut s = start;
    let detail = format!(
        "yomi {} nodes, best {}; minimax best {}: {}",
        r.nodes,
        r.pv[0],
        their_best.map_or("none".to_string(), |m| m.to_string()),
        theirs.stats(&mut s).replace('\n', " | ")
    );
    report(
        "iterative alpha-beta depth 12, 64 MB table",
        &a,
        &b,
        &detail,
    );

    // MCTS with random rollouts, single thread, one node added per rollout.
    let rollouts = 200_000u32;
    let (a, b, _) = alternate(
        rounds,
        |round| {
            time(|| {
                let mut m = Mcts::<Connect4>::new(MctsOptions {
                    budget: Budget::iterations(rollouts as u64),
                    expand_threshold: 1,
                    seed: round as u64,
                    ..MctsOptions::default()
                });
                m.choose(&start)
            })
        },
        |_| {
            time(|| {
                let mut theirs = minimax::MonteCarloTreeSearch::<Mm>::new(
                    minimax::MCTSOptions::default().with_num_threads(1),
                );
                theirs.set_max_rollouts(rollouts);
                theirs.choose_move(&start)
            })
        },
    );
    let detail = format!(
        "yomi {:.2} M rollouts/s, minimax {:.2} M rollouts/s (medians)",
        rollouts as f64 / median(&a).as_secs_f64() / 1e6,
        rollouts as f64 / median(&b).as_secs_f64() / 1e6
    );
    report("MCTS 200k random rollouts", &a, &b, &detail);
}
