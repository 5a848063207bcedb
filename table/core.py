"""The match service's ground floor: finding matches, decoding them (a cache trusted only at
the version it carries), locking them, and who may play. The lobby, moves and endings build on it
(``table/lobby.py``, ``table/moves.py``, ``table/endings.py``; ``table/service.py`` joins them).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from data.clockrows import Prefs
from data.clockstore import ClockStore
from data.leagues import list_channel, tables_entry
from data.lru import Lru
from data.store import Announcement, MatchRow, Saved, Store
from i18n.text import T, Text
from rules.base import AnyGame, Seat
from rules.errors import GameOver, NotYourTurn
from table import history
from table.computers import THINK_PAUSE
from table.errors import LobbyError, MatchDamaged, NoMatchHere, NotAllowed, NotAPlayer
from table.match import Done, Match, MatchLock, Receipt, command, mention

log = logging.getLogger("tidetable.matches")


# Decoded matches kept in memory (about 5 kB each): far more than are played at once.
MATCHES_CACHED = 2000


class MatchCore:
    """What every part of the match service stands on: the store, the games, and the matches
    this process has decoded and locked."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, AnyGame],
        new_seed: Callable[[], int] = lambda: secrets.randbits(48),
        computer_pause: float = THINK_PAUSE,
    ) -> None:
        self.store = store
        self.games = games
        self._new_seed = new_seed
        self.computer_pause = computer_pause
        self._locks: dict[int, MatchLock] = {}
        # Decoded matches by id, trusted only at the version they carry: autocomplete asks on
        # every keystroke, and a receipt is read from here without touching the database.
        # Bounded: the matches in play now stay, the others are read again when asked for.
        self._matches: Lru[int, Match] = Lru(MATCHES_CACHED)
        self._by_channel: Lru[int, int] = Lru(MATCHES_CACHED)
        self._damage_logged: set[int] = set()
        self.clocks = ClockStore(store)  # the turn clock's tables (players' settings, timers)
        # Told of each board a move is about to save (the match as it will stand at its new
        # version), before the save: the bot starts drawing its picture there, so the picture
        # and the save run side by side (cogs/sketches.py). It must neither wait nor raise;
        # a save that then fails leaves a picture nothing takes.
        self.foresee_board: Callable[[Match], None] = _unseen

    # -- finding matches ---------------------------------------------------------------
    async def current(
        self, channel_id: int, game_key: str | None = None, *, allow_damaged: bool = False
    ) -> Match:
        """The open match in this channel; NoMatchHere (naming the right command) otherwise.
        A match whose saved data cannot be read is refused (MatchDamaged) unless asked for.
        A cached match is used when a one-row probe says it is still the channel's match at
        the same version (autocomplete asks on every keystroke; other processes may have moved
        it on, so the cache is never trusted without the probe)."""
        match, _ = await self._find(channel_id, game_key, allow_damaged=allow_damaged)
        return match

    async def _find(
        self,
        channel_id: int,
        game_key: str | None,
        *,
        allow_damaged: bool = False,
        with_prefs: bool = False,
    ) -> tuple[Match, dict[int, Prefs] | None]:
        """``current``; with ``with_prefs``, also the settings of the cached match's players,
        read with its probe (a move's turn clock needs them: one read, not two), when the
        probe confirms the cache (else None, and the clock reads them itself)."""
        cached = self._matches.get(self._by_channel.get(channel_id, -1))
        prefs: dict[int, Prefs] | None = None
        probed: tuple[int, int] | None = None
        if cached is not None:
            if with_prefs and cached.status == "active" and cached.players:
                probed, prefs = await self.clocks.probe_with_prefs(channel_id, cached.players)
            else:
                probed = await self.store.probe_channel(channel_id)
        if cached is not None and probed == (cached.id, cached.version):
            row: MatchRow | None = cached.row
        else:
            prefs = None  # another match, or another version: settings read with the move
            row = await self.store.open_match_in(channel_id)
        if row is None:
            self._by_channel.pop(channel_id, None)
            if game_key:
                raise NoMatchHere(
                    T(
                        "There is no open match in this channel. Start one with `{command}`.",
                        command=command(game_key, "new"),
                    )
                )
            raise NoMatchHere(T("There is no open match in this channel."))
        if game_key is not None and row.game != game_key and row.game in self.games:
            other = self.games[row.game].spec
            raise NoMatchHere(
                T(
                    "This channel's match #{id} is {game}: use `{command}` commands here, or play "
                    "in another channel.",
                    id=row.id,
                    game=other.name,
                    command=command(other.key),
                )
            )
        match = cached if cached is not None and row is cached.row else self._decode(row)
        if match.damaged and not allow_damaged:
            raise self._damaged_error(match)
        return match, prefs

    async def by_id(self, match_id: int, *, allow_damaged: bool = False) -> Match:
        """The match with this id; from the cache when its version is still the saved one."""
        cached = self._matches.get(match_id)
        if cached is not None and await self.store.version_of(match_id) == cached.version:
            return cached
        row = await self.store.match(match_id)
        if row is None:
            raise NoMatchHere(T("Match #{id} does not exist.", id=match_id))
        match = self._decode(row)
        if match.damaged and not allow_damaged:
            raise self._damaged_error(match)
        return match

    async def by_ids(self, match_ids: Sequence[int]) -> list[Match]:
        """These matches, damaged ones included (a list shows them as such), read in two
        statements whatever their number; a state whose version is cached is not decoded
        again."""
        return [self._decode(row) for row in await self.store.matches(match_ids)]

    async def latest(self, channel_id: int) -> Match | None:
        """The channel's newest match, open or finished (for looking, not playing)."""
        row = await self.store.latest_match_in(channel_id)
        return self._decode(row) if row else None

    def receipt(self, channel_id: int) -> Receipt | None:
        """What is known in memory of the channel's match right now (no I/O): taken the moment
        a command arrives, so a command sent before an earlier one was saved is recognised."""
        match = self._matches.get(self._by_channel.get(channel_id, -1))
        if match is None or match.status != "active":
            return None
        lock = self._locks.get(match.id)
        begun = lock.entered if lock is not None else 0
        busy = lock is not None and lock.locked()
        return Receipt(match.id, match.version, match.to_act(), begun, busy)

    def _still_news(self, receipt: Receipt, match: Match) -> Receipt | None:
        """The receipt, unless the match moved on only through other processes (a turn clock
        or a computer seat served elsewhere): this process's memory was behind, not the
        player, who may well have seen the newer board before sending."""
        lock = self._locks.get(match.id)
        begun = lock.entered if lock is not None else 0
        moved_elsewhere = not receipt.busy and begun == receipt.changes_begun
        if receipt.version < match.version and moved_elsewhere:
            return None
        return receipt

    def _decode(self, row: MatchRow) -> Match:
        """The match with its state decoded (from the cache when the version matches). Never
        raises: a row that cannot be read comes back with ``damaged`` saying why."""
        game = self.games.get(row.game)
        if game is None:
            return self._quarantine(row, None, f"unknown game {row.game!r}")
        if row.damaged:
            return self._quarantine(row, game, row.damaged)
        cached = self._matches.get(row.id)
        if cached is not None and cached.version == row.version and cached.row == row:
            return cached
        state = None
        if row.state_json is not None:
            if cached is not None and cached.version == row.version:
                state = cached.state
            else:
                try:
                    state = game.load_state(json.loads(row.state_json))
                except Exception as error:  # any way a saved state can fail to load
                    return self._quarantine(row, game, f"state: {type(error).__name__}: {error}")
        elif row.status == "active":
            return self._quarantine(row, game, "an active match without a state")
        match = Match(row=row, game=game, state=state)
        if row.status in ("lobby", "active"):
            self._matches[row.id] = match
            self._by_channel[row.channel_id] = row.id
        else:  # over: nobody will ask again soon
            self._matches.pop(row.id, None)
        return match

    def _quarantine(self, row: MatchRow, game: AnyGame | None, why: str) -> Match:
        if row.id not in self._damage_logged:
            self._damage_logged.add(row.id)
            log.error("match %s cannot be read (%s); it is quarantined", row.id, why)
        self._matches.pop(row.id, None)
        return Match(row=row, game=game or next(iter(self.games.values())), state=None, damaged=why)

    @staticmethod
    def _damaged_error(match: Match) -> MatchDamaged:
        return MatchDamaged(
            T(
                "Match #{id} cannot be read: its saved data is damaged. Its creator ({creator}) "
                "or a member with Manage Server can cancel it with `{command}`, which frees this "
                "channel.",
                id=match.id,
                creator=mention(match.creator_id),
                command="cancel",
            )
        )

    def drop_cached(self, match_ids: Iterable[int]) -> None:
        """Forget these matches' decoded copies: their rows changed without a new version (a
        player forgotten, a server's data deleted), so a probe would trust a stale copy."""
        for match_id in match_ids:
            gone = self._matches.pop(match_id, None)
            if gone is not None and self._by_channel.get(gone.row.channel_id) == match_id:
                del self._by_channel[gone.row.channel_id]

    async def _listed(self, guild_id: int | None) -> list[Announcement]:
        """The outbox row that brings the server's kept list of open tables up to date, written
        with a lobby's change (opened, joined, left, started, cancelled) when the server keeps
        one (``data/leagues.py``); none otherwise."""
        if guild_id is None or await list_channel(self.store, guild_id) is None:
            return []
        return [tables_entry(guild_id)]

    def _lock(self, match_id: int) -> MatchLock:
        return self._locks.setdefault(match_id, MatchLock())

    async def _after(self, match_id: int, saved: Saved) -> Done:
        return Done(await self.by_id(match_id, allow_damaged=True), saved.entries)

    # -- looking back ----------------------------------------------------------------
    async def replay(self, match_id: int, upto: int | None = None) -> Any:
        """The state rebuilt from the seed and the move log (it must equal the saved state);
        with ``upto``, the state as it was at that version."""
        match = await self.by_id(match_id, allow_damaged=True)
        entries = [m for m in await self.store.moves(match_id) if upto is None or m.version <= upto]
        # The moves that stand: undo entries take moves back; resign, cancel, timeout are words.
        return await asyncio.to_thread(
            history.replay_state,
            match.game,
            match.row.seed,
            len(match.players),
            match.options,
            entries,
        )

    async def state_at(self, match: Match, version: int) -> Any:
        """The game state at ``version``: the saved one when it is current, else replayed."""
        if version == match.version and match.state is not None:
            return match.state
        return await self.replay(match.id, upto=version)

    # -- who may play ------------------------------------------------------------------
    def _acting_seat(self, match: Match, user_id: int) -> Seat:
        """The user's seat if they must decide now, else the reason why not."""
        seat = self._seat_for_play(match, user_id)
        if seat not in match.game.to_act(match.state):
            raise NotYourTurn(
                T(
                    "It is not your turn: waiting for {pending}.",
                    pending=match.game.pending(match.state),
                )
            )
        return seat

    @staticmethod
    def _refuse_table_seat(match: Match, seat: Seat) -> None:
        """A person does not play a seat the table plays for them: they rejoin first (after
        timeouts) or cannot (after resigning)."""
        flag = match.row.table[seat] if match.row.table else 0
        game = match.row.game
        if flag == 1:
            raise NotAllowed(
                T(
                    "The table plays your seat in match #{id} after three timeouts: `{command}` "
                    "gives it back to you, then play.",
                    id=match.id,
                    command=command(game, "rejoin"),
                )
            )
        if flag == 2:
            raise NotAllowed(resigned_already(match.id))

    def _seat_for_play(self, match: Match, user_id: int) -> Seat:
        if match.status == "lobby":
            raise LobbyError(T("Match #{id} has not started yet.", id=match.id))
        if match.status != "active":
            raise GameOver(T("Match #{id} is over.", id=match.id))
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(
                T("You are not playing in match #{id}; you can watch it.", id=match.id)
            )
        return seat


def resigned_already(match_id: int) -> Text:
    """The refusal of a move, or a rejoin, from a person who resigned in a match of three or
    more (the table plays their seat)."""
    return T("You resigned from match #{id}: the table plays your seat to the end.", id=match_id)


def _unseen(match: Match) -> None:
    """No one draws boards ahead (the service on its own, as in its tests)."""
