"""Computer seats are no Discord users, and the bot never asks Discord about them.

A computer seat's user id is negative (``table.computers``): Discord answers a lookup of it
with 400 ("is not snowflake"), each one a wasted request against the bot's rate limits (38 in
one run of the suite, one per computer seat per picture). The pictures that name the players,
the replay's frames and the final post's score breakdown, name a computer seat as the texts do
("Bot (easy)"), without a request.
"""

from __future__ import annotations

import asyncio
import re

from cogs.history import SCORES_SUFFIX
from rules import rng
from tests.e2e.driver import Table, play_one


async def test_replay_and_score_breakdown_name_computer_seats_without_asking_discord(
    fake, make_bot
):
    alice = fake.add_member("alice")
    async with fake.running(make_bot(computer_pause=0.0)) as bot:
        channel = fake.channel("games")
        await fake.slash(alice, channel, "tonari new", bots=2, level="easy")
        await fake.slash(alice, channel, "tonari start")
        match = await bot.service.current(channel.id, "tonari")
        table = Table(fake, bot, channel, "tonari", [alice], match.id)

        # A replay while it runs: a frame per move, each captioned with the mover's name.
        replay = await fake.slash(alice, channel, "tonari replay", gif=True)
        assert replay.error is None and replay.files, replay.content

        draw = rng.stream(11, "names")
        for _ in range(20000):  # a bound on waiting, in turns of the loop, not seconds
            match = await table.match()
            if match.status != "active":
                break
            if alice.id in match.to_act():
                await play_one(table, draw, only=alice.id)
            else:  # a computer seat is thinking in the pool
                await asyncio.sleep(0.01)
        assert match.status == "finished"
        for _ in range(500):  # the final post goes out through the outbox
            if all(e.status != "pending" for e in await bot.service.store.outbox(match.id)):
                break
            await asyncio.sleep(0.01)
        await fake.settle()

        final = fake.messages(channel)[-1]
        (scores,) = [a for a in final.stored_attachments if a.filename.endswith(SCORES_SUFFIX)]
        assert scores.description is not None
        # Each seat's total, named: the two computer seats by their name and seat letter.
        totals = re.findall(r"(Bot \(easy\)|alice) \([A-C]\): -?\d+", scores.description)
        assert sorted(totals) == ["Bot (easy)", "Bot (easy)", "alice"], scores.description
        assert "Seat" not in scores.description
        replay = await fake.slash(alice, channel, "tonari replay", gif=True)
        assert replay.error is None and replay.files, replay.content

    asked = fake.count("*", r"/users/-\d+") + fake.count("*", r"/guilds/\d+/members/-\d+")
    assert asked == 0, [r for r in fake.requests if "/-" in r]
    assert not fake.errors, [str(e) for e in fake.errors]
