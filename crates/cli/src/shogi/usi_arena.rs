//! `yomi arena shogi` with USI engines (`--a usi:PATH[,Option=Value...]`),
//! a clock, records or a journal: clocked seat-swapped matches (library:
//! `yomi_shogi_match`), reported like every arena match plus time losses,
//! crashes and illegal moves per side.

use crate::usage::usage;
use anyhow::Result;
use std::path::PathBuf;
use std::time::Duration;
use yomi_arena::{ArenaError, MatchConfig};
use yomi_shogi::DeclarationRule;
use yomi_shogi_match::{MatchError, PlayerSpec, RecordFormat, ShogiMatchConfig, run_shogi_match};

/// Shogi's own options of a match (records and the entering-king rule).
#[derive(clap::Args, Debug, Default)]
pub struct ShogiMatchArgs {
    /// Shogi: write every game as a record into this directory.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Shogi: format of the records: `csa` or `kif`.
    #[arg(long, default_value = "csa")]
    pub record_format: RecordFormat,
    /// Shogi: entering-king rule: `27` (CSA, default), `24` or `none`.
    #[arg(long, default_value = "27")]
    pub declaration: String,
}

impl ShogiMatchArgs {
    /// True when a shogi-only option that has no default was given.
    pub fn any(&self) -> bool {
        self.records.is_some()
    }
}

fn player(spec: &str) -> Result<PlayerSpec> {
    spec.parse().map_err(crate::usage::bad_input)
}

/// A match's error as the CLI reports it: settings, openings, a journal of
/// another match and an engine that fails its first handshake are the
/// user's input (exit code 2); failing to write records or the journal is
/// a runtime failure (1).
pub(crate) fn match_error(e: MatchError) -> anyhow::Error {
    match e {
        MatchError::Arena(a) => crate::arena::arena_error(a),
        MatchError::Journal(j) => crate::arena::arena_error(ArenaError::Journal(j)),
        MatchError::Engine(_) | MatchError::Player { .. } => crate::usage::bad_input(e),
        MatchError::Records { .. } => anyhow::Error::new(e),
    }
}

/// The `--declaration` rule.
pub(crate) fn declaration(text: &str) -> Result<DeclarationRule> {
    Ok(match text {
        "27" => DeclarationRule::Points27,
        "24" => DeclarationRule::Points24,
        "none" => DeclarationRule::None,
        other => {
            return Err(usage(format!(
                "--declaration '{}': use 27, 24 or none",
                yomi_core::text::excerpt(other)
            )));
        }
    })
}

/// Runs the clocked match and prints the report.
pub fn run_clocked(
    a: &str,
    b: &str,
    arena: MatchConfig,
    shogi: &ShogiMatchArgs,
    json: bool,
) -> Result<()> {
    let cfg = ShogiMatchConfig {
        arena,
        declaration: declaration(&shogi.declaration)?,
        records: shogi.records.clone(),
        record_format: shogi.record_format,
        handshake: Duration::from_secs(10),
    };
    let (a, b) = (player(a)?, player(b)?);
    let bar = crate::progress::match_bar(u64::from(cfg.arena.scheduled_games()));
    let report = run_shogi_match(&a, &b, &cfg, &|p| {
        bar.set_position(u64::from(p.games_done));
        bar.set_message(format!("+{} ={} -{}", p.wins, p.draws, p.losses));
    })
    .map_err(match_error)?;
    bar.finish_and_clear();
    if json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("{report}");
    }
    Ok(())
}
