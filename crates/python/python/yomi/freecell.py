"""FreeCell: Microsoft deals, boards in fc-solve's text, legal moves, the solver (the same
library calls and defaults as ``yomi freecell solve``) and the (board, move) training dataset
as numpy arrays.

Moves are strings in standard notation: source then destination, columns ``1``-``9`` (then
``A``-``G``), free cells ``a``-``h``, ``h`` as destination is the foundation, and a ``vN``
suffix for a run of N cards (``37v3``). Verdicts are ``solved``, ``unsolvable`` (proven by
the exhaustive search) and ``intractable`` (a state limit was hit first).
"""

from yomi._yomi.freecell import *  # noqa: F401,F403
