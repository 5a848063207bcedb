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


def spot_text(geo: Geometry, spot: int, name: str = "") -> str:
    """``a1.ne (north-east corner of a1)``, or for a shared spot every card it counts for:
    ``c2.s (side between c2 and c3)``, ``b2.se (corner of b2, c2, b3 and c3)``.

    ``name`` is the spot's name as the player wrote it: a player who typed ``c3.n`` reads
    ``c3.n (side between c2 and c3)`` back; naming both cards shows which cards the token helps
    to win."""
    # A Geometry holds a dict (not hashable): the cache is keyed by its size.
    return _spot_text(geo.rows, geo.cols, spot, name or geo.spot_names[spot])


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
def _spot_text(rows: int, cols: int, spot: int, name: str) -> str:
    geo = geometry(rows, cols)
    cards = [geo.cell_names[c] for c in geo.owners[spot]]
    where = name.split(".")[1]
    if len(cards) == 1:
        return f"{name} ({WHERE_WORDS[where]} of {cards[0]})"
    listed = " and ".join([", ".join(cards[:-1]), cards[-1]])
    if where in SIDES:
        return f"{name} (side between {listed})"
    return f"{name} (corner of {listed})"
