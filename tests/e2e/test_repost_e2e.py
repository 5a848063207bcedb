"""Row 12 of "Exactly once": the bot is SIGKILLed after Discord took a post but before the outbox
marked it sent, and comes back after a long outage, when Discord has forgotten the post's nonce
(it keeps one for a few minutes). The post still appears exactly once: the bot looks for it in
the channel's history (a board post, or a private view in a DM) before sending it again.

The bot runs in its own process (tests/support/bot_process.py); both clocks are driven, nobody
waits: the stand-in's moves past its nonce window, the bot's restarts an hour ahead
(tests/support/clock_hooks.py).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from data.store import OutboxEntry
from table.turnclock import HOUR
from tests.e2e.driver import choose_turns
from tests.fakediscord import MESSAGE_CREATE, FakeDiscord, FakeUser
from tests.support.bot_process import BotProcess
from tests.support.clock_hooks import CLOCK_FILE, CLOCK_HOOK, set_offset
from tests.support.db_view import DatabaseView, reading

OUTAGE = HOUR  # far past Discord's few minutes


async def delivered(view: DatabaseView, entry: OutboxEntry) -> OutboxEntry:
    """The entry once the restarted bot has dealt with it and everything written before it
    (polled: it is another process)."""
    for _ in range(1000):
        entries = await view.service.store.outbox(entry.match_id)
        if all(e.status != "pending" for e in entries if e.id <= entry.id):
            return next(e for e in entries if e.id == entry.id)
        await asyncio.sleep(0.01)
    raise AssertionError(f"outbox entry {entry.id} still pending")


async def open_match(fake: FakeDiscord, key: str, users: list[FakeUser]) -> None:
    channel = fake.channel("games")
    await fake.slash(users[0], channel, f"{key} new")
    lobby = fake.messages(channel)[-1]
    for user in users[1:]:
        await fake.click(user, lobby, lobby.custom_ids()[0])


async def test_a_board_post_discord_took_before_a_crash_shows_once_after_an_outage(
    tmp_path: Path,
) -> None:
    offset = tmp_path / "clock-offset"
    set_offset(offset, 0)
    database = tmp_path / "bot.sqlite3"
    async with (
        FakeDiscord(quiet=0.02) as fake,
        BotProcess(fake, database, hooks=[CLOCK_HOOK], env={CLOCK_FILE: str(offset)}) as bot,
        reading(database) as view,
    ):
        users = [fake.add_member(name) for name in ("alice", "bob")]
        channel = fake.channel("games")
        await open_match(fake, "tokan", users)
        await fake.slash(users[0], channel, "tokan start")
        match = await view.service.current(channel.id, "tokan")
        seat = match.game.to_act(match.state)[0]
        mover = next(u for u in users if u.id == match.user_at(seat))
        move = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])

        # Discord takes the board post; the bot dies before it hears back.
        fault = fake.faults.kill_on("POST", MESSAGE_CREATE, 1, bot.pid_getter, apply_first=True)
        await fake.slash(mover, channel, "tokan move", move=move)
        assert fault.killed and await bot.wait_exit() == -9
        (entry,) = [
            e for e in await view.service.store.outbox(match.id) if e.payload["event"] == "move"
        ]
        assert entry.status == "pending"
        nonce = f"tt{view.service.store.instance}{entry.id}"
        assert len(fake.messages(channel, nonce=nonce)) == 1

        # An hour later: Discord no longer knows the nonce; the bot comes back.
        fake.advance_clock(OUTAGE)
        set_offset(offset, OUTAGE)
        await bot.start()
        done = await delivered(view, entry)
        await fake.settle()

        assert done.status == "sent", done
        posts = fake.messages(channel, nonce=nonce)
        assert len(posts) == 1, [p.shown for p in posts]  # exactly once
        assert fake.count("GET", r"/channels/\d+/messages") >= 1, "it looked before posting"
        # Reminders and the next post link to that one message, the board as it is now.
        assert await view.service.store.board_message(match.id) == posts[0].id
        assert not fake.errors and not fake.limits.invalid


async def test_a_private_view_discord_took_before_a_crash_is_dmed_once_after_an_outage(
    tmp_path: Path,
) -> None:
    offset = tmp_path / "clock-offset"
    set_offset(offset, 0)
    database = tmp_path / "bot.sqlite3"
    async with (
        FakeDiscord(quiet=0.02) as fake,
        BotProcess(fake, database, hooks=[CLOCK_HOOK], env={CLOCK_FILE: str(offset)}) as bot,
        reading(database) as view,
    ):
        users = [fake.add_member(name) for name in ("alice", "bob", "carol")]
        channel = fake.channel("games")
        await choose_turns(fake, users, "dm")  # their turns, and so their hands, come by DM
        await open_match(fake, "toshi", users)
        # The hands go by DM at the start: the bot dies as Discord takes carol's.
        carol_dm = fake.dm_channel(users[2])
        path = rf"/channels/{carol_dm.id}/messages"
        fault = fake.faults.kill_on("POST", path, 1, bot.pid_getter, apply_first=True)
        await fake.slash(users[0], channel, "toshi start")
        assert fault.killed and await bot.wait_exit() == -9
        [hand] = fake.dms(users[2])
        match = await view.service.current(channel.id, "toshi")
        dms = [e for e in await view.service.store.outbox(match.id) if e.kind == "dm"]
        (entry,) = [e for e in dms if e.payload["user"] == users[2].id]
        assert entry.status == "pending"
        entry = dms[-1]  # wait for every hand

        fake.advance_clock(OUTAGE)
        set_offset(offset, OUTAGE)
        await bot.start()
        await delivered(view, entry)
        await fake.settle()

        assert all(e.status == "sent" for e in await view.service.store.outbox(match.id))
        assert [m.id for m in fake.dms(users[2])] == [hand.id], "her hand came once"
        for user in users[:2]:  # the others' hands, never sent before the crash, came now
            assert len(fake.dms(user)) == 1
        assert not fake.errors and not fake.limits.invalid
