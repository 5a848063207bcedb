"""Fixtures for end-to-end tests: the local Discord stand-in and the bot as bot.py builds it."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest

from app.application import Tidetable, build_bot
from i18n.catalogue import PSEUDO
from tests.fakediscord import FakeDiscord
from tests.fakediscord.languages import SUITE

# The pseudo-language run (tests/fakediscord/languages.py): every member and server of a
# stand-in speaks ``x-pseudo``, every text the bot sends must come through the catalogue, and
# the stand-in reads it back as English for the tests. Every module runs in it (a test that
# sets its people's locales itself, as the languages test does, keeps them);
# TIDETABLE_E2E_LOCALE=en-US runs the suite with plain English instead.
CHOSEN = os.environ.get("TIDETABLE_E2E_LOCALE", PSEUDO)


@pytest.fixture(autouse=True)
def no_english_leaks() -> Iterator[None]:
    """The test's stand-ins speak the pseudo-language (unless the run chose English); each of
    them (the shared one and those a test makes itself) must have received no text that
    bypassed the catalogue."""
    SUITE.locale = PSEUDO if CHOSEN == PSEUDO else "en-US"
    SUITE.stand_ins.clear()
    yield
    leaks = [leak for stand_in in SUITE.stand_ins for leak in stand_in.language_leaks]
    SUITE.stand_ins.clear()
    SUITE.locale = "en-US"
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
