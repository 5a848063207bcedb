"""Leagues and tournaments: sign-ups, rounds paired and opened, standings. Knows no Discord.

A league is one game with its options and a clock, a format (Swiss, round robin, single
elimination), the seats of its tables and a sign-up deadline. When sign-ups close, round one is
paired; each round's tables become matches (``data/leagues.py`` writes the round whole, with
the outbox rows that open each match in a thread of its own); when every match of the round
has ended (the turn clock's timeouts and the table's takeover see to that), ``advance`` pairs
the next round from the standings, or finishes the league. ``advance`` may be called any number
of times, by any process: it does something only when a round is over, and the league's version
lets one pairing through.
"""

from __future__ import annotations

import asyncio
import math
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from data.dberrors import VersionConflict
from data.leagues import (
    RUNNING,
    SIGNUP,
    Entrant,
    LeagueRow,
    LeagueStore,
    TableRow,
    league_lane,
)
from data.results import MatchResult
from data.store import Announcement
from i18n.text import NC_, TN, T, Text
from rules.errors import PlayerError
from table import pairing
from table.errors import NotAllowed
from table.lobby import playable_with_some_count
from table.match import mention
from table.ratings import ranks
from table.service import MatchService
from table.standings import ELIMINATION, FORMATS, ROUND_ROBIN, SWISS, Played, Row, standings

MAX_ROUNDS = 12  # a Swiss league's rounds at most
MAX_ENTRANTS = 64
MAX_SIGNUP_SECONDS = 720 * 3600.0  # what /league open offers: thirty days


# A league's status as people read it (the keys are what the store says).
LEAGUE_STATUS_CONTEXT = "league status"
LEAGUE_STATUS_NAMES = {
    "signup": NC_("league status", "signup"),
    "running": NC_("league status", "running"),
    "finished": NC_("league status", "finished"),
    "cancelled": NC_("league status", "cancelled"),
}


def league_status(status: str) -> Text:
    """A league's status said in the reader's language."""
    return Text(LEAGUE_STATUS_NAMES.get(status, status), context=LEAGUE_STATUS_CONTEXT)


class LeagueError(PlayerError):
    """A league request that cannot be done, said to the person who asked."""


@dataclass(frozen=True)
class Picture:
    """A league as it stands: its row, who is in it, every table so far, the standings."""

    league: LeagueRow
    entrants: list[Entrant]
    tables: list[TableRow]
    rows: list[Row]


def played_of(tables: Sequence[TableRow]) -> list[Played]:
    """The league's ended matches as the standings read them: each seat's rank from the stored
    result (seats the table played after timeouts or a withdrawal rank last, as in the
    ratings); a cancelled match counts as a draw of everyone at it."""
    out = []
    for t in tables:
        if t.bye or t.status not in ("finished", "cancelled"):
            continue
        if t.status == "cancelled" or t.result is None:
            out.append(Played(t.round, t.players, (1,) * len(t.players)))
            continue
        table_seats = [int(s) for s in t.result.get("table", []) if isinstance(s, int)]
        result = MatchResult.from_record(
            match_id=t.match_id or 0,
            game="",
            guild_id=None,
            finished=0,
            players=t.players,
            status="finished",
            result=t.result,
            computer_played=table_seats,
        )
        out.append(Played(t.round, t.players, tuple(ranks(result)), result.scores))
    return out


def byes_of(tables: Sequence[TableRow]) -> dict[int, int]:
    byes: dict[int, int] = {}
    for t in tables:
        if t.bye:
            for p in t.players:
                byes[p] = byes.get(p, 0) + 1
    return byes


def compute_standings(
    league: LeagueRow, entrants: Sequence[Entrant], tables: Sequence[TableRow]
) -> list[Row]:
    """The standings from the stored results alone."""
    return standings(
        league.format,
        [e.user_id for e in entrants],
        played_of(tables),
        byes_of(tables),
        league.size,
        frozenset(e.user_id for e in entrants if e.withdrawn),
    )


class Leagues:
    """Opening leagues, signing up, pairing rounds, withdrawing, standings."""

    def __init__(
        self,
        service: MatchService,
        store: LeagueStore,
        new_seed: Callable[[], int] = lambda: secrets.randbits(48),
    ) -> None:
        self.service = service
        self.store = store
        self._new_seed = new_seed
        # A round robin's schedule, by league and players: pure, so it is worked out once per
        # process (it takes a search; the rounds are read from it again at every round).
        self._schedules: dict[tuple[int, tuple[int, ...]], list[pairing.Round]] = {}

    # -- opening -------------------------------------------------------------------------
    async def open(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        game_key: str,
        fmt: str,
        options: Mapping[str, str],
        clock: str = "default",
        size: int | None = None,
        rounds: int = 0,
        signup_seconds: float = 24 * 3600.0,
        name: str = "",
    ) -> LeagueRow:
        game = self.service.games.get(game_key)
        if game is None:
            raise LeagueError(T("There is no game `{key}`.", key=game_key[:20]))
        spec = game.spec
        if fmt not in FORMATS:
            raise LeagueError(
                T(
                    "Choose a format: {first}, {second} or {third}.",
                    first=SWISS,
                    second=ROUND_ROBIN,
                    third=ELIMINATION,
                )
            )
        seats = size if size is not None else (2 if spec.max_players == 2 else spec.min_players)
        if not spec.min_players <= seats <= spec.max_players:
            raise LeagueError(
                T(
                    "{game} is played by {least} to {most}: a table of {seats} cannot be.",
                    game=spec.name,
                    least=spec.min_players,
                    most=spec.max_players,
                    seats=seats,
                )
            )
        if fmt == SWISS and not 1 <= rounds <= MAX_ROUNDS:
            raise LeagueError(T("A Swiss league has 1 to {most} rounds.", most=MAX_ROUNDS))
        if not math.isfinite(signup_seconds) or signup_seconds > MAX_SIGNUP_SECONDS:
            raise LeagueError(
                TN(
                    "Sign-ups stay open {count} hour at most.",
                    "Sign-ups stay open {count} hours at most.",
                    int(MAX_SIGNUP_SECONDS // 3600),
                )
            )
        resolved = spec.resolve_options(dict(options))
        playable_with_some_count(game, resolved)
        game.check_options(seats, resolved)  # the league's tables: its options must fit them
        seconds = await self.service.turns.clock_for(guild_id, clock)
        until = self.service.store.clock.now() + max(0.0, signup_seconds)
        # Without a name, the game's (stored, so in no language: its posts give the format
        # in each reader's words beside it).
        title = name.strip()[:60] or spec.name
        league_id = await self.store.create(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=creator_id,
            name=title,
            game=game_key,
            options=resolved,
            clock=seconds,
            fmt=fmt,
            size=seats,
            rounds=rounds if fmt == SWISS else 0,
            signup_until=until,
        )
        league = await self.store.league(league_id)
        assert league is not None
        return league

    async def get(self, league_id: int) -> LeagueRow:
        league = await self.store.league(league_id)
        if league is None:
            raise LeagueError(T("League #{id} does not exist.", id=league_id))
        return league

    async def sign_up(self, league_id: int, user_id: int) -> LeagueRow:
        league = await self.get(league_id)
        if league.status != SIGNUP:
            raise LeagueError(
                T(
                    "League #{id} no longer takes sign-ups: it is {status}.",
                    id=league.id,
                    status=league_status(league.status),
                )
            )
        if len(await self.store.entrants(league_id)) >= MAX_ENTRANTS:
            raise LeagueError(
                T("League #{id} is full ({players} players).", id=league.id, players=MAX_ENTRANTS)
            )
        if not await self.store.sign_up(league_id, user_id):
            raise LeagueError(T("You are already signed up for league #{id}.", id=league.id))
        return league

    # -- rounds ----------------------------------------------------------------------------
    async def begin(self, league_id: int, user_id: int | None, is_admin: bool) -> LeagueRow:
        """Close sign-ups and pair round one (its creator or an admin, or the deadline when
        ``user_id`` is None)."""
        for _ in range(5):  # a sign-up that lands meanwhile: paired again, with them
            league = await self.get(league_id)
            if league.status != SIGNUP:
                raise LeagueError(
                    T(
                        "League #{id} has already begun ({status}).",
                        id=league.id,
                        status=league_status(league.status),
                    )
                )
            if user_id is not None and user_id != league.creator_id and not is_admin:
                raise NotAllowed(
                    T(
                        "Only {creator} or an admin can start league #{id}.",
                        creator=mention(league.creator_id),
                        id=league.id,
                    )
                )
            entrants = [e for e in await self.store.entrants(league_id) if not e.withdrawn]
            least = self._least(league)
            if len(entrants) < least:
                raise LeagueError(
                    TN(
                        "League #{id} needs at least {least} players; {count} signed up.",
                        "League #{id} needs at least {least} players; {count} signed up.",
                        len(entrants),
                        id=league.id,
                        least=least,
                    )
                )
            try:
                await self._pair(league, entrants, [], 1)
            except VersionConflict:  # its deadline, another admin, or a sign-up came first
                continue
            return await self.get(league_id)
        raise LeagueError(T("League #{id} is busy: try again in a moment.", id=league_id))

    def _least(self, league: LeagueRow) -> int:
        spec = self.service.games[league.game].spec
        if league.format == ELIMINATION:
            return league.size + 1 if league.size < spec.max_players else league.size
        return max(league.size, spec.min_players)

    def shape(self, league: LeagueRow) -> pairing.Shape:
        spec = self.service.games[league.game].spec
        return pairing.Shape(league.size, spec.min_players, spec.max_players)

    def total_rounds(self, league: LeagueRow, entrants: Sequence[Entrant]) -> int:
        """How many rounds the league plays (elimination: as many as its bracket takes)."""
        if league.format == SWISS:
            return league.rounds
        if league.format == ROUND_ROBIN:
            return len(self._schedule(league, entrants))
        alive = [e.user_id for e in entrants]
        count = 0
        while True:
            count += 1
            one, through = pairing.elimination_round(alive, self.shape(league))
            if len(one.tables) == 1 and not one.byes:
                return count
            alive = [p for t in one.tables for p in t[:through]] + list(one.byes)

    def _schedule(self, league: LeagueRow, entrants: Sequence[Entrant]) -> list[pairing.Round]:
        key = (league.id, tuple(e.user_id for e in entrants))
        found = self._schedules.get(key)
        if found is None:
            found = pairing.schedule_rounds(list(key[1]), self.shape(league))
            self._schedules[key] = found
        return found

    async def advance(self, league_id: int) -> bool:
        """Pair the next round (or finish the league) when the current round is over; False
        when there is nothing to do yet. Safe to call any number of times, anywhere."""
        league = await self.store.league(league_id)
        if league is None or league.status != RUNNING:
            return False
        tables = await self.store.tables(league_id)
        current = [t for t in tables if t.round == league.round]
        if not all(t.over for t in current):
            return False
        entrants = await self.store.entrants(league_id)
        try:
            # Pairing searches: off the event loop.
            last = await asyncio.to_thread(self._last_round, league, entrants, tables)
            if league.round >= last:
                await self.store.finish(
                    league,
                    [
                        Announcement(
                            "league",
                            {"do": "final", "league": league.id},
                            lane=league_lane(league.id),
                        )
                    ],
                )
                return True
            await self._pair(league, entrants, tables, league.round + 1)
        except VersionConflict:
            return False  # another call paired it
        return True

    def _last_round(
        self, league: LeagueRow, entrants: Sequence[Entrant], tables: Sequence[TableRow]
    ) -> int:
        if league.format == ELIMINATION:
            current = [t for t in tables if t.round == league.round]
            games = [t for t in current if not t.bye]
            finals = len(games) == 1 and len(current) == 1
            if finals:
                return league.round
            # Withdrawals after their table ended can leave too few to seat one more table
            # (a final of one): then this round was the last.
            going = self._through(league, entrants, tables, league.round)
            return league.round if len(going) < self.shape(league).least else league.round + 1
        playing = self._starters(entrants, tables)
        return self.total_rounds(league, playing)

    @staticmethod
    def _starters(entrants: Sequence[Entrant], tables: Sequence[TableRow]) -> list[Entrant]:
        """Those who played round one (a round robin's schedule is theirs)."""
        first = {p for t in tables if t.round == 1 for p in t.players}
        return [e for e in entrants if e.user_id in first] if first else list(entrants)

    async def _pair(
        self,
        league: LeagueRow,
        entrants: Sequence[Entrant],
        tables: Sequence[TableRow],
        number: int,
    ) -> None:
        one = await asyncio.to_thread(self._plan, league, entrants, tables, number)
        seeds = [self._new_seed() for _ in one.tables]
        note = Announcement(
            "league",
            {"do": "round", "league": league.id, "round": number},
            lane=league_lane(league.id),
        )
        notes = [note]
        if number == 1:  # sign-ups are closed: the sign-up message says so, its button off
            notes.append(
                Announcement(
                    "league", {"do": "signup", "league": league.id}, lane=league_lane(league.id)
                )
            )
        await self.store.pair(league, number, one.tables, one.byes, seeds, RUNNING, notes)

    def _plan(
        self,
        league: LeagueRow,
        entrants: Sequence[Entrant],
        tables: Sequence[TableRow],
        number: int,
    ) -> pairing.Round:
        """Round ``number``'s tables and byes, from the standings (pure; run in a thread)."""
        active = [e for e in entrants if not e.withdrawn]
        out = {e.user_id for e in entrants if e.withdrawn}
        rows = compute_standings(league, entrants, tables)
        shape = self.shape(league)
        history = [
            pairing.Round(
                tuple(t.players for t in tables if t.round == r and not t.bye),
                tuple(p for t in tables if t.round == r and t.bye for p in t.players),
            )
            for r in range(1, number)
        ]
        if league.format == SWISS:
            order = [r.player for r in rows if r.player not in out]
            if league.size == 2:
                start = [e.user_id for e in active]
                points = {r.player: r.points for r in rows}
                one = pairing.dutch_round(start, number, league.rounds, history, points)
            else:
                met = pairing.meetings_of(t for h in history for t in h.tables)
                one = pairing.tables_by_standing(order, shape, met, byes_of(tables))
        elif league.format == ROUND_ROBIN:
            planned = self._schedule(league, self._starters(entrants, tables))[number - 1]
            kept = [tuple(p for p in t if p not in out) for t in planned.tables]
            playing = tuple(t for t in kept if len(t) >= shape.least)
            left = [p for t in kept if len(t) < shape.least for p in t]
            one = pairing.Round(playing, (*(p for p in planned.byes if p not in out), *left))
        else:
            if number == 1:
                alive = [e.user_id for e in active]
            else:
                alive = self._through(league, entrants, tables, number - 1)
            one, _ = pairing.elimination_round(alive, shape)
        return one

    def _through(
        self,
        league: LeagueRow,
        entrants: Sequence[Entrant],
        tables: Sequence[TableRow],
        number: int,
    ) -> list[int]:
        """Who goes through from elimination round ``number``: the top of each table (as many
        as that round's bracket sends on) and its byes, in sign-up order; never one who
        withdrew."""
        out = {e.user_id for e in entrants if e.withdrawn}
        joined = {e.user_id: e.joined for e in entrants}
        these = [t for t in tables if t.round == number]
        alive = sorted((p for t in these for p in t.players), key=lambda p: joined.get(p, 0))
        _, through = pairing.elimination_round(alive, self.shape(league))
        placed: dict[int, int] = {}
        for match in played_of(these):
            for seat, p in enumerate(match.players):
                placed[p] = match.ranks[seat] + (100 if p in out else 0)
        games = [t.players for t in these if not t.bye]
        going = pairing.advancing(games, lambda p: placed.get(p, 99), through)
        going += [p for t in these if t.bye for p in t.players]
        return sorted((p for p in going if p not in out), key=lambda p: joined.get(p, 0))

    # -- leaving -------------------------------------------------------------------------
    async def withdraw(self, league_id: int, user_id: int) -> list[int]:
        """Take the user out of later pairings; the matches they play now are handed to the
        table (their seat resigned: the table plays it to the end). Returns those matches."""
        league = await self.get(league_id)
        if league.status not in (SIGNUP, RUNNING):
            raise LeagueError(
                T(
                    "League #{id} is {status}.",
                    id=league.id,
                    status=league_status(league.status),
                )
            )
        if not await self.store.withdraw(league_id, user_id):
            if any(e.user_id == user_id for e in await self.store.entrants(league_id)):
                raise LeagueError(T("You have already withdrawn from league #{id}.", id=league.id))
            raise LeagueError(T("You are not playing in league #{id}.", id=league.id))
        handed = []
        for t in await self.store.tables(league_id):
            if t.bye or t.status != "active" or user_id not in t.players or not t.channel_id:
                continue
            try:
                await self.service.resign(t.channel_id, league.game, user_id)
            except PlayerError:
                continue  # resigned already, or the match ended meanwhile
            handed.append(t.match_id or 0)
        return handed

    async def cancel(self, league_id: int, user_id: int, is_admin: bool) -> LeagueRow:
        league = await self.get(league_id)
        if user_id != league.creator_id and not is_admin:
            raise NotAllowed(
                T(
                    "Only {creator} or an admin can cancel league #{id}.",
                    creator=mention(league.creator_id),
                    id=league.id,
                )
            )
        for _ in range(5):  # a sign-up or a pairing that moved the version meanwhile
            if league.status not in (SIGNUP, RUNNING):
                break
            if await self.store.cancel(league.id, league.version):
                return await self.get(league_id)
            league = await self.get(league_id)
        raise LeagueError(
            T(
                "League #{id} is {status}: it cannot be cancelled.",
                id=league.id,
                status=league_status(league.status),
            )
        )

    # -- looking -------------------------------------------------------------------------
    async def picture(self, league_id: int) -> Picture:
        """The league as it stands: standings recomputed from the stored results."""
        league = await self.get(league_id)
        entrants = await self.store.entrants(league_id)
        tables = await self.store.tables(league_id)
        return Picture(league, entrants, tables, compute_standings(league, entrants, tables))

    async def due_signups(self) -> list[int]:
        """Leagues whose sign-up deadline has passed and are still taking sign-ups."""
        now = self.service.store.clock.now()
        return [
            lg.id
            for lg in await self.store.unfinished()
            if lg.status == SIGNUP and lg.signup_until <= now
        ]
