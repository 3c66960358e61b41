//! The FreeCell part of `yomi tour`.

use crate::show::{indent, section};
use anyhow::Result;
use yomi_freecell::notation::standard;
use yomi_freecell::text::format_board;
use yomi_freecell::{Layout, SolveOptions, deal_board, solve};

/// A short demonstration for `yomi tour`.
pub fn tour() -> Result<()> {
    section(
        "FreeCell: Microsoft deal 1 solved and verified by replay",
        "yomi freecell solve 1",
    );
    let board = deal_board(1, Layout::default())?;
    println!("{}", indent(&format_board(&board, false)));
    let r = solve(&board, &SolveOptions::default())?;
    let moves: Vec<String> = r
        .steps
        .iter()
        .map(|s| {
            if s.auto {
                format!("{}*", standard(s.mv))
            } else {
                standard(s.mv)
            }
        })
        .collect();
    println!(
        "   solved in {} sequence moves (* = automatic move to the foundation), verified by replay, {:.3} s:",
        r.steps.len(),
        r.seconds
    );
    println!("   {}", moves.join(" "));
    section(
        "FreeCell: deal 11982 proven unsolvable (not given up)",
        "yomi freecell solve 11982",
    );
    let b = deal_board(11982, Layout::default())?;
    let r = solve(&b, &SolveOptions::default())?;
    println!(
        "   deal 11982: {} ({} states searched in {:.2} s)",
        r.verdict.as_str(),
        r.states,
        r.seconds
    );
    Ok(())
}
