"""The replay GIF: one frame per move plus the final scores, each with its words under it;
within the size cap, shrunk (scaled, then frames dropped evenly) only when it must be, and
saying so."""

from __future__ import annotations

import io
import itertools

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageSequence

from render.replay import FINAL_MS, kept_frames, replay_gif, wrap
from render.tokan import render as render_tokan
from rules.registry import GAMES
from table.history import replay_frames
from tests.history.support import playout

COLOURS = [(200, 40, 40), (30, 100, 200), (40, 150, 70), (240, 200, 0), (30, 30, 30)]


def boards(count: int, size: tuple[int, int] = (240, 160)) -> list[Image.Image]:
    """Flat-coloured pictures in which one square moves each frame (like a board post)."""
    frames = []
    for i in range(count):
        image = Image.new("RGB", size, (246, 241, 229))
        draw = ImageDraw.Draw(image)
        x = (i * 23) % (size[0] - 30)
        draw.rectangle((x, 40, x + 30, 70), fill=COLOURS[i % len(COLOURS)])
        draw.rectangle((10, 100, 10 + 2 * i, 120), fill=(30, 30, 30))
        frames.append(image)
    return frames


def decoded(data: bytes) -> list[Image.Image]:
    gif = Image.open(io.BytesIO(data))
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(gif)]


def test_one_frame_per_move_and_the_final_one_each_with_its_caption() -> None:
    frames = boards(12)
    captions = [f"{i + 1}. Seat {i % 2 + 1} moved." for i in range(11)] + ["Final scores: 3-2"]
    data, note = replay_gif(frames, captions)
    assert note == ""
    shown = decoded(data)
    assert len(shown) == 12
    gif = Image.open(io.BytesIO(data))
    assert gif.size[0] == 240 and gif.size[1] > 160  # the caption band under the picture
    gif.seek(11)
    assert gif.info["duration"] == FINAL_MS
    for source, frame in zip(frames, shown, strict=True):
        # Only changed pixels are stored per frame: the decoder must still rebuild each picture.
        # (One palette for the whole GIF: a flat colour may move by a unit or two.)
        off = ImageChops.difference(frame.crop((0, 0, 240, 160)), source).getextrema()
        assert max(high for _, high in off) <= 2
    bands = [f.crop((0, 161, 240, f.height)) for f in shown]
    assert all(ImageChops.difference(a, b).getbbox() for a, b in itertools.pairwise(bands))


def test_a_replay_of_a_real_match_has_a_frame_per_move_plus_the_final_scores() -> None:
    game = GAMES["tokan"]
    played = playout(game, 2, seed=6)
    frames = replay_frames(game, 6, 2, played.options, played.entries)
    pictures = [render_tokan(game.view(state, None)) for state, _ in frames]
    data, note = replay_gif(pictures, [caption for _, caption in frames])
    assert note == ""
    assert len(data) <= 10 * 1024 * 1024
    assert Image.open(io.BytesIO(data)).n_frames == len(played.entries) + 1


def test_too_big_a_replay_is_scaled_first_and_says_so() -> None:
    game = GAMES["tokan"]
    played = playout(game, 2, seed=6)
    frames = replay_frames(game, 6, 2, played.options, played.entries)[:8]
    pictures = [render_tokan(game.view(state, None), scale=0.5) for state, _ in frames]
    captions = [caption for _, caption in frames]
    full, _ = replay_gif(pictures, captions)
    cap = int(len(full) * 0.75)
    data, note = replay_gif(pictures, captions, max_bytes=cap)
    assert len(data) <= cap
    assert note.startswith("To fit the upload limit, the replay is scaled to ")
    assert "frame" not in note  # a smaller picture was enough: every move is still there
    gif = Image.open(io.BytesIO(data))
    assert gif.n_frames == 8
    percent = int(note.split("scaled to ")[1].split("%")[0])
    assert gif.size[0] == round(pictures[0].width * percent / 100)


def test_then_frames_are_dropped_evenly_keeping_the_first_and_the_last() -> None:
    frames = boards(40, (300, 200))
    captions = [f"Move {i}" for i in range(39)] + ["Final scores"]
    full, _ = replay_gif(frames, captions)
    cap = len(full) // 6
    data, note = replay_gif(frames, captions, max_bytes=cap)
    assert len(data) <= cap
    assert "scaled to 50%" in note and "shows every " in note
    shown = decoded(data)
    step = int(note.split("every ")[1].split(" ")[0].rstrip("ndrth"))
    assert len(shown) == len(kept_frames(40, step))
    assert f"({len(shown)} of 40)" in note
    last = Image.open(io.BytesIO(data))
    last.seek(last.n_frames - 1)
    assert last.info["duration"] == FINAL_MS  # the final scores are always the last frame


def test_kept_frames() -> None:
    assert kept_frames(5, 1) == [0, 1, 2, 3, 4]
    assert kept_frames(10, 3) == [0, 3, 6, 9]
    assert kept_frames(11, 3) == [0, 3, 6, 9, 10]
    assert kept_frames(2, 5) == [0, 1]


def test_an_impossible_cap_is_an_error_not_a_broken_file() -> None:
    with pytest.raises(ValueError, match="does not fit"):
        replay_gif(boards(4), ["a", "b", "c", "d"], max_bytes=100)
    with pytest.raises(ValueError, match="as many captions"):
        replay_gif(boards(2), ["only one"])


def test_long_captions_wrap_and_stop_with_an_ellipsis() -> None:
    text = " ".join(["Seat 1 (A) sails from Lagoon to Reef, passing ship B (2 points)."] * 8)
    lines = wrap(text, 300, 18, lines=4)
    assert len(lines) == 4 and lines[-1].endswith("…")
    assert wrap("short", 300, 18) == ["short"]
