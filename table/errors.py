"""The match service's refusals: each a ``PlayerError`` whose message a player may read as it is."""

from __future__ import annotations

from rules.errors import PlayerError


def reason_of(error: PlayerError) -> str:
    """The refusal's message as raised: a ``Text`` stays one (``str(error)`` would make it
    plain English), to be said in its reader's language where it is shown."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, str) else str(error)


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
