"""Ratings: openskill's Plackett-Luce over finished matches between people, per server and
across servers; ranks from winners, scores, resignations and computer-played seats; derived
data that a rebuild from the results reproduces exactly."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest
from openskill.models import PlackettLuce

from data.results import MatchResult
from rules.registry import GAMES
from table.match import outcome_record
from table.ratings import GLOBAL, RatingTable, ranks, rate, rated
from tests.history.support import playout


def result(
    match_id: int,
    players: tuple[int, ...],
    winners: tuple[int, ...] = (),
    scores: tuple[int | None, ...] = (),
    guild: int | None = 1,
    game: str = "toshi",
    **more: object,
) -> MatchResult:
    return MatchResult(
        match_id=match_id,
        game=game,
        guild_id=guild,
        finished=match_id,
        players=players,
        winners=winners,
        scores=scores,
        **more,  # type: ignore[arg-type]
    )


# -- ranks -------------------------------------------------------------------------------------
def test_a_single_winner_then_the_others_by_score() -> None:
    assert ranks(result(1, (10, 11, 12, 13), (2,), (30, 41, 44, 12))) == [3, 2, 1, 4]


def test_winners_share_rank_one_even_below_another_score() -> None:
    # A Kingfish win (Friendly Fishing) can come with fewer points than another player's.
    assert ranks(result(1, (10, 11, 12), (1,), (40, 15, 33))) == [2, 1, 3]
    assert ranks(result(1, (10, 11, 12, 13, 14), (0, 3), (20, 18, 18, 20, 5))) == [1, 3, 3, 1, 5]


def test_a_draw_with_no_winner_is_a_shared_rank_by_score() -> None:
    assert ranks(result(1, (10, 11), (), (12, 12))) == [1, 1]
    assert ranks(result(1, (10, 11, 12), (), (12, 12, 3))) == [1, 1, 3]


def test_resigned_and_computer_played_seats_rank_last_together() -> None:
    # A resignation: the others share the win (table.service.MatchService.resign).
    assert ranks(result(1, (10, 11, 12), (0, 2), (None, None, None), resigned=(1,))) == [1, 3, 1]
    played_for = result(1, (10, 11, 12, 13), (3,), (9, 8, 7, 6), computer_played=(3, 0))
    assert ranks(played_for) == [3, 1, 2, 3]  # a computer-played seat cannot win
    both = result(1, (10, 11, 12), (1,), (5, 9, 7), resigned=(0,), computer_played=(2,))
    assert ranks(both) == [2, 1, 2]


def test_unknown_scores_rank_after_known_ones() -> None:
    assert ranks(result(1, (10, 11, 12, 13), (0,), (9, None, 3, 4))) == [1, 4, 3, 2]


def test_cancelled_and_computer_player_matches_do_not_count() -> None:
    assert rated(result(1, (10, 11), (0,), (3, 2)))
    assert not rated(result(1, (10, 11), (0,), (3, 2), status="cancelled"))
    assert not rated(result(1, (10, 11), (0,), (3, 2), computer_players=(1,)))
    assert not rated(result(1, (10,), (0,), (3,)))
    table = rate(
        [
            result(1, (10, 11), (0,), (3, 2), status="cancelled"),
            result(2, (10, 11), (0,), (3, 2), computer_players=(1,)),
        ]
    )
    assert table.tables == {}
    assert rated(result(3, (10, 11), (0,), (3, 2), computer_played=(1,)))  # a timeout: it counts


# -- against openskill itself ------------------------------------------------------------------
# Finished matches of 2 to 5 players with ties and shared wins, in two servers. The ranks are
# written out by hand here (not computed by ``ranks``) for openskill's own computation.
RESULTS = [
    (result(1, (1, 2), (0,), (16, 12), guild=7), [1, 2]),
    (result(2, (3, 1, 2), (1,), (20, 31, 20), guild=7), [2, 1, 2]),  # a tie behind the winner
    (result(3, (4, 3, 2, 1), (0, 2), (40, 12, 40, 7), guild=8), [1, 3, 1, 4]),  # shared win
    (result(4, (5, 4, 3, 2, 1), (4,), (10, 20, 20, 30, 44), guild=7), [5, 3, 3, 2, 1]),
    (result(5, (2, 5), (), (9, 9), guild=8), [1, 1]),  # a draw
    (  # a resignation (the others share the win) and a seat the computer played for
        result(
            6, (1, 2, 3, 4, 5), (0, 2, 3), (None,) * 5, guild=7, resigned=(1,), computer_played=(4,)
        ),
        [1, 4, 1, 1, 4],
    ),
    (result(7, (3, 5, 1), (0,), (5, 9, 7), guild=8, resigned=(1,)), [1, 3, 2]),
]


def test_results_are_ranked_as_written_out() -> None:
    for r, expected in RESULTS:
        assert ranks(r) == expected, r.match_id


def expected_with_openskill(results: list[tuple[MatchResult, list[int]]]) -> dict:
    """openskill's own PlackettLuce().rate over the same matches, scope by scope."""
    model = PlackettLuce()
    ratings: dict[tuple[object, int], object] = {}
    for r, order in results:
        for scope in (r.guild_id, GLOBAL):
            teams = [[ratings.get((scope, u)) or model.rating()] for u in r.players]
            new = model.rate(teams, ranks=order)
            for u, [rating] in zip(r.players, new, strict=True):
                ratings[(scope, u)] = rating
    return {key: (r.mu, r.sigma) for key, r in ratings.items()}  # type: ignore[attr-defined]


def test_ratings_equal_openskills_own_computation() -> None:
    results = [(r, order) for r, order in RESULTS]
    table = rate(r for r, _ in results)
    expected = expected_with_openskill(results)
    got = {
        (scope, user): (p.mu, p.sigma)
        for (game, scope), players in table.tables.items()
        for user, p in players.items()
    }
    assert got.keys() == expected.keys()
    for key, (mu, sigma) in expected.items():
        assert got[key] == pytest.approx((mu, sigma), rel=1e-12), key


def test_ties_and_shared_wins_move_equal_players_equally() -> None:
    table = rate([result(1, (1, 2, 3, 4), (0, 1), (10, 10, 4, 4))])
    one, two, three, four = (table.rating("toshi", u) for u in (1, 2, 3, 4))
    assert one and two and three and four
    assert (one.mu, one.sigma) == (two.mu, two.sigma)
    assert (three.mu, three.sigma) == (four.mu, four.sigma)
    assert one.mu > 25 > three.mu


def test_counts_per_server_and_across_servers() -> None:
    table = rate(r for r, _ in RESULTS)
    user1_g7 = table.rating("toshi", 1, 7)
    user1_all = table.rating("toshi", 1)
    assert user1_g7 is not None and user1_all is not None
    assert (user1_g7.matches, user1_all.matches) == (4, 6)
    assert user1_all.wins == 4  # matches 1, 2 and 4 alone, 6 shared
    board = table.leaderboard("toshi", 7)
    assert [row.place for row in board] == list(range(1, len(board) + 1))
    assert [row.rating for row in board] == sorted((row.rating for row in board), reverse=True)
    assert {row.user_id for row in board} == {1, 2, 3, 4, 5}
    stats = table.stats(1, 7)
    assert [(s.game, s.matches, s.wins) for s in stats] == [("toshi", 4, user1_g7.wins)]
    series = table.series("toshi", [1, 2])
    assert [t for t, _ in series[1]] == [1, 2, 3, 4, 6, 7]
    assert series[1][-1][1] == pytest.approx(user1_all.ordinal)


# -- derived data ------------------------------------------------------------------------------
def test_rebuilding_from_the_results_gives_the_same_table_as_adding_them_one_by_one() -> None:
    draw = random.Random(5)
    results = []
    for match_id in range(1, 80):
        size = draw.randint(2, 5)
        people = tuple(draw.sample(range(1, 12), size))
        scores = tuple(draw.randint(0, 8) for _ in range(size))
        best = max(scores)
        winners = tuple(s for s in range(size) if scores[s] == best)
        results.append(
            result(
                match_id,
                people,
                winners,
                scores,
                guild=draw.choice((1, 2, None)),
                game=draw.choice(("toshi", "tonga")),
                status=draw.choice(("finished",) * 9 + ("cancelled",)),
            )
        )
    incremental = RatingTable()
    for r in results:  # as the bot would, one finished match at a time
        incremental.add(r)
    shuffled = results[:]
    draw.shuffle(shuffled)
    assert rate(shuffled) == incremental
    assert rate(shuffled).snapshot() == incremental.snapshot()
    assert incremental.leaderboard("tonga") == rate(results).leaderboard("tonga")


def test_adding_an_older_or_repeated_result_is_refused() -> None:
    table = RatingTable()
    table.add(result(5, (1, 2), (0,), (2, 1)))
    with pytest.raises(ValueError, match="already rated"):
        table.add(result(5, (1, 2), (0,), (2, 1)))
    with pytest.raises(ValueError, match="rebuild"):
        table.add(result(4, (1, 2), (0,), (2, 1)))


def test_from_a_stored_record_of_a_finished_and_a_resigned_match() -> None:
    game = GAMES["tonga"]
    played = playout(game, 3, seed=4)
    outcome = game.outcome(played.final)
    assert outcome is not None
    stored = outcome_record(outcome)  # what table.service saves with the finished match
    r = MatchResult.from_record(
        match_id=3,
        game="tonga",
        guild_id=9,
        finished="2026-05-01T10:00:00+00:00",
        players=(100, 200, 300),
        status="finished",
        result=stored,
    )
    assert r.finished == datetime(2026, 5, 1, 10, tzinfo=UTC)
    assert r.winners == outcome.winners
    assert r.scores == tuple(s.total for s in outcome.scores)
    resigned = MatchResult.from_record(
        match_id=4,
        game="tonga",
        guild_id=9,
        finished="2026-05-02T10:00:00+00:00",
        players=(100, 200, 300),
        status="finished",
        result={"reason": "seat 2 resigned", "winners": [0, 2], "resigned": 1},
    )
    assert ranks(resigned) == [1, 3, 1]
    table = rate([r, resigned])
    assert table.rating("tonga", 200, 9) is not None
    assert [p.matches for p in table.tables[("tonga", GLOBAL)].values()] == [2, 2, 2]
