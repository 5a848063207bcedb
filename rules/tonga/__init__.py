"""Tonga Bonga: the Game (game.py) over its steps (wages.py, crew.py, navigation.py) and routes
(routes.py), legality (legality.py), shared helpers (common.py), the notation (notation.py, which
reads typed text through the shared rules/text_input.py), autocomplete (suggest.py), the playout
policy (policy.py),
the state and moves (state.py), the sea chart (map.py), the special tiles (tiles.py) and the
rules text (text.py)."""

from rules.tonga.game import TongaBonga

__all__ = ["TongaBonga"]
