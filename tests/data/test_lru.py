"""The bounded caches: at most so many entries, the least recently used forgotten first; a
match pushed out of the service's cache is read again, the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from data.clock import ManualClock
from data.lru import Lru
from data.store import Store
from table import core
from table.service import MatchService
from tests.support.nim import Nim


def test_the_least_recently_used_entry_goes_first() -> None:
    cache: Lru[str, int] = Lru(2)
    cache["a"], cache["b"] = 1, 2
    assert cache.get("a") == 1  # a use: "b" is now the oldest
    cache["c"] = 3
    assert dict(cache) == {"a": 1, "c": 3}
    assert "b" not in cache and len(cache) == 2
    cache["a"] = 4  # a write is a use too
    cache["d"] = 5
    assert dict(cache) == {"a": 4, "d": 5}
    assert cache.pop("a") == 4 and list(cache) == ["d"]
    with pytest.raises(ValueError):
        Lru(0)


async def test_the_match_cache_is_bounded_and_a_forgotten_match_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(core, "MATCHES_CACHED", 3)
    store = await Store.open(tmp_path / "lru.sqlite3", ManualClock())
    try:
        service = MatchService(store, {"nim": Nim()})
        started = []
        for channel in range(10, 18):
            await service.create("nim", 1, channel, 100, {})
            await service.join(channel, "nim", 200)
            started.append((await service.start(channel, "nim", 100)).match)
        assert len(service._matches) <= 3
        again = await service.by_ids([m.id for m in started])
        assert [(m.id, m.version, m.state) for m in again] == [
            (m.id, m.version, m.state) for m in started
        ]
        for match in started:
            assert (await service.current(match.row.channel_id, "nim")).state == match.state
        assert len(service._matches) <= 3
    finally:
        await store.close()
