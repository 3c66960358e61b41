"""Xmas Rush (CodinGame, December 2018): the official referee as a two-player environment.

``Env(seed)`` is a game at its first decision point; ``step(line0, line1)`` plays one game
turn from the lines the bots print (``PUSH 3 RIGHT``, ``MOVE UP LEFT``, ``PASS``) and
returns the next observation (numpy arrays plus each player's exact stdin text), the items
found, whether the game is over and the winner. ``Bot`` is a built-in bot (``random``,
``greedy``, ``mcts:time=40ms``...) answering a turn; ``play_game`` runs the library's
referee as ``yomi xmasrush play``. Refused lines raise ``ValueError`` with the referee's
message and leave the environment unchanged.
"""

from yomi._yomi.xmasrush import *  # noqa: F401,F403
