//! Clocked shogi matches between USI engines and built-in strategies, on
//! yomi-arena's one runner and game loop.
//!
//! Contract: games come in seat-swapped pairs on one opening (given lines,
//! pair `p` taking line `p % len`, or seeded random plies), under the
//! match's clock (byoyomi 1 s when none is given), and the report is
//! yomi-arena's [`ClockedReport`] (Elo with its interval from pair
//! variance, LOS, GSPRT, forfeits per side). Every game starts fresh engine
//! processes. A side loses when it is checkmated, resigns, plays an illegal
//! move (or a false `win` declaration), moves after its clock ran out, or
//! its engine exits or falls silent. Fourfold repetition is a draw unless
//! one side checked throughout (it loses); a valid entering-king declaration
//! wins; the ply limit (512 by default) draws; a resign rule ends games both
//! engines score as decided. With a records directory every game is written
//! whole as `game-NNNNN.csa` (or `.kifu`) before its pair is journaled; a
//! record that cannot be written stops the match with
//! [`MatchError::Records`]. The journal's header (format `yomi shogi match
//! journal 1`) is the one journals of earlier yomi versions carry, so their
//! matches continue.

use crate::error::ClientError;
use crate::player::{PlayerSpec, UsiPlayer, position_command};
use crate::usi::UsiEngine;
use serde::Serialize;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use yomi_arena::{
    ArenaError, ClockedReport, Forfeit, GameEnd, JournalError, MatchConfig, MatchProgress, Opening,
    OpeningBook, PairRecord, PairSource, PlaySettings, PlayedGame, Player, Schedule, Side,
    StrategyPlayer, TimeControl, play_game, player_seed, run_pairs,
};
use yomi_search::{Game, Seat};
use yomi_shogi::record::{Csa, GameRecord, Kif, TimedMove};
use yomi_shogi::{DeclarationRule, GameOptions, ShogiGame, Termination};

/// The format tag of a shogi match's journal.
pub const JOURNAL_FORMAT: &str = "yomi shogi match journal 1";

/// The ply limit of a match that sets none.
pub const DEFAULT_MAX_PLIES: u32 = 512;

/// Settings of a clocked shogi match.
#[derive(Clone, Debug)]
pub struct ShogiMatchConfig {
    /// Games, seed, openings, SPRT, threads (pairs played at once; 0 means
    /// 1: engines each take a core), ply limit (opening included; `None`
    /// means [`DEFAULT_MAX_PLIES`]), clock (`None` means byoyomi 1 s),
    /// tolerance, resign rule and journal.
    pub arena: MatchConfig,
    /// Entering-king rule.
    pub declaration: DeclarationRule,
    /// Where to write game records, if anywhere.
    pub records: Option<PathBuf>,
    /// The records' format.
    pub record_format: RecordFormat,
    /// Limit for `usiok` and `readyok`.
    pub handshake: Duration,
}

impl ShogiMatchConfig {
    /// The match's clock.
    pub fn control(&self) -> TimeControl {
        self.arena.clock.unwrap_or(TimeControl::Byoyomi {
            main: Duration::ZERO,
            byoyomi: Duration::from_secs(1),
        })
    }

    /// The match's ply limit.
    pub fn max_plies(&self) -> u32 {
        self.arena.max_plies.unwrap_or(DEFAULT_MAX_PLIES)
    }
}

/// The text format of game records.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RecordFormat {
    /// CSA V2.2 (`.csa`), the computer-shogi tournament format.
    #[default]
    Csa,
    /// KIF in UTF-8, the format of the Japanese GUIs; the extension is
    /// `.kifu`, which is how they tell UTF-8 KIF from Shift_JIS `.kif`.
    Kif,
}

impl RecordFormat {
    /// The file extension of a record.
    pub fn extension(self) -> &'static str {
        match self {
            RecordFormat::Csa => "csa",
            RecordFormat::Kif => "kifu",
        }
    }
}

/// A record format name that is neither `csa` nor `kif`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("record format '{0}': use csa or kif")]
pub struct RecordFormatError(String);

impl FromStr for RecordFormat {
    type Err = RecordFormatError;

    fn from_str(text: &str) -> Result<RecordFormat, RecordFormatError> {
        match text {
            "csa" => Ok(RecordFormat::Csa),
            "kif" => Ok(RecordFormat::Kif),
            _ => Err(RecordFormatError(text.to_string())),
        }
    }
}

/// Why a match could not be run.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An engine failed its first handshake.
    #[error(transparent)]
    Engine(#[from] ClientError),
    /// The arena configuration is unusable.
    #[error(transparent)]
    Arena(#[from] ArenaError),
    /// The journal cannot be read, continued or written.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// A player text that makes no player (the tuner's specs).
    #[error("player '{spec}': {reason}")]
    Player {
        /// The text.
        spec: String,
        /// Why (part of the message, so not a `source()`; boxed, as it is rare
        /// and large).
        reason: Box<crate::player::PlayerSpecError>,
    },
    /// The records directory or a record in it cannot be written.
    #[error("records {path}")]
    Records {
        /// The directory or the record file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// The report of a shogi match: yomi-arena's, with forfeits per side.
pub type ShogiMatchReport = ClockedReport;

/// The name a player reports (starting a USI engine once to ask it).
pub fn player_name(spec: &PlayerSpec, handshake: Duration) -> Result<String, MatchError> {
    Ok(match spec {
        PlayerSpec::Usi(s) => UsiEngine::start(s, handshake)?.name().to_string(),
        PlayerSpec::Builtin(f) => f(0).name(),
    })
}

/// What identifies a shogi match in its journal.
#[derive(Serialize)]
struct Header<'a> {
    format: &'static str,
    players: &'a [String; 2],
    names: &'a [String; 2],
    seed: u64,
    games: u32,
    control: String,
    tolerance_ms: u64,
    declaration: String,
    max_plies: u32,
    openings: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    resign: Option<String>,
}

struct ShogiMatch<'a> {
    players: [&'a PlayerSpec; 2],
    cfg: &'a ShogiMatchConfig,
    book: OpeningBook<ShogiGame>,
    options: GameOptions,
    settings: PlaySettings,
}

impl ShogiMatch<'_> {
    /// Pair `pair`'s opening under the match's rules (the book's parse
    /// uses the default ones).
    fn opening(&self, pair: u64) -> Result<Opening<ShogiGame>, ArenaError> {
        let o = self.book.for_pair(pair)?;
        let start = ShogiGame::new(o.start.position().clone(), self.options);
        let mut state = start.clone();
        for &m in &o.moves {
            state.play(m);
        }
        Ok(Opening {
            start,
            moves: o.moves,
            state,
        })
    }

    fn player(&self, spec: &PlayerSpec, seed: u64) -> Box<dyn Player<ShogiGame>> {
        match spec {
            PlayerSpec::Usi(s) => Box::new(UsiPlayer::start(
                s,
                self.cfg.handshake,
                self.cfg.arena.tolerance,
            )),
            PlayerSpec::Builtin(f) => Box::new(StrategyPlayer::new(f(seed))),
        }
    }

    /// What identifies the openings: the random plies, or the given lines'
    /// count and a fingerprint of their `position` commands.
    fn describe_openings(&self) -> String {
        match &self.book {
            OpeningBook::Random { plies, .. } => format!("{plies} random plies"),
            OpeningBook::Fixed(list) => {
                let mut h = yomi_core::Fnv::new();
                for o in list {
                    h.write(position_command(o.start.position(), &o.moves).as_bytes());
                    h.write(b"\n");
                }
                format!("{} lines, fingerprint {:016x}", list.len(), h.finish())
            }
        }
    }
}

impl PairSource for ShogiMatch<'_> {
    type Extra = ();
    type Attachment = [String; 2];
    type Totals = ();
    type Error = MatchError;

    fn names(&self) -> Result<[String; 2], MatchError> {
        Ok([
            player_name(self.players[0], self.cfg.handshake)?,
            player_name(self.players[1], self.cfg.handshake)?,
        ])
    }

    fn journal_header(&self, names: &[String; 2]) -> serde_json::Value {
        let cfg = self.cfg;
        let none = [String::new(), String::new()];
        let header = Header {
            format: JOURNAL_FORMAT,
            players: cfg.arena.journal.as_ref().map_or(&none, |j| &j.players),
            names,
            seed: cfg.arena.seed,
            games: cfg.arena.scheduled_games(),
            control: cfg.control().to_string(),
            tolerance_ms: u64::try_from(cfg.arena.tolerance.as_millis()).unwrap_or(u64::MAX),
            declaration: format!("{:?}", cfg.declaration),
            max_plies: cfg.max_plies(),
            openings: self.describe_openings(),
            resign: cfg.arena.resign.map(|r| r.to_string()),
        };
        serde_json::to_value(&header).expect("a header of strings and numbers serializes")
    }

    fn play_pair(&self, pair: u64) -> Result<(PairRecord, [String; 2]), MatchError> {
        let opening = self.opening(pair)?;
        let mut games = Vec::with_capacity(2);
        let mut texts = Vec::with_capacity(2);
        for a_seat in [0 as Seat, 1] {
            let index = 2 * pair + a_seat as u64;
            let seed = |side| player_seed(self.cfg.arena.seed, index, side);
            let mut a = self.player(self.players[0], seed(Side::A));
            let mut b = self.player(self.players[1], seed(Side::B));
            let played = play_game(
                [a.as_mut(), b.as_mut()],
                &opening,
                index,
                a_seat,
                &self.settings,
            );
            texts.push(self.record_text(&opening, &played));
            games.push(played.record);
        }
        let [g0, g1]: [_; 2] = games.try_into().expect("two games");
        let texts: [String; 2] = texts.try_into().expect("two records");
        Ok((
            PairRecord {
                games: [g0, g1],
                extra: [(), ()],
            },
            texts,
        ))
    }

    fn keep(&self, pair: u64, _: &PairRecord, texts: [String; 2]) -> Result<(), MatchError> {
        let Some(dir) = &self.cfg.records else {
            return Ok(());
        };
        for (k, text) in texts.iter().enumerate() {
            let name = format!(
                "game-{:05}.{}",
                2 * pair + k as u64,
                self.cfg.record_format.extension()
            );
            let path = dir.join(name);
            yomi_core::files::write_atomic(&path, text.as_bytes()).map_err(|source| {
                MatchError::Records {
                    path: path.display().to_string(),
                    source,
                }
            })?;
        }
        Ok(())
    }
}

impl ShogiMatch<'_> {
    /// The game's record in the match's format: the game's own
    /// termination when its rules ended it, else how the match did.
    fn record_text(&self, opening: &Opening<ShogiGame>, g: &PlayedGame<ShogiGame>) -> String {
        let termination = match g.end {
            GameEnd::Rules => g
                .state
                .termination()
                .expect("a game its rules ended says how"),
            GameEnd::Resignation | GameEnd::Adjudicated => Termination::Resignation,
            GameEnd::Claim => Termination::Declaration,
            GameEnd::PlyLimit => Termination::PlyLimit,
            GameEnd::Forfeit(Forfeit::Time) => Termination::TimeUp,
            GameEnd::Forfeit(Forfeit::Crash) => Termination::Interrupted,
            GameEnd::Forfeit(Forfeit::Illegal) => Termination::IllegalMove,
        };
        let record = GameRecord {
            names: g.names.clone(),
            start: opening.start.position().clone(),
            moves: g
                .moves
                .iter()
                .map(|&(mv, time)| TimedMove { mv, time })
                .collect(),
            termination: Some(termination),
            comment: g.detail.clone(),
        };
        match self.cfg.record_format {
            RecordFormat::Csa => Csa(record).to_string(),
            RecordFormat::Kif => Kif(record).to_string(),
        }
    }
}

/// Plays the match and reports from A's side. `progress` is called after
/// every pair joins the counted prefix.
pub fn run_shogi_match(
    a: &PlayerSpec,
    b: &PlayerSpec,
    cfg: &ShogiMatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
) -> Result<ShogiMatchReport, MatchError> {
    shogi_match(a, b, cfg, progress, None)
}

/// As [`run_shogi_match`], stoppable: once `stop` is true no further pair
/// starts (the pairs being played finish their games) and the match fails
/// with [`ArenaError::Stopped`]; a `stop` that stays false changes nothing.
pub fn run_shogi_match_until(
    a: &PlayerSpec,
    b: &PlayerSpec,
    cfg: &ShogiMatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
    stop: &AtomicBool,
) -> Result<ShogiMatchReport, MatchError> {
    shogi_match(a, b, cfg, progress, Some(stop))
}

fn shogi_match(
    a: &PlayerSpec,
    b: &PlayerSpec,
    cfg: &ShogiMatchConfig,
    progress: &(dyn Fn(&MatchProgress) + Sync),
    stop: Option<&AtomicBool>,
) -> Result<ShogiMatchReport, MatchError> {
    if let Some(dir) = &cfg.records {
        std::fs::create_dir_all(dir).map_err(|source| MatchError::Records {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let book = OpeningBook::<ShogiGame>::prepare(&cfg.arena.openings, cfg.arena.seed)?;
    let source = ShogiMatch {
        players: [a, b],
        cfg,
        book,
        options: GameOptions {
            max_plies: yomi_shogi::game::MAX_PLIES_CAP,
            declaration: cfg.declaration,
        },
        settings: PlaySettings {
            max_plies: Some(cfg.max_plies()),
            clock: Some(cfg.control()),
            tolerance: cfg.arena.tolerance,
            resign: cfg.arena.resign,
        },
    };
    let threads = cfg.arena.threads.max(1);
    let schedule = Schedule {
        pairs: u64::from(cfg.arena.scheduled_games() / 2),
        threads,
        sprt: cfg.arena.sprt,
        journal: cfg.arena.journal.as_ref().map(|j| j.path.clone()),
    };
    let out = run_pairs(&source, &schedule, progress, stop)?;
    let arena = MatchConfig {
        clock: Some(cfg.control()),
        ..cfg.arena.clone()
    };
    Ok(ClockedReport::from_tally(
        &out.tally,
        out.names,
        &arena,
        out.threads,
        out.elapsed,
    ))
}
