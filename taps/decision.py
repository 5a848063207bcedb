"""One seat's decision as the tap panel sees it: the rules' legal moves, their tree of choices,
and whether a chosen move must be confirmed before it is sent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import AnyGame, Seat
from taps.tree import Moves


@dataclass(frozen=True)
class Decision:
    """The legal moves of ``seat`` (the rules' own list, in its order) and their tree."""

    seat: Seat
    legal: Sequence[Any]
    moves: Moves


def decision(game: AnyGame, state: Any, seat: Seat) -> Decision:
    legal = game.legal_moves(state, seat)
    texts = tuple(game.format(state, m) for m in legal)
    labels = tuple(game.button_label(state, m) for m in legal)
    return Decision(seat, legal, Moves(texts, labels))


def needs_confirmation(game: AnyGame, state: Any, seat: Seat, move: Any, undo: bool) -> bool:
    """Whether a move is asked about before it is sent: it ends the player's turn (or the
    game), or it cannot be taken back (it reveals something, or the match allows no undo).
    Steps within a turn that reveal nothing (Tonga Bonga's route, hex by hex) go at once."""
    after = game.play(state, seat, move)
    return (
        not undo
        or game.outcome(after) is not None
        or seat not in game.to_act(after)
        or game.reveals(state, seat, move, after)
    )


def safe_preview(game: AnyGame, state: Any, seat: Seat, move: Any) -> Any | None:
    """The state to draw as the preview of ``move``: the state after it when the move reveals
    nothing (so the picture shows no die, card or draw the player could not know before
    choosing), else None (the panel shows the board as it is and says the rest is seen once
    the move is sent)."""
    after = game.play(state, seat, move)
    return None if game.reveals(state, seat, move, after) else after
