"""/tidetable: the player's side of the asynchronous table, across every server and game.

`mine` lists every open match of the player (in any server the bot shares with them, or in a DM
with the bot), `away` and `back` stop and start their clocks, `notify` sets what the bot may send
them and when, and `clockdefault` lets a server's admins choose the clock new matches get.
Thin: the work is in ``table/turns.py``; the words are chosen here and in ``cogs/messages.py``.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs import messages
from cogs.bounds import QUIET_LENGTH, DmAfter, QuietText, ZoneName
from cogs.history import stats_answer
from cogs.host import Host
from cogs.matchlist import MatchHistoryCommands
from cogs.privacy import ForgetCommands
from cogs.replies import answer
from cogs.tables import TablesCommands
from data.clockrows import BOTH, DM, MAX_DM_AFTER, MENTION, TURN_WAYS, Prefs
from rules.base import narrow
from rules.errors import PlayerError
from table.turnclock import (
    CLOCKS,
    MAX_AWAY_DAYS,
    ZONE_NAME_LIMIT,
    check_zone,
    clock_name,
    known_zones,
    parse_quiet,
)
from table.turns import Listed, Turns

# `mine` shows at most this many matches (a Discord message holds 2000 characters).
MINE_SHOWN = 15
# How a turn reaches a player (data/clockrows.py says why the mention is the default).
TURN_CHOICES = [
    app_commands.Choice(name="a mention in the match's channel (default)", value=MENTION),
    app_commands.Choice(name="a DM", value=DM),
    app_commands.Choice(name="a mention, then a DM if I have not acted", value=BOTH),
]


class NotHere(PlayerError):
    """A command that needs a server (or its admins)."""


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
class TidetableCog(
    ForgetCommands,
    MatchHistoryCommands,
    TablesCommands,
    commands.GroupCog,
    group_name="tidetable",
    group_description="Your matches, clocks and notices",
):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.turns: Turns = bot.service.turns
        super().__init__()

    @app_commands.command(name="mine", description="Every open match of yours, your turns first")
    async def mine(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        listed = await self.turns.mine(interaction.user.id)
        await answer(interaction, messages.clip(await self.mine_text(listed)))

    async def mine_text(self, listed: list[Listed]) -> str:
        if not listed:
            return "You have no open match. Open one with `/<game> new` in a server channel."
        awaiting = sum(1 for entry in listed if entry.awaiting_me)
        head = f"**Your open matches** ({len(listed)}; {awaiting} waiting for you)"
        if listed[0].away_until:
            head += f" — you are away until {messages.timestamp(listed[0].away_until, 'f')}"
        lines = [head]
        for entry in listed[:MINE_SHOWN]:
            lines.append(await self.mine_line(entry))
        if len(listed) > MINE_SHOWN:
            lines.append(f"… and {len(listed) - MINE_SHOWN} more.")
        return "\n".join(lines)

    async def mine_line(self, entry: Listed) -> str:
        match = entry.match
        # The match's server may belong to a shard another process runs: names come through
        # People, from the cache or over REST.
        server = await self.bot.people.server(match.row.guild_id) or "a server"
        channel = await self.bot.people.channel(match.row.channel_id) or str(match.row.channel_id)
        link = messages.channel_link(match.row.guild_id, match.row.channel_id)
        where = f"{server}, [#{channel}]({link})"
        name = f"**{match.game.spec.name}** #{match.id}"
        if match.status == "lobby":
            return f"• {name} — {where}: waiting to start."
        if entry.awaiting_me:
            whose = "**your turn**"
        else:
            # As boards say it: whoever is awaited but away, and until when.
            awaited = [
                messages.mention(u)
                + (
                    f" (away until {messages.timestamp(entry.waiting_away[u], 'f')})"
                    if u in entry.waiting_away
                    else ""
                )
                for u in entry.waiting
            ]
            whose = "waiting for " + (" ".join(awaited) or "—")
        since = f" since {messages.timestamp(entry.since)}" if entry.since else ""
        if entry.paused:
            due = "; clock paused"
        elif entry.deadline is not None:
            due = f"; time runs out {messages.timestamp(entry.deadline)}"
        else:
            due = "" if match.row.clock else "; no clock"
        return f"• {'▶ ' if entry.awaiting_me else ''}{name} — {where}: {whose}{since}{due}"

    @app_commands.command(name="away", description="Stop your clocks in every match for a while")
    @app_commands.describe(days=f"How many days (1 to {MAX_AWAY_DAYS})")
    async def away(
        self,
        interaction: discord.Interaction,
        days: app_commands.Range[int, 1, MAX_AWAY_DAYS],
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        until = await self.turns.away(interaction.user.id, days)
        await answer(
            interaction,
            f"You are away until {messages.timestamp(until, 'f')}: your clocks are stopped in "
            "every match, and others see that you are away. `/tidetable back` ends it early.",
        )

    @app_commands.command(name="back", description="End your time away: your clocks run again")
    async def back(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.turns.back(interaction.user.id)
        await answer(interaction, "Welcome back: your clocks run again with the time they had.")

    @app_commands.command(name="stats", description="Matches, wins and ratings per game")
    @app_commands.describe(
        player="Whose (default: yours)",
        everywhere="Across every server (default: this server)",
    )
    async def stats(
        self,
        interaction: discord.Interaction,
        player: discord.User | None = None,
        everywhere: bool = False,
    ) -> None:
        await stats_answer(self.bot, interaction, player, everywhere=everywhere)

    @app_commands.command(name="notify", description="How your turns reach you, and when not")
    @app_commands.describe(
        turn="How your turn reaches you: a mention in the match's channel (default), a DM, or both",
        dm_after="With both: minutes before the DM follows if you have not acted (0: never; 60)",
        reminders="Reminders at half time and one hour before your time runs out",
        quiet="Quiet hours, e.g. 22:00-07:00 (no DMs or reminders then), or off",
        timezone="Your time zone for quiet hours, e.g. Europe/Paris",
    )
    @app_commands.choices(turn=TURN_CHOICES)
    async def notify(
        self,
        interaction: discord.Interaction,
        turn: str | None = None,
        dm_after: DmAfter | None = None,
        reminders: bool | None = None,
        quiet: QuietText | None = None,
        timezone: ZoneName | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        # Every value is checked before any is used or saved (Discord enforces the declared
        # bounds too, but the bot does not rely on it): a bad one changes nothing.
        if turn is not None and turn not in TURN_WAYS:
            raise NotHere(f"`turn` is one of: {', '.join(TURN_WAYS)}.")
        if dm_after is not None and not 0 <= dm_after <= MAX_DM_AFTER:
            raise NotHere(f"`dm_after` is 0 to {MAX_DM_AFTER} minutes (0: no DM follows).")
        if quiet is not None and len(quiet) > QUIET_LENGTH:
            raise NotHere("Write quiet hours as `22:00-07:00` (from–to, 24-hour clock), or `off`.")
        zone = check_zone(timezone) if timezone is not None else None
        hours: tuple[int, int] | bool | None = False
        if quiet is not None:
            hours = parse_quiet(quiet)
        prefs = await self.turns.clocks.set_prefs(
            interaction.user.id,
            turn_by=turn,
            dm_after=dm_after,
            reminders=reminders,
            quiet=hours,
            tz=zone,
        )
        await answer(interaction, notify_text(prefs))

    @notify.autocomplete("timezone")
    async def zone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        zones = sorted(known_zones())
        typed = current[:ZONE_NAME_LIMIT]  # what was typed, bounded before use
        return [app_commands.Choice(name=z, value=z) for z in narrow(zones, typed)]

    @app_commands.command(
        name="clockdefault", description="The clock new matches get on this server (admins)"
    )
    @app_commands.describe(clock="Time each decision may take")
    @app_commands.choices(clock=[app_commands.Choice(name=c, value=c) for c in CLOCKS])
    async def clockdefault(self, interaction: discord.Interaction, clock: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild_id is None:
            raise NotHere("Run this in a server: it sets that server's default clock.")
        permissions = getattr(interaction.user, "guild_permissions", None)
        if not (permissions and permissions.manage_guild):
            raise NotHere("Only a member with Manage Server can change the default clock.")
        if clock not in CLOCKS:
            raise NotHere(f"Choose one of: {', '.join(CLOCKS)}.")
        await self.turns.clocks.set_guild_clock(interaction.guild_id, clock)
        await answer(
            interaction,
            f"New matches on this server get a clock of **{clock_name(CLOCKS[clock])}** per "
            "decision unless their creator chooses another.",
        )


def notify_text(prefs: Prefs) -> str:
    """What the player's settings now are, in words."""
    if prefs.turn_by == DM:
        way = "**a DM** (the board names you without a mention)"
    elif prefs.turn_by == BOTH and prefs.dm_after > 0:
        way = (
            f"**a mention** in the match's channel, then **a DM** if you have not acted "
            f"{prefs.dm_after} minutes later"
        )
    else:
        way = "**a mention** in the match's channel (no DM)"
    if prefs.dm_closed and prefs.turn_by != MENTION:
        way += "; your DMs are closed, so a mention until they open"
    quiet_said = prefs.quiet.text() if prefs.quiet else f"none (time zone {prefs.tz})"
    return (
        f"Your turns reach you by {way}. Reminders: **{'on' if prefs.reminders else 'off'}**; "
        f"quiet hours: **{quiet_said}**."
    )


async def setup(bot: Host) -> None:
    await bot.add_cog(TidetableCog(bot))
