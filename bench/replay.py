"""Benchmark of the replay GIF on the longest match we have: Tonga Bonga. Prints; asserts nothing.

    .venv/bin/python -m bench.replay              # the longest of 40 seeded playouts per count
    .venv/bin/python -m bench.replay --compare    # also Pillow's own per-frame palettes
    .venv/bin/python -m bench.replay --bot        # also the bot's own path, for every game

``--bot`` times ``cogs.history.render_replay`` (what `/<game> replay` runs in a thread: the log
replayed, captions with the players' names, every public picture, the GIF) on the longest of a
few seeded playouts of each game, Toshi Tōshi at five players being the longest in moves.

Finds the longest seeded Tonga Bonga playout (3 and 4 players), then times each stage of a
replay as the bot would run it: the log replayed into states and captions, the public picture
of every state (render.tonga.render), and the GIF (render.replay.replay_gif); prints its bytes
and the note. ``--compare`` also encodes the same frames the simple way (each frame quantized to
its own palette, Pillow's ``optimize``), the baseline the chosen method was measured against.
Wall times depend on what else the machine runs; the CPU times printed beside them less so.
"""

from __future__ import annotations

import importlib
import io
import sys
import time

from PIL import Image

from render.replay import MAX_BYTES, compose, replay_gif, wrap
from render.tonga import render
from rules import rng
from rules.playout import policy_game
from rules.registry import GAMES
from table.history import Entry, replay_frames

SEEDS = 40
TARGET_MOVES = 240


def longest_playout() -> tuple[int, int, list[Entry]]:
    """(players, seed, log) of the longest seeded playout found."""
    game = GAMES["tonga"]
    best: tuple[int, int, list[Entry]] = (0, 0, [])
    for players in (3, 4):
        for seed in range(SEEDS):
            state = game.setup(players, {}, seed)
            draw = rng.stream(seed, "bench-replay")
            log = [
                Entry(seat, game.format(before, move))
                for before, seat, move, _ in policy_game(game, state, draw)
            ]
            if len(log) > len(best[2]):
                best = (players, seed, log)
    return best


def simple_gif(frames: list[Image.Image], captions: list[str]) -> bytes:
    """The baseline: per-frame palettes and Pillow's own optimize (same composition)."""
    size = 22
    width, height = frames[0].size
    wrapped = [wrap(c, width - 20, size) for c in captions]
    band = 20 + max(len(w) for w in wrapped) * round(size * 1.3)
    composed = [
        compose(f, w, width, height, band, size).quantize(
            255, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        )
        for f, w in zip(frames, wrapped, strict=True)
    ]
    out = io.BytesIO()
    composed[0].save(
        out, format="GIF", save_all=True, append_images=composed[1:], duration=1200, optimize=True
    )
    return out.getvalue()


def main(args: list[str]) -> None:
    game = GAMES["tonga"]
    start = time.perf_counter()
    players, seed, log = longest_playout()
    searched = time.perf_counter() - start
    print(
        f"longest of {2 * SEEDS} playouts: {len(log)} moves ({players} players, seed {seed}; "
        f"target ~{TARGET_MOVES}), found in {searched:.1f} s"
    )
    start = time.perf_counter()
    frames = replay_frames(game, seed, players, {}, log)
    replayed = time.perf_counter() - start
    start, cpu = time.perf_counter(), time.process_time()
    pictures = [render(game.view(state, None)) for state, _ in frames]
    drawn, drawn_cpu = time.perf_counter() - start, time.process_time() - cpu
    captions = [caption for _, caption in frames]
    start, cpu = time.perf_counter(), time.process_time()
    data, note = replay_gif(pictures, captions)
    encoded, encoded_cpu = time.perf_counter() - start, time.process_time() - cpu
    print(f"frames: {len(frames)} ({len(log)} moves + the final scores), {pictures[0].size} px")
    print(f"replay of the log (states and captions): {replayed * 1000:.0f} ms")
    print(
        f"pictures: {drawn:.2f} s ({drawn / len(frames) * 1000:.1f} ms each; CPU {drawn_cpu:.2f} s)"
    )
    print(
        f"GIF: {encoded:.2f} s ({encoded / len(frames) * 1000:.1f} ms a frame; "
        f"CPU {encoded_cpu:.2f} s, {encoded_cpu / len(frames) * 1000:.1f} ms a frame)"
    )
    print(
        f"GIF bytes: {len(data):,} ({len(data) / 2**20:.2f} MiB; cap {MAX_BYTES / 2**20:.0f} MiB)"
    )
    print(f"note: {note or '(none: it fits at full size with every frame)'}")
    print(f"total: {replayed + drawn + encoded:.2f} s")
    start = time.perf_counter()
    small, small_note = replay_gif(pictures, captions, max_bytes=len(data) // 3)
    print(
        f"with a cap of a third ({len(data) // 3:,} B): {len(small):,} B in "
        f"{time.perf_counter() - start:.2f} s; note: {small_note}"
    )
    if "--bot" in args:
        bot_path()
    if "--compare" in args:
        start, cpu = time.perf_counter(), time.process_time()
        baseline = simple_gif(pictures, captions)
        print(
            f"baseline (per-frame palettes, Pillow optimize): {len(baseline):,} B in "
            f"{time.perf_counter() - start:.2f} s (CPU {time.process_time() - cpu:.2f} s)"
        )


def bot_path() -> None:
    """The bot's replay (cogs.history.render_replay) on the longest playout of each game."""
    from cogs.history import render_replay
    from tests.history.support import finished_match, playout

    renderers = {key: importlib.import_module(f"render.{key}").render for key in GAMES}
    for key, game in GAMES.items():
        counts = range(game.spec.min_players, game.spec.max_players + 1)
        played = max(
            (playout(game, players, seed) for players in counts for seed in range(6)),
            key=lambda p: len(p.entries),
        )
        match = finished_match(game, played)
        names = [f"player {i + 1}" for i in range(played.players)]
        start, cpu = time.perf_counter(), time.process_time()
        data, note, frames = render_replay(match, played.entries, names, renderers[key])
        print(
            f"bot path, {game.spec.name} ({played.players} players, {len(played.entries)} "
            f"moves): {frames} frames, {len(data):,} B in {time.perf_counter() - start:.2f} s "
            f"(CPU {time.process_time() - cpu:.2f} s); note: {note or '(none)'}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
