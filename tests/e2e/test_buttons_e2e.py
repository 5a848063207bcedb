"""Buttons only under boards awaiting a person, end to end (issue 23, row 8).

A board on which a computer seat must act carried the move buttons of that seat: nobody could
use them (every click was refused). Now a board awaiting a computer seat (or a seat the table
plays) has none, and one awaiting a person has them as before.
"""

from __future__ import annotations

from rules import rng
from tests.e2e.driver import moved_on, play_one
from tests.e2e.notices import gather


async def test_boards_awaiting_a_computer_seat_carry_no_buttons(fake, make_bot):
    alice = fake.add_member("alice")
    async with fake.running(make_bot(computer_pause=0.0, new_seed=lambda: 3)) as bot:
        channel = fake.channel("games")
        table = await gather(fake, bot, "tonari", channel, [alice], bots=1, level="easy")
        draw = rng.stream(3, "buttons")
        for _ in range(12):
            match = await table.match()
            if match.status != "active":
                break
            if alice.id in match.to_act():
                await play_one(table, draw, only=alice.id)
            else:
                await moved_on(bot, fake, table, match.version)
        boards = [m for m in fake.messages(channel) if m.attachments]
        computer = [b for b in boards if "Next: Bot (easy)" in b.content]
        person = [b for b in boards if f"Next: <@{alice.id}>" in b.content]
        assert computer and person, [b.content for b in boards]
        assert all(b.custom_ids() == [] for b in computer), [b.custom_ids() for b in computer]
        assert any(b.custom_ids() for b in person)
        # (A computer seat's name is still looked up as a user on main: another branch stops
        # that; nothing else may have been refused.)
        assert all("/users/-" in e.path for e in fake.errors), fake.errors
