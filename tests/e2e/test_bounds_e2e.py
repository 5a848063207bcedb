"""Option values bounded before any use, end to end (issue 23, row 9).

`/tidetable notify timezone:` with 5,000 characters answered "Something went wrong on our side"
(``OSError: File name too long``: a time zone's name is a path to the tz database), and so did
a folder of it ("America": ``IsADirectoryError``); `match:` 2^63 overflowed. Every integer and
text option now declares its bounds, which Discord enforces (its client sends nothing out of
them, and neither does the stand-in), and the bot checks them again before any use: a short
private answer, never a traceback, and nothing changed.
"""

from __future__ import annotations

from typing import Any

import pytest

from cogs.replies import UNEXPECTED
from tests.e2e.notices import gather
from tests.fakediscord.payloads import DISCORD_INT_LIMIT


def options_of(command: dict[str, Any]) -> list[dict[str, Any]]:
    """Every leaf option of a command, through its subcommands and groups."""
    found = []
    for option in command.get("options", []):
        if option["type"] in (1, 2):
            found += options_of(option)
        else:
            found.append(option)
    return found


async def test_every_integer_and_text_option_declares_its_bounds(fake, make_bot):
    async with fake.running(make_bot()):
        checked = 0
        for command in fake.commands:
            for option in options_of(command):
                where = f"/{command['name']} … {option['name']}"
                if option["type"] in (4, 10):  # integers and numbers: within Discord's range
                    low, high = option.get("min_value"), option.get("max_value")
                    assert low is not None and high is not None, where
                    assert -DISCORD_INT_LIMIT <= low <= high <= DISCORD_INT_LIMIT, where
                    checked += 1
                elif option["type"] == 3 and not option.get("choices"):  # free text
                    assert 0 < option.get("max_length", 6000) <= 200, where
                    checked += 1
        assert checked >= 10


async def test_a_time_zone_that_is_none_gets_a_short_answer_and_changes_nothing(fake, make_bot):
    alice = fake.add_member("alice")
    async with fake.running(make_bot()) as bot:
        dm = fake.dm_channel(alice)
        for name in ("America", "Europe/", "../../etc/passwd", "Mars/Olympus", "zone.tab"):
            said = await fake.slash(alice, dm, "tidetable notify", reminders=False, timezone=name)
            assert said.ephemeral and "is not a time zone I know" in said.content, said.content
            assert UNEXPECTED not in said.content and len(said.content) < 300
        prefs = (await bot.service.turns.clocks.prefs([alice.id]))[alice.id]
        assert prefs.tz == "UTC" and prefs.reminders  # a bad value changed nothing at all
        # 5,000 characters: Discord does not even send them (the option declares its length).
        with pytest.raises(ValueError, match="length out of range"):
            await fake.slash(alice, dm, "tidetable notify", timezone="x" * 5000)
        # Typed into the suggestions, they are only looked up, bounded.
        choices = await fake.autocomplete(
            alice, dm, "tidetable notify", focused="timezone", timezone="Europe/Par" + "x" * 5000
        )
        assert choices.error is None
        said = await fake.slash(alice, dm, "tidetable notify", timezone="Europe/Paris")
        assert "Europe/Paris" in said.content
        assert not fake.errors


async def test_match_numbers_are_bounded_as_discord_bounds_integers(fake, make_bot):
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot()) as bot:
        channel = fake.channel("games")
        await gather(fake, bot, "tokan", channel, [alice, bob])
        for command in ("tokan board", "tokan log", "tokan replay"):
            for number in (2**63, -(2**63), 0, -5):  # Discord's client sends none of these
                with pytest.raises(ValueError, match="out of range"):
                    await fake.slash(alice, channel, command, match=number)
            said = await fake.slash(alice, channel, command, match=2**53 - 1)
            assert said.ephemeral and "#9007199254740991" in said.content, said.content
            assert UNEXPECTED not in said.content
            shown = await fake.slash(alice, channel, command, match=1)
            assert shown.ephemeral and UNEXPECTED not in (shown.content or "")
        assert not fake.errors
