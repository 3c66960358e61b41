"""Game search over the built-in games: games, strategies by spec string, solver, perft."""

from typing import Optional, Union

TERMINAL_PLAYER: int
"""``Game.current_player()`` once the game is over (-4, OpenSpiel's ``kTerminalPlayerId``)."""

class Game:
    """A position of a built-in game (``games()``), with the moves played on it."""

    def __init__(self, name: str, position: Optional[str] = None) -> None:
        """The start position of ``name`` (name or alias: ``tictactoe``/``ttt``,
        ``connect4``/``c4``, ``shogi``), or ``position`` in the game's notation
        (``position_syntax``). ``ValueError`` for an unknown game or a bad position."""
    @property
    def name(self) -> str:
        """The game's registry name."""
    @property
    def position_syntax(self) -> str:
        """What ``position`` texts look like for this game."""
    def legal_actions(self) -> list[str]:
        """Legal moves in the game's notation, in generation order (empty once over)."""
    def apply_action(self, action: str) -> None:
        """Plays ``action``; ``ValueError`` (state unchanged) when malformed or illegal."""
    def child(self, action: str) -> Game:
        """A copy with ``action`` played."""
    def is_terminal(self) -> bool:
        """True once the game is over."""
    def current_player(self) -> int:
        """Seat to move (0 or 1), or ``TERMINAL_PLAYER`` (-4) once the game is over."""
    def outcome(self) -> Optional[str]:
        """``"win"``/``"loss"``/``"draw"`` for the side to move once over, else ``None``."""
    def returns(self) -> list[float]:
        """``[player 0, player 1]``: +1 win, -1 loss, 0 draw; ``[0, 0]`` while going on."""
    def evaluate(self) -> int:
        """The game's static evaluation from the side to move (centi-units)."""
    def history(self) -> list[str]:
        """Moves played on this object (and its ancestors' copies) since it was made."""
    def clone(self) -> Game:
        """An independent copy."""
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object) -> Game: ...
    def __str__(self) -> str:
        """The game's own text rendering."""

class SearchResult:
    """One decision: the move, the root value and the statistics behind it."""

    move: str
    """The move chosen, in the game's notation."""
    value_text: Optional[str]
    """The value as text (``draw``, ``win in 3 plies``, ``score +35``, ``expected +0.25``)."""
    value_kind: Optional[str]
    """``"exact"``, ``"score"`` or ``"expected"``; ``None`` when no value is estimated."""
    value: Optional[float]
    """From the side to move: exact +1/0/-1, a score, or an expected result in [-1, 1]."""
    plies: Optional[int]
    """Plies to the end with best play, for exact values."""
    pv: list[str]
    """Principal variation starting with ``move``."""
    root: list[tuple[str, int, float]]
    """Root statistics ``(move, visits or playouts, mean value)`` where kept."""
    nodes: int
    """Positions visited."""
    iterations: int
    """Iterations or playouts (0 when not applicable)."""
    depth: int
    """Deepest fully searched depth (alpha-beta) or deepest tree depth."""
    seconds: float
    """Wall time."""

class Strategy:
    """A strategy built from a spec for one game; keeps its state (tree, table) between
    calls until ``new_game()``."""

    def __init__(self, spec: str, game: Union[str, Game], seed: Optional[int] = None) -> None:
        """Builds ``spec`` (the CLI's syntax, e.g. ``mcts:iterations=1000``) for ``game``;
        ``seed`` is mixed into the spec's own. ``ValueError`` for a bad spec or game."""
    @property
    def name(self) -> str:
        """Description with parameters, e.g. ``alphabeta(tt=16MB)``."""
    @property
    def game(self) -> str:
        """The game it plays."""
    def choose(
        self,
        state: Game,
        time: Optional[float] = None,
        nodes: Optional[int] = None,
        depth: Optional[int] = None,
    ) -> SearchResult:
        """Chooses a move for ``state`` (GIL released); the limits only tighten the spec's
        budget. ``ValueError`` when ``state`` is over or another game's."""
    def new_game(self) -> None:
        """Forgets game-specific state before a new game."""

def choose(
    state: Game,
    spec: str,
    seed: Optional[int] = None,
    time: Optional[float] = None,
    nodes: Optional[int] = None,
    depth: Optional[int] = None,
) -> SearchResult:
    """Chooses a move for ``state`` with a fresh strategy built from ``spec``."""

def parse_strategy(spec: str) -> str:
    """The spec's normal form (``ab:depth=3`` -> ``alphabeta:depth=3``); ``ValueError`` if bad."""

def strategies() -> list[tuple[str, str]]:
    """Every strategy name a spec can use, with its parameters."""

def games() -> list[tuple[str, list[str], str]]:
    """Every built-in game as ``(name, aliases, about)``."""

class Solution:
    """What ``solve`` found."""

    value: Optional[int]
    """+1 win, 0 draw, -1 loss for the side to move; ``None`` when not proven."""
    result: str
    """``"win"``, ``"draw"``, ``"loss"`` or ``"unknown"``."""
    plies: Optional[int]
    """Plies to the end with best play (win: fastest, loss: slowest); ``None`` for draws."""
    best_moves: list[str]
    """Every move achieving the value."""
    pv: list[str]
    """Principal variation."""
    nodes: int
    """Nodes searched."""
    seconds: float
    """Wall time."""

def solve(state: Game, time: Optional[float] = None, tt_mb: int = 64) -> Solution:
    """Solves ``state`` exactly (as ``yomi solve``); ``time`` (seconds) gives up early."""

def perft(state: Game, depth: int) -> int:
    """Move sequences ``depth`` plies long from ``state`` (finished games are leaves);
    ``depth`` at most 64."""

class SimultaneousGame:
    """A simultaneous-move game (``simultaneous_games()``): both players choose an action at
    once. Actions are strings (Goofspiel cards ``"1"``..``"13"``; ``"rock"``, ``"paper"``,
    ``"scissors"``)."""

    def __init__(self, name: str, cards: Optional[int] = None) -> None:
        """The start of ``name`` (``goofspiel``, ``rps``, ``biased_rps`` or an alias);
        ``cards`` (1-13, default 5) for Goofspiel only. ``ValueError`` otherwise."""
    @property
    def name(self) -> str:
        """The game's name."""
    def actions(self, player: int) -> list[str]:
        """Player ``player``'s (0 or 1) legal actions; empty once the game is over."""
    def apply(self, a0: str, a1: str) -> None:
        """Plays the joint action; ``ValueError`` (state unchanged) when either action is not
        legal or the game is over."""
    def is_terminal(self) -> bool:
        """True once the game is over."""
    def returns(self) -> list[float]:
        """``[player 0, player 1]`` in [-1, 1]: final once over, the game's estimate before."""
    def history(self) -> list[tuple[str, str]]:
        """The joint actions played so far."""
    def clone(self) -> SimultaneousGame:
        """An independent copy."""
    def __copy__(self) -> SimultaneousGame: ...
    def __deepcopy__(self, memo: object) -> SimultaneousGame: ...

class DuctResult:
    """Decoupled UCT's decision for one player."""

    action: str
    """The action chosen (the most visited, or sampled with ``final=sample``)."""
    strategy: list[tuple[str, int, float]]
    """Each legal action with its root visits and its probability in the mixed strategy (visit
    shares for UCB1, without the exploration mass for Exp3, the average strategy for regret
    matching)."""
    value: float
    """The root's mean return for the player, in [-1, 1]."""
    iterations: int
    """Iterations run."""
    tree_nodes: int
    """Tree nodes built."""
    seconds: float
    """Wall time."""

def choose_simultaneous(
    state: SimultaneousGame, spec: str = "duct", player: int = 0, seed: Optional[int] = None
) -> DuctResult:
    """Decoupled UCT's decision for ``player`` by a ``duct`` spec (``duct:policy=rm,gamma=0.05,
    iterations=100000``; policies ``ucb1``, ``exp3``, ``rm``). Releases the GIL; Ctrl-C stops
    it. ``seed`` is mixed into the spec's own. ``ValueError`` for another strategy, a bad spec
    or a finished game."""

def simultaneous_games() -> list[tuple[str, list[str], str]]:
    """Every simultaneous-move game as ``(name, aliases, about)``."""
