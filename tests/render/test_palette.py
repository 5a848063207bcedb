"""Pictures are encoded with a fixed palette (render/palette.py): no adaptive quantize per
picture, the renderers' flat colours exact, the rest the same to the eye, sizes as before."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageStat

from render import palette as palettes
from render.common import default_palette, to_png
from render.palette import INFO_KEY, declared_colours, fixed_palette
from rules.registry import GAMES
from tests.render.pictures import counts, moments, renderer
from tests.render.support import NAMES

DISCORD_LIMIT = 10 * 1024 * 1024  # bytes an attachment may have on any server


def adaptive_png(image: Image.Image) -> bytes:
    """The encoding before: an adaptive 256-colour palette per picture."""
    quantized = image.convert("RGB").quantize(
        colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    buffer = io.BytesIO()
    quantized.save(buffer, format="PNG", compress_level=3)
    return buffer.getvalue()


def mean_error(image: Image.Image, png: bytes) -> float:
    decoded = Image.open(io.BytesIO(png)).convert("RGB")
    return max(ImageStat.Stat(ImageChops.difference(image.convert("RGB"), decoded)).mean)


def _first_pixel(image: Image.Image, colour: tuple[int, int, int]) -> tuple[int, int]:
    """Where ``colour`` is first drawn in ``image`` (row by row)."""
    solid = Image.new("RGB", image.size, colour)
    difference = ImageChops.difference(image.convert("RGB"), solid).convert("L")
    mask = difference.point(lambda value: 255 if value == 0 else 0)
    box = mask.getbbox()
    assert box is not None
    row = mask.crop((0, box[1], image.width, box[1] + 1))
    column = next(x for x in range(row.width) if row.getpixel((x, 0)))
    return column, box[1]


def test_the_palette_holds_the_declared_colours_exactly_then_the_cube():
    colours = ((176, 214, 236), (33, 37, 41), (176, 214, 236))
    flat = fixed_palette(colours).getpalette()
    assert flat is not None and len(flat) == 768
    assert tuple(flat[:6]) == (176, 214, 236, 33, 37, 41)
    assert tuple(flat[6:9]) == (0, 0, 0)  # the cube follows, without the repeated colour
    namespace = {"SEA": (1, 2, 3), "STYLE": {"a": ((4, 5, 6), "A", "name")}, "lower": (7, 8, 9)}
    found = declared_colours(namespace)
    assert (1, 2, 3) in found and (4, 5, 6) in found and (7, 8, 9) not in found


@pytest.mark.parametrize("key", list(GAMES))
def test_every_picture_is_mapped_to_its_fixed_palette_without_an_adaptive_quantize(
    key: str, monkeypatch: pytest.MonkeyPatch
):
    calls: list[object] = []
    original = Image.Image.quantize

    def spy(self: Image.Image, *args: object, **kwargs: object) -> Image.Image:
        calls.append(kwargs.get("palette"))
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Image.Image, "quantize", spy)
    module = renderer(key)
    view = moments(key, counts(key)[-1])["middle"]
    for layout in ("desktop", "phone"):
        image = module.render(view, names=NAMES, layout=layout)
        assert image.info[INFO_KEY] is module.palette()
        to_png(image)
    assert calls and all(palette is module.palette() for palette in calls)


@pytest.mark.parametrize("key", list(GAMES))
def test_the_same_to_the_eye_and_no_bigger_than_a_third_more(key: str):
    module = renderer(key)
    flat = set(declared_colours(vars(module)))
    for players in counts(key):
        for moment, view in moments(key, players).items():
            for layout in ("desktop", "phone"):
                image = module.render(view, names=NAMES, layout=layout)
                png, before = to_png(image), adaptive_png(image)
                # On average closer to the drawn picture than the adaptive palette was.
                assert mean_error(image, png) <= max(1.0, mean_error(image, before)), moment
                assert len(png) <= len(before) * 4 / 3, (moment, layout, len(png), len(before))
                assert len(png) < DISCORD_LIMIT
                # Every flat colour the renderer declares comes out within Pillow's look-up
                # precision (4 units a channel: invisible), at the same places.
                decoded = Image.open(io.BytesIO(png)).convert("RGB")
                for colour in flat & {colour for _, colour in image.getcolors(1 << 20) or ()}:
                    at = _first_pixel(image, colour)
                    got = decoded.getpixel(at)
                    assert max(abs(a - b) for a, b in zip(colour, got, strict=True)) <= 4, (
                        moment,
                        layout,
                        colour,
                        got,
                    )


def test_an_untagged_picture_uses_the_shared_palette_and_a_palette_picture_is_kept():
    image = Image.new("RGB", (40, 20), (246, 241, 229))
    assert Image.open(io.BytesIO(to_png(image))).getpixel((0, 0)) is not None
    decoded = Image.open(io.BytesIO(to_png(image))).convert("RGB")
    assert decoded.getpixel((5, 5)) == (246, 241, 229)
    assert default_palette().getpalette()[:6] == [255, 255, 255, 0, 0, 0]
    already = palettes.to_fixed(image, default_palette())
    assert Image.open(io.BytesIO(to_png(already))).mode == "P"


def test_charts_and_hands_carry_their_palettes():
    from render import scores, toshi

    chart = scores.rating_chart({"a": [(1, 25.0), (2, 27.5)]})
    assert chart.info[INFO_KEY] is scores.palette()
    view = moments("toshi", 3)["start"]
    assert toshi.render_hand(view).info[INFO_KEY] is toshi.palette()
