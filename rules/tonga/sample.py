"""Tonga Bonga determinisation for computer players: nothing is secret, but the dice are chance.

Every fact on the table is in the view (money, wages, ships, crews, camps, tiles, the roll in
hand, the movement points and path of the ship sailing); the sample takes them over and gets a
fresh seed, so every future roll and reroll is drawn anew instead of known. The few facts of the
current turn that the view does not list are rebuilt: the winds used and whether the ghost ship
was paid (from the path), whether the ship is passing or may camp (from where it lies), the
ships the acting seat placed dice on this crew turn and who reached home with four camps this
round (both from ``public_log``, the ``(seat, move text)`` entries from the start).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Sequence

from rules.tonga.common import FIRST_REROLL_COST
from rules.tonga.map import DOLPHIN_SPACES, HARBOURS, HOME
from rules.tonga.navigation import DOLPHIN_INDEX, NEIGHBOURS_SET
from rules.tonga.notation import format_move
from rules.tonga.state import (
    CAMPS_PER_PLAYER,
    SEAT_LETTERS,
    Phase,
    Step,
    TongaState,
    TongaView,
)
from rules.tonga.tiles import TILE_BY_KEY, Kind

SEED_RANGE = 2**53  # fresh seeds are drawn with random() alone (see rules/rng.py)
PLACE = re.compile(r"^place\s+\S+\s+(?:on\s+)?([a-d])$", re.IGNORECASE)
GO_HOME = format_move(Step(HOME))


def placed_ships(acting: int, public_log: Sequence[tuple[int, str]]) -> tuple[int, ...]:
    """The ships ``acting`` put a die on in its current crew turn (the log's last entries)."""
    ships: list[int] = []
    for seat, text in reversed(public_log):
        if seat != acting:
            break
        found = PLACE.match(text.strip())
        if found:
            ships.append(SEAT_LETTERS.index(found.group(1).upper()))
    return tuple(reversed(ships))


def home_with_four(players: int, public_log: Sequence[tuple[int, str]]) -> tuple[int, ...]:
    """The seats that sailed home with four camps in the latest round of the log."""
    camps = [0] * players
    home: list[int] = []
    wages_before = False
    for seat, text in public_log:
        words = text.strip().lower()
        is_wages = words.startswith("wages")
        if is_wages and not wages_before:
            home = []  # a new round begins with the first wages of it
        wages_before = is_wages
        if words == "camp":
            camps[seat] += 1
        elif words == GO_HOME and camps[seat] == CAMPS_PER_PLAYER and seat not in home:
            home.append(seat)
    return tuple(home)


def prepare(
    view: TongaView, seat: int, public_log: Sequence[tuple[int, str]]
) -> Callable[[random.Random], TongaState]:
    """A sampler of states consistent with ``view``: equal but for the seed (the future dice)."""
    players = view.players
    acting = view.acting[0] if view.acting else 0
    navigating = view.phase is Phase.NAVIGATION
    ghost = next((i for i, key in enumerate(view.tiles) if key == "ghost"), None)
    ghost_space = -1 if ghost is None else DOLPHIN_SPACES[ghost]
    entered = view.path[1:] if navigating else ()
    winds: list[int] = []
    for space in entered:
        index = DOLPHIN_INDEX.get(space)
        key = None if index is None else view.tiles[index]
        if key is not None and TILE_BY_KEY[key].kind is Kind.WIND and index not in winds:
            winds.append(index)  # type: ignore[arg-type]
    ghost_paid = ghost_space >= 0 and any(s in NEIGHBOURS_SET[ghost_space] for s in entered)
    here = view.ships[acting]
    passing = (
        navigating
        and here >= HARBOURS
        and any(ship == here for other, ship in enumerate(view.ships) if other != acting)
    )
    camped = sum(acting in camp for camp in view.camps)
    may_camp = (
        navigating
        and bool(entered)
        and here < HARBOURS
        and here != HOME
        and acting not in view.camps[here]
        and camped < CAMPS_PER_PLAYER
    )
    placed = placed_ships(acting, public_log) if view.phase is Phase.CREW else ()
    home = home_with_four(players, public_log) if view.ending else ()
    fields = {
        "players": players,
        "round": view.round,
        "phase": view.phase,
        # Over, the last navigation turn has counted past the last board.
        "turn": players if not view.acting else (acting - (view.round - 1)) % players,
        "money": tuple(line.money for line in view.seats),
        "wages": view.wages,
        "ships": view.ships,
        "crews": view.crews,
        "camps": view.camps,
        "tiles": view.tiles,
        "ghost": ghost_space,
        "maps": tuple(line.maps for line in view.seats),
        "roll": view.roll,
        "rerolls": view.reroll_cost - FIRST_REROLL_COST,
        "placed": placed,
        "mp": view.mp,
        "path": view.path,
        "winds": tuple(winds),
        "ghost_paid": ghost_paid,
        "passing": passing,
        "may_camp": may_camp,
        "home": home,
        "ending": view.ending,
        "ledger": view.ledger,
        "last": view.last,
        "events": (),  # what followed the last move was said in the channel; no rule reads it
    }

    def sample(draw: random.Random) -> TongaState:
        return TongaState(seed=int(draw.random() * SEED_RANGE), **fields)

    return sample


def sample_state(
    view: TongaView, seat: int, public_log: Sequence[tuple[int, str]], draw: random.Random
) -> TongaState:
    return prepare(view, seat, public_log)(draw)
