"""TOKAN scoring: the standard tower count and the "Every Head Counts" variant.

Standard: a tower is a stack of 2+ tiles and belongs to the owner of its top tile; a player
scores the number of tiles in their towers (single tiles score 0); equal scores are a draw.
Every Head Counts: every visible top tile, singles included, scores for its owner (mouse 1,
jackal 2, lion 3). A tie is broken by comparing each player's towers tallest first (a missing
tower counts 0); equal lists are a draw.
"""

from __future__ import annotations

from rules.base import Outcome, ScoreLine, SeatScore
from rules.tokan.board import ANIMAL, ANIMAL_PLURALS, ANIMALS, COLOURS, HEAD_POINTS, OWNER
from rules.tokan.state import Stack

TOWERS = "towers"
EVERY_HEAD = "every-head-counts"
SCORINGS = (TOWERS, EVERY_HEAD)


def towers(board: tuple[Stack, ...], colour: int) -> tuple[int, ...]:
    """Heights of ``colour``'s towers (stacks of 2+ with its tile on top), tallest first."""
    return tuple(
        sorted((len(s) for s in board if len(s) >= 2 and OWNER[s[-1]] == colour), reverse=True)
    )


def breakdown(board: tuple[Stack, ...], colour: int, scoring: str) -> tuple[ScoreLine, ...]:
    """The score lines of ``colour`` under ``scoring``; their points sum to the total."""
    if scoring == TOWERS:
        heights = towers(board, colour)
        if not heights:
            return (ScoreLine("No towers (single tiles score 0)", 0),)
        return (ScoreLine("Towers " + "+".join(map(str, heights)), sum(heights)),)
    counts = dict.fromkeys(ANIMALS, 0)
    for stack in board:
        if stack and OWNER[stack[-1]] == colour:
            counts[ANIMAL[stack[-1]]] += 1
    lines = tuple(
        ScoreLine(f"{ANIMAL_PLURALS[a]} on top x{counts[a]}", counts[a] * HEAD_POINTS[a])
        for a in reversed(ANIMALS)  # lions first: they are worth most
        if counts[a]
    )
    return lines or (ScoreLine("No tiles on top", 0),)


def total(board: tuple[Stack, ...], colour: int, scoring: str) -> int:
    return sum(line.points for line in breakdown(board, colour, scoring))


def outcome(board: tuple[Stack, ...], scoring: str, reason: str) -> Outcome:
    """The final result: both seats' scores, the winner (none on a draw) and tie-break notes."""
    scores = tuple(
        SeatScore(seat, sum(line.points for line in lines), lines)
        for seat, lines in enumerate(breakdown(board, c, scoring) for c in range(2))
    )
    red, black = scores[0].total, scores[1].total
    extra: tuple[str, ...] = ()
    if red != black:
        winners: tuple[int, ...] = (0,) if red > black else (1,)
    elif scoring == TOWERS:
        winners = ()
        extra = (f"Both stacks are {red} tiles high: the game is a tie.",)
    else:
        winners, note = tie_break(board, red)
        extra = (note,)
    return Outcome(scores=scores, winners=winners, reason=reason, extra=extra)


def tie_break(board: tuple[Stack, ...], points: int) -> tuple[tuple[int, ...], str]:
    """Every Head Counts tie: towers compared tallest first, a missing tower counting 0."""
    lists = [towers(board, colour) for colour in range(2)]
    shown = " vs ".join(f"{COLOURS[c]} {', '.join(map(str, lists[c])) or 'none'}" for c in range(2))
    depth = max(len(lists[0]), len(lists[1]))
    for rank in range(depth):
        a, b = (lst[rank] if rank < len(lst) else 0 for lst in lists)
        if a != b:
            winner = 0 if a > b else 1
            return (winner,), (
                f"Tied on {points} points; towers tallest first: {shown}. "
                f"{COLOURS[winner].capitalize()} wins on the {_ordinal(rank + 1)} tower "
                f"({max(a, b)} against {min(a, b)})."
            )
    return (), f"Tied on {points} points with equal towers ({shown}): the game is a draw."


def _ordinal(n: int) -> str:
    if n == 1:
        return "tallest"
    suffix = {2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    return f"{n}{suffix} tallest"
