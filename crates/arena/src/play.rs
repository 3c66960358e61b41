//! The one game loop of every match: two players, an opening, and the
//! match's rules of play (ply limit, clock, resign rule).
//!
//! Contract: [`play_game`] plays from the opening until the game's own rules
//! end it ([`Game::outcome`]), the ply limit is reached (a draw), a player
//! resigns or claims a result by rule (a false claim loses), the resign rule
//! adjudicates the side to move lost, or the side to move forfeits: by an
//! illegal move, by a crash or silence of its process, by a panic in the
//! player (a bug: caught, reported with its message as a crash, so a long
//! match goes on), or by moving after its clock ran out (with a clock;
//! without one, time is only measured). A player that panicked is not told
//! the result.
//! Before every move the mover is told the [`Limits`] its clock gives; after
//! the game each player is told its result. The [`GameRecord`] is from
//! player A's side; the [`PlayedGame`] adds what records need: every move
//! with its time, how the game ended, and the final state. A pair is game
//! `2p` with A in seat 0 and game `2p + 1` with A in seat 1, on one opening.

use crate::adjudicate::{ResignRule, ResignWatch};
use crate::clock::{Clock, TimeControl};
use crate::config::Side;
use crate::opening::Opening;
use crate::player::{Answer, GameSoFar, Player, caught};
use serde::{Deserialize, Serialize};
use std::time::{Duration, Instant};
use yomi_search::{Game, Limits, Outcome, Seat};

/// Why the match, not play, decided a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Adjudication {
    /// The ply limit was reached: a draw.
    PlyLimit,
    /// Both players' scores agreed the side to move was lost.
    ResignRule,
}

/// How a side forfeits a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Forfeit {
    /// It moved after its clock ran out, or fell silent.
    Time,
    /// Its process exited or could not start.
    Crash,
    /// It played an illegal move or made a false claim.
    Illegal,
}

/// How one game went, from A's side: what a match counts.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Game number in the match (0-based).
    pub index: u64,
    /// A's seat (0 = the first player of the game's initial position).
    pub a_seat: Seat,
    /// A's result.
    pub result: Outcome,
    /// Game length in plies, opening included.
    pub plies: u32,
    /// Set when the match, not play, decided the game.
    pub adjudication: Option<Adjudication>,
    /// The side that forfeited the game, and how.
    pub forfeit: Option<(Side, Forfeit)>,
    /// Moves chosen by A and by B.
    pub moves: [u32; 2],
    /// Time spent choosing by A and by B.
    pub time: [Duration; 2],
}

impl GameRecord {
    /// A's points in half-points: 2 win, 1 draw, 0 loss.
    pub fn a_half_points(&self) -> u32 {
        match self.result {
            Outcome::Win => 2,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        }
    }

    /// The side that lost by an illegal move, if any.
    pub fn illegal_move_by(&self) -> Option<Side> {
        match self.forfeit {
            Some((side, Forfeit::Illegal)) => Some(side),
            _ => None,
        }
    }
}

/// Both games of a pair, with whatever the match keeps for each game
/// beside the record (`extra`, journaled with it).
#[derive(Clone, Debug, PartialEq)]
pub struct PairRecord<E = ()> {
    /// Game `2p` (A in seat 0) and game `2p + 1` (A in seat 1).
    pub games: [GameRecord; 2],
    /// The match's own data of each game.
    pub extra: [E; 2],
}

/// What ended a game, in more detail than the record keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// The game's rules (checkmate, repetition, a line of four...): the
    /// final state says which.
    Rules,
    /// The side to move resigned.
    Resignation,
    /// The side to move claimed a result by rule, and the claim held.
    Claim,
    /// The ply limit: a draw.
    PlyLimit,
    /// The resign rule gave up the side to move.
    Adjudicated,
    /// The side to move forfeited.
    Forfeit(Forfeit),
}

/// The rules of play a match adds to the game's own.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlaySettings {
    /// Draw when a game reaches this many plies (opening included).
    pub max_plies: Option<u32>,
    /// The clock; `None` measures time without judging it.
    pub clock: Option<TimeControl>,
    /// Lateness forgiven before a move loses on time.
    pub tolerance: Duration,
    /// End games both players score as decided.
    pub resign: Option<ResignRule>,
}

/// A finished game with what records need.
#[derive(Clone, Debug)]
pub struct PlayedGame<G: Game> {
    /// The record the match counts.
    pub record: GameRecord,
    /// Every move from the opening's start with the time it took (zero for
    /// the opening's moves).
    pub moves: Vec<(G::Move, Duration)>,
    /// What ended the game; the side to move in `state` is the one it
    /// concerns (the loser of a forfeit, resignation or adjudication).
    pub end: GameEnd,
    /// Words about the end for a record's comment (`3 ms used, 1 ms
    /// allowed`, `ply limit`); empty when there is nothing to add.
    pub detail: String,
    /// The position at the end.
    pub state: G,
    /// The names of the players in seat 0 and seat 1.
    pub names: [String; 2],
}

/// Plays one game from `opening`: `players` are A and B, `a_seat` is A's
/// seat, `index` the game's number in the match.
pub fn play_game<G: Game>(
    players: [&mut dyn Player<G>; 2],
    opening: &Opening<G>,
    index: u64,
    a_seat: Seat,
    settings: &PlaySettings,
) -> PlayedGame<G> {
    let mut players = players;
    let mut state = opening.state.clone();
    let mut line: Vec<G::Move> = opening.moves.clone();
    let mut timed: Vec<(G::Move, Duration)> = line.iter().map(|&m| (m, Duration::ZERO)).collect();
    let mut record = GameRecord {
        index,
        a_seat,
        result: Outcome::Draw,
        plies: line.len() as u32,
        adjudication: None,
        forfeit: None,
        moves: [0; 2],
        time: [Duration::ZERO; 2],
    };
    let mut clock = settings.clock.map(Clock::new);
    let mut watch = settings.resign.map(ResignWatch::new);
    let mut legal = Vec::new();
    let mut panicked = [false; 2];
    let side_of = |seat: Seat| if seat == a_seat { 0 } else { 1 };
    // `outcome` is for the side to move in `state` when the loop ends.
    let (end, outcome, detail) = loop {
        if let Some(o) = state.outcome() {
            break (GameEnd::Rules, o, String::new());
        }
        if settings.max_plies.is_some_and(|m| record.plies >= m) {
            break (GameEnd::PlyLimit, Outcome::Draw, "ply limit".to_string());
        }
        let seat = state.to_move();
        let side = side_of(seat);
        let limits = clock.map_or(Limits::NONE, |c| c.limits(seat));
        let asked = Instant::now();
        let so_far = GameSoFar {
            start: &opening.start,
            moves: &line,
            state: &state,
        };
        let answer = caught(|| players[side].think(&so_far, &limits)).unwrap_or_else(|message| {
            panicked[side] = true;
            Answer::Crashed(format!("panicked: {message}"))
        });
        let elapsed = asked.elapsed();
        record.time[side] += elapsed;
        record.moves[side] += 1;
        let forfeit = |kind, why: String| (GameEnd::Forfeit(kind), Outcome::Loss, why);
        match answer {
            Answer::Crashed(why) => break forfeit(Forfeit::Crash, why),
            Answer::Silent(why) => break forfeit(Forfeit::Time, why),
            _ => {}
        }
        if let Some(c) = clock.as_mut() {
            let allowed = c.allowed(seat);
            if !c.charge(seat, elapsed, settings.tolerance) {
                let why = format!(
                    "{} ms used, {} ms allowed",
                    elapsed.as_millis(),
                    allowed.as_millis()
                );
                break forfeit(Forfeit::Time, why);
            }
        }
        let (mv, value) = match answer {
            Answer::Resign => break (GameEnd::Resignation, Outcome::Loss, String::new()),
            Answer::Claim => match state.claim() {
                Some(o) => break (GameEnd::Claim, o, String::new()),
                None => break forfeit(Forfeit::Illegal, "false claim".to_string()),
            },
            Answer::Illegal(why) => break forfeit(Forfeit::Illegal, why),
            Answer::Move { mv, value } => (mv, value),
            Answer::Crashed(_) | Answer::Silent(_) => unreachable!("handled above"),
        };
        state.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            break forfeit(Forfeit::Illegal, format!("{mv}"));
        }
        state.play(mv);
        line.push(mv);
        timed.push((mv, elapsed));
        record.plies += 1;
        // A move that ends the game is judged by the rules, next time round.
        if let Some(w) = watch.as_mut()
            && w.moved(seat, value.as_ref())
            && state.outcome().is_none()
        {
            let why = format!("adjudicated: both engines' scores beyond {}", w.rule());
            break (GameEnd::Adjudicated, Outcome::Loss, why);
        }
    };
    let mover_side = side_of(state.to_move());
    record.result = if mover_side == 0 {
        outcome
    } else {
        outcome.flip()
    };
    let mover = if mover_side == 0 { Side::A } else { Side::B };
    match end {
        GameEnd::PlyLimit => record.adjudication = Some(Adjudication::PlyLimit),
        GameEnd::Adjudicated => record.adjudication = Some(Adjudication::ResignRule),
        GameEnd::Forfeit(kind) => record.forfeit = Some((mover, kind)),
        GameEnd::Rules | GameEnd::Resignation | GameEnd::Claim => {}
    }
    // A player that panicked is not told the result; a panic now (in
    // `game_over` or `name`) is caught too and changes no result.
    let results = [record.result, record.result.flip()];
    let mut names = [String::from("player A"), String::from("player B")];
    for (side, player) in players.iter_mut().enumerate() {
        if !panicked[side] {
            let _ = caught(|| player.game_over(results[side]));
        }
        if let Ok(name) = caught(|| player.name()) {
            names[side] = name;
        }
    }
    if a_seat != 0 {
        names.swap(0, 1);
    }
    PlayedGame {
        record,
        moves: timed,
        end,
        detail,
        state,
        names,
    }
}
