"""Game search: the built-in games (tic-tac-toe, Connect Four, shogi) as ``Game`` objects with
OpenSpiel-like methods, every strategy by the CLI's spec strings (``alphabeta:depth=9``,
``mcts:iterations=1000,c=1.4``, ``flatmc``, ``softmax``, ``minimax``, ``random``), the exact
solver and perft; the simultaneous-move games (Goofspiel, rock-paper-scissors) with Decoupled
UCT (``choose_simultaneous``, policies UCB1, Exp3 and regret matching).

Moves are strings in the game's own notation (tic-tac-toe cells ``1``-``9``, Connect Four
columns ``1``-``7``, shogi USI). Searches release the GIL; seeded strategies repeat their
choices. Bad game names, specs, moves and positions raise ``ValueError`` with the library's
message.
"""

from yomi._yomi.search import *  # noqa: F401,F403
