"""Helpers for the league tests end to end: open a league, sign people up with its button, look
at its rounds, end matches fast (resignations, timeouts), and recompute the standings from the
stored results independently of the bot's own code."""

from __future__ import annotations

import re
from typing import Any

from data.leagues import LeagueStore, TableRow
from data.results import MatchResult
from table.ratings import ranks
from tests.e2e.driver import drain
from tests.fakediscord import FakeDiscord


def league_store(bot: Any) -> LeagueStore:
    return bot.get_cog("LeagueCog").store  # type: ignore[no-any-return]


async def open_league(
    fake: FakeDiscord, bot: Any, admin: Any, channel: Any, people: list[Any], **options: Any
) -> int:
    opened = await fake.slash(admin, channel, "league open", **options)
    assert opened.ephemeral and "is open for sign-ups" in opened.content, opened.content
    league_id = int(re.search(r"League #(\d+)", opened.content).group(1))  # type: ignore[union-attr]
    await drain(bot, fake)
    (signup,) = fake.messages(channel, rf"\(league #{league_id}\)")
    for person in people:
        said = await fake.click(person, signup, f"tt:lg:{league_id}")
        assert said.ephemeral and "You signed up" in said.content, said.content
    await drain(bot, fake)
    assert f"Signed up ({len(people)})" in signup.content, signup.content
    return league_id


async def current_tables(bot: Any, league_id: int) -> list[TableRow]:
    store = league_store(bot)
    league = await store.league(league_id)
    assert league is not None
    return [t for t in await store.tables(league_id) if t.round == league.round]


def thread_of(fake: FakeDiscord, table: TableRow) -> Any:
    assert table.channel_id is not None and table.channel_id > 0, table
    return fake.channels[table.channel_id]


async def resign_all_but(
    fake: FakeDiscord, bot: Any, game: str, table: TableRow, keep: int, people: dict[int, Any]
) -> None:
    """Everyone at the table but seat ``keep`` resigns, in seat order: the match ends."""
    thread = thread_of(fake, table)
    for seat, user in enumerate(table.players):
        if seat == keep:
            continue
        match = await bot.service.by_id(table.match_id)
        if match.status != "active":
            break
        said = await fake.slash(people[user], thread, f"{game} resign")
        assert said.ephemeral and "resign" in said.content.lower(), said.content
    await drain(bot, fake)


def recomputed_points(tables: list[TableRow], size: int) -> dict[int, float]:
    """Points from the stored results, counted here without the league's code: a player gets
    one point for each player placed below them at a table, half for each placed equal; a bye
    is worth a win (two players) or half the others at a table."""
    points: dict[int, float] = {}
    for t in tables:
        for p in t.players:
            points.setdefault(p, 0.0)
        if t.match_id is None:
            for p in t.players:
                points[p] += 1.0 if size == 2 else (size - 1) / 2
            continue
        assert t.status == "finished", t
        assert t.result is not None
        result = MatchResult.from_record(
            match_id=t.match_id,
            game="",
            guild_id=None,
            finished=0,
            players=t.players,
            status="finished",
            result=t.result,
            computer_played=[s for s in t.result.get("table", []) if isinstance(s, int)],
        )
        placed = ranks(result)
        for seat, p in enumerate(t.players):
            points[p] += sum(1.0 for r in placed if r > placed[seat])
            points[p] += 0.5 * (placed.count(placed[seat]) - 1)
    return points


def posted_points(text: str, names: dict[str, int]) -> dict[int, float]:
    """The points a standings post shows, by person."""
    out = {}
    for line in text.splitlines():
        found = re.match(r"\d+\. (\w+)(?: \(withdrawn\))?: ([\d½]+) points", line)
        if found:
            value = found.group(2)
            number = float(value.replace("½", "")) if value.replace("½", "") else 0.0
            out[names[found.group(1)]] = number + (0.5 if "½" in value else 0.0)
    return out
