"""A local stand-in of Discord's REST and gateway API for end-to-end tests of the bot.

The real, unpatched discord.py client connects to it over loopback; only its module-level URLs
(`Route.BASE`, `DiscordWebSocket.DEFAULT_GATEWAY`, `Asset.BASE`) are pointed here, and restored
on close::

    async with FakeDiscord() as fake:
        alice = fake.add_member("alice")
        async with fake.running(make_bot()):
            res = await fake.slash(alice, fake.channel("games"), "demo word", word="x")
"""

from .fake import FakeDiscord
from .records import (
    ApiError,
    Choices,
    FakeChannel,
    FakeMessage,
    FakeUser,
    InteractionResult,
    StoredAttachment,
)

__all__ = [
    "ApiError",
    "Choices",
    "FakeChannel",
    "FakeDiscord",
    "FakeMessage",
    "FakeUser",
    "InteractionResult",
    "StoredAttachment",
]
