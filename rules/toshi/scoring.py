"""Final scoring: who gains each card, and each seat's Nature Points with their breakdown."""

from __future__ import annotations

from dataclasses import dataclass

from i18n.text import TN, T, Text, joined
from rules.base import Outcome, ScoreLine, SeatScore
from rules.toshi.data import (
    BUILDER,
    COLOURS,
    INFLUENSTAR,
    INFLUENSTAR_PER_TOKEN,
    MAJORITY_SPLIT,
    OCTOGEEK,
    OCTOGEEK_PER_LANDMARK,
    OVERSEER,
    OVERSEER_PER_MISSING,
    PAWNLITICIAN,
    PAWNLITICIAN_COLOURS,
    ROUNDS,
)
from rules.toshi.grid import Geometry, geometry
from rules.toshi.model import Card, ToshiState
from rules.toshi.words import seat_name, spec_name


@dataclass(frozen=True)
class SeatTally:
    seat: int
    buildings: tuple[Card, ...]
    landmarks: int  # Parks and Monument gained
    majority: int  # share of the 12 NP
    bonus: int  # Specialisation bonus NP
    bonus_label: str  # a Text but for the empty label of no bonus
    unused: int

    @property
    def building_points(self) -> int:
        return sum(card.value for card in self.buildings)

    @property
    def total(self) -> int:
        return self.building_points + self.majority + self.bonus

    @property
    def gained(self) -> int:
        return len(self.buildings) + self.landmarks


def holder(
    spots: tuple[int, ...], geo: Geometry, cell: int, players: int, builder: int = -1
) -> int:
    """The seat that gains ``cell`` by its connected tokens, or -1 if nobody does.

    Most tokens on the card's 9 spots wins; among the tied, the one on the middle; then the most
    on the sides; a Builder with its Bonus side up (``builder``) wins the complete ties it is in.
    """
    counts = [0] * players
    for spot in geo.cell_spots[cell]:
        owner = spots[spot]
        if owner >= 0:
            counts[owner] += 1
    best = max(counts)
    if best == 0:
        return -1
    tied = [seat for seat in range(players) if counts[seat] == best]
    if len(tied) == 1:
        return tied[0]
    middle = spots[geo.centre[cell]]
    if middle in tied:
        return middle
    sides = [0] * players
    for spot in geo.side_spots[cell]:
        owner = spots[spot]
        if owner >= 0:
            sides[owner] += 1
    most = max(sides[seat] for seat in tied)
    tied = [seat for seat in tied if sides[seat] == most]
    if len(tied) == 1:
        return tied[0]
    return builder if builder in tied else -1


def holders(state: ToshiState) -> tuple[int, ...]:
    """Who holds each filled space now (-1: nobody or an empty space)."""
    geo = geometry(state.rows, state.cols)
    builder = bonus_seat(state, BUILDER)
    return tuple(
        -1 if cell is None else holder(state.spots, geo, index, state.players, builder)
        for index, cell in enumerate(state.cells)
    )


def bonus_seat(state: ToshiState, name: str) -> int:
    """The seat whose Specialisation ``name`` shows its Bonus Points side, or -1."""
    for seat, spec in enumerate(state.specs):
        if spec == name and state.spec_flipped[seat]:
            return seat
    return -1


def tally(state: ToshiState) -> tuple[SeatTally, ...]:
    """Every seat's final tally (all face-down cards count by their face value)."""
    owners = holders(state)
    buildings: list[list[Card]] = [[] for _ in range(state.players)]
    landmarks = [0] * state.players
    for cell, owner in zip(state.cells, owners, strict=True):
        if owner < 0 or cell is None:
            continue
        if cell.kind == "building" and cell.card is not None:
            buildings[owner].append(cell.card)
        else:
            landmarks[owner] += 1
    most = max(landmarks)
    leaders = [seat for seat in range(state.players) if most > 0 and landmarks[seat] == most]
    share = MAJORITY_SPLIT[len(leaders)] if leaders else 0
    out = []
    for seat in range(state.players):
        bonus, label = _bonus(state, seat, buildings[seat], landmarks[seat])
        out.append(
            SeatTally(
                seat=seat,
                buildings=tuple(sorted(buildings[seat])),
                landmarks=landmarks[seat],
                majority=share if seat in leaders else 0,
                bonus=bonus,
                bonus_label=label,
                unused=state.supply[seat],
            )
        )
    return tuple(out)


def ranking_key(t: SeatTally) -> tuple[int, int, int]:
    """Most NP, then most unused tokens, then most cards gained; equal keys share the win."""
    return (t.total, t.unused, t.gained)


def final_outcome(state: ToshiState) -> Outcome:
    """Every seat's NP with its breakdown, the winners after the tie-breaks, and why."""
    tallies = tally(state)
    scores = []
    for t in tallies:
        if t.buildings:
            cards = " ".join(str(c) for c in t.buildings)
            buildings = T("Buildings {cards}", cards=cards)
        else:
            buildings = T("Buildings none")
        lines = [
            ScoreLine(buildings, t.building_points),
            ScoreLine(T("Parks+Monument majority ({count} gained)", count=t.landmarks), t.majority),
        ]
        if state.specs[t.seat]:
            lines.append(ScoreLine(_spec_label(state, t), t.bonus))
        scores.append(SeatScore(t.seat, t.total, tuple(lines)))
    best = max(ranking_key(t) for t in tallies)
    winners = tuple(t.seat for t in tallies if ranking_key(t) == best)
    top = max(t.total for t in tallies)
    extra = []
    if sum(1 for t in tallies if t.total == top) > 1:
        tied = (
            T(
                "{seat} {unused} unused tokens, {gained} cards gained",
                seat=seat_name(t.seat),
                unused=t.unused,
                gained=t.gained,
            )
            for t in tallies
            if t.total == top
        )
        extra.append(T("Tied on NP: {seats}", seats=joined(tied, ", ")))
    return Outcome(
        scores=tuple(scores),
        winners=winners,
        reason=T(
            "After {rounds} rounds the city is full; face-down cards are revealed.", rounds=ROUNDS
        ),
        extra=tuple(extra),
    )


# -- private helpers -------------------------------------------------------------------------------
def _spec_label(state: ToshiState, t: SeatTally) -> Text:
    """A Specialisation's score line: which side is up, and what its bonus counted."""
    spec = spec_name(state.specs[t.seat])
    if not state.spec_flipped[t.seat]:
        return T("{spec} (not flipped)", spec=spec)
    if t.bonus_label:
        return T("{spec} (bonus side, {bonus})", spec=spec, bonus=t.bonus_label)
    return T("{spec} (bonus side)", spec=spec)


# The counted labels read the same in English either way; the plural forms let other
# languages say "1 token" and "2 tokens" as they do.
def _bonus(state: ToshiState, seat: int, buildings: list[Card], landmarks: int) -> tuple[int, str]:
    spec = state.specs[seat]
    if not spec or not state.spec_flipped[seat]:
        return 0, ""
    colours = {card.colour for card in buildings}
    if spec == INFLUENSTAR:
        unused = state.supply[seat]
        label = TN("{count} unused tokens", "{count} unused tokens", unused)
        return INFLUENSTAR_PER_TOKEN * unused, label
    if spec == PAWNLITICIAN:
        label = TN("{count} colours gained", "{count} colours gained", len(colours))
        return PAWNLITICIAN_COLOURS.get(len(colours), 0), label
    if spec == OCTOGEEK:
        label = TN("{count} Parks/Monument", "{count} Parks/Monument", landmarks)
        return OCTOGEEK_PER_LANDMARK * landmarks, label
    if spec == OVERSEER:
        missing = len(COLOURS) - len(colours)
        label = TN("{count} colours not gained", "{count} colours not gained", missing)
        return OVERSEER_PER_MISSING[state.players] * missing, label
    return 0, T("wins complete ties")  # the Builder's bonus works through holder()
