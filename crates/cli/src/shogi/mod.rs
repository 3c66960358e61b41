//! `yomi shogi`: perft, legal moves and board diagrams for shogi positions
//! (the rules core in `yomi-shogi`), the mate solver and opening books
//! (`yomi-shogi-engine`), datasets, training and tuning (`yomi-shogi-train`).

mod bench;
mod book;
mod dataset;
mod mate;
mod nn;
mod nnue;
mod nnue_train;
mod train;
mod tune;
pub mod usi;
pub mod usi_arena;

use crate::show::{indent, section};
use crate::usage::usage;
use anyhow::{Context, Result};
use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use yomi_shogi::{Position, divide, perft};
use yomi_shogi_engine::mate::{Dfpn, DfpnOptions, MateOutcome};

/// Arguments of `yomi shogi`.
#[derive(clap::Args, Debug)]
pub struct ShogiArgs {
    #[command(subcommand)]
    command: ShogiCommand,
}

#[derive(clap::Subcommand, Debug)]
enum ShogiCommand {
    /// Count the leaves of the legal move tree: nodes, time and nodes per second.
    Perft(PerftArgs),
    /// The legal moves in USI notation, sorted, on one line.
    Moves(MovesArgs),
    /// A board diagram of a position.
    Show(PositionArgs),
    /// Find a forced mate by continuous checks (df-pn): the line, its length, nodes, time.
    Mate(mate::MateArgs),
    /// Opening books in YaneuraOu's format: make one from games, probe one.
    Book(book::BookArgs),
    /// The engine's fixed search workload: node count (behaviour fingerprint) and nodes/s.
    Bench(bench::BenchArgs),
    /// Self-play positions labelled with search score and result, as sharded resumable Parquet.
    Dataset(dataset::DatasetArgs),
    /// Train the value network on dataset rows (hand-written backward pass, AdamW, resumable).
    Train(train::TrainArgs),
    /// Fit the Control evaluation's weights to the quiet positions of dataset rows (Texel's method).
    Tune(tune::TuneArgs),
    /// The value network: throughput of the batched forward, seeded random weights files.
    Nn(nn::NnArgs),
    /// NNUE nets in YaneuraOu's classic format: seeded random nets, scores of positions.
    Nnue(nnue::NnueArgs),
}

#[derive(clap::Args, Debug)]
struct PositionArgs {
    /// Position as SFEN (or `startpos`).
    #[arg(long, default_value = "startpos")]
    sfen: String,
    /// USI moves to play from the position first, space-separated (e.g. "7g7f 3c3d").
    #[arg(long, default_value = "")]
    moves: String,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct PerftArgs {
    /// Depth in plies (0-12).
    depth: u32,
    #[command(flatten)]
    pos: PositionArgs,
    /// Also print the leaf count below each legal move.
    #[arg(long)]
    divide: bool,
}

#[derive(clap::Args, Debug)]
struct MovesArgs {
    #[command(flatten)]
    pos: PositionArgs,
    /// Read SFENs from stdin, one per line, and print one sorted move line per
    /// SFEN (used by the cshogi differential test).
    #[arg(long, hide = true)]
    batch: bool,
}

/// Runs `yomi shogi`.
pub fn run(args: ShogiArgs) -> Result<()> {
    match args.command {
        ShogiCommand::Perft(a) => run_perft(a),
        ShogiCommand::Moves(a) if a.batch => run_batch(),
        ShogiCommand::Moves(a) => run_moves(a),
        ShogiCommand::Show(a) => run_show(a),
        ShogiCommand::Mate(a) => mate::run_mate(a),
        ShogiCommand::Book(a) => book::run_book(a),
        ShogiCommand::Bench(a) => bench::run_bench(a),
        ShogiCommand::Dataset(a) => dataset::run(a),
        ShogiCommand::Train(a) => train::run(a),
        ShogiCommand::Tune(a) => tune::run(a),
        ShogiCommand::Nn(a) => nn::run(a),
        ShogiCommand::Nnue(a) => nnue::run(a),
    }
}

fn load(args: &PositionArgs) -> Result<Position> {
    let mut pos = Position::from_sfen(&args.sfen).map_err(|e| usage(format!("--sfen: {e}")))?;
    for (i, text) in args.moves.split_whitespace().enumerate() {
        let m = pos
            .parse_usi(text)
            .map_err(|e| usage(format!("--moves, move {}: {e}", i + 1)))?;
        pos.do_move(m);
    }
    Ok(pos)
}

fn sorted_moves(pos: &Position) -> Vec<String> {
    let mut v: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    v.sort();
    v
}

fn run_perft(a: PerftArgs) -> Result<()> {
    if a.depth > 12 {
        return Err(usage(format!(
            "perft depth {} is too deep (at most 12)",
            a.depth
        )));
    }
    let mut pos = load(&a.pos)?;
    let start = Instant::now();
    let (nodes, per_move) = if a.divide {
        let d = divide(&mut pos, a.depth.max(1));
        let mut d: Vec<(String, u64)> = d.into_iter().map(|(m, n)| (m.to_string(), n)).collect();
        d.sort();
        (d.iter().map(|x| x.1).sum(), Some(d))
    } else {
        (perft(&mut pos, a.depth), None)
    };
    let secs = start.elapsed().as_secs_f64();
    let nps = nodes as f64 / secs.max(1e-9);
    if a.pos.json {
        let mut obj = serde_json::json!({
            "sfen": pos.to_sfen(), "depth": a.depth, "nodes": nodes,
            "seconds": secs, "nodes_per_second": nps,
        });
        if let Some(d) = per_move {
            obj["divide"] = d
                .into_iter()
                .map(|(m, n)| (m, serde_json::Value::from(n)))
                .collect();
        }
        println!("{obj}");
    } else {
        if let Some(d) = per_move {
            for (m, n) in d {
                println!("{m}: {n}");
            }
        }
        println!(
            "perft({}) = {nodes}  time {secs:.3} s  {:.2} M nodes/s",
            a.depth,
            nps / 1e6
        );
    }
    Ok(())
}

fn run_moves(a: MovesArgs) -> Result<()> {
    let pos = load(&a.pos)?;
    let moves = sorted_moves(&pos);
    if a.pos.json {
        println!(
            "{}",
            serde_json::json!({"sfen": pos.to_sfen(), "count": moves.len(), "moves": moves})
        );
    } else {
        println!("{}", moves.join(" "));
    }
    Ok(())
}

fn run_batch() -> Result<()> {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(crate::exit::stdout());
    for (i, line) in stdin.lock().lines().enumerate() {
        let line = line.context("reading SFENs from stdin")?;
        if line.trim().is_empty() {
            continue;
        }
        let pos =
            Position::from_sfen(&line).map_err(|e| usage(format!("stdin line {}: {e}", i + 1)))?;
        writeln!(out, "{}", sorted_moves(&pos).join(" "))?;
    }
    out.flush()?;
    Ok(())
}

fn run_show(a: PositionArgs) -> Result<()> {
    let pos = load(&a)?;
    if a.json {
        let checkers: Vec<String> = pos.checkers().map(square_name).collect();
        println!(
            "{}",
            serde_json::json!({
                "sfen": pos.to_sfen(),
                "side_to_move": format!("{:?}", pos.side_to_move()).to_lowercase(),
                "in_check": !checkers.is_empty(),
                "checkers": checkers,
                "legal_moves": pos.legal_moves().len(),
                "key": format!("{:016x}", pos.key()),
                "diagram": pos.to_string(),
            })
        );
    } else {
        println!("{pos}");
        println!("legal moves: {}", pos.legal_moves().len());
    }
    Ok(())
}

fn square_name(sq: yomi_shogi::Square) -> String {
    let mut s = String::new();
    let _ = yomi_shogi::types::write_square(&mut s, sq);
    s
}

/// A short shogi demonstration for `yomi tour`.
pub fn tour() -> Result<()> {
    section(
        "Shogi rules core: perft from the start position (bitboards, fully legal moves)",
        "yomi shogi perft 4",
    );
    let mut pos = Position::startpos();
    println!("{}", indent(&pos.to_string()));
    for depth in 1..=4 {
        let start = Instant::now();
        let n = perft(&mut pos, depth);
        let s = start.elapsed().as_secs_f64();
        println!(
            "   perft({depth}) = {n:>9}  {:.1} M nodes/s",
            n as f64 / s.max(1e-9) / 1e6
        );
    }
    section(
        "Shogi: a position after three moves, its legal moves in USI, and an illegal move explained",
        "yomi shogi show --sfen startpos --moves \"7g7f 3c3d 8h2b+\"",
    );
    for text in ["7g7f", "3c3d", "8h2b+"] {
        let m = pos.parse_usi(text)?;
        pos.do_move(m);
    }
    println!("{}", indent(&pos.to_string()));
    println!("   White's legal moves: {}", sorted_moves(&pos).join(" "));
    match pos.parse_usi("2b3a") {
        Ok(_) => println!("   unexpected: 2b3a accepted"),
        Err(e) => println!("   illegal input is explained: {e}"),
    }
    section(
        "Shogi mate search: a 7-ply tsume problem solved by df-pn, its length proved shortest",
        &format!("yomi shogi mate --sfen \"{TOUR_TSUME}\""),
    );
    let tsume = Position::from_sfen(TOUR_TSUME)?;
    let mut solver = Dfpn::new(DfpnOptions {
        max_nodes: 5_000_000,
        time_limit: None,
        table_mb: 64,
        shortest: true,
    });
    let r = solver.solve(&tsume, &AtomicBool::new(false));
    match &r.outcome {
        MateOutcome::Mate(line) => {
            let moves: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            println!(
                "   mate in {} (shortest proved: {}): {}; {} nodes in {:.3} s",
                moves.len(),
                solver.proven_shortest(),
                moves.join(" "),
                r.nodes,
                r.time.as_secs_f64()
            );
        }
        other => println!("   unexpected: {other:?}"),
    }
    section(
        "Monte Carlo Softmax Search with the built-in value network: batched evaluation of many leaves",
        "yomi shogi bench --search softmax --eval Network --evaluations 3000 --batch 64",
    );
    let net = yomi_shogi_engine::eval::network::load(None)?;
    let config = net.config();
    let options = yomi_shogi_engine::softmax::SoftmaxOptions {
        batch: 64,
        pipelined: false,
        ..Default::default()
    };
    let eval = yomi_shogi_engine::eval::LoadedEval::network(net);
    let positions = &yomi_shogi_engine::bench::BENCH_POSITIONS[..1];
    let lines = yomi_shogi_engine::bench::run_softmax(positions, None, Some(3000), &eval, &options);
    for l in &lines {
        println!(
            "   network {} layers x {} channels; best {} score {} after {} playouts, {} positions in {} batches (mean {:.0}), {:.2} s",
            config.layers,
            config.channels,
            l.best,
            l.score,
            l.stats.playouts,
            l.stats.evaluations,
            l.stats.batches,
            l.stats.mean_batch(),
            l.time.as_secs_f64()
        );
    }
    // `cargo run -- tour` builds only `yomi`: say how to get the engine when
    // it is not beside this executable yet.
    let engine = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join("yomi-usi")))
        .filter(|path| path.exists());
    match engine {
        Some(path) => println!(
            "   the engine itself: {} (or `yomi usi`) in a USI GUI",
            path.display()
        ),
        None => println!(
            "   the engine itself: `cargo build --release -p yomi-usi` builds target/release/yomi-usi \
             for a USI GUI (`yomi usi` runs the same engine now)"
        ),
    }
    Ok(())
}

/// The tour's tsume problem (from `crates/shogi-engine/data/tsume.txt`, 7 plies).
const TOUR_TSUME: &str = "9/9/9/4k4/9/4P4/9/9/K8 b 4G2r2b4s4n4l17p 1";
