"""The match service: users to seats, the match lifecycle, and moves. Knows no Discord.

Every call takes plain ids (guild, channel, user) and returns plain data, or raises a
``PlayerError`` whose message the caller may show as it is. A move is: find the channel's match,
map the user to a seat, parse and apply it with the game's rules, then save the new state and
its log entry in one version-checked transaction. A per-match lock keeps moves in one process in
order; the version check keeps them honest across processes.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from data.store import ChannelTaken, MatchRow, Store, VersionConflict
from rules import rng
from rules.base import Game, Outcome, Seat
from rules.errors import GameOver, IllegalMove, InvalidMove, NotYourTurn, PlayerError


class StaleMove(PlayerError):
    """The board the player acted on is no longer the current one."""


class NoMatchHere(PlayerError):
    """The channel has no open match (of this game)."""


class ChannelBusy(PlayerError):
    """The channel already has an open match."""


class NotAPlayer(PlayerError):
    """The user is not seated in this match."""


class NotAllowed(PlayerError):
    """The user may not do this (only the creator starts; only creator or admin cancels)."""


class LobbyError(PlayerError):
    """Joining, leaving or starting is not possible right now."""


@dataclass(frozen=True)
class Match:
    """A match as the Discord layer sees it: stored facts plus the decoded game state."""

    row: MatchRow
    game: Game
    state: Any | None  # the game state once started

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def players(self) -> tuple[int, ...]:
        """User ids: by seat once started, by join order in the lobby."""
        return self.row.players

    @property
    def creator_id(self) -> int:
        return self.row.creator_id

    @property
    def options(self) -> dict[str, str]:
        return self.row.options

    def seat_of(self, user_id: int) -> Seat | None:
        return self.players.index(user_id) if user_id in self.players else None

    def user_at(self, seat: Seat) -> int:
        return self.players[seat]

    def to_act(self) -> tuple[int, ...]:
        """The users who must decide now (none outside an active match)."""
        if self.status != "active" or self.state is None:
            return ()
        return tuple(self.players[s] for s in self.game.to_act(self.state))

    def outcome(self) -> Outcome | None:
        if self.state is None:
            return None
        return self.game.outcome(self.state)

    @property
    def result(self) -> dict[str, Any] | None:
        return self.row.result


@dataclass(frozen=True)
class MoveResult:
    """What one accepted move changed, for the Discord layer to announce."""

    before: Match
    after: Match
    seat: Seat
    move_text: str
    description: str


class MatchService:
    """The lifecycle and moves of every match, over a Store and the registered games."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game],
        new_seed: Callable[[], int] = lambda: secrets.randbits(48),
    ) -> None:
        self.store = store
        self.games = games
        self._new_seed = new_seed
        self._locks: dict[int, asyncio.Lock] = {}
        # Decoded states by (match id, version): autocomplete asks on every keystroke.
        self._states: dict[int, tuple[int, Any]] = {}

    # -- finding matches ---------------------------------------------------------------
    async def current(self, channel_id: int, game_key: str | None = None) -> Match:
        """The open match in this channel; NoMatchHere (naming the right command) otherwise."""
        row = await self.store.open_match_in(channel_id)
        if row is None:
            hint = f" Start one with `/{game_key} new`." if game_key else ""
            raise NoMatchHere(f"There is no open match in this channel.{hint}")
        if game_key is not None and row.game != game_key:
            other = self.games[row.game].spec
            raise NoMatchHere(
                f"This channel's match #{row.id} is {other.name}: use `/{other.key}` commands "
                "here, or play in another channel."
            )
        return self._decode(row)

    async def by_id(self, match_id: int) -> Match:
        row = await self.store.match(match_id)
        if row is None:
            raise NoMatchHere(f"Match #{match_id} does not exist.")
        return self._decode(row)

    def _decode(self, row: MatchRow) -> Match:
        game = self.games[row.game]
        state = None
        if row.state_json is not None:
            cached = self._states.get(row.id)
            if cached and cached[0] == row.version:
                state = cached[1]
            else:
                state = game.load_state(json.loads(row.state_json))
                self._states[row.id] = (row.version, state)
            if row.status not in ("lobby", "active"):  # over: nobody will ask again soon
                self._states.pop(row.id, None)
        return Match(row=row, game=game, state=state)

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    # -- lobby -------------------------------------------------------------------------
    async def create(
        self,
        game_key: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        options: Mapping[str, str],
    ) -> Match:
        game = self.games[game_key]
        resolved = game.spec.resolve_options(options)
        playable_with_some_count(game, resolved)
        try:
            match_id = await self.store.create_match(
                game_key, guild_id, channel_id, creator_id, resolved, self._new_seed()
            )
        except ChannelTaken:
            busy = await self.store.open_match_in(channel_id)
            assert busy is not None
            name = self.games[busy.game].spec.name
            raise ChannelBusy(
                f"This channel already has an open match: #{busy.id} ({name}, {busy.status}). "
                "Finish or cancel it first, or create the match in another channel or a thread."
            ) from None
        return await self.by_id(match_id)

    async def join(self, channel_id: int, game_key: str, user_id: int) -> Match:
        match = await self.current(channel_id, game_key)
        spec = match.game.spec
        if match.status != "lobby":
            raise LobbyError(f"Match #{match.id} has already started; you can watch it.")
        if user_id in match.players:
            raise LobbyError(f"You have already joined match #{match.id}.")
        if len(match.players) >= spec.max_players:
            raise LobbyError(f"Match #{match.id} is full ({spec.max_players} players).")
        return await self._set_lobby(match, [*match.players, user_id])

    async def leave(self, channel_id: int, game_key: str, user_id: int) -> Match:
        match = await self.current(channel_id, game_key)
        if match.status != "lobby":
            raise LobbyError("The match has started: use `resign` to give up instead.")
        if user_id not in match.players:
            raise NotAPlayer(f"You have not joined match #{match.id}.")
        if user_id == match.creator_id:
            raise LobbyError("You created this match: use `cancel` to close it instead.")
        return await self._set_lobby(match, [u for u in match.players if u != user_id])

    async def _set_lobby(self, match: Match, players: Sequence[int]) -> Match:
        async with self._lock(match.id):
            try:
                await self.store.set_lobby(match.id, match.version, players)
            except VersionConflict:
                raise StaleMove("The lobby changed at the same moment; please try again.") from None
        return await self.by_id(match.id)

    async def start(self, channel_id: int, game_key: str, user_id: int) -> Match:
        """Seat the players in a random order and set the game up."""
        match = await self.current(channel_id, game_key)
        spec = match.game.spec
        if match.status != "lobby":
            raise LobbyError(f"Match #{match.id} has already started.")
        if user_id != match.creator_id:
            raise NotAllowed(
                f"Only <@{match.creator_id}>, who created match #{match.id}, can start it."
            )
        count = len(match.players)
        if count < spec.min_players:
            raise LobbyError(
                f"{spec.name} needs {spec.min_players}–{spec.max_players} players; "
                f"{count} joined so far. Others can `/{spec.key} join`."
            )
        match.game.check_options(count, match.options)
        seated = rng.shuffled(match.players, match.row.seed, "seats")
        state = match.game.setup(count, match.options, match.row.seed)
        async with self._lock(match.id):
            try:
                await self.store.start(
                    match.id, match.version, seated, match.game.dump_state(state)
                )
            except VersionConflict:
                raise StaleMove("The lobby changed at the same moment; please try again.") from None
        return await self.by_id(match.id)

    # -- play --------------------------------------------------------------------------
    async def suggestions(
        self, channel_id: int, game_key: str, user_id: int, typed: str = ""
    ) -> tuple[list[str], str | None]:
        """The caller's legal moves as text matching ``typed``; or, when they cannot move now,
        no moves and the reason (not their turn, not playing, no match here), in public words."""
        try:
            match = await self.current(channel_id, game_key)
            seat = self._acting_seat(match, user_id)
        except PlayerError as reason:
            return [], str(reason)
        return match.game.suggest(match.state, seat, typed), None

    async def move(
        self,
        channel_id: int,
        game_key: str,
        user_id: int,
        text: str,
        expected_version: int | None = None,
    ) -> MoveResult:
        """Parse, check, apply and save one move by ``user_id``."""
        match = await self.current(channel_id, game_key)
        return await self._move(
            match, user_id, lambda m, _s: m.game.parse(m.state, text), expected_version
        )

    async def move_by_index(
        self, match_id: int, user_id: int, version: int, index: int
    ) -> MoveResult:
        """A move chosen from a button or select posted with the board at ``version``."""
        match = await self.by_id(match_id)

        def pick(m: Match, seat: Seat) -> Any:
            legal = m.game.legal_moves(m.state, seat)
            if not 0 <= index < len(legal):
                raise IllegalMove("That choice no longer exists; use the latest board.")
            return legal[index]

        return await self._move(match, user_id, pick, version)

    async def _move(
        self,
        match: Match,
        user_id: int,
        choose: Callable[[Match, Seat], Any],
        expected_version: int | None,
    ) -> MoveResult:
        async with self._lock(match.id):
            # Re-read under the lock: another move may have landed while we waited.
            match = await self.by_id(match.id)
            self._seat_for_play(match, user_id)
            if expected_version is not None and expected_version != match.version:
                raise StaleMove(
                    "That board is out of date: the match has moved on. "
                    "Look at the latest board and choose again."
                )
            seat = self._acting_seat(match, user_id)
            game, state = match.game, match.state
            move = choose(match, seat)
            after = game.apply(state, seat, move)
            text = game.format(state, move)
            outcome = game.outcome(after)
            result = outcome_record(outcome) if outcome else None
            try:
                version = await self.store.save_move(
                    match.id,
                    match.version,
                    seat,
                    text,
                    game.dump_state(after),
                    status="finished" if outcome else "active",
                    result=result,
                )
                self._states[match.id] = (version, after)  # no need to decode what we made
            except VersionConflict:
                raise StaleMove(
                    "Another move was saved at the same moment; look at the latest board."
                ) from None
            description = game.describe(state, seat, move, after)
        return MoveResult(
            before=match,
            after=await self.by_id(match.id),
            seat=seat,
            move_text=text,
            description=description,
        )

    def _acting_seat(self, match: Match, user_id: int) -> Seat:
        """The user's seat if they must decide now, else the reason why not (checked before
        their move is even read, so an out-of-turn player hears that first)."""
        seat = self._seat_for_play(match, user_id)
        if seat not in match.game.to_act(match.state):
            raise NotYourTurn(
                f"It is not your turn: waiting for {match.game.pending(match.state)}."
            )
        return seat

    def _seat_for_play(self, match: Match, user_id: int) -> Seat:
        if match.status == "lobby":
            raise LobbyError(f"Match #{match.id} has not started yet.")
        if match.status != "active":
            raise GameOver(f"Match #{match.id} is over.")
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"You are not playing in match #{match.id}; you can watch it.")
        return seat

    # -- ending early ------------------------------------------------------------------
    async def resign(self, channel_id: int, game_key: str, user_id: int) -> Match:
        """The user gives up: the match ends and the others share the win."""
        match = await self.current(channel_id, game_key)
        if match.status != "active":
            raise LobbyError("The match has not started: use `leave` (or `cancel`) instead.")
        seat = self._seat_for_play(match, user_id)
        winners = [s for s in range(len(match.players)) if s != seat]
        result = {"reason": f"seat {seat + 1} resigned", "winners": winners, "resigned": seat}
        return await self._close(match, seat, "resign", "finished", result)

    async def cancel(self, channel_id: int, game_key: str, user_id: int, is_admin: bool) -> Match:
        match = await self.current(channel_id, game_key)
        if user_id != match.creator_id and not is_admin:
            raise NotAllowed(
                f"Only <@{match.creator_id}>, who created match #{match.id}, or a member with "
                "Manage Server can cancel it."
            )
        result = {"reason": "cancelled", "winners": []}
        return await self._close(match, match.seat_of(user_id), "cancel", "cancelled", result)

    async def _close(
        self, match: Match, seat: Seat | None, text: str, status: str, result: dict[str, Any]
    ) -> Match:
        async with self._lock(match.id):
            try:
                await self.store.save_move(
                    match.id, match.version, seat, text, None, status=status, result=result
                )
            except VersionConflict:
                raise StaleMove("The match changed at the same moment; please try again.") from None
        return await self.by_id(match.id)

    # -- history -----------------------------------------------------------------------
    async def replay(self, match_id: int) -> Any:
        """The state rebuilt from the seed and the move log (it must equal the saved state)."""
        match = await self.by_id(match_id)
        game = match.game
        moves = [m for m in await self.store.moves(match_id) if m.move not in ("resign", "cancel")]
        state = game.setup(len(match.players), match.options, match.row.seed)
        for entry in moves:
            if entry.seat is None:
                raise InvalidMove(f"log entry {entry.version} has no seat")
            state = game.apply(state, entry.seat, game.parse(state, entry.move))
        return state


def playable_with_some_count(game: Game, options: Mapping[str, str]) -> None:
    """Refuse at once options that no player count could play (a typo in a set name, say);
    whether they fit the actual count is checked again at the start."""
    error: InvalidMove | None = None
    for players in range(game.spec.max_players, game.spec.min_players - 1, -1):
        try:
            game.check_options(players, options)
        except InvalidMove as refused:
            error = error or refused
            continue
        return
    if error is not None:
        raise error


def outcome_record(outcome: Outcome) -> dict[str, Any]:
    """The stored summary of a finished game (the full breakdown stays derivable from state)."""
    return {
        "reason": outcome.reason,
        "winners": list(outcome.winners),
        "scores": {str(s.seat): s.total for s in outcome.scores},
    }
