"""Fixtures for end-to-end tests: the local Discord stand-in and the bot as bot.py builds it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from app.application import Tidetable, build_bot
from tests.fakediscord import FakeDiscord
from tests.fakediscord.languages import SUITE

# The end-to-end suite runs in the pseudo-language (tests/fakediscord/languages.py): every text
# the bot sends must come through the catalogue, and the stand-in reads it back as English for
# the tests. TIDETABLE_E2E_LOCALE=en-US runs it in plain English instead.
SUITE.locale = os.environ.get("TIDETABLE_E2E_LOCALE", "en-US")


@pytest.fixture(autouse=True)
def no_english_leaks() -> Iterator[None]:
    """Every stand-in of the test (the shared one and those a test makes itself) received no
    text that bypassed the catalogue."""
    SUITE.stand_ins.clear()
    yield
    leaks = [leak for stand_in in SUITE.stand_ins for leak in stand_in.language_leaks]
    SUITE.stand_ins.clear()
    assert not leaks, "texts that bypassed the catalogue:\n" + "\n".join(leaks[:30])


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
