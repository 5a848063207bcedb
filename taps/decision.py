"""One seat's decision as the tap panel sees it: the rules' legal moves, their tree of choices,
and whether a chosen move must be confirmed before it is sent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import AnyGame, Seat
from rules.errors import PlayerError
from taps.tree import Moves

COMPOUND_LIMIT = 25  # whole routes and placements asked of the rules' suggestions


@dataclass(frozen=True)
class Decision:
    """The legal moves of ``seat`` and their tree: first the rules' own list, in its order
    (``listed`` of them), then the compound moves the rules' own suggestions offer beyond it
    (Tonga Bonga's whole routes and several dice placed at once), each checked by the rules."""

    seat: Seat
    legal: Sequence[Any]
    moves: Moves
    listed: int = -1

    def compound(self, index: int) -> bool:
        """Whether move ``index`` is a compound one, sent by its text rather than its place in
        the rules' list."""
        return 0 <= self.listed <= index


def decision(game: AnyGame, state: Any, seat: Seat) -> Decision:
    legal = list(game.legal_moves(state, seat))
    texts = [game.format(state, m) for m in legal]
    labels = [game.button_label(state, m) for m in legal]
    listed = len(legal)
    known = set(texts)
    # A game whose legal_moves lists single decisions only (a route hex by hex) offers the
    # whole routes and multi-die placements in its suggestions: what a player could type. They
    # join the tree as further leaves, each parsed and checked by the rules themselves.
    for said in game.suggest(state, seat, "", COMPOUND_LIMIT):
        try:
            move = game.parse(state, said)
            game.check(state, seat, move)
        except PlayerError:
            continue  # a hint, not a move
        text = game.format(state, move)
        if text not in known and move not in legal[:listed]:  # a move has one leaf only
            known.add(text)
            legal.append(move)
            texts.append(text)
            labels.append(game.button_label(state, move))
    return Decision(seat, legal, Moves(tuple(texts), tuple(labels)), listed)


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
