"""Fixtures for end-to-end tests: the local Discord stand-in and the real bot built by bot.py."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from bot import Tidetable, build_bot
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    # A quiet period longer than the stand-in's default: rendering runs in a thread between
    # the bot's REST calls, and a loaded CI machine is slower than a laptop.
    async with FakeDiscord(quiet=0.1) as stand_in:
        yield stand_in


@pytest.fixture
def make_bot(tmp_path: Path) -> Callable[..., Tidetable]:
    """A bot as `python bot.py` builds it, on a database file that outlives restarts."""

    def make(**kwargs: object) -> Tidetable:
        return build_bot(database=tmp_path / "e2e.sqlite3", **kwargs)  # type: ignore[arg-type]

    return make
