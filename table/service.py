"""The match service: users to seats, the match lifecycle, and moves. Knows no Discord.

Every call takes plain ids (guild, channel, user) and returns plain data, or raises a
``PlayerError`` whose message the caller may show as it is. A move is: find the channel's match,
map the user to a seat, parse and apply it with the game's rules, then save the new state, its
log entry and what must be announced about it (the outbox) in one version-checked transaction.
A per-match lock keeps moves in one process in order; the version check keeps them honest across
processes. What a change must announce is decided here, as data (``Announcement``); the Discord
layer chooses the words when it delivers them.

The service is one class made of its jobs: finding, decoding and locking matches
(``table/core.py``), the lobby (``table/lobby.py``), moves (``table/moves.py``) and endings
(``table/endings.py``); the turn clock (``table/turns.py``) stands beside it on the same ground.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping

from data.store import Store
from rules.base import AnyGame
from table.computers import THINK_PAUSE
from table.endings import Endings
from table.lobby import Lobby
from table.moves import Moves
from table.turns import Turns


class MatchService(Lobby, Moves, Endings):
    """The lifecycle and moves of every match, over a Store and the registered games."""

    def __init__(
        self,
        store: Store,
        games: Mapping[str, AnyGame],
        new_seed: Callable[[], int] = lambda: secrets.randbits(48),
        computer_pause: float = THINK_PAUSE,
    ) -> None:
        super().__init__(store, games, new_seed, computer_pause)
        self.turns = Turns(self)  # clocks, timeouts, seats the table plays (table/turns.py)
