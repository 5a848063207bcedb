"""Pacing: the bot's REST requests stay under Discord's global rate limit by themselves.

Discord lets a bot make 50 requests per second in all (its *global* rate limit, per token), and
answers 429 past it. discord.py waits out a 429 and retries, but a storm of due work (thousands
of timers after an outage) would then run on 429s, and every 429 spends Discord's
invalid-request budget (10,000 per 10 minutes, then the bot's IP is banned for a while). So the
bot paces itself: every REST request waits for its turn in a ``RateGate``, which spaces them
evenly, ``PACE`` a second: a tenth under the limit, room for the network and the event loop to
bunch a few together on their way (Discord counts them when they arrive).

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
WINDOW = 1.0
# Interaction endpoints, which Discord's global rate limit does not bind.
UNBOUND = re.compile(r"/api/v\d+/(interactions/\d+/[^/]+/callback|webhooks/\d+/[^/]+(/.*)?)")


class RateGate:
    """Passages spaced ``window / rate`` seconds apart, in the order they asked: never more
    than ``rate`` in any ``window``, and no bursts (a burst sent at once reaches Discord spread
    by the network, and may meet the next one in a window of Discord's). Time comes from
    ``time`` and waits go through ``sleep`` (the event loop's by default: this is about real
    seconds at Discord, not the table's clock)."""

    def __init__(
        self,
        rate: float,
        window: float = WINDOW,
        *,
        time: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
    ) -> None:
        self.rate = max(1.0, rate)
        self.window = window
        self.spacing = window / self.rate + 1e-9  # never ``rate + 1`` in a window by rounding
        self._time = time
        self._sleep = sleep
        self._next = float("-inf")  # the earliest moment the next passage may go
        self._lock = asyncio.Lock()
        self.passed = 0  # passages so far
        self.waited = 0.0  # seconds spent waiting for a turn, in all

    def _now(self) -> float:
        return self._time() if self._time is not None else asyncio.get_running_loop().time()

    async def acquire(self) -> None:
        """Return at this passage's turn: ``spacing`` after the one before it."""
        async with self._lock:  # first come, first served
            now = self._now()
            if now < self._next:
                wait = self._next - now
                self.waited += wait
                await self._sleep(wait)
                now = max(self._now(), self._next)
            self._next = now + self.spacing
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
