"""A league's standings, computed from its results alone (pure: the same results, the same
table, so the standings after any step can be recomputed from what is stored).

Points: a table's rank points, one for each player finished ahead of, half for each tied with,
so a two-player match is the usual 1, ½, 0 for a win, a draw, a loss, and a table of three
gives 2, 1, 0. A bye scores what an average seat at a full table would: 1 in two-player
leagues (the FIDE pairing-allocated bye), ``(size - 1) / 2`` at tables of three to five.

Tie-breaks, named per format: Swiss ranks equal points by Buchholz Cut 1 (the points of every
opponent met, the weakest one left out), then Buchholz; round robin by head to head (the rank
points earned against those tied, at the tables shared with them), then score (the game's own
points summed); elimination by the round reached, then the place at the last table played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from i18n.text import N_

SWISS, ROUND_ROBIN, ELIMINATION = "swiss", "roundrobin", "elimination"
FORMATS = (SWISS, ROUND_ROBIN, ELIMINATION)
# Labels people read, marked for the catalogue (plain strings: a command's choices and a
# table's column heads take them as they are; they are translated where they are shown).
FORMAT_NAMES = {
    SWISS: N_("Swiss"),
    ROUND_ROBIN: N_("round robin"),
    ELIMINATION: N_("single elimination"),
}
TIEBREAKS = {
    SWISS: (N_("Buchholz Cut 1"), N_("Buchholz")),
    ROUND_ROBIN: (N_("Head to head"), N_("Score")),
    ELIMINATION: (N_("Round reached"), N_("Last place")),
}


@dataclass(frozen=True)
class Played:
    """One league match that ended: its round, players by seat, each seat's rank (1 best,
    ties sharing) and the game's own score per seat (None where unknown)."""

    round: int
    players: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[int | None, ...] = ()

    def points(self, seat: int) -> float:
        mine = self.ranks[seat]
        beaten = sum(1 for r in self.ranks if r > mine)
        tied = sum(1 for r in self.ranks if r == mine) - 1
        return beaten + 0.5 * tied


@dataclass(frozen=True)
class Row:
    place: int
    player: int
    points: float
    tiebreaks: tuple[float, ...]
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    withdrawn: bool = False


def bye_points(size: int) -> float:
    return 1.0 if size == 2 else (size - 1) / 2


def standings(
    fmt: str,
    players: Sequence[int],
    played: Sequence[Played],
    byes: Mapping[int, int],
    size: int,
    withdrawn: frozenset[int] = frozenset(),
) -> list[Row]:
    """Everyone who signed up (``players``, in sign-up order: the last resort of a tie), best
    first. ``byes``: how many byes each had."""
    points: dict[int, float] = {p: bye_points(size) * byes.get(p, 0) for p in players}
    wins = dict.fromkeys(players, 0)
    draws = dict.fromkeys(players, 0)
    losses = dict.fromkeys(players, 0)
    count = dict.fromkeys(players, 0)
    opponents: dict[int, list[int]] = {p: [] for p in players}
    score: dict[int, float] = dict.fromkeys(players, 0.0)
    reached: dict[int, int] = dict.fromkeys(players, 0)
    last_place: dict[int, int] = dict.fromkeys(players, 0)
    for match in played:
        for seat, p in enumerate(match.players):
            if p not in points:
                continue
            points[p] += match.points(seat)
            count[p] += 1
            opponents[p] += [q for q in match.players if q != p]
            if seat < len(match.scores) and match.scores[seat] is not None:
                score[p] += float(match.scores[seat] or 0)
            best = min(match.ranks)
            if match.ranks[seat] == best and match.ranks.count(best) == 1:
                wins[p] += 1
            elif match.ranks[seat] == best:
                draws[p] += 1
            else:
                losses[p] += 1
            if match.round >= reached[p]:
                reached[p] = match.round
                last_place[p] = match.ranks[seat]

    def tiebreaks(p: int) -> tuple[float, ...]:
        if fmt == SWISS:
            theirs = sorted(points.get(q, 0.0) for q in opponents[p])
            total = sum(theirs)
            return (total - (theirs[0] if theirs else 0.0), total)
        if fmt == ROUND_ROBIN:
            tied = {q for q in players if points[q] == points[p]}
            return (head_to_head(p, tied, played), score[p])
        return (float(reached[p] + byes.get(p, 0)), float(-last_place[p]))

    keys = {p: tiebreaks(p) for p in players}
    signed = {p: i for i, p in enumerate(players)}

    def order(p: int) -> tuple[float, ...]:
        if fmt == ELIMINATION:  # the round reached decides; points follow
            return (-keys[p][0], -keys[p][1], -points[p], signed[p])
        return (-points[p], *(-k for k in keys[p]), signed[p])

    ranked = sorted(players, key=order)
    rows: list[Row] = []
    for index, p in enumerate(ranked):
        place = index + 1
        if index and order(ranked[index - 1])[:-1] == order(p)[:-1]:
            place = rows[-1].place  # equal on points and every tie-break: the same place
        rows.append(
            Row(
                place=place,
                player=p,
                points=points[p],
                tiebreaks=keys[p],
                played=count[p],
                wins=wins[p],
                draws=draws[p],
                losses=losses[p],
                byes=byes.get(p, 0),
                withdrawn=p in withdrawn,
            )
        )
    return rows


def head_to_head(player: int, tied: set[int], played: Sequence[Played]) -> float:
    """The rank points ``player`` earned against the others of ``tied`` at shared tables."""
    total = 0.0
    for match in played:
        if player not in match.players:
            continue
        mine = match.ranks[match.players.index(player)]
        for seat, other in enumerate(match.players):
            if other == player or other not in tied:
                continue
            theirs = match.ranks[seat]
            total += 1.0 if theirs > mine else 0.5 if theirs == mine else 0.0
    return total


def points_text(value: float) -> str:
    """1, 1½, ½: points as people write them."""
    whole = int(value)
    half = abs(value - whole) >= 0.25
    if whole == 0 and half:
        return "½"
    return f"{whole}{'½' if half else ''}"
