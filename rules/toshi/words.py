"""Toshi Tōshi in words: seats, cards, spots and Specialisation cards as players read them."""

from __future__ import annotations

from functools import cache

from rules.toshi.data import SEAT_LETTERS, SPEC_BONUSES, SPEC_POWERS
from rules.toshi.grid import SIDES, WHERE_WORDS, Geometry, geometry
from rules.toshi.model import Card, ToshiState

# The texts below are cached: every move's public description uses them (a hot path in
# playouts), and they depend only on their small, hashable arguments.


@cache
def seat_name(seat: int) -> str:
    """``Seat 2 (B)``: how every text names a seat (the bot adds the player)."""
    return f"Seat {seat + 1} ({SEAT_LETTERS[seat]})"


def card_text(card: Card) -> str:
    """``R7 (Red 7)``."""
    return _card_text(card.colour, card.value)  # keyed by plain values: hashed in C


def spot_text(geo: Geometry, spot: int) -> str:
    """``a1.ne (north-east corner of a1)``, or for a shared spot every card it counts for:
    ``c2.s (side between c2 and c3)``, ``b2.se (corner of b2, c2, b3 and c3)``.

    A player who typed ``c3.n`` reads ``c2.s`` back; naming both cards shows it is the same
    spot, and which cards the token helps to win."""
    return _spot_text(geo.rows, geo.cols, spot)  # a Geometry holds a dict: not hashable


def spec_text(state: ToshiState, seat: int) -> str:
    """A seat's Specialisation card and what its side up does."""
    spec = state.specs[seat]
    if state.spec_flipped[seat]:
        return f"{spec}, Bonus Points side: {SPEC_BONUSES[spec]}"
    return f"{spec}, power side: {SPEC_POWERS[spec]}"


# -- private helpers -------------------------------------------------------------------------------
@cache
def _card_text(colour: str, value: int) -> str:
    card = Card(colour, value)
    return f"{card} ({card.words})"


@cache
def _spot_text(rows: int, cols: int, spot: int) -> str:
    geo = geometry(rows, cols)
    name = geo.spot_names[spot]
    cards = [geo.cell_names[c] for c in geo.owners[spot]]
    where = name.split(".")[1]
    if len(cards) == 1:
        return f"{name} ({WHERE_WORDS[where]} of {cards[0]})"
    listed = " and ".join([", ".join(cards[:-1]), cards[-1]])
    if where in SIDES:
        return f"{name} (side between {listed})"
    return f"{name} (corner of {listed})"
