"""Computer seats: who they are and when they must think. Knows no Discord and no search.

A computer seat is stored like a player, under a negative user id that says its level and
which bot of the match it is (-101 is the first easy bot, -203 the third normal one): every
table keeps working unchanged, and no Discord user can have such an id. When a change leaves a
computer seat to decide, the change writes a "think" announcement for it into the outbox, due
after a short pause; delivering it runs the search and plays the move through the same service
path as a person's (checked, saved, announced). A crash before it is played leaves the entry
pending, so the seat thinks again after the restart; a decision already played makes it stale.

The same computer player, at ``TABLE_LEVEL``, takes over a person's seat that the table plays
(after three timeouts in a row, or a resignation with three or more players: see
``table/turns.py``): its decisions are "think" entries too, marked ``table``, and its moves are
announced as the table's, naming the person whose seat it is. ``rejoin`` gives the seat back,
and a think entry still pending for it then finds nothing to do.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from data.store import Announcement
from rules.base import AnyGame, GameSpec
from rules.errors import PlayerError

LEVELS = ("easy", "normal", "hard")
THINK_PAUSE = 2.0  # seconds: a readable pause before a computer seat plays
# The level of the computer player that takes over a seat the table plays: a fair stand-in
# for the others (it keeps the game going as a reasonable player would) at a short decision.
TABLE_LEVEL = "normal"


class ComputersRefused(PlayerError):
    """``new bots:<n>`` asked for seats the game cannot give: nothing is created."""


def check_computers(spec: GameSpec, count: int, level: str) -> None:
    """Refuse, before a lobby exists, ``count`` computer seats of ``level`` at creation: the
    creator keeps a seat, so at most ``max_players - 1`` computers."""
    if level not in LEVELS:
        raise ComputersRefused(f"Choose a level: {', '.join(LEVELS)}.")
    if count < 0:
        raise ComputersRefused("The number of computer players cannot be negative.")
    most = spec.max_players - 1
    if count > most:
        raise ComputersRefused(
            f"{spec.name} seats at most {spec.max_players} players and one seat stays yours: "
            f"choose at most {most} bot{'s' if most != 1 else ''}."
        )


def computer_id(level: str, number: int) -> int:
    """The user id of the ``number``-th computer seat (1-based) of ``level`` in a match."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return -(100 * (LEVELS.index(level) + 1) + number)


def is_computer(user_id: int) -> bool:
    return user_id < 0


def level_of(user_id: int) -> str:
    return LEVELS[(-user_id) // 100 - 1]


def computer_name(user_id: int) -> str:
    """How texts name a computer seat: "Bot (normal)"."""
    return f"Bot ({level_of(user_id)})"


def next_computer(players: Sequence[int], level: str) -> int:
    """A new computer seat's id: numbered after every computer already in the match."""
    number = 1 + sum(1 for u in players if is_computer(u))
    return computer_id(level, number)


def thinking(
    game: AnyGame,
    state: Any,
    players: Sequence[int],
    version: int,
    pause: float = THINK_PAUSE,
    table: Iterable[int] = (),
) -> list[Announcement]:
    """A "think" entry for each computer seat, and each seat the table plays (``table``), that
    must decide in ``state`` (at ``version``)."""
    if state is None or game.outcome(state) is not None:
        return []
    taken = set(table)
    entries = []
    for seat in game.to_act(state):
        if is_computer(players[seat]):
            entries.append(Announcement("think", {"seat": seat, "version": version}, delay=pause))
        elif seat in taken:
            payload = {"seat": seat, "version": version, "table": True}
            entries.append(Announcement("think", payload, delay=pause))
    return entries
