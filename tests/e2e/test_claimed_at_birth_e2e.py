"""Outbox entries written claimed (``Store._held_at_birth``), end to end on SQLite: a move's
post goes out once without a claim of its own (the answer's ``settle`` takes it as it was
written), and a post written claimed that no answer takes (a timeout's) goes out at once all
the same, not when its lease runs out."""

from __future__ import annotations

from typing import Any

import pytest

from data.clock import ManualClock
from data.store import OutboxEntry
from table.turnclock import HOUR
from tests.e2e.driver import a_move, drain, open_match


@pytest.fixture
def players(fake):
    return [fake.add_member("alice"), fake.add_member("bob")]


def claims_of(bot: Any) -> list[int]:
    """The ids the dispatcher's own claims return, from now on (the store's method wrapped)."""
    claimed: list[int] = []
    store = bot.store
    original = store.claim_due

    async def claim_due(*args: Any, **kwargs: Any) -> list[OutboxEntry]:
        got = await original(*args, **kwargs)
        claimed.extend(e.id for e in got)
        return got

    store.claim_due = claim_due
    return claimed


async def test_a_moves_post_is_written_claimed_and_sent_once_without_a_claim_of_its_own(
    fake, make_bot, players
):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players)
        claimed = claims_of(bot)
        user, text = await a_move(table)
        shown = len([m for m in fake.messages(channel) if m.attachments])
        result = await fake.slash(user, channel, "tokan move", move=text)
        assert result.content.startswith(f"Done: `{text}`.")
        after = await table.match()
        (post,) = [
            e
            for e in await bot.store.outbox(after.id)
            if e.kind == "post" and e.payload.get("version") == after.version
        ]
        assert post.status == "sent" and post.attempts == 1  # sent once
        assert post.first_tried == post.created_at, "claimed as it was written"
        assert post.id not in claimed, "no claim of its own"
        (board,) = [m for m in fake.messages(channel) if m.attachments][shown:]
        assert board.attachments[0][0].startswith(f"tokan-{after.id}-{after.version}")


async def test_a_timeouts_post_written_claimed_goes_out_at_once_with_no_answer_to_take_it(
    fake, make_bot, players
):
    """The turn clock's timeout is carried out by the scheduler, not an interaction: no
    answer's ``settle`` takes its post, written claimed by this process. The dispatcher's
    loop claims its own claims again, so the post goes out at once, not once its lease ran
    out (the clock here never moves on by itself: the lease never runs out)."""
    clock = ManualClock()
    async with fake.running(make_bot(clock=clock)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players, clock="12h")
        await drain(bot, fake)
        before = await table.match()
        clock.advance(12 * HOUR + 1)  # the player to move runs out of time
        await drain(bot, fake)
        after = await table.match()
        assert after.version > before.version  # the table moved for them
        (post,) = [
            e
            for e in await bot.store.outbox(after.id)
            if e.kind == "post" and e.payload.get("event") == "timeout"
        ]
        assert post.claimed_by == bot.store.process and post.first_tried == post.created_at
        assert post.status == "sent" and post.attempts == 1
        assert clock.now() < post.created_at + bot.store.lease_seconds
