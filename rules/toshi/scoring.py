"""Final scoring: who gains each card, and each seat's Nature Points with their breakdown."""

from __future__ import annotations

from dataclasses import dataclass

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
from rules.toshi.words import seat_name


@dataclass(frozen=True)
class SeatTally:
    seat: int
    buildings: tuple[Card, ...]
    landmarks: int  # Parks and Monument gained
    majority: int  # share of the 12 NP
    bonus: int  # Specialisation bonus NP
    bonus_label: str
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
        lines = [
            ScoreLine(
                "Buildings " + (" ".join(str(c) for c in t.buildings) or "none"),
                t.building_points,
            ),
            ScoreLine(f"Parks+Monument majority ({t.landmarks} gained)", t.majority),
        ]
        if state.specs[t.seat]:
            side = "bonus side" if state.spec_flipped[t.seat] else "not flipped"
            label = f"{state.specs[t.seat]} ({side}{', ' if t.bonus_label else ''}"
            lines.append(ScoreLine(f"{label}{t.bonus_label})", t.bonus))
        scores.append(SeatScore(t.seat, t.total, tuple(lines)))
    best = max(ranking_key(t) for t in tallies)
    winners = tuple(t.seat for t in tallies if ranking_key(t) == best)
    top = max(t.total for t in tallies)
    extra = []
    if sum(1 for t in tallies if t.total == top) > 1:
        extra.append(
            "Tied on NP: "
            + ", ".join(
                f"{seat_name(t.seat)} {t.unused} unused tokens, {t.gained} cards gained"
                for t in tallies
                if t.total == top
            )
        )
    return Outcome(
        scores=tuple(scores),
        winners=winners,
        reason=f"After {ROUNDS} rounds the city is full; face-down cards are revealed.",
        extra=tuple(extra),
    )


# -- private helpers -------------------------------------------------------------------------------
def _bonus(state: ToshiState, seat: int, buildings: list[Card], landmarks: int) -> tuple[int, str]:
    spec = state.specs[seat]
    if not spec or not state.spec_flipped[seat]:
        return 0, ""
    colours = {card.colour for card in buildings}
    if spec == INFLUENSTAR:
        return INFLUENSTAR_PER_TOKEN * state.supply[seat], f"{state.supply[seat]} unused tokens"
    if spec == PAWNLITICIAN:
        return PAWNLITICIAN_COLOURS.get(len(colours), 0), f"{len(colours)} colours gained"
    if spec == OCTOGEEK:
        return OCTOGEEK_PER_LANDMARK * landmarks, f"{landmarks} Parks/Monument"
    if spec == OVERSEER:
        missing = len(COLOURS) - len(colours)
        return OVERSEER_PER_MISSING[state.players] * missing, f"{missing} colours not gained"
    return 0, "wins complete ties"  # the Builder's bonus works through holder()
