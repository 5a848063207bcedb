"""Tonga Bonga: the Game (game.py) over its steps (wages.py, crew.py, navigation.py), shared
helpers (common.py), the notation (notation.py), the playout policy (policy.py), the state and
moves (state.py), the sea chart (map.py), the special tiles (tiles.py) and the rules text
(text.py)."""

from rules.tonga.game import TongaBonga

__all__ = ["TongaBonga"]
