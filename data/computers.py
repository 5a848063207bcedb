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
``data/turns.py``): its decisions are "think" entries too, marked ``table``, and its moves are
announced as the table's, naming the person whose seat it is. ``rejoin`` gives the seat back,
and a think entry still pending for it then finds nothing to do.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ai.publiclog import public_log
from data import history
from data.store import Announcement
from rules import rng
from rules.base import Game, GameSpec
from rules.errors import PlayerError

if TYPE_CHECKING:
    from data.matches import Done, Match, MatchService, MoveResult

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


async def seat_computers(
    service: MatchService, opened: Done, creator_id: int, level: str, count: int
) -> Done:
    """Seat ``count`` computer players of ``level`` in the lobby ``opened`` just made, one by one
    through the same service path as `addbot` (each a lobby change of its own, announced)."""
    done = opened
    entries = list(opened.entries)
    for _ in range(count):
        done = await service.add_computer(
            done.match.row.channel_id, done.match.row.game, creator_id, level
        )
        entries += done.entries
    return dataclasses.replace(done, entries=tuple(entries))


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
    game: Game,
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


def thinker_level(match: Match, seat: int) -> str | None:
    """The level of the computer player deciding for ``seat`` now: its own for a computer seat,
    ``TABLE_LEVEL`` for a person's seat the table plays, None for a seat a person plays."""
    user = match.user_at(seat)
    if is_computer(user):
        return level_of(user)
    if seat in match.row.table_seats():
        return TABLE_LEVEL
    return None


# How a computer player is asked for a move: (level, seed, game key, the seat's view, seat,
# the public log) -> the move's text. The bot's runs the search in its process pool.
Decide = Callable[[str, int, str, Any, int, Sequence[tuple[int, str]]], Awaitable[str]]


async def take_turn(
    service: MatchService, match_id: int, seat: int, version: int, decide: Decide | None
) -> MoveResult | None:
    """Deliver a "think" entry: the computer player of ``seat`` decides on the board at
    ``version`` from what the seat may know (its view and the public log of the moves that
    stand, never the state) and plays through the service like a person. None when there is
    nothing to do any more: the match moved on or ended, or the seat is a person's again
    (``rejoin``). The decision's random stream comes from the match's seed, the seat and the
    version: a replay decides the same. Raises ``StaleMove`` when a change landed while it
    thought, and ``PlayerError`` when the move it chose is refused (the caller falls back to
    the playout policy, then to ``decide=None``: a seeded pick among the legal moves, so a
    match never stalls on a computer seat)."""
    match = await service.by_id(match_id)
    if match.version != version or match.status != "active":
        return None
    level = thinker_level(match, seat)
    if level is None or seat not in match.game.to_act(match.state):
        return None
    key = match.row.game
    seed = decision_seed(match.row.seed, seat, version)
    if decide is None:  # the last resort: a seeded pick among the seat's legal moves
        legal = match.game.legal_moves(match.state, seat)
        text = match.game.format(match.state, legal[rng.below(rng.stream(seed, "any"), len(legal))])
    else:
        view = match.game.view(match.state, seat)
        moves = await service.store.moves(match.id)
        seen = public_log(key, [(m.seat, m.move) for m in history.effective_moves(moves)])
        text = await decide(level, seed, key, view, seat, seen)
    return await service.move_for_computer(match.id, seat, text, version)


def decision_seed(match_seed: int, seat: int, version: int) -> int:
    """The seed of a computer seat's decision at ``version``."""
    return rng.below(rng.stream(match_seed, f"computer:{seat}:{version}"), 2**48)
