"""Tonari's scoring: each seat's fish as breakdown lines, the left neighbour, the tie-break.

Red/Blue/Green/Yellow by the set table (In Season doubles one colour for everyone), Orange 8 to the
single player with the most (none on a tie), Purple -5 and Pink +5 each. With 3-4 players a seat
adds the fish of the seat to its left. A tie goes to the tied player who moved the boat most
recently (games.md clarification); tied players who never moved it share the win.
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n.text import T, Text
from rules.base import ScoreLine, SeatScore
from rules.fishing_common import best_seats, colour_lines, seat_scores
from rules.tonari.data import (
    COLOURS,
    FISH_INDEX,
    ORANGE_MAJORITY,
    PINK_POINTS,
    PURPLE_POINTS,
    SKILL_NAMES,
    Token,
)

Pile = Sequence[int]


def fish_lines(piles: Sequence[Pile], seat: int, season: Token | None) -> list[ScoreLine]:
    """The lines of ``seat``'s own fish value (they sum to it)."""
    pile = piles[seat]
    doubled = season.value if season else None
    doubler = Text(SKILL_NAMES[Token.SEASON])
    lines = colour_lines([(c.value, pile[FISH_INDEX[c]]) for c in COLOURS], doubled, doubler)
    oranges = pile[FISH_INDEX[Token.ORANGE]]
    if oranges:
        others = [p[FISH_INDEX[Token.ORANGE]] for s, p in enumerate(piles) if s != seat]
        if oranges > max(others):
            lines.append(ScoreLine(T("Orange x{count} (the most)", count=oranges), ORANGE_MAJORITY))
        else:
            lines.append(ScoreLine(T("Orange x{count} (not the single most)", count=oranges), 0))
    purples = pile[FISH_INDEX[Token.PURPLE]]
    if purples:
        lines.append(ScoreLine(T("Purple x{count}", count=purples), PURPLE_POINTS * purples))
    pinks = pile[FISH_INDEX[Token.PINK]]
    if pinks:
        lines.append(ScoreLine(T("Pink x{count}", count=pinks), PINK_POINTS * pinks))
    return lines


def fish_values(piles: Sequence[Pile], season: Token | None) -> tuple[int, ...]:
    return tuple(
        sum(line.points for line in fish_lines(piles, seat, season)) for seat in range(len(piles))
    )


def final_scores(piles: Sequence[Pile], season: Token | None) -> tuple[SeatScore, ...]:
    """Every seat's score: its fish, plus its left neighbour's with 3-4 players."""
    return seat_scores([fish_lines(piles, seat, season) for seat in range(len(piles))], T("fish"))


def winners(
    scores: Sequence[SeatScore], moved_at: Sequence[int]
) -> tuple[tuple[int, ...], tuple[Text, ...]]:
    """(winners, tie-break explanation): the tied seat that moved the boat most recently."""
    tied = best_seats(scores)
    if len(tied) == 1:
        return tied, ()
    latest = max(tied, key=lambda seat: moved_at[seat])
    if moved_at[latest] == 0:
        return tied, ()  # nobody tied ever moved the boat: a shared win
    # Seat references stay plain: the bot writes each as its person after the text is said.
    names = ", ".join(f"Seat {s + 1}" for s in tied)
    winner = f"Seat {latest + 1}"
    why = T(
        "{seats} tie on {points}; {seat} moved the boat most recently and wins.",
        seats=names,
        points=scores[latest].total,
        seat=winner,
    )
    return (latest,), (why,)
