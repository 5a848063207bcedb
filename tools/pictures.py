"""Write every game's pictures at the start, middle and end of a seeded playout, to look at them.

    .venv/bin/python -m tools.pictures OUTDIR [SEED]

Each game is played by its own random playout policy (``game.playout_move``) with the most
players it allows, seated under made-up names: a long one, a Cyrillic one, a CJK one and two
with an emoji (tests/render/test_scripts.py covers the other scripts). Per position it writes
``<game>-<moment>.png`` (the public picture), for Toshi Tōshi also ``toshi-<moment>-hand.png``
(the first seat's hand), and ``<game>-<moment>.txt`` (the alt text, with its length).
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import Any

from render.common import to_png
from rules import rng
from rules.base import Game
from rules.registry import GAMES

NAMES = (
    "Дмитрий",
    "Bartholomew-Maximilian of the Northern Seas 🐟",
    "alice",
    "王小明",
    "Zoë 🎣",
)


def playout(game: Game, seed: int) -> list[Any]:
    """Every state of one seeded random playout with the most players, start to end."""
    players = game.spec.max_players
    state = game.setup(players, game.spec.resolve_options({}), seed)
    draw = rng.stream(seed, "pictures")
    seen = [state]
    while game.outcome(state) is None:
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        state = game.apply(state, seat, game.playout_move(state, seat, draw))
        seen.append(state)
    return seen


def write_pictures(out: Path, seed: int = 1) -> list[Path]:
    """Write every picture and alt text; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for key, game in GAMES.items():
        module = importlib.import_module(f"render.{key}")
        states = playout(game, seed)
        names = NAMES[: game.spec.max_players]
        moments = {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}
        for moment, state in moments.items():
            view = game.view(state, None)
            began = time.perf_counter()
            png = to_png(module.render(view, names=names))
            took = (time.perf_counter() - began) * 1000
            path = out / f"{key}-{moment}.png"
            path.write_bytes(png)
            alt = module.alt_text(view, names=names)
            text = out / f"{key}-{moment}.txt"
            text.write_text(f"{alt}\n\n({len(alt)} characters)\n", encoding="utf-8")
            written += [path, text]
            print(f"{path.name}: {len(png) // 1024} KB, {took:.0f} ms with PNG; alt {len(alt)}")
            if hasattr(module, "render_hand"):
                hand = out / f"{key}-{moment}-hand.png"
                hand.write_bytes(to_png(module.render_hand(game.view(state, 0), names=names)))
                written.append(hand)
    return written


def main(argv: list[str]) -> None:
    if not argv:
        sys.exit(__doc__)
    write_pictures(Path(argv[0]), int(argv[1]) if len(argv) > 1 else 1)


if __name__ == "__main__":
    main(sys.argv[1:])
