"""A hook for `BotProcess(hooks=["tests.support.league_hooks:kill_while_pairing"])`: the bot
process SIGKILLs itself in the middle of the transaction that pairs a league's round two or
later (its tables and matches written, not yet committed), once: while the file named by
LEAGUE_KILL_FLAG exists (it is removed first, so the next incarnation pairs in peace)."""

from __future__ import annotations

import os
import signal
from collections.abc import Iterable
from typing import Any

import discord

from data.store import Announcement, Store


def kill_while_pairing(client: discord.Client) -> None:
    flag = os.environ.get("LEAGUE_KILL_FLAG", "")
    if not flag:
        return
    original = Store._announce

    async def announce(
        self: Store, db: Any, match_id: int | None, items: Iterable[Announcement]
    ) -> tuple[int, ...]:
        items = list(items)
        pairing = any(
            i.kind == "league" and i.payload.get("do") == "round" and i.payload["round"] >= 2
            for i in items
        )
        if pairing and os.path.exists(flag):
            os.remove(flag)
            os.kill(os.getpid(), signal.SIGKILL)
        return await original(self, db, match_id, items)

    Store._announce = announce  # type: ignore[method-assign]
