//! Side-by-side comparison with the `minimax` crate (edre/minimax-rs) on the
//! same Connect Four work, in one run on one machine, single thread:
//! perft(9), iterative alpha-beta to depth 12 with a 64 MB table, and MCTS
//! with random rollouts. Both libraries drive the same board type (yomi's
//! bitboard `Connect4`, adapted to minimax's `Game` trait below), so the
//! comparison measures the search code. Prints the fastest of several rounds (the least disturbed by other load)
//! and the ratio (minimax time / yomi time; > 1 means yomi is faster).
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
}

struct Eval;

impl minimax::Evaluator for Eval {
    type G = Mm;
    fn evaluate(&self, s: &Connect4) -> minimax::Evaluation {
        s.evaluate().clamp(-30_000, 30_000) as i16
    }
}

fn best(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[0]
}

fn time<T>(f: impl FnOnce() -> T) -> (T, Duration) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed())
}

fn report(name: &str, ours: Duration, theirs: Duration, detail: &str) {
    println!(
        "{name:<44} yomi {:>9.1} ms   minimax {:>9.1} ms   ratio {:>5.2}x   {detail}",
        ours.as_secs_f64() * 1e3,
        theirs.as_secs_f64() * 1e3,
        theirs.as_secs_f64() / ours.as_secs_f64()
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
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for _ in 0..rounds {
        let (n, t) = time(|| yomi_search::perft::perft(&start, 9));
        assert_eq!(n, 39_394_572);
        a.push(t);
        let (counts, t) = time(|| {
            let mut s = start;
            minimax::perft::<Mm>(&mut s, 9, false)
        });
        assert_eq!(counts[9], 39_394_572, "both libraries count the same tree");
        b.push(t);
    }
    // minimax's perft times every depth 0..=9; the sum is what its call costs.
    report(
        "perft(9), 39,394,572 leaves",
        best(a),
        best(b),
        "(minimax: all depths 0-9 in one call)",
    );

    // Iterative alpha-beta to depth 12 with a 64 MB table.
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut detail = String::new();
    for _ in 0..rounds {
        let (r, t) = time(|| {
            let mut ab = AlphaBeta::new(AlphaBetaOptions {
                depth: Some(12),
                iterative: true,
                tt_megabytes: 64,
                budget: Budget::default(),
            });
            ab.search(&start)
        });
        a.push(t);
        // Both searchers are built inside the timed region: each allocates its 64 MB table there.
        let (theirs, t) = time(|| {
            let mut theirs = minimax::IterativeSearch::new(
                Eval,
                minimax::IterativeOptions::new().with_table_byte_size(64 << 20),
            );
            theirs.set_max_depth(12);
            theirs.choose_move(&start);
            theirs
        });
        b.push(t);
        let mut s = start;
        detail = format!(
            "yomi {} nodes; minimax: {}",
            r.nodes,
            theirs.stats(&mut s).replace('\n', " | ")
        );
    }
    report(
        "iterative alpha-beta depth 12, 64 MB table",
        best(a),
        best(b),
        &detail,
    );

    // MCTS with random rollouts, single thread, one node added per rollout.
    let rollouts = 200_000u32;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        let (_, t) = time(|| {
            let mut m = Mcts::<Connect4>::new(MctsOptions {
                budget: Budget::iterations(rollouts as u64),
                expand_threshold: 1,
                seed: round as u64,
                ..MctsOptions::default()
            });
            m.choose(&start)
        });
        a.push(t);
        let (_, t) = time(|| {
            let mut theirs = minimax::MonteCarloTreeSearch::<Mm>::new(
                minimax::MCTSOptions::default().with_num_threads(1),
            );
            theirs.set_max_rollouts(rollouts);
            theirs.choose_move(&start)
        });
        b.push(t);
    }
    let (ma, mb) = (best(a), best(b));
    let detail = format!(
        "yomi {:.2} M rollouts/s, minimax {:.2} M rollouts/s",
        rollouts as f64 / ma.as_secs_f64() / 1e6,
        rollouts as f64 / mb.as_secs_f64() / 1e6
    );
    report("MCTS 200k random rollouts", ma, mb, &detail);
}
