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
//! a valid entering-king declaration wins; the ply limit draws. With a
//! records directory every game is written as `game-NNNNN.csa` (or `.kifu`).

use super::clock::{Clock, TimeControl};
use super::csa::{Ending, write_csa};
use super::journal::{Journal, JournalError, JournalHeader};
use super::kif::write_kif;
use super::usi::{EngineSpec, Reply, UsiEngine};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use yomi_arena::play::{GameRecord, PairRecord};
use yomi_arena::tally::Tally;
use yomi_arena::{
    MatchConfig, MatchProgress, MatchReport, PlayerFactory, Side, SprtResult, opening_seed,
    player_seed, random_opening,
};
use yomi_search::{Game, Outcome, Strategy};
use yomi_shogi::rules::Declaration;
use yomi_shogi::{DeclarationRule, GameOptions, Move, Position, ShogiGame};

/// One player of a match.
#[derive(Clone)]
pub enum PlayerSpec {
    /// A USI engine run as a child process.
    Usi(EngineSpec),
    /// A built-in strategy (its own budget; the clock still judges it).
    Builtin(PlayerFactory<ShogiGame>),
}

pub use super::journal::MatchJournal;
pub use crate::openings::StartLine;

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
    /// The records directory cannot be written.
    #[error("records directory {path}: {source}")]
    Records {
        /// The directory.
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
    /// The time control, as text.
    pub time_control: String,
}

/// What ended a game, for counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Forfeit {
    Time,
    Crash,
    Illegal,
}

/// One finished game: its record and the forfeit that ended it, if any.
#[derive(Clone, Debug)]
pub(super) struct Played {
    pub(super) record: GameRecord,
    pub(super) forfeit: Option<(Side, Forfeit)>,
}

/// The thinking side of one game.
enum Seat {
    Usi(Option<UsiEngine>, String),
    Builtin(Box<dyn Strategy<ShogiGame>>),
}

impl Seat {
    fn open(spec: &PlayerSpec, seed: u64, handshake: Duration) -> Seat {
        match spec {
            PlayerSpec::Usi(s) => match UsiEngine::start(s, handshake) {
                Ok(mut e) => {
                    let name = e.name().to_string();
                    let ok = e.send("usinewgame").is_ok();
                    Seat::Usi(ok.then_some(e), name)
                }
                Err(_) => Seat::Usi(None, s.path.display().to_string()),
            },
            PlayerSpec::Builtin(f) => {
                let mut s = f(seed);
                s.new_game();
                Seat::Builtin(s)
            }
        }
    }

    fn name(&self) -> String {
        match self {
            Seat::Usi(_, n) => n.clone(),
            Seat::Builtin(s) => s.name(),
        }
    }
}

/// The name a player reports (starting a USI engine once to ask it).
pub fn player_name(spec: &PlayerSpec, handshake: Duration) -> Result<String, MatchError> {
    Ok(match spec {
        PlayerSpec::Usi(s) => UsiEngine::start(s, handshake)?.name().to_string(),
        PlayerSpec::Builtin(f) => f(0).name(),
    })
}

pub(super) fn position_command(start: &Position, moves: &[Move]) -> String {
    let mut s = if start.to_sfen() == Position::startpos().to_sfen() {
        "position startpos".to_string()
    } else {
        format!("position sfen {}", start.to_sfen())
    };
    if !moves.is_empty() {
        s.push_str(" moves");
        for m in moves {
            s.push(' ');
            s.push_str(&m.to_string());
        }
    }
    s
}

/// Plays one game; `a_seat` is the seat (0 = first to move) of player A.
fn play_game(
    players: [&PlayerSpec; 2],
    line: &StartLine,
    cfg: &ShogiMatchConfig,
    index: u64,
    a_seat: usize,
) -> (Played, String) {
    let max_plies = cfg.arena.max_plies.unwrap_or(512);
    let options = GameOptions {
        max_plies: yomi_shogi::game::MAX_PLIES_CAP,
        declaration: cfg.declaration,
    };
    let mut state = ShogiGame::new(line.start.clone(), options);
    let mut history: Vec<Move> = Vec::new();
    for &m in &line.moves {
        state.play(m);
        history.push(m);
    }
    let seed_of = |s: Side| player_seed(cfg.arena.seed, index, s);
    let a = Seat::open(players[0], seed_of(Side::A), cfg.handshake);
    let b = Seat::open(players[1], seed_of(Side::B), cfg.handshake);
    // seats[k]: the player in seat k (0 moves first from the start line's side).
    let mut seats = if a_seat == 0 { [a, b] } else { [b, a] };
    let first = state.position().side_to_move().index();
    let mut clock = Clock::new(cfg.control);
    let mut record = GameRecord {
        index,
        a_seat,
        result: Outcome::Draw,
        plies: history.len() as u32,
        adjudicated: false,
        illegal_move_by: None,
        moves: [0; 2],
        time: [Duration::ZERO; 2],
    };
    let mut timed: Vec<(Move, Duration)> =
        line.moves.iter().map(|&m| (m, Duration::ZERO)).collect();
    let mut forfeit = None;
    // Result for the seat to move: Some(outcome for the mover).
    let (ending, mover_outcome, mover_seat, comment) = loop {
        let color = state.position().side_to_move().index();
        let seat = (color + 2 - first) % 2;
        if let Some(o) = state.outcome() {
            let pos = state.position();
            let ending = if pos.legal_moves().is_empty() {
                Ending::Checkmate
            } else if pos.declaration(cfg.declaration).is_some() {
                Ending::Declaration
            } else {
                Ending::Repetition
            };
            break (ending, o, seat, String::new());
        }
        if record.plies >= max_plies {
            record.adjudicated = true;
            break (Ending::Draw, Outcome::Draw, seat, "ply limit".to_string());
        }
        let side_is_a = (seat == 0) == (a_seat == 0);
        let side_idx = if side_is_a { 0 } else { 1 };
        let allowed = clock.allowed(color);
        let (mv, elapsed) = match &mut seats[seat] {
            Seat::Usi(engine, _) => {
                let Some(e) = engine.as_mut() else {
                    forfeit = Some(Forfeit::Crash);
                    break (
                        Ending::Interrupted,
                        Outcome::Loss,
                        seat,
                        "engine did not start".into(),
                    );
                };
                let deadline = Instant::now() + allowed + cfg.tolerance;
                let t = e.think(
                    &position_command(&line.start, &history),
                    &clock.go_command(),
                    deadline,
                    Duration::from_secs(1),
                );
                record.time[side_idx] += t.elapsed;
                record.moves[side_idx] += 1;
                match t.reply {
                    Reply::Crashed => {
                        forfeit = Some(Forfeit::Crash);
                        break (
                            Ending::Interrupted,
                            Outcome::Loss,
                            seat,
                            "engine exited".into(),
                        );
                    }
                    Reply::Silent => {
                        forfeit = Some(Forfeit::Time);
                        break (Ending::TimeUp, Outcome::Loss, seat, "no bestmove".into());
                    }
                    _ if !clock.charge(color, t.elapsed, cfg.tolerance) => {
                        forfeit = Some(Forfeit::Time);
                        let c = format!(
                            "{} ms used, {} ms allowed",
                            t.elapsed.as_millis(),
                            allowed.as_millis()
                        );
                        break (Ending::TimeUp, Outcome::Loss, seat, c);
                    }
                    Reply::Resign => break (Ending::Resign, Outcome::Loss, seat, String::new()),
                    Reply::Win => match state.position().declaration(cfg.declaration) {
                        Some(Declaration::Win) => {
                            break (Ending::Declaration, Outcome::Win, seat, String::new());
                        }
                        Some(Declaration::Draw) => {
                            break (Ending::Declaration, Outcome::Draw, seat, String::new());
                        }
                        None => {
                            forfeit = Some(Forfeit::Illegal);
                            break (
                                Ending::IllegalMove,
                                Outcome::Loss,
                                seat,
                                "false declaration".into(),
                            );
                        }
                    },
                    Reply::Move(text) => match state.position().parse_usi(&text) {
                        Ok(m) => (m, t.elapsed),
                        Err(e) => {
                            forfeit = Some(Forfeit::Illegal);
                            break (Ending::IllegalMove, Outcome::Loss, seat, e.to_string());
                        }
                    },
                }
            }
            Seat::Builtin(s) => {
                let start = Instant::now();
                let m = s.choose(&state).best;
                let elapsed = start.elapsed();
                record.time[side_idx] += elapsed;
                record.moves[side_idx] += 1;
                if !clock.charge(color, elapsed, cfg.tolerance) {
                    forfeit = Some(Forfeit::Time);
                    break (
                        Ending::TimeUp,
                        Outcome::Loss,
                        seat,
                        "built-in strategy too slow".into(),
                    );
                }
                if !state.position().is_legal(m) {
                    forfeit = Some(Forfeit::Illegal);
                    break (Ending::IllegalMove, Outcome::Loss, seat, format!("{m}"));
                }
                (m, elapsed)
            }
        };
        state.play(mv);
        history.push(mv);
        timed.push((mv, elapsed));
        record.plies += 1;
    };
    let mover_is_a = (mover_seat == 0) == (a_seat == 0);
    record.result = if mover_is_a {
        mover_outcome
    } else {
        mover_outcome.flip()
    };
    let mover_side = if mover_is_a { Side::A } else { Side::B };
    if forfeit == Some(Forfeit::Illegal) {
        record.illegal_move_by = Some(mover_side);
    }
    for (k, seat) in seats.iter_mut().enumerate() {
        if let Seat::Usi(Some(e), _) = seat {
            let is_a = (k == 0) == (a_seat == 0);
            let r = match (record.result, is_a) {
                (Outcome::Draw, _) => "draw",
                (Outcome::Win, true) | (Outcome::Loss, false) => "win",
                _ => "lose",
            };
            let _ = e.send(&format!("gameover {r}"));
        }
    }
    let names_by_color = {
        let n0 = seats[0].name();
        let n1 = seats[1].name();
        if first == 0 { [n0, n1] } else { [n1, n0] }
    };
    let write = match cfg.record_format {
        RecordFormat::Csa => write_csa,
        RecordFormat::Kif => write_kif,
    };
    let csa = write(
        [&names_by_color[0], &names_by_color[1]],
        &line.start,
        &timed,
        ending,
        &comment,
    );
    let played = Played {
        record,
        forfeit: forfeit.map(|f| (mover_side, f)),
    };
    (played, csa)
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
    decided: bool,
    error: Option<MatchError>,
    journal: Option<Journal>,
}

impl Shared {
    /// Counts the next pair of the prefix: forfeits and tally.
    fn count(&mut self, games: &[Played; 2], names: &[String; 2]) {
        for g in games {
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
                        if let Some(dir) = &cfg.records {
                            for (k, text) in csas.iter().enumerate() {
                                let path = dir.join(format!(
                                    "game-{:05}.{}",
                                    2 * f + k as u64,
                                    cfg.record_format.extension()
                                ));
                                let _ = std::fs::write(path, text);
                            }
                        }
                        // Records first: a pair in the journal is never replayed,
                        // so its records must already be on disk.
                        if let Some(Err(e)) = s.journal.as_mut().map(|j| j.append(f, &games)) {
                            s.error.get_or_insert(e.into());
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
        time_control: describe(cfg.control),
        report,
    })
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
