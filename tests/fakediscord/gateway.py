"""The gateway websocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats and dispatches.

Frames go out as plain JSON text; discord.py accepts text frames even when it asked for
zlib-stream compression in the URL (it only decompresses binary frames).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

log = logging.getLogger("fakediscord.gateway")

HEARTBEAT_INTERVAL_MS = 41_250
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12


@dataclass(eq=False)
class GatewaySession:
    """One identified websocket connection of a bot."""

    ws: web.WebSocketResponse
    session_id: str
    intents: int = 0
    seq: int = 0
    events: list[str] = field(default_factory=list)
    gone: asyncio.Event = field(default_factory=asyncio.Event)  # set when the socket closed

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        self.seq += 1
        self.events.append(event)
        await self.ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))


class Gateway:
    """Serves websocket connections; the newest identified one receives dispatches."""

    def __init__(
        self,
        ready: Callable[[str, str], dict[str, Any]],
        guild_create: Callable[[], list[dict[str, Any]]],
        url: Callable[[], str],
    ) -> None:
        self._ready = ready
        self._guild_create = guild_create
        self._url = url
        self.sessions: list[GatewaySession] = []
        self._sockets: set[web.WebSocketResponse] = set()
        self._count = 0

    @property
    def current(self) -> GatewaySession | None:
        live = [s for s in self.sessions if not s.ws.closed]
        return live[-1] if live else None

    async def dispatch(self, event: str, data: dict[str, Any], intent: int = 0) -> None:
        """Send an event to the connected bot (if any, and if it asked for `intent`)."""
        session = self.current
        if session is not None and (not intent or session.intents & intent):
            await session.dispatch(event, data)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self._sockets.add(ws)
        session: GatewaySession | None = None
        await ws.send_str(
            json.dumps({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        )
        try:
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, data = frame.get("op"), frame.get("d")
                if op == 1:  # HEARTBEAT
                    await ws.send_str(json.dumps({"op": 11}))
                elif op == 2:  # IDENTIFY (a fresh session, also from a new process after a crash)
                    self._count += 1
                    session = GatewaySession(ws, f"fake-session-{self._count}")
                    session.intents = int(data.get("intents") or 0)
                    self.sessions.append(session)
                    ready = self._ready(session.session_id, self._url())
                    if "shard" in data:
                        ready["shard"] = data["shard"]
                    await session.dispatch("READY", ready)
                    for guild in self._guild_create():
                        await session.dispatch("GUILD_CREATE", guild)
                elif op == 6:  # RESUME: not kept; ask for a fresh IDENTIFY like an expired session
                    await ws.send_str(json.dumps({"op": 9, "d": False}))
                elif op == 8 and session is not None:  # REQUEST_GUILD_MEMBERS
                    guilds = self._guild_create()
                    wanted = str(data.get("guild_id"))
                    guild = next((g for g in guilds if g["id"] == wanted), guilds[0])
                    chunk = {
                        "guild_id": guild["id"],
                        "members": guild["members"],
                        "chunk_index": 0,
                        "chunk_count": 1,
                        "not_found": [],
                    }
                    if data.get("nonce"):
                        chunk["nonce"] = data["nonce"]
                    await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)
                elif op not in (3, 4):  # presence and voice updates are accepted silently
                    log.warning("fakediscord gateway: unhandled op %s: %s", op, frame)
        finally:
            self._sockets.discard(ws)
            for s in self.sessions:
                if s.ws is ws:
                    s.gone.set()
        return ws

    async def close(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1000, message=b"stand-in closing")
