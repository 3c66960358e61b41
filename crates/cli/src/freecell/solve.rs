//! `yomi freecell solve`: one deal or board file, with the solution in the
//! chosen notation, optionally shown board by board.

use super::{Notation, SolverArgs};
use crate::usage::{BadInput, usage};
use anyhow::{Context, Result};
use yomi_freecell::notation::{fcs_verbose, hex, standard};
use yomi_freecell::text::{format_board, parse_board};
use yomi_freecell::{Board, Layout, Verdict, deal_board, solve};

/// The board to solve: a deal number or a board file.
fn load_target(target: &str, cells: usize, cols: usize) -> Result<(Board, Option<u64>)> {
    let layout = Layout { cols, cells };
    if let Ok(n) = target.parse::<u64>() {
        return Ok((deal_board(n, layout)?, Some(n)));
    }
    let text = std::fs::read_to_string(target)
        .with_bad_input_context(|| format!("reading board file {target}"))?;
    let b = parse_board(&text, layout).map_err(|e| usage(format!("{target}: {e}")))?;
    Ok((b, None))
}

/// `yomi freecell solve`.
pub(super) fn solve_cmd(
    target: &str,
    sa: &SolverArgs,
    cols: usize,
    show: bool,
    notation: Notation,
    json: bool,
) -> Result<()> {
    let opts = sa.options()?;
    let (board, deal) = load_target(target, sa.cells, cols)?;
    let r = solve(&board, &opts).context("solving")?;
    let moves: Vec<String> = r.steps.iter().map(|s| standard(s.mv)).collect();
    if json {
        let v = serde_json::json!({
            "deal": deal,
            "verdict": r.verdict.as_str(),
            "moves": moves,
            "auto": r.steps.iter().map(|s| s.auto).collect::<Vec<_>>(),
            "length": r.steps.len(),
            "length_before_shortening": r.raw_len,
            "move_mode": opts.moves,
            "solver": opts.solver,
            "decided_by": r.stage,
            "states": r.states,
            "seconds": r.seconds,
            "verified": r.verdict == Verdict::Solved,
        });
        println!("{v}");
        return Ok(());
    }
    let name = deal.map_or_else(|| target.to_string(), |n| format!("deal {n}"));
    match r.verdict {
        Verdict::Solved => println!(
            "{name}: solved in {} moves ({} automatic, marked *), verified by replay; {} before shortening; {} states, {:.3} s",
            r.steps.len(),
            r.steps.iter().filter(|s| s.auto).count(),
            r.raw_len,
            r.states,
            r.seconds
        ),
        Verdict::Unsolvable => println!(
            "{name}: UNSOLVABLE (proven: all {} reachable states searched, {} free cells), {:.3} s",
            r.states, sa.cells, r.seconds
        ),
        Verdict::Intractable => println!(
            "{name}: intractable (state limit hit after {} states, no verdict), {:.3} s",
            r.states, r.seconds
        ),
    }
    let mut b = board.clone();
    if show {
        print!("{}", format_board(&b, true));
    }
    let mut line = Vec::new();
    for s in &r.steps {
        let text = match notation {
            Notation::Standard => standard(s.mv),
            Notation::Verbose => fcs_verbose(s.mv),
            Notation::Hex => hex(s.mv, &b)?,
        };
        let text = if s.auto { format!("{text}*") } else { text };
        yomi_freecell::moves::apply(&mut b, s.mv).context("replaying the solution")?;
        if show {
            println!("\n{text}");
            print!("{}", format_board(&b, true));
        } else if matches!(notation, Notation::Verbose) {
            println!("{text}");
        } else {
            line.push(text);
        }
    }
    if !line.is_empty() {
        println!("{}", line.join(" "));
    }
    Ok(())
}
