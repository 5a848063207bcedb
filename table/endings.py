"""Endings: resigning, cancelling, and taking a move back."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from data.store import Announcement, MoveRow, Saved, VersionConflict
from rules.base import Seat
from table import history
from table.computers import is_computer, thinking
from table.core import MatchCore
from table.errors import LobbyError, NotAllowed, StaleMove
from table.match import Done, Match, post, private_views
from table.turns import Turns


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
                raise LobbyError("The match has not started: use `leave` (or `cancel`) instead.")
            seat = self._seat_for_play(match, user_id)
            # Once is enough: again, it would be announced again and bump the version.
            if match.row.table and match.row.table[seat] == 2:
                raise NotAllowed(
                    f"You resigned from match #{match.id} already: the table plays your seat to "
                    "the end."
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
                raise LobbyError(f"Match #{match.id} is already {match.status}.")
            if user_id != match.creator_id and not is_admin:
                raise NotAllowed(
                    f"Only <@{match.creator_id}>, who created match #{match.id}, or a member with "
                    "Manage Server can cancel it."
                )
            result = {"reason": "cancelled", "winners": []}
            note = post("cancel", match.version + 1, user=user_id)
            saved = await self._close(
                match, match.seat_of(user_id), "cancel", "cancelled", result, note
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
                announce=[note],
                before=match.row,
            )
        except VersionConflict:
            raise StaleMove(
                "A move was saved at the same moment, so nothing was changed; look at the latest "
                "board and try again."
            ) from None

    # -- taking a move back ------------------------------------------------------------
    async def undo(self, channel_id: int, game_key: str, user_id: int) -> tuple[Done, str]:
        """Take back the user's last move (Board Game Arena's fair undo, ``table.history``):
        only while nobody else has acted since and only if it revealed nothing. The log stays
        append-only: the undo is an entry of its own (one per move taken back: the player's
        and the moves forced on them right after it), and the saved state is the replay of the
        moves that stand. Returns the change and the text of the move taken back."""
        found = await self.current(channel_id, game_key)
        async with self._lock(found.id):
            match = await self.by_id(found.id)
            seat = self._seat_for_play(match, user_id)
            self._refuse_table_seat(match, seat)
            game = match.game
            entries = await self.store.moves(match.id)
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
            notes = [post("undo", version, seat=seat, user=user_id, move=plan.move)]
            # A computer seat (or one the table plays) still to decide on the board taken back
            # to decides again on it: its entry for the undone board is stale now.
            table = match.row.table_seats()
            notes += private_views(game, match.state, plan.state, match.players, version, table)
            notes += thinking(game, plan.state, match.players, version, self.computer_pause, table)
            try:
                saved = await self.store.save_move(
                    match.id,
                    match.version,
                    seat,
                    history.UNDO,
                    game.dump_state(plan.state),
                    announce=notes,
                    also=[(seat, history.UNDO)] * (plan.count - 1),
                    before=match.row,
                )
            except VersionConflict:
                raise StaleMove(
                    "A move was saved at the same moment, so nothing was taken back; look at the "
                    "latest board."
                ) from None
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
                "Your last move was played for you (time ran out, or the table played your "
                "seat): it stands."
            )
