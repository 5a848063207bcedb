"""Toshi Tōshi: area control driven by tricks, for 3-5 players.

Chance: the deal (50 Building cards, 10 per player, the rest unseen) and the first leader;
with the "specialisation" variant also the Specialisation cards. Hidden information: each hand,
and the identity of each face-down building, known only to the seat that placed it. Modules:
``data`` (components and tables), ``grid`` (spaces and the spot lattice), ``model`` (state,
moves, views), ``notation``, ``words`` (names in text), the phases ``trick``, ``nature``,
``construction`` and ``influence``, ``specialisation`` (who holds a power), ``rounds`` (who
decides, the next round), ``scoring``, ``text`` (public descriptions and the awaited decision)
and ``game`` (the contract).
"""

from rules.toshi.game import ToshiToshi
from rules.toshi.model import Card, ToshiState, ToshiView
from rules.toshi.trick import trick_winner

__all__ = ["Card", "ToshiState", "ToshiToshi", "ToshiView", "trick_winner"]
