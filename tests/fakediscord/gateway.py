"""The gateway websocket: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats and dispatches.

Frames go out as plain JSON text; discord.py accepts text frames even when it asked for
zlib-stream compression in the URL (it only decompresses binary frames).

Sharding is honoured as Discord does it: an IDENTIFY with ``shard: [id, count]`` opens a session
that receives only the events of guilds with ``(guild_id >> 22) % count == id`` (READY lists
only those guilds, GUILD_CREATE comes for them alone); events without a guild (DMs) go to shard
0. Any number of sessions, from one process or several, may be connected at once; an invalid
shard is closed with 4010, as on Discord.
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
INVALID_SHARD = 4010  # Discord's close code for a shard id outside 0..count-1


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard that receives a guild's events (Discord's formula); DMs belong to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(eq=False)
class GatewaySession:
    """One identified websocket connection of a bot."""

    ws: web.WebSocketResponse
    session_id: str
    intents: int = 0
    seq: int = 0
    events: list[str] = field(default_factory=list)
    routed: list[tuple[str, int | None]] = field(default_factory=list)  # (event, its guild)
    gone: asyncio.Event = field(default_factory=asyncio.Event)  # set when the socket closed
    shard: tuple[int, int] = (0, 1)  # (id, count) from IDENTIFY; unsharded is shard 0 of 1

    def serves(self, guild_id: int | None) -> bool:
        """Whether this session receives the events of `guild_id` (None: a DM)."""
        shard_id, count = self.shard
        return shard_of(guild_id, count) == shard_id

    async def dispatch(self, event: str, data: dict[str, Any], guild: int | None = None) -> None:
        """Send one event; `guild` is only recorded (in `routed`), for tests of the routing."""
        self.seq += 1
        self.events.append(event)
        self.routed.append((event, guild))
        await self.ws.send_str(json.dumps({"op": 0, "t": event, "s": self.seq, "d": data}))


class Gateway:
    """Serves websocket connections. An event goes to the sessions whose shard holds its guild:
    for each shard, the newest identified session (an older one of the same shard that is still
    open is a bot that did not notice its own end yet)."""

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
        # Set by a test: each new session's GUILD_CREATEs wait for it after READY (Discord
        # sending a process's servers a while after it connected, as under load or after an
        # outage); READY's servers are unavailable to the bot meanwhile.
        self.guilds_held: asyncio.Event | None = None
        self._later: set[asyncio.Task[None]] = set()

    @property
    def live(self) -> list[GatewaySession]:
        """Open sessions, oldest first."""
        return [s for s in self.sessions if not s.ws.closed]

    @property
    def current(self) -> GatewaySession | None:
        """The newest open session, of any shard (None: no bot is connected)."""
        live = self.live
        return live[-1] if live else None

    def receivers(self, guild_id: int | None) -> list[GatewaySession]:
        """The sessions that receive the events of `guild_id` (None: a DM), newest first."""
        newest: dict[tuple[int, int], GatewaySession] = {}
        for session in self.live:
            newest[session.shard] = session
        return [s for s in reversed(newest.values()) if s.serves(guild_id)]

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The session an interaction in `guild_id` (None: a DM) is sent over, if any."""
        receivers = self.receivers(guild_id)
        return receivers[0] if receivers else None

    async def dispatch(
        self, event: str, data: dict[str, Any], intent: int = 0, *, guild: int | None
    ) -> None:
        """Send an event of `guild` (None: a DM) to the sessions of its shard (if they asked for
        `intent`)."""
        for session in self.receivers(guild):
            if not intent or session.intents & intent:
                await session.dispatch(event, data, guild)

    async def _send_guilds(self, session: GatewaySession) -> None:
        for guild in self._guild_create():
            if session.serves(int(guild["id"])):
                await session.dispatch("GUILD_CREATE", guild, int(guild["id"]))

    async def _guilds_later(self, session: GatewaySession, held: asyncio.Event) -> None:
        await held.wait()
        if not session.ws.closed:
            await self._send_guilds(session)

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
                    shard = _shard(data.get("shard"))
                    if shard is None:
                        await ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
                        break
                    self._count += 1
                    session = GatewaySession(ws, f"fake-session-{self._count}", shard=shard)
                    session.intents = int(data.get("intents") or 0)
                    self.sessions.append(session)
                    ready = self._ready(session.session_id, self._url())
                    ready["guilds"] = [g for g in ready["guilds"] if session.serves(int(g["id"]))]
                    if "shard" in data:
                        ready["shard"] = data["shard"]
                    await session.dispatch("READY", ready)
                    if self.guilds_held is not None and not self.guilds_held.is_set():
                        later = asyncio.create_task(self._guilds_later(session, self.guilds_held))
                        self._later.add(later)
                        later.add_done_callback(self._later.discard)
                    else:
                        await self._send_guilds(session)
                elif op == 6:  # RESUME: not kept; ask for a fresh IDENTIFY like an expired session
                    await ws.send_str(json.dumps({"op": 9, "d": False}))
                elif op == 8 and session is not None:  # REQUEST_GUILD_MEMBERS
                    guilds = [g for g in self._guild_create() if session.serves(int(g["id"]))]
                    wanted = str(data.get("guild_id"))
                    guild = next((g for g in guilds if g["id"] == wanted), None)
                    if guild is None:  # not a guild of this shard: Discord sends nothing
                        continue
                    chunk = {
                        "guild_id": guild["id"],
                        "members": guild["members"],
                        "chunk_index": 0,
                        "chunk_count": 1,
                        "not_found": [],
                    }
                    if data.get("nonce"):
                        chunk["nonce"] = data["nonce"]
                    await session.dispatch("GUILD_MEMBERS_CHUNK", chunk, int(guild["id"]))
                elif op not in (3, 4):  # presence and voice updates are accepted silently
                    log.warning("fakediscord gateway: unhandled op %s: %s", op, frame)
        finally:
            self._sockets.discard(ws)
            for s in self.sessions:
                if s.ws is ws:
                    s.gone.set()
        return ws

    async def close(self) -> None:
        for later in list(self._later):
            later.cancel()
        for ws in list(self._sockets):
            await ws.close(code=1000, message=b"stand-in closing")


def _shard(value: Any) -> tuple[int, int] | None:
    """IDENTIFY's ``shard`` as (id, count): (0, 1) when absent, None when Discord would refuse
    it (not two integers, a count below 1, an id outside 0..count-1)."""
    if value is None:
        return (0, 1)
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        return None
    shard_id, count = value
    return (shard_id, count) if count >= 1 and 0 <= shard_id < count else None
