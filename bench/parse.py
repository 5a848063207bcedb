"""Parse time of adversarial text, per game. Prints figures; asserts nothing.

    .venv/bin/python -m bench.parse            # all games
    .venv/bin/python -m bench.parse tokan      # some games

Each shape is 10,000 characters (issue 15 item 6: TOKAN's old pattern backtracked
quadratically on "a1" + "a" * 3000 + "1" * 3000 + "x"), plus the same shapes cut to the longest
text the game's parser reads (``rules.text_input.MAX_MOVE_CHARS``; Tonga Bonga's own, longer
limit for its routes), which is the most work a parser can be made to do now. Parsing runs on
the bot's event loop: the target is a few milliseconds at most, so a paste never stalls other
matches. The best of several runs is printed (the least
disturbed by other work on the machine), with the worst beside it.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable

from rules.base import Game
from rules.errors import PlayerError
from rules.registry import GAMES
from rules.text_input import MAX_MOVE_CHARS
from rules.tonga.notation import MAX_MOVE_CHARS as TONGA_MOVE_CHARS

LENGTH = 10_000
RUNS = 20
TARGET_MS = 2.0
# The longest text each parser reads: the shared guard's limit unless the game passes its own.
LONGEST = {"tonga": TONGA_MOVE_CHARS}

SHAPES: dict[str, Callable[[int], str]] = {
    "letters": lambda n: "a" * n,
    "digits": lambda n: "9" * n,
    "tokan-backtrack": lambda n: "a1" + "a" * ((n - 3) // 2) + "1" * ((n - 3) // 2) + "x",
    "words": lambda n: ("trade red for blue seat " * n)[:n],
    "seat-number": lambda n: ("lead " + "9" * n)[:n],
    "spot-words": lambda n: ("place b2 " + "north-" * n)[:n],
    "newlines": lambda n: "\n" * n,
    "unicode-digits": lambda n: ("play R" + "٣³１" * n)[:n],
}


def time_parse(game: Game, state: object, text: str) -> tuple[float, float]:
    """Best and worst ms over RUNS parses of ``text`` (a refusal is the expected answer)."""
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        with contextlib.suppress(PlayerError):
            game.parse(state, text)
        times.append((time.perf_counter() - start) * 1000)
    return min(times), max(times)


def main(keys: list[str]) -> None:
    print(f"Parse time of adversarial text (best / worst of {RUNS} runs); target <= {TARGET_MS} ms")
    print(f"{'game':8} {'shape':16} {f'{LENGTH:,} chars':>20} {'longest read':>26}")
    for key in keys:
        game = GAMES[key]
        state = game.setup(game.spec.min_players, game.spec.resolve_options({}), 1)
        for name, shape in SHAPES.items():
            cells = []
            for length in (LENGTH, LONGEST.get(key, MAX_MOVE_CHARS)):
                best, worst = time_parse(game, state, shape(length))
                flag = "" if best <= TARGET_MS else " !"
                cells.append(f"{best:7.3f} / {worst:7.3f}{flag}")
            longest = f"({LONGEST.get(key, MAX_MOVE_CHARS)}) {cells[1]}"
            print(f"{key:8} {name:16} {cells[0]:>20} {longest:>26}")


if __name__ == "__main__":
    main(sys.argv[1:] or list(GAMES))
