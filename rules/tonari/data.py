"""Tonari's components as data: the 44-hex board, the tokens, the mix and the points.

The board is games.md's PROPOSAL: rows of 5-6-7-8-7-6-5 hexes (Friendly Fishing's small side), the
two Kuchinoshima island hexes in the middle of the 8-hex row, 42 token spaces. The mix (35 fish +
7 skills) is games.md's PROPOSAL too.
"""

from __future__ import annotations

from enum import Enum

from i18n.text import N_, Text
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
    def label(self) -> Text:
        """The token as players read it: "Red fish", "Sense the Schools"."""
        return Text(LABELS[self])

    @property
    def with_article(self) -> Text:
        """The token with its indefinite article: "a Red fish", "an Orange fish"."""
        return Text(WITH_ARTICLE[self])

    @property
    def button_word(self) -> Text:
        """The token as a button names it after the hex it lies on ("d3: Red")."""
        return Text(BUTTON_WORDS[self])


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

# The words players read, marked for the catalogue (said where they are used: ``Text(entry)``).
SKILL_NAMES: dict[Token, str] = {
    Token.SENSE: N_("Sense the Schools"),
    Token.ROUGH: N_("Rough Waters"),
    Token.SCARE: N_("Scare it Off"),
    Token.SEASON: N_("In Season"),
}
LABELS: dict[Token, str] = {
    Token.RED: N_("Red fish"),
    Token.BLUE: N_("Blue fish"),
    Token.GREEN: N_("Green fish"),
    Token.YELLOW: N_("Yellow fish"),
    Token.ORANGE: N_("Orange fish"),
    Token.PURPLE: N_("Purple fish"),
    Token.PINK: N_("Pink fish"),
    **SKILL_NAMES,
}
# Whole phrases, so a language can choose its article with the noun.
WITH_ARTICLE: dict[Token, str] = {
    Token.RED: N_("a Red fish"),
    Token.BLUE: N_("a Blue fish"),
    Token.GREEN: N_("a Green fish"),
    Token.YELLOW: N_("a Yellow fish"),
    Token.ORANGE: N_("an Orange fish"),
    Token.PURPLE: N_("a Purple fish"),
    Token.PINK: N_("a Pink fish"),
    Token.SENSE: N_("a Sense the Schools"),
    Token.ROUGH: N_("a Rough Waters"),
    Token.SCARE: N_("a Scare it Off"),
    Token.SEASON: N_("an In Season"),
}
BUTTON_WORDS: dict[Token, str] = {
    Token.RED: N_("Red"),
    Token.BLUE: N_("Blue"),
    Token.GREEN: N_("Green"),
    Token.YELLOW: N_("Yellow"),
    Token.ORANGE: N_("Orange"),
    Token.PURPLE: N_("Purple"),
    Token.PINK: N_("Pink"),
    Token.SENSE: N_("Sense the schools"),
    Token.ROUGH: N_("Rough waters"),
    Token.SCARE: N_("Scare it off"),
    Token.SEASON: N_("In season"),
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
