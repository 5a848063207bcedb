"""Scripted failures of the stand-in's REST API, to test what the bot does when Discord fails.

A test arms a fault for requests matching a method and a path (a regular expression matched in
full against the path after ``/api/v10``, e.g. ``r"/channels/\\d+/messages"``); the stand-in's
middleware consults the faults before each REST request. A fault can

* answer an error status instead of applying the request (500, 503, 403, ...), or a 429 with
  Discord's rate-limit body and headers (discord.py then sleeps ``retry_after`` and retries);
* drop the connection without an answer (the client sees ``aiohttp.ServerDisconnectedError``);
* SIGKILL the bot's process (its pid comes from a getter, read when the fault fires);
* hold the request unanswered until the test releases it (or the client goes away), then drop
  the connection without applying it: a Discord that hangs.

With ``apply_first=True`` the request is applied before the failure, so the client sees an
error although Discord did what it asked: the case that makes retries create duplicates.

Injected failures are logged in ``Faults.log``, not in ``FakeServer.errors`` (which records
what Discord refused because the bot did something wrong).
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger("fakediscord.faults")

# Discord's default error texts for the statuses a test is likely to inject.
STATUS_MESSAGES = {
    400: "400: Bad Request",
    401: "401: Unauthorized",
    403: "Missing Permissions",
    404: "404: Not Found",
    429: "You are being rate limited.",
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "503: Service Unavailable",
    504: "504: Gateway Timeout",
}

BodyPredicate = Callable[[dict[str, Any]], bool]


@dataclass(eq=False)
class Fault:
    """One armed failure. It fires on the matching requests number ``after + 1`` to
    ``after + times`` (every one from ``after + 1`` on when ``times`` is None)."""

    method: str  # "POST", or "*" for any
    path: re.Pattern[str]
    action: str  # "fail", "drop", "kill" or "hold"
    times: int | None = 1
    after: int = 0
    apply_first: bool = False
    status: int = 500
    code: int = 0
    message: str = ""
    retry_after: float = 0.01
    is_global: bool = False
    pid: Callable[[], int | None] | None = None
    when: BodyPredicate | None = None  # only requests whose JSON body satisfies it match
    seen: int = 0  # matching requests so far
    fired: int = 0  # times it fired
    killed: list[int] = field(default_factory=list)  # pids it killed
    released: asyncio.Event = field(default_factory=asyncio.Event)  # ends a "hold"

    def matches(self, method: str, path: str) -> bool:
        return self.method in ("*", method) and self.path.fullmatch(path) is not None

    @property
    def spent(self) -> bool:
        return self.times is not None and self.fired >= self.times

    def take(self) -> bool:
        """Count one matching request; True if the fault fires on it."""
        self.seen += 1
        if self.spent or self.seen <= self.after:
            return False
        self.fired += 1
        return True


@dataclass
class FaultEvent:
    """A fault that fired: on which request, and what it did."""

    method: str
    path: str
    action: str
    status: int | None
    applied: bool
    pid: int | None = None


class Faults:
    """The armed faults of one stand-in; see the module docstring."""

    def __init__(self) -> None:
        self.armed: list[Fault] = []
        self.log: list[FaultEvent] = []

    # ----- arming ------------------------------------------------------------------------

    def fail(
        self,
        method: str,
        path: str,
        *,
        status: int = 500,
        code: int = 0,
        message: str | None = None,
        times: int | None = 1,
        after: int = 0,
        apply_first: bool = False,
        retry_after: float = 0.01,
        is_global: bool = False,
        when: BodyPredicate | None = None,
    ) -> Fault:
        """Answer `status` (with Discord's JSON error body) to matching requests. For 429 the
        body and headers are Discord's rate-limit ones with `retry_after` seconds."""
        return self._arm(
            Fault(
                method.upper(),
                re.compile(path),
                "fail",
                times=times,
                after=after,
                apply_first=apply_first,
                status=status,
                code=code,
                message=message if message is not None else STATUS_MESSAGES.get(status, ""),
                retry_after=retry_after,
                is_global=is_global,
                when=when,
            )
        )

    def rate_limit(
        self,
        method: str,
        path: str,
        *,
        retry_after: float = 0.01,
        times: int | None = 1,
        after: int = 0,
        is_global: bool = False,
        when: BodyPredicate | None = None,
    ) -> Fault:
        """A 429 as Discord sends it; discord.py sleeps `retry_after` and retries by itself."""
        return self.fail(
            method,
            path,
            status=429,
            retry_after=retry_after,
            times=times,
            after=after,
            is_global=is_global,
            when=when,
        )

    def drop(
        self,
        method: str,
        path: str,
        *,
        times: int | None = 1,
        after: int = 0,
        apply_first: bool = False,
        when: BodyPredicate | None = None,
    ) -> Fault:
        """Close the connection without answering (a network error for the client); with
        `apply_first` the request is applied first, so it took effect but nobody heard."""
        return self._arm(
            Fault(
                method.upper(),
                re.compile(path),
                "drop",
                times=times,
                after=after,
                apply_first=apply_first,
                when=when,
            )
        )

    def hold(
        self, method: str, path: str, *, times: int | None = 1, when: BodyPredicate | None = None
    ) -> Fault:
        """Leave matching requests unanswered until ``fault.released`` is set or the client
        closes the connection, then drop them unapplied (Discord hanging, then failing)."""
        return self._arm(Fault(method.upper(), re.compile(path), "hold", times=times, when=when))

    def kill_on(
        self,
        method: str,
        path: str,
        nth: int,
        pid_getter: Callable[[], int | None],
        apply_first: bool = False,
        *,
        when: BodyPredicate | None = None,
    ) -> Fault:
        """SIGKILL the process `pid_getter()` when the `nth` (1-based) matching request arrives,
        before applying it, or after with `apply_first` (the bot never reads the answer)."""
        if nth < 1:
            raise ValueError("nth counts from 1")
        return self._arm(
            Fault(
                method.upper(),
                re.compile(path),
                "kill",
                times=1,
                after=nth - 1,
                apply_first=apply_first,
                pid=pid_getter,
                when=when,
            )
        )

    def _arm(self, fault: Fault) -> Fault:
        self.armed.append(fault)
        return fault

    def clear(self) -> None:
        """Disarm every fault (the log stays)."""
        self.armed.clear()

    # ----- used by the server --------------------------------------------------------------

    def candidates(self, method: str, path: str) -> list[Fault]:
        """Unspent faults whose method and path match (body predicates not yet checked)."""
        return [f for f in self.armed if not f.spent and f.matches(method, path)]

    def kill(self, fault: Fault) -> int | None:
        """SIGKILL the fault's process now; the pid killed, or None if there was none."""
        pid = fault.pid() if fault.pid is not None else None
        if pid is None:
            log.warning("fakediscord fault: kill_on fired but no process is running")
            return None
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            return None
        fault.killed.append(pid)
        return pid


def error_body(fault: Fault) -> tuple[dict[str, Any], dict[str, str]]:
    """Discord's JSON body and headers for an injected error status."""
    if fault.status != 429:
        return {"message": fault.message, "code": fault.code}, {}
    retry = fault.retry_after
    body = {"message": fault.message, "retry_after": retry, "global": fault.is_global}
    if not fault.is_global:
        body["code"] = 0
    headers = {
        # discord.py treats a 429 without Via as a Cloudflare ban: Discord's API sends it.
        "Via": "1.1 google",
        "Retry-After": str(max(1, math.ceil(retry))),
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "0",
        "X-RateLimit-Reset": f"{time.time() + retry:.3f}",
        "X-RateLimit-Reset-After": f"{retry:.3f}",
        "X-RateLimit-Bucket": "fakediscordbucket",
        "X-RateLimit-Scope": "global" if fault.is_global else "user",
    }
    if fault.is_global:
        headers["X-RateLimit-Global"] = "true"
    return body, headers


# Paths (after /api/v10) of the requests a move makes, for faults and counts.
CALLBACK = r"/interactions/\d+/[^/]+/callback"  # the acknowledgement (defer, reply)
MESSAGE_CREATE = r"/channels/\d+/messages"  # a post in a channel, thread or DM
DM_OPEN = r"/users/@me/channels"  # opening the DM channel with a user
FOLLOWUP = r"/webhooks/\d+/[^/]+"  # an interaction follow-up
ORIGINAL = r"/webhooks/\d+/[^/]+/messages/@original"  # editing the interaction reply

_IDS = re.compile(r"(?<=/)\d+(?=/|$)")
_TOKENS = re.compile(r"(?<=^/interactions/\\d\+/)[^/]+|(?<=^/webhooks/\\d\+/)[^/]+")


def generalize(path: str) -> str:
    """A fault pattern for an API path: ids become \\d+, interaction tokens [^/]+."""
    pattern = _IDS.sub(r"\\d+", re.escape(path).replace("\\/", "/"))
    return _TOKENS.sub("[^/]+", pattern)


@dataclass(frozen=True)
class KillPoint:
    """One place to die: the `nth` request matching `method` and `path`, before or after
    Discord applied it. Arm it with `point.arm(fake.faults, bot.pid_getter)`."""

    method: str
    path: str
    nth: int
    apply_first: bool

    def arm(self, faults: Faults, pid_getter: Callable[[], int | None]) -> Fault:
        return faults.kill_on(self.method, self.path, self.nth, pid_getter, self.apply_first)

    def __str__(self) -> str:
        when = "after" if self.apply_first else "before"
        return f"{when} applying {self.method} {self.path} #{self.nth}"


def kill_points(requests: list[str], api: str = "/api/v10") -> list[KillPoint]:
    """Every point to die at during a recorded stretch of `FakeServer.requests` (e.g. one
    move): each REST request, before and after it is applied, counted per generalized path."""
    points: list[KillPoint] = []
    seen: dict[tuple[str, str], int] = {}
    for entry in requests:
        method, _, path = entry.partition(" ")
        if not path.startswith(api + "/"):
            continue
        key = (method, generalize(path[len(api) :]))
        seen[key] = seen.get(key, 0) + 1
        for apply_first in (False, True):
            points.append(KillPoint(key[0], key[1], seen[key], apply_first))
    return points
