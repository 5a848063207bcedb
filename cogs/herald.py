"""The herald: turns one outbox entry into what Discord shows, and sends it, once.

The match service writes *what* must be announced (an event and the match version it is about);
the herald chooses the words and draws the picture at delivery time, from the state at that
version, and sends it with a nonce unique to the entry, so that a retry after a lost answer, or
after a crash between posting and marking it delivered, is dropped by Discord instead of posted
twice; a try older than Discord keeps nonces is looked for in the channel first
(cogs/reposts.py). Its errors are sorted for the dispatcher: worth retrying (Transient) or not
(Permanent).
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Sequence
from typing import Any

import aiohttp
import discord

from cogs import analysis, messages, places, reposts
from cogs.analysis import final_view
from cogs.components import join_view
from cogs.history import breakdown_file
from cogs.host import GameTable, Host
from cogs.panel import PlayButton, play_view
from cogs.sketches import Drawn, Sketches
from data.analyses import ANALYSIS
from data.clockrows import BOTH, MENTION
from data.erasures import FORGOTTEN
from data.former import is_former
from data.outbox import Permanent, Transient
from data.store import Announcement, OutboxEntry, StorageError, match_lane
from i18n.catalogue import say
from i18n.text import Param, T, Text, text_from
from rules.errors import PlayerError
from table.computers import TABLE_LEVEL
from table.match import Match

log = logging.getLogger("tidetable.herald")

DM_CLOSED = 50007  # Discord's "Cannot send messages to this user"
NOBODY = discord.AllowedMentions.none()
LATE_AFTER = 60.0  # seconds: an announcement older than this says it was posted late
CLOSED = "dm_closed"  # the failure reason of a DM to a user whose DMs are closed
# A user whose DMs were found closed is not sent DMs for this long (each refused DM spends
# Discord's invalid-request budget); after it, one DM tries again whether they opened them.
DM_RECHECK = 7 * 24 * 3600.0
# A "your turn" DM naming several matches carries a Play button for each (5 rows of 5 at most).
MOST_PLAY_BUTTONS = 25
BOARD_EVENTS = ("start", "move", "undo", "timeout", "resign")  # posts that show the board
LOBBY_EVENTS = ("opened", "joined", "left")  # changes of the lobby: one message, edited
SKETCHED = ("start", "move", "undo", "timeout")  # posts whose board is drawn ahead (and resign,
# when the table takes the seat: ``_drawn_ahead``)


class Herald:
    """Delivers outbox entries through the bot's Discord connection."""

    def __init__(self, bot: Host) -> None:
        self.bot = bot
        self.store = bot.service.store
        self.started_at = bot.clock.now()
        self.sketches = Sketches()  # board pictures drawn ahead (cogs/sketches.py)

    def foresee(self, entries: Sequence[OutboxEntry]) -> None:
        """Begin drawing the board of each post among ``entries`` (just written, not yet
        tried) that shows one, so that its delivery finds it drawn: called by the dispatcher
        as soon as an action's answer knows what it announces. A move's board began earlier,
        with the move (``foresee_board``), and is kept. Never raises."""
        for entry in entries:
            if entry.status != "pending" or entry.attempts or not _drawn_ahead(entry):
                continue
            match_id, version = int(entry.match_id or 0), int(entry.payload["version"])
            self.sketches.start(
                match_id, version, functools.partial(self._sketch, match_id, version)
            )

    def foresee_board(self, match: Match) -> None:
        """Begin drawing the board of ``match`` as a move is about to save it (the service's
        ``foresee_board``): the picture is drawn while the move's transaction runs. Never
        raises (a head start only: the post draws the board itself when this went wrong). A
        board that depends on the saved row (``board_reads_row``) waits for the settle: drawn
        now, it would never be the post's."""
        try:
            if self.bot.game_cog(match.row.game).board_reads_row:
                return
            self.sketches.start(match.id, match.version, functools.partial(self._draw_ahead, match))
        except Exception:
            log.exception("drawing match %s's board ahead failed", match.id)

    async def _sketch(self, match_id: int, version: int) -> Drawn | None:
        """The board of the match at ``version`` as ``_compose`` draws it, while that version
        is the match's latest (None otherwise: the post draws it itself)."""
        match = await self.bot.service.by_id(match_id, allow_damaged=True)
        if match.damaged or match.version != version or match.state is None:
            return None
        return await self._draw_ahead(match)

    async def _draw_ahead(self, match: Match) -> Drawn:
        """The board of ``match`` at its version, as ``_compose`` would draw it."""
        names = await self.bot.people.names(match.row.guild_id, match.players)
        filename = board_filename(match, match.version)
        language = await self.bot.languages.of_match(match)
        cog = self.bot.game_cog(match.row.game)
        file = await cog.board_file(match, names, filename, language)
        row = match.row if cog.board_reads_row else None
        return Drawn(match.state, tuple(names), filename, file, language, row)

    async def deliver(self, entry: OutboxEntry) -> None:
        try:
            if entry.kind == "dm":
                await self._dm(entry)
            elif entry.kind == "think":  # a computer seat's turn
                await self.bot.computers.think(entry)
            elif entry.kind == "post":
                await self._post(entry)
            elif entry.kind == places.PLACE:  # a match's channel is gone (cogs/places.py)
                await places.deliver(self.bot, entry, self._nonce(entry))
            elif entry.kind == ANALYSIS:  # a finished match's analysis (cogs/analysis.py)
                await analysis.deliver(self.bot, entry, self._nonce(entry))
            elif entry.kind in self.bot.outbox_kinds:  # leagues, the list of open tables
                await self.bot.outbox_kinds[entry.kind](entry, self._nonce(entry))
            else:
                raise Permanent(f"unknown outbox kind {entry.kind!r}")
        except discord.Forbidden as error:
            raise Permanent(messages.refused(error.code, error.text)) from None
        except discord.NotFound as error:
            raise Permanent(messages.no_such_place(error.text)) from None
        except discord.HTTPException as error:
            if error.status >= 500 or error.status == 429:
                retry = _retry_after(error)
                raise Transient(f"Discord answered {error.status}", retry) from None
            raise Permanent(messages.refused(error.status, error.text)) from None
        except (aiohttp.ClientError, OSError, TimeoutError) as error:
            raise Transient(f"network: {type(error).__name__}") from None

    # -- public posts ---------------------------------------------------------------------
    async def _post(self, entry: OutboxEntry) -> None:
        payload = entry.payload
        # A post written for a match by an entry of none (a "your turn" DM that could not go)
        # names its match.
        match_id = entry.match_id or int(payload.get("match") or 0)
        match = await self.bot.service.by_id(match_id, allow_damaged=True)
        if payload.get("event") in LOBBY_EVENTS:
            await self._lobby(entry, match)
            return
        if payload.get("event") in ("start", "cancel"):
            await self._close_lobby(match)
        cog = self.bot.game_cog(match.row.game)
        language = await self.bot.languages.of_match(match)
        content, files, view = await self._compose(cog, match, payload, language)
        pinged = self._pinged(match, payload)
        if self._late(entry):
            late = T(
                "*(posted late: this happened {time})*", time=messages.timestamp(entry.created_at)
            )
            content = f"{say(late, language)}\n{content}"
        channel = self.bot.get_partial_messageable(match.row.channel_id)
        try:
            sent = await self._send_once(
                channel,
                entry,
                messages.clip(content),
                files=files or discord.utils.MISSING,
                view=view or discord.utils.MISSING,
                allowed_mentions=pinged,
            )
        except discord.Forbidden:
            raise Permanent(messages.cannot_post(match.row.channel_id)) from None
        except discord.NotFound as error:  # the channel may be gone: the table hears of it
            raise await self._gone(match, error) from None
        if files and payload.get("event") in BOARD_EVENTS:  # reminders link to the latest
            with contextlib.suppress(StorageError):
                await self.store.set_board_message(match.id, sent.id)
        if match.status in ("finished", "cancelled"):  # a league's round may be over
            await self.bot.match_over(match.id)

    async def _gone(self, match: Match, error: discord.NotFound) -> Permanent:
        """A post met 404: when Discord no longer knows the match's channel, the match is
        paused and its creator told (``cogs.places``), so nothing more is posted there."""
        return await places.gone_from_post(self.bot, match.row.channel_id, error)

    async def _compose(
        self, cog: GameTable, match: Match, payload: dict[str, Any], language: str
    ) -> tuple[str, list[discord.File], discord.ui.View | None]:
        event, version = payload["event"], int(payload["version"])
        if match.damaged and event != "cancel":
            raise Permanent(f"match {match.id} cannot be read: {match.damaged}")
        user = payload.get("user")
        who = messages.mention(user, language) if user else ""
        if event == "cancel":
            cancelled = T("{who} cancelled match #{number}.", who=who, number=match.id)
            return say(cancelled, language), [], None
        if event == "dm_closed" and payload.get("turn"):
            return say(messages.closed_turn(int(payload["user"]), match), language), [], None
        if event == "dm_closed":
            closed_dms = messages.closed_dms([int(payload["user"])], match.row.game)
            return say(closed_dms, language), [], None
        # People are named by their display name on the server, in the texts and the picture.
        names = await self.bot.people.names(match.row.guild_id, match.players)
        if event == "resign" and not payload.get("table"):
            ended = final_view(match.id, language) if match.status == "finished" else None
            return messages.final_text(match, names, language=language), [], ended
        if event in ("rejoin", "pause", "resume", "reminder"):
            return await self._clock_post(match, payload, names, language), [], None
        state = await self.bot.service.state_at(match, version)
        then = messages.at_version(match, version, state)
        if event == "start":
            seating = messages.seating(then, names, language=language)
            begins = T(
                "**{game}** match #{number} begins. {seating}",
                game=match.game.spec.name,
                number=match.id,
                seating=seating,
            )
            headline = say(begins, language)
            closed = [u for u in then.players if await self.store.dm_closed(u)]
            if closed:
                headline += "\n" + say(messages.closed_dms(closed, match.row.game), language)
        elif event == "move":
            headline = self._move_lines(then, payload, names, language)
        elif event == "undo":
            move = messages.quote(str(payload["move"]))
            who = messages.person(then, int(payload["seat"]), names, language)
            headline = say(T("{who} took back `{move}`.", who=who, move=move), language)
        elif event == "timeout":
            headline = timeout_headline(then, payload, names, language)
            headline += table_lines(then, payload, names, language)
        elif event == "resign":  # three or more players: the table takes the seat
            who = messages.person(then, int(payload["seat"]), names, language)
            resigned = T(
                "{who} resigned: the table (a {level} computer player) plays their seat for the "
                "rest of the match (it cannot win); the others play on.",
                who=who,
                level=messages.level_word(TABLE_LEVEL),
            )
            headline = say(resigned, language)
            headline += table_lines(then, payload, names, language)
        else:
            raise Permanent(f"unknown event {event!r}")
        clock = payload.get("clock")
        content = f"{headline}\n{messages.next_line(then, names, clock=clock, language=language)}"
        filename = board_filename(match, version)
        # Drawn ahead while the entry waited to be claimed, if it was (cogs/sketches.py).
        drawn = await self.sketches.take(then, names, filename, language)
        if drawn is None:
            drawn = await cog.board_file(then, names, filename, language)
        files = [drawn]
        if event in ("move", "timeout", "resign") and then.status != "active":  # the scores too
            files += [f for f in [await breakdown_file(self.bot, then)] if f is not None]
        current = version == match.version and match.status == "active"
        if then.status == "finished":  # the final post: look back, or play again
            return content, files, final_view(match.id, language)
        return content, files, cog.choices_for(then, names, language) if current else None

    @staticmethod
    def _move_lines(
        then: Match, payload: dict[str, Any], names: messages.Names, language: str
    ) -> str:
        """What was played, naming people; at the end without the sentence saying the game is
        over (the final text that follows says why, once)."""
        over = then.status != "active"
        lines = []
        moves = [payload, *payload.get("forced", ())]
        for index, played in enumerate(moves):
            seat = int(played["seat"])
            said = description_of(played)
            if over and index == len(moves) - 1:
                said = messages.without_end(said)  # before naming: it splits at capitals
            said = messages.people(said, then, names, language)
            who = messages.person(then, seat, names, language)
            if index == 0 and payload.get("table"):  # the computer, for a seat the table plays
                said = messages.without_mover(said, who)
                lines.append(say(table_played(who, said), language))
            elif index == 0:
                lines.append(said if who in said else f"{who}: {said}")
            else:  # "The only choice, played for bob (B): moved the boat to a3 …"
                said = messages.without_mover(said, who)
                # Marked "table": an entry written before the table's computer player, when
                # the table played its seats inline (it may still wait in an outbox).
                if played.get("table"):
                    lines.append(say(table_played(who, said), language))
                else:
                    lines.append(say(only_choice(who, said), language))
        return "\n".join(lines)

    @staticmethod
    def _pinged(match: Match, payload: dict[str, Any]) -> discord.AllowedMentions:
        """Who this post notifies. A post that begins decisions pings the players its change
        called (``clock.call``, decided with the timers in the change's transaction: a player
        who began a decision without acting in it and wants a mention), nobody else: not the
        mover, not the others named in it, not at the end. A reminder or the notice that DMs
        are closed pings the one player it is for. Everything else pings nobody."""
        event = payload.get("event")
        if event in ("reminder", "dm_closed"):
            return discord.AllowedMentions(
                users=[discord.Object(id=int(payload["user"]))], roles=False, everyone=False
            )
        call = (payload.get("clock") or {}).get("call")
        if call is not None:
            seats = [int(s) for s in call if 0 <= int(s) < len(match.players)]
            users = [discord.Object(id=u) for u in (match.user_at(s) for s in seats) if u > 0]
            return discord.AllowedMentions(users=users, roles=False, everyone=False)
        if event not in ("move", "undo") or match.status != "active":
            return NOBODY
        # An entry written before calls were planned: the players to act, except the mover.
        mover = match.user_at(int(payload["seat"])) if match.players else None
        # Computer seats (negative ids) are not Discord users; a person whose seat the table
        # plays is not waited for.
        away = {match.user_at(s) for s in match.row.table_seats()}
        others = [
            discord.Object(id=u)
            for u in dict.fromkeys(match.to_act())
            if u != mover and u > 0 and u not in away
        ]
        return discord.AllowedMentions(users=others, roles=False, everyone=False)

    # -- the lobby: one message, edited -----------------------------------------------------
    async def _lobby(self, entry: OutboxEntry, match: Match) -> None:
        """A lobby change: the lobby's one message shows the lobby as it is now. The opening
        posts it (pinging nobody); a join or a leave edits it (an edit pings nobody), unless a
        later change or the start will (the match moved on); the Join button is disabled once
        the lobby is full. Without a message to edit (the opening could not be posted, or
        someone deleted it) it is posted again."""
        version = int(entry.payload["version"])
        if match.damaged:
            raise Permanent(f"match {match.id} cannot be read: {match.damaged}")
        if match.status != "lobby":
            return  # started or cancelled: that post closes the lobby's message
        known = await self.store.lobby_message(match.id)
        if known is not None and match.version > version:
            return  # a later change of this lobby edits the message to what it is then
        full = len(match.players) >= match.game.spec.max_players
        language = await self.bot.languages.of_match(match)
        content = messages.clip(messages.lobby_line(match, language=language))
        view = join_view(match.id, full=full, language=language)
        channel = self.bot.get_partial_messageable(match.row.channel_id)
        if known is not None:
            try:
                await channel.get_partial_message(known).edit(
                    content=content, view=view, allowed_mentions=NOBODY
                )
                return
            except discord.NotFound:
                pass  # deleted: posted again below
        try:
            sent = await channel.send(
                content, view=view, allowed_mentions=NOBODY, nonce=self._nonce(entry)
            )
        except discord.Forbidden:
            raise Permanent(messages.cannot_post(match.row.channel_id)) from None
        with contextlib.suppress(StorageError):
            await self.store.set_lobby_message(match.id, sent.id)

    async def _close_lobby(self, match: Match) -> None:
        """The match started or was cancelled: its lobby's message says so, without the Join
        button. An edit: done again on a retry, it changes nothing."""
        known = await self.store.lobby_message(match.id)
        if known is None or match.damaged:
            return
        channel = self.bot.get_partial_messageable(match.row.channel_id)
        language = await self.bot.languages.of_match(match)
        try:
            await channel.get_partial_message(known).edit(
                content=messages.clip(messages.lobby_closed(match, language)),
                view=None,
                allowed_mentions=NOBODY,
            )
        except discord.HTTPException as error:
            if error.status >= 500 or error.status == 429:
                raise  # worth trying again, with the post that follows
            # Deleted, or no longer ours to edit: the start's own post matters, not this.
            log.warning("match %s: its lobby's message could not be closed (%s)", match.id, error)

    async def _clock_post(
        self, match: Match, payload: dict[str, Any], names: messages.Names, language: str
    ) -> str:
        """A post about the clock or a seat: no board, only words."""
        event, user = payload["event"], int(payload.get("user") or 0)
        who = messages.mention(user, language)
        if event == "rejoin":
            when = messages.deadline_note(payload.get("clock"), int(payload["seat"]))
            back = T("{who} takes their seat back from the table{when}.", who=who, when=when)
            return say(back, language)
        if event == "pause":
            paused = T(
                "{who} paused the clock of match #{number}: no time runs out until resumed.",
                who=who,
                number=match.id,
            )
            return say(paused, language)
        if event == "resume":
            clock = payload.get("clock") or {}
            resumed = T("{who} resumed the clock of match #{number}.", who=who, number=match.id)
            return (
                say(resumed, language)
                + "\n"
                + messages.next_line(match, names, clock=clock, language=language)
            )
        # A reminder for a player whose DMs are closed: a mention in the match's channel.
        board = await self._board_link(match)
        seat = int(payload["seat"]) if payload.get("seat") is not None else match.seat_of(user)
        return f"{who}: " + messages.reminder_text(
            match,
            payload["reminder"],
            float(payload["deadline"]),
            "",
            board,
            dm=False,
            names=names,
            seat=seat,
            language=language,
        )

    async def _board_link(self, match: Match) -> str:
        message = await self.store.board_message(match.id)
        return messages.channel_link(match.row.guild_id, match.row.channel_id, message)

    async def _server(self, guild_id: int | None) -> Text | str:
        # Through People: the server may belong to a shard that another process runs.
        name = await self.bot.people.server(guild_id)
        return f"**{name}**" if name else T("a server")

    async def _match_of(self, entry: OutboxEntry) -> Match | None:
        """The match a DM is about (its language is the DM's for one who never used the bot)."""
        if not entry.match_id:
            return None
        try:
            match = await self.bot.service.by_id(entry.match_id, allow_damaged=True)
        except PlayerError:  # gone since: the DM says so in English
            return None
        return None if match.damaged else match

    # -- private views ----------------------------------------------------------------------
    async def _dm(self, entry: OutboxEntry) -> None:
        payload = entry.payload
        if is_former(int(payload.get("user") or 0)):  # no Discord user has the placeholder
            raise Permanent(FORGOTTEN)
        language = await self.bot.languages.of_person(
            int(payload["user"]), await self._match_of(entry)
        )
        if "turns" in payload or "reminder" in payload:
            text = await self._clock_dm(entry, language)
            await self._send_dm(entry, int(payload["user"]), text, turn_view(payload, language))
            return
        match = await self.bot.service.by_id(entry.match_id or 0, allow_damaged=True)
        if match.damaged:
            raise Permanent(f"match {match.id} cannot be read: {match.damaged}")
        cog = self.bot.game_cog(match.row.game)
        version, seat, user = int(payload["version"]), int(payload["seat"]), int(payload["user"])
        prefs = (await self.bot.service.turns.clocks.prefs([user]))[user]
        if prefs.turn_by == MENTION:
            # Their turns reach them by mention: their view is under the board's "Your hand"
            # button and `/<game> hand`, not a DM at every decision.
            return
        if await self._dms_closed(user):  # said in the channel when found closed
            raise Permanent(CLOSED)
        state = await self.bot.service.state_at(match, version)
        then = messages.at_version(match, version, state)
        names = await self.bot.people.names(match.row.guild_id, match.players)
        text, file = await cog.private_view(then, seat, names, language)
        # One DM per decision (table/match.py private_views): it says so, and links the match.
        # It notifies only a player who chose DMs, and only when a decision begins; the hand
        # dealt before one's turn, a view changed during it, or (turn: both) the view beside
        # the mention, arrive silently.
        silent = prefs.turn_by == BOTH or not payload.get("call", True)
        turn = seat in then.game.to_act(state)
        values: dict[str, Param] = {
            "game": match.game.spec.name,
            "number": match.id,
            "others": messages.table_of(match, seat, names, language),
            "server": await self._server(match.row.guild_id),
        }
        heading = (
            T("**{game}** match #{number}{others} on {server} — your turn", **values)
            if turn
            else T("**{game}** match #{number}{others} on {server} — your private view", **values)
        )
        header = say(heading, language)
        if self._late(entry):
            late = T(" (sent late: as it was {time})", time=messages.timestamp(entry.created_at))
            header += say(late, language)
        header += f"\n{await self._board_link(match)}"
        try:
            channel = await self.bot.create_dm(discord.Object(id=user))
            await self._send_once(
                channel,
                entry,
                messages.clip(f"{header}:\n{text}"),
                file=file or discord.utils.MISSING,
                silent=silent,
                # The tap panel, one press away (it refuses a board that moved on meanwhile).
                view=play_view(match.id, language=language) if turn else discord.utils.MISSING,
            )
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise Permanent(f"Discord refused the DM ({error.code})") from None
            # Said in the channel once when DMs are found closed, not once per private view.
            known = await self.store.dm_closed(user)
            await self.store.set_dm_closed(user, True)  # from now: not tried for a while
            if known:
                raise Permanent(CLOSED) from None
            notice = Announcement("post", {"event": "dm_closed", "user": user, "version": version})
            raise Permanent(CLOSED, [notice]) from None
        if await self.store.dm_closed(user):
            await self.store.set_dm_closed(user, False)

    async def _clock_dm(self, entry: OutboxEntry, language: str) -> str:
        """The words of a reminder or of a "your turn" DM (several matches in one)."""
        payload = entry.payload
        service = self.bot.service
        if "reminder" in payload:
            match = await service.by_id(entry.match_id or 0, allow_damaged=True)
            if match.damaged:
                raise Permanent(f"match {match.id} cannot be read: {match.damaged}")
            names = await self.bot.people.names(match.row.guild_id, match.players)
            seat = payload.get("seat")
            return messages.reminder_text(
                match,
                payload["reminder"],
                float(payload["deadline"]),
                await self._server(match.row.guild_id),
                await self._board_link(match),
                dm=True,
                names=names,
                seat=int(seat) if seat is not None else match.seat_of(int(payload["user"])),
                language=language,
            )
        lines = []
        for item in payload["turns"]:
            match = await service.by_id(int(item["match"]), allow_damaged=True)
            if match.damaged or match.state is None:
                continue
            clock = await service.turns.clock_now(match)
            names = await self.bot.people.names(match.row.guild_id, match.players)
            lines.append(
                messages.turn_line(
                    match,
                    int(item["seat"]),
                    names,
                    await self._server(match.row.guild_id),
                    clock,
                    await self._board_link(match),
                    language,
                )
            )
        if not lines:
            raise Permanent("nothing to tell: those matches are over")
        return messages.turns_text(lines, language)

    async def _send_dm(
        self, entry: OutboxEntry, user: int, text: str, view: discord.ui.View | None = None
    ) -> None:
        """A DM of the turn clock; when the player's DMs are closed, what it said is said in
        the match's channel instead, mentioning them: the reminder, or (a "your turn" DM) that
        it is their turn there and that turns will reach them by mention from now on."""
        if await self._dms_closed(user):  # not tried again for a while: said in the channel
            raise _closed_instead(entry, user)
        try:
            channel = await self.bot.create_dm(discord.Object(id=user))
            await self._send_once(
                channel, entry, messages.clip(text), view=view or discord.utils.MISSING
            )
        except discord.Forbidden as error:
            if error.code != DM_CLOSED:
                raise Permanent(f"Discord refused the DM ({error.code})") from None
            await self.store.set_dm_closed(user, True)  # from now: not tried for a while
            raise _closed_instead(entry, user) from None

    # -- helpers ----------------------------------------------------------------------------
    def _late(self, entry: OutboxEntry) -> bool:
        """Left over from before this start (a crash), or held up for a while (an outage)."""
        now = self.bot.clock.now()
        return entry.created_at < self.started_at or now - entry.created_at > LATE_AFTER

    async def _send_once(
        self, channel: Any, entry: OutboxEntry, content: str, **options: Any
    ) -> discord.Message:
        """Send ``entry``'s message with its nonce and its mark, once: a try left over from
        long ago (a crash, then a long outage: Discord may have forgotten the nonce) is first
        looked for among the channel's latest messages, and if it is there, that message is
        the delivery (cogs/reposts.py)."""
        nonce = self._nonce(entry)
        me = self.bot.user
        if me is not None and reposts.may_have_landed(entry, self.bot.clock.now()):
            found = await reposts.landed(channel, me.id, nonce)
            if found is not None:
                log.info("outbox entry %s was delivered before a restart: not sent again", entry.id)
                return found
        reposts.tag_files(options.get("files", options.get("file")), nonce)
        return await channel.send(reposts.marked(content, nonce), nonce=nonce, **options)

    async def _dms_closed(self, user: int) -> bool:
        """Whether the user's DMs were found closed lately: no DM is tried then (a refused DM
        spends Discord's invalid-request budget); after ``DM_RECHECK`` one is tried again."""
        since = await self.store.dm_closed_since(user)
        return since is not None and self.bot.clock.now() - since < DM_RECHECK

    def _nonce(self, entry: OutboxEntry) -> str:
        # Discord keeps a nonce for a few minutes: a retried create with the same one returns
        # the message already made. Unique per database and entry; at most 25 characters.
        return f"tt{self.bot.service.store.instance}{entry.id}"[:25]


def board_filename(match: Match, version: int) -> str:
    """The name of a board post's picture (a retry's nonce is added to it: cogs/reposts.py)."""
    return f"{match.row.game}-{match.id}-{version}.png"


def _drawn_ahead(entry: OutboxEntry) -> bool:
    """Whether ``entry`` is a post of a match that shows the board at its version."""
    if entry.kind != "post" or not entry.match_id or "version" not in entry.payload:
        return False
    event = entry.payload.get("event")
    return event in SKETCHED or (event == "resign" and bool(entry.payload.get("table")))


def _closed_instead(entry: OutboxEntry, user: int) -> Permanent:
    """A clock DM to a user whose DMs are closed: what it said is said in the match's channel
    instead, mentioning them: the reminder, or (a "your turn" DM) that it is their turn there
    and that turns will reach them by mention from now on."""
    payload = entry.payload
    if "reminder" in payload:
        return Permanent(CLOSED, [Announcement("post", {"event": "reminder", **payload})])
    notices = [
        Announcement(
            "post",
            {
                "event": "dm_closed",
                "user": user,
                "match": int(item["match"]),
                "version": 0,
                "turn": 1,
            },
            lane=match_lane(int(item["match"])),
        )
        for item in payload.get("turns", ())
    ]
    return Permanent(CLOSED, notices)


def turn_view(payload: dict[str, Any], language: str) -> discord.ui.View | None:
    """A "your turn" DM's Play buttons, one per match it names (a reminder has none)."""
    items = payload.get("turns") or []
    matches = list(dict.fromkeys(int(item["match"]) for item in items))[:MOST_PLAY_BUTTONS]
    if not matches:
        return None
    view = discord.ui.View(timeout=None)
    for match_id in matches:
        label = T("Play #{number}", number=match_id) if len(matches) > 1 else T("Play")
        view.add_item(PlayButton(match_id, say(label, language)))
    return view


def _retry_after(error: discord.HTTPException) -> float | None:
    response = getattr(error, "response", None)
    header = response.headers.get("Retry-After") if response is not None else None
    try:
        return float(header) if header else None
    except ValueError:
        return None


def timeout_headline(
    match: Match, payload: dict[str, Any], names: messages.Names, language: str
) -> str:
    """ "Time ran out: the table played `…` for alice", and when that hands the seat to the
    table for good, how to take it back."""
    seat = int(payload["seat"])
    who = messages.seat_label(match, seat, names, notify=True, language=language)  # to hear it
    said = "; ".join(
        messages.people(description_of(m), match, names, language) for m in payload.get("moves", ())
    )
    if match.game.spec.hidden_information:  # a move's text may show a secret: words only
        ran_out = T(
            "⏰ Time ran out: the table played for {who}: {moves}",
            who=who,
            moves=messages.sentence(said),
        )
    else:
        moves = ", ".join(f"`{m['move']}`" for m in payload.get("moves", ()))
        ran_out = T(
            "⏰ Time ran out: the table played {moves} for {who} ({said}).",
            moves=moves,
            who=who,
            said=said,
        )
    text = say(ran_out, language)
    if payload.get("table"):
        taken = T(
            "That was their third automatic decision in a row: the table (a {level} computer "
            "player) plays their seat for the rest of the match (it cannot win). "
            "`/{command} rejoin` takes it back.",
            level=messages.level_word(TABLE_LEVEL),
            command=match.row.game,
        )
        text += "\n" + say(taken, language)
    return text


def table_lines(match: Match, payload: dict[str, Any], names: messages.Names, language: str) -> str:
    """The moves played without a person after a timeout or a resignation, one line each."""
    lines = []
    for played in payload.get("forced", ()):
        who = messages.person(match, int(played["seat"]), names, language)
        said = messages.people(description_of(played), match, names, language)
        # "table": an entry written when the table played its seats inline (see _move_lines).
        how = table_played if played.get("table") else only_choice
        lines.append("\n" + say(how(who, said), language))
    return "".join(lines)


def table_played(who: str, move: str) -> Text:
    return T("The table played for {who}: {move}", who=who, move=move)


def only_choice(who: str, move: str) -> Text:
    return T("The only choice, played for {who}: {move}", who=who, move=move)


def description_of(played: dict[str, Any]) -> str:
    """A move's words as its entry kept them: a text of the catalogue (said in the post's
    language), or the English an entry written before texts were kept whole holds."""
    kept = text_from(played["description"])
    return kept if isinstance(kept, str) else str(kept)
