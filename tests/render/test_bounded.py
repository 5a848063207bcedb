"""Renderer caches are bounded by the bytes they hold (render/bounded.py), least recently used
first out: a bot drawing thousands of different pictures no longer grows without end."""

from __future__ import annotations

from PIL import Image

from render import bounded as caches
from render.bounded import BoundedCache, bounded, held_bytes, nbytes
from render.tonga import render
from tests.render.pictures import moments


def test_an_image_weighs_its_pixels_and_a_tuple_what_it_holds():
    image = Image.new("RGBA", (10, 20))
    assert nbytes(image) == 10 * 20 * 4
    assert nbytes((image, 3, 4)) == 800 + 64 * 3  # each number, and the tuple itself


def test_the_least_recently_used_entry_goes_first_once_over_budget():
    made: list[int] = []

    @bounded(100_000)  # three of these pictures (~30 kB each), not four
    def square(side: int) -> Image.Image:
        made.append(side)
        return Image.new("RGB", (100, 100 + side))

    for side in (0, 1, 2):
        square(side)
    square(0)  # used again: now the most recent
    square(3)  # over budget: 1, the least recently used, goes
    cache: BoundedCache = square.cache  # type: ignore[attr-defined]
    keys = [key[0][0] for key in cache.entries]
    assert 1 not in keys and 0 in keys and 3 in keys
    assert cache.size <= cache.budget
    square(0)
    assert made.count(0) == 1  # served from the cache


def test_a_single_entry_larger_than_the_budget_is_kept_alone():
    @bounded(10)
    def big(n: int) -> Image.Image:
        return Image.new("L", (n, n))

    big(20)
    big(30)
    cache: BoundedCache = big.cache  # type: ignore[attr-defined]
    assert len(cache.entries) == 1


def test_thousands_of_different_names_keep_every_renderer_cache_within_its_budget():
    view = moments("tonga", 4)["middle"]
    for n in range(300):
        names = [f"player {n}-{k} with a long name" for k in range(4)]
        render(view, names=names)
    for cache in caches.ALL:
        assert cache.size <= cache.budget or len(cache.entries) == 1, cache.name
    assert held_bytes() <= sum(cache.budget for cache in caches.ALL)
