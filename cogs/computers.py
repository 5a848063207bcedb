"""Computer players at the table: the `addbot` command, and the thinking behind a "think" entry.

The outbox hands a "think" entry to ``ComputerTable.think`` after its pause. The seat decides
from what it may know (its own view and the public log, never the state: ``ai.player`` refuses
a state) in a worker process of ``ai.pool.DecisionPool``, and the move goes through
``MatchService.move_for_computer``: the same checks, save and announcements as a person's. The
decision's random stream comes from the match's seed and version (easy seats, iteration-bound,
replay exactly; normal and hard search by time).
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
from ai.publiclog import public_log
from data.computers import LEVELS, is_computer, level_of
from data.matches import Match, StaleMove
from data.store import OutboxEntry
from rules import rng
from rules.errors import PlayerError

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
        service = self.bot.service
        seat, version = int(entry.payload["seat"]), int(entry.payload["version"])
        match = await service.by_id(entry.match_id or 0)
        if match.version != version or match.status != "active":
            return  # the match moved on (or ended): this decision is gone
        user = match.user_at(seat)
        if not is_computer(user) or seat not in match.game.to_act(match.state):
            return
        key, level = match.row.game, level_of(user)
        view = match.game.view(match.state, seat)
        moves = await service.store.moves(match.id)
        seen = public_log(key, [(m.seat, m.move) for m in moves if m.seat is not None])
        seed = rng.below(rng.stream(match.row.seed, f"computer:{seat}:{version}"), 2**48)
        cap = budget(key, level).seconds
        try:
            answer = await self.pool.decide(level, seed, key, view, seat, seen, cap)
            text = answer.text
        except Exception:  # the search failed: the seat still plays
            log.exception("match %s: the computer search failed; playing the policy", match.id)
            text = await self._fallback(match, seat, view, seen, seed)
        try:
            await service.move_for_computer(match.id, seat, text, version)
        except StaleMove:
            return
        except PlayerError:
            log.exception("match %s: the computer chose `%s`, which was refused", match.id, text)
            text = await self._fallback(match, seat, view, seen, seed)
            await service.move_for_computer(match.id, seat, text, version)
        self.bot.dispatcher.nudge()
        log.info("match %s: computer seat %s played (version %s)", match.id, seat, version)


    @staticmethod
    async def _fallback(match: Match, seat: int, view: object, seen: object, seed: int) -> str:
        """The playout policy's move; if even that fails, a seeded pick among the seat's own
        legal moves (what the seat itself can see it may play), so a match never stalls."""
        key = match.row.game
        try:
            return await asyncio.to_thread(policy_move, key, view, seat, seen, seed)
        except Exception:
            log.exception("match %s: the playout policy failed; playing a legal move", match.id)
        legal = match.game.legal_moves(match.state, seat)
        pick = legal[rng.below(rng.stream(seed, "fallback"), len(legal))]
        return match.game.format(match.state, pick)


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
            interaction.channel_id or 0, cog.game_key, interaction.user.id, level  # type: ignore[attr-defined]
        )
        await cog.conclude(  # type: ignore[attr-defined]
            interaction, done.entries, f"A {level} computer player joined match #{done.match.id}."
        )
