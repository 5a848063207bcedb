"""The bot's clock in a bot process, driven from the test: ``BotProcess(hooks=[CLOCK_HOOK],
env={CLOCK_FILE: path})``. Each incarnation reads the offset written in that file when it
starts (``set_offset`` writes it) and runs on the real time moved on by that many seconds: a
test restarts the bot "hours later" without waiting for them."""

from __future__ import annotations

import os
import time
from pathlib import Path

import discord

from data.clock import SystemClock

CLOCK_HOOK = "tests.support.clock_hooks:offset_clock"
CLOCK_FILE = "TIDETABLE_TEST_CLOCK_OFFSET_FILE"


class OffsetClock(SystemClock):
    """The real time, moved on by ``offset`` seconds."""

    def __init__(self, offset: float) -> None:
        self.offset = offset

    def now(self) -> float:
        return time.time() + self.offset


def set_offset(path: Path, seconds: float) -> None:
    """Make the bot processes started from now on run ``seconds`` ahead of the real time."""
    path.write_text(str(seconds))


def offset_clock(client: discord.Client) -> None:
    """Hook: run the bot on the real time moved on by the offset in ``CLOCK_FILE``'s file."""
    path = Path(os.environ[CLOCK_FILE])
    offset = float(path.read_text()) if path.exists() else 0.0
    clock = OffsetClock(offset)
    client.clock = clock  # type: ignore[attr-defined]  # read by setup_hook, which has not run
    client.people.clock = clock  # type: ignore[attr-defined]
