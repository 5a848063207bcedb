"""Write every game's pictures at the start, middle and end of a seeded playout, to look at them.

    .venv/bin/python -m tools.pictures OUTDIR [SEED] [LANGUAGE]

Each game is played by its own random playout policy (``game.playout_move``) with the most
players it allows, seated under made-up names: a long one, a Cyrillic one, a CJK one and two
with an emoji (tests/render/test_scripts.py covers the other scripts). Per position and layout
(``desktop``, the whole picture; ``phone``, the phone-first one the bot posts) it writes
``<game>-<moment>-<layout>.png`` at full size and ``<game>-<moment>-<layout>-380.png`` as a
phone's chat column shows it (380 px wide); for Toshi Tōshi also ``toshi-<moment>-hand.png``
(the first seat's hand), and ``<game>-<moment>.txt`` (the alt text, with its length). LANGUAGE
is a catalogue's language code (``en``, the default, ``de``, ``ja``, or ``x-pseudo`` to see which
words came through the catalogue): every word of the pictures and alt texts is said in it.
"""

from __future__ import annotations

import importlib
import sys
import time
from pathlib import Path
from typing import Any

from PIL import Image

from i18n.catalogue import ENGLISH
from render.common import to_png
from render.phone import CHAT_WIDTH, LAYOUTS, drawn_texts
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


def moments(game: Game, seed: int) -> dict[str, Any]:
    """The start, middle and end states of the seeded playout."""
    states = playout(game, seed)
    return {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}


def at_chat_width(image: Image.Image) -> Image.Image:
    """``image`` as a phone's chat column shows it: CHAT_WIDTH px wide."""
    height = round(image.height * CHAT_WIDTH / image.width)
    return image.convert("RGB").resize((CHAT_WIDTH, height), Image.Resampling.LANCZOS)


def write_pictures(out: Path, seed: int = 1, language: str = ENGLISH) -> list[Path]:
    """Write every picture and alt text, in ``language``; returns the files written."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for key, game in GAMES.items():
        module = importlib.import_module(f"render.{key}")
        names = NAMES[: game.spec.max_players]
        for moment, state in moments(game, seed).items():
            view = game.view(state, None)
            for layout in LAYOUTS:
                began = time.perf_counter()
                image = module.render(view, names=names, layout=layout, language=language)
                png = to_png(image)
                took = (time.perf_counter() - began) * 1000
                path = out / f"{key}-{moment}-{layout}.png"
                path.write_bytes(png)
                small = out / f"{key}-{moment}-{layout}-{CHAT_WIDTH}.png"
                small.write_bytes(to_png(at_chat_width(image)))
                written += [path, small]
                texts = drawn_texts(image)
                least = min((t.at(image.width) for t in texts), default=0.0)
                legible = f"; least text {least:.1f} px at {CHAT_WIDTH}" if texts else ""
                print(
                    f"{path.name}: {image.width}x{image.height}, {len(png) // 1024} KB, "
                    f"{took:.0f} ms with PNG{legible}"
                )
            alt = module.alt_text(view, names=names, language=language)
            text = out / f"{key}-{moment}.txt"
            text.write_text(f"{alt}\n\n({len(alt)} characters)\n", encoding="utf-8")
            written.append(text)
            if hasattr(module, "render_hand"):
                hand = out / f"{key}-{moment}-hand.png"
                own = game.view(state, 0)
                hand.write_bytes(to_png(module.render_hand(own, names=names, language=language)))
                written.append(hand)
    return written


def main(argv: list[str]) -> None:
    if not argv:
        sys.exit(__doc__)
    seed = int(argv[1]) if len(argv) > 1 else 1
    write_pictures(Path(argv[0]), seed, argv[2] if len(argv) > 2 else ENGLISH)


if __name__ == "__main__":
    main(sys.argv[1:])
