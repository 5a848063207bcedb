"""What Tonari and Friendly Fishing truly share: one boat on a hex board of face-up pieces.

Both games move a single shared boat onto a piece in an adjacent space and give that piece to
the mover; both score each common colour by the triangular set table 1/3/6/10/15/21 (one
colour may be doubled for everyone); both add the left neighbour's catch with 3 or more players
("left" is the next seat in turn order, as play passes clockwise). Both let a collected piece
swap two board spaces, remove one, trade a fish with another player or double a colour (Sense
the Schools / Swap 2 Tiles, Scare it Off / Remove a Tile, Rough Waters / Swap 2 Fish, In Season /
Double Points): those moves, their notation, their legality reasons and the left-neighbour score
live here once. Everything else (Pink jumps, Skipjack lines, Dinkers, majorities, tie rules)
differs and lives in each game's package.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, TypeVar

from i18n.text import N_, T, Text, joined
from rules import rng
from rules.base import Game, HasPlayers, ScoreLine, SeatScore
from rules.errors import IllegalMove, InvalidMove
from rules.hexgrid import HexBoard
from rules.text_input import guard, number, quote

X = TypeVar("X")
S = TypeVar("S", bound=HasPlayers)
M = TypeVar("M")
V = TypeVar("V")

# Points for 0..6 fish of one common colour; more than 6 (never in the boxes) continues the
# same triangular numbers.
SET_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10, 15, 21)


# -- moves shared by both games --------------------------------------------------------------
@dataclass(frozen=True)
class MoveBoat:
    """Move the boat onto the piece at ``to`` (written as the hex label, e.g. ``c3``)."""

    to: int


@dataclass(frozen=True)
class SwapSpaces:
    """Swap the pieces of two board spaces (``a < b``): ``swap c3 f6``."""

    a: int
    b: int


@dataclass(frozen=True)
class RemovePiece:
    """Remove the piece at ``at`` from the board: ``remove c3``."""

    at: int


@dataclass(frozen=True)
class Trade:
    """Give one ``give`` fish to seat ``other`` and take one of their ``take`` fish:
    ``trade red for blue seat 2`` (Tonari's Rough Waters, Friendly Fishing's Swap 2 Fish)."""

    give: Enum
    other: int
    take: Enum


@dataclass(frozen=True)
class Double:
    """``colour`` scores double for everyone: ``double red`` (In Season, Double Points)."""

    colour: Enum


SharedMove = MoveBoat | SwapSpaces | RemovePiece | Trade | Double


# -- the game skeleton both share --------------------------------------------------------------
class OneBoatGame(Game[S, M, V], Generic[S, M, V]):
    """One seat decides at a time (``state.turn``) until the phase named OVER; every illegal
    move gets a specific reason from ``illegal_reason`` followed by examples of legal moves."""

    # The phase each kind of move answers; any other phase refuses it with the pending text.
    move_phases: ClassVar[dict[type, tuple[Enum, ...]]]

    def to_act(self, state: Any) -> tuple[int, ...]:
        return () if state.phase.name == "OVER" else (state.turn,)

    def check(self, state: S, seat: int, move: M) -> None:
        reason = self.phase_reason(state, move) or self.illegal_reason(state, seat, move)
        if reason:
            examples = self.examples(state, self.legal_moves(state, seat))
            raise IllegalMove(joined((reason, examples), " "))

    def phase_reason(self, state: Any, move: M) -> str:
        if state.phase not in self.move_phases[type(move)]:
            return T(
                "`{move}` does not fit now: {pending}.",
                move=self.format(state, move),
                pending=self.pending(state),
            )
        return ""

    def illegal_reason(self, state: S, seat: int, move: M) -> str:
        """Why ``move`` (which fits the phase) is illegal, or "" when it is legal."""
        raise NotImplementedError


# -- scoring -----------------------------------------------------------------------------------
def set_points(count: int) -> int:
    """The set table 1/3/6/10/15/21: the triangular number of ``count``."""
    return count * (count + 1) // 2


# The colours both games score by sets, as players read them (a colour's value is its key).
COLOUR_WORDS: dict[str, str] = {
    "red": N_("Red"),
    "blue": N_("Blue"),
    "yellow": N_("Yellow"),
    "green": N_("Green"),
    "orange": N_("Orange"),
    "purple": N_("Purple"),
    "pink": N_("Pink"),
}


def colour_word(value: str) -> Text:
    """A colour's name as players read it ("Red"): its title-cased value, translated."""
    return Text(COLOUR_WORDS.get(value, value.title()))


def colour_lines(
    counts: Sequence[tuple[str, int]], doubled: str | None, doubler: str
) -> list[ScoreLine]:
    """One score line per collected colour, doubled for the ``doubled`` colour.

    ``counts`` pairs a colour name with how many of it a player holds; ``doubler`` names the
    piece that doubles ("In Season", "Double Points") for the line's label.
    """
    lines: list[ScoreLine] = []
    for name, count in counts:
        if count <= 0:
            continue
        points = set_points(count)
        colour = colour_word(name)
        if name == doubled:
            label = T(
                "{colour} x{count} ({points}, doubled by {doubler})",
                colour=colour,
                count=count,
                points=points,
                doubler=doubler,
            )
            lines.append(ScoreLine(label, 2 * points))
        else:
            lines.append(ScoreLine(T("{colour} x{count}", colour=colour, count=count), points))
    return lines


def seat_label(seat: int) -> str:
    """How the one-boat games' texts name a seat ("Seat 2"): a placeholder's value, never part
    of a message, since the bot finds it in the said text and writes the player's name."""
    return f"Seat {seat + 1}"


def left_of(seat: int, players: int) -> int:
    """The seat to ``seat``'s left: the next in turn order (play passes clockwise)."""
    return (seat + 1) % players


def with_left_neighbour(catches: Sequence[int]) -> tuple[int, ...]:
    """Each seat's catch plus its left neighbour's (the 3+ player final score)."""
    n = len(catches)
    return tuple(catches[i] + catches[left_of(i, n)] for i in range(n))


def seat_scores(own: Sequence[Sequence[ScoreLine]], noun: str) -> tuple[SeatScore, ...]:
    """Every seat's final score from its own lines: with 3 or more players a last line adds the
    left neighbour's own total (``noun`` names it: "fish", "fishing score")."""
    n = len(own)
    catches = [sum(line.points for line in lines) for lines in own]
    scores: list[SeatScore] = []
    for seat in range(n):
        lines = list(own[seat])
        if n > 2:
            left = left_of(seat, n)
            label = T("{seat}'s {noun} (left neighbour)", seat=seat_label(left), noun=noun)
            lines.append(ScoreLine(label, catches[left]))
        scores.append(SeatScore(seat, sum(line.points for line in lines), tuple(lines)))
    return tuple(scores)


def best_seats(scores: Sequence[SeatScore]) -> tuple[int, ...]:
    """Every seat with the highest total."""
    best = max(s.total for s in scores)
    return tuple(s.seat for s in scores if s.total == best)


# -- board and pile edits ----------------------------------------------------------------------
def evolve(state: X, **changes: object) -> X:
    """A copy of the frozen dataclass ``state`` with ``changes`` (a faster dataclasses.replace:
    playouts build thousands of states per second).

    The states have no ``__post_init__`` and no derived fields, so copying the attribute dict
    and overriding the changed fields builds exactly the state ``__init__`` would, without its
    frozen ``object.__setattr__`` per field."""
    new = object.__new__(type(state))
    fields = state.__dict__.copy()
    fields.update(changes)
    object.__setattr__(new, "__dict__", fields)
    return new


def occupied(pieces: Sequence[object | None]) -> list[int]:
    return [i for i, p in enumerate(pieces) if p is not None]


# Every swap move built so far, by its two spaces: a Sense the Schools / Swap 2 Tiles turn lists
# some 800 of them, and building the frozen moves anew each time was a playout's main cost.
_SWAPS: dict[tuple[int, int], SwapSpaces] = {}


def swap_pairs(pieces: Sequence[object | None]) -> list[SwapSpaces]:
    """Every swap of two occupied spaces, in a stable order."""
    full = occupied(pieces)
    swaps = _SWAPS
    out = []
    for k, a in enumerate(full):
        for b in full[k + 1 :]:
            move = swaps.get((a, b))
            if move is None:
                move = swaps[(a, b)] = SwapSpaces(a, b)
            out.append(move)
    return out


def random_swap(pieces: Sequence[object | None], draw: random.Random) -> SwapSpaces:
    """``swap_pairs(pieces)[rng.below(draw, len(...))]`` (a uniform playout's pick among the
    swaps), found without listing them."""
    full = occupied(pieces)
    n = len(full)
    index = rng.below(draw, n * (n - 1) // 2)
    for k in range(n - 1):
        after = n - 1 - k  # the pairs whose first space is full[k]
        if index < after:
            a, b = full[k], full[k + 1 + index]
            move = _SWAPS.get((a, b))
            if move is None:
                move = _SWAPS[(a, b)] = SwapSpaces(a, b)
            return move
        index -= after
    raise AssertionError("unreachable: index < n * (n - 1) / 2")


# Every boat move built so far, by its target space (built once: listed at every turn).
_BOAT_MOVES: dict[int, MoveBoat] = {}


def boat_moves(spaces: Sequence[int]) -> list[MoveBoat]:
    """``[MoveBoat(t) for t in spaces]``, from moves built once."""
    known = _BOAT_MOVES
    out = []
    for to in spaces:
        move = known.get(to)
        if move is None:
            move = known[to] = MoveBoat(to)
        out.append(move)
    return out


def swapped(pieces: tuple[X | None, ...], a: int, b: int) -> tuple[X | None, ...]:
    out = list(pieces)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def replaced(items: tuple[X, ...], index: int, value: X) -> tuple[X, ...]:
    return (*items[:index], value, *items[index + 1 :])


def pile_add(
    piles: tuple[tuple[int, ...], ...], seat: int, kind: int, delta: int = 1
) -> tuple[tuple[int, ...], ...]:
    """Piles (per seat, a count per kind) with ``delta`` of ``kind`` added to ``seat``."""
    pile = piles[seat]
    return replaced(piles, seat, replaced(pile, kind, pile[kind] + delta))


def pile_trade(
    piles: tuple[tuple[int, ...], ...], seat: int, give: int, other: int, take: int
) -> tuple[tuple[int, ...], ...]:
    """``seat`` gives one ``give`` to ``other`` and takes one ``take`` from them."""
    piles = pile_add(piles, seat, give, -1)
    piles = pile_add(piles, other, give, +1)
    piles = pile_add(piles, other, take, -1)
    return pile_add(piles, seat, take, +1)


def edited(
    pieces: tuple[X | None, ...],
    piles: tuple[tuple[int, ...], ...],
    seat: int,
    move: SwapSpaces | RemovePiece | Trade,
    index: dict[Any, int],
) -> tuple[tuple[X | None, ...], tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """(pieces, piles, hexes to mark) after a swap, a removal or a trade by ``seat``."""
    if isinstance(move, SwapSpaces):
        return swapped(pieces, move.a, move.b), piles, (move.a, move.b)
    if isinstance(move, RemovePiece):
        return replaced(pieces, move.at, None), piles, (move.at,)
    traded = pile_trade(piles, seat, index[move.give], move.other, index[move.take])
    return pieces, traded, ()


def trade_options(
    piles: tuple[tuple[int, ...], ...], seat: int, tradable: Sequence[int]
) -> list[tuple[int, int, int]]:
    """Every (give, other, take) trade of one tradable kind for another tradable one, like for
    like included: games.md (Clarifications) allows red for red; it changes nothing, and so is
    how a player keeps their fish when the swap itself is not optional."""
    mine = [k for k in tradable if piles[seat][k] > 0]
    out: list[tuple[int, int, int]] = []
    for give in mine:
        for other in range(len(piles)):
            if other == seat:
                continue
            for take in tradable:
                if piles[other][take] > 0:
                    out.append((give, other, take))
    return out


# -- legality reasons ---------------------------------------------------------------------------
def pieces_reason(
    board: HexBoard, pieces: Sequence[object | None], move: SwapSpaces | RemovePiece, noun: str
) -> str:
    """Why a swap or removal is illegal (``noun``: "token", "tile"), or ""."""
    spaces = (move.a, move.b) if isinstance(move, SwapSpaces) else (move.at,)
    if len(set(spaces)) < len(spaces):
        return T("A swap needs two different spaces holding a {noun}.", noun=noun)
    for i in spaces:
        if pieces[i] is None:
            if isinstance(move, RemovePiece):
                return T("{space} holds no {noun} to remove.", space=board.label(i), noun=noun)
            return T(
                "{space} holds no {noun}: both swapped spaces must hold one.",
                space=board.label(i),
                noun=noun,
            )
    return ""


def trade_reason(
    piles: Sequence[Sequence[int]],
    seat: int,
    move: Trade,
    index: dict[Any, int],
    tradable: Sequence[Enum],
    action: str,
) -> str:
    """Why a trade is illegal, or "" (``action`` names the piece: "Rough Waters")."""
    for kind in (move.give, move.take):
        if kind not in tradable:
            names = joined((kind_name(k) for k in tradable), ", ")
            return T(
                "{action} cannot trade {kind}: only {names}.",
                action=action,
                kind=kind_name(kind),
                names=names,
            )
    if move.other == seat:
        return T("{action} trades with another player, not with yourself.", action=action)
    if piles[seat][index[move.give]] == 0:
        return T("You have no {kind} to give.", kind=kind_name(move.give))
    if piles[move.other][index[move.take]] == 0:
        return T("{seat} has no {kind}.", seat=seat_label(move.other), kind=kind_name(move.take))
    return ""


def kind_name(kind: Enum | None) -> Text:
    """A piece as players read it ("Red fish", "Crayfish", "Scare it Off"): each game's piece
    enum names itself through a ``label`` property (a Text, or an English str said as is)."""
    if kind is None:
        return T("nothing")
    # The shared moves hold a plain Enum; ``label`` is each game's own member property (Tile,
    # Token), which a plain Enum cannot declare without changing the moves' field types.
    label = kind.label  # type: ignore[attr-defined]
    return label if isinstance(label, Text) else joined((str(label),), "")


def a_kind(kind: Enum | None) -> Text:
    """A piece with its indefinite article: "a Red fish", "an Orange fish"."""
    name = kind_name(kind)
    if name[:1].lower() in "aeiou":
        return T("an {kind}", kind=name)
    return T("a {kind}", kind=name)


# -- notation ----------------------------------------------------------------------------------
WORDS = re.compile(r"[a-z0-9]+")
LABEL = re.compile(r"[a-z][0-9]{1,2}")  # what a hex label looks like, on the board or not
# Words players add around a move's parts ("swap c3 and f6", "trade my red for seat 2's blue").
FILLER = frozenset(
    {"a", "and", "for", "from", "my", "on", "s", "seat", "the", "their", "to", "with"}
)


def words(text: str) -> list[str]:
    """Lower-case words of a move text (punctuation and extra spaces ignored)."""
    return WORDS.findall(text.lower())


@dataclass(frozen=True)
class Notation:
    """How one of the two games writes the moves they share.

    ``verbs`` maps each shared move type to the words that start it (the first is canonical);
    a bare hex label means moving the boat.
    """

    game: str
    help: str
    verbs: dict[type, tuple[str, ...]]
    tradable: tuple[Enum, ...]
    doublable: tuple[Enum, ...]

    def parse(self, board: HexBoard, players: int, text: str) -> SharedMove | None:
        """The shared move ``text`` writes, None if it starts with none of their words, or
        InvalidMove quoting the text when the words after a known verb do not fit. Text longer
        than any move is refused before it is read."""
        parts = words(guard(text, f"{self.game} move"))
        if not parts:
            raise self.unreadable(text)
        head = parts[0]
        rest = [w for w in parts[1:] if w not in FILLER]
        kinds = [k for k, verbs in self.verbs.items() if head in verbs]
        if not kinds:
            if len(parts) == 1 and LABEL.fullmatch(head):
                return MoveBoat(hex_of(board, head, text, self.help))
            return None
        for kind in kinds:  # a verb may start two moves ("swap c3 f6", "swap red for blue 2")
            if kind is MoveBoat and len(rest) == 1:
                return MoveBoat(hex_of(board, rest[0], text, self.help))
            if kind is SwapSpaces and len(rest) == 2:
                a, b = (hex_of(board, w, text, self.help) for w in rest)
                return SwapSpaces(min(a, b), max(a, b))
            if kind is RemovePiece and len(rest) == 1:
                return RemovePiece(hex_of(board, rest[0], text, self.help))
            if kind is Double and len(rest) == 1:
                return Double(kind_of(rest[0], self.doublable, text))
            if kind is Trade and len(rest) == 3:
                # The seat may stand anywhere ("trade red for seat 2's blue"); the kinds keep
                # their order, given first.
                at = next((i for i, w in enumerate(rest) if w.isdigit()), 2)  # ASCII: see WORDS
                seat = seat_of(rest[at], players, text)
                give, take = (kind_of(w, self.tradable, text) for w in rest[:at] + rest[at + 1 :])
                return Trade(give, seat, take)
        raise self.unreadable(text)

    def format(self, board: HexBoard, move: SharedMove) -> str:
        if isinstance(move, MoveBoat):
            return board.label(move.to)
        verb = self.verbs[type(move)][0]
        if isinstance(move, SwapSpaces):
            return f"{verb} {board.label(move.a)} {board.label(move.b)}"
        if isinstance(move, RemovePiece):
            return f"{verb} {board.label(move.at)}"
        if isinstance(move, Trade):
            return f"{verb} {move.give.value} for {move.take.value} seat {move.other + 1}"
        return f"{verb} {move.colour.value}"

    def unreadable(self, text: str) -> InvalidMove:
        return InvalidMove(
            T(
                "`{text}` is not a {game} move. {help}",
                text=quote(text),
                game=self.game,
                help=self.help,
            )
        )


def kind_of(word: str, allowed: Sequence[Enum], text: str) -> Enum:
    """The kind a word names: its full name, a plural, or a prefix no other allowed kind shares
    ("r", "cray", "pu"); otherwise InvalidMove listing the allowed names."""
    for kind in allowed:
        if word in (kind.value, f"{kind.value}s"):
            return kind
    matches = [kind for kind in allowed if str(kind.value).startswith(word)]
    if len(matches) == 1:
        return matches[0]
    names = ", ".join(str(k.value) for k in allowed)
    typed, shown = quote(text), quote(word, 20)
    if matches:
        raise InvalidMove(
            T(
                "`{text}`: `{word}` could be several of: {names}.",
                text=typed,
                word=shown,
                names=names,
            )
        )
    raise InvalidMove(
        T("`{text}`: `{word}` is not one of: {names}.", text=typed, word=shown, names=names)
    )


def hex_of(board: HexBoard, word: str, text: str, help_text: str) -> int:
    """The cell a label names, or InvalidMove quoting the text and the notation."""
    index = board.find(word)
    if index is None:
        raise InvalidMove(
            T(
                "`{text}`: `{word}` is not a space on this board. {help}",
                text=quote(text),
                word=quote(word, 20),
                help=help_text,
            )
        )
    return index


def seat_of(word: str, players: int, text: str) -> int:
    """A seat written 1..n (as the pictures show it), returned 0-based. Only a few ASCII digits
    are read (``number``): a 5,000-digit seat is refused, not handed to ``int``."""
    seat = number(word)
    if seat is None or not 1 <= seat <= players:
        raise InvalidMove(
            T(
                "`{text}`: `{word}` is not a seat number (1-{players}).",
                text=quote(text),
                word=quote(word, 20),
                players=players,
            )
        )
    return seat - 1
