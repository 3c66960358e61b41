//! One clocked game between two players of a match.
//!
//! Contract: [`play_game`] starts fresh players (engine processes get
//! `usinewgame`), plays from the start line under the match's clock and
//! rules until mate, repetition, declaration, resignation, the ply limit or
//! a forfeit, or until the match's resign rule (if any) gives the side to
//! move up on both engines' scores (`adjudicate.rs`), sends each engine
//! `gameover`, and returns the game's record for the tally (from player A's
//! side) with its forfeit, and its text record (CSA or KIF). A side
//! forfeits by crashing or never starting (crash), by falling silent or
//! moving after its time (time), or by an illegal move or a false `win`
//! declaration (illegal).

use super::adjudicate::ResignWatch;
use super::clock::Clock;
use super::matches::{PlayerSpec, RecordFormat, ShogiMatchConfig};
use super::usi::{Reply, UsiEngine};
use std::time::{Duration, Instant};
use yomi_arena::play::GameRecord;
use yomi_arena::{Side, player_seed};
use yomi_search::{Game, Outcome, Strategy};
use yomi_shogi::record::{Csa, Kif, TimedMove};
use yomi_shogi::rules::Declaration;
use yomi_shogi::{GameOptions, Move, Position, ShogiGame, StartLine, Termination};

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
    /// The game was ended by the resign rule, not played out.
    pub(super) resign_adjudicated: bool,
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

/// The `position` command of `start` followed by `moves`.
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
pub(super) fn play_game(
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
    let mut timed: Vec<TimedMove> = line
        .moves
        .iter()
        .map(|&mv| TimedMove {
            mv,
            time: Duration::ZERO,
        })
        .collect();
    let mut forfeit = None;
    let mut watch = cfg.resign.map(ResignWatch::new);
    let mut resign_adjudicated = false;
    // Result for the seat to move: Some(outcome for the mover).
    let (ending, mover_outcome, mover_seat, comment) = loop {
        let color = state.position().side_to_move().index();
        let seat = (color + 2 - first) % 2;
        if let Some(o) = state.outcome() {
            let ending = state
                .termination()
                .expect("a finished ShogiGame says how it ended");
            break (ending, o, seat, String::new());
        }
        if record.plies >= max_plies {
            record.adjudicated = true;
            break (
                Termination::PlyLimit,
                Outcome::Draw,
                seat,
                "ply limit".to_string(),
            );
        }
        let side_is_a = (seat == 0) == (a_seat == 0);
        let side_idx = if side_is_a { 0 } else { 1 };
        let allowed = clock.allowed(color);
        let (mv, elapsed, score) = match &mut seats[seat] {
            Seat::Usi(engine, _) => {
                let Some(e) = engine.as_mut() else {
                    forfeit = Some(Forfeit::Crash);
                    break (
                        Termination::Interrupted,
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
                            Termination::Interrupted,
                            Outcome::Loss,
                            seat,
                            "engine exited".into(),
                        );
                    }
                    Reply::Silent => {
                        forfeit = Some(Forfeit::Time);
                        break (
                            Termination::TimeUp,
                            Outcome::Loss,
                            seat,
                            "no bestmove".into(),
                        );
                    }
                    _ if !clock.charge(color, t.elapsed, cfg.tolerance) => {
                        forfeit = Some(Forfeit::Time);
                        let c = format!(
                            "{} ms used, {} ms allowed",
                            t.elapsed.as_millis(),
                            allowed.as_millis()
                        );
                        break (Termination::TimeUp, Outcome::Loss, seat, c);
                    }
                    Reply::Resign => {
                        break (Termination::Resignation, Outcome::Loss, seat, String::new());
                    }
                    Reply::Win => match state.position().declaration(cfg.declaration) {
                        Some(Declaration::Win) => {
                            break (Termination::Declaration, Outcome::Win, seat, String::new());
                        }
                        Some(Declaration::Draw) => {
                            break (Termination::Declaration, Outcome::Draw, seat, String::new());
                        }
                        None => {
                            forfeit = Some(Forfeit::Illegal);
                            break (
                                Termination::IllegalMove,
                                Outcome::Loss,
                                seat,
                                "false declaration".into(),
                            );
                        }
                    },
                    Reply::Move(text) => match state.position().parse_usi(&text) {
                        Ok(m) => (m, t.elapsed, t.score),
                        Err(e) => {
                            forfeit = Some(Forfeit::Illegal);
                            break (Termination::IllegalMove, Outcome::Loss, seat, e.to_string());
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
                        Termination::TimeUp,
                        Outcome::Loss,
                        seat,
                        "built-in strategy too slow".into(),
                    );
                }
                if !state.position().is_legal(m) {
                    forfeit = Some(Forfeit::Illegal);
                    break (
                        Termination::IllegalMove,
                        Outcome::Loss,
                        seat,
                        format!("{m}"),
                    );
                }
                (m, elapsed, None)
            }
        };
        state.play(mv);
        history.push(mv);
        timed.push(TimedMove { mv, time: elapsed });
        record.plies += 1;
        // A move that ends the game is judged by the rules, next time round.
        if let Some(w) = watch.as_mut() {
            if w.moved(seat, score.as_deref()) && state.outcome().is_none() {
                resign_adjudicated = true;
                let c = format!("adjudicated: both engines' scores beyond {}", w.rule());
                break (Termination::Resignation, Outcome::Loss, 1 - seat, c);
            }
        }
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
    let game = yomi_shogi::record::GameRecord {
        names: names_by_color,
        start: line.start.clone(),
        moves: timed,
        termination: Some(ending),
        comment,
    };
    let text = match cfg.record_format {
        RecordFormat::Csa => Csa(game).to_string(),
        RecordFormat::Kif => Kif(game).to_string(),
    };
    let played = Played {
        record,
        forfeit: forfeit.map(|f| (mover_side, f)),
        resign_adjudicated,
    };
    (played, text)
}
