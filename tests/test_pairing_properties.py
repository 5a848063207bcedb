"""Properties of the league pairings (table/pairing.py), over random leagues: no rematch while
one can be avoided (checked against an exhaustive search), byes never twice to one person
while others have none, every table within one seat of the others' size, round robins that
spread meetings evenly, elimination brackets that end in one table."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from table.pairing import (
    Round,
    Shape,
    berger_rounds,
    dutch_round,
    elimination_round,
    meetings_of,
    rematches,
    schedule_rounds,
    tables_by_standing,
)
from table.standings import SWISS, Played, standings

SHAPES = [Shape(2, 2, 2), Shape(3, 3, 5), Shape(4, 2, 4), Shape(3, 3, 4), Shape(5, 3, 5)]


def rematch_free_exists(
    players: Sequence[int], sizes: Sequence[int], met: dict[frozenset[int], int]
) -> bool:
    """Whether the players can sit at tables of ``sizes`` with no pair that met before."""
    if not sizes:
        return not players
    head, rest = players[0], list(players[1:])
    for others in itertools.combinations(rest, sizes[0] - 1):
        table = (head, *others)
        if any(met.get(frozenset(p), 0) for p in itertools.combinations(table, 2)):
            continue
        if rematch_free_exists([p for p in rest if p not in others], sizes[1:], met):
            return True
    return False


def check_sizes(one: Round, shape: Shape) -> None:
    sizes = [len(t) for t in one.tables]
    if sizes:
        assert max(sizes) - min(sizes) <= 1, sizes
        assert shape.least <= min(sizes) and max(sizes) <= shape.most


def play_out(one: Round, rng: random.Random) -> list[Played]:
    out = []
    for table in one.tables:
        ranks = list(range(1, len(table) + 1))
        rng.shuffle(ranks)
        out.append(Played(1, tuple(table), tuple(ranks)))
    return out


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=10),
    shape=st.sampled_from(SHAPES),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_swiss_tables_avoid_rematches_rotate_byes_and_balance_tables(
    count: int, shape: Shape, rounds: int, seed: int
) -> None:
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    history: list[Round] = []
    played: list[Played] = []
    byes: dict[int, int] = {}
    for _ in range(rounds):
        rows = standings(SWISS, players, played, byes, shape.size)
        order = [r.player for r in rows]
        met = meetings_of(t for r in history for t in r.tables)
        one = tables_by_standing(order, shape, met, byes)
        check_sizes(one, shape)
        assert sorted(one.players() + list(one.byes)) == players  # everyone once
        # Byes never twice to one person while another has had none: those who sit out have
        # had no more byes than anyone who plays.
        playing = [q for q in players if q not in one.byes]
        for p in one.byes:
            assert all(byes.get(p, 0) <= byes.get(q, 0) for q in playing)
        # No rematch while one can be avoided.
        sizes = [len(t) for t in one.tables]
        seated = [p for p in order if p not in one.byes]
        if rematch_free_exists(seated, sorted(sizes, reverse=True), met):
            assert rematches(one.tables, met) == 0
        for p in one.byes:
            byes[p] = byes.get(p, 0) + 1
        history.append(one)
        played += play_out(one, rng)


@settings(max_examples=40, deadline=None)
@given(
    count=st.integers(min_value=2, max_value=9),
    rounds=st.integers(min_value=1, max_value=5),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_two_player_swiss_by_the_dutch_engine(count: int, rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    players = list(range(1, count + 1))
    history: list[Round] = []
    points = dict.fromkeys(players, 0.0)
    byes: dict[int, int] = {}
    for number in range(1, rounds + 1):
        met = meetings_of(t for r in history for t in r.tables)
        one = dutch_round(players, number, rounds, history, points)
        check_sizes(one, Shape(2, 2, 2))
        assert sorted(one.players() + list(one.byes)) == players
        assert len(one.byes) == count % 2
        playing = [q for q in players if q not in one.byes]
        for p in one.byes:
            assert all(byes.get(p, 0) <= byes.get(q, 0) for q in playing)
        seated = [p for p in players if p not in one.byes]
        if rematch_free_exists(seated, [2] * (len(seated) // 2), met):
            assert rematches(one.tables, met) == 0
        for p in one.byes:
            byes[p] = byes.get(p, 0) + 1
            points[p] += 1
        for white, black in one.tables:
            points[rng.choice((white, black))] += 1
        history.append(one)


def test_nine_at_tables_of_three_meet_everyone_exactly_once() -> None:
    rounds = schedule_rounds(list(range(1, 10)), Shape(3, 3, 5))
    assert len(rounds) == 4
    met = meetings_of(t for r in rounds for t in r.tables)
    assert len(met) == 36 and set(met.values()) == {1}


@settings(max_examples=30, deadline=None)
@given(count=st.integers(min_value=3, max_value=10), shape=st.sampled_from(SHAPES[1:]))
def test_round_robin_schedules_spread_meetings(count: int, shape: Shape) -> None:
    """Each round of the schedule seats nobody with someone met before while the round could
    be seated without (so meetings spread), and tables stay balanced."""
    rounds = schedule_rounds(list(range(1, count + 1)), shape, attempts=4)
    for index, one in enumerate(rounds):
        check_sizes(one, shape)
        met = meetings_of(t for r in rounds[:index] for t in r.tables)
        seated = sorted(one.players())
        sizes = sorted((len(t) for t in one.tables), reverse=True)
        if rematch_free_exists(seated, sizes, met):
            assert rematches(one.tables, met) == 0


@given(count=st.integers(min_value=2, max_value=12))
@settings(max_examples=11, deadline=None)
def test_berger_everyone_meets_everyone_once(count: int) -> None:
    rounds = berger_rounds(list(range(1, count + 1)))
    met = meetings_of(t for r in rounds for t in r.tables)
    assert len(met) == count * (count - 1) // 2 and set(met.values()) == {1}
    byes = [p for r in rounds for p in r.byes]
    assert len(byes) == len(set(byes))  # a bye never twice


@given(count=st.integers(min_value=5, max_value=40), shape=st.sampled_from(SHAPES))
@settings(max_examples=60, deadline=None)
def test_elimination_reaches_one_table(count: int, shape: Shape) -> None:
    alive = list(range(1, count + 1))
    for _ in range(20):
        one, through = elimination_round(alive, shape)
        check_sizes(one, shape)
        if len(one.tables) == 1 and not one.byes:
            assert len(one.tables[0]) <= shape.most
            return
        alive = [p for t in one.tables for p in t[:through]] + list(one.byes)
        assert len(alive) >= shape.least
    raise AssertionError("the bracket did not end")
