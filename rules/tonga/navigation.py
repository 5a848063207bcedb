"""Tonga Bonga's step 3, navigation: a ship sails one space per move on the points its crew
dice give, meets the special tiles and the ghost ship, and may camp on entering a harbour.

Costs: 1 per free small space or per harbour (a large space ships share), 2 to pass through a
small space holding a ship, which is allowed only when a further step is possible from there
(games.md). A wind gives its points once per ship per turn; sunken treasure pays where the turn
ends; a treasure map is taken on entering and pays at its island; the first space next to the
ghost ship in a turn costs 3 coins per die aboard, paid to the dice owners.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from i18n.text import TN, T, Text, joined
from rules.tonga.common import (
    Draft,
    acting,
    acting_in,
    camps_left,
    gain,
    island_name,
    paid_to,
    transfer,
    where,
    who,
)
from rules.tonga.map import (
    DOLPHIN_SPACES,
    HARBOURS,
    HOME,
    NEIGHBOURS,
    SPACE_NAMES,
    SPACES,
)
from rules.tonga.state import (
    CAMPS,
    CAMPS_PER_PLAYER,
    FEES_PAID,
    FEES_RECEIVED,
    GHOST_PAID,
    GHOST_RECEIVED,
    TREASURES,
    Action,
    Camp,
    End,
    Step,
    TongaState,
)
from rules.tonga.tiles import GHOST_WAGE, TILE_BY_KEY, Kind
from rules.tonga.wages import end_round, pay_wages

CAMP_INCOME = 25
CAMP_FEE = 5
DOLPHIN_INDEX: dict[int, int] = {space: i for i, space in enumerate(DOLPHIN_SPACES)}
STEPS: tuple[Step, ...] = tuple(Step(space) for space in range(SPACES))
# Neighbours as sets: entering a space next to the ghost ship costs its extra wages.
NEIGHBOURS_SET: tuple[frozenset[int], ...] = tuple(frozenset(n) for n in NEIGHBOURS)


def navigation_moves(state: TongaState) -> tuple[Action, ...]:
    """The acting ship's moves: its legal steps, then `camp` and `end` when allowed."""
    moves: list[Action] = [STEPS[space] for space in steps(state)]
    if state.may_camp:
        moves.append(Camp())
    if not state.passing:
        moves.append(End())
    return tuple(moves)


def steps(state: TongaState) -> list[int]:
    """The spaces the acting ship may enter now."""
    return legal_steps(state.ships, acting(state), state.mp, state.tiles, state.winds, state.ghost)


def navigation_refusal(state: TongaState, seat: int, move: Step | Camp | End) -> Text | None:
    """Why a navigation move is illegal now, or None if it is legal (the phase is navigation)."""
    if isinstance(move, Camp):
        if state.may_camp:
            return None
        here = state.ships[seat]
        if here < HARBOURS and here != HOME and seat in state.camps[here]:
            return T("You already have a camp on {island}.", island=island_name(here))
        if here < HARBOURS and here != HOME and camps_left(state, seat) == 0:
            return T("All four of your camps are set up.")
        return T(
            "You may camp only right after entering the harbour of an island other than "
            "{home} (a ship that starts its turn in a harbour must leave and come back).",
            home=island_name(HOME),
        )
    if isinstance(move, End):
        if state.passing:
            return T("Your ship is passing through another ship's space and may not stop there.")
        return None
    here = state.ships[seat]
    target = move.space
    if not 0 <= target < SPACES:
        return T("There is no sea space number {number}.", number=target)
    name = SPACE_NAMES[target]
    if target not in NEIGHBOURS[here]:
        if target < HARBOURS:
            return T(
                "The {island} harbour is not next to your ship at {here}: "
                "move one space at a time.",
                island=island_name(target),
                here=where(here),
            )
        return T(
            "{space} is not next to your ship at {here}: move one space at a time.",
            space=name,
            here=where(here),
        )
    if target == state.ghost:
        return T("The ghost ship lies on {space}: no ship may enter it.", space=name)
    if state.mp < 1:
        return T("You have no movement points left.")
    if target < HARBOURS or target not in state.ships or target in steps(state):
        return None
    if state.mp < 3:
        return T(
            "A ship lies on {space}: passing through costs 2 points and needs a further step, "
            "but you have only {points}.",
            space=name,
            points=state.mp,
        )
    return T(
        "A ship lies on {space} and there would be no further step from it: you cannot pass.",
        space=name,
    )


# -- effects ---------------------------------------------------------------------------------------
def start_navigation_turn(d: Draft) -> None:
    """The next board's ship navigates on the sum of its dice (its turn ends if it cannot move)."""
    seat = acting_in(d)
    d["mp"] = sum(die.value for die in d["crews"][seat])
    d["path"] = (d["ships"][seat],)
    d["winds"] = ()
    d["ghost_paid"] = False
    d["passing"] = False
    d["may_camp"] = False
    d["events"].append(
        TN(
            "{seat} navigates with {count} movement point.",
            "{seat} navigates with {count} movement points.",
            d["mp"],
            seat=who(seat),
        )
    )
    if not steps_in(d):
        end_navigation_turn(d)


def step(d: Draft, seat: int, space: int) -> None:
    """Sail into ``space``: pay its cost, then its tile, the ghost ship and the harbour act."""
    ships = d["ships"]
    passing = space >= HARBOURS and any(
        ship == space for other, ship in enumerate(ships) if other != seat
    )
    d["mp"] -= 2 if passing else 1
    d["passing"] = passing
    d["may_camp"] = False
    d["ships"] = (*ships[:seat], space, *ships[seat + 1 :])
    d["path"] = (*d["path"], space)
    index = DOLPHIN_INDEX.get(space)
    if index is not None and d["tiles"][index] is not None:
        tile = TILE_BY_KEY[d["tiles"][index]]
        if tile.kind is Kind.WIND and index not in d["winds"]:
            d["mp"] += tile.value
            d["winds"] = (*d["winds"], index)
            d["events"].append(T("Wind: +{value} movement points.", value=tile.value))
        elif tile.kind is Kind.MAP:
            maps = list(d["maps"])
            maps[seat] = (*maps[seat], tile.key)
            d["maps"] = tuple(maps)
            d["tiles"] = _without(d["tiles"], index)
            d["events"].append(
                T(
                    "{seat} takes the treasure map to {island}.",
                    seat=who(seat),
                    island=island_name(tile.target),
                )
            )
    d["events"].append(points_left(d["mp"]))
    _ghost_wages(d, seat, space)
    if space < HARBOURS:
        _arrive(d, seat, space)
    # The turn ends by itself once nothing is left to decide.
    if not d["passing"] and not d["may_camp"] and not steps_in(d):
        end_navigation_turn(d)


def camp(d: Draft, seat: int) -> None:
    """Set up a camp where the ship is: +25 from the bank, then 5 to each other camp there."""
    island = d["ships"][seat]
    others = d["camps"][island]
    camps = list(d["camps"])
    camps[island] = (*others, seat)
    d["camps"] = tuple(camps)
    d["may_camp"] = False
    gain(d, seat, CAMP_INCOME, CAMPS)
    fees = [
        paid_to(transfer(d, seat, other, CAMP_FEE, FEES_PAID, FEES_RECEIVED), other)
        for other in others
    ]
    if fees:
        d["events"].append(
            T(
                "+{income} from the bank, pays {fees}.",
                income=CAMP_INCOME,
                fees=joined(fees, ", "),
            )
        )
    else:
        d["events"].append(T("+{income} from the bank.", income=CAMP_INCOME))
    if not steps_in(d):
        end_navigation_turn(d)


def end_navigation_turn(d: Draft) -> None:
    """Sunken treasure where the ship stops; then the next ship, or steps 4 and the round's end."""
    seat = acting_in(d)
    here = d["ships"][seat]
    index = DOLPHIN_INDEX.get(here)
    if index is not None and d["tiles"][index] is not None:
        tile = TILE_BY_KEY[d["tiles"][index]]
        if tile.kind is Kind.TREASURE:
            gain(d, seat, tile.value, TREASURES)
            d["tiles"] = _without(d["tiles"], index)
            d["events"].append(
                T("{seat} ends on sunken treasure: +{value}.", seat=who(seat), value=tile.value)
            )
    d["may_camp"] = False
    d["passing"] = False
    d["mp"] = 0
    d["turn"] += 1
    if d["turn"] < d["players"]:
        start_navigation_turn(d)
        return
    pay_wages(d)
    end_round(d)


@cache
def points_left(mp: int) -> Text:
    """The event telling the points a ship has left ("3 movement points left."): one per step,
    so each is made once (a Text never changes) and playouts pay nothing for it."""
    return TN("{count} movement point left.", "{count} movement points left.", mp)


# -- the step rules, shared with the route search (routes.py) and the playout policy -------------
def steps_in(d: Draft) -> list[int]:
    """The spaces the acting ship of a draft may enter now (as ``steps`` for a state)."""
    return legal_steps(d["ships"], acting_in(d), d["mp"], d["tiles"], d["winds"], d["ghost"])


def wind_gain(tiles: Sequence[str | None], winds: tuple[int, ...], space: int) -> int:
    """The wind points entering ``space`` would still give this turn (``winds``: used ones)."""
    index = DOLPHIN_INDEX.get(space)
    if index is None or index in winds:
        return 0
    key = tiles[index]
    if key is None:
        return 0
    tile = TILE_BY_KEY[key]
    return tile.value if tile.kind is Kind.WIND else 0


# The latest answer of ``legal_steps``: a step asks it to see whether the turn goes on, and the
# next decision asks it again of the same position. Keyed by the identity of the ships, tiles
# and winds tuples, which the entry keeps alive (so no identity is reused), and by the numbers.
# The entry is one immutable tuple, read and replaced whole (threads may share this module).
_StepsEntry = tuple[
    tuple[int, ...] | None,  # ships
    tuple[str | None, ...] | None,  # tiles
    tuple[int, ...] | None,  # winds
    int,  # seat
    int,  # mp
    int,  # ghost
    tuple[int, ...],  # the answer
]
_last_steps: _StepsEntry = (None, None, None, -1, -1, -1, ())


def legal_steps(
    ships: tuple[int, ...],
    seat: int,
    mp: int,
    tiles: tuple[str | None, ...],
    winds: tuple[int, ...],
    ghost: int,
) -> list[int]:
    """The spaces the ship of ``seat`` may enter with ``mp`` points: not the ghost ship, and an
    occupied small space only when it can pay 2 and still take a further step from there."""
    global _last_steps
    if mp <= 0:
        return []
    known = _last_steps
    if (
        known[0] is ships
        and known[1] is tiles
        and known[2] is winds
        and known[3] == seat
        and known[4] == mp
        and known[5] == ghost
    ):
        return list(known[6])
    out = _legal_steps(ships, seat, mp, tiles, winds, ghost)
    _last_steps = (ships, tiles, winds, seat, mp, ghost, tuple(out))
    return out


def _legal_steps(
    ships: tuple[int, ...],
    seat: int,
    mp: int,
    tiles: tuple[str | None, ...],
    winds: tuple[int, ...],
    ghost: int,
) -> list[int]:
    out = []
    # A neighbour listed in ``ships`` holds another ship (ours is not next to itself).
    for space in NEIGHBOURS[ships[seat]]:
        if space == ghost:
            continue
        if space >= HARBOURS and space in ships:
            left = mp - 2
            if left < 0:
                continue
            occupied = {s for o, s in enumerate(ships) if o != seat and s >= HARBOURS}
            gust = wind_gain(tiles, winds, space)
            used = (*winds, DOLPHIN_INDEX[space]) if gust else winds
            if not _can_sail_on(space, left + gust, occupied, tiles, used, ghost):
                continue
        out.append(space)
    return out


# -- private helpers -------------------------------------------------------------------------------
def _can_sail_on(
    space: int,
    mp: int,
    occupied: set[int],
    tiles: Sequence[str | None],
    winds: tuple[int, ...],
    ghost: int,
) -> bool:
    """Whether a ship passing through ``space`` with ``mp`` points left can take a next step."""
    for other in NEIGHBOURS[space]:
        if other == ghost:
            continue
        if other not in occupied:
            if mp >= 1:
                return True
        elif mp >= 2:  # 2 to pass it too; its wind may pay for the step beyond
            gust = wind_gain(tiles, winds, other)
            used = (*winds, DOLPHIN_INDEX[other]) if gust else winds
            if _can_sail_on(other, mp - 2 + gust, occupied, tiles, used, ghost):
                return True
    return False


def _ghost_wages(d: Draft, seat: int, space: int) -> None:
    """The first space next to the ghost ship in a turn: 3 coins per die to the dice owners."""
    if d["ghost_paid"] or d["ghost"] < 0 or space not in NEIGHBOURS_SET[d["ghost"]]:
        return
    d["ghost_paid"] = True
    paid = []
    forgiven = 0
    for die in d["crews"][seat]:
        amount = transfer(d, seat, die.owner, GHOST_WAGE, GHOST_PAID, GHOST_RECEIVED)
        forgiven += GHOST_WAGE - amount
        paid.append(paid_to(amount, die.owner))
    wages = joined(paid, ", ") if paid else T("no crew")
    if forgiven:
        d["events"].append(
            TN(
                "Next to the ghost ship: {seat} pays extra wages: {wages}; the other {count} "
                "coin is forgiven (no money left).",
                "Next to the ghost ship: {seat} pays extra wages: {wages}; the other {count} "
                "coins are forgiven (no money left).",
                forgiven,
                seat=who(seat),
                wages=wages,
            )
        )
    else:
        d["events"].append(
            T(
                "Next to the ghost ship: {seat} pays extra wages: {wages}.",
                seat=who(seat),
                wages=wages,
            )
        )


def _arrive(d: Draft, seat: int, harbour: int) -> None:
    """Entering a harbour: treasure maps to it pay; home may end the game; else camp may follow."""
    held = d["maps"][seat]
    for key in held:
        tile = TILE_BY_KEY[key]
        if tile.target == harbour:
            gain(d, seat, tile.value, TREASURES)
            maps = list(d["maps"])
            maps[seat] = tuple(k for k in maps[seat] if k != key)
            d["maps"] = tuple(maps)
            d["events"].append(
                T(
                    "{seat} follows the treasure map to {island}: +{value}.",
                    seat=who(seat),
                    island=island_name(harbour),
                    value=tile.value,
                )
            )
    placed = _camps_placed(d["camps"], seat)
    if harbour == HOME:
        if placed == CAMPS_PER_PLAYER:
            if not d["ending"]:
                d["events"].append(
                    T("{seat} is home with four camps: this round is the last.", seat=who(seat))
                )
            d["ending"] = True
            if seat not in d["home"]:
                d["home"] = (*d["home"], seat)
        return
    if seat not in d["camps"][harbour] and placed < CAMPS_PER_PLAYER:
        d["may_camp"] = True


def _camps_placed(camps: tuple[tuple[int, ...], ...], seat: int) -> int:
    return sum(seat in camp for camp in camps)


def _without(tiles: tuple[str | None, ...], index: int) -> tuple[str | None, ...]:
    return (*tiles[:index], None, *tiles[index + 1 :])
