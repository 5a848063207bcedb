"""Computer players at the table: the `addbot` command, and the thinking behind a "think" entry.

The outbox hands a "think" entry to ``ComputerTable.think`` after its pause. The seat decides
from what it may know (its own view and the public log, never the state: ``ai.player`` refuses
a state) in a worker process of ``ai.pool.DecisionPool``, and the move goes through
``MatchService.move_for_computer``: the same checks, save and announcements as a person's. The
decision's random stream comes from the match's seed, the seat and the version, and every level
ends on an iteration budget (``ai.levels``): a replay decides the same. Seats the table plays
(a person's, after three timeouts or a resignation) are decided the same way, at
``data.computers.TABLE_LEVEL``.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from ai.levels import budget
from ai.player import policy_move
from ai.pool import DecisionPool
from ai.publiclog import PublicLog
from data.computers import LEVELS, Decide, take_turn
from data.matches import NotAPlayer, StaleMove
from data.store import OutboxEntry, StorageError

if TYPE_CHECKING:
    from bot import Tidetable

log = logging.getLogger("tidetable.computers")


class ComputerTable:
    """Plays the computer seats of every match, one decision per "think" entry."""

    def __init__(self, bot: Tidetable, workers: int | None = None) -> None:
        self.bot = bot
        self._workers = workers
        self._pool: DecisionPool | None = None

    @property
    def pool(self) -> DecisionPool:
        if self._pool is None:  # workers start on the first computer decision, not before
            self._pool = DecisionPool(self._workers)
        return self._pool

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()

    async def think(self, entry: OutboxEntry) -> None:
        """Deliver a "think" entry: the seat's computer player decides and plays (see
        ``data.computers.take_turn``)."""
        service = self.bot.service
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
        self.bot.dispatcher.nudge()
        log.info("match %s: computer seat %s played (version %s)", match_id, seat, version)

    async def _search(
        self, level: str, seed: int, key: str, view: object, seat: int, seen: PublicLog
    ) -> str:
        """The level's search in the pool; if it fails, the playout policy."""
        try:
            cap = budget(key, level).seconds
            return (await self.pool.decide(level, seed, key, view, seat, seen, cap)).text
        except Exception:
            log.exception("the computer search failed in %s; playing the policy", key)
            return await self._policy(level, seed, key, view, seat, seen)

    @staticmethod
    async def _policy(
        level: str, seed: int, key: str, view: object, seat: int, seen: PublicLog
    ) -> str:
        """The playout policy's move on one sample of what the seat may know."""
        return await asyncio.to_thread(policy_move, key, view, seat, seen, seed)


class ComputerCommands:
    """`/<game> addbot`: mixed into every game's command group."""

    @app_commands.command(name="addbot", description="Seat a computer player (creator only)")
    @app_commands.describe(level="How strong: easy, normal or hard")
    @app_commands.choices(level=[app_commands.Choice(name=lv, value=lv) for lv in LEVELS])
    async def addbot(self, interaction: discord.Interaction, level: str = "normal") -> None:
        from cogs.base import require_posting

        await interaction.response.defer(ephemeral=True, thinking=True)
        require_posting(interaction)
        cog = self  # a GameCog
        done = await cog.service.add_computer(  # type: ignore[attr-defined]
            interaction.channel_id or 0,
            cog.game_key,  # type: ignore[attr-defined]
            interaction.user.id,
            level,
        )
        await cog.conclude(  # type: ignore[attr-defined]
            interaction, done.entries, f"A {level} computer player joined match #{done.match.id}."
        )
