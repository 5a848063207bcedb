"""Toshi Tōshi round flow: who decides in each phase, and the step to the next trick or the end."""

from __future__ import annotations

from rules.toshi.data import PAWNLITICIAN, ROUNDS
from rules.toshi.model import NATURE, PAWN, SECOND, Phase, ToshiState, evolve
from rules.toshi.nature import has_normal_spot
from rules.toshi.specialisation import power_seat


def decider(state: ToshiState) -> int:
    """The seat whose phase decision the game waits for (the owed token aside)."""
    phase = state.phase
    if phase in (NATURE, SECOND):
        return state.queue[0]
    if phase is PAWN:
        return power_seat(state, PAWNLITICIAN)
    return state.winner


def end_round(state: ToshiState) -> ToshiState:
    """Wait for an owed Influenstar token, then start the next trick or end the game."""
    if state.owed >= 0:
        if state.supply[state.owed] > 0 and has_normal_spot(state):
            return evolve(state, phase=Phase.OWED)
        state = evolve(state, owed=-1)
    if state.round >= ROUNDS:
        return evolve(state, phase=Phase.OVER)
    return evolve(
        state,
        round=state.round + 1,
        leader=state.next_leader,
        phase=Phase.TRICK,
        trick=(),
        winner=-1,
        queue=(),
        built=(),
        built_up=False,
        built_down=False,
        actions_taken="",
        next_leader=-1,
    )
