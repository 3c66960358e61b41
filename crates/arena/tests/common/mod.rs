//! Tiny games and players for the arena tests, independent of yomi-games.

#![allow(dead_code)]

use std::fmt;
use std::sync::{Arc, Mutex};
use yomi_arena::PlayerFactory;
use yomi_core::Rng;
use yomi_search::{Game, Outcome, SearchReport, SearchStats, Seat, Strategy};

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Plain tic-tac-toe; moves are cell numbers 0..9 (row-major).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Ttt {
    cells: [u8; 9],
    ply: u8,
}

impl Ttt {
    fn line_of(&self, mark: u8) -> bool {
        LINES
            .iter()
            .any(|l| l.iter().all(|&c| self.cells[c] == mark))
    }
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }
}

impl fmt::Display for Ttt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.cells {
            f.write_str([".", "X", "O"][c as usize])?;
        }
        Ok(())
    }
}

impl Game for Ttt {
    type Move = u8;
    fn name() -> &'static str {
        "ttt"
    }
    fn initial() -> Self {
        Ttt {
            cells: [0; 9],
            ply: 0,
        }
    }
    fn to_move(&self) -> Seat {
        (self.ply % 2) as Seat
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        if self.outcome().is_none() {
            moves.extend((0..9u8).filter(|&i| self.cells[i as usize] == 0));
        }
    }
    fn play(&mut self, mv: u8) {
        self.cells[mv as usize] = 1 + (self.ply % 2);
        self.ply += 1;
    }
    fn outcome(&self) -> Option<Outcome> {
        let previous = 2 - (self.ply % 2); // mark of the side that just moved
        if self.ply > 0 && self.line_of(previous) {
            Some(Outcome::Loss)
        } else if self.ply == 9 {
            Some(Outcome::Draw)
        } else {
            None
        }
    }
}

/// The first player to move wins at once (one legal move, "go").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstWins {
    done: bool,
}

impl fmt::Display for FirstWins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.done { "over" } else { "start" })
    }
}

impl Game for FirstWins {
    type Move = char;
    fn name() -> &'static str {
        "firstwins"
    }
    fn initial() -> Self {
        FirstWins { done: false }
    }
    fn to_move(&self) -> Seat {
        self.done as Seat
    }
    fn legal_moves(&self, moves: &mut Vec<char>) {
        moves.clear();
        if !self.done {
            moves.push('g');
        }
    }
    fn play(&mut self, _: char) {
        self.done = true;
    }
    fn outcome(&self) -> Option<Outcome> {
        self.done.then_some(Outcome::Loss)
    }
}

fn legal<G: Game>(state: &G) -> Vec<G::Move> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
}

/// Always plays the first legal move.
pub struct FirstLegal;

impl<G: Game> Strategy<G> for FirstLegal {
    fn name(&self) -> String {
        "first-legal".into()
    }
    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        SearchReport::just(legal(state)[0], SearchStats::default())
    }
}

/// Uniformly random legal moves from a seed.
pub struct RandomMover(pub Rng);

impl<G: Game> Strategy<G> for RandomMover {
    fn name(&self) -> String {
        "random-mover".into()
    }
    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        let moves = legal(state);
        SearchReport::just(moves[self.0.below(moves.len())], SearchStats::default())
    }
}

/// Tic-tac-toe: win if possible, else block, else the centre, else random.
pub struct Tactician(pub Rng);

impl Strategy<Ttt> for Tactician {
    fn name(&self) -> String {
        "tactician".into()
    }
    fn choose(&mut self, state: &Ttt) -> SearchReport<u8> {
        let moves = legal(state);
        let finds = |mark: u8| {
            moves.iter().copied().find(|&m| {
                let mut s = state.clone();
                s.cells[m as usize] = mark;
                s.line_of(mark)
            })
        };
        let me = 1 + (state.ply % 2);
        let best = finds(me)
            .or_else(|| finds(3 - me))
            .or_else(|| moves.contains(&4).then_some(4))
            .unwrap_or_else(|| moves[self.0.below(moves.len())]);
        SearchReport::just(best, SearchStats::default())
    }
}

/// Returns a move that is not legal (cell 0 when it is taken, else 9).
pub struct Cheater;

impl Strategy<Ttt> for Cheater {
    fn name(&self) -> String {
        "cheater".into()
    }
    fn choose(&mut self, state: &Ttt) -> SearchReport<u8> {
        let mv = if state.cells[0] != 0 { 0 } else { 9 };
        SearchReport::just(mv, SearchStats::default())
    }
}

pub fn first_legal<G: Game>() -> PlayerFactory<G> {
    Arc::new(|_| Box::new(FirstLegal) as Box<dyn Strategy<G>>)
}

pub fn random<G: Game>() -> PlayerFactory<G> {
    Arc::new(|seed| Box::new(RandomMover(Rng::new(seed))) as Box<dyn Strategy<G>>)
}

pub fn tactician() -> PlayerFactory<Ttt> {
    Arc::new(|seed| Box::new(Tactician(Rng::new(seed))) as Box<dyn Strategy<Ttt>>)
}

/// One observation of a player: the seed it was built with, and for each
/// decision the seat it moved for and the position it saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub seed: u64,
    pub decisions: Vec<(Seat, String)>,
}

pub type Log = Arc<Mutex<Vec<Seen>>>;

struct Recorder<G: Game> {
    inner: Box<dyn Strategy<G>>,
    log: Log,
    slot: usize,
}

impl<G: Game> Strategy<G> for Recorder<G> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn choose(&mut self, state: &G) -> SearchReport<G::Move> {
        self.log.lock().unwrap()[self.slot]
            .decisions
            .push((state.to_move(), state.to_string()));
        self.inner.choose(state)
    }
}

/// Wraps a factory so every player it builds records what it sees in `log`.
pub fn recorded<G: Game>(inner: PlayerFactory<G>, log: Log) -> PlayerFactory<G> {
    Arc::new(move |seed| {
        let slot = {
            let mut l = log.lock().unwrap();
            l.push(Seen {
                seed,
                decisions: Vec::new(),
            });
            l.len() - 1
        };
        Box::new(Recorder {
            inner: inner(seed),
            log: log.clone(),
            slot,
        }) as Box<dyn Strategy<G>>
    })
}
