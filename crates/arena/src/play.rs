//! Playing one game and one pair of games between two players.
//!
//! Contract: a game starts from its opening with freshly built players (so
//! no state leaks between games), runs until the game ends, the ply limit is
//! reached (a draw) or a player returns an illegal move (that player loses,
//! as engine testers forfeit illegal moves). The result is recorded from A's
//! side. A pair is game `2p` with A in seat 0 and game `2p + 1` with A in
//! seat 1, on the same opening.

use crate::config::{PlayerFactory, Side, player_seed};
use crate::opening::Opening;
use std::time::{Duration, Instant};
use yomi_search::{Game, Outcome, Strategy};

/// How one game went, from A's side.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// Game number in the match (0-based).
    pub index: u64,
    /// A's seat (0 = moved first from the initial position).
    pub a_seat: usize,
    /// A's result.
    pub result: Outcome,
    /// Game length in plies, opening included.
    pub plies: u32,
    /// True when the ply limit ended the game as a draw.
    pub adjudicated: bool,
    /// The side that lost by playing an illegal move, if any.
    pub illegal_move_by: Option<Side>,
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
}

/// Both games of a pair, plus the players' names from its first game.
#[derive(Clone, Debug)]
pub struct PairRecord {
    /// Game `2p` (A first) and game `2p + 1` (A second).
    pub games: [GameRecord; 2],
    /// Names reported by A's and B's players.
    pub names: [String; 2],
}

/// Plays one game from `opening` between freshly built players.
pub fn play_game<G: Game>(
    players: [&mut dyn Strategy<G>; 2],
    opening: &Opening<G>,
    index: u64,
    a_seat: usize,
    max_plies: Option<u32>,
) -> GameRecord {
    let [a, b] = players;
    a.new_game();
    b.new_game();
    let mut state = opening.state.clone();
    let mut record = GameRecord {
        index,
        a_seat,
        result: Outcome::Draw,
        plies: opening.moves.len() as u32,
        adjudicated: false,
        illegal_move_by: None,
        moves: [0; 2],
        time: [Duration::ZERO; 2],
    };
    let mut legal = Vec::new();
    loop {
        if let Some(outcome) = state.outcome() {
            record.result = if state.to_move() == a_seat {
                outcome
            } else {
                outcome.flip()
            };
            return record;
        }
        if max_plies.is_some_and(|limit| record.plies >= limit) {
            record.result = Outcome::Draw;
            record.adjudicated = true;
            return record;
        }
        let side = if state.to_move() == a_seat { 0 } else { 1 };
        let player: &mut dyn Strategy<G> = if side == 0 { &mut *a } else { &mut *b };
        let start = Instant::now();
        let mv = player.choose(&state).best;
        record.time[side] += start.elapsed();
        record.moves[side] += 1;
        state.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            record.illegal_move_by = Some(if side == 0 { Side::A } else { Side::B });
            record.result = if side == 0 {
                Outcome::Loss
            } else {
                Outcome::Win
            };
            return record;
        }
        state.play(mv);
        record.plies += 1;
    }
}

/// Plays pair `pair`: both games on `opening`, seats swapped.
pub fn play_pair<G: Game>(
    a: &PlayerFactory<G>,
    b: &PlayerFactory<G>,
    opening: &Opening<G>,
    match_seed: u64,
    pair: u64,
    max_plies: Option<u32>,
) -> PairRecord {
    let mut names = [String::new(), String::new()];
    let games = [0usize, 1].map(|a_seat| {
        let index = 2 * pair + a_seat as u64;
        let mut pa = a(player_seed(match_seed, index, Side::A));
        let mut pb = b(player_seed(match_seed, index, Side::B));
        if a_seat == 0 {
            names = [pa.name(), pb.name()];
        }
        play_game(
            [pa.as_mut(), pb.as_mut()],
            opening,
            index,
            a_seat,
            max_plies,
        )
    });
    PairRecord { games, names }
}
