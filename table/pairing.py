"""Pairings for leagues and tournaments: who sits at which table in a round. Pure: plain ids in,
tables out, no I/O, no clock, deterministic for the same input.

Two-player Swiss rounds are paired by a maintained FIDE Dutch engine (``caissify-pairings``,
cross-checked against the FIDE-endorsed bbpPairings); two-player round robins use its Berger
tables. What no library provides is written here: tables of three to five (Swiss by standing,
round-robin schedules that spread meetings evenly, elimination tables), and the fall-back when
the Dutch engine finds no pairing without a rematch (it then gives everyone a bye).

The search for a round's tables is one branch-and-bound: players in standing order, the best
placed unseated player opens the next table and picks its companions, the cost of a round being
first how many pairs at a table have met before (weighted by how often, so meetings spread),
then how far apart in the standings a table's players are. The first table of cost zero in
standing order is taken at once; a search that finds none looks further within a node budget
and keeps the cheapest found.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from caissify_pairings import generate_pairings  # type: ignore[import-untyped]

# How many partial rounds the search may look at before it keeps the best found so far (the
# greedy round, or better): enough to find a round without rematches when there is one in
# the leagues the property tests check exhaustively (up to ten players), and a bound on the
# time of a large league's round (bench/pairing.py: under a third of a second at 64 players).
NODE_BUDGET = 50_000

Meetings = Mapping[frozenset[int], int]  # how often two players have met at a table


@dataclass(frozen=True)
class Round:
    """One round's tables (each a tuple of player ids, in seat order) and its byes."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()

    def players(self) -> list[int]:
        return [p for table in self.tables for p in table]


@dataclass(frozen=True)
class Shape:
    """How big a league's tables are: ``size`` wanted, ``least``/``most`` the game allows.
    Tables may be smaller or bigger than ``size`` when the count needs it (within what the game
    allows: fewer byes come first); every table of a round is within one seat of the others."""

    size: int
    least: int
    most: int

    def sizes(self, count: int) -> tuple[list[int], int]:
        """The table sizes for ``count`` players, biggest first, and how many sit out (byes):
        the fewest byes, then tables closest to ``size``."""
        for byes in range(count + 1):
            seated = count - byes
            if seated == 0:
                return [], byes
            options = []
            for tables in range(1, seated + 1):
                base, extra = divmod(seated, tables)
                sizes = [base + 1] * extra + [base] * (tables - extra)
                if min(sizes) < self.least or max(sizes) > self.most:
                    continue
                spread = sum(abs(s - self.size) for s in sizes)
                options.append((spread, -min(sizes), sizes))
            if options:
                return min(options)[2], byes
        return [], count


def meetings_of(tables: Iterable[Sequence[int]]) -> dict[frozenset[int], int]:
    """How often each pair of players sat at one table, over ``tables``."""
    met: dict[frozenset[int], int] = {}
    for table in tables:
        for a, b in itertools.combinations(table, 2):
            key = frozenset((a, b))
            met[key] = met.get(key, 0) + 1
    return met


def rematches(tables: Iterable[Sequence[int]], met: Meetings) -> int:
    """Pairs sitting together again in ``tables`` (each counted by how often they had met)."""
    return sum(met.get(frozenset(pair), 0) for t in tables for pair in itertools.combinations(t, 2))


def choose_byes(order: Sequence[int], count: int, byes: Mapping[int, int]) -> list[int]:
    """Who sits out: those with the fewest byes so far, the lowest in the standings first (so a
    bye never goes to someone twice while another has had none)."""
    ranked = sorted(
        range(len(order)), key=lambda i: (byes.get(order[i], 0), -i)
    )  # fewest byes, then lowest placed
    return [order[i] for i in ranked[:count]]


@dataclass
class _Search:
    order: list[int]
    sizes: list[int]
    met: Meetings
    budget: int
    nodes: int = 0
    best: tuple[tuple[int, int], list[tuple[int, ...]]] | None = None
    place: dict[int, int] = field(default_factory=dict)

    def run(self) -> list[tuple[int, ...]]:
        self.place = {p: i for i, p in enumerate(self.order)}
        self.best = self._greedy()  # a good round at once: the search only improves on it
        if self.best[0][0] > 0:
            self._go(list(self.order), 0, [], (0, 0))
        return self.best[1]

    def _greedy(self) -> tuple[tuple[int, int], list[tuple[int, ...]]]:
        """Each table opened by the best placed player left, who is joined one by one by
        whoever has met the table least (the best placed of those)."""
        left = list(self.order)
        tables: list[tuple[int, ...]] = []
        total = (0, 0)
        for size in self.sizes:
            table = [left.pop(0)]
            while len(table) < size:
                pick = min(
                    left,
                    key=lambda p: (
                        sum(self.met.get(frozenset((p, q)), 0) ** 2 for q in table),
                        self.place[p],
                    ),
                )
                left.remove(pick)
                table.append(pick)
            cost = self._cost(table)
            total = (total[0] + cost[0], total[1] + cost[1])
            tables.append(tuple(table))
        return total, tables

    def _cost(self, table: Sequence[int]) -> tuple[int, int]:
        again = sum(
            self.met.get(frozenset(pair), 0) ** 2 for pair in itertools.combinations(table, 2)
        )
        places = [self.place[p] for p in table]
        return again, max(places) - min(places)

    def _go(
        self,
        left: list[int],
        index: int,
        made: list[tuple[int, ...]],
        cost: tuple[int, int],
    ) -> bool:
        """True when the search may stop (a round with no rematch in standing order)."""
        self.nodes += 1
        if self.best is not None and cost[0] > self.best[0][0]:
            return False
        if self.best is not None and cost[0] == self.best[0][0] and cost[0] > 0:
            return False  # as many rematches as the best: the first found stays
        if index == len(self.sizes):
            if self.best is None or cost < self.best[0]:
                self.best = (cost, list(made))
            return cost[0] == 0
        head, rest = left[0], left[1:]
        for others in itertools.combinations(rest, self.sizes[index] - 1):
            if self.nodes > self.budget and self.best is not None:
                return True
            table = (head, *others)
            step = self._cost(table)
            remaining = [p for p in rest if p not in others]
            if self._go(
                remaining, index + 1, [*made, table], (cost[0] + step[0], cost[1] + step[1])
            ):
                return True
        return False


def tables_by_standing(
    order: Sequence[int],
    shape: Shape,
    met: Meetings,
    byes: Mapping[int, int],
    budget: int = NODE_BUDGET,
) -> Round:
    """A Swiss round of tables: ``order`` is the standings, best first. Byes (when the count
    does not fill tables) rotate; then tables are filled in standing order avoiding rematches
    while any arrangement avoids them."""
    sizes, bye_count = shape.sizes(len(order))
    sitting_out = choose_byes(order, bye_count, byes)
    seated = [p for p in order if p not in sitting_out]
    if not sizes:
        return Round((), tuple(sitting_out))
    tables = _Search(seated, sizes, met, budget).run()
    return Round(tuple(tables), tuple(sitting_out))


def dutch_round(
    order: Sequence[int],
    round_number: int,
    total_rounds: int,
    history: Sequence[Round],
    points: Mapping[int, float],
) -> Round:
    """A two-player Swiss round by the FIDE Dutch system (``caissify-pairings``). ``order`` is
    the starting rank (initial pairing numbers), ``history`` the rounds paired so far (the
    first seat of a table is White), ``points`` the standings' scores. When the engine finds no
    pairing within its absolute criteria (a rematch cannot be avoided, or a second bye would be
    needed) it answers with several byes: then the tables are searched here instead, allowing
    the fewest rematches."""
    colours: dict[int, list[str]] = {p: [] for p in order}
    floats: dict[int, list[str]] = {p: [] for p in order}
    bye_count: dict[int, int] = {p: 0 for p in order}
    before: dict[int, float] = {p: 0.0 for p in order}
    previous: set[tuple[int, int]] = set()
    for past in history:
        for table in past.tables:
            if len(table) != 2:
                continue
            white, black = table
            previous.add((white, black))
            for p, colour in ((white, "white"), (black, "black")):
                if p in colours:
                    colours[p].append(colour)
            up_down = _floats(before.get(white, 0.0), before.get(black, 0.0))
            for p, flo in zip((white, black), up_down, strict=True):
                if p in floats:
                    floats[p].append(flo)
        for p in past.byes:
            if p in colours:
                colours[p].append("none")
                floats[p].append("down")
                bye_count[p] += 1
        # The scores before the next round (for its floats) are those of the standings then;
        # the standings handed in are the latest, which is what the last round needs.
    for p in order:
        before[p] = float(points.get(p, 0.0))
    players = [
        {
            "id": p,
            "name": str(p),
            "score": float(points.get(p, 0.0)),
            "rating": 0,
            "starting_number": number,
            "color_hist": colours[p],
            "float_history": floats[p],
            "bye_count": bye_count[p],
        }
        for number, p in enumerate(order, start=1)
    ]
    try:
        paired = generate_pairings(
            system="dutch",
            players=players,
            previous_pairings=previous,
            round_number=round_number,
            total_rounds=max(total_rounds, round_number),
            max_byes_per_player=1,
        )
    except Exception:  # any failure of the engine: the search below pairs the round
        paired = []
    tables = tuple(
        (int(row["white_id"]), int(row["black_id"])) for row in paired if not row.get("bye")
    )
    byes = tuple(int(row["white_id"]) for row in paired if row.get("bye"))
    fallback = (
        not paired
        or len(byes) > len(order) % 2
        or any(bye_count[b] > min(bye_count.values()) for b in byes)
    )
    if fallback:
        ranked = sorted(order, key=lambda p: -float(points.get(p, 0.0)))
        met = meetings_of(t for past in history for t in past.tables)
        return tables_by_standing(ranked, Shape(2, 2, 2), met, bye_count)
    return Round(tables, byes)


def _floats(white: float, black: float) -> tuple[str, str]:
    if white > black:
        return "down", "up"
    if white < black:
        return "up", "down"
    return "none", "none"


def berger_rounds(players: Sequence[int]) -> list[Round]:
    """A two-player round robin: everyone meets everyone once (FIDE Berger tables, by the
    library); with an odd count, each round's odd one out has the bye."""
    people = [
        {
            "id": p,
            "name": str(p),
            "score": 0.0,
            "rating": 0,
            "starting_number": n,
            "color_hist": [],
            "float_history": [],
            "bye_count": 0,
        }
        for n, p in enumerate(players, start=1)
    ]
    count = len(players) - 1 if len(players) % 2 == 0 else len(players)
    rounds = []
    for number in range(1, count + 1):
        paired = generate_pairings(
            system="round_robin",
            players=people,
            previous_pairings=set(),
            round_number=number,
            total_rounds=count,
        )
        tables = tuple(
            (int(r["white_id"]), int(r["black_id"]))
            for r in paired
            if not r.get("bye") and r.get("black_id") is not None
        )
        seated = {p for t in tables for p in t}
        rounds.append(Round(tables, tuple(p for p in players if p not in seated)))
    return rounds


def schedule_rounds(
    players: Sequence[int], shape: Shape, attempts: int = 6, budget: int = 3_000
) -> list[Round]:
    """A round robin of tables of three to five: enough rounds that each player could meet
    every other once, ``ceil((n - 1) / (size - 1))``, each round's tables searched to avoid
    meetings already made (so they spread evenly: in a count that allows it, such as nine
    players at tables of three, everyone meets everyone exactly once). Several deterministic
    orders are tried; the schedule with the fewest repeated meetings, then the fewest pairs
    that never meet, is kept."""
    if shape.size == 2:
        return berger_rounds(players)
    count = len(players)
    rounds_needed = max(1, math.ceil((count - 1) / max(1, shape.size - 1)))
    best: tuple[tuple[int, int], list[Round]] | None = None
    for attempt in range(attempts):
        order = _shuffled(list(players), attempt)
        made: list[Round] = []
        byes: dict[int, int] = {}
        for _ in range(rounds_needed):
            met = meetings_of(t for r in made for t in r.tables)
            one = tables_by_standing(_rotate(order, len(made)), shape, met, byes, budget)
            for p in one.byes:
                byes[p] = byes.get(p, 0) + 1
            made.append(one)
        met = meetings_of(t for r in made for t in r.tables)
        repeated = sum(v - 1 for v in met.values() if v > 1)
        never = count * (count - 1) // 2 - len(met)
        key = (repeated, never)
        if best is None or key < best[0]:
            best = (key, made)
        if key == (0, 0):
            break
    assert best is not None
    return best[1]


def _rotate(order: list[int], by: int) -> list[int]:
    if not order:
        return order
    by %= len(order)
    return order[by:] + order[:by]


def _shuffled(items: list[int], salt: int) -> list[int]:
    """A deterministic reordering (no randomness in the pure pairing): attempt 0 keeps the
    order; later ones sort by a simple hash of position and salt."""
    if salt == 0:
        return items
    return [
        x
        for _, x in sorted(
            ((i * 2654435761 + salt * 40503) % 1000003, x) for i, x in enumerate(items)
        )
    ]


def elimination_round(order: Sequence[int], shape: Shape) -> tuple[Round, int]:
    """An elimination round: ``order`` the seeds, best first, spread over the tables so the
    best meet last (seed 1 at table 1, seed 2 at table 2, …, snaking back); and how many of
    each table go through (enough that the next round can seat a table). One table when
    everyone fits at one."""
    count = len(order)
    if count <= shape.most:
        return Round((tuple(order),)), 1
    sizes, bye_count = shape.sizes(count)
    byes = tuple(order[:bye_count])  # the best seeds go through without playing
    seated = list(order[bye_count:])
    tables: list[list[int]] = [[] for _ in sizes]
    snake = itertools.cycle([*range(len(sizes)), *reversed(range(len(sizes)))])
    for p in seated:
        for index in snake:
            if len(tables[index]) < sizes[index]:
                tables[index].append(p)
                break
    through = max(1, math.ceil((shape.least - len(byes)) / len(tables)))
    return Round(tuple(tuple(t) for t in tables), byes), through


def advancing(
    tables: Sequence[Sequence[int]], placed: Callable[[int], int], through: int
) -> list[int]:
    """The players who go through from an elimination round's tables: the top ``through`` of
    each table by ``placed`` (a player's rank at their table, 1 best; ties by seat order)."""
    out: list[int] = []
    for table in tables:
        ranked = sorted(table, key=lambda p: (placed(p), table.index(p)))
        out += ranked[:through]
    return out
