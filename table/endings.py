"""Endings: resigning, cancelling, and taking a move back."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from data.store import Announcement, MoveRow, Saved, VersionConflict
from i18n.text import N_, T
from rules.base import Seat
from table import history
from table.computers import is_computer, thinking
from table.core import MatchCore
from table.errors import LobbyError, NotAllowed, StaleMove
from table.match import Done, Match, Receipt, mention, post, private_views, status_name
from table.turns import Turns, nothing_changed


class Endings(MatchCore):
    """Ending a match early, or taking a move back."""

    turns: Turns

    # -- ending early ------------------------------------------------------------------
    async def resign(self, channel_id: int, game_key: str, user_id: int) -> Done:
        """The user gives up. When one other player is left, the match ends and they win;
        with more, the table plays the seat from now on and the others play on."""
        found = await self.current(channel_id, game_key)
        async with self._lock(found.id):
            match = await self.by_id(found.id)
            if match.status == "lobby":
                raise LobbyError(
                    T(
                        "The match has not started: use `{leave}` (or `{cancel}`) instead.",
                        leave="leave",
                        cancel="cancel",
                    )
                )
            seat = self._seat_for_play(match, user_id)
            # Once is enough: again, it would be announced again and bump the version.
            if match.row.table and match.row.table[seat] == 2:
                raise NotAllowed(
                    T(
                        "You resigned from match #{id} already: the table plays your seat to the "
                        "end.",
                        id=match.id,
                    )
                )
            gone = {seat, *match.row.table_seats()}
            winners = [s for s in range(len(match.players)) if s not in gone]
            people = [s for s in winners if not is_computer(match.players[s])]
            if len(winners) >= 2 and people:  # the table plays the seat, the others go on
                return await self.turns.resign_to_table(match, seat, user_id)
            result: dict[str, Any] = {
                "reason": f"seat {seat + 1} resigned",
                "winners": winners,
                "resigned": seat,
            }
            if match.row.table_seats():  # seats the table played count as the computer's
                result["table"] = sorted(match.row.table_seats())
            note = post("resign", match.version + 1, seat=seat, user=user_id)
            saved = await self._close(match, seat, "resign", "finished", result, note)
        return await self._after(match.id, saved)

    async def cancel(self, channel_id: int, game_key: str, user_id: int, is_admin: bool) -> Done:
        """Close the match without a winner; works on a damaged match too (that is the way
        out of one)."""
        found = await self.current(channel_id, game_key, allow_damaged=True)
        async with self._lock(found.id):
            match = await self.by_id(found.id, allow_damaged=True)
            if match.status not in ("lobby", "active"):
                if match.status == "cancelled":
                    raise LobbyError(T("Match #{id} is already cancelled.", id=match.id))
                if match.status == "finished":
                    raise LobbyError(T("Match #{id} is already finished.", id=match.id))
                raise LobbyError(
                    T(
                        "Match #{id} is already {status}.",
                        id=match.id,
                        status=status_name(match.status),
                    )
                )
            if user_id != match.creator_id and not is_admin:
                raise NotAllowed(
                    T(
                        "Only {creator}, who created match #{id}, or a member with Manage Server "
                        "can cancel it.",
                        creator=mention(match.creator_id),
                        id=match.id,
                    )
                )
            # The stored result's reason: marked, said where the result is shown.
            result = {"reason": N_("cancelled"), "winners": []}
            note = post("cancel", match.version + 1, user=user_id)
            listed = await self._listed(match.row.guild_id) if match.status == "lobby" else []
            saved = await self._close(
                match, match.seat_of(user_id), "cancel", "cancelled", result, note, listed
            )
        self._by_channel.pop(match.row.channel_id, None)
        return await self._after(match.id, saved)

    async def _close(
        self,
        match: Match,
        seat: Seat | None,
        text: str,
        status: str,
        result: dict[str, Any],
        note: Announcement,
        also: Sequence[Announcement] = (),
    ) -> Saved:
        try:
            return await self.store.save_move(
                match.id,
                match.version,
                seat,
                text,
                None,
                status=status,
                result=result,
                announce=[note, *also],
                before=match.row,
            )
        except VersionConflict:
            raise StaleMove(nothing_changed()) from None

    # -- taking a move back ------------------------------------------------------------
    async def undo(
        self, channel_id: int, game_key: str, user_id: int, receipt: Receipt | None = None
    ) -> tuple[Done, str]:
        """Take back the user's last move (Board Game Arena's fair undo, ``table.history``):
        only while nobody else has acted since and only if it revealed nothing. The log stays
        append-only: the undo is an entry of its own (one per move taken back: the player's
        and the moves forced on them right after it), and the saved state is the replay of the
        moves that stand. The decision it reopens gets back the time it had left. Returns the
        change and the text of the move taken back.

        ``receipt``: what was known when the command arrived. An undo is for the board its
        player saw: one of theirs saved since (the same command sent twice at once) means this
        one was answered already, and it takes nothing more back."""
        found = await self.current(channel_id, game_key)
        if receipt is not None and receipt.match_id == found.id:
            receipt = self._still_news(receipt, found)
        else:
            receipt = None
        seen = found.version if receipt is None else min(receipt.version, found.version)
        async with self._lock(found.id):
            match = await self.by_id(found.id)
            seat = self._seat_for_play(match, user_id)
            self._refuse_table_seat(match, seat)
            game = match.game
            entries = await self.store.moves(match.id)
            if any(e.seat == seat and e.move == history.UNDO and e.version > seen for e in entries):
                raise StaleMove(
                    T(
                        "Already taken back: your undo on that board was saved before this one "
                        "arrived, so nothing more was taken back. Look at the latest board."
                    )
                )
            await self._refuse_automatic_move(match.id, seat, entries)
            plan = await asyncio.to_thread(
                history.plan_undo,
                game,
                entries,
                seat,
                match.options,
                seed=match.row.seed,
                players=len(match.players),
            )
            version = match.version + plan.count
            # The decision the undone move ended is the player's again, with the time it had
            # left then (not a new clock: move and undo must not buy time).
            taken = taken_back(entries, seat, plan.count)
            left = None
            if match.row.clock:
                left = await self.clocks.time_left(match.id, seat, taken)
            # A computer seat (or one the table plays) still to decide on the board taken back
            # to decides again on it: its entry for the undone board is stale now.
            table = match.row.table_seats()

            async def attempt() -> Saved:
                timers, clock = await self.turns.decisions(
                    match,
                    match.state,
                    plan.state,
                    {seat},
                    version,
                    left=None if left is None else {seat: left},
                )
                notes = [
                    post("undo", version, seat=seat, user=user_id, move=plan.move, clock=clock)
                ]
                notes += private_views(game, match.state, plan.state, match.players, version, table)
                pause = self.computer_pause
                notes += thinking(game, plan.state, match.players, version, pause, table)
                return await self.store.save_move(
                    match.id,
                    match.version,
                    seat,
                    history.UNDO,
                    game.dump_state(plan.state),
                    announce=notes,
                    also=[(seat, history.UNDO)] * (plan.count - 1),
                    timers=timers,
                    before=match.row,
                )

            saved = await self.turns.saving(
                attempt,
                T(
                    "A move was saved at the same moment, so nothing was taken back; look at the "
                    "latest board."
                ),
            )
        self.turns.changed()
        return await self._after(match.id, saved), plan.move

    async def _refuse_automatic_move(
        self, match_id: int, seat: Seat, entries: Sequence[MoveRow]
    ) -> None:
        """A move played for the seat (a timeout, or the table's computer player before a
        rejoin) is not the person's to take back: otherwise letting time run out and undoing
        would draw the automatic decision again and again. The announcements say which moves
        those were: the seat's last move entry at or before its latest "timeout" or "rejoin"
        post was not chosen by the person."""
        own = [
            e.version
            for e in entries
            if e.seat == seat and e.move not in (history.UNDO, history.RESIGN, history.CANCEL)
        ]
        if not own:
            return
        marks = [
            int(e.payload["version"])
            for e in await self.store.outbox(match_id)
            if e.payload.get("event") in ("timeout", "rejoin") and e.payload.get("seat") == seat
        ]
        if marks and own[-1] <= max(marks):
            raise history.CannotUndo(
                T(
                    "Your last move was played for you (time ran out, or the table played your "
                    "seat): it stands."
                )
            )


def taken_back(entries: Sequence[MoveRow], seat: Seat, count: int) -> int:
    """The version of the move an undo of ``count`` entries takes back that its player chose
    (the first of them: those after it were forced on them)."""
    standing = history.standing_numbers(entries)
    mine = [entries[i] for i in standing if entries[i].seat == seat]
    return mine[-count].version
