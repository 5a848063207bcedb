"""Errors a player can cause. Every message speaks to the player: why, and what is allowed.

The Discord layer turns each of these into a short ephemeral reply; nothing here is a crash.
"""

from __future__ import annotations


class PlayerError(Exception):
    """Base of every error caused by what a player sent. ``str(e)`` is safe to show that player."""


class InvalidMove(PlayerError):
    """The text does not parse as a move of this game."""


class IllegalMove(PlayerError):
    """The move parses but is not allowed in this position."""


class NotYourTurn(PlayerError):
    """The seat is not among those who must decide now."""


class GameOver(PlayerError):
    """The game has ended; no move is accepted."""
