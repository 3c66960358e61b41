"""Matches between strategy specs on the built-in games, and match statistics."""

import os
from typing import Any, Optional, Sequence, Union

class MatchResult:
    """What a match found."""

    report: dict[str, Any]
    """The report as ``yomi arena --json`` prints it (A's side; SPRT fields when on; forfeit
    counts and ``time_control`` under a clock or resign rule); infinite figures are ``None``."""
    text: str
    """The report as ``yomi arena`` prints it."""
    def __str__(self) -> str: ...

def run_match(
    game: str,
    a: str,
    b: str,
    games: int = 100,
    seed: int = 1,
    opening_plies: int = 2,
    openings: Optional[Sequence[str]] = None,
    threads: int = 0,
    sprt: Optional[str] = None,
    max_plies: Optional[int] = None,
    byoyomi: Optional[float] = None,
    main_time: Optional[float] = None,
    increment: Optional[float] = None,
    nodes_per_move: Optional[int] = None,
    time_margin: Optional[float] = None,
    resign: Optional[str] = None,
    journal: Optional[Union[str, os.PathLike[str]]] = None,
) -> MatchResult:
    """Plays ``games`` games (rounded up to even: seat-swapped pairs) of spec ``a`` against
    spec ``b`` on ``game``, as ``yomi arena`` does with the same options. ``sprt`` is
    ``"elo0,elo1[,alpha,beta[,model]]"``; times are seconds; ``resign`` is ``"MOVES,CP"``.
    GIL released; Ctrl-C stops it. ``ValueError`` for bad games, specs or settings."""

class EloEstimate:
    """An Elo estimate with its 95% confidence interval."""

    score: float
    """Mean score fraction (NaN with no games)."""
    stderr: float
    """Standard error of the mean score."""
    elo: float
    """-400 log10(1/score - 1)."""
    lower: float
    """Elo at the lower end of the 95% score interval."""
    upper: float
    """Elo at the upper end of the 95% score interval."""
    error: float
    """Half the interval width (inf when an end is infinite)."""
    nelo: float
    """Normalized Elo."""
    nelo_error: float
    """Half-width of the 95% nElo interval."""

def elo(wins: int, draws: int, losses: int) -> EloEstimate:
    """Elo from W/D/L, games treated as independent (trinomial variance)."""

def elo_pentanomial(counts: Sequence[int]) -> EloEstimate:
    """Elo from 5 pair counts ``[0, 1/2, 1, 3/2, 2 points]`` (pentanomial variance)."""

def los(wins: int, draws: int, losses: int) -> float:
    """Likelihood of superiority, 1/2 (1 + erf((W - L) / sqrt(2 (W + L))))."""

def los_pentanomial(counts: Sequence[int]) -> float:
    """Likelihood of superiority from pair counts (normal approximation)."""

def elo_from_score(score: float) -> float:
    """-400 log10(1/score - 1); NaN outside [0, 1]."""

def score_from_elo(elo: float) -> float:
    """1 / (1 + 10^(-elo/400))."""

class Sprt:
    """SPRT settings: H0 ``elo0`` against H1 ``elo1``, error rates ``alpha`` and ``beta``."""

    def __init__(
        self,
        elo0: float,
        elo1: float,
        alpha: float = 0.05,
        beta: float = 0.05,
        model: str = "logistic",
    ) -> None:
        """Checked settings (``ValueError`` with the library's message)."""
    @staticmethod
    def parse(text: str) -> Sprt:
        """Parses the CLI's ``--sprt`` text, ``elo0,elo1[,alpha,beta[,model]]``."""
    @property
    def elo0(self) -> float: ...
    @property
    def elo1(self) -> float: ...
    @property
    def alpha(self) -> float: ...
    @property
    def beta(self) -> float: ...
    @property
    def model(self) -> str:
        """``"logistic"`` or ``"normalized"``."""
    @property
    def lower_bound(self) -> float:
        """ln(beta / (1 - alpha)): H0 accepted at or below."""
    @property
    def upper_bound(self) -> float:
        """ln((1 - beta) / alpha): H1 accepted at or above."""
    def llr_pentanomial(self, counts: Sequence[int]) -> float:
        """Log-likelihood ratio of H1 against H0 from 5 pair counts."""
    def llr_trinomial(self, wins: int, draws: int, losses: int) -> float:
        """Log-likelihood ratio from W/D/L, games treated as independent."""
    def decide(self, llr: float) -> str:
        """``"H0 accepted"``, ``"H1 accepted"`` or ``"continue"``."""
