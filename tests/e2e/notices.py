"""Counting what reaches each player of a whole match: mentions that pinged them and DMs.

A match is played through the stand-in at one decision an hour on the manual clock (the pace of
the asynchronous games players reported): before each decision an hour passes and whatever falls
due meanwhile is carried out (turn notices, reminders). For every player the count says how many
notifications reached them, split into pings and DMs, how many decisions they made, and the
most that reached them before any one decision: one notification per decision is the rule, so
that is at most 1, and nothing may reach them after their last decision or while the lobby fills.
Used by tests/e2e/test_notices_e2e.py and bench/notices.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from app.application import Tidetable
from data.clock import ManualClock
from rules import rng
from table.turnclock import HOUR
from tests.e2e.driver import Table, drain, send_move
from tests.fakediscord import FakeChannel, FakeDiscord, FakeUser


@dataclass
class Tally:
    """What reached one player in one match."""

    name: str
    pings: int = 0  # channel posts whose mention notified them
    dms: int = 0  # DMs that notified them (silent ones do not)
    lobby: int = 0  # notifications while the lobby filled
    decisions: int = 0  # decisions they made (moves they sent)
    worst: int = 0  # the most notifications before one decision (since their previous one)
    after_last: int = 0  # notifications after their last decision
    gaps: list[int] = field(default_factory=list)

    @property
    def total(self) -> int:
        return self.pings + self.dms


async def gather(
    fake: FakeDiscord,
    bot: Tidetable,
    key: str,
    channel: FakeChannel,
    users: list[FakeUser],
    **options: Any,
) -> Table:
    """`new` by the first player, the Join button for the others, `start`: as players do it,
    checking only that each step was taken (what the lobby looks like is tested elsewhere)."""
    created = await fake.slash(users[0], channel, f"{key} new", **options)
    assert "is open" in (created.content or ""), created.content
    match = await bot.service.current(channel.id, key)
    lobby = next(m for m in fake.messages(channel) if f"tt:join:{match.id}" in m.custom_ids())
    for user in users[1:]:
        joined = await fake.click(user, lobby, f"tt:join:{match.id}")
        assert "You joined" in (joined.content or ""), joined.content
    started = await fake.slash(users[0], channel, f"{key} start")
    assert "started" in (started.content or ""), started.content
    return Table(fake, bot, channel, key, list(users), match.id)


def split(fake: FakeDiscord, user: FakeUser) -> tuple[int, int]:
    """(pings, DMs) that notified ``user`` so far."""
    found = fake.notified(user)
    dms = sum(1 for m in found if fake.channels[m.channel_id].is_dm)
    return len(found) - dms, dms


async def play_hourly(
    fake: FakeDiscord,
    bot: Tidetable,
    clock: ManualClock,
    key: str,
    channel: FakeChannel,
    users: list[FakeUser],
    seed: int,
    clock_option: str = "24h",
    max_decisions: int = 3000,
    **options: str,
) -> tuple[Table, dict[int, Tally]]:
    """A whole match of ``key`` between ``users`` (default settings for everyone), one
    decision an hour; the tally of each player."""
    tallies = {u.id: Tally(u.name) for u in users}
    table = await gather(fake, bot, key, channel, users, clock=clock_option, **options)
    await drain(bot, fake)
    # The lobby is over once the start post exists: what reached them before it.
    start = next(m for m in fake.messages(channel) if "begins" in m.content)
    for user in users:
        tallies[user.id].lobby = sum(1 for m in fake.notified(user) if m.id < start.id)
    seen = {u.id: 0 for u in users}
    draw: random.Random = rng.stream(seed, "hourly")
    for _ in range(max_decisions):
        match = await table.match()
        if match.status != "active":
            break
        waiting = match.to_act()
        user_id = waiting[rng.below(draw, len(waiting))]
        clock.advance(HOUR)  # the player takes an hour; what falls due meanwhile goes out
        await drain(bot, fake)
        tally = tallies[user_id]
        now = len(fake.notified(table.user(user_id)))  # type: ignore[arg-type]
        tally.gaps.append(now - seen[user_id])
        seen[user_id] = now
        tally.decisions += 1
        await send_move(table, match, user_id, draw)
    else:
        raise AssertionError(f"no end after {max_decisions} decisions")
    clock.advance(24 * HOUR)
    await drain(bot, fake)
    for user in users:
        tally = tallies[user.id]
        tally.pings, tally.dms = split(fake, user)
        tally.after_last = len(fake.notified(user)) - seen[user.id]
        tally.worst = max(tally.gaps, default=0)
    return table, tallies
