//! `yomi shogi nnue`: evaluation files in YaneuraOu's classic NNUE format (library:
//! `yomi_shogi_engine::eval::nnue`): `init` writes a seeded random `halfKP 256x2-32-32` net
//! that YaneuraOu loads, `eval` scores positions with a net as YaneuraOu's `eval` command
//! prints them (one SFEN per line of a file, or `startpos`), `pack` and `unpack` turn a net
//! into yomi's compact lossless form and back; `train` and `convert` are in `nnue_train`.

use crate::usage::usage;
use anyhow::{Context, Result};
use std::path::PathBuf;
use yomi_shogi::Position;
use yomi_shogi_engine::eval::nnue::file::FILE_SIZE;
use yomi_shogi_engine::eval::nnue::{DEFAULT_FV_SCALE, Nnue, NnueFileError, pack};

/// Arguments of `yomi shogi nnue`.
#[derive(clap::Args, Debug)]
pub struct NnueArgs {
    #[command(subcommand)]
    command: NnueCommand,
}

#[derive(clap::Subcommand, Debug)]
enum NnueCommand {
    /// Write a seeded random halfKP 256x2-32-32 net (YaneuraOu's nn.bin format).
    Init(InitArgs),
    /// Score positions with a net, from the side to move, as YaneuraOu's `eval` prints them.
    Eval(EvalArgs),
    /// Train a net on dataset rows or YaneuraOu .bin records (CPU, resumable).
    Train(crate::shogi::nnue_train::NnueTrainArgs),
    /// Convert training data between YaneuraOu's .bin records and Parquet dataset rows.
    Convert(crate::shogi::nnue_train::ConvertArgs),
    /// Store a net in yomi's compact lossless form (how the built-in net is shipped).
    Pack(PackArgs),
    /// Write a packed net back as YaneuraOu's nn.bin (without --packed: the built-in net).
    Unpack(UnpackArgs),
}

#[derive(clap::Args, Debug)]
struct PackArgs {
    /// The net (nn.bin).
    #[arg(long)]
    net: PathBuf,
    /// The packed file to write (whole or not at all).
    #[arg(long)]
    out: PathBuf,
}

#[derive(clap::Args, Debug)]
struct UnpackArgs {
    /// A packed net (`yomi shogi nnue pack`); without it, the net built into yomi.
    #[arg(long)]
    packed: Option<PathBuf>,
    /// The nn.bin to write (whole or not at all).
    #[arg(long)]
    out: PathBuf,
}

#[derive(clap::Args, Debug)]
struct InitArgs {
    /// Seed of the weights.
    #[arg(long, default_value_t = 1, value_parser = crate::args::seed, allow_hyphen_values = true)]
    seed: u64,
    /// The file to write (whole or not at all).
    #[arg(long)]
    out: PathBuf,
}

#[derive(clap::Args, Debug)]
struct EvalArgs {
    /// The net (nn.bin).
    #[arg(long)]
    net: PathBuf,
    /// A file of positions, one SFEN (or `startpos`) per line; blank lines are skipped.
    #[arg(long)]
    positions: PathBuf,
    /// The output's divisor, as YaneuraOu's USI option FV_SCALE (1 to 128).
    #[arg(long, default_value_t = DEFAULT_FV_SCALE, value_parser = clap::value_parser!(i32).range(1..=128))]
    fv_scale: i32,
    /// Print one JSON array of {sfen, score}.
    #[arg(long)]
    json: bool,
}

/// Runs `yomi shogi nnue`.
pub fn run(args: NnueArgs) -> Result<()> {
    match args.command {
        NnueCommand::Init(a) => {
            Nnue::random(a.seed)
                .write(&a.out)
                .with_context(|| format!("writing {}", a.out.display()))?;
            println!(
                "wrote {} (halfKP 256x2-32-32, seed {})",
                a.out.display(),
                a.seed
            );
            Ok(())
        }
        NnueCommand::Eval(a) => eval(a),
        NnueCommand::Train(a) => crate::shogi::nnue_train::train(a),
        NnueCommand::Convert(a) => crate::shogi::nnue_train::convert(a),
        NnueCommand::Pack(a) => {
            let net = read_net(&a.net)?;
            let packed = pack::pack(&net);
            yomi_core::files::write_atomic(&a.out, &packed)
                .with_context(|| format!("writing {}", a.out.display()))?;
            println!(
                "wrote {} ({} bytes; the net is {FILE_SIZE})",
                a.out.display(),
                packed.len()
            );
            Ok(())
        }
        NnueCommand::Unpack(a) => {
            let net = match &a.packed {
                Some(path) => std::sync::Arc::new(
                    pack::read(path).map_err(|e| usage(format!("{}: {e}", path.display())))?,
                ),
                None => pack::builtin().context("the built-in net")?,
            };
            net.write(&a.out)
                .with_context(|| format!("writing {}", a.out.display()))?;
            println!("wrote {} (halfKP 256x2-32-32)", a.out.display());
            Ok(())
        }
    }
}

/// Reads a net given on the command line; a missing or refused file is bad input.
pub(crate) fn read_net(path: &std::path::Path) -> Result<Nnue> {
    Nnue::read(path).map_err(|e| match e {
        NnueFileError::Io { .. } => usage(e.to_string()),
        e => usage(format!("{}: {e}", path.display())),
    })
}

fn eval(a: EvalArgs) -> Result<()> {
    let net = read_net(&a.net)?;
    let text = std::fs::read_to_string(&a.positions)
        .map_err(|e| usage(format!("cannot read {}: {e}", a.positions.display())))?;
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let pos = Position::from_sfen(line)
            .map_err(|e| usage(format!("{} line {}: {e}", a.positions.display(), i + 1)))?;
        rows.push((pos.to_sfen(), net.evaluate(&pos, a.fv_scale)));
    }
    if a.json {
        let list: Vec<_> = rows
            .iter()
            .map(|(sfen, score)| serde_json::json!({"sfen": sfen, "score": score}))
            .collect();
        println!("{}", serde_json::Value::Array(list));
    } else {
        for (sfen, score) in rows {
            println!("{score}\t{sfen}");
        }
    }
    Ok(())
}
