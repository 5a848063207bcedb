"""Tonari: the rules package (components, boat moves, scoring, the game)."""

from rules.tonari.data import BOARD, FISH, ISLANDS, Token
from rules.tonari.game import Phase, PlaceBoat, Tonari, TonariState, TonariView

__all__ = [
    "BOARD",
    "FISH",
    "ISLANDS",
    "Phase",
    "PlaceBoat",
    "Token",
    "Tonari",
    "TonariState",
    "TonariView",
]
