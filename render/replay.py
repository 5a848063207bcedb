"""An animated replay: the board pictures of a match, each with its move in words under it, as
one GIF that fits Discord's upload limit. CPU-bound: callers run it in a thread.

Speed and size come from three choices, measured on a 262-move Tonga Bonga match
(``bench/replay.py``): one palette for the whole GIF, taken from a mosaic of a few frames, so each
frame is quantized once against it (3 ms) instead of building its own (13 ms); each frame then
stores only the pixels that changed since the previous one, the rest made transparent, which
we compute with whole-image operations (Pillow's own ``optimize`` does this pixel by pixel in
Python for palette images, ~50 ms a frame); and the encoder crops every frame to its changed box.
If the GIF is still too big it is scaled down (to ``MIN_SCALE`` at most: text must stay legible)
and then frames are dropped evenly, first and last always kept; the returned note says so.
"""

from __future__ import annotations

import io
import itertools
import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from i18n.catalogue import ENGLISH
from i18n.text import TN, T, Text
from render.common import BACKGROUND, INK, font_for, said

MAX_BYTES = 10 * 1024 * 1024  # Discord's upload limit without boosts
FRAME_MS = 1200  # each move
FINAL_MS = 6000  # the final scores stay longer
CAPTION_SIZE = 22
MIN_CAPTION_SIZE = 14
CAPTION_LINES = 6  # longer captions end with an ellipsis
PADDING = 10
MIN_SCALE = 0.5
COLOURS = 255  # palette index 255 stays free: it marks the pixels a frame leaves unchanged
TRANSPARENT = 255
PALETTE_SAMPLES = 6  # whole frames in the mosaic the shared palette is taken from
THUMB = 6  # every frame joins that mosaic sampled on a grid of this many pixels
MAX_ATTEMPTS = 8
HEADROOM = 0.92  # aim a little under the limit when re-encoding


def replay_gif(
    frames: Sequence[Image.Image],
    captions: Sequence[str],
    *,
    max_bytes: int = MAX_BYTES,
    frame_ms: int = FRAME_MS,
    final_ms: int = FINAL_MS,
) -> tuple[bytes, Text | str]:
    """The GIF of ``frames`` (one per move, the last one the final board) with ``captions``
    under them (the last one the final scores), and a note saying how it was shrunk to fit
    ``max_bytes`` ("" when it was not).

    The captions come said in the viewer's language (``i18n.catalogue.say``: the caller knows
    whom the replay is for); the note is a text the caller says with the post it goes with."""
    if not frames or len(frames) != len(captions):
        raise ValueError("replay_gif needs as many captions as frames, and at least one frame")
    count = len(frames)
    scale, step = 1.0, 1
    for _ in range(MAX_ATTEMPTS):
        keep = kept_frames(count, step)
        data = _encode(
            [frames[i] for i in keep], [captions[i] for i in keep], scale, frame_ms, final_ms
        )
        if len(data) <= max_bytes:
            return data, _note(scale, step, len(keep), count)
        scale, step = _smaller(scale, step, max_bytes / len(data) * HEADROOM, count)
    raise ValueError(f"a replay of {count} frames does not fit in {max_bytes} bytes")


def replay_alt(
    game: str, match_id: int, names: Sequence[str], frames: int, language: str = ENGLISH
) -> str:
    """The replay in words, in ``language``: whose match, how many moves (``frames``: one per
    log entry, then the final scores), what each frame shows. Not cut to the alt text's
    limit."""
    moves = TN("{count} log entry", "{count} log entries", frames - 1)
    text = T(
        "Animated replay of {game} match #{number} between {people}: {moves}, a frame each with "
        "the move in words under the board, then the final scores.",
        game=game,
        number=match_id,
        people=", ".join(names),
        moves=moves,
    )
    return said(text, language)


def kept_frames(count: int, step: int) -> list[int]:
    """Every ``step``-th frame, the first and the last always included."""
    keep = list(range(0, count - 1, step))
    if count - 1 not in keep:
        keep.append(count - 1)
    return keep


def compose(
    frame: Image.Image,
    lines: Sequence[str],
    width: int,
    board_height: int,
    caption_height: int,
    size: int,
) -> Image.Image:
    """One frame: the picture centred on top, its caption's lines underneath."""
    canvas = Image.new("RGB", (width, board_height + caption_height), BACKGROUND)
    picture = frame if frame.mode == "RGB" else frame.convert("RGB")
    canvas.paste(picture, ((width - frame.width) // 2, 0))
    draw = ImageDraw.Draw(canvas)
    draw.line((0, board_height, width, board_height), fill=INK, width=1)
    y = board_height + PADDING
    for line in lines:
        draw.text((PADDING, y), line, font=font_for(line, size), fill=INK)
        y += _line_height(size)
    return canvas


def wrap(text: str, width: float, size: int, lines: int = CAPTION_LINES) -> list[str]:
    """``text`` broken into lines no wider than ``width`` pixels; at most ``lines`` of them, the
    last ending with an ellipsis when the text is longer."""
    space = _width(" ", size)
    out: list[str] = []
    for paragraph in text.split("\n"):
        current, used = "", 0.0
        for word in paragraph.split():
            wide = _width(word, size)  # words are measured once: captions repeat them a lot
            if current and used + space + wide > width:
                out.append(current)
                current, used = word, wide
            elif current:
                current, used = f"{current} {word}", used + space + wide
            else:
                current, used = word, wide
        out.append(current)
    if len(out) > lines:
        out = out[:lines]
        last = out[-1]
        while last and font_for(last, size).getlength(last + " …") > width:
            last = last.rsplit(" ", 1)[0] if " " in last else last[:-1]
        out[-1] = last + " …"
    return out


# -- private helpers ---------------------------------------------------------------------------
def _encode(
    frames: Sequence[Image.Image],
    captions: Sequence[str],
    scale: float,
    frame_ms: int,
    final_ms: int,
) -> bytes:
    if scale != 1.0:  # box filtering: sharp enough, and the fewest new colours (smallest GIF)
        frames = [
            f.resize(
                (max(1, round(f.width * scale)), max(1, round(f.height * scale))),
                Image.Resampling.BOX,
            )
            for f in frames
        ]
    size = max(MIN_CAPTION_SIZE, round(CAPTION_SIZE * scale))
    width = max(f.width for f in frames)
    board_height = max(f.height for f in frames)
    wrapped = [wrap(c, width - 2 * PADDING, size) for c in captions]
    caption_height = 2 * PADDING + max(len(lines) for lines in wrapped) * _line_height(size)
    composed = [
        compose(f, lines, width, board_height, caption_height, size)
        for f, lines in zip(frames, wrapped, strict=True)
    ]
    palette, padded = _shared_palette(composed)
    indexed = [im.quantize(palette=palette, dither=Image.Dither.NONE) for im in composed]
    for im in indexed:
        im.putpalette(padded)
    deltas = [indexed[0], *(_changes(a, b) for a, b in itertools.pairwise(indexed))]
    durations = [frame_ms] * (len(deltas) - 1) + [final_ms]
    out = io.BytesIO()
    deltas[0].save(
        out,
        format="GIF",
        save_all=True,
        append_images=deltas[1:],
        duration=durations,
        loop=0,
        disposal=1,  # keep each frame: the next one draws only what changed over it
        transparency=TRANSPARENT,
        optimize=False,  # done above, with whole-image operations
    )
    return out.getvalue()


def _shared_palette(images: Sequence[Image.Image]) -> tuple[Image.Image, list[int]]:
    """A palette of at most 255 colours (to quantize against: no pixel gets index 255), and
    the same padded to 256 entries (for the GIF: index 255 means "unchanged").

    It comes from one mosaic: a few frames spread over the match at full size (their
    antialiased text), and every frame sampled on a coarse grid, so that a colour seen in only
    a few frames (a die, a highlight) still gets its entry."""
    picks = sorted(
        {round(i * (len(images) - 1) / max(1, PALETTE_SAMPLES - 1)) for i in range(PALETTE_SAMPLES)}
    )
    first = images[0]
    thumbs = [
        im.resize((max(1, im.width // THUMB), max(1, im.height // THUMB)), Image.Resampling.NEAREST)
        for im in images
    ]
    per_row = max(1, first.width // thumbs[0].width)
    rows = math.ceil(len(thumbs) / per_row)
    height = first.height * len(picks) + rows * thumbs[0].height
    mosaic = Image.new("RGB", (first.width, height))
    for row, index in enumerate(picks):
        mosaic.paste(images[index], (0, row * first.height))
    top = first.height * len(picks)
    for i, thumb in enumerate(thumbs):
        row, column = divmod(i, per_row)
        mosaic.paste(thumb, (column * thumbs[0].width, top + row * thumbs[0].height))
    quantized = mosaic.quantize(COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    entries = (quantized.getpalette() or [])[: COLOURS * 3]
    palette = Image.new("P", (1, 1))
    palette.putpalette(entries)
    return palette, entries + [0] * (768 - len(entries))


def _changes(previous: Image.Image, current: Image.Image) -> Image.Image:
    """``current`` with every pixel equal to ``previous`` made transparent."""
    before = Image.frombytes("L", previous.size, previous.tobytes())
    after = Image.frombytes("L", current.size, current.tobytes())
    changed = ImageChops.difference(before, after).point(lambda v: 255 if v else 0)
    delta = Image.new("P", current.size, TRANSPARENT)
    delta.putpalette(current.getpalette() or [])
    delta.paste(current, mask=changed)
    return delta


def _smaller(scale: float, step: int, factor: float, count: int) -> tuple[float, int]:
    """The next (scale, step) to try when the GIF must shrink by ``factor`` (bytes grow with
    the area and the number of frames): the picture first, down to MIN_SCALE, then frames."""
    wanted = scale * math.sqrt(factor)
    new_scale = max(MIN_SCALE, math.floor(wanted * 20) / 20)  # whole 5 % steps, for the note
    new_scale = min(new_scale, scale)
    left = factor / (new_scale / scale) ** 2  # what dropping frames must still give
    new_step = step
    if left < 1:
        new_step = math.ceil(step / left)
    if (new_scale, new_step) == (scale, step):
        new_step = step + 1
    return new_scale, min(new_step, max(1, count - 1))


def _note(scale: float, step: int, kept: int, count: int) -> Text | str:
    percent = round(scale * 100)
    if step > 1:
        nth = {2: T("2nd"), 3: T("3rd")}.get(step, T("{number}th", number=step))
        if scale < 1.0:
            note = T(
                "To fit the upload limit, the replay is scaled to {percent}% and shows every "
                "{nth} frame ({kept} of {count}).",
                percent=percent,
                nth=nth,
                kept=kept,
                count=count,
            )
        else:
            note = T(
                "To fit the upload limit, the replay shows every {nth} frame ({kept} of {count}).",
                nth=nth,
                kept=kept,
                count=count,
            )
    elif scale < 1.0:
        note = T("To fit the upload limit, the replay is scaled to {percent}%.", percent=percent)
    else:
        return ""
    return note


@lru_cache(maxsize=8192)
def _width(word: str, size: int) -> float:
    return font_for(word, size).getlength(word)


def _line_height(size: int) -> int:
    return round(size * 1.3)
