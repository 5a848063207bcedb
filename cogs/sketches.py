"""Board pictures drawn ahead: a move's picture starts while the move is being saved.

Drawing the board is most of the time between a move and its post. So the picture starts as
early as what it shows is known: a move's board the moment the move is applied, before its
transaction (the service's ``foresee_board``: the picture and the save run side by side); the
board of any other action's post the moment the answer to the action knows what it announces
(``Dispatcher.settle`` reads the entries it wrote). The outbox claims the entry meanwhile, and
the herald, composing the post, takes that picture instead of drawing it again.

A sketch is only a head start, never a source of truth: the herald uses it only when it was
drawn from what the picture is a pure function of, the same as the post's: an equal state,
the same names, file name (the match and version) and language, and the very match row where
the picture's words depend on it (a game whose renderer has no alt text of its own: its alt
text names whose turn it is from the row). Anything else is discarded and drawn afresh; so is
a sketch of a move whose save failed (another move was saved first: its state differs), and
one that failed (``RenderFailed`` too: the post's own drawing fails as it must, and the outbox
tries the entry again later). A board that depends on the row is not drawn before the save
(the row is known only once saved). Sketches are few and short-lived: at most ``MOST`` wait,
the oldest goes first, and one is taken (or dropped) by the delivery of its entry. Rows are
still claimed and marked by the outbox alone: exactly once does not depend on sketches.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from data.store import MatchRow
from table.match import Match

log = logging.getLogger("tidetable.sketches")

MOST = 32  # sketches waiting at once (each holds a picture's bytes)

Key = tuple[int, int]  # (match id, version)


@dataclass(frozen=True)
class Drawn:
    """A picture of ``state`` naming ``names``, as ``filename``, its words in ``language``;
    ``row``: the match row it was drawn from, when the picture depends on more than the
    state (None: on the state alone)."""

    state: Any
    names: tuple[str | None, ...]
    filename: str
    file: discord.File
    language: str = "en"
    row: MatchRow | None = None

    def fits(
        self, match: Match, names: Sequence[str | None], filename: str, language: str = "en"
    ) -> bool:
        """Whether this is the picture of exactly that match, names, file name and language."""
        return (
            self.filename == filename
            and self.language == language
            and self.names == tuple(names)
            and (self.row is None or self.row == match.row)
            and _same(self.state, match.state)
        )


class Sketches:
    """The pictures drawn ahead, by (match id, version); on one event loop."""

    def __init__(self, most: int = MOST) -> None:
        self.most = most
        self._waiting: OrderedDict[Key, asyncio.Task[Drawn | None]] = OrderedDict()
        self.used = 0  # sketches a post was sent with (for tests and the bench)
        self.discarded = 0  # dropped: drawn from anything else, failed, or one too many

    def __len__(self) -> int:
        return len(self._waiting)

    def start(
        self, match_id: int, version: int, draw: Callable[[], Coroutine[Any, Any, Drawn | None]]
    ) -> None:
        """Begin drawing ``draw()``: the picture of the match at ``version`` (None when it
        finds nothing to draw). A sketch already begun for that match and version is kept."""
        key = (match_id, version)
        if key in self._waiting:
            return
        task = asyncio.get_running_loop().create_task(draw(), name=f"sketch-{match_id}-{version}")
        task.add_done_callback(_quiet)  # a sketch nobody takes may fail unseen
        self._waiting[key] = task
        while len(self._waiting) > self.most:
            _, oldest = self._waiting.popitem(last=False)
            self._drop(oldest)

    async def take(
        self, match: Match, names: Sequence[str | None], filename: str, language: str = "en"
    ) -> discord.File | None:
        """The picture drawn ahead for exactly this match, names and file name, or None (then
        the caller draws it). A sketch of the match at that version drawn from anything else
        is discarded, and so is one that failed, whatever the failure: it may have been drawn
        from a move whose save failed (the caller's own drawing fails as it must, should the
        pictures be failing)."""
        task = self._waiting.pop((match.id, match.version), None)
        if task is None:
            return None
        try:
            drawn = await task
        except Exception:
            self.discarded += 1
            log.debug("a picture drawn ahead failed; drawing it again", exc_info=True)
            return None
        if drawn is None or not drawn.fits(match, names, filename, language):
            self.discarded += 1
            if drawn is not None:
                drawn.file.close()
            return None
        self.used += 1
        return drawn.file

    def clear(self) -> None:
        while self._waiting:
            _, task = self._waiting.popitem()
            self._drop(task)

    def _drop(self, task: asyncio.Task[Drawn | None]) -> None:
        self.discarded += 1
        task.cancel()  # a picture being drawn in a thread or a worker finishes unseen
        if task.done() and not task.cancelled() and task.exception() is None:
            drawn = task.result()
            if drawn is not None:
                drawn.file.close()


def _same(drawn: object, composed: object) -> bool:
    """The very state, or an equal one (a finished match is read back from its row)."""
    if drawn is composed:
        return True
    try:
        return bool(drawn == composed)
    except Exception:  # a state that cannot be compared is not known to be the same
        return False


def _quiet(task: asyncio.Task[Drawn | None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.debug("a picture drawn ahead failed: %r", task.exception())
