"""Pacing: the bot's REST requests stay under Discord's global rate limit by themselves.

Discord lets a bot make 50 requests per second in all (its *global* rate limit, per token), and
answers 429 past it. discord.py waits out a 429 and retries, but a storm of due work (thousands
of timers after an outage) would then run on 429s, and every 429 spends Discord's
invalid-request budget (10,000 per 10 minutes, then the bot's IP is banned for a while). So the
bot paces itself: every REST request waits for its turn in a ``RateGate``, which lets at most
``PACE`` through in any second (a tenth under the limit: room for the network and the event loop
to bunch a few together on their way, since Discord counts them when they arrive). A few may
pass at once (``BURST``): a request after a quiet moment (a match's board, the next player's DM
right behind it) goes at once instead of waiting for a turn a steady stream would need; a storm
is spaced evenly, a little under ``PACE`` a second, so that with the burst no second holds more.

The gate sits at the transport (aiohttp's ``on_request_start``, through discord.py's documented
``http_trace`` option), so it sees every request, whatever sends it: the herald's posts and
DMs, the DM channels opened for them, display names looked up, message history read. Interaction
endpoints (the answer to a command, its follow-ups and edits) are not bound by Discord's global
limit and must answer within 3 seconds: they pass at once. Several processes of one bot share
the limit: each takes its share, by the shards it runs.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiohttp

GLOBAL_LIMIT = 50  # Discord's: requests per second per bot
PACE = 45  # what the bot allows itself per second, all its processes together
BURST = 3  # how many of them may pass at once, after a quiet moment
WINDOW = 1.0
# Interaction endpoints, which Discord's global rate limit does not bind.
UNBOUND = re.compile(r"/api/v\d+/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(/.*)?)")


class RateGate:
    """Passages in the order they asked, never more than ``limit`` in any ``window``: up to
    ``burst`` at once after a quiet moment, and in a steady stream one every ``spacing``
    (``window / (limit - burst + 1)``, so that a burst and the stream behind it stay within
    ``limit``). It is the generic cell rate algorithm: each passage moves a theoretical arrival
    time on by ``spacing``, and a passage may go as long as it is no more than
    ``burst - 1`` spacings ahead of it. Time comes from ``time`` and waits go through
    ``sleep`` (the event loop's by default: this is about real seconds at Discord, not the
    table's clock)."""

    def __init__(
        self,
        limit: float,
        window: float = WINDOW,
        *,
        burst: int = 1,
        time: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.limit = max(1.0, limit)
        self.burst = max(1, min(int(burst), int(self.limit)))
        self.window = window
        # ``+ 1e-9``: never one more in a window by rounding.
        self.spacing = window / (self.limit - self.burst + 1) + 1e-9
        self._tolerance = (self.burst - 1) * self.spacing
        self._time = time
        self._sleep = sleep
        self._arrival = float("-inf")  # the theoretical arrival time of the next passage
        self._lock = asyncio.Lock()
        self.passed = 0  # passages so far
        self.waited = 0.0  # seconds spent waiting for a turn, in all

    def _now(self) -> float:
        return self._time() if self._time is not None else asyncio.get_running_loop().time()

    async def acquire(self) -> None:
        """Return at this passage's turn: at once while the burst allows it, else ``spacing``
        after the one before it."""
        async with self._lock:  # first come, first served
            now = self._now()
            earliest = self._arrival - self._tolerance
            if now < earliest:
                wait = earliest - now
                self.waited += wait
                await self._sleep(wait)
                now = max(self._now(), earliest)
            self._arrival = max(self._arrival, now) + self.spacing
            self.passed += 1


def share(shard_count: int | None, shard_ids: Sequence[int] | None) -> float:
    """This process's share of the bot's requests: the part of the shards it runs (1 when it
    runs them all), so that processes together stay under the one global limit."""
    if not shard_count or not shard_ids:
        return 1.0
    return min(1.0, len(set(shard_ids)) / shard_count)


def bound(path: str) -> bool:
    """Whether Discord's global rate limit counts a request to ``path`` (a URL's path): REST
    calls, not the gateway's websocket, files, nor interaction endpoints."""
    return path.startswith("/api/") and UNBOUND.fullmatch(path) is None


def pacing_trace(gate: RateGate, trace: aiohttp.TraceConfig | None = None) -> aiohttp.TraceConfig:
    """An aiohttp trace that makes every bound request wait for its turn at ``gate`` before it
    is sent: ``trace`` (another one the bot has, say) with that hook first, or a new one.
    discord.py takes one trace for the bot's session (its ``http_trace``)."""

    async def before(
        session: aiohttp.ClientSession, context: Any, params: aiohttp.TraceRequestStartParams
    ) -> None:
        if bound(params.url.path):
            await gate.acquire()

    trace = trace if trace is not None else aiohttp.TraceConfig()
    trace.on_request_start.insert(0, before)
    return trace
