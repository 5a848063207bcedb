"""Ratings per game, per server and across all servers, derived from stored match results.

openskill's Plackett-Luce model (Weng-Lin): every player starts at mu 25, sigma 25/3; a finished
match between people updates each player from the match's ranks, in which ties share a rank, so
a shared win or a draw needs nothing special, and 3-5 players are one update. The displayed
rating is openskill's ordinal (mu - 3 sigma), which rises as the system grows sure of a player.

Ratings are derived data: ``rate(results)`` rebuilds the whole table from the results alone, in
finish order, and gives exactly what adding them one by one (``RatingTable.add``) gives.
Cancelled matches and matches with a computer player do not count; a seat that resigned or that
the computer played for (time ran out) ranks last. Pure: no I/O, no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from data.former import is_former
from data.results import FINISHED, MatchResult, Moment
from i18n.text import T

GLOBAL = "global"  # the scope across all servers; a server's scope is its guild id
Scope = int | str


def rated(result: MatchResult) -> bool:
    """Whether the match counts: finished, between people only, two of them at least."""
    return (
        result.status == FINISHED
        and not result.computer_players
        and len(result.players) >= 2
        and len(set(result.players)) == len(result.players)
    )


def ranks(result: MatchResult) -> list[int]:
    """Each seat's rank, 1 best, ties sharing (1, 1, 3): the winners share rank 1; the others
    follow by score (equal scores share; an unknown score after every known one); seats that
    resigned or were played by the computer come last, together. A computer-played seat
    cannot win even if listed as a winner."""
    last = set(result.resigned) | set(result.computer_played)
    winners = set(result.winners) - last

    def key(seat: int) -> tuple[int, float]:
        if seat in last:
            return (3, 0.0)
        if seat in winners:
            return (0, 0.0)
        score = result.scores[seat] if seat < len(result.scores) else None
        return (1, -float(score)) if score is not None else (2, 0.0)

    keys = [key(seat) for seat in range(len(result.players))]
    return [1 + sum(other < mine for other in keys) for mine in keys]


@dataclass
class PlayerRating:
    """One player's rating for one game in one scope, with their record there."""

    user_id: int
    mu: float
    sigma: float
    matches: int = 0
    wins: int = 0
    history: list[tuple[Moment, float]] = field(default_factory=list)  # ordinal after each match

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True)
class LeaderboardRow:
    place: int
    user_id: int
    rating: float  # the ordinal, mu - 3 sigma
    mu: float
    sigma: float
    matches: int
    wins: int


@dataclass(frozen=True)
class StatsRow:
    """A user's record in one game (one scope)."""

    game: str
    matches: int
    wins: int
    rating: float
    mu: float
    sigma: float
    place: int  # on that game's leaderboard in the scope
    players: int  # how many are on it


def ordinal(mu: float, sigma: float) -> float:
    """openskill's ordinal: a rating the player is very likely above."""
    return mu - 3 * sigma


class RatingTable:
    """Every rating, by (game, scope) and user. Add results in finish order (``rate`` sorts)."""

    def __init__(self, model: PlackettLuce | None = None) -> None:
        self.model = model or PlackettLuce()
        self.tables: dict[tuple[str, Scope], dict[int, PlayerRating]] = {}
        self._last: tuple[Moment, int] | None = None
        self._seen: set[int] = set()

    def add(self, result: MatchResult) -> bool:
        """Update the ratings with one result; False if the match does not count. A result
        older than one already added is refused (rebuild with ``rate`` instead)."""
        if result.match_id in self._seen:
            raise ValueError(f"match {result.match_id} is already rated")
        if self._last is not None and result.order < self._last:
            raise ValueError(
                f"match {result.match_id} finished before the last one rated: rebuild the table"
            )
        self._seen.add(result.match_id)
        self._last = result.order
        if not rated(result):
            return False
        order: list[float] = list(ranks(result))  # openskill reads ranks as numbers
        winners = set(result.winners) - set(result.resigned) - set(result.computer_played)
        scopes: list[Scope] = [GLOBAL] if result.guild_id is None else [result.guild_id, GLOBAL]
        for scope in scopes:
            table = self.tables.setdefault((result.game, scope), {})
            people = [self._player(table, user) for user in result.players]
            teams = [[self.model.rating(mu=p.mu, sigma=p.sigma)] for p in people]
            new = self.model.rate(teams, ranks=order)
            for seat, (person, [rating]) in enumerate(zip(people, new, strict=True)):
                person.mu, person.sigma = rating.mu, rating.sigma
                person.matches += 1
                person.wins += seat in winners
                person.history.append((result.finished, person.ordinal))
        return True

    def _player(self, table: dict[int, PlayerRating], user: int) -> PlayerRating:
        if user not in table:
            table[user] = PlayerRating(user, self.model.mu, self.model.sigma)
        return table[user]

    # -- reading -------------------------------------------------------------------------------
    def rating(self, game: str, user: int, scope: Scope = GLOBAL) -> PlayerRating | None:
        return self.tables.get((game, scope), {}).get(user)

    def leaderboard(
        self, game: str, scope: Scope = GLOBAL, limit: int | None = None
    ) -> list[LeaderboardRow]:
        """Best first (by ordinal; then more wins, more matches, lower user id). A former
        player (who asked to be forgotten) is not listed: their results still count for the
        others, whose ratings stay as they were."""
        people = sorted(
            (p for p in self.tables.get((game, scope), {}).values() if not is_former(p.user_id)),
            key=lambda p: (-p.ordinal, -p.wins, -p.matches, p.user_id),
        )
        rows = [
            LeaderboardRow(i, p.user_id, p.ordinal, p.mu, p.sigma, p.matches, p.wins)
            for i, p in enumerate(people, start=1)
        ]
        return rows[:limit] if limit is not None else rows

    def stats(self, user: int, scope: Scope = GLOBAL) -> list[StatsRow]:
        """The user's matches, wins and rating in every game they have a rating in."""
        rows = []
        for (game, where), table in sorted(self.tables.items(), key=lambda kv: str(kv[0])):
            if where != scope or user not in table:
                continue
            board = self.leaderboard(game, scope)
            place = next(r.place for r in board if r.user_id == user)
            p = table[user]
            rows.append(
                StatsRow(game, p.matches, p.wins, p.ordinal, p.mu, p.sigma, place, len(board))
            )
        return rows

    def series(
        self, game: str, users: Iterable[int], scope: Scope = GLOBAL
    ) -> dict[int, list[tuple[Moment, float]]]:
        """Each user's rating (ordinal) after each of their matches: for ``rating_chart``."""
        table = self.tables.get((game, scope), {})
        return {u: list(table[u].history) for u in users if u in table}

    def snapshot(self) -> dict[tuple[str, Scope], dict[int, tuple[float, float, int, int]]]:
        """Plain data to compare two tables: (mu, sigma, matches, wins) per user."""
        return {
            key: {u: (p.mu, p.sigma, p.matches, p.wins) for u, p in table.items()}
            for key, table in self.tables.items()
        }

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RatingTable):
            return NotImplemented
        return self.snapshot() == other.snapshot()

    __hash__ = None  # type: ignore[assignment]


def rate(results: Iterable[MatchResult], model: PlackettLuce | None = None) -> RatingTable:
    """The whole table rebuilt from the results, in finish order."""
    table = RatingTable(model)
    for result in sorted(results, key=lambda r: r.order):
        table.add(result)
    return table


# -- the rating as people read it ---------------------------------------------------------------
# openskill's ordinal starts at 0 and goes below it after a couple of losses (-4.8): shown as
# is, a newcomer reads a negative number. The rating shown is the ordinal scaled and moved to
# start at a round number: ``SHOWN_START`` for everyone at first, ``SHOWN_SCALE`` points per
# ordinal unit (a win between newcomers moves it by some 100-150 points). The order is the
# ordinal's; only the reading changes. Until ``PROVISIONAL_BELOW`` rated matches the system
# knows a player too little, and the rating says so.
SHOWN_START = 1000
SHOWN_SCALE = 25
PROVISIONAL_BELOW = 5
RATING_NOTE = T(
    "Ratings start at {start}, rise with wins and fall with losses, weighted by the others' "
    "ratings ({system}); while the system is still unsure of a player (fewer than {matches} "
    "rated matches) it rates them cautiously low and marks it provisional.",
    start=SHOWN_START,
    system="openskill",
    matches=PROVISIONAL_BELOW,
)


def shown_rating(ordinal_value: float) -> int:
    """The rating people read: the ordinal, scaled, from ``SHOWN_START``."""
    return round(SHOWN_START + SHOWN_SCALE * ordinal_value)


def rating_words(ordinal_value: float, matches: int) -> str:
    """ "1,085", or "915 (provisional)" before ``PROVISIONAL_BELOW`` rated matches (a Text
    then)."""
    text = f"{shown_rating(ordinal_value):,}"
    return T("{rating} (provisional)", rating=text) if matches < PROVISIONAL_BELOW else text
