"""The contract every game implements, and the plain data it shares with the rest of the bot.

A game answers the same few questions (as in OpenSpiel and boardgame.io): how it is set up, who
must decide now, which moves are legal, what a move does, what each viewer may see, how it ended,
and how moves are written as text. States and moves are frozen plain data; a state carries its own
seed, so a match replays move by move from its log. ``apply`` checks the common conditions (game
over, whose turn) and the game's own legality, then builds a *new* state: inputs never change.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from i18n.text import TN, T, Text
from rules import rng, serial
from rules.errors import GameOver, IllegalMove, InvalidMove, NotYourTurn
from rules.text_input import SHORT_QUOTE_CHARS, option_text, quote

Seat = int


class HasPlayers(Protocol):
    """What the contract reads of every game's state: how many seats it has."""

    @property
    def players(self) -> int: ...


S = TypeVar("S", bound=HasPlayers)  # the game's state
M = TypeVar("M")  # the game's move
V = TypeVar("V")  # the game's view (what a renderer may draw)

# How many legal moves an "illegal move" message quotes as examples.
EXAMPLES_IN_ERRORS = 8
# The letter each seat's pieces carry in the pictures (never colour alone).
SEAT_LETTERS = "ABCDE"
# How many suggestions autocomplete shows (Discord's limit).
SUGGESTIONS = 25


def narrow(texts: Sequence[str], typed: str, limit: int = SUGGESTIONS) -> list[str]:
    """The texts matching what was typed: prefix matches first, then those holding every
    typed word, in their given order; at most ``limit``."""
    words = typed.lower().split()
    if not words:
        return list(texts[:limit])
    text = typed.lower().strip()
    prefix = [t for t in texts if t.lower().startswith(text)]
    if len(prefix) >= limit:
        return prefix[:limit]
    chosen = set(prefix)
    rest = [t for t in texts if t not in chosen and all(w in t.lower() for w in words)]
    return (prefix + rest)[:limit]


@dataclass(frozen=True)
class OptionSpec:
    """One setup option offered at ``/<game> new``.

    ``choices`` is the closed set of values (shown as a pick list, 25 at most). An empty
    ``choices`` means free text, which the game validates in ``Game.check_options``.
    """

    key: str
    description: str
    choices: tuple[str, ...]
    default: str


@dataclass(frozen=True)
class GameSpec:
    """What the bot needs to know about a game before any match exists."""

    key: str  # command group and registry key, e.g. "tokan"
    name: str  # display name, e.g. "TOKAN"
    min_players: int
    max_players: int
    rules_text: str  # the short summary shown by /<game> rules, readings included
    move_help: str  # the notation, in one or two lines
    options: tuple[OptionSpec, ...] = ()
    hidden_information: bool = False  # private views exist and go by DM

    def option(self, key: str) -> OptionSpec:
        for spec in self.options:
            if spec.key == key:
                return spec
        raise KeyError(key)

    def resolve_options(self, given: Mapping[str, str]) -> dict[str, str]:
        """Defaults filled in, free text with its whitespace collapsed (it is kept and shown
        publicly); raises InvalidMove with the allowed values on a bad option, quoting at most
        a short piece of what was typed."""
        resolved = {o.key: o.default for o in self.options}
        for key, value in given.items():
            try:
                spec = self.option(key)
            except KeyError:
                # The option keys are typed as they are: they stay in the placeholder.
                known: str = ", ".join(o.key for o in self.options) or T("none")
                raise InvalidMove(
                    T(
                        "{game} has no option `{option}` (options: {known}).",
                        game=self.name,
                        option=quote(key, SHORT_QUOTE_CHARS),
                        known=known,
                    )
                ) from None
            if spec.choices and value not in spec.choices:
                raise InvalidMove(
                    T(
                        "`{value}` is not a choice for {option}; choose one of: {allowed}.",
                        value=quote(value, SHORT_QUOTE_CHARS),
                        option=key,
                        allowed=", ".join(spec.choices),
                    )
                )
            resolved[key] = value if spec.choices else option_text(value, key)
        return resolved


@dataclass(frozen=True)
class ScoreLine:
    """One entry of a score breakdown, e.g. ("Towers 4+3", 7)."""

    label: str
    points: int


@dataclass(frozen=True)
class SeatScore:
    seat: Seat
    total: int
    breakdown: tuple[ScoreLine, ...] = ()


@dataclass(frozen=True)
class Outcome:
    """How a game ended: every seat's score with its breakdown, the winners, and why it ended."""

    scores: tuple[SeatScore, ...]
    winners: tuple[Seat, ...]  # several on a shared win, none on a draw nobody wins
    reason: str
    extra: tuple[str, ...] = field(default=())  # tie-break explanations and the like


class Game(ABC, Generic[S, M, V]):
    """One game's rules. Subclasses are stateless; every method is a pure function."""

    spec: ClassVar[GameSpec]
    state_type: ClassVar[type]
    schema_version: ClassVar[int] = 1

    # -- the questions every game answers ------------------------------------------------
    @abstractmethod
    def setup(self, players: int, options: Mapping[str, str], seed: int) -> S:
        """The starting state. ``options`` are already resolved against ``spec.options``."""

    @abstractmethod
    def to_act(self, state: S) -> tuple[Seat, ...]:
        """The seats that may decide now; () when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S, seat: Seat) -> Sequence[M]:
        """Every legal move of ``seat`` now, in a stable order; empty if it may not act."""

    @abstractmethod
    def play(self, state: S, seat: Seat, move: M) -> S:
        """The state after a move that ``check`` has accepted."""

    @abstractmethod
    def view(self, state: S, viewer: Seat | None) -> V:
        """What ``viewer`` may see (None: the public board). Never holds another seat's secret."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over, else None."""

    @abstractmethod
    def parse(self, state: S, text: str) -> M:
        """The move written as ``text``, or InvalidMove quoting the text and the notation."""

    @abstractmethod
    def format(self, state: S, move: M) -> str:
        """The canonical text of ``move``; ``parse(state, format(state, m)) == m``."""

    @abstractmethod
    def describe(self, before: S, seat: Seat, move: M, after: S) -> str:
        """The move in words for the public channel. Must not reveal any secret."""

    @abstractmethod
    def pending(self, state: S) -> str:
        """The decision now awaited, in words fit for the public channel ("move a tile")."""

    # -- shared behaviour ------------------------------------------------------------------
    def apply(self, state: S, seat: Seat, move: M) -> S:
        """A new state after ``seat`` plays ``move``, or a PlayerError saying why not."""
        if self.outcome(state) is not None:
            raise GameOver(T("This game is over; no more moves are accepted."))
        if seat not in self.to_act(state):
            raise NotYourTurn(
                T("It is not your turn: waiting for {pending}.", pending=self.pending(state))
            )
        self.check(state, seat, move)
        return self.play(state, seat, move)

    def check(self, state: S, seat: Seat, move: M) -> None:
        """Raise IllegalMove unless ``move`` is legal. Games override to explain precisely."""
        legal = self.legal_moves(state, seat)
        if move in legal:
            return
        raise IllegalMove(
            T(
                "`{move}` is not allowed now. {examples}",
                move=self.format(state, move),
                examples=self.examples(state, legal),
            )
        )

    def examples(self, state: S, legal: Sequence[M]) -> Text:
        """A sentence quoting a few legal moves, for error messages."""
        if not legal:
            return T("You have no legal move.")
        # The moves are notation, each in its code span: the placeholder holds them all.
        shown = ", ".join(f"`{self.format(state, m)}`" for m in legal[:EXAMPLES_IN_ERRORS])
        hidden = len(legal) - EXAMPLES_IN_ERRORS
        if hidden > 0:
            return TN(
                "Legal now: {moves} and {count} more.",
                "Legal now: {moves} and {count} more.",
                hidden,
                moves=shown,
            )
        return T("Legal now: {moves}.", moves=shown)

    def suggest(self, state: S, seat: Seat, typed: str, limit: int = SUGGESTIONS) -> list[str]:
        """Legal moves of ``seat`` as text, narrowed by what the player typed (autocomplete).

        Games whose move lists can be huge (Tonga Bonga's wage pairs) override this to build
        only the suggestions that match, so an answer stays within milliseconds.
        """
        texts = [self.format(state, m) for m in self.legal_moves(state, seat)]
        return narrow(texts, typed, limit)

    def forced_move(self, state: S) -> tuple[Seat, M] | None:
        """The seat and its move when the game leaves no choice: exactly one seat must act and
        it has exactly one legal move. The service plays such a move for the player and only
        announces it (no ping). None when the game is over or someone has a real choice.

        Games whose move lists are costly to build may override this with a cheaper test.
        """
        if self.outcome(state) is not None:
            return None
        seats = self.to_act(state)
        if len(seats) != 1:
            return None
        legal = self.legal_moves(state, seats[0])
        if len(legal) != 1:
            return None
        return seats[0], legal[0]

    def private_text(self, state: S, seat: Seat) -> str | None:
        """The seat's secret information as text (their hand), or None in open games."""
        return None

    def check_options(self, players: int, options: Mapping[str, str]) -> None:
        """Raise InvalidMove if these options cannot be played with ``players`` seats.

        Called when a match starts (the player count is known only then) and by ``setup``'s
        callers before it; the message says what to change.
        """

    def playout_move(self, state: S, seat: Seat, draw: random.Random) -> M:
        """A move for random playouts (tests, benchmarks): uniform unless a game needs a goal.

        Games whose uniformly random play never ends (Tonga Bonga) override this with a simple
        goal-directed policy; it must still return one of ``legal_moves``.
        """
        legal = self.legal_moves(state, seat)
        return legal[rng.below(draw, len(legal))]

    def secrets(self, state: S, seat: Seat) -> frozenset[Any]:
        """The values only ``seat`` may see (their cards, their face-down card), as the plain
        objects a view would hold. The contract tests walk every other seat's view and the public
        view and fail if one of these appears there. Open games keep the empty default."""
        return frozenset()

    def reveals(self, before: S, seat: Seat, move: M, after: S) -> bool:
        """Whether ``move`` showed anything unknown before it: a die rolled, a card drawn or
        turned, a secret shown to anyone. A fair undo (Board Game Arena's rule) takes back only
        moves that reveal nothing. The default assumes the worst, so a game that does not say
        offers no undo; games override it with their own cases."""
        return True

    def describe_private(self, before: S, seat: Seat, move: M, after: S) -> str:
        """The move in words for its own player, who may see what the public wording hides
        (the face-down card they built). Open games keep the public wording."""
        return self.describe(before, seat, move, after)

    def seat_name(self, seat: Seat) -> str:
        """How messages name a seat, with the letter its pieces carry in the pictures; games
        with seat colours (TOKAN) override it."""
        return f"Seat {seat + 1} ({SEAT_LETTERS[seat]})"

    def players(self, state: S) -> int:
        """How many seats the game has."""
        return int(state.players)

    def dump_state(self, state: S) -> dict[str, Any]:
        return {"schema": self.schema_version, "state": serial.dump(state)}

    def load_state(self, data: Mapping[str, Any]) -> S:
        if data.get("schema") != self.schema_version:
            raise ValueError(
                f"{self.spec.key} state schema {data.get('schema')} is not {self.schema_version}"
            )
        state: S = serial.load(self.state_type, data["state"])
        return state

    # -- computer players ----------------------------------------------------------------------
    def sample_state(
        self, view: V, seat: Seat, public_log: Sequence[tuple[Seat, str]], draw: random.Random
    ) -> S:
        """A full state that ``seat`` cannot tell from the true one (a determinisation).

        Built only from what the seat knows: its ``view`` and the ``public_log`` of the match,
        ``(seat, move text)`` pairs from the start with secrets redacted (see each game's
        ``rules/<key>/sample.py``). What the seat cannot see (other hands, face-down cards) is
        drawn from ``draw``, and the state gets a fresh seed, so future dice and draws are
        sampled, not known. Each game's sampler lives in ``rules/<key>/sample.py``.
        """
        import importlib  # here, so this method stays one hunk of its own

        sampler = importlib.import_module(f"rules.{self.spec.key}.sample")
        state: S = sampler.sample_state(view, seat, public_log, draw)
        return state

    # -- buttons ----------------------------------------------------------------------------------
    def button_label(self, state: S, move: M) -> str:
        """The text on a button (or select option) that plays ``move``: the move's notation by
        default; games whose notation names only a place override it to say what is taken there
        ("d3: Red")."""
        return self.format(state, move)


# Any game, for code that serves every game alike (the table, storage, the bot).
AnyGame = Game[Any, Any, Any]
