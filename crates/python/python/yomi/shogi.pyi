"""Shogi: boards with push/pop, perft, CSA/KIF records, the engine's evaluation, the df-pn
mate solver, network encoders, USI engines and clocked matches."""

from os import PathLike
from typing import Any, Literal, Sequence

import numpy as np
import numpy.typing as npt

from yomi.arena import MatchResult

STARTPOS: str
"""The starting position's SFEN."""
PLANES: int
"""Planes of the value network's input (61)."""
MOVE_LABELS: int
"""Number of dlshogi policy labels (2187)."""

class Board:
    """A shogi position and the moves pushed since it was set up.

    Integer moves are yomi's 16-bit encoding; ``move_to_usi`` and ``move_from_usi`` convert.
    Squares are ``9 * file + rank`` from 0 (file 1, rank a)."""

    def __init__(self, sfen: str | None = None) -> None:
        """An SFEN, ``startpos``, or either followed by ``moves ...`` (default: startpos)."""
    def set_sfen(self, sfen: str) -> None: ...
    def sfen(self) -> str: ...
    @property
    def turn(self) -> Literal[0, 1]:
        """0 Black (sente), 1 White (gote)."""
    @property
    def move_number(self) -> int: ...
    @property
    def ply(self) -> int:
        """Plies pushed since setup."""
    @property
    def key(self) -> int:
        """Zobrist key (side to move, board, hands)."""
    @property
    def history(self) -> list[int]: ...
    @property
    def legal_moves(self) -> list[int]: ...
    def legal_moves_array(self) -> npt.NDArray[np.uint16]: ...
    def legal_moves_usi(self) -> list[str]: ...
    def count_legal_moves(self) -> int: ...
    def push(self, move: int) -> None:
        """Plays an integer move; ValueError if it is not legal."""
    def push_usi(self, usi: str) -> int:
        """Plays a USI move; returns it as an integer move."""
    def pop(self) -> int:
        """Takes back the last move; IndexError when none."""
    def peek(self) -> int | None: ...
    def is_legal(self, move: int) -> bool: ...
    def move_from_usi(self, usi: str) -> int: ...
    def is_check(self) -> bool: ...
    def is_mate(self) -> bool:
        """No legal move (a loss in shogi, in check or not)."""
    def repetition(self) -> Literal["none", "draw", "win", "loss"]: ...
    def declaration(self, rule: Literal["27", "24", "none"] = "27") -> Literal["win", "draw"] | None: ...
    def is_game_over(self) -> bool: ...
    def mate_move_in_1ply(self) -> int | None: ...
    def perft(self, depth: int) -> int:
        """Leaf count ``depth`` plies deep (0..=10; GIL released, Ctrl-C stops it)."""
    def piece_at(self, square: int) -> str | None: ...
    def pieces_in_hand(self, color: Literal[0, 1]) -> dict[str, int]: ...
    def copy(self) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: object) -> Board: ...

class Record:
    """A game record (CSA or KIF): names, start position, timed moves, ending, comment."""

    def __init__(
        self,
        start: Board | None = None,
        moves: Sequence[str | int] | None = None,
        names: tuple[str, str] | None = None,
    ) -> None: ...
    @staticmethod
    def from_csa(text: str) -> Record: ...
    @staticmethod
    def from_kif(text: str) -> Record: ...
    def to_csa(self) -> str: ...
    def to_kif(self) -> str: ...
    def append(self, move: str | int, seconds: float = 0.0) -> None: ...
    names: tuple[str, str]
    termination: str | None
    """``checkmate``, ``resignation``, ``repetition``, ``perpetual check``, ``declaration``,
    ``illegal move``, ``time up``, ``ply limit``, ``interrupted`` or None."""
    comment: str
    @property
    def start_sfen(self) -> str: ...
    @property
    def moves(self) -> list[int]: ...
    @property
    def moves_usi(self) -> list[str]: ...
    @property
    def times(self) -> list[float]: ...
    def board(self) -> Board:
        """The start position with every move pushed."""
    def __len__(self) -> int: ...

class MateResult:
    """A df-pn search's verdict."""

    outcome: Literal["mate", "nomate", "unknown"]
    moves: list[str]
    shortest: bool
    nodes: int
    seconds: float

class Engine:
    """A USI engine process; ``close()`` or leaving ``with`` kills its process group."""

    def __init__(self, spec: str, timeout: float = 10.0) -> None:
        """``usi:PATH[,Name=Value...]``; RuntimeError if it does not start or answer."""
    @property
    def name(self) -> str: ...
    def send(self, line: str) -> None: ...
    def think(self, board: Board, go: str = "go byoyomi 1000", seconds: float = 2.0) -> dict[str, object]:
        """Keys: bestmove, reply, score, mate, seconds."""
    def close(self) -> None: ...
    def __enter__(self) -> Engine: ...
    def __exit__(self, *args: object) -> bool: ...

def move_to_usi(move: int) -> str: ...
def evaluate(board: Board, evaluation: Literal["Control", "Classic", "Material"] = "Control") -> int:
    """Static evaluation in centipawns for the side to move."""
def mate(
    board: Board | str,
    max_nodes: int = 10_000_000,
    seconds: float | None = None,
    shortest: bool = True,
    table_mb: int = 64,
) -> MateResult:
    """df-pn mate search (GIL released, Ctrl-C stops it)."""
def perft(board: Board | str, depth: int) -> int: ...
def encode(board: Board) -> npt.NDArray[np.float32]:
    """Value-network input planes, shape (61, 9, 9) ([plane][rank][file], side to move's view)."""
def encode_batch(
    boards: Sequence[Board | str],
    out: npt.NDArray[np.float32] | npt.NDArray[np.uint8] | None = None,
    dtype: Literal["float32", "uint8"] = "float32",
) -> npt.NDArray[np.float32] | npt.NDArray[np.uint8]:
    """Shape (n, 61, 9, 9), one call for many positions; into `out` when given."""
def move_label(move_: int, color: Literal[0, 1]) -> int:
    """dlshogi's 2187-way policy label."""
def move_labels(moves: Sequence[int], colors: Sequence[int]) -> npt.NDArray[np.int64]: ...
def run_match(
    a: str,
    b: str,
    games: int = 2,
    seed: int = 0,
    byoyomi: float | None = None,
    main_time: float = 0.0,
    increment: float | None = None,
    nodes_per_move: int | None = None,
    opening_plies: int = 0,
    max_plies: int | None = None,
    sprt: str | None = None,
    threads: int = 1,
    declaration: Literal["27", "24", "none"] = "27",
) -> MatchResult:
    """A clocked match of USI engines or built-in strategies, as ``yomi arena shogi``."""
def read_dataset(path: str | PathLike[str]) -> dict[str, Any]:
    """The Parquet rows of ``yomi shogi dataset`` (a file, or a folder's ``*.parquet`` files in
    name order): ``sfen`` (list of str), ``score`` (int32), ``result`` (int8), ``ply`` (int32),
    ``game`` (int64), ``depth`` (int32)."""
def write_dataset(
    path: str | PathLike[str],
    sfen: Sequence[str],
    score: npt.ArrayLike,
    result: npt.ArrayLike,
    ply: npt.ArrayLike | None = None,
    game: npt.ArrayLike | None = None,
    depth: npt.ArrayLike | None = None,
) -> None:
    """One Parquet file in the CLI's format, written whole or not at all."""
