"""A compact Toshi Tōshi simulator for random playouts (issue 13: 2,000 playouts a second).

The reference rules build a new frozen state, a public text and every legal move at each step;
a playout of 100-130 steps cannot go below about 2 ms that way. This plays the same game on
plain mutable lists inside one function, counts the legal moves instead of building them, and
builds a move object only when a trace is asked for.

It is a second implementation of the same rules, so ``tests/rules/test_toshi_fast.py`` and
``tests/test_playout_identity.py`` play many seeded games both ways and require the same seats,
the same moves in the same order, the same draws and the same outcome. A legal move list here
is counted in exactly the order ``ToshiToshi.legal_moves`` lists it, which is what makes a
uniform draw pick the same move. The final scoring (``_score``) gives the totals and winners
of ``scoring.final_outcome`` without its breakdown texts.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Callable
from functools import cache
from itertools import groupby
from operator import itemgetter
from typing import Any

from rules.toshi.construction import _BUILD_MOVES
from rules.toshi.data import (
    BUILDER,
    BUILDS,
    COLOURS,
    INFLUENSTAR,
    INFLUENSTAR_PER_TOKEN,
    MAJORITY_SPLIT,
    OCTOGEEK,
    OCTOGEEK_PER_LANDMARK,
    OVERSEER,
    OVERSEER_PER_MISSING,
    PAWNLITICIAN,
    PAWNLITICIAN_COLOURS,
    ROUNDS,
)
from rules.toshi.grid import Geometry, geometry
from rules.toshi.influence import _FLIP_MOVES, _LEAD_MOVES, _token_moves
from rules.toshi.model import Card, FlipSpecialisation, Pass, Phase, ToshiState
from rules.toshi.nature import place_moves
from rules.toshi.trick import _PLAY_BY_KEY

# Phases as small integers; the last three are steps the rules take without a decision.
TRICK, NATURE, SECOND, PAWN, BUILD, INFLUENCE, SPECIALISE, OWED, OVER = range(9)
NEXT_PLACER, END_ROUND, AFTER_INFLUENCE = 9, 10, 11
_CODE = {
    Phase.TRICK: TRICK,
    Phase.NATURE: NATURE,
    Phase.SECOND: SECOND,
    Phase.PAWN: PAWN,
    Phase.BUILD: BUILD,
    Phase.INFLUENCE: INFLUENCE,
    Phase.SPECIALISE: SPECIALISE,
    Phase.OWED: OWED,
    Phase.OVER: OVER,
}
# A playout's result: each seat's final total (by seat), and the winners after the tie-breaks.
Result = tuple[tuple[int, ...], tuple[int, ...]]
_PASS = Pass()
_FLIP_SPEC = FlipSpecialisation()


def playout(
    state: ToshiState,
    draw: random.Random,
    trace: list[tuple[int, Any]] | None = None,
    draw_single_seat: bool = True,
) -> Result:
    """The totals and winners of the game played on from ``state`` to its end as the random
    playouts play it: at each step a seat drawn among ``to_act`` (a draw even when only one may
    act, unless ``draw_single_seat`` is False), then ``playout_move``'s uniform draw among its
    legal moves. ``trace`` (if given) receives each (seat, move) in turn, as reference moves."""
    # ``rng.below(draw, n)`` is ``min(int(random() * n), n - 1)``; ``int(random() * n)`` is
    # already below n for every n under 2**20 (the largest random() times n rounds below n), so
    # the ``min`` is left out: each draw is ``int(rand() * n)``.
    rand = draw.random
    players = state.players
    geo = geometry(state.rows, state.cols)
    centre = geo.centre
    cell_inner = geo.cell_inner
    spot_count = geo.spot_count
    places = place_moves(state.rows, state.cols) if trace is not None else ()
    hands = [list(hand) for hand in state.hands]
    # Each hand's colours, card by card. A dealt hand is sorted by colour, so the cards of the
    # led colour are one run: the n-th playable card is the run's first plus n. A hand in
    # another order (one dealt anew for a search) is filtered card by card instead.
    colours = [[card.colour for card in hand] for hand in hands]
    runs = all(len(set(cols)) == len(list(groupby(cols))) for cols in colours)
    # Each card space as (kind, card) or None: all the scoring and the flips read of a Cell.
    cells: list[tuple[str, Card | None] | None] = [
        None if cell is None else (cell.kind, cell.card) for cell in state.cells
    ]
    spots = list(state.spots)
    supply = list(state.supply)
    specs = state.specs
    flipped = list(state.spec_flipped)
    monument_high = state.monument_high
    rnd = state.round
    leader = state.leader
    phase = _CODE[state.phase]
    trick = [(play.seat, play.card) for play in state.trick]
    winner = state.winner
    queue = list(state.queue)
    # The trick's built cards, by their place in the trick (cards are unique).
    built = {i for i, (_, card) in enumerate(trick) if card in state.built}
    built_up, built_down = state.built_up, state.built_down
    taken = state.actions_taken
    next_leader = state.next_leader
    owed = state.owed
    ups, downs = BUILDS[players]

    def holder_of(name: str) -> int:
        return specs.index(name) if name in specs else -1

    influenstar, pawnlitician = holder_of(INFLUENSTAR), holder_of(PAWNLITICIAN)
    builder, octogeek, overseer = holder_of(BUILDER), holder_of(OCTOGEEK), holder_of(OVERSEER)

    # The free spots inside the grid of a present card (where a token normally goes), in
    # lattice order, kept up to date move by move instead of filtered at each step.
    near_set: set[int] = set().union(*(cell_inner[c] for c, cell in enumerate(cells) if cell))
    free_near = sorted(x for x in near_set if spots[x] < 0)
    empty = [c for c, cell in enumerate(cells) if cell is None]

    while True:
        # -- the steps without a decision (and the end) ----------------------------------------
        if phase > OWED:
            if phase == NEXT_PLACER:
                while queue:
                    s = queue[0]
                    if supply[s]:
                        if s == overseer and not flipped[s]:
                            if -1 in spots:
                                break
                        elif free_near:
                            break
                    del queue[0]
                if queue:
                    phase = NATURE
                else:
                    pawn = pawnlitician if pawnlitician >= 0 and not flipped[pawnlitician] else -1
                    phase = PAWN if pawn >= 0 and pawn != winner else BUILD
                continue
            if phase == AFTER_INFLUENCE:
                phase = SPECIALISE if specs[winner] and not flipped[winner] else END_ROUND
                continue
            if phase == END_ROUND:
                if owed >= 0:
                    if supply[owed] > 0 and free_near:
                        phase = OWED
                        continue
                    owed = -1
                if rnd >= ROUNDS:
                    break
                rnd += 1
                leader = next_leader
                phase = TRICK
                trick = []
                winner = -1
                queue = []
                built = set()
                built_up = built_down = False
                taken = ""
                next_leader = -1
                continue
            break  # OVER

        # -- the trick, card after card (nobody else may act meanwhile) ------------------------
        if phase == TRICK:
            while len(trick) < players:
                seat = (leader + len(trick)) % players
                if draw_single_seat:
                    rand()
                hand = hands[seat]
                cols = colours[seat]
                if trick:
                    led = trick[0][1].colour
                    n = cols.count(led)
                    if not n:
                        at = int(rand() * len(hand))
                    elif runs:
                        at = cols.index(led) + int(rand() * n)
                    else:
                        at = [i for i, colour in enumerate(cols) if colour == led][int(rand() * n)]
                else:
                    at = int(rand() * len(hand))
                card = hand.pop(at)
                del cols[at]
                if trace is not None:
                    trace.append((seat, _PLAY_BY_KEY[card.colour, card.value]))
                trick.append((seat, card))
            winner = trick[_trick_winner(trick, monument_high)][0]
            next_leader = winner
            order = [(winner + k) % players for k in range(1, players)]
            owed = influenstar if influenstar >= 0 and not flipped[influenstar] else -1
            if owed not in order or supply[owed] == 0:
                owed = -1
            queue = [s for s in order if s != owed]
            phase = NEXT_PLACER
            continue

        # -- who acts ------------------------------------------------------------------------------
        if phase == OWED:
            seat = owed
            if draw_single_seat:
                rand()
        else:
            if phase in (NATURE, SECOND):
                seat = queue[0]
            elif phase == PAWN:
                seat = pawnlitician
            else:
                seat = winner
            if owed >= 0 and free_near:
                if int(rand() * 2) >= 1:  # rng.below(draw, 2) over (decider, owed)
                    seat = owed
            elif draw_single_seat:
                rand()

        # -- the owed Influenstar token (any phase but the trick) ---------------------------------
        if seat == owed:
            free = free_near
            n = len(free)
            spot = free[int(rand() * n)]
            if trace is not None:
                trace.append((seat, places[spot]))
            spots[spot] = seat
            supply[seat] -= 1
            if spot in near_set:
                free_near.remove(spot)
            owed = -1
            if phase == NATURE:
                phase = NEXT_PLACER
            elif phase == OWED:
                phase = END_ROUND
            continue

        # -- the seat's decision -------------------------------------------------------------
        if phase == NATURE:
            if seat == overseer and not flipped[seat]:
                free = [x for x in range(spot_count) if spots[x] < 0]
                spot = free[int(rand() * len(free))]
                if spot in near_set:
                    free_near.remove(spot)
            else:
                k = int(rand() * len(free_near))
                spot = free_near[k]
                del free_near[k]
            if trace is not None:
                trace.append((seat, places[spot]))
            spots[spot] = seat
            supply[seat] -= 1
            if (
                seat == builder
                and not flipped[seat]
                and supply[seat] > 0
                and any(cell is not None and spots[centre[c]] < 0 for c, cell in enumerate(cells))
            ):
                phase = SECOND
                continue
            del queue[0]
            # The next placer with a token and a free spot (an Overseer's too) places next;
            # anything else goes through the skipping of NEXT_PLACER.
            if not (queue and free_near and supply[queue[0]]):
                phase = NEXT_PLACER
            continue

        if phase == SECOND:
            free = [centre[c] for c, cell in enumerate(cells) if cell is not None]
            free = [x for x in free if spots[x] < 0]
            n = len(free) + 1
            k = int(rand() * n)
            if k < len(free):
                spot = free[k]
                if trace is not None:
                    trace.append((seat, places[spot]))
                spots[spot] = seat
                supply[seat] -= 1
                free_near.remove(spot)  # a centre of a present card is inside the grid
            elif trace is not None:
                trace.append((seat, _PASS))
            del queue[0]
            phase = NEXT_PLACER
            continue

        if phase in (PAWN, BUILD):
            left = [i for i in range(len(trick)) if i not in built]
            if phase == PAWN:
                up, down = True, False
            else:
                up, down = ups > 0 and not built_up, downs > 0 and not built_down
            per_card = len(empty) * (up + down)
            n = len(left) * per_card + (phase == PAWN)
            k = int(rand() * n)
            if k == len(left) * per_card:  # the Pawnlitician's pass
                if trace is not None:
                    trace.append((seat, _PASS))
                phase = BUILD
                continue
            at = left[k // per_card]
            card = trick[at][1]
            k %= per_card
            face_up = up and k < len(empty)
            cell = empty[k % len(empty)]
            if trace is not None:
                trace.append((seat, _BUILD_MOVES[card.colour, card.value][not face_up][cell]))
            cells[cell] = ("building", card)
            empty.remove(cell)
            for x in cell_inner[cell] - near_set:
                near_set.add(x)
                if spots[x] < 0:
                    insort(free_near, x)
            built.add(at)
            built_up = built_up or face_up
            built_down = built_down or not face_up
            if (ups > 0 and not built_up) or (downs > 0 and not built_down):
                phase = BUILD
            else:
                phase = INFLUENCE
                taken = ""
            continue

        if phase == INFLUENCE:
            can_move, can_lead, can_flip = _actions_open(
                taken, winner == octogeek and not flipped[winner], rnd, winner in spots, free_near
            )
            # Counted, not listed: the winner's tokens times the free spots, then the leaders,
            # then the built cards and the Monument (every present card but the Parks).
            free = free_near if can_move else []
            moves = spots.count(winner) * len(free) if can_move else 0
            leads = players - 1 if can_lead else 0
            flips = len(cells) - len(empty) - len(geo.parks) if can_flip else 0
            n = moves + leads + flips + 1
            k = int(rand() * n)
            if k < moves:
                src = -1
                for _ in range(k // len(free) + 1):  # the winner's (k // free)-th token
                    src = spots.index(winner, src + 1)
                dst = free[k % len(free)]
                if trace is not None:
                    trace.append((seat, _token_moves(src)[dst]))
                spots[src] = -1
                spots[dst] = seat
                free_near.remove(dst)
                if src in near_set:
                    insort(free_near, src)
                taken += "m"
            elif k < moves + leads:
                target = k - moves
                target += target >= winner  # the seats but the winner, in order
                if trace is not None:
                    trace.append((seat, _LEAD_MOVES[target]))
                next_leader = target
                taken += "l"
            elif k < n - 1:
                cell, kind = [
                    (c, entry[0])
                    for c, entry in enumerate(cells)
                    if entry is not None and entry[0] != "park"
                ][k - moves - leads]
                if trace is not None:
                    trace.append((seat, _FLIP_MOVES[cell]))
                # A flipped building changes its face and owner, which nothing here reads
                # (the scoring counts tokens, then the card's colour and value).
                if kind == "monument":
                    monument_high = not monument_high
                taken += "f"
            else:
                if trace is not None:
                    trace.append((seat, _PASS))
                phase = AFTER_INFLUENCE
                continue
            if not any(
                _actions_open(
                    taken,
                    winner == octogeek and not flipped[winner],
                    rnd,
                    winner in spots,
                    free_near,
                )
            ):
                phase = AFTER_INFLUENCE
            continue

        # Phase SPECIALISE: flip the Specialisation card to its Bonus Points side, or pass.
        k = int(rand() * 2)
        if trace is not None:
            trace.append((seat, _FLIP_SPEC if k == 0 else _PASS))
        if k == 0:
            flipped[seat] = True
        phase = END_ROUND

    return _score(players, geo, cells, spots, supply, specs, flipped)


def _score(
    players: int,
    geo: Geometry,
    cells: list[tuple[str, Card | None] | None],
    spots: list[int],
    supply: list[int],
    specs: tuple[str, ...],
    flipped: list[bool],
) -> Result:
    """As ``scoring.final_outcome``, the totals and the winners only (no breakdown texts)."""
    builder = specs.index(BUILDER) if BUILDER in specs else -1
    if builder >= 0 and not flipped[builder]:
        builder = -1
    centre, side_spots = geo.centre, geo.side_spots
    points = [0] * players
    gained = [0] * players
    landmarks = [0] * players
    colours: list[set[str]] = [set() for _ in range(players)]
    seats = range(players)
    for index, owners in enumerate(_nine_spots(geo.rows, geo.cols)):
        cell = cells[index]
        if cell is None:
            continue
        tokens = owners(spots)  # who is on each of the card's 9 spots
        counts = list(map(tokens.count, seats))
        best = max(counts)
        if best == 0:
            continue
        if counts.count(best) == 1:
            owner = counts.index(best)
        else:
            owner = _tie(spots, centre, side_spots, index, counts, best, builder)
            if owner < 0:
                continue
        gained[owner] += 1
        kind, card = cell
        if kind == "building" and card is not None:
            points[owner] += card.value
            colours[owner].add(card.colour)
        else:
            landmarks[owner] += 1
    most = max(landmarks)
    leaders = [seat for seat in range(players) if most > 0 and landmarks[seat] == most]
    share = MAJORITY_SPLIT[len(leaders)] if leaders else 0
    for seat in leaders:
        points[seat] += share
    for seat, spec in enumerate(specs):
        if not spec or not flipped[seat]:
            continue
        if spec == INFLUENSTAR:
            points[seat] += INFLUENSTAR_PER_TOKEN * supply[seat]
        elif spec == PAWNLITICIAN:
            points[seat] += PAWNLITICIAN_COLOURS.get(len(colours[seat]), 0)
        elif spec == OCTOGEEK:
            points[seat] += OCTOGEEK_PER_LANDMARK * landmarks[seat]
        elif spec == OVERSEER:
            points[seat] += OVERSEER_PER_MISSING[players] * (len(COLOURS) - len(colours[seat]))
    keys = [(points[seat], supply[seat], gained[seat]) for seat in range(players)]
    best_key = max(keys)
    return tuple(points), tuple(seat for seat in range(players) if keys[seat] == best_key)


def _tie(
    spots: list[int],
    centre: tuple[int, ...],
    side_spots: tuple[frozenset[int], ...],
    cell: int,
    counts: list[int],
    best: int,
    builder: int,
) -> int:
    """As ``scoring.holder`` past a tie on tokens: the middle, then the sides, then the Builder."""
    tied = [seat for seat, count in enumerate(counts) if count == best]
    middle = spots[centre[cell]]
    if middle in tied:
        return middle
    sides = [0] * len(counts)
    for spot in side_spots[cell]:
        owner = spots[spot]
        if owner >= 0:
            sides[owner] += 1
    most = max(sides[seat] for seat in tied)
    tied = [seat for seat in tied if sides[seat] == most]
    if len(tied) == 1:
        return tied[0]
    return builder if builder in tied else -1


@cache
def _nine_spots(rows: int, cols: int) -> tuple[Callable[[list[int]], tuple[int, ...]], ...]:
    """For each card space, a getter of the owners of its 9 spots (in C)."""
    return tuple(itemgetter(*spots) for spots in geometry(rows, cols).cell_spots)


def _trick_winner(trick: list[tuple[int, Any]], monument_high: bool) -> int:
    """As ``trick.trick_winner``: the strongest card not of the led colour (the last of equals),
    or the strongest card when all followed."""
    led = trick[0][1].colour
    candidates = [i for i, (_, card) in enumerate(trick) if card.colour != led] or list(
        range(len(trick))
    )
    best = candidates[0]
    for i in candidates[1:]:
        a, b = trick[i][1].value, trick[best][1].value
        if (a >= b) if monument_high else (a <= b):
            best = i
    return best


def _actions_open(
    taken: str, octogeek: bool, rnd: int, on_grid: bool, free_near: list[int]
) -> tuple[bool, bool, bool]:
    """As ``influence.actions_open``: (move a token, choose the leader, flip) still open."""
    if taken and not octogeek:
        return False, False, False
    return (
        "m" not in taken and on_grid and bool(free_near),
        "l" not in taken and rnd < ROUNDS,
        "f" not in taken,
    )
