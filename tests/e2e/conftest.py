"""Fixtures for end-to-end tests: the local Discord stand-in and the bot as bot.py builds it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest

from app.application import Tidetable, build_bot
from tests.fakediscord import FakeDiscord


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    # Every handler of the bot ends with its private reply (posts and DMs come before it), so
    # an interaction is complete once that reply arrived: the quiet period can be short.
    async with FakeDiscord(quiet=0.02) as stand_in:
        yield stand_in


@pytest.fixture
def make_bot(tmp_path: Path) -> Callable[..., Tidetable]:
    """A bot as `python bot.py` builds it, on a database file that outlives restarts."""

    def make(**kwargs: object) -> Tidetable:
        return build_bot(database=tmp_path / "e2e.sqlite3", **kwargs)  # type: ignore[arg-type]

    return make
