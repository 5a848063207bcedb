"""A local stand-in of Discord's REST and gateway API for end-to-end tests of the bot.

The real, unpatched discord.py client connects to it over loopback; only its module-level URLs
(`Route.BASE`, `DiscordWebSocket.DEFAULT_GATEWAY`, `Asset.BASE`) are pointed here, and restored
on close::

    async with FakeDiscord() as fake:
        alice = fake.add_member("alice")
        async with fake.running(make_bot()):
            res = await fake.slash(alice, fake.channel("games"), "demo word", word="x")

Failures are scripted through `fake.faults` (faults.py): error statuses, 429s, dropped
connections, and SIGKILL of a bot running in another process (tests/support/bot_process.py).
Channel messages honour Discord's `nonce` + `enforce_nonce` for a few minutes of the stand-in's
clock (`advance_clock` moves it on); message history is served as Discord serves it (without the
nonce). Discord's global rate limit (50 requests/s) and its invalid-request budget are enforced
and counted in `fake.limits` (limits.py).
"""

from .fake import FakeDiscord
from .faults import (
    CALLBACK,
    DM_OPEN,
    FOLLOWUP,
    MESSAGE_CREATE,
    ORIGINAL,
    Fault,
    FaultEvent,
    Faults,
    KillPoint,
    kill_points,
)
from .records import (
    ApiError,
    Choices,
    FakeChannel,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionResult,
    StoredAttachment,
)

__all__ = [
    "CALLBACK",
    "DM_OPEN",
    "FOLLOWUP",
    "MESSAGE_CREATE",
    "ORIGINAL",
    "ApiError",
    "Choices",
    "FakeChannel",
    "FakeDiscord",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "Fault",
    "FaultEvent",
    "Faults",
    "InteractionResult",
    "KillPoint",
    "StoredAttachment",
    "kill_points",
]
