"""A rematch: the same table again, one click from a finished match's final post.

A player of the finished match opens a new lobby in the same place with the same options and
clock, seats the same computer players (same levels), and the lobby lists the other people of
the old table as invited: each joins with its Join button, and the one who asked starts it as
usual. The seat order is the old one turned by one (who sat second sits first), stored with
the lobby as the table option ``seating`` and honoured by the start (``table.lobby``) for
whoever of those joined; anyone else who joined sits after them.
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n.text import T
from table.computers import computer_id, is_computer, level_of
from table.errors import LobbyError, NoMatchHere, NotAPlayer
from table.lobby import SEATING, Lobby
from table.match import Done, Match
from table.turnclock import CLOCKS


def rotated_seating(players: Sequence[int]) -> list[int]:
    """The old seat order turned by one, each computer seat under the id the new lobby gives
    it (computers are seated in the old seat order, numbered from 1 by ``next_computer``)."""
    renamed: list[int] = []
    number = 0
    for user in players:
        if is_computer(user):
            number += 1
            renamed.append(computer_id(level_of(user), number))
        else:
            renamed.append(user)
    return renamed[1:] + renamed[:1]


def clock_choice(seconds: int) -> str:
    """The clock choice of a match's clock length ("default" for one no longer offered)."""
    return next((name for name, length in CLOCKS.items() if length == seconds), "default")


async def rematch(service: Lobby, old: Match, user_id: int, *, guild_id: int | None) -> Done:
    """The rematch of ``old`` asked for by ``user_id``, who becomes its creator, from a click
    on the server ``guild_id`` (None: a DM): only on the server the match was played on, as
    every look at a match."""
    if old.row.guild_id != guild_id:
        raise NoMatchHere(T("Match #{id} was not played on this server.", id=old.id))
    if old.status != "finished":
        raise LobbyError(
            T("Match #{id} is not finished: a rematch follows a finished match.", id=old.id)
        )
    if user_id not in old.players or is_computer(user_id):
        raise NotAPlayer(T("Only a player of match #{id} can ask for its rematch.", id=old.id))
    options = {k: v for k, v in old.options.items() if k != SEATING}
    seating = rotated_seating(old.players)
    options[SEATING] = ",".join(str(u) for u in seating)
    # The lobby and its computer players in one transaction: a crash cannot leave the
    # rematch without them (they keep the ids the seat order names).
    return await service.create(
        old.row.game,
        old.row.guild_id,
        old.row.channel_id,
        user_id,
        options,
        clock_choice(old.row.clock),
        # seated in the old order, as the seat order numbered them (the last seat came first)
        computers=[user for user in [*seating[-1:], *seating[:-1]] if is_computer(user)],
    )
