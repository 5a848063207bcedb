"""Discord's limits on a bot as a whole, as the stand-in enforces them.

* **The global rate limit**: at most ``GLOBAL_LIMIT`` REST requests per second per bot (per
  token). Past it Discord answers 429 with ``"global": true`` in the body and the headers
  ``X-RateLimit-Global: true`` and ``X-RateLimit-Scope: global``; ``retry_after`` says when the
  oldest request of the window leaves it. Interaction endpoints (the callback, and follow-ups
  and edits through the interaction's token) are not bound by it, as on Discord.
* **Invalid requests**: every answer 401, 403 or 429 (but a 429 of a ``shared`` resource)
  counts; past ``INVALID_LIMIT`` of them in ``INVALID_WINDOW`` seconds Discord's edge
  (Cloudflare) bans the bot's IP for a while: every request then gets a plain-text 429 without
  the ``Via`` header, which discord.py raises at once instead of retrying.

Both windows run on ``clock`` (``time.monotonic`` unless a test gives another): rate limits are
about real time, whatever time a test makes the bot or the stand-in's nonces believe it is.
"""

from __future__ import annotations

import math
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field

GLOBAL_LIMIT = 50  # requests per second per bot
GLOBAL_WINDOW = 1.0
INVALID_LIMIT = 10_000  # invalid requests (401, 403, 429) …
INVALID_WINDOW = 600.0  # … per 10 minutes, before the edge bans the IP
BAN_SECONDS = 3600.0
INVALID_STATUSES = (401, 403, 429)
# Paths (after /api/v10) that Discord's global rate limit does not bind: interactions.
UNBOUND = re.compile(r"/interactions/\d+/[^/]+/callback|/webhooks/\d+/[^/]+(/.*)?")


@dataclass(frozen=True)
class Invalid:
    """One request Discord counted as invalid: when (on the limits' clock), what, the status."""

    at: float
    method: str
    path: str
    status: int


@dataclass
class Limits:
    """The global rate limit and the invalid-request budget of one bot (see the module doc)."""

    global_limit: int = GLOBAL_LIMIT
    invalid_limit: int = INVALID_LIMIT
    clock: Callable[[], float] = time.monotonic
    enforce_global: bool = True
    invalid: list[Invalid] = field(default_factory=list)  # every invalid request, in order
    rate_limited: list[str] = field(default_factory=list)  # "METHOD /path" answered global 429
    peak: int = 0  # the most requests seen in any one window
    accepted: list[float] = field(default_factory=list)  # when each bound request went through
    _recent: deque[float] = field(default_factory=deque)
    _banned_until: float = float("-inf")

    def bound(self, api_path: str) -> bool:
        """Whether the global rate limit counts a request to this path (after /api/v10)."""
        return UNBOUND.fullmatch(api_path) is None

    def take(self) -> float | None:
        """Count one request against the global limit: None if it may go through, else the
        seconds to wait (``retry_after``) before the window has room again."""
        now = self.clock()
        while self._recent and now - self._recent[0] >= GLOBAL_WINDOW:
            self._recent.popleft()
        if self.enforce_global and len(self._recent) >= self.global_limit:
            return max(0.001, GLOBAL_WINDOW - (now - self._recent[0]))
        self._recent.append(now)
        self.accepted.append(now)
        self.peak = max(self.peak, len(self._recent))
        return None

    def banned(self) -> bool:
        return self.clock() < self._banned_until

    def answered(self, method: str, path: str, status: int, scope: str | None) -> None:
        """Count an answer: a 401, 403 or 429 (not of a shared resource) is invalid."""
        if status not in INVALID_STATUSES or (status == 429 and scope == "shared"):
            return
        now = self.clock()
        self.invalid.append(Invalid(now, method, path, status))
        if self.invalid_in_window(now) >= self.invalid_limit:
            self._banned_until = now + BAN_SECONDS

    def invalid_in_window(self, now: float | None = None) -> int:
        """Invalid requests in the last ``INVALID_WINDOW`` seconds."""
        now = self.clock() if now is None else now
        count = 0
        for item in reversed(self.invalid):
            if now - item.at >= INVALID_WINDOW:
                break
            count += 1
        return count

    def counts(self) -> dict[int, int]:
        """Invalid requests so far by status."""
        found: dict[int, int] = {}
        for item in self.invalid:
            found[item.status] = found.get(item.status, 0) + 1
        return found


def global_headers(retry_after: float) -> dict[str, str]:
    """The headers of Discord's global 429 (``Via`` marks it as Discord's, not Cloudflare's)."""
    return {
        "Via": "1.1 google",
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Global": "true",
        "X-RateLimit-Scope": "global",
    }
