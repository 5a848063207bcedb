"""Toshi Tōshi determinisation for computer players (information-set sampling).

A seat knows its own hand and face-down cards, every card played to a trick (public: each was
played face up), every face-up card and the whole token board. It does not know the other
hands, nor which trick card another winner built face down. The sample is drawn so:

* the bookkeeping of the round (Nature queue, builds made, bonus actions taken, the next
  leader, an owed Influenstar token) is rebuilt exactly by replaying ``public_log``, the
  match's ``(seat, move text)`` entries from the start, through the rules' own ``play``;
* each face-down card the seat cannot see is drawn among the cards of the trick it was built
  from that no one built face up (the only cards it can be);
* the other hands are dealt from the cards never played and not in the seat's hand, each seat
  getting as many as it holds (with 3 or 4 players the rest stays out of the game, as in the
  box).

The public log never carries a face-down card: ``public_text`` writes ``build G3 down c4`` as
``build card down c4``, and the replay ignores any card written in a face-down build anyway.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.toshi.construction import trick_cards_left
from rules.toshi.data import COLOURS, VALUES
from rules.toshi.grid import geometry
from rules.toshi.model import Build, Card, Cell, ToshiState, ToshiView, evolve

SEED_RANGE = 2**53  # fresh seeds are drawn with random() alone (see rules/rng.py)
ALL_CARDS: tuple[Card, ...] = tuple(Card(c, v) for c in COLOURS for v in VALUES)
PLAYED = re.compile(r"^play\s+([rbgpy])(\d{1,2})$", re.IGNORECASE)
BUILT_DOWN = re.compile(
    r"^build\s+(\S+)\s+(?:face[\s-]?)?down\s+(?:on\s+)?([a-z]\d+)$", re.IGNORECASE
)
HIDDEN_CARD = "card"  # what a redacted face-down build names instead of its card


def public_text(text: str) -> str:
    """A move text as every seat may read it: a face-down build loses its card."""
    found = BUILT_DOWN.match(text.strip())
    if found is None:
        return text
    return f"build {HIDDEN_CARD} down {found.group(2).lower()}"


@dataclass(frozen=True)
class HiddenBuild:
    """A face-down card the seat cannot see: its space, the cards it may be, and whether it was
    built this round (then it is also among the round's ``built`` cards)."""

    cell: int
    candidates: tuple[Card, ...]
    this_round: bool


def card_order(card: Card) -> tuple[int, int]:
    """How hands are sorted (as dealt by ``setup``): colour, then value."""
    return (COLOURS.index(card.colour), card.value)


def prepare(
    view: ToshiView, seat: int, public_log: Sequence[tuple[int, str]]
) -> Callable[[random.Random], ToshiState]:
    """A sampler of states consistent with ``view`` and the log; the replay is done once."""
    from rules.toshi.game import ToshiToshi  # the game module imports this one's package

    game = ToshiToshi()
    geo = geometry(view.rows, view.cols)
    known = {i: c.card for i, c in enumerate(view.cells) if c.card is not None}
    seen = set(known.values())
    played: dict[int, list[Card]] = {s: [] for s in range(view.players)}
    for who, text in public_log:
        found = PLAYED.match(text.strip())
        if found:
            played[who].append(Card(found.group(1).upper(), int(found.group(2))))
    all_played = {card for cards in played.values() for card in cards}
    mine = tuple(view.hand)
    unseen = [c for c in ALL_CARDS if c not in all_played and c not in mine]
    sizes = [view.seats[s].cards for s in range(view.players)]

    # The replay: each seat starts with what it played plus what it holds now (the others'
    # current hands are placeholders here; every sample deals them anew).
    start = game.setup(view.players, {"variant": view.variant}, 0)
    pool = iter(unseen)
    hands = []
    for s in range(view.players):
        now = mine if s == seat else tuple(next(pool) for _ in range(sizes[s]))
        hands.append(tuple(sorted((*played[s], *now), key=card_order)))
    state = evolve(
        start,
        hands=tuple(hands),
        specs=tuple(line.specialisation for line in view.seats),
        leader=public_log[0][0] if public_log else view.leader,
    )
    hidden: list[HiddenBuild] = []
    for who, text in public_log:
        down = BUILT_DOWN.match(text.strip())
        if down is None:
            move = game.parse(state, text)
        else:
            cell = geo.cell_by_name[down.group(2).lower()]
            left = trick_cards_left(state)
            if cell in known:
                card = known[cell]
            else:
                options = tuple(c for c in left if c not in seen)
                hidden.append(HiddenBuild(cell, options, state.round == view.round))
                card = options[0]
            move = Build(card, False, cell)
        state = game.play(state, who, move)
    _check(state, view)
    skeleton = state
    others = [s for s in range(view.players) if s != seat]

    def sample(draw: random.Random) -> ToshiState:
        deck = list(unseen)
        hands = list(skeleton.hands)
        for s in others:
            dealt = []
            for _ in range(sizes[s]):
                dealt.append(deck.pop(int(draw.random() * len(deck))))
            hands[s] = tuple(sorted(dealt, key=card_order))
        cells = list(skeleton.cells)
        built = list(skeleton.built)
        for h in hidden:
            old = cells[h.cell]
            assert old is not None and old.card is not None
            card = h.candidates[int(draw.random() * len(h.candidates))]
            cells[h.cell] = Cell(old.kind, card, old.face_up, old.placer)
            if h.this_round and old.card in built:
                built[built.index(old.card)] = card
        return evolve(
            skeleton,
            seed=int(draw.random() * SEED_RANGE),
            hands=tuple(hands),
            cells=tuple(cells),
            built=tuple(built),
        )

    return sample


def sample_state(
    view: ToshiView, seat: int, public_log: Sequence[tuple[int, str]], draw: random.Random
) -> ToshiState:
    return prepare(view, seat, public_log)(draw)


def _check(state: ToshiState, view: ToshiView) -> None:
    """The replayed log must lead to the viewed table; else the log is not this match's."""
    from rules.toshi.game import PHASE_NAMES  # the view names phases as the rulebook does

    if (
        state.round != view.round
        or PHASE_NAMES[state.phase] != view.phase
        or state.trick != view.trick
        or state.spots != view.spots
        or state.supply != tuple(line.tokens for line in view.seats)
    ):
        raise ValueError("the public log does not lead to the viewed position")
