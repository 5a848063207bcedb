"""Tonga Bonga's step 2, crew placement: each seat's three dice are rolled from the match seed,
may be rerolled (1-3 dice, for 2, 3, 4, ... coins, before the first placement), and every die
that is not seasick goes on another player's ship, where the dice sit highest first.

With 4 players one die goes on each other ship; with 3 players one or two. A ship holds three
dice (captain, helmsman, cabin boy): a fourth pushes the lowest off (games.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from i18n.text import T, Text
from rules import rng
from rules.tonga.common import (
    Draft,
    acting,
    acting_in,
    dice_text,
    face,
    freeze,
    reroll_cost,
    step_name,
    thaw,
    transfer,
    who,
)
from rules.tonga.navigation import start_navigation_turn
from rules.tonga.state import (
    DICE_PER_PLAYER,
    REROLLS,
    SEASICK,
    SEAT_LETTERS,
    SHIP_SLOTS,
    Die,
    Keep,
    Move,
    Phase,
    Place,
    Places,
    Reroll,
    TongaState,
)


def insert_die(crew: tuple[Die, ...], die: Die) -> tuple[tuple[Die, ...], Die | None]:
    """The crew with ``die`` placed (highest first, left of equal dice) and the die pushed off."""
    at = 0
    while at < len(crew) and crew[at].value > die.value:
        at += 1
    new = (*crew[:at], die, *crew[at:])
    if len(new) > SHIP_SLOTS:
        return new[:SHIP_SLOTS], new[SHIP_SLOTS]
    return new, None


def crew_moves(state: TongaState, seat: int) -> tuple[Move, ...]:
    """The acting seat's placements (or `keep`), then its rerolls if it may still pay one."""
    can_reroll = not state.placed and state.money[seat] >= reroll_cost(state.rerolls)
    return _crew_options(state.players, seat, state.roll, state.placed, can_reroll)


def placements_in(d: Draft, seat: int) -> tuple[Move, ...]:
    """The placements (or `keep`) among ``crew_moves`` of a draft's acting seat, in the same
    order: the rerolls, when offered, come after them."""
    return _crew_options(d["players"], seat, d["roll"], d["placed"], False)


def has_placeable(roll: Sequence[int]) -> bool:
    return any(v != SEASICK for v in roll)


def open_ships(players: int, seat: int, placed: tuple[int, ...]) -> list[int]:
    """The ships that may take one more of the acting seat's dice this turn."""
    per_ship = 2 if players == 3 else 1
    return [ship for ship in range(players) if ship != seat and placed.count(ship) < per_ship]


def crew_refusal(state: TongaState, seat: int, move: Reroll | Place | Keep) -> Text | None:
    """Why a crew move is illegal now, or None if it is legal."""
    if state.phase is not Phase.CREW:
        return T(
            "Dice are rolled and placed in the crew step; now it is the {step} step.",
            step=step_name(state.phase),
        )
    if isinstance(move, Reroll):
        return _reroll_refusal(state, seat, move)
    if isinstance(move, Place):
        if move.value == SEASICK:
            return T("A seasick die stays home this round.")
        if move.value not in state.roll:
            return T(
                "None of your dice shows {value} (your dice: {dice}).",
                value=move.value,
                dice=dice_text(state.roll),
            )
        if move.ship == seat:
            return T("Crew dice go on the other players' ships, not your own.")
        if not 0 <= move.ship < state.players:
            return T("There is no ship number {number} in this game.", number=move.ship + 1)
        if move.ship not in open_ships(state.players, seat, state.placed):
            if state.players == 3:
                return T(
                    "Ship {ship} already has two of your dice this round.",
                    ship=SEAT_LETTERS[move.ship],
                )
            return T(
                "Ship {ship} already has one of your dice this round.",
                ship=SEAT_LETTERS[move.ship],
            )
        return None
    if has_placeable(state.roll):
        placeable = dice_text([v for v in state.roll if v != SEASICK])
        if SEASICK in state.roll:
            return T(
                "You still have dice to place: {dice} (a seasick die stays home).", dice=placeable
            )
        return T("You still have dice to place: {dice}.", dice=placeable)
    return None


def _reroll_refusal(state: TongaState, seat: int, move: Reroll) -> Text | None:
    if not 1 <= len(move.dice) <= DICE_PER_PLAYER:
        return T("A reroll takes 1 to {most} of your dice.", most=DICE_PER_PLAYER)
    if state.placed:
        return T("Rerolls come before you place your first die.")
    cost = reroll_cost(state.rerolls)
    if state.money[seat] < cost:
        return T(
            "This reroll costs {cost} coins and you have {money}.",
            cost=cost,
            money=state.money[seat],
        )
    for value in dict.fromkeys(move.dice):
        held = state.roll.count(value)
        if move.dice.count(value) > held:
            # At most 3 dice are named, so fewer than 3 are held here.
            dice = dice_text(state.roll)
            if held == 0:
                return T(
                    "You have no die showing {face} (your dice: {dice}).",
                    face=face(value),
                    dice=dice,
                )
            if held == 1:
                return T(
                    "You have only one die showing {face} (your dice: {dice}): "
                    "name each die to reroll once.",
                    face=face(value),
                    dice=dice,
                )
            return T(
                "You have only two dice showing {face} (your dice: {dice}): "
                "name each die to reroll once.",
                face=face(value),
                dice=dice,
            )
    return None


def places_refusal(state: TongaState, seat: int, move: Places) -> Text | None:
    """Why placing these dice in turn is illegal (naming the first refused), or None."""
    current = state
    for i, single in enumerate(move.places):
        if current.phase is not Phase.CREW or acting(current) != seat:
            return T(
                "All your dice are placed before `{placement}`: list each die you hold once "
                "(your dice: {dice}).",
                placement=_placement(single),
                dice=dice_text(state.roll),
            )
        reason = crew_refusal(current, seat, single)
        if reason is not None:
            return T(
                "`{placement}`, placement {number} of yours: {reason}",
                placement=_placement(single),
                number=i + 1,
                reason=reason,
            )
        d = thaw(current)
        place(d, seat, single)
        current = freeze(d)
    return None


def full_placements(state: TongaState, seat: int) -> list[tuple[Place, ...]]:
    """Every distinct way to place all the acting seat's dice now, highest die first (for
    autocomplete): a handful, as each die goes on one of two or three ships."""
    values = sorted((v for v in state.roll if v != SEASICK), reverse=True)
    if len(values) < 2:
        return []
    found: dict[tuple[Place, ...], None] = {}

    def extend(done: tuple[Place, ...], placed: tuple[int, ...]) -> None:
        if len(done) == len(values):
            found[done] = None
            return
        value = values[len(done)]
        for ship in open_ships(state.players, seat, placed):
            # Equal dice are interchangeable: keep their ships in order to list each way once.
            if done and done[-1].value == value and ship < done[-1].ship:
                continue
            extend((*done, Place(value, ship)), (*placed, ship))

    extend((), state.placed)
    return list(found)


# -- effects ---------------------------------------------------------------------------------------
def start_crew_turn(d: Draft) -> None:
    """Roll the next board's three dice, publicly; all seasick and too poor to reroll: next."""
    seat = acting_in(d)
    d["roll"] = tuple(
        sorted(rng.roll(d["seed"], f"crew:{d['round']}:{seat}", DICE_PER_PLAYER), reverse=True)
    )
    d["rerolls"] = 0
    d["placed"] = ()
    d["events"].append(T("{seat} rolls {dice}.", seat=who(seat), dice=dice_text(d["roll"])))
    if not has_placeable(d["roll"]) and not _can_reroll(d):
        d["events"].append(T("{seat} keeps every die home (all seasick).", seat=who(seat)))
        next_crew_turn(d)


def reroll(d: Draft, seat: int, move: Reroll) -> None:
    """Pay the bank, roll the chosen dice again (keyed by round, seat and reroll number)."""
    done = d["rerolls"]
    cost = reroll_cost(done)
    transfer(d, seat, None, cost, REROLLS, REROLLS)
    d["rerolls"] = done + 1
    fresh = rng.roll(d["seed"], f"reroll:{d['round']}:{seat}:{done + 1}", len(move.dice))
    kept = list(d["roll"])
    for value in move.dice:
        kept.remove(value)
    d["roll"] = tuple(sorted([*kept, *fresh], reverse=True))
    d["events"].append(
        T("New roll: {fresh}; dice now {dice}.", fresh=dice_text(fresh), dice=dice_text(d["roll"]))
    )
    if not has_placeable(d["roll"]) and not _can_reroll(d):
        d["events"].append(T("{seat} keeps every die home (all seasick).", seat=who(seat)))
        next_crew_turn(d)


def place(d: Draft, seat: int, move: Place) -> None:
    """Put one die on a ship in value order; the crew turn ends with the last placeable die."""
    roll = list(d["roll"])
    roll.remove(move.value)
    d["roll"] = tuple(roll)
    d["placed"] = (*d["placed"], move.ship)
    crews = list(d["crews"])
    crew, bumped = insert_die(crews[move.ship], Die(seat, move.value))
    crews[move.ship] = crew
    d["crews"] = tuple(crews)
    if bumped is not None:
        d["events"].append(
            T(
                "{seat}'s {value} is pushed off ship {ship} and earns nothing.",
                seat=who(bumped.owner),
                value=bumped.value,
                ship=SEAT_LETTERS[move.ship],
            )
        )
    if not has_placeable(d["roll"]):
        next_crew_turn(d)


def place_all(d: Draft, seat: int, move: Places) -> None:
    for single in move.places:
        place(d, seat, single)


def next_crew_turn(d: Draft) -> None:
    """The next board's crew turn, or navigation once every board has placed its dice."""
    d["roll"] = ()
    d["placed"] = ()
    d["turn"] += 1
    if d["turn"] < d["players"]:
        start_crew_turn(d)
        return
    d["phase"] = Phase.NAVIGATION
    d["turn"] = 0
    d["rerolls"] = 0
    start_navigation_turn(d)


# -- private helpers -------------------------------------------------------------------------------
def _placement(move: Place) -> str:
    """A placement as the notation writes it (`4 on B`): a placeholder value, never a message."""
    return f"{face(move.value)} on {SEAT_LETTERS[move.ship]}"


def _can_reroll(d: Draft) -> bool:
    return not d["placed"] and d["money"][acting_in(d)] >= reroll_cost(d["rerolls"])


@cache
def _crew_options(
    players: int, seat: int, roll: tuple[int, ...], placed: tuple[int, ...], can_reroll: bool
) -> tuple[Move, ...]:
    """The crew step's moves; few distinct situations occur, so they are cached."""
    moves: list[Move] = []
    values = sorted({v for v in roll if v != SEASICK}, reverse=True)
    if values:
        ships = open_ships(players, seat, placed)
        moves.extend(Place(value, ship) for value in values for ship in ships)
    else:
        moves.append(Keep())
    if can_reroll:
        moves.extend(Reroll(dice) for dice in _subsets(roll))
    return tuple(moves)


@cache
def _subsets(roll: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every distinct multiset of 1..3 dice from the roll, highest values first."""
    found: set[tuple[int, ...]] = set()
    n = len(roll)
    for mask in range(1, 1 << n):
        found.add(tuple(sorted((roll[i] for i in range(n) if mask >> i & 1), reverse=True)))
    return tuple(sorted(found, key=lambda dice: (len(dice), [-v for v in dice])))
