"""Xmas Rush: the official referee as a two-player environment, built-in bots, games."""

import numpy as np
import numpy.typing as npt

ITEM_NAMES: list[str]
"""The 12 item names in the referee's order; item id = owner * 12 + name index."""
STRATEGIES: list[str]
"""Built-in bot names (``random``, ``greedy``, ``minmax1``, ``mcts``, ...)."""

class Observation:
    """One decision point, seen from both seats."""

    turn: int
    """Game turns begun so far (1 on the first)."""
    push_turn: bool
    """True on a PUSH turn."""
    tiles: npt.NDArray[np.uint8]
    """Tile masks, 7x7 ``[y, x]``; bit 0 UP, 1 RIGHT, 2 DOWN, 3 LEFT."""
    hands: npt.NDArray[np.uint8]
    """The two players' hand tiles."""
    positions: npt.NDArray[np.int64]
    """2x2 ``(x, y)`` per player."""
    scores: npt.NDArray[np.int64]
    """Items found per player."""
    cards_left: npt.NDArray[np.int64]
    """Quest cards left per player."""
    items: npt.NDArray[np.int64]
    """24x4 ``(owner, x, y, place)``: place 0 board, 1/2 player 0/1's hand, 3 found."""
    quests: npt.NDArray[np.bool_]
    """2x12: revealed, unfound quests ``[player, name]``."""
    inputs: list[str]
    """The exact stdin text of player 0 and of player 1 this turn."""

class StepResult:
    """What one step gave."""

    observation: Observation
    """The next decision point (the final position when done)."""
    reward: list[int]
    """Items each player found during the step."""
    done: bool
    """Whether the game is over."""
    winner: int | None
    """When done: 0 or 1, or -1 for a draw; None before."""

class Env:
    """The referee as an environment: one ``step`` per game turn."""

    def __init__(self, seed: int = 0, league: str = "legend") -> None:
        """A new game of ``seed`` (a Java long) under ``league`` (wood2, wood1, bronze,
        silver, gold, legend), at its first decision point."""
    def reset(self, seed: int | None = None) -> Observation:
        """Starts over with ``seed`` (the current one when None)."""
    def step(self, action0: str, action1: str) -> StepResult:
        """Plays one game turn from both players' output lines. A refused line raises
        ``ValueError`` (the referee's message) and leaves the env unchanged."""
    def observation(self) -> Observation:
        """The current observation."""
    def input(self, player: int) -> str:
        """The exact text ``player`` reads on stdin this turn."""
    def legal_actions(self, player: int) -> list[str]:
        """28 pushes on a PUSH turn; PASS and one shortest walk to every other reachable
        cell on a MOVE turn; empty once over."""
    def reachable_cells(self, player: int) -> npt.NDArray[np.int64]:
        """Cells ``player`` can walk to (its own first), k x 2 ``(x, y)``."""
    @property
    def turn(self) -> int:
        """Game turns begun so far."""
    @property
    def push_turn(self) -> bool:
        """True on a PUSH turn."""
    @property
    def done(self) -> bool:
        """True when the game is over."""
    @property
    def scores(self) -> list[int]:
        """Scores of player 0 and player 1."""
    @property
    def winner(self) -> int | None:
        """0 or 1 (or -1 for a draw) once over; None before."""
    @property
    def seed(self) -> int:
        """The game's seed."""
    @property
    def league(self) -> str:
        """The league's name."""
    def copy(self) -> Env:
        """An independent copy."""

class Bot:
    """A built-in bot, or ``cmd:PROGRAM`` for an external program."""

    def __init__(self, spec: str, seed: int = 0, league: str = "legend") -> None:
        """The bot of strategy spec ``spec`` (``greedy``, ``mcts:time=40ms``...), seeded
        with ``seed`` (unsigned). Raises ``ValueError`` for a bad spec."""
    def act(self, env: Env, player: int, time_ms: int = 50) -> str:
        """Its answer for seat ``player`` this turn (call once per turn, in order, from the
        game's first turn). Raises ``ValueError`` when it fails or the game is over."""
    def reset(self) -> None:
        """Starts the bot over for a new game."""
    @property
    def spec(self) -> str:
        """The strategy spec."""

class GameResult:
    """A refereed game's result."""

    scores: list[int]
    """Final scores (-1 for a disqualified player)."""
    turns: int
    """Game turns played."""
    reason: str
    """``MaxTurns``, ``Deadlock``, ``AllQuests`` or ``Disqualified``."""
    disqualified: list[str | None]
    """Why each player was disqualified, if it was."""
    points0: float
    """1, 0.5 or 0 for player 0."""

def play_game(
    a: str, b: str, seed: int = 0, league: str = "legend", turn_ms: int = 50, first_ms: int = 1000
) -> GameResult:
    """One game through the library's referee, as ``yomi xmasrush play``: ``a`` seeded with
    ``seed``, ``b`` with ``seed ^ 1``; every rule checked each turn."""

def parse_action(line: str) -> str:
    """Parses an output line as the referee does; its normal form, or ``ValueError``."""
