"""Whether a Tonga Bonga move is legal now, and why not: one answer for ``check``, for
autocomplete and for the listed decisions (``Decisions``)."""

from __future__ import annotations

from collections.abc import Sequence

from i18n.text import T, Text
from rules.tonga.common import step_name
from rules.tonga.crew import crew_refusal, places_refusal
from rules.tonga.navigation import navigation_refusal
from rules.tonga.routes import route_refusal
from rules.tonga.state import Keep, Move, Phase, Place, Places, Reroll, Route, TongaState, Wages
from rules.tonga.wages import wage_refusal


class Decisions(tuple[Move, ...]):
    """A seat's single decisions, listed; ``in`` also accepts a compound move (a route, several
    placements) when every decision in it is legal in turn, so code that asks whether a move is
    legal gets the same answer as ``apply``."""

    state: TongaState
    seat: int

    def __new__(cls, moves: Sequence[Move], state: TongaState, seat: int) -> Decisions:
        listed = super().__new__(cls, moves)
        listed.state = state
        listed.seat = seat
        return listed

    def __contains__(self, move: object) -> bool:
        if isinstance(move, Route | Places):
            return refusal(self.state, self.seat, move) is None
        return tuple.__contains__(self, move)


def refusal(state: TongaState, seat: int, move: Move) -> Text | None:
    """Why ``move`` is illegal now, or None if it is legal."""
    if isinstance(move, Wages):
        return wage_refusal(state, seat, move)
    if isinstance(move, Places):
        if state.phase is not Phase.CREW:
            return crew_refusal(state, seat, move.places[0])
        return places_refusal(state, seat, move)
    if isinstance(move, Reroll | Place | Keep):
        return crew_refusal(state, seat, move)
    if state.phase is not Phase.NAVIGATION:
        return T(
            "Ships move in the navigation step; now it is the {step} step.",
            step=step_name(state.phase),
        )
    if isinstance(move, Route):
        return route_refusal(state, seat, move)
    return navigation_refusal(state, seat, move)
