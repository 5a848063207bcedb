"""Toshi Tōshi Nature phase: where a token may go, and who places next.

Placement rules A-C (a spot of a present card, inside the grid, one token per spot), the
Overseer's free placement, the Builder's second token on a card's middle and the order of the
non-winners from the winner's left. The Influenstar's owed token uses the normal rules.
"""

from __future__ import annotations

from functools import cache

from i18n.text import T, Text
from rules.toshi.data import BUILDER, OVERSEER, PAWNLITICIAN
from rules.toshi.grid import geometry
from rules.toshi.model import Cell, Move, Pass, Phase, Place, ToshiState, evolve
from rules.toshi.specialisation import has_power, power_seat
from rules.toshi.words import seat_name


@cache
def place_moves(rows: int, cols: int) -> tuple[Place, ...]:
    """One Place per lattice spot, built once (legal_moves only filters them)."""
    return tuple(Place(spot) for spot in range(geometry(rows, cols).spot_count))


def normal_spots(state: ToshiState) -> list[int]:
    """Free spots inside the grid that belong to at least one card on the grid."""
    spots = state.spots
    return [s for s in _near_cards(state) if spots[s] < 0]


def has_normal_spot(state: ToshiState) -> bool:
    """Whether ``normal_spots`` is not empty (stops at the first free spot)."""
    spots = state.spots
    return any(spots[s] < 0 for s in _near_cards(state))


def nature_spots(state: ToshiState, seat: int) -> list[int]:
    """Where ``seat`` may place in the Nature phase: an Overseer on any free spot."""
    if has_power(state, seat, OVERSEER):
        return [s for s, owner in enumerate(state.spots) if owner < 0]
    return normal_spots(state)


def free_centres(state: ToshiState) -> list[int]:
    """The free middles of present cards (where the Builder's second token may go)."""
    geo = geometry(state.rows, state.cols)
    return [
        geo.centre[c]
        for c, cell in enumerate(state.cells)
        if cell is not None and state.spots[geo.centre[c]] < 0
    ]


def spot_reason(state: ToshiState, spot: int, overseer: bool) -> Text | None:
    """Why a token may not go on ``spot`` (rules A-C, the Overseer exempt from A-B), or None."""
    geo = geometry(state.rows, state.cols)
    name = geo.spot_names[spot]
    if state.spots[spot] >= 0:
        return T(
            "{spot} already holds {seat}'s token: one token per spot.",
            spot=name,
            seat=seat_name(state.spots[spot]),
        )
    if overseer:
        return None
    if geo.boundary[spot]:
        return T(
            "{spot} is on the outer edge of the city: tokens go inside the grid "
            "(only the Overseer's power allows the edge).",
            spot=name,
        )
    if not any(state.cells[c] is not None for c in geo.owners[spot]):
        return T(
            "{spot} belongs to no card on the grid yet: place it on a spot of a present card.",
            spot=name,
        )
    return None


def second_reason(state: ToshiState, move: Move) -> Text | None:
    """Why ``move`` is not the Builder's second token (or a pass), or None."""
    if isinstance(move, Pass):
        return None
    if not isinstance(move, Place):
        return T(
            "Place your second token on the middle of a card (`{place}`) or `{pass_word}`.",
            place="place b2.c",
            pass_word="pass",
        )
    geo = geometry(state.rows, state.cols)
    cells = [c for c in geo.owners[move.spot] if geo.centre[c] == move.spot]
    if not cells:
        return T(
            "{spot} is not the middle of a card: the Builder's second "
            "token goes on a card's middle (`{centre}`).",
            spot=geo.spot_names[move.spot],
            centre=".c",
        )
    if state.cells[cells[0]] is None:
        return T(
            "{space} has no card yet: the second token needs a present card.",
            space=geo.cell_names[cells[0]],
        )
    return spot_reason(state, move.spot, overseer=False)


def put_token(state: ToshiState, seat: int, spot: int) -> ToshiState:
    """One token from ``seat``'s supply onto ``spot`` (marked as the last move)."""
    spots = list(state.spots)
    spots[spot] = seat
    supply = list(state.supply)
    supply[seat] -= 1
    return evolve(
        state, spots=tuple(spots), supply=tuple(supply), mark_cells=(), mark_spots=(spot,)
    )


def place_token(state: ToshiState, seat: int, spot: int) -> ToshiState:
    """The Nature placer's token; a Builder may then add a second one on a card's middle."""
    after = put_token(state, seat, spot)
    if has_power(after, seat, BUILDER) and after.supply[seat] > 0 and free_centres(after):
        return evolve(after, phase=Phase.SECOND)
    return next_placer(after, after.queue[1:])


def second_token(state: ToshiState, seat: int, move: Move) -> ToshiState:
    """The Builder's second token (a Place on a middle) or Pass; then the next placer."""
    after = put_token(state, seat, move.spot) if isinstance(move, Place) else state
    return next_placer(evolve(after, phase=Phase.NATURE), after.queue[1:])


def next_placer(state: ToshiState, queue: tuple[int, ...] | None = None) -> ToshiState:
    """Skip placers without tokens or free spot; when none is left, construction starts.

    ``queue`` replaces the state's queue (the placer who just placed left out): passing it
    here spares building one more state per token placed."""
    if queue is None:
        queue = state.queue
    while queue and not _can_place(state, queue[0]):
        queue = queue[1:]
    if queue:
        return evolve(state, queue=queue)
    pawn = power_seat(state, PAWNLITICIAN)
    phase = Phase.PAWN if pawn >= 0 and pawn != state.winner else Phase.BUILD
    return evolve(state, queue=(), phase=phase)


# -- private helpers -------------------------------------------------------------------------------
# The inner spots of the present cards change only when a card is built, so they are kept per
# cells tuple (by identity, holding the tuple so its id stays unique): a pure speed-up.
_NEAR: dict[int, tuple[tuple[Cell | None, ...], tuple[int, ...]]] = {}


def _near_cards(state: ToshiState) -> tuple[int, ...]:
    """Spots not on the outer edge that belong to a card on the grid, in lattice order."""
    cells = state.cells
    hit = _NEAR.get(id(cells))
    if hit is not None and hit[0] is cells:
        return hit[1]
    inner = geometry(state.rows, state.cols).cell_inner
    near = tuple(sorted(set().union(*(inner[c] for c, cell in enumerate(cells) if cell))))
    if len(_NEAR) > 256:
        _NEAR.clear()
    _NEAR[id(cells)] = (cells, near)
    return near


def _can_place(state: ToshiState, seat: int) -> bool:
    """Whether ``seat`` has a token and a spot for it in the Nature phase."""
    if state.supply[seat] == 0:
        return False
    if has_power(state, seat, OVERSEER):
        return -1 in state.spots
    return has_normal_spot(state)
