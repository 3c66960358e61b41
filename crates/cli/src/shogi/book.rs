//! `yomi shogi book`: build a YaneuraOu-format opening book from games
//! (library: `yomi_shogi_train::book`), and look positions up in one
//! (library: `yomi_shogi_engine::book`).

use super::{PositionArgs, load};
use crate::usage::BadInput;
use anyhow::{Context, Result};
use std::path::PathBuf;
use yomi_shogi_engine::book::{Book, BookOptions};
use yomi_shogi_train::book::{BookBuilder, write_book};

/// Arguments of `yomi shogi book`.
#[derive(clap::Args, Debug)]
pub struct BookArgs {
    #[command(subcommand)]
    command: BookCommand,
}

#[derive(clap::Subcommand, Debug)]
enum BookCommand {
    /// Write a `#YANEURAOU-DB2016 1.00` book from games: text files with one
    /// game a line (`[position] startpos|sfen ... [moves ...]`) or CSA records.
    Make(MakeArgs),
    /// The book moves for a position, with their shares.
    Probe(ProbeArgs),
}

#[derive(clap::Args, Debug)]
struct MakeArgs {
    /// Game files: `.csa` records, anything else one game a line.
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    /// Where to write the book.
    #[arg(long)]
    out: PathBuf,
    /// Record only the first N moves of every game.
    #[arg(long, default_value_t = 32)]
    max_plies: u32,
    /// Print a JSON summary.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct ProbeArgs {
    /// The book file.
    book: PathBuf,
    #[command(flatten)]
    pos: PositionArgs,
    /// Match positions whatever their move number.
    #[arg(long)]
    ignore_ply: bool,
}

/// Runs `yomi shogi book`.
pub fn run_book(args: BookArgs) -> Result<()> {
    match args.command {
        BookCommand::Make(a) => make(a),
        BookCommand::Probe(a) => probe(a),
    }
}

fn make(a: MakeArgs) -> Result<()> {
    let mut builder = BookBuilder::new(a.max_plies);
    let mut games = 0usize;
    for path in &a.inputs {
        games += builder.add_file(path).map_err(crate::usage::bad_input)?;
    }
    let positions = builder.len();
    let entries = builder.build();
    yomi_core::files::write_streamed(&a.out, |mut w| write_book(&entries, &mut w))
        .with_context(|| format!("cannot write {}", a.out.display()))?;
    if a.json {
        println!(
            "{}",
            serde_json::json!({"games": games, "positions": positions, "out": a.out.display().to_string()})
        );
    } else {
        println!(
            "{games} games, {positions} positions -> {}",
            a.out.display()
        );
    }
    Ok(())
}

fn probe(a: ProbeArgs) -> Result<()> {
    let options = BookOptions {
        ignore_ply: a.ignore_ply,
    };
    let book = Book::load_with(&a.book, options).bad_input()?;
    let pos = load(&a.pos)?;
    let moves = book.candidates(&pos);
    let total: u64 = moves.iter().map(|m| m.count).sum();
    let share = |c: u64| {
        if total == 0 {
            0.0
        } else {
            c as f64 / total as f64
        }
    };
    if a.pos.json {
        let list: Vec<_> = moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "move": m.mv.to_string(),
                    "ponder": m.ponder.map(|p| p.to_string()),
                    "value": m.value, "depth": m.depth, "count": m.count,
                    "share": share(m.count),
                })
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({"sfen": pos.to_sfen(), "moves": list})
        );
    } else if moves.is_empty() {
        println!("not in book");
    } else {
        for m in &moves {
            let ponder = m.ponder.map_or("none".into(), |p| p.to_string());
            println!(
                "{} ponder {ponder}  value {}  depth {}  count {}  ({:.0}%)",
                m.mv,
                m.value,
                m.depth,
                m.count,
                100.0 * share(m.count)
            );
        }
    }
    Ok(())
}
