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
from i18n.text import NC_, TN, T, Text, joined
from rules.base import AnyGame, GameSpec
from rules.errors import PlayerError

LEVELS = ("easy", "normal", "hard")
# The levels as people read them (the keys above are what commands and the store say); the
# context keeps "normal" the level apart from any other "normal" a translator meets.
LEVEL_CONTEXT = "computer level"
LEVEL_NAMES = {
    "easy": NC_("computer level", "easy"),
    "normal": NC_("computer level", "normal"),
    "hard": NC_("computer level", "hard"),
}
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
        raise ComputersRefused(choose_level())
    if count < 0:
        raise ComputersRefused(T("The number of computer players cannot be negative."))
    most = spec.max_players - 1
    if count > most:
        raise ComputersRefused(
            TN(
                "{game} seats at most {players} players and one seat stays yours: "
                "choose at most {count} bot.",
                "{game} seats at most {players} players and one seat stays yours: "
                "choose at most {count} bots.",
                most,
                game=spec.name,
                players=spec.max_players,
            )
        )


def choose_level() -> Text:
    """The refusal of an unknown level, listing the levels as they are typed."""
    return T("Choose a level: {levels}.", levels=joined(LEVELS, ", "))


def level_name(level: str) -> Text:
    """A level as people read it ("normal"), said in their language."""
    return Text(LEVEL_NAMES[level], context=LEVEL_CONTEXT)


def computer_id(level: str, number: int) -> int:
    """The user id of the ``number``-th computer seat (1-based) of ``level`` in a match."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
    return -(100 * (LEVELS.index(level) + 1) + number)


def is_computer(user_id: int) -> bool:
    return user_id < 0


def level_of(user_id: int) -> str:
    return LEVELS[(-user_id) // 100 - 1]


def computer_name(user_id: int) -> Text:
    """How texts name a computer seat: "Bot (normal)", its level said in the reader's language."""
    # i18n: a computer player's name in texts; {level} is its level ("easy", "normal", "hard")
    return T("Bot ({level})", level=level_name(level_of(user_id)))


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
