"""Tonari's components as data: the 44-hex board, the tokens, the mix and the points.

The board is games.md's PROPOSAL: rows of 5-6-7-8-7-6-5 hexes (Friendly Fishing's small side), the
two Kuchinoshima island hexes in the middle of the 8-hex row, 42 token spaces. The mix (35 fish +
7 skills) is games.md's PROPOSAL too.
"""

from __future__ import annotations

from enum import Enum

from rules.hexgrid import ROWS_44, board

BOARD = board(ROWS_44)
ISLANDS: tuple[int, ...] = (BOARD.index((0, 0)), BOARD.index((1, 0)))  # d4 and e4


class Token(Enum):
    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    YELLOW = "yellow"
    ORANGE = "orange"
    PURPLE = "purple"
    PINK = "pink"
    SENSE = "sense the schools"
    ROUGH = "rough waters"
    SCARE = "scare it off"
    SEASON = "in season"

    @property
    def label(self) -> str:
        """The token as players read it: "Red fish", "Sense the Schools"."""
        return SKILL_NAMES.get(self, f"{self.value.title()} fish")


# A pile is a count per fish kind, in this order.
FISH: tuple[Token, ...] = (
    Token.RED,
    Token.BLUE,
    Token.GREEN,
    Token.YELLOW,
    Token.ORANGE,
    Token.PURPLE,
    Token.PINK,
)
FISH_INDEX: dict[Token, int] = {t: i for i, t in enumerate(FISH)}
COLOURS: tuple[Token, ...] = FISH[:4]  # the set-scored colours In Season may double
# Rough Waters never moves Purple or Pink.
TRADABLE: tuple[Token, ...] = (*COLOURS, Token.ORANGE)

SKILL_NAMES: dict[Token, str] = {
    Token.SENSE: "Sense the Schools",
    Token.ROUGH: "Rough Waters",
    Token.SCARE: "Scare it Off",
    Token.SEASON: "In Season",
}

# The token mix (games.md PROPOSAL): 35 fish + 7 skills = the 42 token spaces.
TOKEN_MIX: tuple[tuple[Token, int], ...] = (
    (Token.RED, 6),
    (Token.BLUE, 6),
    (Token.GREEN, 6),
    (Token.YELLOW, 6),
    (Token.ORANGE, 7),
    (Token.PURPLE, 2),
    (Token.PINK, 2),
    (Token.SENSE, 2),
    (Token.ROUGH, 2),
    (Token.SCARE, 2),
    (Token.SEASON, 1),
)
ORANGE_MAJORITY = 8
PURPLE_POINTS = -5
PINK_POINTS = 5
