"""Toshi Tōshi Specialisation variant: who may use a power now (its power side is up).

The powers themselves act in the phase they change (nature, construction, influence); the bonus
scoring is in ``scoring``.
"""

from __future__ import annotations

from rules.toshi.model import ToshiState


def has_power(state: ToshiState, seat: int, name: str) -> bool:
    """Whether ``seat`` holds Specialisation ``name`` with its power side up."""
    return state.specs[seat] == name and not state.spec_flipped[seat]


def power_seat(state: ToshiState, name: str) -> int:
    """The seat that may use the power ``name`` now, or -1."""
    for seat, spec in enumerate(state.specs):
        if spec == name and not state.spec_flipped[seat]:
            return seat
    return -1
