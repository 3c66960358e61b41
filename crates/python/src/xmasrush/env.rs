//! `yomi.xmasrush.Env`: the referee's turn loop, one `step` per game turn.
//!
//! Contract: the environment always rests at a decision point as the referee reaches it:
//! the turn begun (`State::begin_turn`), both players' input texts rendered
//! (`render_input`, before the start-of-turn collection, exactly what the referee sends),
//! then the collection done. `step` parses both lines first and changes nothing unless both
//! are valid; it then resolves them (`State::resolve`) and begins the next turn, or ends the
//! game (150 turns, deadlock, or all quests found). Rewards are the items each player
//! collected during the step; the winner is the higher score (-1 for a draw).

use crate::errors::{seat, value_error};
use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use yomi_xmasrush::protocol::render_input;
use yomi_xmasrush::reach::Bfs;
use yomi_xmasrush::sim::actions_into;
use yomi_xmasrush::state::{GONE, HAND0, ITEMS, State};
use yomi_xmasrush::tile::{CELLS, SIZE, xy};
use yomi_xmasrush::{Action, League, initial_state, parse_for_turn, parse_output};

/// One player's view of a decision point.
#[pyclass(module = "yomi.xmasrush", name = "Observation", frozen, get_all)]
pub struct Observation {
    /// Game turns begun so far (1 on the first turn).
    pub turn: u8,
    /// True on a PUSH turn, False on a MOVE turn.
    pub push_turn: bool,
    /// Tile masks, `uint8` 7x7 indexed `[y, x]`; bit 0 UP, 1 RIGHT, 2 DOWN, 3 LEFT.
    pub tiles: Py<PyArray2<u8>>,
    /// The players' hand tiles (`uint8`, 2), same bits.
    pub hands: Py<PyArray1<u8>>,
    /// Player positions, `int64` 2x2 of `(x, y)`.
    pub positions: Py<PyArray2<i64>>,
    /// Scores (items found), `int64` 2.
    pub scores: Py<PyArray1<i64>>,
    /// Quest cards each player has left (hidden and revealed), `int64` 2.
    pub cards_left: Py<PyArray1<i64>>,
    /// Items, `int64` 24x4: row `owner * 12 + name` (names in `ITEM_NAMES` order) holds
    /// `(owner, x, y, place)`, place 0 on the board at `(x, y)`, 1 in player 0's hand,
    /// 2 in player 1's hand, 3 found (x and y are -1 off the board).
    pub items: Py<PyArray2<i64>>,
    /// Revealed, not yet found quests, `bool` 2x12: `quests[p, name]`.
    pub quests: Py<PyArray2<bool>>,
    /// The exact text each player reads on stdin this turn (`[player 0's, player 1's]`).
    pub inputs: Vec<String>,
}

#[pymethods]
impl Observation {
    fn __repr__(&self) -> String {
        format!(
            "Observation(turn={}, push_turn={})",
            self.turn,
            if self.push_turn { "True" } else { "False" }
        )
    }
}

/// What one `step` gave.
#[pyclass(module = "yomi.xmasrush", name = "StepResult", frozen, get_all)]
pub struct StepResult {
    /// The next decision point (the final position when `done`).
    pub observation: Py<Observation>,
    /// Items each player found during the step, `[player 0, player 1]`.
    pub reward: [i64; 2],
    /// True when the game is over.
    pub done: bool,
    /// When done: 0 or 1 for the higher score, -1 for a draw; None before.
    pub winner: Option<i8>,
}

#[pymethods]
impl StepResult {
    fn __repr__(&self) -> String {
        format!(
            "StepResult(reward={:?}, done={}, winner={})",
            self.reward,
            if self.done { "True" } else { "False" },
            self.winner.map_or("None".to_string(), |w| w.to_string())
        )
    }
}

/// The referee as an environment for two players.
#[pyclass(module = "yomi.xmasrush", name = "Env")]
pub struct Env {
    pub(crate) state: State,
    pub(crate) inputs: [String; 2],
    league: League,
    seed: i64,
}

impl Env {
    fn start(&mut self, seed: i64) {
        self.seed = seed;
        self.state = initial_state(seed, self.league);
        self.begin();
    }

    /// Begins the next turn as the referee does; false when the game is over.
    fn begin(&mut self) -> bool {
        if !self.state.begin_turn() {
            return false;
        }
        self.inputs = [render_input(&self.state, 0), render_input(&self.state, 1)];
        self.state.collect();
        true
    }

    fn result(&self) -> Option<i8> {
        self.state
            .over
            .then(|| match self.state.score[0].cmp(&self.state.score[1]) {
                std::cmp::Ordering::Greater => 0,
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Equal => -1,
            })
    }

    fn observe(&self, py: Python<'_>) -> PyResult<Observation> {
        let s = &self.state;
        let tiles = Array2::from_shape_vec((SIZE, SIZE), s.board.to_vec()).expect("49 cells");
        let positions = Array2::from_shape_fn((2, 2), |(p, k)| {
            let (x, y) = xy(s.pos[p]);
            (if k == 0 { x } else { y }) as i64
        });
        let mut items = Array2::<i64>::zeros((ITEMS, 4));
        for (id, &loc) in s.items.iter().enumerate() {
            let (x, y, place) = if (loc as usize) < CELLS {
                let (x, y) = xy(loc);
                (x as i64, y as i64, 0)
            } else if loc == GONE {
                (-1, -1, 3)
            } else {
                (-1, -1, 1 + i64::from(loc - HAND0))
            };
            items
                .row_mut(id)
                .assign(&Array1::from(vec![(id / 12) as i64, x, y, place]));
        }
        let mut quests = Array2::from_elem((2, 12), false);
        for p in 0..2 {
            for id in s.quest_items(p) {
                quests[(p, id % 12)] = true;
            }
        }
        Ok(Observation {
            turn: s.turn,
            push_turn: s.push_turn(),
            tiles: tiles.into_pyarray(py).unbind(),
            hands: s.hands.to_vec().into_pyarray(py).unbind(),
            positions: positions.into_pyarray(py).unbind(),
            scores: s.score.map(i64::from).to_vec().into_pyarray(py).unbind(),
            cards_left: [s.cards_left(0), s.cards_left(1)]
                .map(i64::from)
                .to_vec()
                .into_pyarray(py)
                .unbind(),
            items: items.into_pyarray(py).unbind(),
            quests: quests.into_pyarray(py).unbind(),
            inputs: self.inputs.to_vec(),
        })
    }
}

#[pymethods]
impl Env {
    /// A new game of `seed` (a Java long, as CodinGame's seed) under `league`'s rules, at
    /// its first decision point.
    #[new]
    #[pyo3(signature = (seed = 0, league = "legend"))]
    fn new(seed: i64, league: &str) -> PyResult<Env> {
        let league = super::league(league)?;
        let mut env = Env {
            state: initial_state(seed, league),
            inputs: [String::new(), String::new()],
            league,
            seed,
        };
        env.start(seed);
        Ok(env)
    }

    /// Starts over with `seed` (the current seed when None); returns the first observation.
    #[pyo3(signature = (seed = None))]
    fn reset(&mut self, py: Python<'_>, seed: Option<i64>) -> PyResult<Observation> {
        self.start(seed.unwrap_or(self.seed));
        self.observe(py)
    }

    /// Plays one game turn from both players' output lines. Raises `ValueError` (the
    /// referee's message, prefixed with the player) for a line the referee would refuse or
    /// one that does not fit the turn type, and when the game is over; the environment is
    /// then unchanged.
    fn step(&mut self, py: Python<'_>, action0: &str, action1: &str) -> PyResult<StepResult> {
        if self.state.over {
            return Err(PyValueError::new_err("the game is over; call reset()"));
        }
        let push = self.state.push_turn();
        let parse = |p: usize, line: &str| {
            parse_for_turn(line, push)
                .map_err(|e| PyValueError::new_err(format!("player {p}: {e}")))
        };
        let (a0, a1) = (parse(0, action0)?, parse(1, action1)?);
        let before = self.state.score;
        self.state.resolve(a0, a1);
        let done = !self.begin();
        let reward = [0, 1].map(|p| i64::from(self.state.score[p] - before[p]));
        Ok(StepResult {
            observation: Py::new(py, self.observe(py)?)?,
            reward,
            done,
            winner: self.result(),
        })
    }

    /// The current observation.
    fn observation(&self, py: Python<'_>) -> PyResult<Observation> {
        self.observe(py)
    }

    /// The exact text `player` reads on stdin this turn.
    fn input(&self, player: usize) -> PyResult<String> {
        Ok(self.inputs[seat(player)?].clone())
    }

    /// `player`'s actions here, as protocol lines: all 28 pushes on a PUSH turn; on a MOVE
    /// turn `PASS` and one shortest walk (at most 20 steps) to every other reachable cell.
    /// Empty once the game is over.
    fn legal_actions(&self, player: usize) -> PyResult<Vec<String>> {
        let mut out = Vec::new();
        actions_into(&self.state, seat(player)?, &mut Bfs::new(), &mut out);
        Ok(out.iter().map(Action::to_string).collect())
    }

    /// The cells `player` can walk to now (its own first), breadth-first, as `int64` kx2
    /// `(x, y)` rows.
    fn reachable_cells<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray2<i64>>> {
        let mut bfs = Bfs::new();
        bfs.run(&self.state, self.state.pos[seat(player)?]);
        let cells = bfs.cells();
        Ok(Array2::from_shape_fn((cells.len(), 2), |(i, k)| {
            let (x, y) = xy(cells[i]);
            (if k == 0 { x } else { y }) as i64
        })
        .into_pyarray(py))
    }

    /// Game turns begun so far.
    #[getter]
    fn turn(&self) -> u8 {
        self.state.turn
    }

    /// True on a PUSH turn.
    #[getter]
    fn push_turn(&self) -> bool {
        self.state.push_turn()
    }

    /// True when the game is over.
    #[getter]
    fn done(&self) -> bool {
        self.state.over
    }

    /// Scores `[player 0, player 1]`.
    #[getter]
    fn scores(&self) -> [i8; 2] {
        self.state.score
    }

    /// 0 or 1 for the higher score once the game is over, -1 for a draw, None before.
    #[getter]
    fn winner(&self) -> Option<i8> {
        self.result()
    }

    /// The game's seed.
    #[getter]
    fn seed(&self) -> i64 {
        self.seed
    }

    /// The league's name.
    #[getter]
    fn league(&self) -> &'static str {
        self.league.name()
    }

    /// An independent copy (same position, same turn).
    fn copy(&self) -> Env {
        Env {
            state: self.state,
            inputs: self.inputs.clone(),
            league: self.league,
            seed: self.seed,
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Env(seed={}, league='{}', turn={}, scores={:?}, done={})",
            self.seed,
            self.league.name(),
            self.state.turn,
            self.state.score,
            if self.state.over { "True" } else { "False" }
        )
    }
}

/// Parses one output line as the referee does (`PUSH 3 RIGHT`, `MOVE UP LEFT`, `PASS`) and
/// returns it in normal form; raises `ValueError` with the referee's message otherwise.
#[pyfunction]
pub fn parse_action(line: &str) -> PyResult<String> {
    Ok(parse_output(line).map_err(value_error)?.to_string())
}
