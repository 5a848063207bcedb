"""Toshi Tōshi components and tables, as data (see the rulebook and games.md section 4)."""

from __future__ import annotations

from i18n.text import N_
from rules.base import SEAT_LETTERS as SEAT_LETTERS  # re-exported: one alphabet for all games

# Building cards: five colours, one card of each value 1..10 per colour. The rulebook's example
# names Purple, Red, Blue and Green; the fifth colour is not in the text, we call it Yellow.
COLOURS: tuple[str, ...] = ("R", "B", "G", "P", "Y")
COLOUR_NAMES: dict[str, str] = {
    "R": N_("Red"),
    "B": N_("Blue"),
    "G": N_("Green"),
    "P": N_("Purple"),
    "Y": N_("Yellow"),
}
VALUES: tuple[int, ...] = tuple(range(1, 11))

HAND_SIZE = 10
ROUNDS = 10
TOKENS_PER_PLAYER = 10

# Grid size (rows, columns) by player count: 3 players use 3 x 5, otherwise 5 x 5.
GRID_SIZE: dict[int, tuple[int, int]] = {3: (3, 5), 4: (5, 5), 5: (5, 5)}

# Cards the trick winner builds per round: (face up, face down).
BUILDS: dict[int, tuple[int, int]] = {3: (0, 1), 4: (1, 1), 5: (1, 1)}

# Parks + Monument majority.
MAJORITY_POINTS = 12
MAJORITY_SPLIT: dict[int, int] = {1: MAJORITY_POINTS, 2: 6, 3: 4, 4: 3, 5: 2}

# Specialisation cards (variant).
INFLUENSTAR = "Influenstar"
PAWNLITICIAN = "Pawnlitician"
BUILDER = "Builder"
OCTOGEEK = "Octogeek"
OVERSEER = "Overseer"
SPECIALISATIONS: tuple[str, ...] = (INFLUENSTAR, PAWNLITICIAN, BUILDER, OCTOGEEK, OVERSEER)
NOT_WITH_THREE: tuple[str, ...] = (PAWNLITICIAN,)
# The cards' names as players read them (the constants above are also the state's keys).
SPEC_NAMES: dict[str, str] = {
    INFLUENSTAR: N_("Influenstar"),
    PAWNLITICIAN: N_("Pawnlitician"),
    BUILDER: N_("Builder"),
    OCTOGEEK: N_("Octogeek"),
    OVERSEER: N_("Overseer"),
}

SPEC_POWERS: dict[str, str] = {
    INFLUENSTAR: N_("after losing a trick, place your token at any moment before the next trick"),
    PAWNLITICIAN: N_("after losing a trick, you may choose and place the face-up card"),
    BUILDER: N_("in the Nature phase you may place a second token on the middle of a card"),
    OCTOGEEK: N_("after winning a trick, take each bonus action once, in any order"),
    OVERSEER: N_("in the Nature phase you may place outside the grid or where no card is yet"),
}
SPEC_BONUSES: dict[str, str] = {
    INFLUENSTAR: N_("5 NP per unused token"),
    PAWNLITICIAN: N_("3/6/10 NP for 3/4/5 building colours gained"),
    BUILDER: N_("wins the complete ties it is part of"),
    OCTOGEEK: N_("5 NP per Park or Monument gained"),
    OVERSEER: N_("7/6/5 NP (3/4/5 players) per building colour not gained"),
}

INFLUENSTAR_PER_TOKEN = 5
PAWNLITICIAN_COLOURS: dict[int, int] = {3: 3, 4: 6, 5: 10}
OCTOGEEK_PER_LANDMARK = 5
OVERSEER_PER_MISSING: dict[int, int] = {3: 7, 4: 6, 5: 5}

# Influence bonus actions (their letters are kept in the state for the Octogeek).
ACTION_MOVE = "m"
ACTION_LEAD = "l"
ACTION_FLIP = "f"
ACTIONS: tuple[str, ...] = (ACTION_MOVE, ACTION_LEAD, ACTION_FLIP)

# Seat letters (as the pictures print them); `lead` accepts them in lower case too.
SEAT_LETTERS_LOWER = "abcde"

VARIANT_STANDARD = "standard"
VARIANT_SPECIALISATION = "specialisation"
