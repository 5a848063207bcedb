"""The asynchronous table on top of the match service: clocks, timeouts, seats the table plays,
pauses, time away, reminders and "my turn". Knows no Discord.

``MatchService`` calls in here with small hooks (``decisions`` for the timers and the deadlines a
change announces, ``resign_to_table``); the scheduler (``table/scheduler.py``) calls ``timeout``,
``remind`` and ``notify_turns`` when rows fall due. Every change that starts or ends a decision
writes its timers in its own transaction.

A timeout plays the late seat's decision with the game's own playout policy (the seat's whole
turn, if it has several decisions in a row), at once and in the timer's own transaction, through
the same version-checked save as a player's move. After ``TIMEOUTS_TO_TABLE`` of them in a row,
or a resignation with three or more players, the table takes the seat for the rest of the
match: a computer player (``table.computers.TABLE_LEVEL``) decides for it as for a computer seat
("think" entries, see ``table/computers.py``), and the seat can no longer win
(``outcome_record`` leaves it out of the winners).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from data.clockrows import Plan, Prefs
from data.clockstore import ClockStore, Timer, running_deadlines
from data.store import Announcement, Saved, VersionConflict
from data.timerwrites import PresenceChanged
from i18n.text import N_, T, Text, text_data
from rules import rng
from rules.base import Seat
from rules.errors import PlayerError
from table.computers import is_computer, thinking
from table.core import MatchCore, resigned_already
from table.errors import LobbyError, NotAllowed, StaleMove
from table.forced import forced_details, play_forced
from table.match import Done, Match, mention, outcome_record, post, private_views
from table.turnclock import (
    DAY,
    MAX_AWAY_DAYS,
    TIMEOUTS_TO_TABLE,
    clock_seconds,
    place,
    plan_decisions,
    quiet_interval,
)

log = logging.getLogger("tidetable.turns")

# A timeout never plays more decisions than this in one change (a bound, so that a rules bug
# cannot loop inside a save).
MAX_TABLE = 2000
# How often a change is planned again when players went away or came back while it was being
# saved (``PresenceChanged``): each try reads their settings afresh.
PRESENCE_TRIES = 4


def nothing_changed() -> Text:
    """The refusal of a change (a resignation, a cancellation) that lost a race with a move."""
    return T(
        "A move was saved at the same moment, so nothing was changed; look at the latest board "
        "and try again."
    )


class ClockError(PlayerError):
    """A clock command that cannot be done now (no clock, already paused, not away…)."""


@dataclass(frozen=True)
class Listed:
    """One open match of a player, for ``/tidetable mine``."""

    match: Match
    awaiting_me: bool
    waiting: tuple[int, ...]  # users who must decide now
    since: float | None  # when the current decision(s) began
    deadline: float | None  # the player's own deadline, else the earliest one running
    paused: bool  # the match's clock is paused
    away_until: float | None  # the player is away until then
    # Those of ``waiting`` who are away, and until when (their clock stands still meanwhile).
    waiting_away: Mapping[int, float] = field(default_factory=dict)


class Turns:
    """The clock side of the match service."""

    def __init__(self, service: MatchCore) -> None:
        self.service = service
        self.store = service.store
        self.clocks: ClockStore = service.clocks
        # Wakes the scheduler (app/application.py sets it).
        self.changed: Callable[[], None] = lambda: None

    @property
    def now(self) -> float:
        return self.store.clock.now()

    # -- hooks of the match service ---------------------------------------------------------
    def rethink(self, match: Match, table: Iterable[Seat]) -> list[Announcement]:
        """Think entries again for a change that raises the version without a move (rejoin,
        pause, resume): the entries pending for the old version are stale once it lands."""
        game, version = match.game, match.version + 1
        pause = self.service.computer_pause
        return thinking(game, match.state, match.players, version, pause, table)

    async def clock_for(self, guild_id: int | None, name: str) -> int:
        """The seconds per decision of a new match: the chosen clock or the server's default."""
        return clock_seconds(name, await self.clocks.guild_clock(guild_id))

    async def decisions(
        self,
        match: Match,
        before: Any | None,
        after: Any,
        acted: Iterable[Seat],
        version: int,
        *,
        players: Sequence[int] | None = None,
        table: Iterable[Seat] | None = None,
        done: Sequence[int] = (),
        seats: Sequence[tuple[int, int, int]] = (),
        known: Mapping[int, Prefs] | None = None,
        mover: Seat | None = None,
        left: Mapping[int, float] | None = None,
    ) -> tuple[Plan, dict[str, Any]]:
        """The timers a change from ``before`` to ``after`` writes, and what its announcement
        says of the clock (deadlines, who is away, whether the clock is paused) and whom it
        mentions (``call``: seats). ``known``: players' settings the caller read already during
        this change (with the channel's probe, see ``MatchService.move``); those it lacks are
        read. ``mover``: the seat whose player made the change, when the others in ``acted``
        were played for (their only choice): those are called when they must decide again.
        ``left``: by seat, the seconds of a decision an undo reopens (it gets back the time it
        had left)."""
        game = match.game
        players = tuple(match.players if players is None else players)
        table = tuple(match.row.table_seats() if table is None else table)
        # Computer seats think on their own (table/computers.py): they get no timers either.
        untimed = {*table, *(s for s, user in enumerate(players) if is_computer(user))}
        before_seats = game.to_act(before) if before is not None else ()
        after_seats = game.to_act(after) if game.outcome(after) is None else ()
        now = self.now
        needed = {players[s] for s in after_seats}
        if known is not None and needed <= known.keys():
            prefs = {user: known[user] for user in needed}
        else:
            prefs = await self.clocks.prefs(needed)
        # The running deadlines are asked for only by a seat that keeps its decision (it must
        # act before and after the change and did not act in it: a simultaneous choice still
        # open); every other seat starts a new decision or has none, so without such a seat
        # (every alternating move) there is nothing to read.
        acted = set(acted)
        keeps = [s for s in after_seats if s not in {*untimed, *acted} and s in before_seats]
        current = (await self.clocks.deadlines([match.id])).get(match.id, {}) if keeps else {}
        found = plan_decisions(
            before=before_seats,
            after=after_seats,
            acted=acted,
            players=players,
            version=version,
            now=now,
            clock=match.row.clock,
            paused=match.row.paused,
            prefs=prefs,
            running=running_deadlines(current),
            table=untimed,
            done=done,
            seats=seats,
            # In games with secrets each decision's private view goes by DM already (saying
            # "your turn"): no second DM for it.
            notices=not game.spec.hidden_information,
            movers=None if mover is None else (mover,),
            left=left,
        )
        info = clock_info(found.deadlines, after_seats, players, prefs, now, match.row.paused)
        # Whom the post mentions, decided with the timers in the same transaction: one call
        # per decision (cogs/herald.py pings these seats and nobody else).
        info["call"] = list(found.called)
        return found.plan, info

    async def clock_now(self, match: Match) -> dict[str, Any]:
        """What a post of the match's current board says of the clock (for `board`)."""
        if match.status != "active" or match.state is None:
            return {}
        seats = match.game.to_act(match.state)
        prefs = await self.clocks.prefs(match.players[s] for s in seats)
        current = (await self.clocks.deadlines([match.id])).get(match.id, {})
        return clock_info(
            running_deadlines(current), seats, match.players, prefs, self.now, match.row.paused
        )

    # -- timeouts ---------------------------------------------------------------------------
    async def timeout(self, timer: Timer) -> Done | None:
        """The deadline of ``timer`` passed: the table plays the seat's decision for it. Done
        once: the timer is marked done in the move's own transaction, and a timer whose
        decision was made (or whose match moved on under it) is dropped or tried again."""

        service = self.service
        async with service._lock(timer.match_id or 0):
            match = await service.by_id(timer.match_id or 0, allow_damaged=True)
            seat = timer.seat
            if (
                match.damaged
                or match.status != "active"
                or seat is None
                or seat in match.row.table_seats()
                or seat not in match.game.to_act(match.state)
            ):
                await self.clocks.drop(timer.id)
                return None
            game, start, seed = match.game, match.state, match.row.seed
            state = start
            mine: list[tuple[str, str]] = []
            # One decision (or turn) is played here at once by the policy: it is due now, and
            # must be saved with the timer; a seat the table keeps is the computer's after it.
            # The seat's whole turn: the table decides until someone else must.
            for _ in range(MAX_TABLE):
                if game.outcome(state) is not None or seat not in game.to_act(state):
                    break
                draw = rng.stream(seed, f"timeout:{match.version + len(mine)}")
                move = game.playout_move(state, seat, draw)
                after = game.apply(state, seat, move)
                mine.append((game.format(state, move), game.describe(state, seat, move, after)))
                state = after
            count = match.row.timeouts[seat] + 1
            to_table = count >= TIMEOUTS_TO_TABLE
            table = sorted({*match.row.table_seats(), *([seat] if to_table else [])})
            # No person plays any more (computer seats aside): the match ends here rather than
            # going on between computers.
            everyone_gone = all(s in table or is_computer(u) for s, u in enumerate(match.players))
            forced: list[tuple[Seat, str, str]] = []
            if not everyone_gone:
                forced, state = play_forced(game, state)
            outcome = game.outcome(state)
            version = match.version + len(mine) + len(forced)
            plan, info = await self.decisions(
                match,
                start,
                state,
                {seat, *(p[0] for p in forced)},
                version,
                table=table,
                done=[timer.id],
                seats=[(seat, count, 1 if to_table else 0)],
            )
            notes = [
                post(
                    "timeout",
                    version,
                    seat=seat,
                    user=match.user_at(seat),
                    moves=[{"move": t, "description": text_data(d)} for t, d in mine],
                    forced=forced_details(forced),
                    table=to_table,
                    clock=info,
                )
            ]
            notes += private_views(game, start, state, match.players, version, table)
            if not everyone_gone:
                pause = service.computer_pause
                notes += thinking(game, state, match.players, version, pause, table)
            if outcome is not None:
                status, result = "finished", outcome_record(outcome, table)
            elif everyone_gone:  # as when the last person resigns: the computer seats win
                status = "finished"
                left = [s for s in range(len(match.players)) if s not in table]
                # The stored result's reason: marked, said where the result is shown.
                reason = (
                    N_("no person plays any more: time ran out")
                    if left
                    else N_("every player ran out of time")
                )
                result = {"reason": reason, "winners": left, "table": table}
            else:
                status, result = "active", None
            try:
                saved = await self.store.save_move(
                    match.id,
                    match.version,
                    seat,
                    mine[0][0],
                    game.dump_state(state),
                    status=status,
                    result=result,
                    announce=notes,
                    also=[(seat, t) for t, _ in mine[1:]] + [(s, t) for s, t, _ in forced],
                    timers=plan,
                    before=match.row,
                )
            except VersionConflict:
                return None  # a move came first: the timer is looked at again
        self.changed()
        return await service._after(match.id, saved)

    # -- seats the table plays --------------------------------------------------------------
    async def resign_to_table(self, match: Match, seat: Seat, user_id: int) -> Done:
        """A resignation in a match of three or more: the table plays the seat from now on
        (it cannot win) and the others play on. Called under the match's lock."""

        game, start = match.game, match.state
        table = sorted({*match.row.table_seats(), seat})
        forced, state = play_forced(game, start)
        outcome = game.outcome(state)
        version = match.version + 1 + len(forced)

        async def attempt() -> Saved:
            plan, info = await self.decisions(
                match,
                start,
                state,
                {seat, *(p[0] for p in forced)},
                version,
                table=table,
                seats=[(seat, match.row.timeouts[seat], 2)],
            )
            notes = [
                post(
                    "resign",
                    version,
                    seat=seat,
                    user=user_id,
                    table=True,
                    forced=forced_details(forced),
                    clock=info,
                )
            ]
            notes += private_views(game, start, state, match.players, version, table)
            pause = self.service.computer_pause
            notes += thinking(game, state, match.players, version, pause, table)
            return await self.store.save_move(
                match.id,
                match.version,
                seat,
                "resign",
                game.dump_state(state),
                status="finished" if outcome else "active",
                result=outcome_record(outcome, table) if outcome else None,
                announce=notes,
                also=[(s, t) for s, t, _ in forced],
                timers=plan,
                before=match.row,
            )

        saved = await self.saving(attempt, nothing_changed())
        self.changed()
        return await self.service._after(match.id, saved)

    async def saving(self, attempt: Callable[[], Awaitable[Saved]], stale: Text) -> Saved:
        """Plan and save a change with ``attempt``; again when players went away or came back
        meanwhile (its plan read their settings before they changed: ``PresenceChanged``),
        with ``stale`` said when the match itself moved on."""
        for _ in range(PRESENCE_TRIES):
            try:
                return await attempt()
            except PresenceChanged:
                continue
            except VersionConflict:
                raise StaleMove(stale) from None
        raise StaleMove(T("Players' clocks kept changing at that moment; try again."))

    async def rejoin(self, channel_id: int, game_key: str, user_id: int) -> Done:
        """Take back a seat the table plays after timeouts."""

        service = self.service
        found = await service.current(channel_id, game_key)
        async with service._lock(found.id):
            match = await service.by_id(found.id)
            seat = service._seat_for_play(match, user_id)
            flag = match.row.table[seat]
            if flag == 0:
                raise LobbyError(
                    T("You are playing your seat in match #{id} already.", id=match.id)
                )
            if flag == 2:
                raise NotAllowed(resigned_already(match.id))
            table = [s for s in match.row.table_seats() if s != seat]

            async def attempt() -> Saved:
                plan = Plan(seats=((seat, 0, 0),))
                info: dict[str, Any] | None = None
                if seat in match.game.to_act(match.state):
                    # The decision the table's computer player had not made yet is hers
                    # again, with a clock of its own from now (the post says when it runs out).
                    plan, info = await self.decisions(
                        match,
                        match.state,
                        match.state,
                        {seat},
                        match.version + 1,
                        table=table,
                        seats=[(seat, 0, 0)],
                    )
                note = post("rejoin", match.version + 1, seat=seat, user=user_id, clock=info)
                notes = [note, *self.rethink(match, table)]
                return await self.store.change_seats(
                    match.id, match.version, timers=plan, announce=notes
                )

            saved = await self.saving(attempt, T("The match moved on at that moment; try again."))
        self.changed()
        return await service._after(match.id, saved)

    # -- pausing ----------------------------------------------------------------------------
    async def pause(
        self, channel_id: int, game_key: str, user_id: int, is_admin: bool, paused: bool
    ) -> Done:
        """Stop (or start again) every clock of one match: its creator or an admin."""

        service = self.service
        found = await service.current(channel_id, game_key)
        async with service._lock(found.id):
            match = await service.by_id(found.id)
            verb = "pause" if paused else "resume"
            if match.status != "active":
                raise LobbyError(
                    T("Match #{id} has not started: there is no clock to pause.", id=match.id)
                    if paused
                    else T("Match #{id} has not started: there is no clock to resume.", id=match.id)
                )
            if match.row.clock == 0:
                raise ClockError(
                    T("Match #{id} has no clock, so there is nothing to pause.", id=match.id)
                    if paused
                    else T("Match #{id} has no clock, so there is nothing to resume.", id=match.id)
                )
            if user_id != match.creator_id and not is_admin:
                creator = mention(match.creator_id)
                raise NotAllowed(
                    T(
                        "Only {creator}, who created match #{id}, or a member with Manage Server "
                        "can pause it.",
                        creator=creator,
                        id=match.id,
                    )
                    if paused
                    else T(
                        "Only {creator}, who created match #{id}, or a member with Manage Server "
                        "can resume it.",
                        creator=creator,
                        id=match.id,
                    )
                )
            if match.row.paused == paused:
                raise ClockError(
                    T("The clock of match #{id} is already paused.", id=match.id)
                    if paused
                    else T("The clock of match #{id} is already running.", id=match.id)
                )
            info: dict[str, Any] = {"paused": paused}
            if not paused:  # what the clocks will show once running again
                info = await self._resumed_info(match)
            note = post(verb, match.version + 1, user=user_id, clock=info)
            # The change raises the version, so the computer players still to decide think
            # again on it (a pause stops the clocks, not the computers).
            notes = [note, *self.rethink(match, match.row.table_seats())]
            try:
                saved = await self.store.change_seats(
                    match.id, match.version, paused=paused, announce=notes, players=match.players
                )
            except VersionConflict:
                raise StaleMove(T("A move was saved at that moment; try again.")) from None
        self.changed()
        return await service._after(match.id, saved)

    async def _resumed_info(self, match: Match) -> dict[str, Any]:
        now = self.now
        seats = match.game.to_act(match.state)
        prefs = await self.clocks.prefs(match.players[s] for s in seats)
        current = (await self.clocks.deadlines([match.id])).get(match.id, {})
        deadlines = {
            s: (t.due_at if t.status == "pending" else now + (t.remaining or 0))
            for s, t in current.items()
            if not prefs[match.players[s]].away(now)
        }
        return clock_info(deadlines, seats, match.players, prefs, now, False)

    # -- time away --------------------------------------------------------------------------
    async def away(self, user_id: int, days: int) -> float:
        """The player's clocks stop for ``days`` days (they start again then, or at `back`)."""
        if not 1 <= days <= MAX_AWAY_DAYS:
            raise ClockError(T("Time away is 1 to {most} days.", most=MAX_AWAY_DAYS))
        until = self.now + days * DAY
        await self.clocks.set_away(user_id, until)
        self.changed()
        return until

    async def back(self, user_id: int) -> None:
        prefs = (await self.clocks.prefs([user_id]))[user_id]
        if not prefs.away(self.now):
            raise ClockError(T("You are not away."))
        await self.clocks.set_away(user_id, None)
        self.changed()

    # -- reminders and turn notices ---------------------------------------------------------
    async def remind(self, timer: Timer) -> tuple[int, ...]:
        """Half the time, or all but an hour, has passed: remind the player, by DM, or in the
        match's channel when their DMs are closed. Once, and never in their quiet hours; only
        while its own decision runs: one handled late, once that decision's time ran out (the
        bot was down), is dropped, never said about the decision after it."""
        match = await self.service.by_id(timer.match_id or 0, allow_damaged=True)
        seat = timer.seat
        now = self.now
        deadline = None
        if not match.damaged and match.status == "active" and seat is not None:
            current = (await self.clocks.deadlines([match.id])).get(match.id, {}).get(seat)
            if current is not None and still_running(current, timer, now):
                deadline = current.due_at
        prefs = (await self.clocks.prefs([timer.user_id]))[timer.user_id]
        if deadline is None or not prefs.reminders or seat not in match.game.to_act(match.state):
            await self.clocks.drop(timer.id)
            return ()
        if quiet_interval(now, prefs.quiet) is not None:
            later = place(now, timer.begun, deadline, prefs.quiet, later_first=True)
            if later is None or later <= now:
                await self.clocks.drop(timer.id)
            else:
                await self.clocks.postpone(timer.id, later)
            return ()
        details = {
            "reminder": timer.detail,
            "user": timer.user_id,
            "seat": seat,
            "version": match.version,
            "deadline": deadline,
        }
        if prefs.dm_closed:
            note = Announcement("post", {"event": "reminder", **details})
        else:
            note = Announcement("dm", details)
        return await self.clocks.fire(timer.id, [note])

    async def notify_turns(self, timer: Timer) -> tuple[int, ...]:
        """It became the player's turn: one DM for every match now awaiting them whose notice
        is pending (several matches share one DM)."""
        user = timer.user_id
        waiting = await self.clocks.pending_turns(user)
        ids = [t.id for t in waiting] or [timer.id]
        prefs = (await self.clocks.prefs([user]))[user]
        now = self.now
        if not prefs.notify_turn or prefs.dm_closed or prefs.away(now):
            return await self.clocks.fire_all(ids, [])
        found = quiet_interval(now, prefs.quiet)
        if found is not None:
            for t in waiting:
                await self.clocks.postpone(t.id, found[1])
            return ()
        listed = []
        running = await self.clocks.deadlines([t.match_id or 0 for t in waiting])
        for t in waiting:
            match = await self.service.by_id(t.match_id or 0, allow_damaged=True)
            # A notice handled after its decision's time ran out (the bot was down) is about
            # nothing any more: it is dropped, never said about the decision after it.
            current = running.get(match.id, {}).get(t.seat or 0)
            still = (
                not match.damaged
                and match.status == "active"
                and t.seat in match.game.to_act(match.state)
                and (match.row.clock == 0 or (current is not None and still_open(current, t, now)))
            )
            if still and {"match": match.id, "seat": t.seat} not in listed:
                listed.append({"match": match.id, "seat": t.seat})
        notes = [Announcement("dm", {"turns": listed, "user": user}, lane=f"user:{user}")]
        return await self.clocks.fire_all(ids, notes if listed else [])

    # -- my turn, everywhere ----------------------------------------------------------------
    async def mine(self, user_id: int) -> list[Listed]:
        """Every open match of the player, those awaiting them first (earliest deadline
        first), then the others."""
        ids = await self.clocks.open_matches_of(user_id)
        matches = await self.service.by_ids(ids)  # two reads, however many matches
        deadlines = await self.clocks.deadlines(ids)
        updated = await self.clocks.updated_at(ids)
        awaited = {u for m in matches if m.status == "active" and not m.damaged for u in m.to_act()}
        everyone = await self.clocks.prefs({user_id, *awaited})
        prefs = everyone[user_id]
        now = self.now
        listed = []
        for match in matches:
            seats = (
                match.game.to_act(match.state)
                if match.status == "active" and match.state is not None and not match.damaged
                else ()
            )
            # A seat the table plays waits for its computer player, not for the person.
            seats = tuple(s for s in seats if s not in match.row.table_seats())
            waiting = tuple(match.players[s] for s in seats)
            timers = deadlines.get(match.id, {})
            mine = match.seat_of(user_id)
            own = timers.get(mine) if mine is not None and mine in seats else None
            running = [t.due_at for s, t in timers.items() if s in seats and t.status == "pending"]
            begun = [t.begun for s, t in timers.items() if s in seats]
            deadline = (
                own.due_at
                if own is not None and own.status == "pending"
                else (min(running) if running and own is None else None)
            )
            listed.append(
                Listed(
                    match=match,
                    awaiting_me=user_id in waiting,
                    waiting=waiting,
                    since=max(begun) if begun else updated.get(match.id),
                    deadline=deadline,
                    paused=match.row.paused,
                    away_until=prefs.away_until if prefs.away(now) else None,
                    waiting_away={
                        u: everyone[u].away_until or now for u in waiting if everyone[u].away(now)
                    },
                )
            )
        far = float("inf")
        listed.sort(key=lambda e: (not e.awaiting_me, e.deadline or far, e.match.id))
        return listed


def still_open(current: Timer, timer: Timer, now: float) -> bool:
    """Whether ``timer`` (a reminder, a turn notice) belongs to the decision whose deadline
    is ``current``, and that decision is not over: its deadline stands still (paused), or has
    not come yet."""
    return current.decision == timer.decision and (
        current.status == "paused" or current.due_at > now
    )


def still_running(current: Timer, timer: Timer, now: float) -> bool:
    """``still_open``, and its deadline runs (a reminder waits while it is paused)."""
    return current.status == "pending" and still_open(current, timer, now)


def clock_info(
    deadlines: dict[int, float],
    seats: Iterable[Seat],
    players: Sequence[int],
    prefs: dict[int, Prefs],
    now: float,
    paused: bool,
) -> dict[str, Any]:
    """What an announcement says of the clock, as JSON: the deadline of each seat to act
    whose clock runs, who of them is away (until when), and whether the match is paused."""
    info: dict[str, Any] = {}
    shown = {str(s): round(t) for s, t in deadlines.items()}
    if shown:
        info["deadlines"] = shown
    away = {}
    for seat in seats:
        user_prefs = prefs.get(players[seat])
        if user_prefs is not None and user_prefs.away(now) and user_prefs.away_until:
            away[str(seat)] = round(user_prefs.away_until)
    if away:
        info["away"] = away
    if paused:
        info["paused"] = True
    return info
