//! A match between built-in strategies of any [`Game`]: players built fresh
//! for every game from their factories, on the runner ([`crate::runner`]).
//!
//! Contract: game `g` of the match is played by `a(player_seed(seed, g, A))`
//! and `b(player_seed(seed, g, B))` from pair `g / 2`'s opening, with A in
//! seat `g % 2`, under the match's ply limit, clock and resign rule
//! ([`crate::play`]); so a seeded match with deterministic players and no
//! clock gives the same report on any number of threads. With a journal,
//! its header names the game, the players as given, their names, the seed,
//! the games, the openings, the ply limit, the clock and the resign rule.

use crate::config::{MatchConfig, MatchProgress, PlayerFactory, Side, player_seed};
use crate::error::ArenaError;
use crate::opening::{OpeningBook, describe_openings};
use crate::play::{PairRecord, PlaySettings, play_game};
use crate::player::StrategyPlayer;
use crate::report::{ClockedReport, MatchReport};
use crate::runner::{PairSource, Schedule, run_pairs};
use serde::Serialize;
use std::sync::atomic::AtomicBool;
use yomi_search::{Game, Seat};

/// The format tag of a strategy match's journal.
pub const JOURNAL_FORMAT: &str = "yomi match journal 1";

/// What identifies a strategy match in its journal.
#[derive(Serialize)]
struct Header<'a> {
    format: &'static str,
    game: &'static str,
    players: &'a [String; 2],
    names: &'a [String; 2],
    seed: u64,
    games: u32,
    openings: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_plies: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    control: Option<String>,
    tolerance_ms: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    resign: Option<String>,
}

struct StrategyMatch<'a, G: Game> {
    a: &'a PlayerFactory<G>,
    b: &'a PlayerFactory<G>,
    book: OpeningBook<G>,
    cfg: &'a MatchConfig,
    settings: PlaySettings,
}

impl<G: Game> PairSource for StrategyMatch<'_, G> {
    type Extra = ();
    type Attachment = ();
    type Totals = ();
    type Error = ArenaError;

    fn names(&self) -> Result<[String; 2], ArenaError> {
        Ok([
            (self.a)(player_seed(self.cfg.seed, 0, Side::A)).name(),
            (self.b)(player_seed(self.cfg.seed, 0, Side::B)).name(),
        ])
    }

    fn journal_header(&self, names: &[String; 2]) -> serde_json::Value {
        let cfg = self.cfg;
        let no_players = [String::new(), String::new()];
        let header = Header {
            format: JOURNAL_FORMAT,
            game: G::name(),
            players: cfg.journal.as_ref().map_or(&no_players, |j| &j.players),
            names,
            seed: cfg.seed,
            games: cfg.scheduled_games(),
            openings: describe_openings(&cfg.openings),
            max_plies: cfg.max_plies,
            control: cfg.clock.map(|c| c.to_string()),
            tolerance_ms: u64::try_from(cfg.tolerance.as_millis()).unwrap_or(u64::MAX),
            resign: cfg.resign.map(|r| r.to_string()),
        };
        serde_json::to_value(&header).expect("a header of strings and numbers serializes")
    }

    fn play_pair(&self, pair: u64) -> Result<(PairRecord, ()), ArenaError> {
        let opening = self.book.for_pair(pair)?;
        let games = [0 as Seat, 1].map(|a_seat| {
            let index = 2 * pair + a_seat as u64;
            let mut pa = StrategyPlayer::new((self.a)(player_seed(self.cfg.seed, index, Side::A)));
            let mut pb = StrategyPlayer::new((self.b)(player_seed(self.cfg.seed, index, Side::B)));
            play_game([&mut pa, &mut pb], &opening, index, a_seat, &self.settings).record
        });
        Ok((
            PairRecord {
                games,
                extra: [(), ()],
            },
            (),
        ))
    }
}

/// Plays a match of A against B and reports from A's side.
///
/// `progress` is called (one call at a time, from worker threads) whenever
/// a pair joins the counted prefix; keep it quick. Errors come from the
/// configuration (bad openings, SPRT settings, ply limit), from a random
/// opening that cannot be drawn, or from the journal. A player that panics
/// loses that game by a crash, with the panic's message, and the match goes
/// on; a panic elsewhere (a player factory) panics the caller once the other
/// workers have stopped.
pub fn run_match<G: Game>(
    a: &PlayerFactory<G>,
    b: &PlayerFactory<G>,
    cfg: &MatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
) -> Result<MatchReport, ArenaError> {
    Ok(run_clocked_match(a, b, cfg, progress)?.report)
}

/// As [`run_match`], with the forfeits and adjudications a clock or a
/// resign rule brings.
pub fn run_clocked_match<G: Game>(
    a: &PlayerFactory<G>,
    b: &PlayerFactory<G>,
    cfg: &MatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
) -> Result<ClockedReport, ArenaError> {
    clocked_match(a, b, cfg, progress, None)
}

/// As [`run_clocked_match`], stoppable: once `stop` is true no further pair
/// starts (pairs already being played finish) and the match fails with
/// [`ArenaError::Stopped`], as an interrupted program would want; a `stop`
/// that stays false changes nothing, so the report is the same as
/// [`run_clocked_match`]'s.
pub fn run_clocked_match_until<G: Game>(
    a: &PlayerFactory<G>,
    b: &PlayerFactory<G>,
    cfg: &MatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
    stop: &AtomicBool,
) -> Result<ClockedReport, ArenaError> {
    clocked_match(a, b, cfg, progress, Some(stop))
}

fn clocked_match<G: Game>(
    a: &PlayerFactory<G>,
    b: &PlayerFactory<G>,
    cfg: &MatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
    stop: Option<&AtomicBool>,
) -> Result<ClockedReport, ArenaError> {
    let book = OpeningBook::<G>::prepare(&cfg.openings, cfg.seed)?;
    if let Some(max_plies) = cfg.max_plies
        && max_plies as usize <= book.max_plies()
    {
        return Err(ArenaError::MaxPliesTooSmall {
            max_plies,
            opening_plies: book.max_plies(),
        });
    }
    let source = StrategyMatch {
        a,
        b,
        book,
        cfg,
        settings: PlaySettings {
            max_plies: cfg.max_plies,
            clock: cfg.clock,
            tolerance: cfg.tolerance,
            resign: cfg.resign,
        },
    };
    let schedule = Schedule {
        pairs: u64::from(cfg.scheduled_games() / 2),
        threads: cfg.threads,
        sprt: cfg.sprt,
        journal: cfg.journal.as_ref().map(|j| j.path.clone()),
    };
    let out = run_pairs(&source, &schedule, progress, stop)?;
    Ok(ClockedReport::from_tally(
        &out.tally,
        out.names,
        cfg,
        out.threads,
        out.elapsed,
    ))
}
