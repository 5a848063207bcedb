"""The match service's refusals: each a ``PlayerError`` whose message a player may read as it is."""

from __future__ import annotations

from rules.errors import PlayerError


class StaleMove(PlayerError):
    """The board the player acted on is no longer the current one."""


class NoMatchHere(PlayerError):
    """The channel has no open match (of this game)."""


class ChannelBusy(PlayerError):
    """The channel already has an open match."""


class NotAPlayer(PlayerError):
    """The user is not seated in this match."""


class NotAllowed(PlayerError):
    """The user may not do this (only the creator starts; only creator or admin cancels)."""


class LobbyError(PlayerError):
    """Joining, leaving or starting is not possible right now."""


class MatchDamaged(PlayerError):
    """The match's saved data cannot be read; only cancelling it is possible."""
