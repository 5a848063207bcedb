"""What an operator sees of the running bot: Prometheus metrics at ``/metrics`` and a health
check at ``/healthz``, served over HTTP when ``METRICS_PORT`` is set, and the count of
Discord's answers taken from the bot's own HTTP client.

``/healthz`` answers 200 when the gateway is connected (every shard this process runs) and the
database answers a query within two seconds, else 503; its JSON body says which failed. The
gauges of what the database holds (the outbox's backlog, open matches per game) are read when
the metrics are scraped, so they are the same whichever process is asked.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
from types import SimpleNamespace
from typing import Any

import aiohttp
from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.gc_collector import GCCollector
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector

from cogs.host import Host
from data.dberrors import StorageError
from metrics.instruments import (
    DISCORD_RESPONSES,
    INTERACTIONS_ANSWERED,
    INTERACTIONS_LATE,
    OPEN_MATCHES,
    OUTBOX_OLDEST_SECONDS,
    OUTBOX_PENDING,
    REGISTRY,
)

DATABASE_TIMEOUT = 2.0  # seconds a health check waits for the database
INTERACTION_WINDOW = 3.0  # seconds Discord waits for the first answer to an interaction
DISCORD_EPOCH_MS = 1420070400000
CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")

# The process's own figures (memory, CPU, open files, garbage collection) beside the bot's.
for collector in (ProcessCollector, PlatformCollector, GCCollector):
    collector(registry=REGISTRY)


def discord_trace() -> aiohttp.TraceConfig:
    """Hooks on the bot's HTTP client: every answer from Discord counted by status, and every
    first answer to an interaction checked against Discord's three seconds (the interaction's
    id says when it was sent)."""
    trace = aiohttp.TraceConfig()

    async def started(_session: Any, _context: SimpleNamespace, params: Any) -> None:
        found = CALLBACK.search(params.url.path)
        if found is None:
            return
        INTERACTIONS_ANSWERED.inc()
        sent = ((int(found[1]) >> 22) + DISCORD_EPOCH_MS) / 1000
        if time.time() - sent > INTERACTION_WINDOW:
            INTERACTIONS_LATE.inc()

    async def ended(_session: Any, _context: SimpleNamespace, params: Any) -> None:
        DISCORD_RESPONSES.labels(str(params.response.status)).inc()

    async def failed(_session: Any, _context: SimpleNamespace, _params: Any) -> None:
        DISCORD_RESPONSES.labels("error").inc()  # no answer: the connection failed

    trace.on_request_start.append(started)
    trace.on_request_end.append(ended)
    trace.on_request_exception.append(failed)
    return trace


async def health(bot: Host) -> dict[str, bool]:
    """Whether the gateway is connected and the database answers."""
    shards = getattr(bot, "shards", {})
    gateway = (
        bot.is_ready()
        and not bot.is_closed()
        and all(not shard.is_closed() for shard in shards.values())
    )
    database = False
    store = bot.service.store if hasattr(bot, "service") else None
    if store is not None:
        try:
            async with asyncio.timeout(DATABASE_TIMEOUT):
                await store.db.read("SELECT 1")
            database = True
        except Exception:  # any way of not answering (down, busy, closed) is a "no"
            database = False
    return {"gateway": gateway, "database": database}


async def refresh_gauges(bot: Host) -> None:
    """Read what the gauges show from the database (best effort: a failure leaves them)."""
    store = bot.service.store
    try:
        pending, oldest = await store.outbox_backlog(bot.clock.now())
        counts = await store.open_match_counts()
    except StorageError:
        return
    OUTBOX_PENDING.set(pending)
    OUTBOX_OLDEST_SECONDS.set(oldest)
    OPEN_MATCHES.clear()
    for game, status, count in counts:
        OPEN_MATCHES.labels(game, status).set(count)


class Observatory:
    """The HTTP endpoint: ``/metrics`` and ``/healthz``."""

    def __init__(self, bot: Host, host: str, port: int) -> None:
        self.bot = bot
        self.host = host
        self.port = port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/metrics", self._metrics)
        app.router.add_get("/healthz", self._healthz)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self.port)
        await site.start()
        if self.port == 0:  # an ephemeral port (tests): the one the system chose
            self.port = int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _metrics(self, _request: web.Request) -> web.Response:
        await refresh_gauges(self.bot)
        body = generate_latest(REGISTRY)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})

    async def _healthz(self, _request: web.Request) -> web.Response:
        state = await health(self.bot)
        status = 200 if all(state.values()) else 503
        return web.Response(text=json.dumps(state), status=status, content_type="application/json")
