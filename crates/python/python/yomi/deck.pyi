"""Deck building, solved and reported as ``yomi deck solve`` does it."""

from typing import Any, Literal, Optional, Sequence, Union

class DeckReport:
    """What a solve found, in the CLI's two forms (``text`` and ``json``)."""

    feasible: bool
    """Whether the deck meets every constraint."""
    proven_optimal: bool
    """Whether the solver proved the objective optimal."""
    proven_infeasible: bool
    """Whether the library's diagnosis proved, before solving, that no deck meets the request."""
    objective: Optional[float]
    """The objective (``None`` when proven infeasible)."""
    selected: list[str]
    """Selected piece ids, in index order."""
    leader: Optional[str]
    """The leader's id, when the deck has one."""
    reasons: list[str]
    """Why the request is infeasible (the library's diagnosis), else empty."""
    text: str
    """The report as ``yomi deck solve`` prints it."""
    json: str
    """The report as ``yomi deck solve --json`` prints it."""
    def to_dict(self) -> dict[str, Any]:
        """The JSON report as Python objects."""

Instance = Union[str, dict[str, Any]]

def solve(
    instance: Instance,
    method: Literal["greedy", "vds", "exact"] = "vds",
    *,
    time: Optional[float] = None,
    seed: int = 1,
    k: Optional[int] = None,
    cost_cap: Optional[int] = None,
    attribute: Optional[str] = None,
    must_include: Optional[Sequence[str]] = None,
    leader: Optional[str] = None,
) -> DeckReport:
    """Solves an instance (the JSON instance format as text or Python objects; tables as
    row dicts, dicts of columns or DataFrames) with the greedy baseline, VDS hill climbing
    (default; ``time`` default 1 s) or exact branch and bound (``time`` default 60 s). ``k``,
    ``cost_cap``, ``attribute`` (``"god:10"``/``"any"``), ``must_include`` and ``leader``
    (id, ``"chosen"``, ``"none"``) replace those parts of the request as the CLI's flags do.
    A request the diagnosis proves infeasible gives a report with its reasons."""

def diagnose(
    instance: Instance,
    *,
    k: Optional[int] = None,
    cost_cap: Optional[int] = None,
    attribute: Optional[str] = None,
    must_include: Optional[Sequence[str]] = None,
    leader: Optional[str] = None,
) -> list[str]:
    """Why no deck can meet the request (the library's diagnosis; empty when none is found)."""
