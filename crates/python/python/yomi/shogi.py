"""Shogi: boards with push/pop, perft, CSA/KIF records, the engine's evaluation, the df-pn
mate solver, and the network encoders (value-network planes, dlshogi policy labels).

Integer moves are yomi's 16-bit encoding: ``to | from << 7 | promote << 14`` for board moves,
``to | (80 + kind) << 7`` for drops, squares numbered ``9 * file + rank`` from 0 (file 1,
rank a). ``move_to_usi`` and ``Board.move_from_usi`` convert.
"""

from yomi._yomi.shogi import *  # noqa: F401,F403
