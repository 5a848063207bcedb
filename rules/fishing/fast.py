"""A compact Friendly Fishing simulator for random playouts (issue 13: 2,000 playouts a second).

The reference rules build a new frozen state and a note at each move, look tiles up by an Enum
(whose hash runs in Python) and list every legal move before one is drawn. This plays the same
game on plain lists of tile numbers (``data.KINDS`` positions, -1 for no tile) inside one
function, counting the legal moves in ``FriendlyFishing.legal_moves``' order instead of building
them, and builds a move object only when a trace is asked for.

It is a second implementation of the same rules, so ``tests/rules/test_fishing_fast.py`` and
``tests/test_playout_identity.py`` play many seeded games both ways and require the same seats,
the same moves in the same order, the same draws and the same totals and winners.

The search's goal-directed playouts (``greed``: a boat taking the best catch on offer) have no
reference twin; ``tests/rules/test_fishing_greedy.py`` replays them on the reference rules.
"""

from __future__ import annotations

import random
from typing import Any

from rules.fishing.data import (
    COLOURS,
    CRAYFISH_MOST,
    CRAYFISH_SECOND,
    DINKER_POINTS,
    JUNK_POINTS,
    KIND_INDEX,
    KINDS,
    KINGFISH_TO_WIN,
    LUNKER_POINTS,
    SHINER_POINTS,
    SKIPJACK_POINTS,
    Tile,
)
from rules.fishing.moves import _geometry, _open_rays, slide_map
from rules.fishing.state import (
    ACTION_PHASE,
    TRADABLE,
    FishingState,
    LeaveDinker,
    Phase,
    Slide,
    TakeDinker,
)
from rules.fishing_common import Double, MoveBoat, RemovePiece, SwapSpaces, Trade, set_points

# A playout's result: each seat's final score (by seat), and the winners.
Result = tuple[tuple[int, ...], tuple[int, ...]]
MOVE, DINKER_CHOICE, SWAP_FISH, SWAP_TILES, SLIDE, REMOVE, DOUBLE, OVER = range(8)
_CODE = {
    Phase.MOVE: MOVE,
    Phase.DINKER: DINKER_CHOICE,
    Phase.SWAP_FISH: SWAP_FISH,
    Phase.SWAP_TILES: SWAP_TILES,
    Phase.SLIDE: SLIDE,
    Phase.REMOVE: REMOVE,
    Phase.DOUBLE: DOUBLE,
    Phase.OVER: OVER,
}
# Tile numbers (positions in KINDS) the rules single out.
RED, BLUE, YELLOW, GREEN = (KIND_INDEX[c] for c in COLOURS)
CRAYFISH, KINGFISH = KIND_INDEX[Tile.CRAYFISH], KIND_INDEX[Tile.KINGFISH]
LUNKER, DINKER = KIND_INDEX[Tile.LUNKER], KIND_INDEX[Tile.DINKER]
SKIPJACK, SHINER, JUNK = KIND_INDEX[Tile.SKIPJACK], KIND_INDEX[Tile.SHINER], KIND_INDEX[Tile.JUNK]
# The phase each action tile starts, by tile number (-1: not an action tile).
_ACTION = [-1] * len(KINDS)
for _tile, _phase in ACTION_PHASE.items():
    _ACTION[KIND_INDEX[_tile]] = _CODE[_phase]
_COLOUR_NUMBERS = (RED, BLUE, YELLOW, GREEN)


def playout(
    state: FishingState,
    draw: random.Random,
    trace: list[tuple[int, Any]] | None = None,
    draw_single_seat: bool = True,
    greed: float = 0.0,
) -> Result:
    """The final scores and winners of the game played on from ``state`` to its end as the
    random playouts play it: each move a seat drawn among ``to_act`` (always one seat: the draw
    is made unless ``draw_single_seat`` is False), then ``playout_move``'s uniform draw among its
    legal moves. ``trace`` (if given) receives each (seat, move) in turn, as reference moves.

    With ``greed`` above 0 (the search's goal-directed playouts, not the reference's), each boat
    move is, with that probability, the catch worth most to the mover now (``catch_gain``; ties
    drawn), else the uniform draw: opponents who take the good fish in front of them."""
    # ``rng.below(draw, n)`` is ``min(int(random() * n), n - 1)``; ``int(random() * n)`` is
    # below n already for every n under 2**20, so each draw is ``int(rand() * n)``.
    rand = draw.random
    players = state.players
    side = state.side
    _, island, _ = _geometry(side)
    rays = _open_rays(side)
    tiles = [-1 if tile is None else KIND_INDEX[tile] for tile in state.tiles]
    boat = state.boat
    turn = state.turn
    phase = _CODE[state.phase]
    visited = list(state.visited)
    piles = [list(pile) for pile in state.piles]
    doubled = -1 if state.doubled is None else KIND_INDEX[state.doubled]
    winner = state.kingfish_winner
    need = KINGFISH_TO_WIN[players]
    # The boat's reach, kept from the question that found it to the move that uses it (the
    # next turn's start, then its move; a Dinker's take-or-leave, then the move on), and the
    # slides Slide a Tile found usable, for its move: None when not known.
    known: list[int] | None = None
    slides: dict[int, tuple[int, ...]] = {}

    def reach(boat: int | None) -> list[int]:
        """``moves.targets``: every adjacent tile, or a Skipjack at the end of open water, not
        yet visited this turn; sorted."""
        out = set()
        for source in island if boat is None else (boat,):
            for ray in rays[source]:
                for here in ray:
                    tile = tiles[here]
                    if tile < 0:
                        continue
                    if (here == ray[0] or tile == SKIPJACK) and here not in visited:
                        out.add(here)
                    break
        return sorted(out)

    def start_turn(seat: int) -> int:
        """``game._start_turn``: the phase it leaves (a stuck boat first returns home)."""
        nonlocal turn, boat, known
        turn = seat
        visited.clear()
        known = reach(boat)
        if known:
            return MOVE
        if boat is not None:
            boat = None
            known = reach(None)
            if known:
                return MOVE
        return OVER

    def trades(seat: int) -> list[tuple[int, int, int]]:
        """``trade_options`` of the basic fish: (give, other, take), in its order."""
        mine = [k for k in TRADABLE if piles[seat][k] > 0]
        return [
            (give, other, take)
            for give in mine
            for other in range(players)
            if other != seat
            for take in TRADABLE
            if piles[other][take] > 0
        ]

    def collect(seat: int, at: int) -> int:
        """``game._collect``: the tile to the seat's pile; the phase that follows."""
        nonlocal winner, known, slides
        known = None
        tile = tiles[at]
        piles[seat][tile] += 1
        if tile == LUNKER:  # only the last Lunker caught counts: the others' are discarded
            for other in range(players):
                if other != seat and piles[other][LUNKER]:
                    piles[other][LUNKER] = 0
        tiles[at] = -1
        action = _ACTION[tile]
        if action < 0:
            if tile == KINGFISH and piles[seat][KINGFISH] >= need:
                winner = seat
                return OVER
            return start_turn((seat + 1) % players)
        if action == SWAP_TILES:
            useful = sum(t >= 0 for t in tiles) >= 2
        elif action == REMOVE:
            useful = any(t >= 0 for t in tiles)
        elif action == SLIDE:
            slides = slide_map(side, _as_tiles(tiles), boat)
            useful = bool(slides)
        elif action == SWAP_FISH:
            useful = bool(trades(seat))
        else:
            useful = True
        return action if useful else start_turn((seat + 1) % players)

    while phase != OVER:
        seat = turn
        if draw_single_seat:
            rand()
        if phase == MOVE:
            options = known if known is not None else reach(boat)
            known = None
            if greed and rand() < greed:
                to = _greedy_target(options, tiles, piles[seat], doubled, need, rand)
            else:
                to = options[int(rand() * len(options))]
            if trace is not None:
                trace.append((seat, MoveBoat(to)))
            boat = to
            visited.append(to)
            if tiles[to] == DINKER:
                known = reach(boat)
                phase = DINKER_CHOICE if known else collect(seat, to)
            else:
                phase = collect(seat, to)
        elif phase == DINKER_CHOICE:
            # Take, or leave (offered while a further move exists: always, on entering).
            if known is None:
                known = reach(boat)
            k = int(rand() * (2 if known else 1))
            if trace is not None:
                trace.append((seat, TakeDinker() if k == 0 else LeaveDinker()))
            if k == 0:
                assert boat is not None
                phase = collect(seat, boat)
            else:
                phase = MOVE
        else:
            if phase == SWAP_TILES:  # ``random_swap``: the pair drawn without listing them
                full = [i for i, tile in enumerate(tiles) if tile >= 0]
                n = len(full)
                index = int(rand() * (n * (n - 1) // 2))
                k = 0
                while index >= n - 1 - k:
                    index -= n - 1 - k
                    k += 1
                a, b = full[k], full[k + 1 + index]
                if trace is not None:
                    trace.append((seat, SwapSpaces(a, b)))
                tiles[a], tiles[b] = tiles[b], tiles[a]
            elif phase == REMOVE:
                full = [i for i, tile in enumerate(tiles) if tile >= 0]
                at = full[int(rand() * len(full))]
                if trace is not None:
                    trace.append((seat, RemovePiece(at)))
                tiles[at] = -1
            elif phase == DOUBLE:
                doubled = _COLOUR_NUMBERS[int(rand() * 4)]
                if trace is not None:
                    trace.append((seat, Double(KINDS[doubled])))
            elif phase == SLIDE:
                moves = [
                    (start, end)
                    # Found when the tile was collected (or now, for a playout that starts here).
                    for start, ends in (slides or slide_map(side, _as_tiles(tiles), boat)).items()
                    for end in ends
                ]
                slides = {}
                start, end = moves[int(rand() * len(moves))]
                if trace is not None:
                    trace.append((seat, Slide(start, end)))
                tiles[end], tiles[start] = tiles[start], -1
            else:  # SWAP_FISH
                options3 = trades(seat)
                give, other, take = options3[int(rand() * len(options3))]
                if trace is not None:
                    trace.append((seat, Trade(KINDS[give], other, KINDS[take])))
                piles[seat][give] -= 1
                piles[other][give] += 1
                piles[other][take] -= 1
                piles[seat][take] += 1
            phase = start_turn((seat + 1) % players)

    return _scores(piles, doubled, winner)


# What a catch is worth to the one who makes it, beyond what its table says: a crayfish (a
# share of the majorities' 8 and 4), an action tile (a free choice), a Kingfish short of the
# instant win (a step towards it: 2 are needed at 4-5 players, 3 at 2-3), the winning one.
CRAYFISH_GAIN = 3
ACTION_GAIN = 1
KINGFISH_STEP_GAIN = 8
KINGFISH_WIN_GAIN = 1000


def catch_gain(tile: int, pile: list[int], doubled: int, need: int) -> int:
    """About how many points catching ``tile`` adds to the fishing score of ``pile``'s owner
    (the goal of a greedy playout move)."""
    if tile in _COLOUR_NUMBERS:
        return (pile[tile] + 1) * (2 if tile == doubled else 1)  # set_points(n + 1) - set_points(n)
    if tile == CRAYFISH:
        return CRAYFISH_GAIN
    if tile == KINGFISH:
        return KINGFISH_WIN_GAIN if pile[KINGFISH] + 1 >= need else KINGFISH_STEP_GAIN
    if tile == LUNKER:
        return 0 if pile[LUNKER] else LUNKER_POINTS
    if tile == DINKER:
        return DINKER_POINTS
    if tile == SKIPJACK:
        return SKIPJACK_POINTS
    if tile == SHINER:
        held = min(pile[SHINER], len(SHINER_POINTS) - 2)
        return SHINER_POINTS[held + 1] - SHINER_POINTS[held]
    if tile == JUNK:
        return JUNK_POINTS
    return ACTION_GAIN


def _greedy_target(
    options: list[int],
    tiles: list[int],
    pile: list[int],
    doubled: int,
    need: int,
    rand: Any,
) -> int:
    """The target among ``options`` whose catch gains most; ties drawn uniformly."""
    best: list[int] = []
    top = -(10**9)
    for at in options:
        gain = catch_gain(tiles[at], pile, doubled, need)
        if gain > top:
            best, top = [at], gain
        elif gain == top:
            best.append(at)
    return best[0] if len(best) == 1 else best[int(rand() * len(best))]


def _as_tiles(tiles: list[int]) -> list[Tile | None]:
    """The board as ``slide_map`` reads it (it asks only which spaces hold a tile)."""
    return [None if tile < 0 else KINDS[tile] for tile in tiles]


def _scores(piles: list[list[int]], doubled: int, winner: int | None) -> Result:
    """As ``scoring.final_scores`` and ``outcome``: each fishing score, plus the left
    neighbour's with 3 or more players; a Kingfish win alone, else the highest totals."""
    crayfish = sorted({pile[CRAYFISH] for pile in piles if pile[CRAYFISH] > 0}, reverse=True)
    own = []
    for pile in piles:
        points = 0
        for colour in _COLOUR_NUMBERS:
            count = pile[colour]
            if count > 0:
                points += set_points(count) * (2 if colour == doubled else 1)
        if pile[CRAYFISH]:
            rank = crayfish.index(pile[CRAYFISH])
            points += CRAYFISH_MOST if rank == 0 else CRAYFISH_SECOND if rank == 1 else 0
        if pile[LUNKER]:
            points += LUNKER_POINTS
        points += DINKER_POINTS * pile[DINKER]
        points += SKIPJACK_POINTS * pile[SKIPJACK]
        points += JUNK_POINTS * pile[JUNK]
        if pile[SHINER]:
            points += SHINER_POINTS[min(pile[SHINER], len(SHINER_POINTS) - 1)]
        own.append(points)
    n = len(piles)
    totals = tuple(own[i] + own[(i + 1) % n] for i in range(n)) if n > 2 else tuple(own)
    if winner is not None:
        return totals, (winner,)
    best = max(totals)
    return totals, tuple(seat for seat in range(n) if totals[seat] == best)
