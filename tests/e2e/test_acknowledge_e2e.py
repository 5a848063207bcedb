"""A move is acknowledged while it is saved, not before (cogs/replies.py ``acknowledging``):
the acknowledgement's round trip and the move's transaction overlap, and the board is posted
that much sooner. What that must not change, end to end:

* a move that waits for the database longer than Discord's 3 seconds is still acknowledged in
  time, and answered once, saying nothing was saved (the acknowledgement does not wait for the
  transaction);
* a move whose acknowledgement Discord refuses (the interaction expired on its way) is saved
  all the same and its board posted once: nothing a player did is lost;
* a refused move is answered once, after its acknowledgement, and changes nothing.
"""

from __future__ import annotations

import pytest

from tests.e2e.driver import a_move, drain, open_match
from tests.fakediscord.faults import CALLBACK
from tests.support.locks import hold_lock, release


@pytest.fixture
def players(fake):
    return [fake.add_member(name) for name in ("alice", "bob")]


def boards(fake, channel) -> list:
    return [m for m in fake.messages(channel) if m.attachments]


async def test_a_move_waiting_for_a_locked_database_is_acknowledged_in_time(
    fake, make_bot, players, tmp_path
):
    async with fake.running(make_bot(busy_timeout_ms=3500)) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players[:2])
        before = await table.match()
        user, text = await a_move(table)
        holder = hold_lock(tmp_path / "e2e.sqlite3")
        try:
            result = await fake.slash(user, channel, "tokan move", move=text)
        finally:
            release(holder)
        assert not result.expired and result.ephemeral
        assert len(result.messages) == 1 and "nothing was saved" in result.content
        assert (await table.match()).version == before.version
        played = await fake.slash(user, channel, "tokan move", move=text)
        assert played.content.startswith(f"Done: `{text}`.")


async def test_a_move_whose_acknowledgement_is_refused_is_saved_and_posted_once(
    fake, make_bot, players
):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players[:2])
        before = await table.match()
        user, text = await a_move(table)
        shown = len(boards(fake, channel))
        fake.faults.fail("POST", CALLBACK, status=404, code=10062, message="Unknown interaction")
        await fake.slash(user, channel, "tokan move", move=text)
        await drain(bot, fake)  # the board goes out from the outbox, whatever the answer did
        assert (await table.match()).version == before.version + 1, "the move stands"
        assert len(boards(fake, channel)) == shown + 1, "its board posted once"
        assert all(e.status == "sent" for e in await bot.service.store.outbox(before.id))


async def test_a_refused_move_is_answered_once_after_its_acknowledgement(fake, make_bot, players):
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        table = await open_match(fake, bot, "tokan", channel, players[:2])
        before = await table.match()
        user, _ = await a_move(table)
        refused = await fake.slash(user, channel, "tokan move", move="z9 sideways")
        assert refused.type == 5, "acknowledged (deferred), then answered"
        assert refused.ephemeral and len(refused.messages) == 1
        assert (await table.match()).version == before.version
        assert fake.errors == [], fake.errors
