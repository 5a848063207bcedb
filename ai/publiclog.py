"""The public log a computer player reads: ``(seat, move text)`` from the start of the match,
with each secret written out of the text (Toshi Tōshi's face-down builds lose their card).

The match service stores every move's full text; this is the one place that turns it into what
every seat may read, so the bot and the arena hand players the same kind of log.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.toshi.sample import public_text as toshi_public_text

PublicLog = tuple[tuple[int, str], ...]

_REDACT = {"toshi": toshi_public_text}


def public_entry(game_key: str, seat: int, text: str) -> tuple[int, str]:
    """One log entry as every seat may read it."""
    redact = _REDACT.get(game_key)
    return (seat, redact(text) if redact else text)


def public_log(game_key: str, entries: Iterable[tuple[int, str]]) -> PublicLog:
    """The whole log as every seat may read it (resignations and cancels left out)."""
    return tuple(
        public_entry(game_key, seat, text)
        for seat, text in entries
        if text not in ("resign", "cancel")
    )


def extended(log: Sequence[tuple[int, str]], game_key: str, seat: int, text: str) -> PublicLog:
    return (*log, public_entry(game_key, seat, text))
