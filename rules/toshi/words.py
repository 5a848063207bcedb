"""Toshi Tōshi in words: seats, cards, spots and Specialisation cards as players read them."""

from __future__ import annotations

from rules.toshi.data import SEAT_LETTERS, SPEC_BONUSES, SPEC_POWERS
from rules.toshi.grid import WHERE_WORDS, Geometry
from rules.toshi.model import Card, ToshiState


def seat_name(seat: int) -> str:
    """``Seat 2 (B)``: how every text names a seat (the bot adds the player)."""
    return f"Seat {seat + 1} ({SEAT_LETTERS[seat]})"


def card_text(card: Card) -> str:
    """``R7 (Red 7)``."""
    return f"{card} ({card.words})"


def spot_text(geo: Geometry, spot: int) -> str:
    """``b2.ne (north-east corner of b2)``."""
    name = geo.spot_names[spot]
    where = name.split(".")[1]
    return f"{name} ({WHERE_WORDS[where]} of {name.split('.')[0]})"


def spec_text(state: ToshiState, seat: int) -> str:
    """A seat's Specialisation card and what its side up does."""
    spec = state.specs[seat]
    if state.spec_flipped[seat]:
        return f"{spec}, Bonus Points side: {SPEC_BONUSES[spec]}"
    return f"{spec}, power side: {SPEC_POWERS[spec]}"
