//! `yomi deck`: solve deck-building instances (library: yomi-deck).

use anyhow::{Context, Result, bail};
use clap::{Args, Subcommand, ValueEnum};
use load::{CsvArgs, InstanceFormat, RequestArgs, load_with_request};
use std::path::PathBuf;
use std::time::Duration;
use yomi_core::parse_duration;
use yomi_deck::report::Report;
use yomi_deck::solve::{exact, greedy, vds};

mod bench;
mod generate;
mod load;
mod serve;
mod tour;
pub use tour::tour;

/// Deck builder: best deck under cost, group, attribute, must-include and leader constraints.
#[derive(Args)]
pub struct DeckArgs {
    #[command(subcommand)]
    command: DeckCommand,
}

#[derive(Subcommand)]
enum DeckCommand {
    /// Solve an instance file and print the deck.
    Solve {
        /// Instance file.
        file: PathBuf,
        /// File format.
        #[arg(long, value_enum, default_value = "json")]
        format: InstanceFormat,
        #[command(flatten)]
        csv: CsvArgs,
        #[command(flatten)]
        request: RequestArgs,
        /// Solver.
        #[arg(long, value_enum, default_value = "vds")]
        solver: Solver,
        /// Time limit, e.g. 500ms, 2s [default: 1s for vds, 60s for exact and mip].
        #[arg(long, value_parser = parse_duration)]
        time: Option<Duration>,
        /// RNG seed for vds.
        #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
        seed: u64,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Measure the solvers: VDS short vs long on a large catalogue, exact vs HiGHS (with the
    /// `highs` feature), VDS vs best-known values on literature files.
    Bench {
        /// Pieces of the large generated catalogue.
        #[arg(long, default_value_t = 4000)]
        pieces: usize,
        /// Seeds of the generated instances, comma-separated.
        #[arg(long, default_value = "1,2,3", value_delimiter = ',', value_parser = crate::args::seed, allow_hyphen_values = true)]
        seeds: Vec<u64>,
        /// VDS budget under test.
        #[arg(long, default_value = "50ms", value_parser = parse_duration)]
        short: Duration,
        /// VDS budget of the reference run.
        #[arg(long, default_value = "60s", value_parser = parse_duration)]
        long: Duration,
        /// Pieces of the instances solved exactly (0 skips the exact comparison).
        #[arg(long, default_value_t = 80)]
        exact_pieces: usize,
        /// Time limit of each exact (and HiGHS) solve.
        #[arg(long, default_value = "300s", value_parser = parse_duration)]
        exact_time: Duration,
        /// Literature max-sum diversity files (MDPLIB format).
        #[arg(long, num_args = 1..)]
        mdp: Vec<PathBuf>,
        /// VDS budget per literature file.
        #[arg(long, default_value = "10s", value_parser = parse_duration)]
        mdp_time: Duration,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
    },
    /// Write a synthetic themed instance (JSON format) for tests and benchmarks.
    Generate {
        /// Number of pieces owned (M).
        #[arg(long, default_value_t = 2000)]
        pieces: usize,
        /// RNG seed.
        #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
        seed: u64,
        /// Deck size of the request.
        #[arg(long, default_value_t = 16)]
        k: usize,
        /// Attribute minimum of the request, e.g. god:10.
        #[arg(long, value_parser = generate::parse_attribute)]
        attribute: Option<(String, usize)>,
        /// Number of strong themes, at most 12500 [default: one per 400 pieces, at least 3].
        #[arg(long, value_parser = crate::args::count::<usize>(yomi_deck::generate::THEMES), allow_hyphen_values = true)]
        themes: Option<usize>,
        /// Output file (written atomically); stdout when absent.
        #[arg(long)]
        out: Option<PathBuf>,
        /// Write CSV tables instead: DIR/pieces.csv, DIR/pairs.csv (the request is not
        /// part of the tables).
        #[arg(long, conflicts_with = "out")]
        csv: Option<PathBuf>,
        /// Print the summary of the written file (pieces, themes, pairs, path) as one JSON
        /// object (with --out or --csv).
        #[arg(long)]
        json: bool,
    },
    /// Serve recommendations over HTTP: POST /recommend, GET /health.
    Serve(serve::ServeArgs),
}

#[derive(Clone, Copy, ValueEnum)]
enum Solver {
    /// Best marginal gain first (the baseline).
    Greedy,
    /// Hill climbing with variable depth search, perturbed until the time limit.
    Vds,
    /// Branch and bound: proves optimality, or reports the gap at the time limit.
    Exact,
    /// HiGHS MIP (built with `--features highs`): proves optimality or reports its gap.
    #[cfg(feature = "highs")]
    Mip,
}

/// Runs `yomi deck ...`.
pub fn run(args: DeckArgs) -> Result<()> {
    match args.command {
        DeckCommand::Bench {
            pieces,
            seeds,
            short,
            long,
            exact_pieces,
            exact_time,
            mdp,
            mdp_time,
            json,
        } => {
            let opts = yomi_deck::bench::BenchOptions {
                pieces,
                seeds,
                short,
                long,
                exact_pieces,
                exact_time,
                mdp,
                mdp_time,
            };
            bench::run(&opts, json)
        }
        DeckCommand::Generate {
            pieces,
            seed,
            k,
            attribute,
            themes,
            out,
            csv,
            json,
        } => {
            let opts = yomi_deck::generate::GenerateOptions {
                pieces,
                seed,
                k,
                attribute,
                themes,
                ..Default::default()
            };
            generate::run(&opts, out.as_deref(), csv.as_deref(), json)
        }
        DeckCommand::Serve(args) => serve::run(args),
        DeckCommand::Solve {
            file,
            format,
            csv,
            request,
            solver,
            time,
            seed,
            json,
        } => {
            let inst = load_with_request(&file, format, &csv, &request)?;
            let reasons = yomi_deck::diagnose(&inst);
            if !reasons.is_empty() {
                print_infeasible(&reasons, json)?;
                bail!("the request is infeasible: {}", reasons[0]);
            }
            let sol = match solver {
                Solver::Greedy => greedy::solve(&inst),
                Solver::Vds => {
                    let opts = vds::VdsOptions {
                        seed,
                        time_limit: time.unwrap_or(Duration::from_secs(1)),
                        ..Default::default()
                    };
                    vds::solve(&inst, &opts)
                }
                Solver::Exact => {
                    let opts = exact::ExactOptions {
                        seed,
                        time_limit: time.unwrap_or(Duration::from_secs(60)),
                        ..Default::default()
                    };
                    let pb = solving_bar("exact", &inst, opts.time_limit);
                    let sol = exact::solve(&inst, &opts);
                    pb.finish_and_clear();
                    sol
                }
                #[cfg(feature = "highs")]
                Solver::Mip => {
                    let opts = yomi_deck::solve::mip::MipOptions {
                        time_limit: time.unwrap_or(Duration::from_secs(60)),
                        ..Default::default()
                    };
                    let pb = solving_bar("HiGHS", &inst, opts.time_limit);
                    let sol = yomi_deck::solve::mip::solve(&inst, &opts);
                    pb.finish_and_clear();
                    sol.context("running HiGHS")?
                }
            };
            let report = Report::new(&inst, &sol);
            print_report(&report, format, json)?;
            if !sol.feasible {
                bail!("no feasible deck found");
            }
            Ok(())
        }
    }
}

/// On a terminal, the elapsed time of an exact solve against its limit: it stops at the
/// first proof or at the limit, silent otherwise for up to a minute by default.
fn solving_bar(
    solver: &str,
    inst: &yomi_deck::Instance,
    limit: Duration,
) -> indicatif::ProgressBar {
    let pb = crate::progress::steps_bar(limit);
    pb.set_message(format!(
        "{solver} on {} pieces: searching for a proof, stops at --time",
        inst.pieces.len()
    ));
    pb
}

/// Prints a solve report; literature formats list 0-based indices as numbers.
fn print_report(report: &Report, format: InstanceFormat, json: bool) -> Result<()> {
    if !json {
        println!("{report}");
        return Ok(());
    }
    let mut value = serde_json::to_value(report)?;
    if yomi_deck::load::Format::from(format).is_literature() {
        let indices: Vec<usize> = report
            .selected
            .iter()
            .map(|id| id.parse())
            .collect::<Result<_, _>>()
            .context("literature piece ids are indices")?;
        value["selected"] = serde_json::json!(indices);
    }
    println!("{value}");
    Ok(())
}

/// Prints why a request cannot be met (found before solving).
fn print_infeasible(reasons: &[yomi_deck::Infeasibility], json: bool) -> anyhow::Result<()> {
    let report = yomi_deck::report::InfeasibleReport::new(reasons);
    if json {
        // Through a JSON value, as before: keys in sorted order.
        println!("{}", serde_json::to_value(&report)?);
    } else {
        println!("{report}");
    }
    Ok(())
}
