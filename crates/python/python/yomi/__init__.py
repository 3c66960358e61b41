"""yomi: game AI over a Rust core.

Submodules, one per capability: ``yomi.shogi``, ``yomi.freecell``, ``yomi.party``,
``yomi.deck``, ``yomi.xmasrush``, ``yomi.search`` and ``yomi.arena``. Each wraps the
library crate of the same name; bad input raises ``ValueError`` with the library's message.
"""

from yomi._yomi import __version__
from yomi import arena, deck, freecell, party, search, shogi, xmasrush

__all__ = ["__version__", "arena", "deck", "freecell", "party", "search", "shogi", "xmasrush"]
