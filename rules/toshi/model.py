"""Toshi Tōshi plain data: cards, the state, the moves and what a viewer sees."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from rules.toshi.data import COLOUR_NAMES


@dataclass(frozen=True, order=True)
class Card:
    """A Building card: colour letter (R B G P Y) and value 1..10."""

    colour: str
    value: int

    def __str__(self) -> str:
        return f"{self.colour}{self.value}"

    def __eq__(self, other: object) -> bool:
        # Hand-written: the generated one builds two tuples, and cards are compared a lot.
        if other.__class__ is Card:
            return self.value == other.value and self.colour == other.colour
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.colour, self.value))

    @property
    def words(self) -> str:
        return f"{COLOUR_NAMES[self.colour]} {self.value}"


@dataclass(frozen=True)
class Cell:
    """A filled grid space; ``placer`` is the seat that alone knows a face-down card (-1: all)."""

    kind: str  # "park" | "monument" | "building"
    card: Card | None = None
    face_up: bool = True
    placer: int = -1


@dataclass(frozen=True)
class Play:
    """One card of the current trick, in the order played."""

    seat: int
    card: Card


class Phase(enum.Enum):
    TRICK = "trick"
    NATURE = "nature"  # the next non-winner places a token
    SECOND = "second"  # the Builder may place a second token on a card's middle
    PAWN = "pawn"  # the Pawnlitician may choose and place the face-up card
    BUILD = "build"  # the trick winner builds
    INFLUENCE = "influence"  # the trick winner's bonus action(s)
    SPECIALISE = "specialise"  # the trick winner may flip their Specialisation card
    OWED = "owed"  # only the Influenstar's owed token holds up the next trick
    OVER = "over"


# The phases as plain module constants, for the checks run at every step of a playout (who
# acts, legal moves, playing a move): in Python 3.11 reading a member off an Enum class goes
# through EnumType's __getattr__ hook and costs about five global look-ups.
TRICK, NATURE, SECOND = Phase.TRICK, Phase.NATURE, Phase.SECOND
PAWN, BUILD, INFLUENCE = Phase.PAWN, Phase.BUILD, Phase.INFLUENCE
OWED, OVER = Phase.OWED, Phase.OVER


@dataclass(frozen=True)
class ToshiState:
    players: int
    seed: int
    variant: str
    rows: int
    cols: int
    hands: tuple[tuple[Card, ...], ...]
    cells: tuple[Cell | None, ...]
    spots: tuple[int, ...]  # the seat whose token is on each lattice spot, -1 if none
    supply: tuple[int, ...]  # unused Nature tokens per seat
    specs: tuple[str, ...]  # Specialisation card per seat ("" in the standard game)
    spec_flipped: tuple[bool, ...]  # True: the Bonus Points side is up
    monument_high: bool  # True: the blue "10 > 1" side is up
    round: int
    leader: int
    phase: Phase
    trick: tuple[Play, ...]
    winner: int  # the trick winner this round, -1 while the trick is played
    queue: tuple[int, ...]  # non-winners still to place in the Nature phase, in order
    built: tuple[Card, ...]  # trick cards already built this round
    built_up: bool
    built_down: bool
    actions_taken: str  # bonus actions already taken this Influence phase (letters m l f)
    next_leader: int
    owed: int  # the Influenstar who still owes this round's token, -1 if nobody
    last_text: str  # the last move in public words
    mark_cells: tuple[int, ...]  # spaces the last move touched (to mark them)
    mark_spots: tuple[int, ...]  # spots the last move touched


# -- moves -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlayCard:
    card: Card


@dataclass(frozen=True)
class Place:
    spot: int
    # The spot's name as the player wrote it (``c3.n`` for the spot also called ``c2.s``), so
    # the reply and the log use it; "" for the canonical name. Not part of the move's identity.
    name: str = field(default="", compare=False)


@dataclass(frozen=True)
class Build:
    card: Card
    face_up: bool
    cell: int


@dataclass(frozen=True)
class MoveToken:
    src: int
    dst: int
    # The spots' names as the player wrote them (see ``Place.name``); "" for canonical names.
    src_name: str = field(default="", compare=False)
    dst_name: str = field(default="", compare=False)


@dataclass(frozen=True)
class Lead:
    seat: int


@dataclass(frozen=True)
class Flip:
    cell: int


@dataclass(frozen=True)
class FlipSpecialisation:
    pass


@dataclass(frozen=True)
class Pass:
    pass


Move = PlayCard | Place | Build | MoveToken | Lead | Flip | FlipSpecialisation | Pass


# -- views -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FaceDownCard:
    """A face-down card and its space, as only its placer knows it (a secret of that seat)."""

    space: str
    card: Card


@dataclass(frozen=True)
class CellView:
    name: str
    kind: str  # "empty" | "park" | "monument" | "building"
    card: Card | None  # None when the viewer does not know the card (or it is no building)
    face_up: bool
    holder: int  # who holds the card by tokens now (at the end: who gained it), -1 nobody


@dataclass(frozen=True)
class SeatView:
    seat: int
    tokens: int  # unused Nature tokens
    cards: int  # cards left in hand
    specialisation: str  # "" in the standard game
    bonus_side: bool  # the Specialisation card shows its Bonus Points side
    score: int  # final NP, -1 before the end
    gained: int  # cards gained at the end, -1 before


@dataclass(frozen=True)
class ToshiView:
    players: int
    rows: int
    cols: int
    variant: str
    viewer: int | None
    cells: tuple[CellView, ...]
    spots: tuple[int, ...]
    monument_high: bool
    round: int
    phase: str  # the rulebook's name of the phase: Trick, Nature, Construction, Influence (End)
    leader: int
    trick: tuple[Play, ...]
    winner: int
    to_act: tuple[int, ...]
    pending: str
    seats: tuple[SeatView, ...]
    hand: tuple[Card, ...]  # the viewer's own hand (empty for the public and other seats)
    my_face_down: tuple[FaceDownCard, ...]  # the viewer's own face-down cards
    last_text: str
    mark_cells: tuple[int, ...]
    mark_spots: tuple[int, ...]
    over: bool
    winners: tuple[int, ...]
    score_lines: tuple[str, ...]  # the final breakdown, one line per seat
    open_spots: tuple[int, ...] = ()  # spots a token may be placed on or moved to now


# -- state updates ---------------------------------------------------------------------------------
def evolve(state: ToshiState, **changes: Any) -> ToshiState:
    """``dataclasses.replace`` without its per-field overhead (a hot path in playouts).

    The state has no __post_init__ and no derived fields, so copying the attribute dict and
    overriding the changed fields builds exactly the state ``replace`` would."""
    new = object.__new__(ToshiState)
    fields = state.__dict__.copy()
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new
