//! The referee: plays one game between two players with the official turn
//! order and time limits, and records a replay.
//!
//! Contract: [`play_game`] starts from the seed's initial state, and every
//! game turn begins the turn (end checks, reveal), sends each player its
//! input, collects, reads both answers (1 s on the first turn, 50 ms after,
//! for external programs), and resolves them. A player that times out, ends,
//! answers an invalid line or panics is disqualified at once: score -1, game
//! over, and an external program's whole process group is killed then (its
//! last stderr line, if any, ends the message).
//! With `check_invariants` every turn is checked (items conserved between
//! board, hands and collected quests; players on the board; scores never
//! decrease) and a violation is an error.

use crate::league::League;
use crate::player::{Failure, Player};
use crate::protocol::render_input;
use crate::replay::{Frame, Replay};
use crate::setup::initial_state;
use crate::state::{MAX_STALE, MAX_TURNS, State};
use serde::Serialize;
use std::time::Duration;

/// Answer time limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimits {
    /// First answer.
    pub first: Duration,
    /// Every later answer.
    pub turn: Duration,
}

impl Default for TimeLimits {
    /// CodinGame's: 1 s, then 50 ms.
    fn default() -> Self {
        TimeLimits {
            first: Duration::from_millis(1000),
            turn: Duration::from_millis(50),
        }
    }
}

/// Referee settings.
#[derive(Clone, Copy, Debug, Default)]
pub struct RefereeOptions {
    /// League rules.
    pub league: League,
    /// Time limits.
    pub limits: TimeLimits,
    /// Check invariants every turn.
    pub check_invariants: bool,
    /// Record a replay.
    pub record: bool,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum EndReason {
    /// 150 game turns played.
    MaxTurns,
    /// Ten push turns in a row on the same line.
    Deadlock,
    /// Someone completed every quest.
    AllQuests,
    /// One or both players were disqualified.
    Disqualified,
}

/// The result of one game.
#[derive(Clone, Debug, Serialize)]
pub struct GameResult {
    /// Final scores (-1 for a disqualified player).
    pub scores: [i32; 2],
    /// Game turns played.
    pub turns: u8,
    /// Why it ended.
    pub reason: EndReason,
    /// Why each player was disqualified, if it was.
    pub disqualified: [Option<String>; 2],
    /// Each player's first answer time (limit 1 s), in microseconds.
    pub first_answer_us: [u64; 2],
    /// Each player's longest answer time after the first turn (limit 50 ms),
    /// in microseconds.
    pub max_answer_us: [u64; 2],
    /// Simulations of each player's push turns (built-in bots).
    pub push_simulations: [Vec<u64>; 2],
}

impl GameResult {
    /// 1, 0.5 or 0 for player 0.
    pub fn points0(&self) -> f64 {
        match self.scores[0].cmp(&self.scores[1]) {
            std::cmp::Ordering::Greater => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Less => 0.0,
        }
    }
}

/// A broken invariant (a rules bug, never a player's fault).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invariant broken at game turn {turn}: {what}")]
pub struct InvariantError {
    /// Game turn.
    pub turn: u8,
    /// What broke.
    pub what: String,
}

/// Plays one game; returns the result and the replay (empty unless recorded).
pub fn play_game(
    players: &mut [Player; 2],
    names: [String; 2],
    seed: i64,
    options: RefereeOptions,
) -> Result<(GameResult, Replay), InvariantError> {
    let mut s = initial_state(seed, options.league);
    let mut replay = Replay::new(seed, options.league, names);
    let mut result = GameResult {
        scores: [0, 0],
        turns: 0,
        reason: EndReason::MaxTurns,
        disqualified: [None, None],
        first_answer_us: [0, 0],
        max_answer_us: [0, 0],
        push_simulations: [Vec::new(), Vec::new()],
    };
    let mut first = true;
    loop {
        if !s.begin_turn() {
            result.reason = end_reason(&s);
            break;
        }
        let inputs = [render_input(&s, 0), render_input(&s, 1)];
        s.collect();
        let before = s;
        let limit = if first {
            options.limits.first
        } else {
            options.limits.turn
        };
        let first_turn = std::mem::replace(&mut first, false);
        let mut actions = Vec::with_capacity(2);
        for p in 0..2 {
            match players[p].answer(&inputs[p], s.push_turn(), limit) {
                Ok((a, took)) => {
                    let took = took.as_micros() as u64;
                    if first_turn {
                        result.first_answer_us[p] = took;
                    } else {
                        result.max_answer_us[p] = result.max_answer_us[p].max(took);
                    }
                    if s.push_turn() {
                        result.push_simulations[p].push(players[p].simulations());
                    }
                    actions.push(Some(a));
                }
                Err(f) => {
                    let stderr = players[p].disqualify();
                    result.disqualified[p] = Some(describe(&f, stderr.as_deref()));
                    actions.push(None);
                }
            }
        }
        if options.record {
            replay
                .frames
                .push(Frame::of(&before, &actions, &result.disqualified));
        }
        match (actions[0], actions[1]) {
            (Some(a0), Some(a1)) => s.resolve(a0, a1),
            _ => {
                result.reason = EndReason::Disqualified;
                break;
            }
        }
        if options.check_invariants {
            s.check_invariants().map_err(|broken| InvariantError {
                turn: s.turn,
                what: broken.to_string(),
            })?;
            for p in 0..2 {
                if s.score[p] < before.score[p] {
                    return Err(InvariantError {
                        turn: s.turn,
                        what: format!("player {p}'s score went down"),
                    });
                }
            }
        }
    }
    result.turns = s.turn;
    for p in 0..2 {
        result.scores[p] = if result.disqualified[p].is_some() {
            -1
        } else {
            i32::from(s.score[p])
        };
    }
    if options.record {
        replay
            .frames
            .push(Frame::of(&s, &[None, None], &result.disqualified));
        replay.scores = result.scores;
        replay.reason = format!("{:?}", result.reason);
    }
    Ok((result, replay))
}

/// The disqualification message: the failure, then the program's last
/// stderr line (already cut to a readable length).
fn describe(f: &Failure, stderr: Option<&str>) -> String {
    match stderr {
        Some(line) => format!("{f} (last stderr line: {line})"),
        None => f.to_string(),
    }
}

fn end_reason(s: &State) -> EndReason {
    if s.score.contains(&(s.quests as i8)) {
        EndReason::AllQuests
    } else if s.stale >= MAX_STALE {
        EndReason::Deadlock
    } else {
        debug_assert!(s.turn >= MAX_TURNS);
        EndReason::MaxTurns
    }
}
