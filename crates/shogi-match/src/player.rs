//! A USI engine as one side of a game, and the players a shogi match is
//! made of.
//!
//! Contract: a [`UsiPlayer`] starts a fresh engine process for its game and
//! sends `usinewgame`; asked for a move it sends the game's `position` and a
//! `go` built from the [`Limits`] (`go nodes N` under a node budget, else
//! both clocks with the byoyomi or the increments), waits until the clock's
//! allowance plus the match's tolerance (then `stop`, and one more second),
//! and answers with the move if it is legal, or says why not (an engine that
//! never started or exited crashed, one that never answered is silent, a
//! move text that is not legal here is illegal, `bestmove win` is a claim).
//! An engine that crashed or fell silent has its whole process group killed
//! at once; otherwise it is sent `gameover` with its result at the end, and
//! its group is killed when the player is dropped. Built-in
//! strategies play through [`yomi_arena::StrategyPlayer`].

use crate::usi::{EngineSpec, Reply, UsiEngine};
use std::time::{Duration, Instant};
use yomi_arena::clock::NODES_WATCHDOG;
use yomi_arena::{Answer, GameSoFar, Player, PlayerFactory};
use yomi_search::{Game, Limits, Outcome, PerMove};
use yomi_shogi::{Move, Position, ShogiGame};

/// One player of a match.
#[derive(Clone)]
pub enum PlayerSpec {
    /// A USI engine run as a child process.
    Usi(EngineSpec),
    /// A built-in strategy (the clock's limits tighten its own budget; the
    /// clock still judges it).
    Builtin(PlayerFactory<ShogiGame>),
}

/// A player text that is neither a USI engine spec nor a strategy spec.
#[derive(Debug, thiserror::Error)]
pub enum PlayerSpecError {
    /// A `usi:` spec that does not parse.
    #[error(transparent)]
    Engine(#[from] crate::error::ClientError),
    /// A built-in strategy spec that does not parse or build for shogi.
    #[error(transparent)]
    Strategy(#[from] yomi_search::SpecError),
}

impl std::str::FromStr for PlayerSpec {
    type Err = PlayerSpecError;

    /// `usi:PATH[,Option=Value...]` for an engine, else a built-in
    /// strategy spec (`alphabeta:depth=4`).
    fn from_str(text: &str) -> Result<PlayerSpec, PlayerSpecError> {
        if text.starts_with("usi:") {
            return Ok(PlayerSpec::Usi(text.parse()?));
        }
        let spec: yomi_search::StrategySpec = text.parse()?;
        Ok(PlayerSpec::Builtin(yomi_arena::spec_factory(&spec)?))
    }
}

/// The `position` command of `start` followed by `moves`.
pub fn position_command(start: &Position, moves: &[Move]) -> String {
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

/// The USI `go` command for `limits`.
pub fn go_command(limits: &Limits) -> String {
    let ms = |d: Duration| d.as_millis();
    match (limits.nodes, limits.clock) {
        (Some(n), _) => format!("go nodes {n}"),
        (None, Some(c)) => {
            let (b, w) = (ms(c.remaining[0]), ms(c.remaining[1]));
            match c.per_move {
                PerMove::Byoyomi(by) => format!("go btime {b} wtime {w} byoyomi {}", ms(by)),
                PerMove::Increment(i) => {
                    let i = ms(i);
                    format!("go btime {b} wtime {w} binc {i} winc {i}")
                }
            }
        }
        (None, None) => "go infinite".to_string(),
    }
}

/// A USI engine playing one game.
pub struct UsiPlayer {
    engine: Option<UsiEngine>,
    name: String,
    tolerance: Duration,
}

impl UsiPlayer {
    /// Starts the engine (`usi`, options, `isready` within `handshake`)
    /// and sends `usinewgame`; an engine that fails to start is kept as one
    /// that crashed, named by its path, so its game is forfeited, not the
    /// match stopped.
    pub fn start(spec: &EngineSpec, handshake: Duration, tolerance: Duration) -> UsiPlayer {
        match UsiEngine::start(spec, handshake) {
            Ok(mut e) => {
                let name = e.name().to_string();
                let ok = e.send("usinewgame").is_ok();
                UsiPlayer {
                    engine: ok.then_some(e),
                    name,
                    tolerance,
                }
            }
            Err(_) => UsiPlayer {
                engine: None,
                name: spec.path.display().to_string(),
                tolerance,
            },
        }
    }
}

impl Player<ShogiGame> for UsiPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn think(&mut self, game: &GameSoFar<'_, ShogiGame>, limits: &Limits) -> Answer<Move> {
        let Some(e) = self.engine.as_mut() else {
            return Answer::Crashed("engine did not start".into());
        };
        let allowed = limits.clock.map_or(NODES_WATCHDOG, |c| c.allowed());
        let deadline = Instant::now() + allowed + self.tolerance;
        let t = e.think(
            &position_command(game.start.position(), game.moves),
            &go_command(limits),
            deadline,
            Duration::from_secs(1),
        );
        match t.reply {
            Reply::Crashed | Reply::Silent => {
                // Given up on: nothing of it may go on running.
                let stderr = e.kill();
                self.engine = None;
                let why = if t.reply == Reply::Crashed {
                    "engine exited"
                } else {
                    "no bestmove"
                };
                let why = match stderr {
                    Some(line) => format!("{why} (last stderr line: {line})"),
                    None => why.to_string(),
                };
                if t.reply == Reply::Crashed {
                    Answer::Crashed(why)
                } else {
                    Answer::Silent(why)
                }
            }
            Reply::Resign => Answer::Resign,
            Reply::Win => Answer::Claim,
            Reply::Move(text) => match game.state.parse_move(&text) {
                Ok(mv) => Answer::Move { mv, value: t.score },
                Err(e) => Answer::Illegal(e.to_string()),
            },
        }
    }

    fn game_over(&mut self, result: Outcome) {
        if let Some(e) = self.engine.as_mut() {
            let word = match result {
                Outcome::Win => "win",
                Outcome::Draw => "draw",
                Outcome::Loss => "lose",
            };
            let _ = e.send(&format!("gameover {word}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yomi_arena::{Clock, TimeControl};

    const MS: fn(u64) -> Duration = Duration::from_millis;

    #[test]
    fn go_commands_follow_the_clock() {
        let mut c = Clock::new(TimeControl::Byoyomi {
            main: MS(1000),
            byoyomi: MS(200),
        });
        assert!(c.charge(0, MS(1100), Duration::ZERO));
        assert_eq!(
            go_command(&c.limits(1)),
            "go btime 0 wtime 1000 byoyomi 200"
        );
        let mut c = Clock::new(TimeControl::Fischer {
            main: MS(500),
            increment: MS(100),
        });
        assert!(c.charge(1, MS(300), Duration::ZERO));
        assert_eq!(
            go_command(&c.limits(0)),
            "go btime 500 wtime 300 binc 100 winc 100"
        );
        let c = Clock::new(TimeControl::Nodes(5000));
        assert_eq!(go_command(&c.limits(0)), "go nodes 5000");
    }

    #[test]
    fn position_commands_name_the_start_and_the_moves() {
        let start = Position::startpos();
        assert_eq!(position_command(&start, &[]), "position startpos");
        let mut p = start.clone();
        let m = p.parse_usi("7g7f").unwrap();
        p.do_move(m);
        assert_eq!(
            position_command(&start, &[m]),
            "position startpos moves 7g7f"
        );
        assert_eq!(
            position_command(&p, &[]),
            format!("position sfen {}", p.to_sfen())
        );
    }
}
