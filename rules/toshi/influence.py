"""Toshi Tōshi Influence phase: the trick winner's bonus action(s) and the Specialisation flip.

One action (move a token, choose the next leader, flip a building or the Monument), or each
once for an Octogeek; then, once per game, the winner may turn their Specialisation card to its
Bonus Points side.
"""

from __future__ import annotations

import dataclasses
from functools import cache

from i18n.text import T, Text, joined
from rules.toshi.data import (
    ACTION_FLIP,
    ACTION_LEAD,
    ACTION_MOVE,
    OCTOGEEK,
    ROUNDS,
    SEAT_LETTERS,
)
from rules.toshi.grid import MAX_CELLS, MAX_SPOTS, geometry, picker
from rules.toshi.model import (
    Flip,
    FlipSpecialisation,
    Lead,
    Move,
    MoveToken,
    Pass,
    Phase,
    ToshiState,
    evolve,
)
from rules.toshi.nature import has_normal_spot, normal_spots, spot_reason
from rules.toshi.rounds import end_round
from rules.toshi.specialisation import has_power


def actions_open(state: ToshiState) -> list[str]:
    """The bonus actions the trick winner may still take now."""
    octogeek = has_power(state, state.winner, OCTOGEEK)
    if state.actions_taken and not octogeek:
        return []
    out = []
    if (
        ACTION_MOVE not in state.actions_taken
        and state.winner in state.spots
        and has_normal_spot(state)
    ):
        out.append(ACTION_MOVE)
    if ACTION_LEAD not in state.actions_taken and state.round < ROUNDS:
        out.append(ACTION_LEAD)
    if ACTION_FLIP not in state.actions_taken:
        out.append(ACTION_FLIP)
    return out


def influence_moves(state: ToshiState) -> list[Move]:
    """Every bonus action the winner may take now (token moves, leaders, flips)."""
    out: list[Move] = []
    open_actions = actions_open(state)
    winner = state.winner
    if ACTION_MOVE in open_actions:
        to_free = picker(normal_spots(state))
        for src in [spot for spot, owner in enumerate(state.spots) if owner == winner]:
            out += to_free(_token_moves(src))
    if ACTION_LEAD in open_actions:
        out += [_LEAD_MOVES[seat] for seat in range(state.players) if seat != winner]
    if ACTION_FLIP in open_actions:
        out.extend(
            _FLIP_MOVES[c]
            for c, cell in enumerate(state.cells)
            if cell is not None and cell.kind != "park"
        )
    return out


def action_list(state: ToshiState) -> Text:
    """The open bonus actions in words, for the awaited decision."""
    return joined((_action_text(a) for a in actions_open(state)), ", ")


def _action_text(action: str) -> Text:
    """A bonus action in words, with its command."""
    if action == ACTION_MOVE:
        return T("move one of your tokens (`{move}`)", move="move <spot> <spot>")
    if action == ACTION_LEAD:
        return T("choose the next leader (`{lead}`)", lead="lead <seat>")
    return T("flip a building or the Monument (`{flip}`)", flip="flip <space>")


def influence_reason(state: ToshiState, seat: int, move: Move) -> Text | None:
    """Why ``move`` is not a bonus action allowed now (or a pass), or None."""
    if isinstance(move, Pass):
        return None
    open_actions = actions_open(state)
    geo = geometry(state.rows, state.cols)
    if isinstance(move, MoveToken):
        if ACTION_MOVE not in open_actions:
            return _action_gone(state, ACTION_MOVE)
        if state.spots[move.src] != seat:
            return T("{spot} holds no token of yours.", spot=geo.spot_names[move.src])
        if move.dst == move.src:
            return T("Move the token to another spot.")
        return spot_reason(state, move.dst, overseer=False)
    if isinstance(move, Lead):
        if ACTION_LEAD not in open_actions:
            return _action_gone(state, ACTION_LEAD)
        if move.seat == seat:
            return T("You lead next anyway as trick winner: choose another seat, or pass.")
        return None
    if isinstance(move, Flip):
        if ACTION_FLIP not in open_actions:
            return _action_gone(state, ACTION_FLIP)
        cell = state.cells[move.cell]
        space = geo.cell_names[move.cell]
        if cell is None:
            return T("{space} is empty: flip a building or the Monument.", space=space)
        if cell.kind == "park":
            return T("{space} is a Park: flip a building or the Monument.", space=space)
        return None
    return T(
        "Take a bonus action (`{move}`, `{lead}`, `{flip}`) or `{pass_word}`.",
        move="move <spot> <spot>",
        lead="lead <seat>",
        flip="flip <space>",
        pass_word="pass",
    )


def take_bonus_action(state: ToshiState, seat: int, move: Move) -> ToshiState:
    """A bonus action (or the pass that ends the phase); an Octogeek may go on while any is open."""
    if isinstance(move, Pass):
        return _after_influence(evolve(state, mark_cells=(), mark_spots=()))
    if isinstance(move, MoveToken):
        spots = list(state.spots)
        spots[move.src], spots[move.dst] = -1, seat
        after = evolve(
            state,
            spots=tuple(spots),
            actions_taken=state.actions_taken + ACTION_MOVE,
            mark_cells=(),
            mark_spots=(move.src, move.dst),
        )
    elif isinstance(move, Lead):
        after = evolve(
            state,
            next_leader=move.seat,
            actions_taken=state.actions_taken + ACTION_LEAD,
            mark_cells=(),
            mark_spots=(),
        )
    else:
        assert isinstance(move, Flip)
        after = evolve(
            _flip(state, move.cell),
            actions_taken=state.actions_taken + ACTION_FLIP,
            mark_cells=(move.cell,),
            mark_spots=(),
        )
    return after if actions_open(after) else _after_influence(after)


def flip_specialisation(state: ToshiState, seat: int, move: Move) -> ToshiState:
    """The winner turns their Specialisation card to its Bonus Points side, or keeps it."""
    if isinstance(move, FlipSpecialisation):
        flipped = tuple(f or s == seat for s, f in enumerate(state.spec_flipped))
        state = evolve(state, spec_flipped=flipped)
    return end_round(evolve(state, mark_cells=(), mark_spots=()))


# -- private helpers -------------------------------------------------------------------------------
# Moves built once, by space or seat: influence_moves picks them instead of building them.
_FLIP_MOVES: tuple[Flip, ...] = tuple(Flip(cell) for cell in range(MAX_CELLS))
_LEAD_MOVES: tuple[Lead, ...] = tuple(Lead(seat) for seat in range(len(SEAT_LETTERS)))


@cache
def _token_moves(src: int) -> tuple[MoveToken, ...]:
    """Every MoveToken from ``src``, by destination spot (built once per source spot)."""
    return tuple(MoveToken(src, dst) for dst in range(MAX_SPOTS))


def _action_gone(state: ToshiState, action: str) -> Text:
    """Why a bonus action is closed. Only an Octogeek ever has taken one and still decides."""
    if action in state.actions_taken:
        if action == ACTION_MOVE:
            return T(
                "You have already moved a token this round: the Octogeek takes each bonus "
                "action once."
            )
        if action == ACTION_LEAD:
            return T(
                "You have already chosen the next leader this round: the Octogeek takes each "
                "bonus action once."
            )
        return T(
            "You have already flipped a card this round: the Octogeek takes each bonus action once."
        )
    if action == ACTION_LEAD:
        return T(
            "No trick follows round {round}: choosing the next leader is not offered.",
            round=ROUNDS,
        )
    return T("You have no token on the grid, or no free spot to move one to.")


def _flip(state: ToshiState, index: int) -> ToshiState:
    cell = state.cells[index]
    assert cell is not None
    if cell.kind == "monument":
        return evolve(state, monument_high=not state.monument_high)
    cells = list(state.cells)
    # Either way the card is now known to all: a revealed card is seen, and a face-up card
    # everyone saw stays known after it is turned face down.
    cells[index] = dataclasses.replace(cell, face_up=not cell.face_up, placer=-1)
    return evolve(state, cells=tuple(cells))


def _after_influence(state: ToshiState) -> ToshiState:
    winner = state.winner
    if state.specs[winner] and not state.spec_flipped[winner]:
        return evolve(state, phase=Phase.SPECIALISE)
    return end_round(state)
