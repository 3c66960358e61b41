//! `yomi arena shogi` with USI engines (`--a usi:PATH[,Option=Value...]`)
//! or a clock: clocked seat-swapped matches (library:
//! `yomi_shogi_engine::client::matches`), reported like every arena match
//! plus time losses, crashes and illegal moves per side.

use crate::arena::{ArenaArgs, config, factory};
use crate::usage::usage;
use anyhow::Result;
use std::path::PathBuf;
use std::time::Duration;
use yomi_core::{parse_duration, parse_duration_or_zero};
use yomi_shogi::openings::parse_openings;
use yomi_shogi::{DeclarationRule, ShogiGame, StartLine};
use yomi_shogi_engine::client::clock::TimeControl;
use yomi_shogi_engine::client::matches::{
    MatchJournal, PlayerSpec, RecordFormat, ResignRule, ShogiMatchConfig, run_shogi_match,
};
use yomi_shogi_engine::client::usi::EngineSpec;

/// Clock and record options of shogi matches (used when a player is a USI
/// engine or any of them is given).
#[derive(clap::Args, Debug, Default)]
pub struct ShogiClockArgs {
    /// Shogi: byoyomi per move (e.g. `200ms`, `1s`); the default control is byoyomi 1s.
    #[arg(long, value_parser = parse_duration)]
    pub byoyomi: Option<Duration>,
    /// Shogi: main time per side before byoyomi, or with --inc (e.g. `1m`).
    #[arg(long, value_parser = parse_duration_or_zero)]
    pub main_time: Option<Duration>,
    /// Shogi: Fischer increment per move (with --main-time).
    #[arg(long, value_parser = parse_duration)]
    pub inc: Option<Duration>,
    /// Shogi: a node budget per move (`go nodes N`) instead of a clock.
    #[arg(long)]
    pub nodes_per_move: Option<u64>,
    /// Shogi: lateness forgiven before a move loses on time (default 0ms).
    #[arg(long, value_parser = parse_duration_or_zero)]
    pub time_margin: Option<Duration>,
    /// Shogi: write every game as a record into this directory.
    #[arg(long)]
    pub records: Option<PathBuf>,
    /// Shogi: format of the records: `csa` or `kif`.
    #[arg(long, default_value = "csa", value_parser = parse_record_format)]
    pub record_format: RecordFormat,
    /// Shogi: journal every finished pair to this file (JSON lines); rerun
    /// with the same file and settings to continue a stopped match.
    #[arg(long)]
    pub journal: Option<PathBuf>,
    /// Shogi: entering-king rule: `27` (CSA, default), `24` or `none`.
    #[arg(long, default_value = "27")]
    pub declaration: String,
    /// Shogi: resign adjudication `MOVES,CP` (e.g. `3,1000`): the side to
    /// move loses once its last MOVES scores were all at most -CP and its
    /// opponent's last MOVES at least CP; off unless given.
    #[arg(long, value_parser = ResignRule::parse)]
    pub resign: Option<ResignRule>,
}

impl ShogiClockArgs {
    /// True when any shogi clock or record option was given.
    pub fn any(&self) -> bool {
        self.byoyomi.is_some()
            || self.main_time.is_some()
            || self.inc.is_some()
            || self.nodes_per_move.is_some()
            || self.records.is_some()
            || self.journal.is_some()
            || self.resign.is_some()
    }

    fn control(&self) -> Result<TimeControl> {
        let main = self.main_time.unwrap_or(Duration::ZERO);
        match (self.nodes_per_move, self.byoyomi, self.inc) {
            (Some(n), None, None) if n > 0 => Ok(TimeControl::Nodes(n)),
            (Some(_), _, _) => Err(usage(
                "--nodes-per-move (at least 1) excludes --byoyomi and --inc",
            )),
            (None, Some(_), Some(_)) => Err(usage("give --byoyomi or --inc, not both")),
            (None, _, Some(increment)) => Ok(TimeControl::Fischer { main, increment }),
            (None, byoyomi, None) => Ok(TimeControl::Byoyomi {
                main,
                byoyomi: byoyomi.unwrap_or(Duration::from_secs(1)),
            }),
        }
    }
}

fn parse_record_format(text: &str) -> Result<RecordFormat, String> {
    RecordFormat::parse(text).ok_or_else(|| format!("'{text}': use csa or kif"))
}

/// True when `yomi arena shogi` must run a clocked match.
pub fn wants_clocked(args: &ArenaArgs, clock: &ShogiClockArgs) -> bool {
    args.a.starts_with("usi:") || args.b.starts_with("usi:") || clock.any()
}

fn player(spec: &str) -> Result<PlayerSpec> {
    if spec.starts_with("usi:") {
        let s = EngineSpec::parse(spec).map_err(|e| usage(e.to_string()))?;
        return Ok(PlayerSpec::Usi(s));
    }
    Ok(PlayerSpec::Builtin(factory::<ShogiGame>(spec)?))
}

/// Openings for shogi (see `yomi_shogi::openings`).
fn read_starts(path: &std::path::Path) -> Result<Vec<StartLine>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| usage(format!("cannot read openings file {}: {e}", path.display())))?;
    parse_openings(&text).map_err(|e| usage(format!("openings file {}: {e}", path.display())))
}

/// Runs the clocked match and prints the report.
pub fn run_clocked(args: &ArenaArgs, clock: &ShogiClockArgs) -> Result<()> {
    let mut arena = config(args)?;
    if arena.threads == 0 {
        // Engines each take a core; pairs run one at a time unless asked.
        arena.threads = 1;
    }
    let starts = match &args.openings {
        Some(p) => read_starts(p)?,
        None => Vec::new(),
    };
    let declaration = match clock.declaration.as_str() {
        "27" => DeclarationRule::Points27,
        "24" => DeclarationRule::Points24,
        "none" => DeclarationRule::None,
        other => {
            return Err(usage(format!(
                "--declaration '{other}': use 27, 24 or none"
            )));
        }
    };
    let cfg = ShogiMatchConfig {
        arena,
        starts,
        control: clock.control()?,
        tolerance: clock.time_margin.unwrap_or(Duration::ZERO),
        declaration,
        records: clock.records.clone(),
        record_format: clock.record_format,
        handshake: Duration::from_secs(10),
        journal: clock.journal.as_ref().map(|path| MatchJournal {
            path: path.clone(),
            players: [args.a.clone(), args.b.clone()],
        }),
        resign: clock.resign,
    };
    let (a, b) = (player(&args.a)?, player(&args.b)?);
    let bar = crate::progress::match_bar(cfg.arena.scheduled_games() as u64);
    let report = run_shogi_match(&a, &b, &cfg, &|p| {
        bar.set_position(p.games_done as u64);
        bar.set_message(format!("+{} ={} -{}", p.wins, p.draws, p.losses));
    })
    .map_err(|e| usage(e.to_string()))?;
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!("{}", report.report);
        println!("time control: {}", report.time_control);
        println!(
            "forfeits (A / B): time {} / {}, crash {} / {}, illegal {} / {}",
            report.time_losses[0],
            report.time_losses[1],
            report.crashes[0],
            report.crashes[1],
            report.illegal_moves[0],
            report.illegal_moves[1]
        );
        if let Some(rule) = clock.resign {
            println!(
                "resign rule ({rule}): {} games adjudicated",
                report.resign_adjudicated
            );
        }
    }
    Ok(())
}
