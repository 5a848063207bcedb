"""/league: leagues and tournaments on a server, and the posts that tell them.

An admin (Manage Server, or the role the server names with `/league setup`) opens a league in a
channel; people sign up with its button; `/league start` (or the sign-up deadline) pairs round
one. Each match opens in a thread of its own, started from a post in the league's channel (the
thread takes that post's id, so a retried opening finds the thread it made). When a league
match ends, the round may be over: ``Leagues.advance`` pairs the next one. Standings are posted
after every round and at the end, as a picture with its alt text.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import io
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import messages
from cogs.host import Host
from cogs.language import reader
from cogs.pictures import rendered
from cogs.replies import answer, report
from cogs.tables import deliver_list
from data.dberrors import StorageError
from data.leagues import SIGNUP, LeagueRow, LeagueStore, newer_in_lane
from data.outbox import Permanent
from data.store import OutboxEntry
from i18n.catalogue import ENGLISH, say
from i18n.text import TN, Param, T, Text, joined
from render.standings import draw_standings
from rules.errors import InvalidMove, PlayerError
from rules.registry import GAMES
from table.errors import NotAllowed
from table.leagues import LeagueError, Leagues, Picture, compute_standings
from table.standings import FORMAT_NAMES, FORMATS, TIEBREAKS, Row, points_text
from table.turnclock import CLOCK_CHOICES

log = logging.getLogger("tidetable.leagues")
NOBODY = discord.AllowedMentions.none()
THREAD_EXISTS = 160004  # Discord: "A thread has already been created for this message"
DEADLINE_CHECK = 60.0  # seconds between looks at sign-up deadlines and unfinished rounds
OPTION = re.compile(r"([A-Za-z_]+)\s*[:=]\s*([^\s,]+)")
ALT = 1024  # Discord's limit for an attachment's description


LeagueId = app_commands.Range[int, 1, 2**53]


class SignUpButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"tt:lg:(?P<league>\d+)",
):
    """Sign up for league ``league``."""

    def __init__(self, league_id: int, disabled: bool = False, language: str = ENGLISH) -> None:
        super().__init__(
            discord.ui.Button(
                label=say(T("Sign up"), language),
                style=discord.ButtonStyle.success,
                custom_id=f"tt:lg:{league_id}",
                disabled=disabled,
            )
        )
        self.league_id = league_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignUpButton:
        return cls(int(match["league"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("LeagueCog")  # type: ignore[attr-defined]
        await cog.sign_up_by_button(interaction, self.league_id)


def parse_options(text: str) -> dict[str, str]:
    """``key=value`` pairs (or ``key:value``), separated by spaces or commas; anything else in
    the text is refused (silently dropping it would open a league with options nobody chose)."""
    left = OPTION.sub("", text or "")
    if left.replace(",", " ").strip():
        raise LeagueError(
            T(
                "Options are written key=value, separated by spaces or commas; a value of "
                "several words joins them with + (for example `sets=kingfish+lunkers`)."
            )
        )
    return {k.lower(): v for k, v in OPTION.findall(text or "")}


def is_admin(interaction: discord.Interaction, role: int | None) -> bool:
    permissions = getattr(interaction.user, "guild_permissions", None)
    if permissions is not None and permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", [])
    return role is not None and any(r.id == role for r in roles)


class LeagueCog(
    commands.GroupCog, group_name="league", group_description="Leagues and tournaments"
):
    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = LeagueStore(bot.service.store)
        self.leagues = Leagues(bot.service, self.store, **self._seeds())
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()  # a league opened: its deadline is looked at again
        super().__init__()

    def _seeds(self) -> dict[str, Any]:
        new_seed = getattr(self.bot, "new_seed", None)
        return {"new_seed": new_seed} if new_seed is not None else {}

    async def cog_load(self) -> None:
        self.bot.outbox_kinds["league"] = self.deliver
        self.bot.outbox_kinds["tables"] = functools.partial(deliver_list, self.bot)
        self.bot.match_over_hooks.append(self.match_over)
        self.bot.add_dynamic_items(SignUpButton)
        self._task = asyncio.create_task(self._keep(), name="leagues")

    async def cog_unload(self) -> None:
        self.bot.outbox_kinds.pop("league", None)
        self.bot.outbox_kinds.pop("tables", None)
        if self.match_over in self.bot.match_over_hooks:
            self.bot.match_over_hooks.remove(self.match_over)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task

    async def _keep(self) -> None:
        """Sign-up deadlines, and rounds that ended while no process was there to see it (a
        crash, a restart): looked at on start-up, at the next deadline (on the bot's clock),
        when a league is opened, and every minute."""
        while True:
            self._wake.clear()
            soon = self.bot.clock.now() + DEADLINE_CHECK
            try:
                await self.catch_up()
                deadlines = [
                    lg.signup_until for lg in await self.store.unfinished() if lg.status == SIGNUP
                ]
                soon = min([soon, *deadlines])
            except StorageError as error:
                log.warning("leagues: %s", error)
            await self.bot.clock.sleep_until(soon, self._wake)

    async def catch_up(self) -> None:
        # Each league on its own: one that cannot be paired (a fault) must not stop the keeper
        # from looking at every other league's deadline and rounds.
        for league_id in await self.leagues.due_signups():
            try:
                await self.leagues.begin(league_id, None, True)
            except (LeagueError, NotAllowed):
                pass
            except StorageError:
                raise
            except Exception:
                log.exception("league %s: round one not paired", league_id)
        for league in await self.store.unfinished():
            try:
                await self.leagues.advance(league.id)
            except StorageError:
                raise
            except Exception:
                log.exception("league %s: next round not paired", league.id)
        self.bot.dispatcher.nudge()

    async def match_over(self, match_id: int) -> None:
        league_id = await self.store.league_of_match(match_id)
        if league_id is not None and await self.leagues.advance(league_id):
            self.bot.dispatcher.nudge()

    # -- commands --------------------------------------------------------------------------
    async def _admin(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            raise LeagueError(T("Leagues are run on a server, not in DMs."))
        places = await self.store.places(interaction.guild_id)
        if not is_admin(interaction, places.league_role):
            raise NotAllowed(
                T("Opening a league takes Manage Server, or the role the server named for leagues.")
            )

    @app_commands.command(name="open", description="Open a league or tournament in this channel")
    @app_commands.describe(
        game="The game",
        format="swiss, roundrobin or elimination",
        rounds="Swiss: how many rounds",
        seats="Players at each table (default: two, or the game's least)",
        clock="Time for each decision",
        signup_hours="Hours sign-ups stay open (then round one is paired)",
        options="The game's options, as key=value",
        name="The league's name",
    )
    @app_commands.choices(
        game=[app_commands.Choice(name=g.spec.name, value=key) for key, g in GAMES.items()],
        format=[app_commands.Choice(name=FORMAT_NAMES[f], value=f) for f in FORMATS],
        clock=[app_commands.Choice(name=c, value=c) for c in CLOCK_CHOICES],
    )
    async def open_league(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 1, 12] = 3,
        seats: app_commands.Range[int, 2, 5] | None = None,
        clock: str = "default",
        signup_hours: app_commands.Range[float, 0.0, 720.0] = 24.0,
        options: app_commands.Range[str, 0, 200] = "",
        name: app_commands.Range[str, 0, 60] = "",
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._admin(interaction)
        league = await self.leagues.open(
            guild_id=interaction.guild_id or 0,
            channel_id=interaction.channel_id or 0,
            creator_id=interaction.user.id,
            game_key=game,
            fmt=format,
            options=parse_options(options),
            clock=clock,
            size=seats,
            rounds=rounds,
            signup_seconds=signup_hours * 3600.0,
            name=name,
        )
        self.bot.dispatcher.nudge()
        self._wake.set()
        await answer(
            interaction,
            T(
                "League #{number} ({name}) is open for sign-ups.",
                number=league.id,
                name=league.name,
            ),
        )

    async def _here(self, interaction: discord.Interaction, league_id: int) -> LeagueRow:
        """The league, when it is this server's (ids are the bot's: another server's league
        is not this one's business)."""
        league = await self.store.league(league_id)
        if league is None or league.guild_id != interaction.guild_id:
            raise LeagueError(T("There is no league #{number} on this server.", number=league_id))
        return league

    @app_commands.command(name="start", description="Close sign-ups and pair round one")
    async def start(self, interaction: discord.Interaction, league: LeagueId) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._here(interaction, league)
        places = await self.store.places(interaction.guild_id or 0)
        row = await self.leagues.begin(
            league, interaction.user.id, is_admin(interaction, places.league_role)
        )
        self.bot.dispatcher.nudge()
        await answer(
            interaction, T("League #{number} has begun: round one is paired.", number=row.id)
        )

    @app_commands.command(name="standings", description="A league's standings now")
    async def standings_command(self, interaction: discord.Interaction, league: LeagueId) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._here(interaction, league)
        picture = await self.leagues.picture(league)
        league_row = picture.league
        when = (
            T("after round {round}", round=league_row.round)
            if league_row.status == "finished"
            else T("so far in round {round}", round=league_row.round)
        )
        text, file = await self.standings_post(picture, False, when, reader(interaction))
        await answer(interaction, messages.clip(text), file=file)

    @app_commands.command(
        name="withdraw", description="Leave a league (your matches go to the table)"
    )
    async def withdraw(self, interaction: discord.Interaction, league: LeagueId) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._here(interaction, league)
        handed = await self.leagues.withdraw(league, interaction.user.id)
        self.bot.dispatcher.nudge()
        withdrew = T("You withdrew from league #{number}.", number=league)
        if handed:
            handed_over = T("The table plays your seat in match #{match}.", match=handed[0])
            withdrew = joined([withdrew, handed_over], " ")
        await answer(interaction, withdrew)

    @app_commands.command(name="cancel", description="Cancel a league (its opener or an admin)")
    async def cancel(self, interaction: discord.Interaction, league: LeagueId) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._here(interaction, league)
        places = await self.store.places(interaction.guild_id or 0)
        row = await self.leagues.cancel(
            league, interaction.user.id, is_admin(interaction, places.league_role)
        )
        self.bot.dispatcher.nudge()
        await answer(interaction, T("League #{number} is cancelled.", number=row.id))

    @app_commands.command(
        name="setup", description="Where the open tables are listed; who may open leagues"
    )
    @app_commands.describe(
        tables_channel="The channel where the bot keeps one message listing the open tables",
        role="A role that may open leagues, besides Manage Server",
    )
    async def setup_command(
        self,
        interaction: discord.Interaction,
        tables_channel: discord.TextChannel | None = None,
        role: discord.Role | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        permissions = getattr(interaction.user, "guild_permissions", None)
        if interaction.guild_id is None or not (permissions and permissions.manage_guild):
            raise NotAllowed(T("Only a member with Manage Server can change this."))
        await self.store.set_places(
            interaction.guild_id,
            list_channel=tables_channel.id if tables_channel else None,
            league_role=role.id if role else None,
        )
        self.bot.dispatcher.nudge()
        where = f"<#{tables_channel.id}>" if tables_channel else T("nowhere")
        who = f"<@&{role.id}>" if role else T("Manage Server only")
        await answer(
            interaction,
            T("Open tables are listed in {where}; leagues opened by {who}.", where=where, who=who),
        )

    async def sign_up_by_button(self, interaction: discord.Interaction, league_id: int) -> None:
        if not await self.bot.taking(interaction):
            return
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            # A button's id names any league: only this server's takes sign-ups from here.
            await self._here(interaction, league_id)
            league = await self.leagues.sign_up(league_id, interaction.user.id)
            self.bot.dispatcher.nudge()
            await answer(
                interaction,
                T(
                    "You signed up for league #{number} ({name}).",
                    number=league.id,
                    name=league.name,
                ),
            )
        except Exception as error:
            await report(interaction, error)

    # -- posts -------------------------------------------------------------------------------
    async def deliver(self, entry: OutboxEntry, nonce: str) -> None:
        payload = entry.payload
        league = await self.store.league(int(payload["league"]))
        if league is None:
            raise Permanent(f"league {payload['league']} is gone")
        channel = self.bot.get_partial_messageable(league.channel_id)
        # A league's posts are read by its server: said in the server's language.
        language = await self.bot.languages.of_server(league.guild_id)
        what = payload.get("do")
        if what == "signup":
            await self._signup_message(league, entry, nonce, language)
        elif what == "open":
            await self._open_match(league, int(payload["table"]), nonce, language)
        elif what in ("round", "final"):
            picture = await self.leagues.picture(league.id)
            number = int(payload.get("round", league.round))
            if what == "final":
                after = T("after round {round}", round=league.round)
                text, file = await self.standings_post(picture, True, after, language)
                over = T(
                    "**{name}** (league #{number}) is over.", name=league.name, number=league.id
                )
                text = say(joined([over, text]), language)
            else:
                text, file = await self.round_post(picture, number, language)
            await channel.send(
                messages.clip(text),
                file=file,
                nonce=nonce,
                # Nobody is pinged: each match's first post in its thread calls whoever must
                # act (one notification per decision).
                allowed_mentions=NOBODY,
            )
        elif what == "withdrew":
            name = await self.bot.people.name(league.guild_id, int(payload["user"]))
            withdrew = T(
                "{player} withdrew from **{name}** (league #{number}): the table plays their "
                "seat in matches under way, and later rounds go on without them.",
                player=name or T("A player"),
                name=league.name,
                number=league.id,
            )
            await channel.send(
                say(withdrew, language),
                nonce=nonce,
                allowed_mentions=NOBODY,
            )
        elif what == "cancelled":
            cancelled = T(
                "**{name}** (league #{number}) is cancelled.", name=league.name, number=league.id
            )
            await channel.send(
                say(cancelled, language),
                nonce=nonce,
                allowed_mentions=NOBODY,
            )
        else:
            raise Permanent(f"unknown league post {what!r}")

    async def _signup_message(
        self, league: LeagueRow, entry: OutboxEntry, nonce: str, language: str
    ) -> None:
        """The sign-up message: posted once, edited as people sign up; skipped when a later
        edit waits in the league's lane (it will show the sign-ups as they are then)."""
        if league.message_id is not None and await newer_in_lane(
            self.bot.service.store, entry.lane, entry.id, '%"do": "signup"%'
        ):
            return
        entrants = await self.store.entrants(league.id)
        names = await self.bot.people.names(league.guild_id, [e.user_id for e in entrants])
        spec = self.bot.service.games[league.game].spec
        # Options are notation (the names and values the game's options take), not words.
        options = ", ".join(f"`{k} {v}`" for k, v in league.options.items()) or T("standard")
        # The format's name is the table's label, said through the catalogue.
        form: Text = Text(FORMAT_NAMES[league.format])
        if league.rounds:
            form = TN(
                "{format}, {count} round", "{format}, {count} rounds", league.rounds, format=form
            )
        signed = ", ".join(n or f"<@{e.user_id}>" for n, e in zip(names, entrants, strict=True))
        lines: list[Text] = [
            T(
                "**{name}** (league #{number}): {game}, {format}, tables of {size}; options: "
                "{options}; {clock}; sign-ups close {when}.",
                name=league.name,
                number=league.id,
                game=spec.name,
                format=form,
                size=league.size,
                options=options,
                clock=clock_text(league.clock),
                when=messages.timestamp(league.signup_until, "R"),
            ),
            T(
                "Signed up ({count}): {people}",
                count=len(entrants),
                people=signed or T("nobody yet"),
            ),
        ]
        open_ = league.status == SIGNUP
        if not open_:
            lines.append(T("Sign-ups are closed."))
        text = say(joined(lines), language)
        view = discord.ui.View(timeout=None)
        view.add_item(SignUpButton(league.id, disabled=not open_, language=language))
        channel = self.bot.get_partial_messageable(league.channel_id)
        if league.message_id is not None:
            try:
                await channel.get_partial_message(league.message_id).edit(
                    content=messages.clip(text), view=view, allowed_mentions=NOBODY
                )
                return
            except discord.NotFound:
                pass
        sent = await channel.send(
            messages.clip(text), view=view, nonce=nonce, allowed_mentions=NOBODY
        )
        await self.store.set_message(league.id, sent.id)

    async def _open_match(
        self, league: LeagueRow, table_id: int, nonce: str, language: str
    ) -> None:
        """A paired table's match: its post in the league's channel, the thread started from
        it, the match moved into the thread and started with its seats in the pairing's order.
        Each step finds the last one's work on a retry."""
        found = await self.store.table(table_id)
        match_id = found[1].match_id if found is not None else None
        if found is None or match_id is None:
            raise Permanent(f"league table {table_id} is gone")
        table = found[1]
        match = await self.bot.service.by_id(match_id, allow_damaged=True)
        thread_id = match.row.channel_id
        if thread_id < 0:
            names = await self.bot.people.names(league.guild_id, list(table.players))
            who = ", ".join(n or f"<@{p}>" for n, p in zip(names, table.players, strict=True))
            channel = self.bot.get_partial_messageable(league.channel_id)
            title = f"{league.name[:40]} r{table.round} t{table.number}"
            try:
                opened = T(
                    "**{name}**, round {round}, table {table}: {players}. Match #{number} is "
                    "played in its thread.",
                    name=league.name,
                    round=table.round,
                    table=table.number,
                    players=who,
                    number=match.id,
                )
                post = await channel.send(
                    say(opened, language),
                    nonce=nonce,
                    allowed_mentions=NOBODY,
                )
                try:
                    made = await self.bot.http.start_thread_with_message(
                        league.channel_id, post.id, name=title, auto_archive_duration=10080
                    )
                    thread_id = int(made["id"])
                except discord.HTTPException as error:
                    if error.code != THREAD_EXISTS:
                        raise
                    thread_id = post.id  # made by an earlier try: a message's thread has its id
            except discord.Forbidden:
                # The bot may not post or make threads there: the match cannot be played, and
                # is cancelled (a draw at its table) so that the round can still end.
                with contextlib.suppress(PlayerError):
                    await self.bot.service.cancel(thread_id, league.game, league.creator_id, True)
                await self.leagues.advance(league.id)
                raise
            await self.store.place_match(match.id, table_id, thread_id)
        match = await self.bot.service.by_id(match.id, allow_damaged=True)
        if match.status == "lobby":
            try:
                await self.bot.service.start(
                    thread_id, league.game, match.creator_id, keep_order=True
                )
            except InvalidMove as refused:
                # The options do not fit this table (one seat off the league's size, which
                # they fit): it cannot be played, and is cancelled (a draw at its table) so
                # that the round still ends rather than waiting for it for ever.
                log.warning("league %s table %s not started: %s", league.id, table_id, refused)
                with contextlib.suppress(PlayerError):
                    await self.bot.service.cancel(thread_id, league.game, league.creator_id, True)
                await self.leagues.advance(league.id)
                self.bot.dispatcher.nudge()
                return
            # Someone withdrew before the thread was made: the table takes the seat now.
            gone = {e.user_id for e in await self.store.entrants(league.id) if e.withdrawn}
            for user in table.players:
                if user in gone:
                    with contextlib.suppress(PlayerError):
                        await self.bot.service.resign(thread_id, league.game, user)
            self.bot.dispatcher.nudge()

    # -- standings --------------------------------------------------------------------------
    async def standings_post(
        self, picture: Picture, final: bool, when: Text, language: str
    ) -> tuple[str, discord.File]:
        """The standings (the final ones when ``final``) as text and as a picture with its
        alt text, said in ``language``; ``when``: "after round 2", "so far in round 3"."""
        league = picture.league
        two = league.size == 2
        names = await self.bot.people.names(league.guild_id, [r.player for r in picture.rows])
        shown = [
            n or say(T("player {id}", id=r.player), language)
            for n, r in zip(names, picture.rows, strict=True)
        ]
        # The tiebreaks' and the columns' names are the table's labels, said in the language.
        tiebreaks = [say(Text(name), language) for name in TIEBREAKS[league.format]]
        record = T("W-D-L") if two else T("Played")
        head = [
            "#",
            say(T("Player"), language),
            say(T("Points"), language),
            *tiebreaks,
            say(record, language),
        ]
        lines = [
            standing_cells(r, n, two, language) for r, n in zip(picture.rows, shown, strict=True)
        ]
        if final:
            titled = T("{name}: final standings {when}", name=league.name, when=when)
        else:
            titled = T("{name}: standings {when}", name=league.name, when=when)
        title = say(titled, language)
        # The renderer and its arguments go to a picture worker by pickle: no lambda.
        data = await asyncio.to_thread(
            rendered, "standings", draw_standings, title, head, lines, language=language
        )
        file = discord.File(io.BytesIO(data), filename="standings.png")
        file.description = messages.clip(say(standings_alt(title, head, lines), language), ALT)
        values: dict[str, Param] = {"name": league.name, "number": league.id, "when": when}
        heading = (
            T("**Final standings** of {name} (league #{number}), {when}:", **values)
            if final
            else T("**Standings** of {name} (league #{number}), {when}:", **values)
        )
        rows = [standing_line(line, head[3:-1], line[3:-1]) for line in lines[:20]]
        return say(joined([heading, joined(rows)]), language), file

    async def round_post(
        self, picture: Picture, number: int, language: str
    ) -> tuple[str, discord.File]:
        league = picture.league
        lines: list[Text] = [
            T(
                "**{name}** (league #{league}): round {round} is paired.",
                name=league.name,
                league=league.id,
                round=number,
            )
        ]
        tables = [t for t in picture.tables if t.round == number]
        for t in tables:
            names = await self.bot.people.names(league.guild_id, list(t.players))
            who = ", ".join(
                f"<@{p}>" if n is None else f"{n} (<@{p}>)"
                for n, p in zip(names, t.players, strict=True)
            )
            lines.append(
                T("Bye: {players}", players=who)
                if t.bye
                else T("Table {table}: {players}", table=t.number, players=who)
            )
        # The standings the round was paired from: those of the rounds before it (results that
        # came in since the pairing, were this post late, are not part of them).
        before = [t for t in picture.tables if t.round < number]
        earlier = Picture(
            league, picture.entrants, before, compute_standings(league, picture.entrants, before)
        )
        when = T("after round {round}", round=number - 1) if number > 1 else T("at the start")
        text, file = await self.standings_post(earlier, False, when, language)
        return say(joined([*lines, text]), language), file


def standing_line(line: list[str], tiebreaks: list[str], values: list[str]) -> Text:
    """ "1. Ada: 3 points, Buchholz 4": a row of the standings in words."""
    row = T("{place}. {player}: {points} points", place=line[0], player=line[1], points=line[2])
    return joined(
        [row, *(joined([h, v], " ") for h, v in zip(tiebreaks, values, strict=True))], ", "
    )


def standings_alt(title: str, head: list[str], lines: list[list[str]]) -> Text:
    """The standings picture in words: its title, then each row as the text says it."""
    rows = []
    for line in lines:
        row = T("{place}. {player}: {points} points", place=line[0], player=line[1], points=line[2])
        rest = [joined([h, v], " ") for h, v in zip(head[3:], line[3:], strict=False)]
        rows.append(joined([joined([row, *rest], ", "), "."], ""))
    return joined([joined([title, "."], ""), *rows], " ")


def clock_text(seconds: int) -> Text:
    if seconds <= 0:
        return T("no clock")
    if seconds % 3600 == 0:
        return T("{hours} h per decision", hours=seconds // 3600)
    return T("{minutes} min per decision", minutes=max(1, seconds // 60))


def standing_cells(row: Row, name: str, two_player: bool, language: str = ENGLISH) -> list[str]:
    record = f"{row.wins}-{row.draws}-{row.losses}" if two_player else str(row.played)
    shown = say(T("{player} (withdrawn)", player=name), language) if row.withdrawn else name
    return [
        str(row.place),
        shown,
        points_text(row.points),
        *(_tiebreak(t) for t in row.tiebreaks),
        record,
    ]


def _tiebreak(value: float) -> str:
    value = abs(value)
    return points_text(value) if abs(value * 2 - round(value * 2)) < 1e-9 else f"{value:.2f}"


async def setup(bot: Host) -> None:
    await bot.add_cog(LeagueCog(bot))
