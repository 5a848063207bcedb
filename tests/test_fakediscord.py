"""The local Discord stand-in, proven against a tiny real discord.py bot.

The bot below is ordinary discord.py code (a GroupCog, autocomplete, a deferral, an ephemeral
reply, a persistent DynamicItem button, a select menu, DMs); the stand-in only serves it.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.fakediscord import FakeDiscord, FakeUser

# ----- the demo bot ---------------------------------------------------------------------------


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"demo:count:(?P<n>\d+)"):
    """A persistent button whose custom_id carries a number; a click bumps it."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", style=discord.ButtonStyle.primary, custom_id=f"demo:count:{n}"
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None).add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"count is {self.n + 1}", view=view)


class Pick(discord.ui.View):
    @discord.ui.select(
        custom_id="demo:pick",
        options=[discord.SelectOption(label=c, value=c) for c in ("red", "green", "blue")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you chose {select.values[0]}", ephemeral=True)


def png_bytes() -> bytes:
    buf = io.BytesIO()
    Image.new("RGB", (12, 8), "red").save(buf, format="PNG")
    return buf.getvalue()


class Demo(commands.GroupCog, group_name="demo", group_description="Demo commands"):
    deep = app_commands.Group(name="deep", description="A nested group")

    def __init__(self, bot: DemoBot) -> None:
        self.bot = bot

    @app_commands.command(description="Pick a word")
    async def word(self, interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(f"picked {word}")

    @word.autocomplete("word")
    async def word_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        candidates = [f"{current}{i}" for i in range(30)]
        return [app_commands.Choice(name=c, value=c) for c in candidates][:25]

    @app_commands.command(description="Autocomplete that forgets Discord's limit")
    async def sloppy(self, interaction: discord.Interaction, word: str) -> None:
        await interaction.response.send_message(word)

    @sloppy.autocomplete("word")
    async def sloppy_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=f"w{i}", value=f"w{i}") for i in range(30)]

    @app_commands.command(description="Add two numbers")
    async def add(
        self,
        interaction: discord.Interaction,
        a: int,
        b: int,
        loud: bool = False,
        who: discord.Member | None = None,
    ) -> None:
        text = f"{a + b}{'!' if loud else ''}"
        if who is not None:
            text += f" for {who.mention} ({who.display_name})"
        await interaction.response.send_message(text)

    @app_commands.command(description="Defer, then send a picture")
    async def draw(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        data = await asyncio.to_thread(png_bytes)
        await interaction.followup.send("here", file=discord.File(io.BytesIO(data), "board.png"))

    @app_commands.command(description="A private answer")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("the secret is 42", ephemeral=True)

    @app_commands.command(description="Post a counter in the channel")
    async def post(self, interaction: discord.Interaction, start: int = 0) -> None:
        await interaction.response.send_message("posted", ephemeral=True)
        view = discord.ui.View(timeout=None).add_item(Counter(start))
        await interaction.channel.send(f"count is {start}", view=view)

    @app_commands.command(description="Offer a choice")
    async def choose(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("choose a colour", view=Pick())

    @app_commands.command(description="DM me")
    async def dm(self, interaction: discord.Interaction) -> None:
        try:
            view = discord.ui.View(timeout=None).add_item(Counter(100))
            await interaction.user.send("hello in private", view=view)
        except discord.Forbidden as exc:
            self.bot.forbidden_codes.append(exc.code)
            await interaction.response.send_message("your DMs are closed", ephemeral=True)
        else:
            await interaction.response.send_message("sent you a DM", ephemeral=True)

    @app_commands.command(description="Open a thread and read back a file")
    async def thread(self, interaction: discord.Interaction, name: str) -> None:
        await interaction.response.defer(ephemeral=True)
        thread = await interaction.channel.create_thread(
            name=name, type=discord.ChannelType.public_thread
        )
        sent = await thread.send("in the thread", file=discord.File(io.BytesIO(b"abc"), "a.txt"))
        data = await sent.attachments[0].read()
        await interaction.edit_original_response(content=f"opened {thread.name}, read {data!r}")

    @app_commands.command(description="A bug: answers twice")
    async def twice(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("one")
        try:  # a second InteractionResponse bypasses discord.py's own guard, like a 2nd process
            await discord.InteractionResponse(interaction).send_message("two")
        except discord.HTTPException as exc:
            self.bot.http_errors.append(exc.code)

    @app_commands.command(description="Too slow")
    async def slow(self, interaction: discord.Interaction) -> None:
        await asyncio.sleep(0.4)
        try:
            await interaction.response.send_message("late")
        except discord.NotFound as exc:
            self.bot.http_errors.append(exc.code)

    @app_commands.command(description="Who may manage?")
    async def admin(self, interaction: discord.Interaction) -> None:
        allowed = interaction.permissions.manage_guild
        await interaction.response.send_message("yes" if allowed else "no", ephemeral=True)

    @deep.command(description="Three levels down")
    async def down(self, interaction: discord.Interaction, depth: int) -> None:
        await interaction.response.send_message(f"depth {depth}")


class DemoBot(commands.Bot):
    def __init__(self, guild_id: int | None = None) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.sync_guild_id = guild_id
        self.forbidden_codes: list[int] = []
        self.http_errors: list[int] = []

    async def setup_hook(self) -> None:
        await self.add_cog(Demo(self))
        self.add_dynamic_items(Counter)

        @self.tree.command(description="Pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong")

        if self.sync_guild_id:
            guild = discord.Object(self.sync_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()


# ----- fixtures -------------------------------------------------------------------------------


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    async with FakeDiscord(ack_timeout=0.3) as fake:
        fake.add_member("alice")
        fake.add_member("bob")
        fake.add_member("admin", manage_guild=True)
        yield fake


@pytest.fixture
async def bot(fake: FakeDiscord) -> AsyncIterator[DemoBot]:
    async with fake.running(DemoBot()) as bot:
        yield bot


@pytest.fixture
def alice(fake: FakeDiscord) -> FakeUser:
    return fake.member("alice")


# ----- tests ----------------------------------------------------------------------------------


async def test_startup_syncs_commands_and_sees_the_guild(fake: FakeDiscord, bot: DemoBot) -> None:
    assert {c["name"] for c in fake.commands} == {"demo", "ping"}
    demo = next(c for c in fake.commands if c["name"] == "demo")
    assert {o["name"] for o in demo["options"]} >= {"word", "draw", "deep"}
    assert all(c["id"] and c["application_id"] == str(fake.application_id) for c in fake.commands)
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None and {c.name for c in guild.text_channels} == {"games", "other"}
    assert bot.user is not None and bot.user.id == fake.bot_user.id
    assert not fake.unknown_routes and not fake.errors


async def test_slash_commands_at_every_depth(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    games = fake.channel("games")
    res = await fake.slash(alice, games, "ping")
    assert (res.type, res.content, res.ephemeral, res.error) == (4, "pong", False, None)

    bob = fake.member("bob")
    res = await fake.slash(alice, games, "demo add", a=2, b=3, loud=True, who=bob)
    assert res.content == f"5! for <@{bob.id}> (bob)"
    assert res.message is not None and res.message.mentions == [bob.id]

    res = await fake.slash(alice, games, "demo deep down", depth=3)
    assert res.content == "depth 3"
    expected = ["pong", f"5! for <@{bob.id}> (bob)", "depth 3"]
    assert [m.content for m in fake.messages(games)] == expected

    with pytest.raises(ValueError, match="required"):
        await fake.slash(alice, games, "demo add", a=1)


async def test_autocomplete_is_capped_at_25(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    games = fake.channel("games")
    choices = await fake.autocomplete(alice, games, "demo word", focused="word", word="b")
    assert len(choices) == 25 and choices[0] == {"name": "b0", "value": "b0"}
    assert choices.error is None

    rejected = await fake.autocomplete(alice, games, "demo sloppy", focused="word", word="")
    assert rejected == [] and "25 or fewer" in (rejected.error or "")
    assert fake.errors[-1].code == 50035


async def test_defer_then_follow_up_with_a_png(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    res = await fake.slash(alice, fake.channel("games"), "demo draw")
    assert res.type == 5 and res.content == "here" and not res.ephemeral
    [(name, data)] = res.files
    assert name == "board.png"
    assert Image.open(io.BytesIO(data)).size == (12, 8)
    assert res.message in fake.messages(fake.channel("games"))


async def test_ephemeral_reply_stays_out_of_public_text(
    fake: FakeDiscord, bot: DemoBot, alice
) -> None:
    res = await fake.slash(alice, fake.channel("games"), "demo secret")
    assert res.ephemeral and res.content == "the secret is 42"
    assert "42" not in fake.all_public_text()
    assert fake.messages(fake.channel("games")) == []


async def test_dynamic_button_click(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    games = fake.channel("games")
    res = await fake.slash(alice, games, "demo post", start=7)
    assert res.ephemeral and res.content == "posted"
    [posted] = [m for m in fake.messages(games) if m.components]  # captured after the reply
    assert posted.custom_ids() == ["demo:count:7"]

    click = await fake.click(alice, posted, "demo:count:7")
    assert click.type == 7 and click.error is None
    assert posted.content == "count is 8" and posted.custom_ids() == ["demo:count:8"]


async def test_select_menu_on_an_interaction_reply(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    res = await fake.slash(alice, fake.channel("games"), "demo choose")
    assert res.message is not None
    picked = await fake.select(alice, res.message, "demo:pick", ["green"])
    assert picked.ephemeral and picked.content == "you chose green"


async def test_dms_open_and_closed(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    res = await fake.slash(alice, fake.channel("games"), "demo dm")
    assert res.content == "sent you a DM"
    assert [m.content for m in fake.dms(alice)] == ["hello in private"]
    assert "hello in private" not in fake.all_public_text()

    click = await fake.click(alice, fake.dms(alice)[0], "demo:count:100")  # a DM interaction
    assert click.error is None and fake.dms(alice)[0].content == "count is 101"

    bob = fake.member("bob")
    fake.close_dms(bob)
    res = await fake.slash(bob, fake.channel("games"), "demo dm")
    assert res.content == "your DMs are closed"
    assert bot.forbidden_codes == [50007] and fake.dms(bob) == []


async def test_threads_and_attachment_downloads(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    res = await fake.slash(alice, fake.channel("games"), "demo thread", name="talk")
    assert res.ephemeral and res.content == "opened talk, read b'abc'"
    talk = fake.channel("talk")
    assert talk.type == 11 and talk.parent_id == fake.channel("games").id
    [msg] = fake.messages(talk)
    assert msg.attachments == [("a.txt", b"abc")] and "in the thread" in fake.all_public_text()


async def test_second_acknowledgement_is_an_error(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    res = await fake.slash(alice, fake.channel("games"), "demo twice")
    assert res.content == "one"
    assert res.errors and res.errors[0].code == 40060
    assert "already been acknowledged" in (res.error or "")
    assert bot.http_errors == [40060]


async def test_unacknowledged_interaction_expires(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    res = await fake.slash(alice, fake.channel("games"), "demo slow")  # ack_timeout is 0.3 s here
    assert res.expired and res.type is None and "expired" in (res.error or "")
    await asyncio.sleep(0.2)
    await fake.settle()
    assert bot.http_errors == [10062]
    assert res.errors[0].code == 10062


async def test_members_permissions_reach_the_bot(fake: FakeDiscord, bot: DemoBot, alice) -> None:
    games = fake.channel("games")
    assert (await fake.slash(alice, games, "demo admin")).content == "no"
    assert (await fake.slash(fake.member("admin"), games, "demo admin")).content == "yes"


async def test_unknown_routes_are_reported(fake: FakeDiscord, bot: DemoBot) -> None:
    guild = bot.get_guild(fake.guild_id)
    assert guild is not None
    with pytest.raises(discord.NotFound):
        await guild.fetch_emojis()
    assert fake.unknown_routes == [f"GET /api/v10/guilds/{fake.guild_id}/emojis"]


async def test_urls_are_restored_on_close() -> None:
    before = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)
    async with FakeDiscord() as fake:
        assert fake.url + "/api/v10" == discord.http.Route.BASE
    assert before == (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)


async def test_restart_keeps_persistent_buttons_working(fake: FakeDiscord, alice) -> None:
    games = fake.channel("games")
    first = DemoBot()  # started by hand this time: login, then connect in a task
    fake.tune(first)
    await first.login("fake-token")
    task = asyncio.create_task(first.connect(reconnect=False))
    await fake.wait_ready(first)
    await fake.slash(alice, games, "demo post", start=1)
    [posted] = [m for m in fake.messages(games) if m.components]
    await first.close()
    await task

    async with fake.running(DemoBot(guild_id=fake.guild_id)):
        assert any(c.get("guild_id") == str(fake.guild_id) for c in fake.commands)
        res = await fake.click(alice, posted, "demo:count:1")
        assert res.error is None and posted.content == "count is 2"
        res = await fake.slash(alice, games, "ping")  # now resolved as a guild command
        assert res.content == "pong"
    assert len(fake.gateway.sessions) == 2


async def test_a_second_guild_has_its_own_channels_and_interactions(fake: FakeDiscord) -> None:
    other = fake.add_guild("Second Server", channels=("games", "lounge"))
    async with fake.running(DemoBot()) as bot:
        first, second = bot.get_guild(fake.guild_id), bot.get_guild(other)
        assert first is not None and second is not None and second.name == "Second Server"
        assert {c.name for c in first.text_channels} == {"games", "other"}
        assert {c.name for c in second.text_channels} == {"games", "lounge"}
        alice = fake.member("alice")
        assert second.member_count == first.member_count == 4  # members belong to every guild
        here = fake.channel("games", guild=other)
        assert here != fake.channel("games") and fake.guild_of(here) == other
        seen: list[int | None] = []

        @bot.listen("on_interaction")
        async def record(interaction: discord.Interaction) -> None:
            seen.append(interaction.guild_id)

        res = await fake.slash(alice, here, "ping")
        assert res.content == "pong" and seen == [other]
        await bot.get_partial_messageable(here.id).send("hello there")
        assert [m.content for m in fake.messages(here)][-1] == "hello there"
        assert not fake.unknown_routes and not fake.errors
