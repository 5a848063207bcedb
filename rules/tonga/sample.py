"""Tonga Bonga determinisation for computer players: nothing is secret, but the dice are chance.

Every fact on the table is in the view (money, wages, ships, crews, camps, tiles, the roll in
hand, the movement points and path of the ship sailing); the sample takes them over and gets a
fresh seed, so every future roll and reroll is drawn anew instead of known. The few facts of the
current turn that the view does not list are rebuilt: the winds used and whether the ghost ship
was paid (from the path), whether the ship is passing or may camp (from where it lies), the
ships the acting seat placed dice on this crew turn and who reached home with four camps this
round (both from ``public_log``, the ``(seat, move text)`` entries from the start, read with the
rules' notation: a route or several placements in one move count decision by decision).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace

from rules.errors import PlayerError
from rules.tonga.common import FIRST_REROLL_COST
from rules.tonga.map import DOLPHIN_SPACES, HARBOURS, HOME
from rules.tonga.navigation import DOLPHIN_INDEX, NEIGHBOURS_SET
from rules.tonga.notation import parse_move
from rules.tonga.state import (
    CAMPS_PER_PLAYER,
    Camp,
    Move,
    Phase,
    Place,
    Step,
    TongaState,
    TongaView,
    Wages,
    decisions,
)
from rules.tonga.tiles import TILE_BY_KEY, Kind

SEED_RANGE = 2**53  # fresh seeds are drawn with random() alone (see rules/rng.py)
GO_HOME = Step(HOME)  # the decision that brings a ship home

LoggedMoves = list[tuple[int, tuple[Move, ...]]]


def logged_moves(state: TongaState, public_log: Sequence[tuple[int, str]]) -> LoggedMoves:
    """Each log entry as ``(seat, the single decisions of its move)``, read with the rules' own
    notation: a route (`go k15 l15 cocoa camp`) is its steps and camps, several placements
    (`place 4 on B, 3 on C`) each placement. ``state`` only lends the player count (ship
    letters); an entry that does not read as a move (none should) stands for no decision."""
    out: LoggedMoves = []
    for seat, text in public_log:
        try:
            out.append((seat, decisions(parse_move(state, text))))
        except PlayerError:
            out.append((seat, ()))
    return out


def placed_ships(acting: int, logged: LoggedMoves) -> tuple[int, ...]:
    """The ships ``acting`` put a die on in its current crew turn (the log's last entries)."""
    ships: list[int] = []
    for seat, moves in reversed(logged):
        if seat != acting:
            break
        for move in reversed(moves):
            if isinstance(move, Place):
                ships.append(move.ship)
    return tuple(reversed(ships))


def home_with_four(players: int, logged: LoggedMoves) -> tuple[int, ...]:
    """The seats that sailed home with four camps in the latest round of the log, in order."""
    camps = [0] * players
    home: list[int] = []
    wages_before = False
    for seat, moves in logged:
        is_wages = bool(moves) and isinstance(moves[0], Wages)
        if is_wages and not wages_before:
            home = []  # a new round begins with the first wages of it
        wages_before = is_wages
        for move in moves:
            if isinstance(move, Camp):
                camps[seat] += 1
            elif move == GO_HOME and camps[seat] == CAMPS_PER_PLAYER and seat not in home:
                home.append(seat)
    return tuple(home)


def rounds_of(logged: LoggedMoves) -> list[LoggedMoves]:
    """The log cut into rounds: each begins with the first wages of it."""
    rounds: list[LoggedMoves] = []
    wages_before = False
    for seat, moves in logged:
        is_wages = bool(moves) and isinstance(moves[0], Wages)
        if not rounds or (is_wages and not wages_before):
            rounds.append([])
        rounds[-1].append((seat, moves))
        wages_before = is_wages
    return rounds


def last_turn_paid_ghost(players: int, round_: int, ghost: int, logged: LoggedMoves) -> bool:
    """Whether the last ship to navigate in the previous round sailed next to the ghost ship.

    The state keeps that flag until the next navigation turn starts (no rule reads it in the
    meantime, but a sample must equal the true state). Each seat navigates once a round, so
    that turn is every navigation decision of the round's last board's seat; a turn ended at
    once (no move possible) has none, and paid nothing."""
    rounds = rounds_of(logged)
    if round_ < 2 or len(rounds) < round_ - 1:
        return False
    last_seat = (players - 1 + round_ - 2) % players  # boards shift one right each round
    return any(
        isinstance(move, Step) and move.space in NEIGHBOURS_SET[ghost]
        for seat, moves in rounds[round_ - 2]
        if seat == last_seat
        for move in moves
    )


def prepare(
    view: TongaView, seat: int, public_log: Sequence[tuple[int, str]]
) -> Callable[[random.Random], TongaState]:
    """A sampler of states consistent with ``view``: equal but for the seed (the future dice)."""
    players = view.players
    acting = view.acting[0] if view.acting else 0
    navigating = view.phase is Phase.NAVIGATION
    ghost = next((i for i, key in enumerate(view.tiles) if key == "ghost"), None)
    ghost_space = -1 if ghost is None else DOLPHIN_SPACES[ghost]
    # The path, winds and ghost payment of a navigation turn stay in the state until the next
    # one starts, except that a round's end clears the path and winds (not the payment) and
    # the game's end clears nothing: over, they are the last turn's (the view keeps its path).
    over = view.phase is Phase.OVER
    entered = view.path[1:] if navigating or over else ()
    winds: list[int] = []
    for space in entered:
        index = DOLPHIN_INDEX.get(space)
        if index is None:
            continue
        key = view.tiles[index]
        if key is not None and TILE_BY_KEY[key].kind is Kind.WIND and index not in winds:
            winds.append(index)
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
    known = TongaState(
        seed=0,  # each sample draws its own: the future dice
        players=players,
        round=view.round,
        phase=view.phase,
        # Over, the last navigation turn has counted past the last board.
        turn=players if not view.acting else (acting - (view.round - 1)) % players,
        money=tuple(line.money for line in view.seats),
        wages=view.wages,
        ships=view.ships,
        crews=view.crews,
        camps=view.camps,
        tiles=view.tiles,
        ghost=ghost_space,
        maps=tuple(line.maps for line in view.seats),
        roll=view.roll,
        rerolls=view.reroll_cost - FIRST_REROLL_COST,
        placed=(),  # read from the log below
        mp=view.mp,
        path=view.path,
        winds=tuple(winds),
        ghost_paid=ghost_paid,
        passing=passing,
        may_camp=may_camp,
        home=(),  # read from the log below
        ending=view.ending,
        ledger=view.ledger,
        last=view.last,
        events=(),  # what followed the last move was said in the channel; no rule reads it
    )

    stale_payment = ghost_space >= 0 and view.round > 1 and not (navigating or over)
    if view.phase is Phase.CREW or view.ending or stale_payment:
        logged = logged_moves(known, public_log)
        if view.phase is Phase.CREW:
            known = replace(known, placed=placed_ships(acting, logged))
        if view.ending:
            known = replace(known, home=home_with_four(players, logged))
        if stale_payment:
            known = replace(
                known, ghost_paid=last_turn_paid_ghost(players, view.round, ghost_space, logged)
            )

    def sample(draw: random.Random) -> TongaState:
        return replace(known, seed=int(draw.random() * SEED_RANGE))

    return sample


def sample_state(
    view: TongaView, seat: int, public_log: Sequence[tuple[int, str]], draw: random.Random
) -> TongaState:
    return prepare(view, seat, public_log)(draw)
