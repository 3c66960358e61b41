"""Matches and match statistics: ``run_match`` plays two strategy specs against each other on a
built-in game exactly as ``yomi arena`` does (same seed, same figures; the report as a dict
and as the CLI's text), with SPRT early stopping; ``elo``, ``elo_pentanomial``, ``los``,
``los_pentanomial``, ``elo_from_score``, ``score_from_elo`` and ``Sprt`` are the library's
statistics as plain functions.

Matches release the GIL and stop on Ctrl-C (``KeyboardInterrupt``).
"""

from yomi._yomi.arena import *  # noqa: F401,F403
