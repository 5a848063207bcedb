"""Tonga Bonga's words: the rules summary with our readings, and the move help.

Both are messages of the catalogue (one per paragraph of the summary); the commands quoted in
them, the game's name and the seat they name are placeholders, so a translation can move them
but never change them.
"""

from __future__ import annotations

from i18n.text import T, Text, joined
from rules.tonga.common import island_name
from rules.tonga.map import HOME, NAME_TO_SPACE

# The placeholder values: move notation as typed, and names (the game's published name, the
# islands' names said in the reader's language, the seat a reading names).
_VALUES: dict[str, Text | str] = {
    "wages": "wages 3 2",
    "poor_wages": "wages 1 0",
    "reroll": "reroll 1 s",
    "reroll_all": "reroll all",
    "seasick": "s",
    "place": "place 4 on B",
    "places": "place 4 on B, 2 on C",
    "keep": "keep",
    "step": "go d5",
    "harbour": "go cocoa",
    "route": "go m4 m3 cocoa camp l3",
    "camp": "camp",
    "end": "end",
    "game": island_name(HOME),
    "cocoa": island_name(NAME_TO_SPACE["cocoa"]),
    "palmoa": island_name(NAME_TO_SPACE["palmoa"]),
    "first_seat": "Seat 1",
}

RULES_TEXT = joined(
    (
        T(
            "**{game}** (3-4 players, with dice). Sail to the islands, set up camps and end with "
            "the most money. Everyone starts with 20 coins, 4 camps, 3 crew dice (1-5 and seasick) "
            "and a ship in the {game} harbour.",
            game=_VALUES["game"],
        ),
        T(
            "**A round** has four steps, each taken in hiring-board order (the leftmost board "
            "moves to the right end every round):",
        ),
        T(
            "1. **Wages**: put at least 1 coin on your captain and 1 on your helmsman (`{wages}`).",
            wages=_VALUES["wages"],
        ),
        T(
            "2. **Crew**: your 3 dice are rolled for you. Reroll any 1-3 of them before placing "
            "for 2, then 3, 4, ... coins (`{reroll}`). Seasick dice stay home. Place every other "
            "die on another player's ship (`{place}`, or all at once: `{places}`): with 4 players "
            "one die per ship, with 3 players one or two. A ship's dice sit highest first "
            "(captain, helmsman, cabin boy); a new die goes left of equal ones.",
            reroll=_VALUES["reroll"],
            place=_VALUES["place"],
            places=_VALUES["places"],
        ),
        T(
            "3. **Navigation**: your movement points are the sum of the dice on your ship. Sail "
            "space by space, one (`{step}`) or a whole route in one move (`{route}`; autocomplete "
            "offers routes to harbours, camps and treasure with their cost): 1 point per free "
            "small space or per harbour (a large space ships share), 2 to pass through a small "
            "space with a ship (you may not stop there). No land, reefs or ghost ship. On entering "
            "a harbour of an island without your camp you may `{camp}`: +25 from the bank, then 5 "
            "to each other camp there. `{end}` ends your turn early.",
            step=_VALUES["step"],
            route=_VALUES["route"],
            camp=_VALUES["camp"],
            end=_VALUES["end"],
        ),
        T(
            "4. **Wage payment** (automatic): the captain's and helmsman's wages go to those "
            "dice's owners; wages of empty places go back; the cabin boy works for free.",
        ),
        T(
            "**Special tiles** (7 of 8, dealt at random on the dolphin spaces): wind +1/+2/+3 "
            "points on entering; sunken treasure 5/10 to the ship that ends its move there; "
            "treasure maps to {cocoa} and {palmoa} pay 10 on arriving there; the ghost ship is "
            "impassable.",
            cocoa=_VALUES["cocoa"],
            palmoa=_VALUES["palmoa"],
        ),
        T(
            "**End**: after the round in which a player with all 4 camps set reaches {game}. Most "
            "money wins; ties share the win.",
            game=_VALUES["game"],
        ),
        T(
            "**Our readings:**",
        ),
        T(
            "- The map is our own proposal (the real board is unpublished): 6 islands, 170 sea "
            "spaces, reefs, 7 dolphin spaces. Dice faces 1-5 plus seasick.",
        ),
        T(
            "- Special tiles: wind +1, +2, +3; sunken treasure 5 and 10; treasure maps to {cocoa} "
            "and {palmoa} (10 each, camp not needed); the ghost ship.",
            cocoa=_VALUES["cocoa"],
            palmoa=_VALUES["palmoa"],
        ),
        T(
            "- A wind tile gives its points at most once per ship per navigation turn, also when "
            "passing.",
        ),
        T(
            "- A treasure map is taken by the first ship to enter its space (sailing over it "
            "counts); sunken treasure pays only the ship that ends its turn there.",
        ),
        T(
            "- Passing through an occupied small space is allowed only when a further step is "
            "possible afterwards; you may not end your turn there.",
        ),
        T(
            "- Camping is decided right after entering a harbour (its own move: `{camp}`); a ship "
            "that starts its turn in a harbour must leave and come back to camp there. One camp "
            "per island, none on {game}.",
            camp=_VALUES["camp"],
            game=_VALUES["game"],
        ),
        T(
            "- Ghost ship: the first time in a navigation turn a ship enters a space next to it, "
            "its owner pays 3 coins per die on the ship to that die's owner (a harbour is next to "
            "it if any of its hexes is).",
        ),
        T(
            "- Rerolls only before placing your first die; the cost (2, 3, 4, ...) restarts every "
            "round.",
        ),
        T(
            "- Every non-seasick die must be placed. With 3 players at most 2 of your dice go on "
            "one ship. A ship holds 3 dice: a 4th die pushes the lowest off, and that die earns "
            "nothing.",
        ),
        T(
            "- A player who cannot pay 1 + 1 in wages puts down what they have: a single coin goes "
            "on the captain's wage (`{poor_wages}`). Money never goes below 0: a debt that cannot "
            "be paid is forgiven.",
            poor_wages=_VALUES["poor_wages"],
        ),
        T(
            "- The 10-coin bonus goes to every player with 4 camps who enters {game} in the last "
            "round. Equal money shares the win.",
            game=_VALUES["game"],
        ),
        T(
            "- {first_seat} takes the first hiring board; the boards follow the seats. Spending "
            "movement points is optional; unused points are lost.",
            first_seat=_VALUES["first_seat"],
        ),
        "",  # the summary ends with a line break
    ),
    "\n",
)

MOVE_HELP = T(
    "`{wages}` (captain, helmsman) · `{reroll}` (die values, {seasick} = seasick) or "
    "`{reroll_all}` · `{place}` (die value, ship letter) or several: `{places}` · `{keep}` "
    "· `{step}` or `{harbour}` (one space) or a route: `{route}` · `{camp}` · `{end}`",
    wages=_VALUES["wages"],
    reroll=_VALUES["reroll"],
    seasick=_VALUES["seasick"],
    reroll_all=_VALUES["reroll_all"],
    place=_VALUES["place"],
    places=_VALUES["places"],
    keep=_VALUES["keep"],
    step=_VALUES["step"],
    harbour=_VALUES["harbour"],
    route=_VALUES["route"],
    camp=_VALUES["camp"],
    end=_VALUES["end"],
)
