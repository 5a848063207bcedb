"""TOKAN (Steffen Mühlhäuser, Steffen-Spiele): 2 players, open information; the only chance is
the shuffled starting layout. Two scorings: the standard towers count and the "Every Head
Counts" variant (option ``scoring``).

Modules: ``board`` (grid, coordinates, tile mix as data), ``state`` (plain data), ``moves``
(legality and the effect of a move), ``scoring``, ``notation`` and ``game`` (the Game object).
"""

from rules.tokan.game import Tokan
from rules.tokan.state import LastMove, Move, TokanState, TokanView

__all__ = ["LastMove", "Move", "Tokan", "TokanState", "TokanView"]
