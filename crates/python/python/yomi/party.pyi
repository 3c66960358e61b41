"""Gen-1 3v3 parties: battles, the random-battle dataset, ridge models and party search."""

from collections.abc import Sequence
from os import PathLike

import numpy as np
import numpy.typing as npt

DEFAULT_ALPHAS: list[float]
"""scikit-learn's default ``RidgeCV`` penalties: ``[0.1, 1.0, 10.0]``."""
PROFILES: list[str]
"""The rules profiles of the built-in data: ``cartridge`` and ``pokeai2017``."""

PartyLike = Party | str

class Party:
    """A party of three distinct species with four distinct moves each, under a profile."""

    def __init__(self, spec: str, profile: str = "cartridge", learnset: bool = False) -> None:
        """Parses ``Species:Move/Move/Move/Move;...`` (three members; names ignore case,
        spaces and hyphens). ``learnset=True`` refuses moves outside a species' learnset.
        Raises ``ValueError`` with the library's message for a malformed spec."""
    @staticmethod
    def random(seed: int, profile: str = "cartridge", learnset: bool = False) -> Party:
        """A uniformly random party drawn from ``Rng(seed)``."""
    @property
    def spec(self) -> str:
        """The spec text; ``Party(spec)`` parses back to this party."""
    @property
    def profile(self) -> str:
        """The rules profile."""
    @property
    def species(self) -> list[str]:
        """Species names, the leader first."""
    @property
    def moves(self) -> list[list[str]]:
        """Each member's four move names."""
    def respects_learnsets(self) -> bool:
        """Whether every member knows only moves of its learnset."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def random_parties(
    n: int, seed: int, profile: str = "cartridge", learnset: bool = False
) -> list[Party]:
    """``n`` random parties drawn in turn from ``Rng(seed)`` (``yomi party battle --seed
    SEED`` plays the first two when no party is given)."""

class BattleResult:
    """What a series of battles gave."""

    wins_a: int
    """Games the first party won."""
    draws: int
    """Drawn games."""
    wins_b: int
    """Games the second party won."""
    first_winner: str
    """The first game's winner: ``"a"``, ``"b"`` or ``"draw"``."""
    first_turns: int
    """Turns of the first game."""
    log: list[str]
    """The first game's turn-by-turn log (empty unless ``log=True``)."""

def battle(
    a: PartyLike,
    b: PartyLike,
    seed: int = 1,
    games: int = 1,
    player_a: str = "random",
    player_b: str = "random",
    log: bool = False,
    profile: str = "cartridge",
) -> BattleResult:
    """Plays ``games`` battles of ``a`` (side 0) against ``b`` as ``yomi party battle``;
    game ``g`` is seeded with ``derive_seed(seed, g + 1)``. Players: ``random``/``greedy``."""

class Dataset:
    """Scored random parties: the experiment's output."""

    @property
    def X(self) -> npt.NDArray[np.uint8]:
        """Feature matrix, parties x 435, 0/1 (columns as ``feature_names``)."""
    @property
    def y(self) -> npt.NDArray[np.float64]:
        """Scores (wins + draws/2) / games, in [0, 1]."""
    @property
    def parties(self) -> list[Party]:
        """The parties, in generation order."""
    @property
    def profile(self) -> str:
        """The rules profile."""
    @property
    def meta(self) -> dict[str, object] | None:
        """The run's parameters, or None for a CSV without ``.meta.json``."""
    def __len__(self) -> int: ...

def generate_dataset(
    parties: int = 10_000,
    opponents: int = 100,
    games: int = 1,
    seed: int = 2017,
    profile: str = "cartridge",
    learnset: bool = False,
) -> Dataset:
    """Runs the random-battle experiment of ``yomi party dataset`` (in memory; GIL
    released, Ctrl-C stops it). Sizes are checked first (``ValueError``)."""

def load_dataset(path: str | PathLike[str]) -> Dataset:
    """Reads a dataset CSV written by ``yomi party dataset`` (and its ``.meta.json``)."""

def features(parties: Sequence[PartyLike], profile: str = "cartridge") -> npt.NDArray[np.uint8]:
    """The 0/1 feature matrix of ``parties``."""

def feature_names(profile: str = "cartridge") -> list[str]:
    """Feature names in column order ("Gengar", "Psychic", "Gengar&Jynx", ...)."""

def feature_columns(groups: str = "all", profile: str = "cartridge") -> list[int]:
    """Column indices of a feature set such as ``"P+M+PM"`` or ``"all"``."""

class RidgeFit:
    """A fitted ridge model."""

    @property
    def alpha(self) -> float:
        """The penalty chosen by leave-one-out cross-validation."""
    @property
    def coef(self) -> npt.NDArray[np.float64]:
        """Coefficients, one per column."""
    @property
    def intercept(self) -> float:
        """The unpenalized intercept."""
    @property
    def loo_mse(self) -> list[float]:
        """Mean squared leave-one-out error of each penalty, in ``alphas`` order."""
    def predict(self, X: npt.ArrayLike) -> npt.NDArray[np.float64]:
        """``intercept + X @ coef``."""

def ridge_fit(X: npt.ArrayLike, y: npt.ArrayLike, alphas: Sequence[float] = ...) -> RidgeFit:
    """Ridge regression with the penalty chosen from ``alphas`` by exact leave-one-out error
    (scikit-learn's ``RidgeCV``). ``X``: n x p float64 (p <= 4096), ``y``: n values."""

class Model:
    """The party-strength model: a ridge fit of scores over feature groups."""

    @property
    def features(self) -> str:
        """The feature set, as ``"P+M+PP+MM+PM"``."""
    @property
    def alpha(self) -> float:
        """The chosen penalty."""
    @property
    def intercept(self) -> float:
        """The intercept."""
    @property
    def coef(self) -> npt.NDArray[np.float64]:
        """Coefficients, one per model column."""
    @property
    def columns(self) -> list[int]:
        """Model columns as indices of the full feature layout."""
    @property
    def names(self) -> list[str]:
        """Names of the model's columns."""
    @property
    def profile(self) -> str:
        """The rules profile."""
    def predict(self, parties: Sequence[PartyLike]) -> npt.NDArray[np.float64]:
        """Predicted scores."""

def fit_model(
    dataset: Dataset,
    features: str = "all",
    alphas: Sequence[float] = ...,
    train: int | None = None,
) -> Model:
    """Fits the model of a feature set on the first ``train`` rows (all when None)."""

class Found:
    """A party found by the search."""

    party: Party
    """The party (a local optimum of the model)."""
    predicted: float
    """The model's prediction."""
    steps: int
    """Hill-climbing steps from its random start."""

def search(
    model: Model, starts: int = 200, seed: int = 7, learnset: bool | None = None
) -> list[Found]:
    """Hill climbing from ``starts`` (1..=1000000) random parties; distinct local optima,
    best first. ``learnset`` defaults to the dataset's."""
