"""A picture drawn and encoded, and how long that took (``tidetable_picture_render_seconds``):
every picture the bot posts passes here, in the thread it is drawn in."""

from __future__ import annotations

import time
from collections.abc import Callable

from PIL import Image

from metrics.instruments import RENDER_SECONDS
from render.common import to_png


def rendered(kind: str, draw: Callable[[], Image.Image]) -> bytes:
    """``draw()`` as PNG bytes; the time it took is recorded under ``kind`` (a game's key, or
    the kind of chart)."""
    started = time.perf_counter()
    try:
        return to_png(draw())
    finally:
        RENDER_SECONDS.labels(kind).observe(time.perf_counter() - started)
