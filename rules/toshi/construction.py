"""Toshi Tōshi Construction phase: the trick winner builds a face-up and a face-down card.

With 3 players only one card, face down; the Pawnlitician (after losing) may choose and build
the face-up card first. A face-down card's identity is known to its placer only.
"""

from __future__ import annotations

from i18n.text import T, Text
from rules.toshi.data import BUILDS
from rules.toshi.grid import MAX_CELLS, geometry, picker
from rules.toshi.model import Build, Card, Cell, Move, Pass, Phase, ToshiState, evolve
from rules.toshi.trick import PLAY_MOVES


def builds_left(state: ToshiState) -> tuple[bool, bool]:
    """Whether a face-up and a face-down card are still to be built this round."""
    ups, downs = BUILDS[state.players]
    return (ups > 0 and not state.built_up, downs > 0 and not state.built_down)


def trick_cards_left(state: ToshiState) -> list[Card]:
    """The trick's cards not built yet this round, in the order played."""
    built = state.built
    return [play.card for play in state.trick if play.card not in built]


def build_moves(state: ToshiState, up: bool, down: bool) -> list[Build]:
    """Every Build of a trick card left on an empty space, face up and/or face down."""
    on_empty = picker([c for c, cell in enumerate(state.cells) if cell is None])
    out: list[Build] = []
    for card in trick_cards_left(state):
        ups, downs = _BUILD_MOVES[card.colour, card.value]
        if up:
            out += on_empty(ups)
        if down:
            out += on_empty(downs)
    return out


def build_reason(state: ToshiState, move: Move) -> Text | None:
    """Why ``move`` is not a build allowed now (or the Pawnlitician's pass), or None."""
    pawn = state.phase is Phase.PAWN
    if pawn and isinstance(move, Pass):
        return None
    if not isinstance(move, Build):
        if pawn:
            return T(
                "Choose the face-up card and its space (`{build}`) or `{pass_word}`.",
                build="build R7 up b2",
                pass_word="pass",
            )
        return T(
            "Build one of the trick's cards, e.g. `{up}` or `{down}`.",
            up="build R7 up b2",
            down="build G3 down c4",
        )
    geo = geometry(state.rows, state.cols)
    if move.card not in trick_cards_left(state):
        left = " ".join(str(c) for c in trick_cards_left(state))
        return T(
            "{card} is not a trick card still to build (left: {left}).",
            card=str(move.card),
            left=left,
        )
    if state.cells[move.cell] is not None:
        return T("{space} is taken: one card per space.", space=geo.cell_names[move.cell])
    if pawn and not move.face_up:
        return T(
            "As Pawnlitician you choose the face-up card; the winner builds the face-down one."
        )
    up, down = builds_left(state)
    if move.face_up and not up:
        if BUILDS[state.players][0] == 0:
            return T("With 3 players the winner builds one card only, face down.")
        return T("The face-up card is already built: build the face-down card.")
    if not move.face_up and not down:
        return T("The face-down card is already built: build the face-up card.")
    return None


def build(state: ToshiState, seat: int, move: Move) -> ToshiState:
    """A card built (or the Pawnlitician's pass); the Influence phase follows the last build."""
    if isinstance(move, Pass):  # the Pawnlitician declines
        return evolve(state, phase=Phase.BUILD, mark_cells=(), mark_spots=())
    assert isinstance(move, Build)
    cells = list(state.cells)
    cells[move.cell] = Cell("building", move.card, move.face_up, -1 if move.face_up else seat)
    after = evolve(
        state,
        cells=tuple(cells),
        built=(*state.built, move.card),
        built_up=state.built_up or move.face_up,
        built_down=state.built_down or not move.face_up,
        phase=Phase.BUILD,
        mark_cells=(move.cell,),
        mark_spots=(),
    )
    if any(builds_left(after)):
        return after
    return evolve(after, phase=Phase.INFLUENCE, actions_taken="")


# -- private helpers -------------------------------------------------------------------------------
# Build moves by card (colour, value: a key hashed in C), then (face up, face down), then by
# space: legal_moves picks them instead of building them.
_BUILD_MOVES: dict[tuple[str, int], tuple[tuple[Build, ...], tuple[Build, ...]]] = {
    (card.colour, card.value): (
        tuple(Build(card, True, cell) for cell in range(MAX_CELLS)),
        tuple(Build(card, False, cell) for cell in range(MAX_CELLS)),
    )
    for card in PLAY_MOVES
}
