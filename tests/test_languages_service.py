"""Which language a DM is said in (cogs/language.py): the locale a person last used, kept at
once in memory and written a little later, never at the interaction itself (a busy database
would hold the interaction's own answer up); forgetting a person drops what waits too."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import pytest

from cogs.language import SAVE_AFTER, Languages
from data.clock import ManualClock
from data.store import Store
from tests.support.backends import Place


@pytest.fixture
async def store(place: Place):
    """On both back-ends: the locale is written in the SQL of each (an upsert)."""
    return await place.open(ManualClock())


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


async def test_a_new_locale_is_written_with_the_first_change_its_interaction_commits(
    store: Store,
):
    """The process may die before the write a little later: an action of theirs that was
    saved keeps their locale with it (written in the same transaction, none of its own)."""
    languages = Languages(store, store.clock, no_guild)

    async def interaction(user_id: int, locale: str, fails: bool = False) -> None:
        languages.speaking(used(user_id, locale))  # type: ignore[arg-type]
        assert await store.locale_of(user_id) is None  # nothing written at the interaction
        if fails:
            with pytest.raises(RuntimeError):
                async with store._transaction() as tx:
                    await tx.execute("INSERT INTO users (user_id) VALUES (?)", (99,))
                    raise RuntimeError("the action was refused")
            return
        await store.set_dm_closed(100 + user_id, True)  # their action: any change saved

    await asyncio.create_task(interaction(7, "de"))
    await asyncio.create_task(interaction(8, "ja", fails=True))
    saving = languages._saving
    assert saving is not None
    saving.cancel()  # the process dies: what waited in memory is lost
    # A process started after it reads what the committed action kept.
    fresh = Languages(store, store.clock, no_guild)
    assert await fresh.of_person(7) == "de"
    assert await store.locale_of(8) is None  # nothing of theirs was committed


async def test_forgetting_oneself_writes_no_locale_in_the_forgetting_transaction(store: Store):
    languages = Languages(store, store.clock, no_guild)

    async def forget() -> None:
        languages.speaking(used(7, "de"))  # type: ignore[arg-type]
        languages.forget_person(7)
        await store.set_dm_closed(8, True)

    await asyncio.create_task(forget())
    assert await store.locale_of(7) is None


async def test_an_interaction_under_way_writes_no_locale_once_its_sender_was_forgotten(
    store: Store,
):
    """Two interactions of one person at once: the first (a long picture, an analysis) commits
    its change only after the second forgot them. The first task's transaction writes no
    locale of theirs then: a users row naming them would be back after the erasure."""
    languages = Languages(store, store.clock, no_guild)
    forgotten = asyncio.Event()

    async def slow() -> None:
        languages.speaking(used(7, "de"))  # type: ignore[arg-type]
        await forgotten.wait()
        await store.set_dm_closed(8, True)  # its change, committed after the erasure

    async def forget() -> None:
        languages.speaking(used(7, "de"))  # type: ignore[arg-type]
        languages.forget_person(7)
        async with store._transaction() as tx:  # the erasure (data/erasures.py)
            await tx.execute("DELETE FROM users WHERE user_id = ?", (7,))
        forgotten.set()

    await asyncio.gather(asyncio.create_task(slow()), asyncio.create_task(forget()))
    rows = await store._read("SELECT user_id FROM users")
    assert [int(row[0]) for row in rows] == [8]
    assert await store.locale_of(7) is None


async def test_an_older_locale_is_not_written_over_the_one_used_since(store: Store):
    """A task that commits late (or one it started: a picture drawn ahead) writes no locale
    its sender has since changed, and which was written already: their DMs stay in the new one."""
    languages = Languages(store, store.clock, no_guild)
    changed = asyncio.Event()

    async def slow() -> None:
        languages.speaking(used(7, "de"))  # type: ignore[arg-type]
        await changed.wait()
        await store.set_dm_closed(8, True)

    async def later() -> None:
        languages.speaking(used(7, "ja"))  # type: ignore[arg-type]
        await store.set_dm_closed(9, True)  # writes "ja" with it
        store.clock.advance(SAVE_AFTER)  # type: ignore[attr-defined]
        saving = languages._saving
        assert saving is not None
        await saving  # nothing left to write: "ja" is in the database
        changed.set()

    await asyncio.gather(asyncio.create_task(slow()), asyncio.create_task(later()))
    assert await store.locale_of(7) == "ja"
    assert await Languages(store, store.clock, no_guild).of_person(7) == "ja"


def match_in(guild_id: int | None, creator_id: int) -> object:
    return SimpleNamespace(
        row=SimpleNamespace(options={}, guild_id=guild_id, creator_id=creator_id)
    )


async def test_a_dm_to_one_whose_locale_is_unknown_is_in_the_language_of_its_match(store: Store):
    """Its creator too (their locale may not be written yet: a crash, or a match written by
    an import): the match's server's language, not English."""

    async def pseudo_server(guild_id: int) -> str | None:
        return "x-pseudo" if guild_id == 5 else None

    languages = Languages(store, store.clock, pseudo_server)
    assert await languages.of_person(7, match_in(5, creator_id=7)) == "x-pseudo"  # type: ignore[arg-type]
    assert await languages.of_person(8, match_in(5, creator_id=7)) == "x-pseudo"  # type: ignore[arg-type]
    # A match in DMs is said in its creator's language: English for one never seen.
    assert await languages.of_person(7, match_in(None, creator_id=7)) == "en"  # type: ignore[arg-type]


async def test_a_servers_locale_discord_cannot_tell_now_is_not_taken_for_english(store: Store):
    """A post or DM composed before the bot knows the server (a process just started) asks
    Discord; when Discord cannot answer now, the error goes up (the outbox tries again later)
    rather than the text going out in English."""

    async def down(guild_id: int) -> str | None:
        raise OSError("Discord cannot be reached")

    languages = Languages(store, store.clock, down)
    with pytest.raises(OSError):
        await languages.of_server(5)
