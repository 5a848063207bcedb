"""What a picture worker may be told to run in tests (module level, so a worker process can
import it): a picture that kills its worker once, or never ends."""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Any

from PIL import Image

from cogs.pictures import Renderer, png_of


def dies_once(
    marker: str, renderer: Renderer, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> bytes:
    """The first picture (no ``marker`` file yet) kills its worker outright; later ones are
    drawn as usual."""
    path = Path(marker)
    if not path.exists():
        path.write_text("died")
        os._exit(1)
    return png_of(renderer, args, kwargs)


def hangs_when_armed(
    arm: str, renderer: Renderer, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> bytes:
    """While the file ``arm`` says "armed", a picture never ends (a stuck worker, whose id
    replaces "armed" in the file); otherwise it is drawn as usual."""
    path = Path(arm)
    if path.exists() and path.read_text() == "armed":
        path.write_text(str(os.getpid()))
        threading.Event().wait()
    return png_of(renderer, args, kwargs)


def noted(marker: str) -> Image.Image:
    """A picture that notes which process drew it (appends its id to ``marker``)."""
    with Path(marker).open("a") as out:
        out.write(f"{os.getpid()}\n")
    return Image.new("RGB", (2, 2))


def fails(reason: str) -> Image.Image:
    """A picture that cannot be drawn."""
    raise ValueError(reason)


def pid_and(value: int) -> tuple[int, int]:
    """Which process ran this, and ``value`` back (a longer drawing handed to a worker)."""
    return os.getpid(), value


def never_ends() -> None:
    """A longer drawing that never ends (a stuck worker)."""
    threading.Event().wait()


def slow(
    seconds: float, renderer: Renderer, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> bytes:
    """A picture that takes ``seconds`` longer than usual (a worker busy for a while)."""
    time.sleep(seconds)
    return png_of(renderer, args, kwargs)
