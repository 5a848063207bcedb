"""A compact TOKAN simulator for random playouts (issue 13: 2,000 playouts a second).

The reference rules build a new frozen state and a record of the move (with space names) at
each move. This plays the same game on a list of stacks inside one function: one scan per move
lists the legal moves as prebuilt entries in ``moves.legal_moves``' order (by space, direction,
then carry), the drawn one is applied in place, and the next scan is also the end test.

It is a second implementation of the same rules, so ``tests/rules/test_tokan_fast.py`` and
``tests/test_playout_identity.py`` play many seeded games both ways and require the same moves
in the same order, the same draws and the same totals and winners.
"""

from __future__ import annotations

import random
from typing import Any

from rules.tokan import scoring
from rules.tokan.board import INDEX, OPPOSITE, RAYS
from rules.tokan.moves import _LINES, _OWN_FACTS
from rules.tokan.state import TokanState

# A playout's result: each seat's final score (by seat), and the winners.
Result = tuple[tuple[int, ...], tuple[int, ...]]
# Entry = (origin, landing, tiles moved (carry + 1), the spaces behind the origin that slide
# in when it empties (nearest first), the Move object)
Entry = tuple[int, int, int, tuple[int, ...], Any]
# _ENTRIES[space][reach]: per line of ``moves._LINES``, (spaces passed over, landing, the
# entries for carrying 0, 1, 2): moves._LINES with everything the move needs to be applied.
_ENTRIES: tuple[dict[int, tuple[tuple[tuple[int, ...], int, tuple[Entry, ...]], ...]], ...] = tuple(
    {
        reach: tuple(
            (
                passed,
                landing,
                tuple(
                    (
                        index,
                        landing,
                        move.carry + 1,
                        RAYS[index][OPPOSITE[move.direction]],
                        move,
                    )
                    for move in by_carry
                ),
            )
            for passed, landing, by_carry in lines
        )
        for reach, lines in by_reach.items()
    }
    for index, by_reach in enumerate(_LINES)
)


def playout(
    state: TokanState,
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
    board = list(state.board)
    turn = state.turn
    taboo = None if state.last is None else INDEX[state.last.landing]
    over = state.over
    while not over:
        # ``moves._scan`` of the seat on turn, listing entries instead of Move objects.
        legal: list[Entry] = []
        extend = legal.extend
        own = _OWN_FACTS[turn]
        for index, stack in enumerate(board):
            if not stack:
                continue
            facts = own.get(stack[-1])
            if facts is None:
                continue
            reach, most = facts
            level = len(stack)
            if most >= level:
                most = level - 1
            for passed, landing, entries in _ENTRIES[index][reach]:
                height = len(board[landing])
                if not height or landing == taboo or height + most < level:
                    continue
                for p in passed:
                    if not board[p]:
                        break
                else:
                    least = level - height
                    extend(entries[least if least > 0 else 0 : most + 1])
        if not legal:  # the seat on turn cannot move: the game is over
            break
        if draw_single_seat:
            rand()
        origin, landing, count, behind, move = legal[int(rand() * len(legal))]
        if trace is not None:
            trace.append((turn, move))
        # ``moves.play``: the tiles go on the landing stack; an emptied origin is closed by
        # the unbroken line of stacks behind it sliding one space forward.
        stack = board[origin]
        board[landing] += stack[-count:]
        rest = stack[:-count]
        board[origin] = rest
        if not rest:
            here = origin
            for back in behind:
                if not board[back]:
                    break
                board[here] = board[back]
                board[back] = ()
                here = back
        taboo = landing
        turn = 1 - turn
    final = tuple(board)
    totals = tuple(scoring.total(final, colour, state.scoring) for colour in range(2))
    if totals[0] != totals[1]:
        return totals, ((0,) if totals[0] > totals[1] else (1,))
    if state.scoring == scoring.TOWERS:
        return totals, ()
    return totals, scoring.tie_break(final, totals[0])[0]
