"""The match service: users to seats, the match lifecycle, and moves. Knows no Discord.

Every call takes plain ids (guild, channel, user) and returns plain data, or raises a
``PlayerError`` whose message the caller may show as it is. A move is: find the channel's match,
map the user to a seat, parse and apply it with the game's rules, then save the new state, its
log entry and what must be announced about it (the outbox) in one version-checked transaction.
A per-match lock keeps moves in one process in order; the version check keeps them honest across
processes. What a change must announce is decided here, as data (``Announcement``); the Discord
layer chooses the words when it delivers them.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from data import history
from data.computers import (
    LEVELS,
    THINK_PAUSE,
    is_computer,
    next_computer,
    thinker_level,
    thinking,
)
from data.store import (
    Announcement,
    ChannelTaken,
    MatchRow,
    MoveRow,
    Saved,
    Store,
    VersionConflict,
)
from data.turnclock import Prefs, winners_without
from rules import rng
from rules.base import Game, Outcome, Seat
from rules.errors import GameOver, IllegalMove, InvalidMove, NotYourTurn, PlayerError

log = logging.getLogger("tidetable.matches")

# How often a lobby change or a start is tried again when another write came first (several
# players pressing Join at once): each try re-reads the lobby, so a later one sees it settled.
LOBBY_RETRIES = 8


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


class MatchDamaged(PlayerError):
    """The match's saved data cannot be read; only cancelling it is possible."""


@dataclass(frozen=True)
class Match:
    """A match as the Discord layer sees it: stored facts plus the decoded game state."""

    row: MatchRow
    game: Game
    state: Any | None  # the game state once started
    damaged: str | None = None  # why the saved data cannot be read, if it cannot

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
class Done:
    """A committed change: the match after it and the outbox entries that announce it."""

    match: Match
    entries: tuple[int, ...] = field(default=())


@dataclass(frozen=True)
class MoveResult:
    """What one accepted move changed, for the Discord layer to announce."""

    before: Match
    after: Match
    seat: Seat
    move_text: str
    description: str
    entries: tuple[int, ...] = field(default=())


@dataclass(frozen=True)
class Receipt:
    """What the bot knew of a channel's match the moment a command arrived (from memory, before
    any await): the version the player was looking at and who was to act then."""

    match_id: int
    version: int
    to_act: tuple[int, ...]
    # How many changes this process had begun on the match then (``MatchLock.entered``): when
    # none began since and the saved match is newer, the newer version came from another
    # process before the command was judged, and the receipt is not evidence of anything.
    changes_begun: int = 0
    busy: bool = False  # a change of this process was under way then (it may land after)


# -- what a change announces -------------------------------------------------------------------
def post(event: str, version: int, **details: Any) -> Announcement:
    """A public post in the match's channel about ``event`` at ``version``."""
    return Announcement("post", {"event": event, "version": version, **details})


def private_views(
    game: Game,
    before: Any | None,
    after: Any,
    players: Sequence[int],
    version: int,
    table: Iterable[Seat] = (),
):
    """A DM for each decision a seat must make with a private view, not one per change.

    At the start every seat that has a private view gets it (the hand it was dealt). After a
    move, a seat gets one when it becomes one of the seats to act, or when its private view
    changed while it must still act (a card drawn in the middle of its decisions); a seat that
    does not act next waits for its next decision, whose DM shows the view as it is then. A
    seat the table plays (``table``) gets none: its computer player decides, not the person.
    """
    if not game.spec.hidden_information:
        return []
    acting_before = set(game.to_act(before)) if before is not None else set()
    acting_after = set(game.to_act(after))
    taken = set(table)
    notes = []
    for seat, user in enumerate(players):
        if is_computer(user) or seat in taken:  # a computer player reads the view itself
            continue
        text = game.private_text(after, seat)
        if text is None:
            continue
        if before is not None:
            if seat not in acting_after:
                continue
            if seat in acting_before and game.private_text(before, seat) == text:
                continue  # it goes on deciding with the view it already has
        notes.append(Announcement("dm", {"seat": seat, "user": user, "version": version}))
    return notes


class MatchService:
    """The lifecycle and moves of every match, over a Store and the registered games."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, Game],
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
        self._matches: dict[int, Match] = {}
        self._by_channel: dict[int, int] = {}
        self._damage_logged: set[int] = set()
        from data.turns import Turns  # imported here: data.turns builds on this module

        self.turns = Turns(self)  # clocks, timeouts, seats the table plays (data/turns.py)

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
                probed, prefs = await self.turns.clocks.probe_with_prefs(channel_id, cached.players)
            else:
                probed = await self.store.probe_channel(channel_id)
        if cached is not None and probed == (cached.id, cached.version):
            row: MatchRow | None = cached.row
        else:
            prefs = None  # another match, or another version: settings read with the move
            row = await self.store.open_match_in(channel_id)
        if row is None:
            self._by_channel.pop(channel_id, None)
            hint = f" Start one with `/{game_key} new`." if game_key else ""
            raise NoMatchHere(f"There is no open match in this channel.{hint}")
        if game_key is not None and row.game != game_key and row.game in self.games:
            other = self.games[row.game].spec
            raise NoMatchHere(
                f"This channel's match #{row.id} is {other.name}: use `/{other.key}` commands "
                "here, or play in another channel."
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
            raise NoMatchHere(f"Match #{match_id} does not exist.")
        match = self._decode(row)
        if match.damaged and not allow_damaged:
            raise self._damaged_error(match)
        return match

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

    def _quarantine(self, row: MatchRow, game: Game | None, why: str) -> Match:
        if row.id not in self._damage_logged:
            self._damage_logged.add(row.id)
            log.error("match %s cannot be read (%s); it is quarantined", row.id, why)
        self._matches.pop(row.id, None)
        return Match(row=row, game=game or next(iter(self.games.values())), state=None, damaged=why)

    @staticmethod
    def _damaged_error(match: Match) -> MatchDamaged:
        return MatchDamaged(
            f"Match #{match.id} cannot be read: its saved data is damaged. Its creator "
            f"(<@{match.creator_id}>) or a member with Manage Server can cancel it with "
            "`cancel`, which frees this channel."
        )

    def _lock(self, match_id: int) -> MatchLock:
        return self._locks.setdefault(match_id, MatchLock())

    async def _after(self, match_id: int, saved: Saved) -> Done:
        return Done(await self.by_id(match_id, allow_damaged=True), saved.entries)

    # -- lobby -------------------------------------------------------------------------
    async def create(
        self,
        game_key: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        options: Mapping[str, str],
        clock: str = "default",
    ) -> Done:
        game = self.games[game_key]
        # ``undo`` is the table's option, not the game's: stored beside the game's options
        # (only when off, the default being on), never handed to the game's setup.
        undo = options.get(history.UNDO_OPTION.key, history.UNDO_OPTION.default)
        if undo not in history.UNDO_OPTION.choices:
            raise InvalidMove(f"undo is on or off, not `{str(undo)[:20]}`.")
        resolved = game.spec.resolve_options(
            {k: v for k, v in options.items() if k != history.UNDO_OPTION.key}
        )
        playable_with_some_count(game, resolved)
        if undo != history.UNDO_OPTION.default:
            resolved[history.UNDO_OPTION.key] = undo
        seconds = await self.turns.clock_for(guild_id, clock)
        try:
            match_id, saved = await self.store.create_match(
                game_key,
                guild_id,
                channel_id,
                creator_id,
                resolved,
                self._new_seed(),
                announce=[post("opened", 0, user=creator_id)],
                clock=seconds,
            )
        except ChannelTaken:
            busy = await self.store.open_match_in(channel_id)
            where = f"#{busy.id}" if busy else "one"
            name = self.games[busy.game].spec.name if busy and busy.game in self.games else ""
            detail = f" ({name}, {busy.status})" if busy and name else ""
            raise ChannelBusy(
                f"This channel already has an open match: {where}{detail}. Finish or cancel it "
                "first, or create the match in another channel or a thread."
            ) from None
        return await self._after(match_id, saved)

    async def join(self, channel_id: int, game_key: str, user_id: int) -> Done:
        match = await self.current(channel_id, game_key)
        return await self.join_match(match.id, user_id)

    async def join_match(self, match_id: int, user_id: int) -> Done:
        """Join this very match (the Join button names it): refused once it is gone."""

        def change(match: Match) -> tuple[list[int], Announcement]:
            spec = match.game.spec
            if match.status in ("finished", "cancelled"):
                raise LobbyError(f"Match #{match.id} is no longer open: it was {match.status}.")
            if match.status != "lobby":
                raise LobbyError(f"Match #{match.id} has already started; you can watch it.")
            if user_id in match.players:
                raise LobbyError(f"You have already joined match #{match.id}.")
            if len(match.players) >= spec.max_players:
                raise LobbyError(f"Match #{match.id} is full ({spec.max_players} players).")
            return [*match.players, user_id], post("joined", match.version + 1, user=user_id)

        return await self._change_lobby(match_id, change)

    async def leave(self, channel_id: int, game_key: str, user_id: int) -> Done:
        found = await self.current(channel_id, game_key)

        def change(match: Match) -> tuple[list[int], Announcement]:
            if match.status != "lobby":
                raise LobbyError("The match has started: use `resign` to give up instead.")
            if user_id not in match.players and user_id != match.creator_id:
                raise NotAPlayer(f"You have not joined match #{match.id}.")
            if user_id == match.creator_id:
                computers = [u for u in match.players if is_computer(u)]
                if computers:  # the creator's leave takes the last computer seat away
                    players = [u for u in match.players if u != computers[-1]]
                    return players, post("left", match.version + 1, user=computers[-1])
                raise LobbyError("You created this match: use `cancel` to close it instead.")
            players = [u for u in match.players if u != user_id]
            return players, post("left", match.version + 1, user=user_id)

        return await self._change_lobby(found.id, change)

    async def _change_lobby(
        self, match_id: int, change: Callable[[Match], tuple[list[int], Announcement]]
    ) -> Done:
        """Apply ``change`` to the lobby as it is now; when another write came first, read it
        again and re-apply (the change may now be refused, e.g. the lobby filled up)."""
        for _ in range(LOBBY_RETRIES):
            async with self._lock(match_id):
                match = await self.by_id(match_id)
                players, note = change(match)
                try:
                    saved = await self.store.set_lobby(match.id, match.version, players, [note])
                except VersionConflict:
                    continue
            return await self._after(match_id, saved)
        raise LobbyError(f"Match #{match_id} keeps changing; look at it again in a moment.")

    async def start(self, channel_id: int, game_key: str, user_id: int) -> Done:
        """Seat the players in a random order and set the game up."""
        found = await self.current(channel_id, game_key)
        for _ in range(LOBBY_RETRIES):
            async with self._lock(found.id):
                match = await self.by_id(found.id)
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
                        f"{spec.name} needs {players_needed(match.game)}; {count} joined so far. "
                        f"Others can `/{spec.key} join`."
                    )
                own = history.game_options(match.game, match.options)  # without ``undo``
                match.game.check_options(count, own)
                seated = rng.shuffled(match.players, match.row.seed, "seats")
                state = match.game.setup(count, own, match.row.seed)
                version = match.version + 1
                plan, clock = await self.turns.decisions(
                    match, None, state, (), version, players=seated
                )
                notes = [post("start", version, clock=clock)]
                notes += private_views(match.game, None, state, seated, version)
                notes += thinking(match.game, state, seated, version, self.computer_pause)
                try:
                    saved = await self.store.start(
                        match.id,
                        match.version,
                        seated,
                        match.game.dump_state(state),
                        notes,
                        timers=plan,
                    )
                except VersionConflict:
                    continue
            self.turns.changed()
            return await self._after(match.id, saved)
        raise LobbyError(f"Match #{found.id} keeps changing; look at it again in a moment.")

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
            return [], str(reason), 0
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
                raise IllegalMove("That choice no longer exists; use the latest board.")
            return legal[index]

        return await self._move(match, user_id, pick, version, None)

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
            fresh = self._matches.get(match.id) is match
            for attempt in (1, 2):
                if not fresh:
                    match = await self.by_id(match.id)
                    checked = None
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
        )
        notes = [
            post(
                "move",
                version,
                seat=seat,
                move=text,
                description=description,
                forced=details,
                clock=clock,
                **({"table": True} if by_table else {}),
            )
        ]
        notes += private_views(game, state, after, match.players, version, table)
        notes += thinking(game, after, match.players, version, self.computer_pause, table)
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
                "Another move was saved at the same moment, so yours was not played; look at "
                "the latest board."
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
                    "It was not your turn when you sent that, so it was not played. It is "
                    "now: look at the latest board and send your move again."
                )
        return self._acting_seat(match, user_id)

    async def _acted_since(self, match_id: int, seat: Seat, version: int) -> bool:
        return any(m.seat == seat and m.version > version for m in await self.store.moves(match_id))

    async def _moved_on(self, match: Match, seat: Seat, since: int, strict: bool) -> StaleMove:
        if await self._acted_since(match.id, seat, since):
            return StaleMove(
                "Already played: your move on that board was saved before this one arrived, so "
                "this one was not played again. Look at the latest board."
            )
        if strict:
            return StaleMove(
                "That board is out of date: the match has moved on. "
                "Look at the latest board and choose again."
            )
        return StaleMove("The match moved on while you sent that; look at the latest board.")

    def _acting_seat(self, match: Match, user_id: int) -> Seat:
        """The user's seat if they must decide now, else the reason why not."""
        seat = self._seat_for_play(match, user_id)
        if seat not in match.game.to_act(match.state):
            raise NotYourTurn(
                f"It is not your turn: waiting for {match.game.pending(match.state)}."
            )
        return seat

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

    @staticmethod
    def _refuse_table_seat(match: Match, seat: Seat) -> None:
        """A person does not play a seat the table plays for them: they rejoin first (after
        timeouts) or cannot (after resigning)."""
        flag = match.row.table[seat] if match.row.table else 0
        game = match.row.game
        if flag == 1:
            raise NotAllowed(
                f"The table plays your seat in match #{match.id} after three timeouts: "
                f"`/{game} rejoin` gives it back to you, then play."
            )
        if flag == 2:
            raise NotAllowed(
                f"You resigned from match #{match.id}: the table plays your seat to the end."
            )

    def _seat_for_play(self, match: Match, user_id: int) -> Seat:
        if match.status == "lobby":
            raise LobbyError(f"Match #{match.id} has not started yet.")
        if match.status != "active":
            raise GameOver(f"Match #{match.id} is over.")
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotAPlayer(f"You are not playing in match #{match.id}; you can watch it.")
        return seat

    # -- computer seats ----------------------------------------------------------------
    async def add_computer(self, channel_id: int, game_key: str, user_id: int, level: str) -> Done:
        """The creator seats a computer player of ``level`` in the lobby."""
        if level not in LEVELS:
            raise LobbyError(f"Choose a level: {', '.join(LEVELS)}.")
        found = await self.current(channel_id, game_key)

        def change(match: Match) -> tuple[list[int], Announcement]:
            spec = match.game.spec
            if match.status != "lobby":
                raise LobbyError(f"Match #{match.id} has already started.")
            if user_id != match.creator_id:
                raise NotAllowed(
                    f"Only <@{match.creator_id}>, who created match #{match.id}, can add "
                    "computer players."
                )
            if len(match.players) >= spec.max_players:
                raise LobbyError(f"Match #{match.id} is full ({spec.max_players} players).")
            bot = next_computer(match.players, level)
            return [*match.players, bot], post("joined", match.version + 1, user=bot)

        return await self._change_lobby(found.id, change)

    async def move_for_computer(
        self, match_id: int, seat: Seat, text: str, version: int
    ) -> MoveResult:
        """A computer seat's move, decided on the board at ``version``: checked, saved and
        announced like a person's (refused as stale if the match moved on meanwhile)."""
        match = await self.by_id(match_id)
        user = match.user_at(seat)
        if thinker_level(match, seat) is None:
            raise NotAPlayer(
                f"Seat {seat + 1} of match #{match_id} is played by a person, not a computer."
            )
        return await self._move(
            match,
            user,
            lambda m, _s: m.game.parse(m.state, text),
            version,
            None,
            by_table=not is_computer(user),
        )

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

    # -- history -----------------------------------------------------------------------
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

    # -- taking a move back ------------------------------------------------------------
    async def undo(self, channel_id: int, game_key: str, user_id: int) -> tuple[Done, str]:
        """Take back the user's last move (Board Game Arena's fair undo, ``data.history``):
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


# A game cannot leave more than this many decisions in a row without a choice; a bound, so a
# rules bug can never loop forever inside a save.
MAX_FORCED = 200


def forced_details(forced: Sequence[tuple[Seat, str, str]]) -> list[dict[str, Any]]:
    """The moves ``play_forced`` played, as an announcement's ``forced`` list."""
    return [{"seat": s, "move": t, "description": d} for s, t, d in forced]


def play_forced(game: Game, state: Any) -> tuple[list[tuple[Seat, str, str]], Any]:
    """Play every decision that has exactly one legal choice, in order: (seat, move text,
    public description) of each, and the state after them."""
    played: list[tuple[Seat, str, str]] = []
    for _ in range(MAX_FORCED):
        found = game.forced_move(state)
        if found is None:
            break
        seat, move = found
        after = game.apply(state, seat, move)
        played.append((seat, game.format(state, move), game.describe(state, seat, move, after)))
        state = after
    return played, state


def replay_log(game: Game, match: Match, entries: Sequence[Any]) -> Any:
    state = game.setup(len(match.players), match.options, match.row.seed)
    for entry in entries:
        if entry.seat is None:
            raise InvalidMove(f"log entry {entry.version} has no seat")
        state = game.apply(state, entry.seat, game.parse(state, entry.move))
    return state


def players_needed(game: Game) -> str:
    """ "2 players", "3–5 players": how many a match of ``game`` needs."""
    spec = game.spec
    if spec.min_players == spec.max_players:
        return f"{spec.min_players} players"
    return f"{spec.min_players}–{spec.max_players} players"


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


def outcome_record(outcome: Outcome, table: Sequence[Seat] = ()) -> dict[str, Any]:
    """The stored summary of a finished game (the full breakdown stays derivable from state).
    Seats the ``table`` played cannot win: they are left out of the winners (and named)."""
    totals = {s.seat: s.total for s in outcome.scores}
    record = {
        "reason": outcome.reason,
        "winners": winners_without(outcome.winners, table, totals),
        "scores": {str(seat): total for seat, total in totals.items()},
    }
    if table:
        record["table"] = sorted(table)
    return record


class MatchLock(asyncio.Lock):
    """A match's lock that counts the changes begun under it: every change this process makes
    to a match takes it, so the count tells a receipt whether the match moved on here."""

    def __init__(self) -> None:
        super().__init__()
        self.entered = 0

    async def acquire(self) -> bool:
        self.entered += 1
        return await super().acquire()
