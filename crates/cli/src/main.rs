//! `yomi`: the command line that reaches every yomi capability.
//!
//! Results go to stdout; logs (tracing, `YOMI_LOG=info`) and progress bars go
//! to stderr. Exit codes: 0 success, 1 failure, 2 bad usage or bad input (decided in one
//! place, [`usage::exit_code`]); 130/143/129 after Ctrl-C, SIGTERM, SIGHUP, and 0 when stdout
//! is closed early (`| head`), with every child process group killed first on every path
//! ([`exit`]).

mod arena;
mod args;
mod bench;
mod deck;
mod exit;
mod files;
mod freecell;
mod games;
mod party;
mod play;
mod progress;
mod shogi;
mod show;
mod solve;
mod tour;
mod tune;
mod usage;
mod xmasrush;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "yomi",
    version,
    about = "Game-AI toolkit: search, solvers and optimizers for real games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// A short demonstration of every capability on built-in defaults.
    Tour,
    /// Play a game: any mix of `human` and strategy specs.
    Play(play::PlayArgs),
    /// Exact value, best moves, nodes and time for a position.
    Solve(solve::SolveArgs),
    /// Match two strategies in paired games: W/D/L, Elo ± error, LOS, SPRT.
    Arena(arena::ArenaArgs),
    /// Fixed search workload: total nodes and nodes per second.
    Bench(bench::BenchArgs),
    /// List the strategies and their parameters.
    Strategies,
    /// Gen-1 party strength: battles, the random-battle dataset, ridge fits, party search.
    Party(party::PartyArgs),
    /// Shogi rules core: perft, legal moves (USI) and board diagrams for SFEN positions.
    Shogi(shogi::ShogiArgs),
    /// The shogi engine on stdin/stdout (USI protocol), as the `yomi-usi` executable.
    Usi,
    /// FreeCell: Microsoft deals, a complete solver, range statistics and training datasets.
    Freecell(freecell::FreecellArgs),
    /// Deck builder: best deck under cost, group, attribute, must-include and leader constraints.
    Deck(deck::DeckArgs),
    /// CodinGame's Xmas Rush: local matches, a stdin/stdout bot, replay pages, round robins.
    Xmasrush(xmasrush::XmasrushArgs),
    /// Tune a strategy's or engine's parameters by play: sweeps and SPSA, with charts.
    Tune(tune::TuneArgs),
}

fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("YOMI_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .init();
    exit::install();
    let cli = Cli::parse();
    let started = std::time::Instant::now();
    let args: Vec<String> = std::env::args().skip(1).collect();
    tracing::info!("yomi {}", args.join(" "));
    // A panic that reaches here was reported by the hook; the children go with it.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(cli.command)));
    // Whatever the command left (a player a thread still holds), nothing outlives yomi.
    yomi_core::process::kill_all();
    tracing::info!(
        "{} in {:.2} s",
        match &result {
            Ok(Ok(())) => "finished",
            Ok(Err(_)) => "failed",
            Err(_) => "panicked",
        },
        started.elapsed().as_secs_f64()
    );
    match result {
        Ok(Ok(())) => ExitCode::SUCCESS,
        Ok(Err(err)) => {
            eprintln!("error: {err:#}");
            ExitCode::from(usage::exit_code(&err))
        }
        Err(_) => ExitCode::from(exit::panicked()),
    }
}

/// Runs one command.
fn run(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Tour => tour::run(),
        Command::Play(args) => play::run(args),
        Command::Solve(args) => solve::run(args),
        Command::Arena(args) => arena::run(args),
        Command::Bench(args) => bench::run(args),
        Command::Party(args) => party::run(args),
        Command::Shogi(args) => shogi::run(args),
        Command::Usi => shogi::usi::run(),
        Command::Freecell(args) => freecell::run(args),
        Command::Deck(args) => deck::run(args),
        Command::Xmasrush(args) => xmasrush::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Strategies => {
            for (name, params) in yomi_search::spec::STRATEGIES {
                println!("{name:<10} {params}");
            }
            println!(
                "\nspec syntax: name[:key=value,...], e.g. mcts:iterations=1000,c=1.4,expand=10  alphabeta:time=100ms"
            );
            println!(
                "duct plays the simultaneous-move games (goofspiel, rps, biased_rps: the library and Python's yomi.search); the others the alternating games"
            );
            Ok(())
        }
    }
}
