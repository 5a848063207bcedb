"""Which language a DM is said in (cogs/language.py): the locale a person last used, kept at
once in memory and written a little later, never at the interaction itself (a busy database
would hold the interaction's own answer up); forgetting a person drops what waits too."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from cogs.language import SAVE_AFTER, Languages
from data.clock import ManualClock
from data.store import Store


@pytest.fixture
async def store(tmp_path: Path):
    opened = await Store.open(tmp_path / "t.sqlite3", ManualClock())
    yield opened
    await opened.close()


def used(user_id: int, locale: str) -> object:
    """What the service reads of an interaction: who sent it, in which locale."""
    return SimpleNamespace(locale=locale, user=SimpleNamespace(id=user_id))


async def no_guild(guild_id: int) -> str | None:
    return None


async def test_a_locale_is_used_at_once_and_written_later(store: Store):
    clock = store.clock
    languages = Languages(store, clock, no_guild)
    await languages.remember(used(7, "de"))  # type: ignore[arg-type]
    assert await languages.of_person(7) == "de"
    assert await store.locale_of(7) is None  # not written at the interaction
    clock.advance(SAVE_AFTER)
    await languages._saving  # type: ignore[misc]
    assert await store.locale_of(7) == "de"
    # Another process (a shard) reads it from the database.
    assert await Languages(store, clock, no_guild).of_person(7) == "de"


async def test_forgetting_drops_the_unwritten_locale_and_a_stop_writes_the_rest(store: Store):
    languages = Languages(store, store.clock, no_guild)
    await languages.remember(used(7, "ja"))  # type: ignore[arg-type]
    await languages.remember(used(8, "de"))  # type: ignore[arg-type]
    languages.forget_person(7)
    await languages.close()
    assert await store.locale_of(7) is None and await store.locale_of(8) == "de"
    assert await languages.of_person(7) == "en"
