"""A compact Tonari simulator for random playouts (issue 13: 2,000 playouts a second).

The reference rules build a new frozen state at each move, look tokens up by an Enum (whose
hash runs in Python) and list every legal move before one is drawn. This plays the same game on
a plain list of token numbers (``Token`` members' positions, -1 for none) inside one function,
counting the legal moves in ``Tonari.legal_moves``' order instead of building them, and builds
a move object only when a trace is asked for.

It is a second implementation of the same rules, so ``tests/rules/test_tonari_fast.py`` and
``tests/test_playout_identity.py`` play many seeded games both ways and require the same seats,
the same moves in the same order, the same draws and the same totals and winners.
"""

from __future__ import annotations

import random
from typing import Any

from rules.fishing_common import Double, MoveBoat, RemovePiece, SwapSpaces, Trade, set_points
from rules.tonari.data import (
    BOARD,
    FISH,
    FISH_INDEX,
    ISLANDS,
    ORANGE_MAJORITY,
    PINK_POINTS,
    PURPLE_POINTS,
    TRADABLE,
    Token,
)
from rules.tonari.moves import JUMPS
from rules.tonari.state import SKILL_PHASE, Phase, PlaceBoat, TonariState

# A playout's result: each seat's final score (by seat), and the winners.
Result = tuple[tuple[int, ...], tuple[int, ...]]
PLACE, MOVE, SENSE, ROUGH, SCARE, SEASON, OVER = range(7)
_CODE = {
    Phase.PLACE: PLACE,
    Phase.MOVE: MOVE,
    Phase.SENSE: SENSE,
    Phase.ROUGH: ROUGH,
    Phase.SCARE: SCARE,
    Phase.SEASON: SEASON,
    Phase.OVER: OVER,
}
TOKENS: tuple[Token, ...] = tuple(Token)
_NUMBER = {token: i for i, token in enumerate(TOKENS)}
PINK = _NUMBER[Token.PINK]
# Per token number: its place in a pile (FISH order), or -1 for a skill; and a skill's phase.
_PILE = tuple(FISH_INDEX.get(token, -1) for token in TOKENS)
_SKILL = tuple(_CODE[SKILL_PHASE[t]] if t in SKILL_PHASE else -1 for t in TOKENS)
_TRADABLE = tuple(FISH_INDEX[t] for t in TRADABLE)
RED, BLUE, GREEN, YELLOW, ORANGE, PURPLE, PINK_FISH = range(len(FISH))
_COLOURS = (RED, BLUE, GREEN, YELLOW)  # the set-scored colours (FISH order), In Season's choice


def playout(
    state: TonariState,
    draw: random.Random,
    trace: list[tuple[int, Any]] | None = None,
    draw_single_seat: bool = True,
) -> Result:
    """The final scores and winners of the game played on from ``state`` to its end as the
    random playouts play it: each move a seat drawn among ``to_act`` (always one seat: the draw
    is made unless ``draw_single_seat`` is False), then ``playout_move``'s uniform draw among its
    legal moves. ``trace`` (if given) receives each (seat, move) in turn, as reference moves."""
    # ``rng.below(draw, n)`` is ``min(int(random() * n), n - 1)``; ``int(random() * n)`` is
    # below n already for every n under 2**20, so each draw is ``int(rand() * n)``.
    rand = draw.random
    players = state.players
    neighbours = BOARD.neighbours
    tokens = [-1 if token is None else _NUMBER[token] for token in state.tokens]
    boat = state.boat
    turn = state.turn
    phase = _CODE[state.phase]
    piles = [list(pile) for pile in state.piles]
    season = -1 if state.season is None else FISH_INDEX[state.season]
    count = state.boat_moves
    moved_at = list(state.moved_at)

    def reach(boat: int | None) -> list[int]:
        """``moves.targets``: adjacent tokens but Pink, and Pink by a jump over an empty hex."""
        if boat is None:
            return []
        out = [n for n in neighbours[boat] if tokens[n] >= 0 and tokens[n] != PINK]
        for over, land in JUMPS[boat]:
            if tokens[over] < 0 and tokens[land] == PINK:
                out.append(land)
        out.sort()
        return out

    def trades(seat: int) -> list[tuple[int, int, int]]:
        """``trade_options`` of Rough Waters' fish: (give, other, take), in its order."""
        mine = [k for k in _TRADABLE if piles[seat][k] > 0]
        return [
            (give, other, take)
            for give in mine
            for other in range(players)
            if other != seat
            for take in _TRADABLE
            if piles[other][take] > 0
        ]

    def collected() -> list[int]:
        """``_collected_colours``: the colours someone holds (In Season's choices)."""
        return [c for c in _COLOURS if any(pile[c] for pile in piles)]

    # The boat's reach after a move, kept for the next turn's move (None: not known).
    known: list[int] | None = None
    while phase != OVER:
        seat = turn
        if draw_single_seat:
            rand()
        if phase == MOVE:
            options = known if known is not None else reach(boat)
            to = options[int(rand() * len(options))]
            if trace is not None:
                trace.append((seat, MoveBoat(to)))
            token = tokens[to]
            tokens[to] = -1
            boat = to
            count += 1
            moved_at[seat] = count
            fish = _PILE[token]
            if fish >= 0:
                piles[seat][fish] += 1
            else:
                skill = _SKILL[token]
                if skill == SENSE:
                    useful = sum(t >= 0 for t in tokens) >= 2
                elif skill == SCARE:
                    useful = any(t >= 0 for t in tokens)
                elif skill == ROUGH:
                    useful = bool(trades(seat))
                else:
                    useful = bool(collected())
                if useful:
                    phase = skill
                    known = None
                    continue  # the same seat uses the skill
        elif phase == PLACE:
            at = ISLANDS[int(rand() * len(ISLANDS))]
            if trace is not None:
                trace.append((seat, PlaceBoat(at)))
            boat = at
            count += 1
            moved_at[seat] = count
        elif phase == SENSE:  # ``random_swap``: the pair drawn without listing them
            full = [i for i, token in enumerate(tokens) if token >= 0]
            n = len(full)
            index = int(rand() * (n * (n - 1) // 2))
            k = 0
            while index >= n - 1 - k:
                index -= n - 1 - k
                k += 1
            a, b = full[k], full[k + 1 + index]
            if trace is not None:
                trace.append((seat, SwapSpaces(a, b)))
            tokens[a], tokens[b] = tokens[b], tokens[a]
        elif phase == SCARE:
            full = [i for i, token in enumerate(tokens) if token >= 0]
            at = full[int(rand() * len(full))]
            if trace is not None:
                trace.append((seat, RemovePiece(at)))
            tokens[at] = -1
        elif phase == ROUGH:
            options3 = trades(seat)
            give, other, take = options3[int(rand() * len(options3))]
            if trace is not None:
                trace.append((seat, Trade(FISH[give], other, FISH[take])))
            piles[seat][give] -= 1
            piles[other][give] += 1
            piles[other][take] -= 1
            piles[seat][take] += 1
        else:  # SEASON
            colours = collected()
            season = colours[int(rand() * len(colours))]
            if trace is not None:
                trace.append((seat, Double(FISH[season])))
        # ``game._pass_turn``: the next seat moves, or the game is over.
        turn = (turn + 1) % players
        known = reach(boat)
        phase = MOVE if known else OVER

    return _scores(piles, season, moved_at)


def _scores(piles: list[list[int]], season: int, moved_at: list[int]) -> Result:
    """As ``scoring.final_scores`` and ``scoring.winners``: each seat's fish, plus the left
    neighbour's with 3-4 players; a tie goes to the tied seat that moved the boat last."""
    own = []
    for seat, pile in enumerate(piles):
        points = 0
        for colour in _COLOURS:
            if pile[colour] > 0:
                points += set_points(pile[colour]) * (2 if colour == season else 1)
        oranges = pile[ORANGE]
        if oranges and oranges > max(p[ORANGE] for s, p in enumerate(piles) if s != seat):
            points += ORANGE_MAJORITY
        points += PURPLE_POINTS * pile[PURPLE] + PINK_POINTS * pile[PINK_FISH]
        own.append(points)
    n = len(piles)
    totals = tuple(own[i] + own[(i + 1) % n] for i in range(n)) if n > 2 else tuple(own)
    best = max(totals)
    tied = tuple(seat for seat in range(n) if totals[seat] == best)
    if len(tied) > 1:
        latest = max(tied, key=moved_at.__getitem__)
        if moved_at[latest]:
            return totals, (latest,)
    return totals, tied
