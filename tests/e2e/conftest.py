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
# the stand-in reads it back as English for the tests. The modules below run in it on every
# run of the suite; TIDETABLE_E2E_LOCALE=x-pseudo runs every module in it,
# TIDETABLE_E2E_LOCALE=en-US none (see the README's "Languages" for what still fails there).
CHOSEN = os.environ.get("TIDETABLE_E2E_LOCALE")
# Modules whose whole run passes in it under load too (27 pass in it on a quiet machine; in CI
# some lost the language of a DM once, by timing: issue 25's open part).
PSEUDO_MODULES = frozenset(
    {
        "test_bounds_e2e",
        "test_command_languages_e2e",
        "test_exactly_once_e2e",
        "test_global_lists_e2e",
        "test_history_e2e",
        "test_league_signup_e2e",
        "test_lobby_e2e",
        "test_places_e2e",
        "test_tables_e2e",
        "test_tokan_e2e",
    }
)


@pytest.fixture(autouse=True)
def no_english_leaks(request: pytest.FixtureRequest) -> Iterator[None]:
    """The test's stand-ins speak the pseudo-language when its module is among those above
    (or every module, if asked); each of them (the shared one and those a test makes itself)
    must have received no text that bypassed the catalogue."""
    module = request.module.__name__.rsplit(".", 1)[-1]
    pseudo = CHOSEN == PSEUDO or (CHOSEN is None and module in PSEUDO_MODULES)
    SUITE.locale = PSEUDO if pseudo else "en-US"
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
