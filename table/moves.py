"""Moves: suggestions, a typed or clicked move checked against what its player saw, and saved
with what it announces in one version-checked transaction."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from data.clockrows import Prefs
from data.store import VersionConflict
from i18n.text import T, text_data
from rules.base import Seat
from rules.errors import IllegalMove, PlayerError
from table.computers import is_computer, thinking
from table.core import MatchCore
from table.errors import NotAPlayer, StaleMove, reason_of
from table.forced import forced_details, play_forced
from table.match import (
    Match,
    MoveResult,
    Receipt,
    outcome_record,
    post,
    private_views,
    thinker_level,
)
from table.turns import Turns


class Moves(MatchCore):
    """Playing a match: a person's move, or a computer seat's."""

    turns: Turns

    # -- play --------------------------------------------------------------------------
    async def suggestions(
        self, channel_id: int, game_key: str, user_id: int, typed: str = ""
    ) -> tuple[list[str], str | None, int]:
        """The caller's legal moves as text matching ``typed``, the version they were offered
        for; or, when they cannot move now, no moves and the reason (not their turn, not
        playing, no match here), in public words."""
        try:
            match = await self.current(channel_id, game_key)
            seat = self._acting_seat(match, user_id)
        except PlayerError as reason:
            return [], reason_of(reason), 0
        return match.game.suggest(match.state, seat, typed), None, match.version

    async def move(
        self,
        channel_id: int,
        game_key: str,
        user_id: int,
        text: str,
        expected_version: int | None = None,
        receipt: Receipt | None = None,
    ) -> MoveResult:
        """Parse, check, apply and save one move by ``user_id``.

        ``expected_version`` is the version a chosen suggestion was offered for: the move is
        refused if the match has moved on since. ``receipt`` is what was known when the command
        arrived: a typed move sent before the player's previous move was saved, or before it was
        their turn, is refused rather than applied to a position they never saw.
        """
        match, prefs = await self._find(channel_id, game_key, with_prefs=True)
        if receipt is not None and receipt.match_id != match.id:
            receipt = None
        if receipt is not None:
            receipt = self._still_news(receipt, match)
        return await self._move(
            match,
            user_id,
            lambda m, _s: m.game.parse(m.state, text),
            expected_version,
            receipt,
            prefs,
        )

    async def move_by_index(
        self, match_id: int, user_id: int, version: int, index: int
    ) -> MoveResult:
        """A move chosen from a button or select posted with the board at ``version``."""
        match = await self.by_id(match_id)

        def pick(m: Match, seat: Seat) -> Any:
            legal = m.game.legal_moves(m.state, seat)
            if not 0 <= index < len(legal):
                raise IllegalMove(T("That choice no longer exists; use the latest board."))
            return legal[index]

        return await self._move(match, user_id, pick, version, None)

    async def move_by_text(
        self, match_id: int, user_id: int, version: int, text: str
    ) -> MoveResult:
        """A compound move chosen on a tap panel drawn for ``version`` (a whole route, several
        dice at once): parsed and checked by the rules as a typed one."""
        match = await self.by_id(match_id)
        return await self._move(
            match, user_id, lambda m, _s: m.game.parse(m.state, text), version, None
        )

    async def _move(
        self,
        match: Match,
        user_id: int,
        choose: Callable[[Match, Seat], Any],
        expected_version: int | None,
        receipt: Receipt | None,
        prefs: dict[int, Prefs] | None = None,
        by_table: bool = False,
    ) -> MoveResult:
        """``by_table``: the computer player moves for a person's seat the table plays."""
        seen = match.version if receipt is None else min(receipt.version, match.version)
        # Checked before waiting for the lock too, so an out-of-turn player hears that first.
        checked: Seat | None = await self._check_submission(
            match, user_id, expected_version, seen, receipt, by_table
        )
        async with self._lock(match.id):
            # Under the lock, the match to play on: when the cache still holds the very match
            # read before the lock, no move of this process landed meanwhile, and no read is
            # needed; a change by another process is caught by the save's version check, and
            # the move is then judged again on the newer match, exactly like one that landed
            # here (already played, not your turn, or played on the newer board where the
            # submission allows it). One retry: a second conflict is reported as stale.
            # The check made before the lock holds for that very match (it judged it, and the
            # save's version check catches a change by another process).
            # The players' settings read with the probe are for the first try only: a
            # conflict may mean one of them went away or came back (``PresenceChanged``).
            fresh = self._matches.get(match.id) is match
            for attempt in (1, 2):
                if not fresh:
                    match = await self.by_id(match.id)
                    checked = None
                    prefs = None
                played = await self._play(
                    match,
                    user_id,
                    choose,
                    expected_version,
                    seen,
                    receipt,
                    prefs,
                    attempt == 2,
                    checked,
                    by_table,
                )
                if played is not None:
                    break
                fresh = False
            assert played is not None
        self.turns.changed()
        return played

    async def _play(
        self,
        match: Match,
        user_id: int,
        choose: Callable[[Match, Seat], Any],
        expected_version: int | None,
        seen: int,
        receipt: Receipt | None,
        prefs: dict[int, Prefs] | None,
        last: bool,
        checked: Seat | None = None,
        by_table: bool = False,
    ) -> MoveResult | None:
        """Check, apply and save the move on ``match`` (the caller holds the match's lock);
        None when another process saved a change first and ``last`` is false (the caller
        reads the match again and tries once more). ``prefs``: players' settings read during
        this move already (with the channel's probe). ``checked``: the seat a check of this
        very submission on this very match found (else it is checked here)."""
        seat = (
            checked
            if checked is not None
            else await self._check_submission(
                match, user_id, expected_version, seen, receipt, by_table
            )
        )
        game, state = match.game, match.state
        move = choose(match, seat)
        after = game.apply(state, seat, move)
        text = game.format(state, move)
        description = game.describe(state, seat, move, after)
        # Decisions the game leaves no choice in are played at once and only told.
        forced, after = play_forced(game, after)
        # Seats the table plays (after timeouts or a resignation) think like computer seats.
        table = match.row.table_seats()
        outcome = game.outcome(after)
        version = match.version + 1 + len(forced)
        details = forced_details(forced)
        # The player acted: their count of automatic decisions in a row starts again (not the
        # count of a seat the table plays: only ``rejoin`` gives that back).
        reset = match.row.timeouts[seat] and not by_table
        plan, clock = await self.turns.decisions(
            match,
            state,
            after,
            {seat, *(s for s, *_ in forced)},
            version,
            seats=[(seat, 0, 0)] if reset else [],
            known=prefs,
            mover=seat,
        )
        notes = [
            post(
                "move",
                version,
                seat=seat,
                move=text,
                description=text_data(description),
                forced=details,
                clock=clock,
                **({"table": True} if by_table else {}),
            )
        ]
        notes += private_views(game, state, after, match.players, version, table)
        notes += thinking(game, after, match.players, version, self.computer_pause, table)
        self.foresee_board(
            Match(
                row=replace(match.row, version=version, status="finished" if outcome else "active"),
                game=game,
                state=after,
            )
        )
        try:
            saved = await self.store.save_move(
                match.id,
                match.version,
                seat,
                text,
                game.dump_state(after),
                status="finished" if outcome else "active",
                result=outcome_record(outcome, table) if outcome else None,
                announce=notes,
                also=[(s, t) for s, t, _ in forced],
                timers=plan,
                before=match.row,
            )
        except VersionConflict:
            if not last:
                return None
            raise StaleMove(
                T(
                    "Another move was saved at the same moment, so yours was not played; look at "
                    "the latest board."
                )
            ) from None
        # The save returned the row as it now stands: no need to read or decode it again.
        assert saved.row is not None
        after_match = Match(row=saved.row, game=game, state=after)
        if outcome is None:
            self._matches[match.id] = after_match  # no need to decode what we made
        else:
            self._matches.pop(match.id, None)
        return MoveResult(
            before=match,
            after=after_match,
            seat=seat,
            move_text=text,
            description=description,
            entries=saved.entries,
        )

    async def _check_submission(
        self,
        match: Match,
        user_id: int,
        expected_version: int | None,
        seen: int,
        receipt: Receipt | None,
        by_table: bool = False,
    ) -> Seat:
        """The seat that may play this submission now, or why it may not: a chosen suggestion
        or button is for one version only; a typed move is not played if the player already
        moved since they sent it, or if it was not their turn when they sent it; a person
        whose seat the table plays takes it back first (``by_table``: the table's computer
        player moves for it)."""
        seat = self._seat_for_play(match, user_id)
        if not by_table and not is_computer(user_id):
            self._refuse_table_seat(match, seat)
        if expected_version is not None and expected_version != match.version:
            raise await self._moved_on(match, seat, expected_version, strict=True)
        if expected_version is None and seen != match.version:
            if await self._acted_since(match.id, seat, seen):
                raise await self._moved_on(match, seat, seen, strict=False)
            now_on_turn = user_id in match.to_act()
            if receipt is not None and user_id not in receipt.to_act and now_on_turn:
                raise StaleMove(
                    T(
                        "It was not your turn when you sent that, so it was not played. It is "
                        "now: look at the latest board and send your move again."
                    )
                )
        return self._acting_seat(match, user_id)

    async def _acted_since(self, match_id: int, seat: Seat, version: int) -> bool:
        return any(m.seat == seat and m.version > version for m in await self.store.moves(match_id))

    async def _moved_on(self, match: Match, seat: Seat, since: int, strict: bool) -> StaleMove:
        if await self._acted_since(match.id, seat, since):
            return StaleMove(
                T(
                    "Already played: your move on that board was saved before this one arrived, "
                    "so this one was not played again. Look at the latest board."
                )
            )
        if strict:
            return StaleMove(
                T(
                    "That board is out of date: the match has moved on. "
                    "Look at the latest board and choose again."
                )
            )
        return StaleMove(T("The match moved on while you sent that; look at the latest board."))

    async def move_for_computer(
        self, match_id: int, seat: Seat, text: str, version: int
    ) -> MoveResult:
        """A computer seat's move, decided on the board at ``version``: checked, saved and
        announced like a person's (refused as stale if the match moved on meanwhile)."""
        match = await self.by_id(match_id)
        user = match.user_at(seat)
        if thinker_level(match, seat) is None:
            name = f"Seat {seat + 1}"  # the cogs name its person in place of it
            raise NotAPlayer(
                T(
                    "{seat} of match #{id} is played by a person, not a computer.",
                    seat=name,
                    id=match_id,
                )
            )
        return await self._move(
            match,
            user,
            lambda m, _s: m.game.parse(m.state, text),
            version,
            None,
            by_table=not is_computer(user),
        )
