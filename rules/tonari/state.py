"""Tonari plain data: the phases, the boat placing move, the state and the tables the reference
rules (``game.py``) and the compact simulator (``fast.py``) share."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rules.fishing_common import Double, MoveBoat, RemovePiece, SwapSpaces, Trade
from rules.tonari.data import Token


class Phase(Enum):
    PLACE = "place"  # the boat awaits its island hex
    MOVE = "move"
    SENSE = "sense"  # the skill just collected awaits its use
    ROUGH = "rough"
    SCARE = "scare"
    SEASON = "season"
    OVER = "over"


SKILL_PHASE: dict[Token, Phase] = {
    Token.SENSE: Phase.SENSE,
    Token.ROUGH: Phase.ROUGH,
    Token.SCARE: Phase.SCARE,
    Token.SEASON: Phase.SEASON,
}


@dataclass(frozen=True)
class PlaceBoat:
    """Put the boat on an island hex at the start: ``boat d4``."""

    at: int


TonariMove = MoveBoat | PlaceBoat | SwapSpaces | Trade | RemovePiece | Double


@dataclass(frozen=True)
class TonariState:
    players: int
    seed: int
    tokens: tuple[Token | None, ...]  # per board hex; islands and emptied hexes hold None
    boat: int | None  # None until placed
    turn: int  # the seat deciding now (the boat's pilot this turn)
    phase: Phase
    piles: tuple[tuple[int, ...], ...]  # per seat, a count per kind of FISH
    season: Token | None  # the colour In Season doubles
    boat_moves: int  # boat moves made so far
    moved_at: tuple[int, ...]  # per seat, the number of its latest boat move (0: never)
    last_hexes: tuple[int, ...]  # hexes the last move touched, to mark them
    last_seat: int | None
    note: str  # what happened on its own after the last move (a discard, the end)
