"""A dictionary that keeps at most so many entries, forgetting the least recently used.

The bot's caches (decoded matches, display names, translated SQL) are keyed by things that
only grow: matches, people, servers. Unbounded, a bot with ten thousand open matches would
hold every one of them decoded for as long as it runs; bounded, it holds those in play now
and reads the others again when they are asked for (a cache is only ever a shortcut).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator, MutableMapping
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Lru(MutableMapping[K, V]):
    """At most ``limit`` entries; reading or writing one makes it the most recent, and a new
    one past the limit pushes out the least recent."""

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError("an LRU cache holds at least one entry")
        self.limit = limit
        self._items: OrderedDict[K, V] = OrderedDict()

    def __getitem__(self, key: K) -> V:
        value = self._items[key]
        self._items.move_to_end(key)
        return value

    def __setitem__(self, key: K, value: V) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.limit:
            self._items.popitem(last=False)

    def __delitem__(self, key: K) -> None:
        del self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items  # a look without touching: not a use
