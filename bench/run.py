"""Benchmarks for every registered game. Prints figures; asserts nothing.

    .venv/bin/python -m bench.run            # all games
    .venv/bin/python -m bench.run tokan      # some games

Per game: median render time and PNG size of the public picture (over positions from a seeded
playout), median time from a move to its saved state (the real match service on a real SQLite
file), median autocomplete answer time (suggestions read through the service), and
random playouts per second (rules only). Targets are printed beside each figure.
"""

from __future__ import annotations

import asyncio
import importlib
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench import tonga_commands
from data.store import Store
from render.common import to_png
from rules import rng
from rules.base import Game
from rules.registry import GAMES
from table.service import MatchService

SAMPLE_POSITIONS = 30
PLAYOUT_SECONDS = 2.0
PLAYOUT_TARGET = {"tonga": 100}  # playouts/s; every other game: 200
CHANNEL, GUILD = 1, 1


def positions(game: Game, seed: int, players: int) -> list[Any]:
    """States along one seeded playout, evenly spread, start and end included."""
    state = game.setup(players, game.spec.resolve_options({}), seed)
    draw = rng.stream(seed, "bench")
    seen = [state]
    while game.outcome(state) is None:
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        state = game.apply(state, seat, game.playout_move(state, seat, draw))
        seen.append(state)
    step = max(1, len(seen) // SAMPLE_POSITIONS)
    return [*seen[::step], seen[-1]]


def bench_render(game: Game, states: list[Any]) -> tuple[float, float, float, float]:
    """Median ms to draw the picture, median ms to encode it as PNG, median and max PNG KB."""
    renderer = importlib.import_module(f"render.{game.spec.key}").render
    renderer(game.view(states[0], None))  # warm the caches, as a running bot has
    draw_ms, encode_ms, sizes = [], [], []
    for state in states:
        view = game.view(state, None)
        start = time.perf_counter()
        image = renderer(view)
        drawn = time.perf_counter()
        png = to_png(image)
        draw_ms.append((drawn - start) * 1000)
        encode_ms.append((time.perf_counter() - drawn) * 1000)
        sizes.append(len(png) / 1024)
    return (
        statistics.median(draw_ms),
        statistics.median(encode_ms),
        statistics.median(sizes),
        max(sizes),
    )


async def bench_service(game: Game, players: int) -> tuple[float, float]:
    """Median ms from a move's text to its saved state; median autocomplete ms."""
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "bench.sqlite3")
        service = MatchService(store, {game.spec.key: game}, new_seed=lambda: 7)
        key = game.spec.key
        users = list(range(100, 100 + players))
        await service.create(key, GUILD, CHANNEL, users[0], {})
        for user in users[1:]:
            await service.join(CHANNEL, key, user)
        match = (await service.start(CHANNEL, key, users[0])).match
        draw = rng.stream(7, "bench")
        move_ms, complete_ms = [], []
        while match.status == "active" and len(move_ms) < 200:
            seat_users = match.to_act()
            user = seat_users[rng.below(draw, len(seat_users))]
            seat = match.seat_of(user)
            move = game.playout_move(match.state, seat, draw)
            text = game.format(match.state, move)
            start = time.perf_counter()
            moves, _, _ = await service.suggestions(CHANNEL, key, user, text[:1])
            assert moves, "the player on turn gets suggestions"
            complete_ms.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            result = await service.move(CHANNEL, key, user, text)
            move_ms.append((time.perf_counter() - start) * 1000)
            match = result.after
        await store.close()
    return statistics.median(move_ms), statistics.median(complete_ms)


def bench_playouts(game: Game, players: int) -> float:
    """Complete seeded random playouts per second."""
    done, seed = 0, 0
    deadline = time.perf_counter() + PLAYOUT_SECONDS
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        state = game.setup(players, game.spec.resolve_options({}), seed)
        draw = rng.stream(seed, "playout")
        while game.outcome(state) is None:
            seats = game.to_act(state)
            seat = seats[rng.below(draw, len(seats))]
            state = game.play(state, seat, game.playout_move(state, seat, draw))
        done += 1
        seed += 1
    return done / (time.perf_counter() - start)


def main(keys: list[str]) -> None:
    columns = (
        "game",
        "players",
        "render ms",
        "+PNG ms",
        "PNG KB (max)",
        "move ms",
        "complete ms",
        "playouts/s",
    )
    targets = ("target", "", "<=50", "", "<=500", "<=10", "<=20", ">=200*")
    widths = (8, 7, 10, 8, 13, 8, 12, 11)
    for row in (columns, targets):
        print(" ".join(f"{cell:>{width}}" for cell, width in zip(row, widths, strict=True)))
    for key in keys or list(GAMES):
        game = GAMES[key]
        players = game.spec.max_players
        states = positions(game, 1, players)
        render_ms, encode_ms, png_kb, png_max = bench_render(game, states)
        move_ms, complete_ms = asyncio.run(bench_service(game, players))
        rate = bench_playouts(game, players)
        cells = (
            key,
            str(players),
            f"{render_ms:.1f}",
            f"{encode_ms:.1f}",
            f"{png_kb:.0f} ({png_max:.0f})",
            f"{move_ms:.2f}",
            f"{complete_ms:.2f}",
            f"{rate:.0f}",
        )
        print(" ".join(f"{cell:>{width}}" for cell, width in zip(cells, widths, strict=True)))
    print(
        "* playouts/s target: "
        + ", ".join(f"{k} >= {v}" for k, v in PLAYOUT_TARGET.items())
        + ", others >= 200. Playouts use the rules only (play, without the legality re-check)."
        + "\n  render ms: drawing the picture; +PNG ms: encoding it (256-colour PNG)."
    )
    if not keys or "tonga" in keys:  # issue 11, item 2 (details: python -m bench.tonga_commands)
        print("Tonga Bonga, 3 players, 20 seeded games: commands and pings, before/after routes")
        for line in tonga_commands.summary():
            print(line)


if __name__ == "__main__":
    main(sys.argv[1:])
