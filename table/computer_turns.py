"""A computer seat's turn: the decision behind a "think" entry, and the pool that makes it.

The outbox hands a "think" entry to ``ComputerTable.think`` after its pause. The seat decides
from what it may know (its own view and the public log, never the state: ``ai.player`` refuses
a state) in a worker process of ``ai.pool.DecisionPool``, and the move goes through
``MatchService.move_for_computer``: the same checks, save and announcements as a person's. The
decision's random stream comes from the match's seed, the seat and the version, and every level
ends on an iteration budget (``ai.levels``): a replay decides the same. Seats the table plays
(a person's, after three timeouts or a resignation) are decided the same way, at
``table.computers.TABLE_LEVEL``.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from ai.levels import budget
from ai.player import policy_move
from ai.pool import AnalysisPool, DecisionPool
from ai.publiclog import PublicLog, public_log
from data.store import OutboxEntry, StorageError, Store
from metrics.instruments import COMPUTER_DECISION_SECONDS
from rules import rng
from rules.base import Seat
from table import history
from table.errors import NotAPlayer, StaleMove
from table.match import Done, Match, MoveResult, thinker_level

log = logging.getLogger("tidetable.computers")


class SeatService(Protocol):
    """What a computer seat needs of the match service (``table.service.MatchService``)."""

    @property
    def store(self) -> Store: ...

    async def by_id(self, match_id: int, *, allow_damaged: bool = False) -> Match: ...

    async def add_computer(
        self, channel_id: int, game_key: str, user_id: int, level: str
    ) -> Done: ...

    async def move_for_computer(
        self, match_id: int, seat: Seat, text: str, version: int
    ) -> MoveResult: ...


async def seat_computers(
    service: SeatService, opened: Done, creator_id: int, level: str, count: int
) -> Done:
    """Seat ``count`` computer players of ``level`` in the lobby ``opened`` just made, one by one
    through the same service path as `addbot` (each a lobby change of its own, announced)."""
    done = opened
    entries = list(opened.entries)
    for _ in range(count):
        done = await service.add_computer(
            done.match.row.channel_id, done.match.row.game, creator_id, level
        )
        entries += done.entries
    return dataclasses.replace(done, entries=tuple(entries))


# How a computer player is asked for a move: (level, seed, game key, the seat's view, seat,
# the public log) -> the move's text. The bot's runs the search in its process pool.
Decide = Callable[[str, int, str, Any, int, PublicLog], Awaitable[str]]


async def take_turn(
    service: SeatService, match_id: int, seat: int, version: int, decide: Decide | None
) -> MoveResult | None:
    """Deliver a "think" entry: the computer player of ``seat`` decides on the board at
    ``version`` from what the seat may know (its view and the public log of the moves that
    stand, never the state) and plays through the service like a person. None when there is
    nothing to do any more: the match moved on or ended, or the seat is a person's again
    (``rejoin``). The decision's random stream comes from the match's seed, the seat and the
    version: a replay decides the same. Raises ``StaleMove`` when a change landed while it
    thought, and ``PlayerError`` when the move it chose is refused (the caller falls back to
    the playout policy, then to ``decide=None``: a seeded pick among the legal moves, so a
    match never stalls on a computer seat)."""
    match = await service.by_id(match_id)
    if match.version != version or match.status != "active":
        return None
    level = thinker_level(match, seat)
    if level is None or seat not in match.game.to_act(match.state):
        return None
    key = match.row.game
    seed = decision_seed(match.row.seed, seat, version)
    if decide is None:  # the last resort: a seeded pick among the seat's legal moves
        legal = match.game.legal_moves(match.state, seat)
        text = match.game.format(match.state, legal[rng.below(rng.stream(seed, "any"), len(legal))])
    else:
        view = match.game.view(match.state, seat)
        moves = await service.store.moves(match.id)
        standing = history.effective_moves(moves)  # every move entry has its seat
        seen = public_log(key, [(m.seat, m.move) for m in standing if m.seat is not None])
        text = await decide(level, seed, key, view, seat, seen)
    return await service.move_for_computer(match.id, seat, text, version)


def decision_seed(match_seed: int, seat: int, version: int) -> int:
    """The seed of a computer seat's decision at ``version``."""
    return rng.below(rng.stream(match_seed, f"computer:{seat}:{version}"), 2**48)


class ComputerTable:
    """Plays the computer seats of every match, one decision per "think" entry."""

    def __init__(
        self, service: SeatService, nudge: Callable[[], None], workers: int | None = None
    ) -> None:
        self.service = service
        self.nudge = nudge  # wakes the outbox: the move's announcements are due
        self._workers = workers
        self._pool: DecisionPool | None = None
        self._analysis: AnalysisPool | None = None

    @property
    def pool(self) -> DecisionPool:
        """The pool of this process: started on the first computer decision, not before (a
        bot without computer seats starts no worker), and again after ``close``. Its workers
        end with this process, even killed (``ai.pool.die_with_parent``): a restarted bot
        never finds its predecessor's pool, it starts its own."""
        if self._pool is None:
            self._pool = DecisionPool(self._workers)
        return self._pool

    @property
    def analysis(self) -> AnalysisPool:
        """The niced worker that analyses finished matches (``table.analysis``), started on
        the first analysis; apart from the decisions' pool, so no computer seat waits on it."""
        if self._analysis is None:
            self._analysis = AnalysisPool()
        return self._analysis

    def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.close()
        analysis, self._analysis = self._analysis, None
        if analysis is not None:
            analysis.close()

    async def think(self, entry: OutboxEntry) -> None:
        """Deliver a "think" entry: the seat's computer player decides and plays (see
        ``table.computer_turns.take_turn``)."""
        service = self.service
        match_id = entry.match_id or 0
        seat, version = int(entry.payload["seat"]), int(entry.payload["version"])
        # The search; if the rules refuse its move (they should not), the playout policy; if
        # that is refused too, a seeded pick among the legal moves: a match never stalls.
        ways: tuple[Decide | None, ...] = (self._search, self._policy, None)
        for index, decide in enumerate(ways):
            try:
                played = await take_turn(service, match_id, seat, version, decide)
                break
            except (StaleMove, NotAPlayer):
                return  # a change landed while it thought (or the seat is a person's again)
            except StorageError:
                raise  # the outbox tries the entry again later
            except Exception as error:
                if index == len(ways) - 1:
                    raise
                # Not the error's words: they may quote the move, and a move may be secret.
                log.warning(
                    "match %s: a computer move was refused (%s); trying another way",
                    match_id,
                    type(error).__name__,
                )
        if played is None:
            return  # the match moved on, or the seat is a person's again
        self.nudge()
        log.info("match %s: computer seat %s played (version %s)", match_id, seat, version)

    async def _search(
        self, level: str, seed: int, key: str, view: object, seat: int, seen: PublicLog
    ) -> str:
        """The level's search in the pool; if it fails, the playout policy."""
        started = time.perf_counter()
        try:
            cap = budget(key, level).seconds
            return (await self.pool.decide(level, seed, key, view, seat, seen, cap)).text
        except Exception:
            log.exception("the computer search failed in %s; playing the policy", key)
            return await self._policy(level, seed, key, view, seat, seen)
        finally:
            elapsed = time.perf_counter() - started
            COMPUTER_DECISION_SECONDS.labels(key, level).observe(elapsed)

    @staticmethod
    async def _policy(
        level: str, seed: int, key: str, view: object, seat: int, seen: PublicLog
    ) -> str:
        """The playout policy's move on one sample of what the seat may know."""
        return await asyncio.to_thread(policy_move, key, view, seat, seen, seed)
