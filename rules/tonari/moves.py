"""Where Tonari's boat may go: an adjacent token except Pink, or Pink by a two-hex jump.

A Pink token is reached only by moving two hexes in a straight line over an empty hex or an island
hex; an adjacent Pink that cannot be jumped to is not a move. Island hexes never hold a token, so
the boat never stops on the island again.
"""

from __future__ import annotations

from collections.abc import Sequence

from i18n.text import T, Text
from rules.tonari.data import BOARD, ISLANDS, Token

# Pink jumps: for each hex, every (hex jumped over, hex landed on) along a straight line.
JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (over, BOARD.step[over][d])
        for d, over in enumerate(steps)
        if over >= 0 and BOARD.step[over][d] >= 0
    )
    for steps in BOARD.step
)


# The latest answer of ``targets``: a move asks it to see whether the game goes on, and the
# next turn's legal moves ask it again of the same board. Keyed by the identity of the tokens
# tuple, which the entry keeps alive (so the identity cannot be reused), and the boat; one
# immutable tuple read and replaced whole (threads may share this module).
_last_answer: tuple[object, int | None, tuple[int, ...]] = (None, None, ())


def targets(tokens: Sequence[Token | None], boat: int | None) -> tuple[int, ...]:
    """The hexes the boat may move to: adjacent tokens except Pink, plus Pink jumps."""
    global _last_answer
    if boat is None:
        return ()
    known_tokens, known_boat, answer = _last_answer
    if known_tokens is tokens and known_boat == boat:
        return answer
    answer = _targets(tokens, boat)
    _last_answer = (tokens, boat, answer)
    return answer


def _targets(tokens: Sequence[Token | None], boat: int) -> tuple[int, ...]:
    out = [
        n for n in BOARD.neighbours[boat] if tokens[n] is not None and tokens[n] is not Token.PINK
    ]
    out += [
        land for over, land in JUMPS[boat] if tokens[over] is None and tokens[land] is Token.PINK
    ]
    return tuple(sorted(out))


def boat_reason(tokens: Sequence[Token | None], boat: int, to: int) -> Text | str:
    """Why the boat may not move from ``boat`` to ``to``, or "" when it may."""
    label = BOARD.label(to)
    token = tokens[to]
    if token is None:
        if to in ISLANDS:
            return T("{hex} is an island hex: the boat never stops on the island again.", hex=label)
        return T("{hex} is empty: the boat only moves onto a token.", hex=label)
    if token is Token.PINK:
        if to in targets(tokens, boat):
            return ""
        if to in BOARD.neighbours[boat]:
            return T(
                "{hex} holds a Pink token, which cannot be caught from an adjacent hex: "
                "jump to it over one empty or island hex in a straight line.",
                hex=label,
            )
        if to in (land for _, land in JUMPS[boat]):
            return T(
                "The hex between the boat and {hex} still holds a token: "
                "Pink needs a jump over an empty hex.",
                hex=label,
            )
        return T(
            "{hex} is not two hexes away in a straight line: Pink is caught only by a jump.",
            hex=label,
        )
    if to not in BOARD.neighbours[boat]:
        return T("{hex} is not next to the boat ({boat}).", hex=label, boat=BOARD.label(boat))
    return ""
