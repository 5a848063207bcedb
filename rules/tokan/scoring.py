"""TOKAN scoring: the standard tower count and the "Every Head Counts" variant.

Standard: a tower is a stack of 2+ tiles and belongs to the owner of its top tile; a player
scores the number of tiles in their towers (single tiles score 0); equal scores are a draw.
Every Head Counts: every visible top tile, singles included, scores for its owner (mouse 1,
jackal 2, lion 3). A tie is broken by comparing each player's towers tallest first (a missing
tower counts 0); equal lists are a draw.
"""

from __future__ import annotations

from i18n.text import TN, T, Text
from rules.base import Outcome, ScoreLine, SeatScore
from rules.tokan.board import ANIMAL, ANIMALS, HEAD_POINTS, OWNER, colour_word, seat_colour
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
            return (ScoreLine(T("No towers (single tiles score {points})", points=0), 0),)
        return (
            ScoreLine(T("Towers {heights}", heights="+".join(map(str, heights))), sum(heights)),
        )
    counts = dict.fromkeys(ANIMALS, 0)
    for stack in board:
        if stack and OWNER[stack[-1]] == colour:
            counts[ANIMAL[stack[-1]]] += 1
    lines = tuple(
        ScoreLine(_on_top(a, counts[a]), counts[a] * HEAD_POINTS[a])
        for a in reversed(ANIMALS)  # lions first: they are worth most
        if counts[a]
    )
    return lines or (ScoreLine(T("No tiles on top"), 0),)


def _on_top(animal: str, count: int) -> Text:
    """The label of an Every Head Counts line ("Lions on top x2")."""
    if animal == "lion":
        return T("Lions on top x{count}", count=count)
    if animal == "jackal":
        return T("Jackals on top x{count}", count=count)
    return T("Mice on top x{count}", count=count)


def total(board: tuple[Stack, ...], colour: int, scoring: str) -> int:
    """The sum of ``breakdown``'s points, counted without building its labels (every random
    playout ends here, and its words are never read)."""
    if scoring == TOWERS:
        return sum(towers(board, colour))
    return sum(HEAD_POINTS[ANIMAL[s[-1]]] for s in board if s and OWNER[s[-1]] == colour)


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
        extra = (
            TN(
                "Both stacks are {count} tile high: the game is a tie.",
                "Both stacks are {count} tiles high: the game is a tie.",
                red,
            ),
        )
    else:
        winners, note = tie_break(board, red)
        extra = (note,)
    return Outcome(scores=scores, winners=winners, reason=reason, extra=extra)


def tie_break(board: tuple[Stack, ...], points: int) -> tuple[tuple[int, ...], Text]:
    """Every Head Counts tie: towers compared tallest first, a missing tower counting 0."""
    lists = [towers(board, colour) for colour in range(2)]
    red, black = (
        T(
            "{colour} {towers}",
            colour=colour_word(c),
            towers=", ".join(map(str, lists[c])) or T("none"),
        )
        for c in range(2)
    )
    shown = T("{red} vs {black}", red=red, black=black)
    depth = max(len(lists[0]), len(lists[1]))
    for rank in range(depth):
        a, b = (lst[rank] if rank < len(lst) else 0 for lst in lists)
        if a != b:
            winner = 0 if a > b else 1
            return (winner,), TN(
                "Tied on {count} point; towers tallest first: {towers}. {seat} wins on the "
                "{ordinal} tower ({higher} against {lower}).",
                "Tied on {count} points; towers tallest first: {towers}. {seat} wins on the "
                "{ordinal} tower ({higher} against {lower}).",
                points,
                towers=shown,
                seat=seat_colour(winner),
                ordinal=_ordinal(rank + 1),
                higher=max(a, b),
                lower=min(a, b),
            )
    return (), TN(
        "Tied on {count} point with equal towers ({towers}): the game is a draw.",
        "Tied on {count} points with equal towers ({towers}): the game is a draw.",
        points,
        towers=shown,
    )


def _ordinal(n: int) -> Text:
    """Which tower decided, counted tallest first ("tallest", "2nd tallest")."""
    if n == 1:
        return T("tallest")
    suffix = {2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")
    if suffix == "nd":
        return T("{number}nd tallest", number=n)
    if suffix == "rd":
        return T("{number}rd tallest", number=n)
    return T("{number}th tallest", number=n)
