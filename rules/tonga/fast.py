"""A compact Tonga Bonga simulator for playouts (issue 13: 2,000 playouts a second).

The reference rules play a move on a dict draft of the state with its public texts (events, the
ledger, the move's notation) and freeze a new state; the policy (policy.py) plays each route
and placement on a scratch draft first. That is some 10 ms a game. This plays the same game on
plain lists inside one function, without texts or ledger, with the same policy: the same wage
draws, rerolls, random placements among ``placements_in``'s list, and greedy routes.

It is a second implementation of the same rules, so ``tests/rules/test_tonga_fast.py`` and
``tests/test_playout_identity.py`` play many seeded games both ways and require the same seats,
the same moves in the same order, the same draws and the same final money and winners.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rules import rng
from rules.tonga.common import FIRST_REROLL_COST
from rules.tonga.map import HARBOURS, HOME, ISLANDS, NEIGHBOURS, SPACES
from rules.tonga.navigation import (
    CAMP_FEE,
    CAMP_INCOME,
    DOLPHIN_INDEX,
    NEIGHBOURS_SET,
    STEPS,
    _can_sail_on,
    wind_gain,
)
from rules.tonga.policy import _distance_rows
from rules.tonga.state import (
    CAMPS_PER_PLAYER,
    DICE_PER_PLAYER,
    SEASICK,
    SHIP_SLOTS,
    Camp,
    End,
    Keep,
    Phase,
    Place,
    Places,
    Reroll,
    Route,
    TongaState,
    Wages,
)
from rules.tonga.tiles import GHOST_WAGE, TILE_BY_KEY, Kind
from rules.tonga.wages import RETURN_BONUS

# A playout's result: each seat's final money (its score, by seat), and the winners.
Result = tuple[tuple[int, ...], tuple[int, ...]]
WAGES, CREW, NAVIGATION, OVER = range(4)
_CODE = {Phase.WAGES: WAGES, Phase.CREW: CREW, Phase.NAVIGATION: NAVIGATION, Phase.OVER: OVER}
_CAMP, _END, _KEEP = Camp(), End(), Keep()
# Per tile key: (kind, value, target island), read at every dolphin space entered.
_TILES = {key: (tile.kind, tile.value, tile.target) for key, tile in TILE_BY_KEY.items()}
_WIND, _MAP, _TREASURE = Kind.WIND, Kind.MAP, Kind.TREASURE
_ISLANDS = range(1, len(ISLANDS))
# Per space, its dolphin index (where a special tile may lie), or -1.
_DOLPHIN = tuple(DOLPHIN_INDEX.get(space, -1) for space in range(SPACES))


def playout(
    state: TongaState,
    draw: random.Random,
    trace: list[tuple[int, Any]] | None = None,
    draw_single_seat: bool = True,
) -> Result:
    """The final money and winners of the game played on from ``state`` as the playouts play
    it: each move a seat drawn among ``to_act`` (always one seat here: the draw is made unless
    ``draw_single_seat`` is False), then ``policy.playout_move``'s move played whole. ``trace``
    (if given) receives each (seat, move) in turn, as the reference moves."""
    rand = draw.random
    players = state.players
    seed = state.seed
    rnd = state.round
    phase = _CODE[state.phase]
    turn = state.turn
    money = list(state.money)
    wages = list(state.wages)
    ships = list(state.ships)
    crews = [[(die.owner, die.value) for die in crew] for crew in state.crews]
    camps = [list(camp) for camp in state.camps]
    tiles = list(state.tiles)
    ghost = state.ghost
    maps = [list(held) for held in state.maps]
    roll = tuple(state.roll)
    rerolls = state.rerolls
    placed = list(state.placed)
    mp = state.mp
    winds = state.winds
    ghost_paid = state.ghost_paid
    passing = state.passing
    may_camp = state.may_camp
    home = list(state.home)
    ending = state.ending
    near_ghost = NEIGHBOURS_SET[ghost] if ghost >= 0 else frozenset()
    special = _specials(ghost)
    # Per seat, its camps as a bit per island: the key of its route plan.
    marks = [sum(1 << i for i in _ISLANDS if seat in camps[i]) for seat in range(players)]

    # The steps the rules take by themselves after a move, as flags the loop below follows in
    # turn: a crew turn to start, a navigation turn to start or end, the round's end.
    START_CREW, NEXT_CREW, START_NAV, END_NAV = 1, 2, 3, 4

    beside = _beside(ghost)
    # The dice: one generator, seeded anew for each roll exactly as ``rng.stream``.
    dice = rng.generator()
    throw = dice.random

    while True:
        # -- the acting seat and its move ------------------------------------------------------
        then = 0
        if phase == OVER:
            break
        seat = (rnd - 1 + turn) % players
        if draw_single_seat:
            rand()

        if phase == WAGES:
            have = money[seat]
            if have < 2:
                captain, helmsman = have, 0
            else:
                n = 3 if have - 1 > 3 else have - 1
                captain = 1 + int(rand() * n)
                n = 3 if have - captain > 3 else have - captain
                helmsman = 1 + int(rand() * n)
            if trace is not None:
                trace.append((seat, Wages(captain, helmsman)))
            money[seat] -= captain + helmsman
            wages[seat] = (captain, helmsman)
            turn += 1
            if turn == players:
                phase = CREW
                turn = 0
                then = START_CREW

        elif phase == CREW:
            sick = roll.count(SEASICK)
            if sick and not placed and money[seat] >= FIRST_REROLL_COST + rerolls and rand() < 0.5:
                if trace is not None:
                    trace.append((seat, Reroll((SEASICK,) * sick)))
                money[seat] -= FIRST_REROLL_COST + rerolls  # affordable: see above
                rerolls += 1
                rng.reseed(dice, b"%d:reroll:%d:%d:%d" % (seed, rnd, seat, rerolls))
                fresh = [int(throw() * 6) + 1 for _ in range(sick)]
                roll = tuple(sorted([v for v in roll if v != SEASICK] + fresh, reverse=True))
                if all(v == SEASICK for v in roll) and money[seat] < FIRST_REROLL_COST + rerolls:
                    then = NEXT_CREW  # all seasick, and no coins for another reroll
            else:  # ``policy._placements``: each die in turn on a random ship
                entry = _placements(players, seat, roll, tuple(placed))
                if entry is None:  # `keep`, drawn as the one choice of its list
                    rand()
                    if trace is not None:
                        trace.append((seat, _KEEP))
                else:
                    chosen: list[Place] = []
                    while entry is not None:  # until no die is left to place
                        n, options = entry
                        value, ship, entry = options[int(rand() * n)]
                        if trace is not None:
                            chosen.append(Place(value, ship))
                        crew = crews[ship]
                        at = 0
                        while at < len(crew) and crew[at][1] > value:
                            at += 1
                        crew.insert(at, (seat, value))
                        if len(crew) > SHIP_SLOTS:
                            del crew[SHIP_SLOTS]
                    if trace is not None:
                        trace.append(
                            (seat, chosen[0] if len(chosen) == 1 else Places(tuple(chosen)))
                        )
                then = NEXT_CREW

        else:  # NAVIGATION: ``policy._route``, greedy steps towards the goal
            actions: list[Any] = []
            mask = marks[seat]
            order, dists, walks = _route_plan(ghost, mask)
            here = ships[seat]
            stepped = False  # a step taken: with no step left the turn then ends by itself
            while True:
                # The policy's step: the first legal neighbour in the goal's order (the
                # nearest to the goal, the first of equals in the neighbours' order, as
                # ``min`` over ``legal_steps``), -1 if none. A small space holding a ship
                # may be passed with 3 points or more (``here`` is a free space to sail on
                # to) unless ours shares its own space; else the reference decides.
                if mp > 0 and not passing and not may_camp and (plan := walks[here]):
                    # Plain steps first: along the plan's walk from here, as far as the points
                    # go and up to the first space holding a ship (every one of those steps
                    # is the policy's, and entering a plain space does nothing else).
                    walk, place_in_walk = plan
                    k = len(walk) if mp > len(walk) else mp
                    for ship in ships:
                        i = place_in_walk.get(ship, k)
                        if i < k:
                            k = i
                    if k:
                        if trace is not None:
                            actions.extend([STEPS[space] for space in walk[:k]])
                        stepped = True
                        mp -= k
                        ships[seat] = here = walk[k - 1]
                space = -1
                if mp > 0:
                    for near in order[here]:
                        if (
                            near >= HARBOURS
                            and near in ships
                            and (passing or mp < 3)
                            and not _may_pass(ships, seat, near, mp, tiles, winds, ghost)
                        ):
                            continue
                        space = near
                        break
                if may_camp:
                    if trace is not None:
                        actions.append(_CAMP)
                    others = list(camps[here])
                    camps[here].append(seat)
                    mask |= 1 << here
                    marks[seat] = mask
                    order, dists, walks = _route_plan(ghost, mask)
                    may_camp = False
                    money[seat] += CAMP_INCOME
                    for other in others:
                        paid = CAMP_FEE if money[seat] >= CAMP_FEE else money[seat]
                        money[seat] -= paid
                        money[other] += paid
                    if space >= 0:
                        continue  # the step anew, towards the new goal
                    break  # the turn ends by itself
                if space < 0 and stepped and not passing:
                    break  # the turn ends by itself
                if space < 0 or not (passing or dists[here][space] < dists[here][here]):
                    if trace is not None:  # no step gets closer to the goal: `end`
                        actions.append(_END)
                    break
                # ``navigation.step``: sail into ``space``.
                if trace is not None:
                    actions.append(STEPS[space])
                stepped = True
                # Another ship there (ours is on the space it comes from, never on this one).
                passing = space >= HARBOURS and space in ships
                mp -= 2 if passing else 1
                ships[seat] = here = space
                if not special[space]:
                    continue
                index = _DOLPHIN[space]
                if index >= 0 and (key := tiles[index]) is not None:
                    kind, value, _ = _TILES[key]
                    if kind is _WIND and index not in winds:
                        mp += value
                        winds = (*winds, index)
                    elif kind is _MAP:
                        maps[seat].append(key)
                        tiles[index] = None
                if not ghost_paid and space in near_ghost:
                    ghost_paid = True
                    for owner, _ in crews[seat]:
                        paid = GHOST_WAGE if money[seat] >= GHOST_WAGE else money[seat]
                        money[seat] -= paid
                        money[owner] += paid
                if space < HARBOURS:  # arriving: maps to this island pay; camp, or the end
                    held = maps[seat]
                    for key in list(held):
                        _, value, target = _TILES[key]
                        if target == space:
                            money[seat] += value
                            held.remove(key)
                    count = _CAMPS_IN[mask]
                    if space == HOME:
                        if count == CAMPS_PER_PLAYER:
                            ending = True
                            if seat not in home:
                                home.append(seat)
                    elif not mask >> space & 1 and count < CAMPS_PER_PLAYER:
                        may_camp = True
            if trace is not None:
                trace.append((seat, actions[0] if len(actions) == 1 else Route(tuple(actions))))
            then = END_NAV

        # -- what follows by itself ---------------------------------------------------------------
        while then:
            if then == NEXT_CREW:
                roll = ()
                placed = []
                turn += 1
                if turn < players:
                    then = START_CREW
                else:
                    phase = NAVIGATION
                    turn = 0
                    rerolls = 0
                    then = START_NAV
            elif then == START_CREW:
                acting = (rnd - 1 + turn) % players
                # ``rng.roll(seed, f"crew:{rnd}:{acting}", 3)``, sorted highest first: the same
                # stream and draws (``int(random() * 6)`` is below 6 already, so
                # ``rng.below``'s bound is left out).
                rng.reseed(dice, b"%d:crew:%d:%d" % (seed, rnd, acting))
                roll = _SORTED[int(throw() * 6) * 36 + int(throw() * 6) * 6 + int(throw() * 6)]
                rerolls = 0
                placed = []
                if roll.count(SEASICK) == DICE_PER_PLAYER and money[acting] < FIRST_REROLL_COST:
                    then = NEXT_CREW
                else:
                    then = 0
            elif then == START_NAV:
                acting = (rnd - 1 + turn) % players
                mp = sum(value for _, value in crews[acting])
                winds = ()
                ghost_paid = passing = may_camp = False
                then = END_NAV
                if mp > 0:  # a turn with no legal step ends at once
                    for near in beside[ships[acting]]:
                        if (
                            near < HARBOURS
                            or near not in ships
                            or mp >= 3
                            or _may_pass(ships, acting, near, mp, tiles, winds, ghost)
                        ):
                            then = 0
                            break
            else:  # END_NAV: sunken treasure where the ship stops; the next ship or round
                acting = (rnd - 1 + turn) % players
                dolphin = DOLPHIN_INDEX.get(ships[acting])
                if dolphin is not None and (key := tiles[dolphin]) is not None:
                    kind, value, _ = _TILES[key]
                    if kind is _TREASURE:
                        money[acting] += value
                        tiles[dolphin] = None
                may_camp = passing = False
                mp = 0
                turn += 1
                if turn < players:
                    then = START_NAV
                    continue
                then = 0
                for owner in range(players):  # step 4, the wage payment
                    crew = crews[owner]
                    for slot, wage in enumerate(wages[owner]):
                        money[crew[slot][0] if slot < len(crew) else owner] += wage
                if ending:
                    for seat in home:
                        money[seat] += RETURN_BONUS
                    phase = OVER
                else:
                    rnd += 1
                    phase = WAGES
                    turn = 0
                    wages = [(0, 0)] * players
                    crews = [[] for _ in range(players)]
                    home = []
                    winds = ()

    best_money = max(money)
    return tuple(money), tuple(seat for seat in range(players) if money[seat] == best_money)


@cache
def _beside(ghost: int) -> tuple[tuple[int, ...], ...]:
    """Each space's neighbours but the ghost ship's space (which no ship may enter)."""
    return tuple(tuple(n for n in near if n != ghost) for near in NEIGHBOURS)


def _may_pass(
    ships: list[int],
    seat: int,
    space: int,
    mp: int,
    tiles: list[str | None],
    winds: tuple[int, ...],
    ghost: int,
) -> bool:
    """Whether the ship of ``seat`` may pass through the small ``space`` that holds another
    ship, as ``navigation._legal_steps`` decides it: 2 points, then a further step."""
    left = mp - 2
    if left < 0:
        return False
    occupied = {s for o, s in enumerate(ships) if o != seat and s >= HARBOURS}
    gust = wind_gain(tiles, winds, space)
    used = (*winds, DOLPHIN_INDEX[space]) if gust else winds
    return _can_sail_on(space, left + gust, occupied, tiles, used, ghost)


@cache
def _specials(ghost: int) -> tuple[bool, ...]:
    """Per space, whether entering it may do more than move the ship: a harbour, a dolphin
    space (a tile may lie there), or a space next to the ghost ship."""
    near_ghost = NEIGHBOURS_SET[ghost] if ghost >= 0 else frozenset()
    return tuple(
        space < HARBOURS or space in DOLPHIN_INDEX or space in near_ghost for space in range(SPACES)
    )


# Per camp mask (a bit per island), how many camps it holds.
_CAMPS_IN = tuple(bin(mask).count("1") for mask in range(1 << len(ISLANDS)))


Walk = tuple[tuple[int, ...], dict[int, int]] | None


@cache
def _route_plan(
    ghost: int, mask: int
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[Walk, ...]]:
    """The policy's greedy plan per space for a ship whose camps are ``mask`` (a bit per
    island): (the neighbours but the ghost ship's space, nearest the goal first and equals in
    the neighbours' order, so the first legal one is ``min`` over the legal steps; the
    distances to the goal; the walk). The goal is the nearest island without our camp (the
    first of equals), or home once four camps stand.

    The walk from a space: the spaces the greedy steps enter one after another while each is
    the first in its order, gets closer to the goal and is plain (not ``_specials``), with
    each space's index in it; None if the first step is no such step. Where no ship lies on
    it, the policy sails it step by step."""
    rows = _distance_rows(ghost)
    todo = [island for island in _ISLANDS if not mask >> island & 1]
    order = []
    dists = []
    for here, near in enumerate(_beside(ghost)):
        if _CAMPS_IN[mask] == CAMPS_PER_PLAYER:
            goal = HOME
        else:
            goal = min(todo, key=lambda island: rows[island][here])
        dist = rows[goal]
        order.append(tuple(sorted(near, key=dist.__getitem__)))
        dists.append(dist)
    special = _specials(ghost)
    walks: list[Walk] = []
    for here in range(SPACES):
        walk = []
        at = here
        while order[at]:
            step = order[at][0]
            if special[step] or dists[at][step] >= dists[at][at]:
                break
            walk.append(step)
            at = step
        walks.append((tuple(walk), {space: i for i, space in enumerate(walk)}) if walk else None)
    return tuple(order), tuple(dists), tuple(walks)


# The three dice of a crew roll, highest first, by their faces' index (36 a + 6 b + c).
_SORTED = tuple(
    tuple(sorted((a + 1, b + 1, c + 1), reverse=True))
    for a in range(6)
    for b in range(6)
    for c in range(6)
)

# A crew turn's placements from one position: (the count of choices, each as (die value,
# ship, the position after it)), or None once no die is left to place.
Placements = tuple[int, tuple[tuple[int, int, "Placements | None"], ...]]


@cache
def _placements(
    players: int, seat: int, roll: tuple[int, ...], placed: tuple[int, ...]
) -> Placements | None:
    """``policy._placements``' choices, die after die, as a table: choice ``k`` places
    ``values[k // len(ships)]`` on ``ships[k % len(ships)]`` (``_choices``). None: no die
    but seasick ones to place (before any placement: `keep`)."""
    values, ships = _choices(players, seat, roll, placed)
    if not values:
        return None
    options = []
    for value in values:
        rest = list(roll)
        rest.remove(value)
        for ship in ships:
            after = _placements(players, seat, tuple(rest), (*placed, ship))
            options.append((value, ship, after))
    return len(options), tuple(options)


@cache
def _choices(
    players: int, seat: int, roll: tuple[int, ...], placed: tuple[int, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``crew._crew_options``' placements as (die values, highest first; open ships): the
    placement ``k`` is ``values[k // len(ships)]`` on ``ships[k % len(ships)]``."""
    per_ship = 2 if players == 3 else 1
    values = tuple(sorted({v for v in roll if v != SEASICK}, reverse=True))
    ships = tuple(s for s in range(players) if s != seat and placed.count(s) < per_ship)
    return values, ships
