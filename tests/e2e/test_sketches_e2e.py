"""A move's board picture drawn ahead (cogs/sketches.py), end to end: the post goes out once,
with the picture of its own version, its outbox row marked sent once; a retry draws its own."""

from __future__ import annotations

import asyncio

import pytest

from data.clock import ManualClock
from i18n.catalogue import language_of
from tests.e2e.driver import Table, open_match
from tests.fakediscord.faults import MESSAGE_CREATE


@pytest.fixture
def players(fake):
    return [fake.add_member("alice"), fake.add_member("bob")]


async def a_move(table: Table) -> tuple[object, str]:
    match = await table.match()
    (user_id,) = match.to_act()
    seat = match.seat_of(user_id)
    move = match.game.legal_moves(match.state, seat)[0]
    return table.user(user_id), match.game.format(match.state, move)


def boards(fake, channel) -> list:
    return [m for m in fake.messages(channel) if m.attachments]


async def test_a_move_is_posted_once_with_the_picture_drawn_ahead_for_its_version(
    fake, make_bot, players
):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        sketches = bot.herald.sketches
        used = sketches.used
        user, text = await a_move(table)
        shown = len(boards(fake, channel))
        result = await fake.slash(user, channel, "tokan move", move=text)
        assert result.content.startswith(f"Done: `{text}`.")
        assert sketches.used == used + 1 and not sketches  # taken: nothing left waiting
        after = await table.match()
        (post,) = boards(fake, channel)[shown:]
        ((name, data),) = post.attachments
        assert name.startswith(f"tokan-{after.id}-{after.version}")
        # The very picture the herald would have drawn for that version.
        cog = bot.game_cog("tokan")
        names = await cog.names_for(after)
        language = language_of(fake.locale)
        assert data == await cog.draw_public_png(after, names, language)
        (entry,) = [
            e
            for e in await bot.service.store.outbox(after.id)
            if e.kind == "post" and e.payload.get("version") == after.version
        ]
        assert entry.status == "sent" and entry.attempts == 1  # claimed once, sent once


async def test_a_failed_post_is_retried_with_a_picture_of_its_own_and_posted_once(
    fake, make_bot, players
):
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        sketches = bot.herald.sketches
        used = sketches.used
        user, text = await a_move(table)
        shown = len(boards(fake, channel))
        fake.faults.fail("POST", MESSAGE_CREATE, status=503)
        result = await fake.slash(user, channel, "tokan move", move=text)
        assert result.content.startswith(f"Done: `{text}`. It is saved")
        assert sketches.used == used + 1  # the first try took it
        clock.advance(60)  # the dispatcher's backoff passes
        after = await table.match()
        for _ in range(500):
            outbox = await bot.service.store.outbox(after.id)
            if all(e.status == "sent" for e in outbox):
                break
            await asyncio.sleep(0.01)
        await fake.settle()
        (post,) = boards(fake, channel)[shown:]  # posted exactly once
        assert post.attachments[0][0].startswith(f"tokan-{after.id}-{after.version}")
        assert sketches.used == used + 1 and not sketches  # the retry drew its own
