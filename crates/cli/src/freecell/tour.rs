//! The FreeCell part of `yomi tour`.

use anyhow::Result;
use yomi_freecell::notation::standard;
use yomi_freecell::text::format_board;
use yomi_freecell::{Layout, SolveOptions, deal_board, solve};

/// A short demonstration for `yomi tour`.
pub fn tour() -> Result<()> {
    outln!("FreeCell: Microsoft deal 1 (fc-solve board text)");
    let board = deal_board(1, Layout::default())?;
    out!("{}", format_board(&board, false));
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
    outln!(
        "solved in {} sequence moves (* = automatic move to the foundation), verified by replay, {:.3} s:",
        r.steps.len(),
        r.seconds
    );
    outln!("{}", moves.join(" "));
    let b = deal_board(11982, Layout::default())?;
    let r = solve(&b, &SolveOptions::default())?;
    outln!(
        "deal 11982: {} ({} states searched in {:.2} s)",
        r.verdict.as_str(),
        r.states,
        r.seconds
    );
    Ok(())
}
