"""A least-recently-used cache bounded by the bytes it holds, for the renderers' pictures.

``functools.cache`` keeps every picture it was ever given: a bot drawing thousands of matches
(names in texts, table sizes, scales) grew by ~100 MB that way. Each renderer cache here has a
byte budget; the least recently used entries go first once it is exceeded.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from PIL import Image

P = ParamSpec("P")
R = TypeVar("R")

ALL: list[BoundedCache] = []  # every cache made here, for tests and the bench


def nbytes(value: Any) -> int:
    """The bytes a cached value holds: a picture's pixels, or the pictures inside a tuple."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands())
    if isinstance(value, tuple):
        return sum(nbytes(item) for item in value) + 64
    return 64


class BoundedCache:
    """The cache of one function: entries in use order, their total bytes within ``budget``."""

    def __init__(self, name: str, budget: int) -> None:
        self.name = name
        self.budget = budget
        self.size = 0
        self.entries: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        self.lock = threading.Lock()  # pictures are drawn in threads

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        with self.lock:
            found = self.entries.get(key)
            if found is not None:
                self.entries.move_to_end(key)
                return found[0]
        value = make()
        weight = nbytes(value)
        with self.lock:
            if key not in self.entries:
                self.entries[key] = (value, weight)
                self.size += weight
            while self.size > self.budget and len(self.entries) > 1:
                _, (_, gone) = self.entries.popitem(last=False)
                self.size -= gone
        return value

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.size = 0


def bounded(budget: int) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """``@bounded(budget)``: like ``functools.cache`` (hashable arguments), at most ``budget``
    bytes kept; the least recently used entry goes first."""

    def wrap(function: Callable[P, R]) -> Callable[P, R]:
        cache = BoundedCache(f"{function.__module__}.{function.__qualname__}", budget)
        ALL.append(cache)

        @wraps(function)
        def cached(*args: P.args, **kwargs: P.kwargs) -> R:
            key = (args, tuple(sorted(kwargs.items())))
            value: R = cache.get(key, lambda: function(*args, **kwargs))
            return value

        cached.cache = cache  # type: ignore[attr-defined]
        return cached

    return wrap


def held_bytes() -> int:
    """The bytes every renderer cache holds now."""
    return sum(cache.size for cache in ALL)


MB = 1024 * 1024
