"""The lobby: opening a match, joining, leaving, computer seats, and the start."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from data.leagues import in_league, invited_to
from data.store import Announcement, ChannelTaken, MatchRow, VersionConflict
from i18n.catalogue import LANGUAGES
from i18n.text import TN, T, Text
from rules import rng
from rules.base import AnyGame
from rules.errors import InvalidMove
from table import history
from table.computers import LEVELS, choose_level, is_computer, next_computer, thinking
from table.core import MatchCore
from table.errors import ChannelBusy, LobbyError, NotAllowed, NotAPlayer
from table.match import Done, Match, command, mention, post, private_views, status_name
from table.turns import Turns

SEATING = "seating"  # the table option of a rematch's seat order (``table.rematch``)
# The table option of a match's language, when its creator chose one: its posts are said in it
# rather than in the server's (``cogs/language.py``).
LANGUAGE = "language"

# How often a lobby change or a start is tried again when another write came first (several
# players pressing Join at once): each try re-reads the lobby, so a later one sees it settled.
LOBBY_RETRIES = 8


class Lobby(MatchCore):
    """Opening, joining, leaving and starting a match."""

    turns: Turns

    # -- lobby -------------------------------------------------------------------------
    async def create(
        self,
        game_key: str,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        options: Mapping[str, str],
        clock: str = "default",
        invites: Sequence[int] = (),
        computers: Sequence[int] = (),
    ) -> Done:
        """A lobby; with ``invites``, open to those people only (and its creator); with
        ``computers``, those computer players seated in the same transaction (a rematch)."""
        game = self.games[game_key]
        # ``undo`` is the table's option, not the game's: stored beside the game's options
        # (only when off, the default being on), never handed to the game's setup.
        undo = options.get(history.UNDO_OPTION.key, history.UNDO_OPTION.default)
        if undo not in history.UNDO_OPTION.choices:
            raise InvalidMove(T("undo is on or off, not `{value}`.", value=str(undo)[:20]))
        language = options.get(LANGUAGE) or None
        if language is not None and language not in LANGUAGES:
            raise InvalidMove(
                T(
                    "A match can be played in {languages}, not `{asked}`.",
                    languages=", ".join(LANGUAGES),
                    asked=str(language)[:20],
                )
            )
        table_keys = (history.UNDO_OPTION.key, SEATING, LANGUAGE)
        resolved = game.spec.resolve_options(
            {k: v for k, v in options.items() if k not in table_keys}
        )
        playable_with_some_count(game, resolved)
        if undo != history.UNDO_OPTION.default:
            resolved[history.UNDO_OPTION.key] = undo
        if language is not None:
            resolved[LANGUAGE] = language
        if options.get(SEATING):  # a rematch's seat order (``table.rematch``)
            resolved[SEATING] = str(options[SEATING])
        seconds = await self.turns.clock_for(guild_id, clock)
        try:
            match_id, saved = await self.store.create_match(
                game_key,
                guild_id,
                channel_id,
                creator_id,
                resolved,
                self._new_seed(),
                announce=[post("opened", 0, user=creator_id), *await self._listed(guild_id)],
                clock=seconds,
                invites=invites,
                seated=computers,
            )
        except ChannelTaken:
            busy = await self.store.open_match_in(channel_id)
            raise ChannelBusy(self._busy_text(busy)) from None
        return await self._after(match_id, saved)

    def _busy_text(self, busy: MatchRow | None) -> Text:
        """The refusal of a second open match in a channel, naming the one it has."""
        if busy is None:
            return T(
                "This channel already has an open match: one. Finish or cancel it first, or "
                "create the match in another channel or a thread."
            )
        if busy.game not in self.games:
            return T(
                "This channel already has an open match: #{id}. Finish or cancel it first, or "
                "create the match in another channel or a thread.",
                id=busy.id,
            )
        return T(
            "This channel already has an open match: #{id} ({game}, {status}). Finish or cancel "
            "it first, or create the match in another channel or a thread.",
            id=busy.id,
            game=self.games[busy.game].spec.name,
            status=status_name(busy.status),
        )

    async def join(self, channel_id: int, game_key: str, user_id: int) -> Done:
        match = await self.current(channel_id, game_key)
        return await self.join_match(match.id, user_id)

    async def join_match(self, match_id: int, user_id: int) -> Done:
        """Join this very match (the Join button names it): refused once it is gone, or when
        it is open to invited people only and the user is not one of them."""
        invited = await invited_to(self.store, match_id)
        if await in_league(self.store, match_id):  # a forged Join button: the pairing seats it
            raise LobbyError(T("Match #{id} is a league's: its players are paired.", id=match_id))

        def change(match: Match) -> tuple[list[int], Announcement]:
            spec = match.game.spec
            if match.status == "finished":
                raise LobbyError(T("Match #{id} is no longer open: it was finished.", id=match.id))
            if match.status == "cancelled":
                raise LobbyError(T("Match #{id} is no longer open: it was cancelled.", id=match.id))
            if match.status != "lobby":
                raise LobbyError(
                    T("Match #{id} has already started; you can watch it.", id=match.id)
                )
            if user_id in match.players:
                raise LobbyError(T("You have already joined match #{id}.", id=match.id))
            if len(match.players) >= spec.max_players:
                raise LobbyError(full(match))
            if invited and user_id not in invited:
                raise NotAllowed(
                    T(
                        "Match #{id} is open to invited people only; ask {creator} to open one "
                        "for everyone.",
                        id=match.id,
                        creator=mention(match.creator_id),
                    )
                )
            return [*match.players, user_id], post("joined", match.version + 1, user=user_id)

        return await self._change_lobby(match_id, change)

    async def leave(self, channel_id: int, game_key: str, user_id: int) -> Done:
        found = await self.current(channel_id, game_key)

        def change(match: Match) -> tuple[list[int], Announcement]:
            if match.status != "lobby":
                raise LobbyError(
                    T(
                        "The match has started: use `{command}` to give up instead.",
                        command="resign",
                    )
                )
            if user_id not in match.players and user_id != match.creator_id:
                raise NotAPlayer(T("You have not joined match #{id}.", id=match.id))
            if user_id == match.creator_id:
                computers = [u for u in match.players if is_computer(u)]
                if computers:  # the creator's leave takes the last computer seat away
                    players = [u for u in match.players if u != computers[-1]]
                    return players, post("left", match.version + 1, user=computers[-1])
                raise LobbyError(
                    T(
                        "You created this match: use `{command}` to close it instead.",
                        command="cancel",
                    )
                )
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
                listed = await self._listed(match.row.guild_id)
                try:
                    saved = await self.store.set_lobby(
                        match.id, match.version, players, [note, *listed]
                    )
                except VersionConflict:
                    continue
            return await self._after(match_id, saved)
        raise LobbyError(keeps_changing(match_id))

    async def start(
        self, channel_id: int, game_key: str, user_id: int, *, keep_order: bool = False
    ) -> Done:
        """Seat the players in a random order and set the game up; ``keep_order``: in the
        order they are in (a league's table, whose pairing chose who plays first)."""
        found = await self.current(channel_id, game_key)
        for _ in range(LOBBY_RETRIES):
            async with self._lock(found.id):
                match = await self.by_id(found.id)
                spec = match.game.spec
                if match.status != "lobby":
                    raise LobbyError(already_started(match))
                if user_id != match.creator_id:
                    raise NotAllowed(
                        T(
                            "Only {creator}, who created match #{id}, can start it.",
                            creator=mention(match.creator_id),
                            id=match.id,
                        )
                    )
                count = len(match.players)
                if count < spec.min_players:
                    raise LobbyError(
                        TN(
                            "{game} needs {needed}; {count} joined so far. Others can `{command}`.",
                            "{game} needs {needed}; {count} joined so far. Others can `{command}`.",
                            count,
                            game=spec.name,
                            needed=players_needed(match.game),
                            command=command(spec.key, "join"),
                        )
                    )
                own = history.game_options(match.game, match.options)  # without ``undo``
                match.game.check_options(count, own)
                seating = seating_of(match.options)  # a rematch keeps its turned order
                seated = (
                    list(match.players)
                    if keep_order
                    else seat_order(match.players, seating)
                    if seating
                    else rng.shuffled(match.players, match.row.seed, "seats")
                )
                state = match.game.setup(count, own, match.row.seed)
                version = match.version + 1
                plan, clock = await self.turns.decisions(
                    match, None, state, (), version, players=seated
                )
                notes = [
                    post("start", version, clock=clock),
                    *await self._listed(match.row.guild_id),
                ]
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
        raise LobbyError(keeps_changing(found.id))

    # -- computer seats ----------------------------------------------------------------
    async def add_computer(self, channel_id: int, game_key: str, user_id: int, level: str) -> Done:
        """The creator seats a computer player of ``level`` in the lobby."""
        if level not in LEVELS:
            raise LobbyError(choose_level())
        found = await self.current(channel_id, game_key)

        def change(match: Match) -> tuple[list[int], Announcement]:
            spec = match.game.spec
            if match.status != "lobby":
                raise LobbyError(already_started(match))
            if user_id != match.creator_id:
                raise NotAllowed(
                    T(
                        "Only {creator}, who created match #{id}, can add computer players.",
                        creator=mention(match.creator_id),
                        id=match.id,
                    )
                )
            if len(match.players) >= spec.max_players:
                raise LobbyError(full(match))
            bot = next_computer(match.players, level)
            return [*match.players, bot], post("joined", match.version + 1, user=bot)

        return await self._change_lobby(found.id, change)


def seating_of(options: Mapping[str, str]) -> list[int]:
    """The seat order a rematch's lobby keeps (empty for any other match)."""
    try:
        return [int(part) for part in options.get(SEATING, "").split(",") if part]
    except ValueError:
        return []


def seat_order(players: Sequence[int], seating: Sequence[int]) -> list[int]:
    """The lobby's players in the kept order; those not in it after, in join order."""
    kept = [u for u in seating if u in players]
    return kept + [u for u in players if u not in kept]


def players_needed(game: AnyGame) -> Text:
    """ "2 players", "3–5 players": how many a match of ``game`` needs."""
    spec = game.spec
    if spec.min_players == spec.max_players:
        return TN("{count} player", "{count} players", spec.min_players)
    return T("{least}–{most} players", least=spec.min_players, most=spec.max_players)


def full(match: Match) -> Text:
    return T(
        "Match #{id} is full ({players} players).", id=match.id, players=match.game.spec.max_players
    )


def already_started(match: Match) -> Text:
    return T("Match #{id} has already started.", id=match.id)


def keeps_changing(match_id: int) -> Text:
    return T("Match #{id} keeps changing; look at it again in a moment.", id=match_id)


def playable_with_some_count(game: AnyGame, options: Mapping[str, str]) -> None:
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
