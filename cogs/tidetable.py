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
from i18n.text import T, Text, joined
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
        await answer(interaction, await self.mine_text(listed))

    async def mine_text(self, listed: list[Listed]) -> Text:
        if not listed:
            return T("You have no open match. Open one with `/<game> new` in a server channel.")
        awaiting = sum(1 for entry in listed if entry.awaiting_me)
        if listed[0].away_until:
            head = T(
                "**Your open matches** ({count}; {awaiting} waiting for you) — you are away "
                "until {until}",
                count=len(listed),
                awaiting=awaiting,
                until=messages.timestamp(listed[0].away_until, "f"),
            )
        else:
            head = T(
                "**Your open matches** ({count}; {awaiting} waiting for you)",
                count=len(listed),
                awaiting=awaiting,
            )
        lines: list[Text] = [head]
        for entry in listed[:MINE_SHOWN]:
            lines.append(await self.mine_line(entry))
        if len(listed) > MINE_SHOWN:
            lines.append(T("… and {count} more.", count=len(listed) - MINE_SHOWN))
        return joined(lines)

    async def mine_line(self, entry: Listed) -> Text:
        match = entry.match
        # The match's server may belong to a shard another process runs: names come through
        # People, from the cache or over REST.
        server = await self.bot.people.server(match.row.guild_id) or T("a server")
        channel = await self.bot.people.channel(match.row.channel_id) or str(match.row.channel_id)
        link = messages.channel_link(match.row.guild_id, match.row.channel_id)
        where = joined([server, f"[#{channel}]({link})"], ", ")
        name = f"**{match.game.spec.name}** #{match.id}"
        if match.status == "lobby":
            return T("• {match} — {where}: waiting to start.", match=name, where=where)
        whose: Text
        if entry.awaiting_me:
            whose = T("**your turn**")
        else:
            # As boards say it: whoever is awaited but away, and until when.
            awaited = [
                T(
                    "{person} (away until {until})",
                    person=messages.mention(u),
                    until=messages.timestamp(entry.waiting_away[u], "f"),
                )
                if u in entry.waiting_away
                else messages.mention(u)
                for u in entry.waiting
            ]
            whose = T("waiting for {people}", people=joined(awaited, " ") if awaited else "—")
        if entry.since:
            whose = joined([whose, T("since {when}", when=messages.timestamp(entry.since))], " ")
        due: Text | None = None
        if entry.paused:
            due = T("clock paused")
        elif entry.deadline is not None:
            due = T("time runs out {when}", when=messages.timestamp(entry.deadline))
        elif not match.row.clock:
            due = T("no clock")
        state = whose if due is None else joined([whose, due], "; ")
        return T(
            "• {mark}{match} — {where}: {state}",
            mark="▶ " if entry.awaiting_me else "",
            match=name,
            where=where,
            state=state,
        )

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
            T(
                "You are away until {until}: your clocks are stopped in every match, and others "
                "see that you are away. `/tidetable back` ends it early.",
                until=messages.timestamp(until, "f"),
            ),
        )

    @app_commands.command(name="back", description="End your time away: your clocks run again")
    async def back(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.turns.back(interaction.user.id)
        await answer(interaction, T("Welcome back: your clocks run again with the time they had."))

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
            raise NotHere(T("`turn` is one of: {ways}.", ways=", ".join(TURN_WAYS)))
        if dm_after is not None and not 0 <= dm_after <= MAX_DM_AFTER:
            raise NotHere(
                T("`dm_after` is 0 to {most} minutes (0: no DM follows).", most=MAX_DM_AFTER)
            )
        if quiet is not None and len(quiet) > QUIET_LENGTH:
            raise NotHere(
                T("Write quiet hours as `22:00-07:00` (from–to, 24-hour clock), or `off`.")
            )
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
            raise NotHere(T("Run this in a server: it sets that server's default clock."))
        permissions = getattr(interaction.user, "guild_permissions", None)
        if not (permissions and permissions.manage_guild):
            raise NotHere(T("Only a member with Manage Server can change the default clock."))
        if clock not in CLOCKS:
            raise NotHere(T("Choose one of: {clocks}.", clocks=", ".join(CLOCKS)))
        await self.turns.clocks.set_guild_clock(interaction.guild_id, clock)
        await answer(
            interaction,
            T(
                "New matches on this server get a clock of **{clock}** per decision unless "
                "their creator chooses another.",
                clock=clock_name(CLOCKS[clock]),
            ),
        )


def notify_text(prefs: Prefs) -> Text:
    """What the player's settings now are, in words."""
    if prefs.turn_by == DM:
        way = T("**a DM** (the board names you without a mention)")
    elif prefs.turn_by == BOTH and prefs.dm_after > 0:
        way = T(
            "**a mention** in the match's channel, then **a DM** if you have not acted "
            "{minutes} minutes later",
            minutes=prefs.dm_after,
        )
    else:
        way = T("**a mention** in the match's channel (no DM)")
    if prefs.dm_closed and prefs.turn_by != MENTION:
        way = joined([way, T("your DMs are closed, so a mention until they open")], "; ")
    quiet_said = prefs.quiet.text() if prefs.quiet else T("none (time zone {zone})", zone=prefs.tz)
    return T(
        "Your turns reach you by {way}. Reminders: **{reminders}**; quiet hours: **{quiet}**.",
        way=way,
        reminders=T("on") if prefs.reminders else T("off"),
        quiet=quiet_said,
    )


async def setup(bot: Host) -> None:
    await bot.add_cog(TidetableCog(bot))
