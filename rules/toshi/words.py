"""Toshi Tōshi in words: seats, cards, spots and Specialisation cards as players read them."""

from __future__ import annotations

from functools import cache

from i18n.text import T, Text
from rules.toshi.data import COLOUR_NAMES, SEAT_LETTERS, SPEC_BONUSES, SPEC_NAMES, SPEC_POWERS
from rules.toshi.grid import SIDES, WHERE_WORDS, Geometry, geometry
from rules.toshi.model import Card, ToshiState

# The texts below are cached: every move's public description uses them (a hot path in
# playouts), and they depend only on their small, hashable arguments.


@cache
def seat_name(seat: int) -> str:
    """``Seat 2 (B)``: how every text names a seat (the bot adds the player). A placeholder's
    value, never a message: the bot finds it in the said text and writes the player's name."""
    return f"Seat {seat + 1} ({SEAT_LETTERS[seat]})"


def card_text(card: Card) -> Text:
    """``R7 (Red 7)``."""
    return _card_text(card.colour, card.value)  # keyed by plain values: hashed in C


def colour_name(colour: str) -> Text:
    """A colour letter's name as players read it: ``Red``."""
    return Text(COLOUR_NAMES[colour])


def spec_name(spec: str) -> Text:
    """A Specialisation card's name as players read it: ``Influenstar``."""
    return Text(SPEC_NAMES[spec])


def spot_text(geo: Geometry, spot: int, name: str = "") -> Text:
    """``a1.ne (north-east corner of a1)``, or for a shared spot every card it counts for:
    ``c2.s (side between c2 and c3)``, ``b2.se (corner of b2, c2, b3 and c3)``.

    ``name`` is the spot's name as the player wrote it: a player who typed ``c3.n`` reads
    ``c3.n (side between c2 and c3)`` back; naming both cards shows which cards the token helps
    to win."""
    # A Geometry holds a dict (not hashable): the cache is keyed by its size.
    return _spot_text(geo.rows, geo.cols, spot, name or geo.spot_names[spot])


def spec_text(state: ToshiState, seat: int) -> Text:
    """A seat's Specialisation card and what its side up does."""
    spec = state.specs[seat]
    if state.spec_flipped[seat]:
        return T(
            "{spec}, Bonus Points side: {bonus}",
            spec=spec_name(spec),
            bonus=Text(SPEC_BONUSES[spec]),
        )
    return T("{spec}, power side: {power}", spec=spec_name(spec), power=Text(SPEC_POWERS[spec]))


# -- private helpers -------------------------------------------------------------------------------
@cache
def _card_text(colour: str, value: int) -> Text:
    card = Card(colour, value)
    return T("{card} ({colour} {value})", card=str(card), colour=colour_name(colour), value=value)


@cache
def _spot_text(rows: int, cols: int, spot: int, name: str) -> Text:
    geo = geometry(rows, cols)
    cards = [geo.cell_names[c] for c in geo.owners[spot]]
    where = name.split(".")[1]
    if len(cards) == 1:
        return T(
            "{spot} ({where} of {space})",
            spot=name,
            where=Text(WHERE_WORDS[where]),
            space=cards[0],
        )
    listed, last = ", ".join(cards[:-1]), cards[-1]
    if where in SIDES:
        return T("{spot} (side between {spaces} and {last})", spot=name, spaces=listed, last=last)
    return T("{spot} (corner of {spaces} and {last})", spot=name, spaces=listed, last=last)
