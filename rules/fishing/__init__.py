"""Friendly Fishing: the rules package (data, boat moves, scoring, the game)."""

from rules.fishing.game import FishingState, FishingView, FriendlyFishing, Phase

__all__ = ["FishingState", "FishingView", "FriendlyFishing", "Phase"]
