"""Tonga Bonga's plain data: the state, its moves and the public view (all frozen, JSON-able)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from i18n.text import N_

SEASICK = 6  # the die face that replaces the 6
START_MONEY = 20
CAMPS_PER_PLAYER = 4
DICE_PER_PLAYER = 3
SHIP_SLOTS = 3  # captain, helmsman, cabin boy (unpaid)
SEAT_LETTERS = ("A", "B", "C", "D")

# The money ledger: every coin a seat gains or loses goes to one of these lines (their names
# label the score breakdown, so they are marked for the catalogue).
LEDGER = (
    N_("start money"),
    N_("wages paid"),
    N_("wages received"),
    N_("rerolls"),
    N_("camps"),
    N_("camp fees paid"),
    N_("camp fees received"),
    N_("treasures"),
    N_("ghost wages paid"),
    N_("ghost wages received"),
    N_("return bonus"),
)
START, WAGES_PAID, WAGES_RECEIVED, REROLLS, CAMPS, FEES_PAID, FEES_RECEIVED = range(7)
TREASURES, GHOST_PAID, GHOST_RECEIVED, BONUS = range(7, 11)


class Phase(Enum):
    WAGES = "wages"
    CREW = "crew"
    NAVIGATION = "navigation"
    OVER = "over"


@dataclass(frozen=True)
class Die:
    owner: int
    value: int


@dataclass(frozen=True)
class TongaState:
    players: int
    seed: int
    round: int  # 1, 2, ...
    phase: Phase
    turn: int  # index into this round's hiring-board order
    money: tuple[int, ...]  # coins in hand (wages set this round are already on the boards)
    wages: tuple[tuple[int, int], ...]  # (captain, helmsman) coins on each seat's board
    ships: tuple[int, ...]  # the space of each seat's ship
    crews: tuple[tuple[Die, ...], ...]  # dice on each seat's ship, captain first
    camps: tuple[tuple[int, ...], ...]  # per island: the seats camped there, in order
    tiles: tuple[str | None, ...]  # per dolphin space: the tile lying there, if any
    ghost: int  # the space of the ghost ship (it never moves), -1 if it stayed in the box
    maps: tuple[tuple[str, ...], ...]  # treasure maps each seat holds
    roll: tuple[int, ...]  # crew step: the acting seat's dice not yet placed (6 = seasick)
    rerolls: int  # crew step: rerolls the acting seat has paid for this round
    placed: tuple[int, ...]  # crew step: the ships the acting seat put a die on, in order
    mp: int  # navigation: movement points left
    path: tuple[int, ...]  # navigation: the spaces the acting ship entered, start first
    winds: tuple[int, ...]  # navigation: dolphin indices whose wind this ship used this turn
    ghost_paid: bool  # navigation: this ship already paid the ghost ship this turn
    passing: bool  # navigation: the ship is passing through an occupied small space
    may_camp: bool  # navigation: the ship just entered a harbour where it may camp
    home: tuple[int, ...]  # seats with four camps that reached Tonga Bonga this round
    ending: bool  # someone with four camps reached Tonga Bonga: this is the last round
    ledger: tuple[tuple[int, ...], ...]  # per seat, one amount per LEDGER line
    last: str  # the latest move, "Seat 2: go d5", for the picture
    # What followed the latest move by itself (rolls, payments...): catalogue texts (i18n Text)
    # as ``play`` makes them; a state read back from storage holds their English.
    events: tuple[str, ...]


# -- moves ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Wages:
    captain: int
    helmsman: int


@dataclass(frozen=True)
class Reroll:
    dice: tuple[int, ...]  # the values of the dice rerolled, sorted (6 = seasick)


@dataclass(frozen=True)
class Place:
    value: int  # the die's value
    ship: int  # the seat whose ship takes it


@dataclass(frozen=True)
class Keep:
    """Nothing to place (every die seasick): end the crew turn without rerolling."""


@dataclass(frozen=True)
class Step:
    space: int


@dataclass(frozen=True)
class Camp:
    pass


@dataclass(frozen=True)
class End:
    pass


# A navigation action: one space, a camp or the end of the turn.
Action = Step | Camp | End


@dataclass(frozen=True)
class Route:
    """Several navigation actions in one move (`go k15 l15 cocoa camp`): played as the single
    actions in turn, each checked by the ordinary rules. Always two actions or more."""

    actions: tuple[Action, ...]


@dataclass(frozen=True)
class Places:
    """Several dice placed in one move (`place 4 on B, 3 on C`), in turn. Two or more."""

    places: tuple[Place, ...]


Move = Wages | Reroll | Place | Places | Keep | Step | Camp | End | Route


def decisions(move: Move) -> tuple[Move, ...]:
    """The single decisions a move stands for: a route's actions, each placement, else itself."""
    if isinstance(move, Route):
        return move.actions
    if isinstance(move, Places):
        return move.places
    return (move,)


# -- the public view -----------------------------------------------------------------------
@dataclass(frozen=True)
class SeatLine:
    """A seat's money and result line, for the picture's table."""

    seat: int
    money: int  # coins in hand
    worth: int  # coins in hand + wages still lying on boards (the ledger's sum)
    camps_left: int
    maps: tuple[str, ...]


@dataclass(frozen=True)
class TongaView:
    players: int
    round: int
    phase: Phase
    order: tuple[int, ...]  # hiring boards left to right
    acting: tuple[int, ...]
    pending: str  # the decision awaited: a catalogue text (i18n Text, a str)
    seats: tuple[SeatLine, ...]
    wages: tuple[tuple[int, int], ...]
    ships: tuple[int, ...]
    crews: tuple[tuple[Die, ...], ...]
    camps: tuple[tuple[int, ...], ...]
    tiles: tuple[str | None, ...]
    roll: tuple[int, ...]
    reroll_cost: int
    mp: int
    path: tuple[int, ...]
    ending: bool
    last: str
    ledger: tuple[tuple[int, ...], ...]  # per seat, one amount per LEDGER line (money is public)
    result: tuple[str, ...]  # the final breakdown lines once the game is over (Texts too)
    winners: tuple[int, ...]
