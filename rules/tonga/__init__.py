"""Tonga Bonga: the rules (game.py), the sea chart (map.py), the special tiles (tiles.py)."""

from rules.tonga.game import TongaBonga

__all__ = ["TongaBonga"]
