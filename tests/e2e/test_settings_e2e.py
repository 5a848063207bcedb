"""A server's settings end to end, through the real client and the Discord stand-in: an admin
limits where and by whom matches are opened and chooses their defaults; a match opened
elsewhere, or by a member without the role, is refused with a short private answer naming what
is allowed, and nothing is saved; a thread of an allowed channel is allowed; the defaults apply
to a new match; the command is hidden from members without Manage Server, and refused by the
bot to one whom the server let see it."""

from __future__ import annotations

import re

from app.application import Tidetable
from cogs.settings import SERVER_LANGUAGE
from data.clock import ManualClock
from i18n.catalogue import LANGUAGES, language_of
from tests.e2e.driver import drain
from tests.fakediscord import FakeDiscord, InteractionResult
from tests.fakediscord.payloads import MANAGE_GUILD
from tests.support.nim import Nim

NIM = {"games": {"nim": Nim()}, "cog_modules": {"nim": "tests.support.nim_cog"}}


async def matches(bot: Tidetable) -> int:
    return int((await bot.store._read("SELECT COUNT(*) FROM matches"))[0][0])


def match_id(result: InteractionResult) -> int:
    return int(re.search(r"#(\d+)", result.content or "").group(1))  # type: ignore[union-attr]


async def test_settings_decide_where_and_by_whom_matches_open_and_their_defaults(
    fake: FakeDiscord, make_bot
):
    admin = fake.add_member("admin", manage_guild=True)
    alice, bob = fake.add_member("alice"), fake.add_member("bob")
    async with fake.running(make_bot(**NIM)) as bot:
        games, other = fake.channel("games"), fake.channel("other")
        players = fake.add_role("Players")
        fake.give_role(alice, players)
        (command,) = [c for c in fake.commands if c["name"] == "tidetable-admin"]
        assert command["default_member_permissions"] == str(MANAGE_GUILD)

        saved = await fake.slash(
            admin, other, "tidetable-admin settings", allow=games, role=players, clock="24h",
            undo=False, language="fr", announcements=other,
        )  # fmt: skip
        assert saved.ephemeral and saved.content.startswith("Saved"), saved.content
        assert f"<#{games.id}> and their threads" in saved.content
        assert players.mention in saved.content and "clock **24h**, undo **off**" in saved.content
        # French has no catalogue yet: the server's posts would read English (as the README
        # says), which the pseudo-language run takes for texts that bypassed the catalogue.
        # Its matches are opened in the server's own language instead.
        back = await fake.slash(admin, other, "tidetable-admin settings", language="server")
        assert back.ephemeral and back.content.startswith("Saved"), back.content

        # Elsewhere, or without the role: refused, privately, saying what is allowed.
        outside = await fake.slash(alice, other, "nim new")
        assert outside.ephemeral and games.mention in outside.content, outside.content
        assert "thread" in outside.content and "Nothing was saved" in outside.content
        no_role = await fake.slash(bob, games, "nim new")
        assert no_role.ephemeral and players.mention in no_role.content, no_role.content
        assert await matches(bot) == 0 and fake.messages(games) == []

        # In the channel, by a member with the role: the server's defaults apply.
        opened = await fake.slash(alice, games, "nim new")
        assert opened.ephemeral and "is open" in opened.content, opened.content
        match = await bot.service.by_id(match_id(opened))
        assert match.row.clock == 24 * 3600 and match.options["undo"] == "off"
        assert "Clock: 24h per decision" in fake.messages(games)[-1].content
        await fake.slash(alice, games, "nim cancel")
        # Her own choice wins; and a thread of the allowed channel is allowed too.
        opened = await fake.slash(alice, games, "nim new", thread=True, undo=True, clock="12h")
        assert "is open" in opened.content, opened.content
        match = await bot.service.by_id(match_id(opened))
        assert match.row.clock == 12 * 3600 and match.options.get("undo", "on") == "on"
        thread = fake.channels[match.row.channel_id]
        assert thread.parent_id == games.id
        await fake.slash(alice, thread, "nim cancel")
        inside = await fake.slash(alice, thread, "nim new")
        assert "is open" in inside.content, inside.content
        assert (await bot.service.by_id(match_id(inside))).row.channel_id == thread.id

        # An admin may open a match without the role (they choose it), not outside the channels.
        assert "is open" in (await fake.slash(admin, games, "nim new")).content
        assert "Nothing was saved" in (await fake.slash(admin, other, "nim new")).content
        assert not fake.unknown_routes and not fake.errors


async def test_a_member_without_manage_server_cannot_change_the_settings(
    fake: FakeDiscord, make_bot
):
    admin = fake.add_member("admin", manage_guild=True)
    bob = fake.add_member("bob")
    async with fake.running(make_bot(**NIM)) as bot:
        games = fake.channel("games")
        # Discord does not offer him the command...
        try:
            await fake.slash(bob, games, "tidetable-admin settings", anywhere=True)
        except PermissionError as hidden:
            assert "does not offer /tidetable-admin" in str(hidden)
        else:
            raise AssertionError("the command was offered to a member without Manage Server")
        # ... and when the server lets him see it, the bot refuses it: nothing changes.
        await fake.slash(admin, games, "tidetable-admin settings", allow=games, undo=False)
        fake.allow_command("tidetable-admin", bob)
        refused = await fake.slash(bob, games, "tidetable-admin settings", anywhere=True)
        assert refused.ephemeral and "Manage Server" in refused.content, refused.content
        settings = await bot.service.store._read("SELECT * FROM guild_settings")
        assert [(r["match_channels"], r["default_undo"]) for r in settings] == [
            (str(games.id), "off")
        ]
        shown = await fake.slash(admin, games, "tidetable-admin settings")
        assert f"<#{games.id}> and their threads" in shown.content, shown.content
        # The older command still sets the same default clock.
        clock = await fake.slash(admin, games, "tidetable clockdefault", clock="1w")
        assert "1w" in clock.content
        shown = await fake.slash(admin, games, "tidetable-admin settings")
        assert "clock **1w**" in shown.content, shown.content


async def test_taking_away_the_last_allowed_channel_is_refused_not_a_way_to_allow_all(
    fake, make_bot
):
    admin = fake.add_member("admin", manage_guild=True)
    async with fake.running(make_bot()):
        games, other = fake.channel("games"), fake.channel("other")
        await fake.slash(admin, games, "tidetable-admin settings", allow=games)
        refused = await fake.slash(admin, games, "tidetable-admin settings", disallow=games)
        assert refused.ephemeral and "only channel allowed" in refused.content, refused.content
        stranger = await fake.slash(admin, games, "tidetable-admin settings", disallow=other)
        assert "cannot be taken away" in stranger.content, stranger.content
        shown = await fake.slash(admin, games, "tidetable-admin settings")
        assert f"<#{games.id}>" in shown.content and "anywhere" not in shown.content.lower()


async def test_a_servers_chosen_language_says_its_next_post_at_once(fake: FakeDiscord, make_bot):
    """`language:de` on a server whose locale Discord reports as its own (en-US, or the
    pseudo-language in that run): the server's next public post is said with the German
    catalogue at once, not after the minute a server's language is trusted from memory (the
    bot's clock does not move); the catalogue's languages are offered first."""
    admin = fake.add_member("admin", manage_guild=True)
    async with fake.running(make_bot(clock=ManualClock())) as bot:
        games = fake.channel("games")
        # Read once before the change: the server's own locale, now held in memory.
        assert await bot.languages.of_server(fake.guild_id) == language_of(fake.locale)

        offered = await fake.autocomplete(
            admin, games, "tidetable-admin settings", focused="language", language=""
        )
        assert offered.error is None, offered.error
        assert [c["value"] for c in offered[:4]] == [*LANGUAGES, SERVER_LANGUAGE], offered

        saved = await fake.slash(admin, games, "tidetable-admin settings", language="de")
        assert saved.ephemeral and saved.content.startswith("Saved"), saved.content
        assert "(de)" in saved.content, saved.content
        assert await bot.languages.of_server(fake.guild_id) == "de"

        # The next public post: a league's sign-up message, whose format is said in German.
        before = len(fake.language_leaks)
        opened = await fake.slash(
            admin, games, "league open", game="tokan", format="swiss", name="Cup"
        )
        assert opened.ephemeral and "is open for sign-ups" in opened.content, opened.content
        await drain(bot, fake)
        (signup,) = fake.messages(games, r"\*\*Cup\*\*")
        assert "Schweizer System" in signup.content and "Swiss" not in signup.content
        assert "(Liga #1)" in signup.content, signup.content
        # In the pseudo-language run the stand-in takes any plain word in a post for a text
        # that bypassed the catalogue: this server chose German, so its posts are plain German.
        german = f"/channels/{games.id}/messages"
        fake.language_leaks[before:] = [
            leak for leak in fake.language_leaks[before:] if german not in leak
        ]
        assert not fake.unknown_routes and not fake.errors
