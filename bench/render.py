"""Render + encode per new position, beside a flat RGB PNG of the same picture at level 1.

    .venv/bin/python -m bench.render            # all games
    .venv/bin/python -m bench.render tonga      # some games

Per game and layout (``desktop``: the whole picture; ``phone``: the phone-first one the bot
posts), over positions of a seeded playout with the most players, caches warm as in a running
bot: the median ms to draw a new position, to encode it (``render.common.to_png``: the fixed
palette), both together, and the floor: the same picture saved as a flat RGB PNG at compress
level 1 (and a blank image of that size). Target: render + encode <= 1.3x the flat PNG. Beside
it, the encoding before (an adaptive 256-colour quantize per picture, level 3) on the same
pictures, the PNG sizes before and after (target: after <= 4/3 of before), and the bytes the
renderer caches hold at the end, and after 500 pictures with different names. Asserts nothing.
"""

from __future__ import annotations

import importlib
import io
import statistics
import sys
import time
from typing import Any

from PIL import Image

from bench.run import positions
from render import bounded
from render.common import to_png
from render.phone import LAYOUTS
from rules.registry import GAMES

TARGET = 1.3


def flat_png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG", compress_level=1)
    return buffer.getvalue()


def adaptive_png(image: Image.Image) -> bytes:
    """The encoding before: an adaptive palette per picture."""
    quantized = image.convert("RGB").quantize(
        colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buffer = io.BytesIO()
    quantized.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def timed(work: Any) -> tuple[Any, float]:
    start = time.perf_counter()
    result = work()
    return result, (time.perf_counter() - start) * 1000


def bench(key: str, layout: str) -> dict[str, float]:
    game = GAMES[key]
    module = importlib.import_module(f"render.{key}")
    states = positions(game, 1, game.spec.max_players)
    names = [f"player {k}" for k in range(game.spec.max_players)]
    to_png(module.render(game.view(states[0], None), names=names, layout=layout))  # warm
    rows: dict[str, list[float]] = {}
    for state in states:
        view = game.view(state, None)
        image, draw_ms = timed(lambda v=view: module.render(v, names=names, layout=layout))
        png, encode_ms = timed(lambda i=image: to_png(i))
        _, flat_ms = timed(lambda i=image: flat_png(i))
        blank = Image.new("RGB", image.size, (246, 241, 229))
        _, blank_ms = timed(lambda b=blank: flat_png(b))
        before, before_ms = timed(lambda i=image: adaptive_png(i))
        for name, value in (
            ("draw", draw_ms),
            ("encode", encode_ms),
            ("total", draw_ms + encode_ms),
            ("flat", flat_ms),
            ("blank", blank_ms),
            ("before", draw_ms + before_ms),
            ("kb", len(png) / 1024),
            ("kb before", len(before) / 1024),
            ("width", image.width),
            ("height", image.height),
        ):
            rows.setdefault(name, []).append(value)
    return {name: statistics.median(values) for name, values in rows.items()}


def cache_bytes_after_many_names() -> int:
    """The renderer caches' bytes after 500 Tonga Bonga pictures, each with new names."""
    game = GAMES["tonga"]
    module = importlib.import_module("render.tonga")
    view = game.view(positions(game, 2, 4)[5], None)
    for n in range(500):
        to_png(
            module.render(view, names=[f"p{n}-{k} the sailor" for k in range(4)], layout="phone")
        )
    return bounded.held_bytes()


def main(keys: list[str]) -> None:
    head = (
        f"{'game':>8} {'layout':>7} {'size':>9} {'draw':>6} {'encode':>6} {'total':>6} "
        f"{'flat L1':>7} {'blank':>6} {'ratio':>6} {'before':>6} {'ratio':>6} "
        f"{'KB':>5} {'KB bef':>6}"
    )
    print(head)
    print(f"{'target':>8} {'':>7} {'':>9} {'':>6} {'':>6} {'':>6} {'':>7} {'':>6} {'<=1.3':>6}")
    for key in keys or list(GAMES):
        for layout in LAYOUTS:
            r = bench(key, layout)
            size = f"{r['width']:.0f}x{r['height']:.0f}"
            print(
                f"{key:>8} {layout:>7} {size:>9} {r['draw']:6.1f} {r['encode']:6.1f} "
                f"{r['total']:6.1f} {r['flat']:7.1f} {r['blank']:6.1f} "
                f"{r['total'] / r['flat']:6.2f} {r['before']:6.1f} {r['before'] / r['flat']:6.2f} "
                f"{r['kb']:5.0f} {r['kb before']:6.0f}"
            )
    budget = sum(cache.budget for cache in bounded.ALL) / bounded.MB
    print(
        f"renderer caches: {bounded.held_bytes() / bounded.MB:.1f} MB held (budget {budget:.0f} MB)"
    )
    many = cache_bytes_after_many_names() / bounded.MB
    print(f"after 500 Tonga Bonga pictures with new names: {many:.1f} MB held")
    print(
        "ms are medians over a seeded playout's positions; ratio: total / flat L1 (the same "
        "picture as an RGB PNG at level 1); before: drawing + the adaptive quantize it replaced."
    )


if __name__ == "__main__":
    main(sys.argv[1:])
