//! Clocked shogi matches between USI engines and built-in strategies.
//!
//! Contract: games come in seat-swapped pairs on one opening (a given list,
//! pair `p` taking opening `p % len`, or seeded random plies), like
//! yomi-arena's matches, and the same [`MatchReport`] comes out (Elo with
//! its interval from pair variance, LOS, GSPRT). Every game starts fresh
//! engine processes. A side loses when it is checkmated, resigns, plays an
//! illegal move (or a false `win` declaration), moves after its clock ran
//! out, or its engine exits or falls silent; illegal moves, time losses and
//! crashes are counted per side in [`ShogiMatchReport`]. Fourfold
//! repetition is a draw unless one side checked throughout (it loses);
//! a valid entering-king declaration wins; the ply limit draws (one game:
//! `game.rs`); with a [`ResignRule`] a game both engines score as decided
//! ends early, lost by the side to move, counted in
//! [`ShogiMatchReport::resign_adjudicated`]. With a records directory every
//! game is written whole as `game-NNNNN.csa` (or `.kifu`) before its pair is
//! journaled; a record that cannot be written stops the match with
//! [`MatchError::Records`].

pub use super::adjudicate::ResignRule;
use super::clock::TimeControl;
use super::game::{Forfeit, Played, play_game};
use super::journal::{Journal, JournalError, JournalHeader};
use super::usi::{EngineSpec, UsiEngine};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use yomi_arena::play::PairRecord;
use yomi_arena::tally::Tally;
use yomi_arena::{
    MatchConfig, MatchProgress, MatchReport, PlayerFactory, Side, SprtResult, opening_seed,
    random_opening,
};
use yomi_shogi::{DeclarationRule, Position, ShogiGame, StartLine};

/// One player of a match.
#[derive(Clone)]
pub enum PlayerSpec {
    /// A USI engine run as a child process.
    Usi(EngineSpec),
    /// A built-in strategy (its own budget; the clock still judges it).
    Builtin(PlayerFactory<ShogiGame>),
}

pub use super::journal::MatchJournal;

/// Settings of a clocked shogi match.
#[derive(Clone, Debug)]
pub struct ShogiMatchConfig {
    /// Games, seed, SPRT, threads (pairs played at once), ply limit
    /// (opening included; `None` means 512). `openings` is used only when
    /// [`ShogiMatchConfig::starts`] is empty, as random plies.
    pub arena: MatchConfig,
    /// Given openings (SFEN/moves lines); empty for random ones.
    pub starts: Vec<StartLine>,
    /// The clock.
    pub control: TimeControl,
    /// Lateness forgiven before a move loses on time.
    pub tolerance: Duration,
    /// Entering-king rule.
    pub declaration: DeclarationRule,
    /// Where to write game records, if anywhere.
    pub records: Option<PathBuf>,
    /// The records' format.
    pub record_format: RecordFormat,
    /// Limit for `usiok` and `readyok`.
    pub handshake: Duration,
    /// Where finished pairs are journaled, so the match can stop and go on.
    pub journal: Option<MatchJournal>,
    /// Resign adjudication, if any (both engines' scores must agree).
    pub resign: Option<ResignRule>,
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

    /// Parses `csa` or `kif`.
    pub fn parse(text: &str) -> Option<RecordFormat> {
        match text {
            "csa" => Some(RecordFormat::Csa),
            "kif" => Some(RecordFormat::Kif),
            _ => None,
        }
    }
}

/// Why a match could not be run.
#[derive(Debug, thiserror::Error)]
pub enum MatchError {
    /// An engine failed its first handshake.
    #[error(transparent)]
    Engine(#[from] super::ClientError),
    /// The arena configuration is unusable.
    #[error(transparent)]
    Arena(#[from] yomi_arena::ArenaError),
    /// The journal cannot be read, continued or written.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The records directory or a record in it cannot be written.
    #[error("records {path}: {source}")]
    Records {
        /// The directory or the record file.
        path: String,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// The arena report plus the ways games were forfeited.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ShogiMatchReport {
    /// W/D/L, Elo, SPRT: the same report as `yomi arena`.
    #[serde(flatten)]
    pub report: MatchReport,
    /// Games A and B lost by moving after their clock ran out (or hanging).
    pub time_losses: [u32; 2],
    /// Games A and B lost because their engine exited or could not start.
    pub crashes: [u32; 2],
    /// Games A and B lost by an illegal move or a false declaration.
    pub illegal_moves: [u32; 2],
    /// Games ended by the resign rule (both engines' scores agreeing).
    pub resign_adjudicated: u32,
    /// The time control, as text.
    pub time_control: String,
}

/// The name a player reports (starting a USI engine once to ask it).
pub fn player_name(spec: &PlayerSpec, handshake: Duration) -> Result<String, MatchError> {
    Ok(match spec {
        PlayerSpec::Usi(s) => UsiEngine::start(s, handshake)?.name().to_string(),
        PlayerSpec::Builtin(f) => f(0).name(),
    })
}

fn start_line(cfg: &ShogiMatchConfig, pair: u64) -> Result<StartLine, MatchError> {
    if !cfg.starts.is_empty() {
        return Ok(cfg.starts[(pair as usize) % cfg.starts.len()].clone());
    }
    let plies = match &cfg.arena.openings {
        yomi_arena::Openings::Random { plies } => *plies,
        yomi_arena::Openings::List(_) => 0,
    };
    let o = random_opening::<ShogiGame>(plies, opening_seed(cfg.arena.seed, pair))?;
    Ok(StartLine {
        start: Position::startpos(),
        moves: o.moves,
    })
}

struct Shared {
    pending: BTreeMap<u64, ([Played; 2], [String; 2])>,
    frontier: u64,
    tally: Tally,
    time_losses: [u32; 2],
    crashes: [u32; 2],
    resign_adjudicated: u32,
    decided: bool,
    error: Option<MatchError>,
    journal: Option<Journal>,
}

impl Shared {
    /// Counts the next pair of the prefix: forfeits and tally.
    fn count(&mut self, games: &[Played; 2], names: &[String; 2]) {
        for g in games {
            self.resign_adjudicated += u32::from(g.resign_adjudicated);
            if let Some((side, kind)) = g.forfeit {
                let i = if side == Side::A { 0 } else { 1 };
                match kind {
                    Forfeit::Time => self.time_losses[i] += 1,
                    Forfeit::Crash => self.crashes[i] += 1,
                    Forfeit::Illegal => {}
                }
            }
        }
        self.tally.add_pair(&PairRecord {
            games: [games[0].record.clone(), games[1].record.clone()],
            names: names.clone(),
        });
        self.frontier += 1;
    }

    /// The progress so far, and whether the SPRT has decided.
    fn progress(&mut self, cfg: &ShogiMatchConfig) -> (MatchProgress, bool) {
        let t = self.tally.trinomial;
        let llr = cfg
            .arena
            .sprt
            .map(|c| c.llr_pentanomial(&self.tally.pentanomial));
        let decided = matches!((cfg.arena.sprt, llr), (Some(c), Some(l)) if c.decide(l) != SprtResult::Continue);
        self.decided |= decided;
        let p = MatchProgress {
            games_done: 2 * self.frontier as u32,
            games_total: cfg.arena.scheduled_games(),
            wins: t.wins,
            draws: t.draws,
            losses: t.losses,
            llr,
        };
        (p, decided)
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
    let started = Instant::now();
    if let Some(s) = &cfg.arena.sprt {
        s.validate().map_err(yomi_arena::ArenaError::from)?;
    }
    if let Some(dir) = &cfg.records {
        std::fs::create_dir_all(dir).map_err(|source| MatchError::Records {
            path: dir.display().to_string(),
            source,
        })?;
    }
    let names = [
        player_name(a, cfg.handshake)?,
        player_name(b, cfg.handshake)?,
    ];
    let pairs = (cfg.arena.scheduled_games() / 2) as u64;
    let threads = cfg.arena.threads.max(1);
    let (journal, done) = match &cfg.journal {
        Some(j) => {
            let header = JournalHeader::for_match(cfg, &j.players, &names);
            let (journal, done) = Journal::open(&j.path, &header)?;
            (Some(journal), done)
        }
        None => (None, Vec::new()),
    };
    let mut start = Shared {
        pending: BTreeMap::new(),
        frontier: 0,
        tally: Tally::default(),
        time_losses: [0; 2],
        crashes: [0; 2],
        resign_adjudicated: 0,
        decided: false,
        error: None,
        journal,
    };
    for games in &done {
        start.count(games, &names);
    }
    if !done.is_empty() {
        let (p, _) = start.progress(cfg);
        progress(&p);
    }
    let next = AtomicU64::new(start.frontier);
    let stop = AtomicBool::new(start.decided);
    let shared = Mutex::new(start);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    if stop.load(Ordering::Relaxed) {
                        break;
                    }
                    let pair = next.fetch_add(1, Ordering::Relaxed);
                    if pair >= pairs {
                        break;
                    }
                    let line = match start_line(cfg, pair) {
                        Ok(l) => l,
                        Err(e) => {
                            shared
                                .lock()
                                .expect("no panics under the lock")
                                .error
                                .get_or_insert(e);
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                    };
                    let (g0, c0) = play_game([a, b], &line, cfg, 2 * pair, 0);
                    let (g1, c1) = play_game([a, b], &line, cfg, 2 * pair + 1, 1);
                    let mut s = shared.lock().expect("no panics under the lock");
                    s.pending.insert(pair, ([g0, g1], [c0, c1]));
                    while let Some((games, csas)) = {
                        let f = s.frontier;
                        s.pending.remove(&f)
                    } {
                        if s.decided {
                            break;
                        }
                        let f = s.frontier;
                        // Records first: a pair in the journal is never replayed,
                        // so its records must already be on disk.
                        let saved = match &cfg.records {
                            Some(dir) => write_records(dir, cfg.record_format, f, &csas),
                            None => Ok(()),
                        };
                        let journaled = saved.and_then(|()| match s.journal.as_mut() {
                            Some(j) => j.append(f, &games).map_err(MatchError::from),
                            None => Ok(()),
                        });
                        if let Err(e) = journaled {
                            s.error.get_or_insert(e);
                            s.decided = true;
                            stop.store(true, Ordering::Relaxed);
                            break;
                        }
                        s.count(&games, &names);
                        let (p, decided) = s.progress(cfg);
                        progress(&p);
                        if decided {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    let s = shared.into_inner().expect("no panics under the lock");
    if let Some(e) = s.error {
        return Err(e);
    }
    let report = MatchReport::from_tally(&s.tally, names, &cfg.arena, threads, started.elapsed());
    Ok(ShogiMatchReport {
        illegal_moves: s.tally.illegal,
        time_losses: s.time_losses,
        crashes: s.crashes,
        resign_adjudicated: s.resign_adjudicated,
        time_control: describe(cfg.control),
        report,
    })
}

/// Writes the records of pair `pair` (games `2 * pair` and `2 * pair + 1`)
/// as `game-NNNNN.EXT`, each whole or not at all.
fn write_records(
    dir: &std::path::Path,
    format: RecordFormat,
    pair: u64,
    texts: &[String; 2],
) -> Result<(), MatchError> {
    for (k, text) in texts.iter().enumerate() {
        let name = format!("game-{:05}.{}", 2 * pair + k as u64, format.extension());
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

/// The time control in words (`byoyomi 200ms`, `10s + 100ms`, `nodes 5000`).
pub fn describe(c: TimeControl) -> String {
    match c {
        TimeControl::Byoyomi { main, byoyomi } if main.is_zero() => {
            format!("byoyomi {} ms", byoyomi.as_millis())
        }
        TimeControl::Byoyomi { main, byoyomi } => {
            format!(
                "{} ms + byoyomi {} ms",
                main.as_millis(),
                byoyomi.as_millis()
            )
        }
        TimeControl::Fischer { main, increment } => {
            format!(
                "{} ms + {} ms per move",
                main.as_millis(),
                increment.as_millis()
            )
        }
        TimeControl::Nodes(n) => format!("{n} nodes per move"),
    }
}
