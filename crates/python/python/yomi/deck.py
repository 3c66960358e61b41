"""Deck building: choose K pieces maximizing pair (and per-piece) scores under cost, group,
attribute, must-include and leader constraints, solved and reported as ``yomi deck solve``
does it.

An instance is the CLI's JSON instance format (``pieces``, ``pairs``, optional
``leader_pairs``, ``request``) as JSON text or Python objects; each table may be a list of row
dicts, a dict of columns or a pandas DataFrame.
"""

from yomi._yomi.deck import *  # noqa: F401,F403
