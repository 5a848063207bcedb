"""Tonga Bonga's words: the rules summary with our readings, and the move help."""

from __future__ import annotations

RULES_TEXT = """\
**Tonga Bonga** (3-4 players, with dice). Sail to the islands, set up camps and end with the most \
money. Everyone starts with 20 coins, 4 camps, 3 crew dice (1-5 and seasick) and a ship in the \
Tonga Bonga harbour.
**A round** has four steps, each taken in hiring-board order (the leftmost board moves to the \
right end every round):
1. **Wages**: put at least 1 coin on your captain and 1 on your helmsman (`wages 3 2`).
2. **Crew**: your 3 dice are rolled for you. Reroll any 1-3 of them before placing for 2, then \
3, 4, ... coins (`reroll 1 s`). Seasick dice stay home. Place every other die on another \
player's ship (`place 4 on B`, or all at once: `place 4 on B, 2 on C`): with 4 players one die \
per ship, with 3 players one or two. \
A ship's dice sit highest first (captain, helmsman, cabin boy); a new die goes left of equal ones.
3. **Navigation**: your movement points are the sum of the dice on your ship. Sail space by \
space, one (`go d5`) or a whole route in one move (`go m4 m3 cocoa camp l3`; autocomplete \
offers routes to harbours, camps and treasure with their cost): 1 point per free small space or \
per harbour (a large space ships share), 2 to pass through a small space with a ship (you may \
not stop there). No land, reefs or \
ghost ship. On entering a harbour of an island without your camp you may `camp`: +25 from the \
bank, then 5 to each other camp there. `end` ends your turn early.
4. **Wage payment** (automatic): the captain's and helmsman's wages go to those dice's owners; \
wages of empty places go back; the cabin boy works for free.
**Special tiles** (7 of 8, dealt at random on the dolphin spaces): wind +1/+2/+3 points on \
entering; sunken treasure 5/10 to the ship that ends its move there; treasure maps to Cocoa and \
Palmoa pay 10 on arriving there; the ghost ship is impassable.
**End**: after the round in which a player with all 4 camps set reaches Tonga Bonga. Most money \
wins; ties share the win.
**Our readings:**
- The map is our own proposal (the real board is unpublished): 6 islands, 170 sea spaces, \
reefs, 7 dolphin spaces. Dice faces 1-5 plus seasick.
- Special tiles: wind +1, +2, +3; sunken treasure 5 and 10; treasure maps to Cocoa and Palmoa \
(10 each, camp not needed); the ghost ship.
- A wind tile gives its points at most once per ship per navigation turn, also when passing.
- A treasure map is taken by the first ship to enter its space (sailing over it counts); \
sunken treasure pays only the ship that ends its turn there.
- Passing through an occupied small space is allowed only when a further step is possible \
afterwards; you may not end your turn there.
- Camping is decided right after entering a harbour (its own move: `camp`); a ship that starts \
its turn in a harbour must leave and come back to camp there. One camp per island, none on \
Tonga Bonga.
- Ghost ship: the first time in a navigation turn a ship enters a space next to it, its owner \
pays 3 coins per die on the ship to that die's owner (a harbour is next to it if any of its \
hexes is).
- Rerolls only before placing your first die; the cost (2, 3, 4, ...) restarts every round.
- Every non-seasick die must be placed. With 3 players at most 2 of your dice go on one ship. \
A ship holds 3 dice: a 4th die pushes the lowest off, and that die earns nothing.
- A player who cannot pay 1 + 1 in wages puts down what they have: a single coin goes on the \
captain's wage (`wages 1 0`). Money never goes below 0: \
a debt that cannot be paid is forgiven.
- The 10-coin bonus goes to every player with 4 camps who enters Tonga Bonga in the last round. \
Equal money shares the win.
- Seat 1 takes the first hiring board; the boards follow the seats. Spending movement points is \
optional; unused points are lost.
"""

MOVE_HELP = (
    "`wages 3 2` (captain, helmsman) · `reroll 1 s` (die values, s = seasick) or `reroll all` · "
    "`place 4 on B` (die value, ship letter) or several: `place 4 on B, 2 on C` · `keep` · "
    "`go d5` or `go cocoa` (one space) or a route: `go m4 m3 cocoa camp l3` · `camp` · `end`"
)
