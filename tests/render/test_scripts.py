"""Names in every script, drawn right in every picture (issue 25, item 1).

Every text a picture draws passes through Pillow's ``ImageDraw.text``: a spy on it records each
text with the font it was drawn in, and every character of it must be one that font draws, never
its missing-glyph box. Pictures with two different names of one script must differ (the names are
really drawn, not dropped), and a right-to-left name must not reorder the line it is on.
"""

from __future__ import annotations

import importlib
import inspect
import io
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cache
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

import render
import render.common as common
from render import bounded
from render.chances import chances_chart
from render.common import (
    FIRST_STRONG_ISOLATE,
    display_name,
    font_for,
    isolated,
    player_name,
    printable,
)
from render.replay import replay_gif
from render.scores import breakdown_chart, rating_chart
from rules import rng
from rules.registry import GAMES

SCRIPTS = {
    "Latin": ("Zoë Ångström", "Øystein Ærø"),
    "Cyrillic": ("Александра", "Дмитрий"),
    "Greek": ("Ελένη", "Αλέξανδρος"),
    "CJK": ("山田 太郎", "王小明"),
    "Korean": ("김민준", "이서연"),
    "Arabic": ("محمد عبد الله", "فاطمة"),
    "Hebrew": ("שרה לוי", "דוד כהן"),
    "emoji": ("Zoë 🐟", "🎲 Dice"),
}
NOWHERE = "\U000f0001"  # a private-use character: no font has it


# -- the spy -----------------------------------------------------------------------------------
Drawn = list[tuple[str, Any]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    """Every (text, font) ``ImageDraw.text`` is called with while the test runs, the caches of
    text sprites emptied first so that nothing drawn earlier hides from it."""
    for module in _render_modules():
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    for kept in bounded.ALL:  # the renderers' byte-bounded caches of drawn pictures
        kept.clear()
    calls: Drawn = []
    real = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        calls.append((str(text), kwargs.get("font")))
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    yield calls


def _render_modules() -> list[Any]:
    names = ("common", "hexboard", "replay", "scores", *GAMES)
    return [importlib.import_module(f"render.{name}") for name in names]


@cache
def _mask(face: Any, char: str) -> bytes:
    mask = face.getmask(char)
    return bytes(mask.size) + bytes(mask)


def undrawable(text: str, face: Any) -> list[str]:
    """The characters of ``text`` that ``face`` would draw as its missing-glyph box."""
    if not isinstance(face, ImageFont.FreeTypeFont):
        return [c for c in text if not c.isascii()]
    box = _mask(face, NOWHERE)
    return [c for c in set(text) if not c.isspace() and _mask(face, c) == box]


def assert_no_box(calls: Drawn) -> None:
    assert calls, "the spy saw nothing drawn"
    for text, face in calls:
        assert not undrawable(text, face), (text, undrawable(text, face))


# -- pictures of every kind --------------------------------------------------------------------
def _states(key: str, seed: int = 3) -> list[Any]:
    """A start, a middle and an end state of a seeded random game with the most players."""
    game = GAMES[key]
    state = game.setup(game.spec.max_players, game.spec.resolve_options({}), seed)
    draw = rng.stream(seed, "scripts")
    seen = [state]
    while game.outcome(state) is None:
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        state = game.apply(state, seat, game.playout_move(state, seat, draw))
        seen.append(state)
    return [seen[0], seen[len(seen) // 2], seen[-1]]


def _names(key: str, first: str) -> list[str]:
    """``first`` in seat 1, and every other script's first name in the other seats."""
    others = [pair[0] for pair in SCRIPTS.values() if first not in pair]
    return [first, *others][: GAMES[key].spec.max_players]


def pictures(key: str, names: list[str]) -> list[Image.Image]:
    """Every picture of a game that names people: the board at its start, middle and end, the
    phone layout the bot posts, the private view where the game has one, the score breakdown
    and a replay frame."""
    game = GAMES[key]
    module = importlib.import_module(f"render.{key}")
    states = _states(key)
    drawn = [module.render(game.view(state, None), names=names) for state in states]
    drawn.append(module.render(game.view(states[1], None), names=names, layout="phone"))
    if hasattr(module, "render_hand"):
        parameters = inspect.signature(module.render_hand).parameters
        extra = {"names": names} if "names" in parameters else {}
        drawn.append(module.render_hand(game.view(states[1], 0), **extra))
    outcome = game.outcome(states[-1])
    assert outcome is not None
    drawn.append(breakdown_chart(outcome, names))
    captions = [f"1. {player_name(0, names)} played.", "Game over."]
    frames = [drawn[0], drawn[2]]
    gif, _ = replay_gif(frames, captions)
    drawn.append(Image.open(io.BytesIO(gif)).convert("RGB"))
    return drawn


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_picture_of_every_game_draws_every_script_and_no_box(key: str, drawn: Drawn):
    for first, _ in SCRIPTS.values():
        pictures(key, _names(key, first))
    assert_no_box(drawn)
    texts = " ".join(text for text, _ in drawn)
    for first, _ in SCRIPTS.values():  # every name drawn, whole, in some text
        assert printable(first) in texts, first


@pytest.mark.parametrize("key", sorted(GAMES))
@pytest.mark.parametrize("script", ["CJK", "Arabic", "emoji"])
def test_two_names_of_one_script_give_different_pictures(key: str, script: str):
    one, other = SCRIPTS[script]
    first = pictures(key, _names(key, one))
    second = pictures(key, _names(key, other))
    for index, (a, b) in enumerate(zip(first, second, strict=True)):
        if index == 4 and len(first) == 7:
            continue  # the private view shows one's own cards, not names
        assert (
            a.size != b.size or ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()
        )


def test_the_rating_chart_names_people_in_any_script_in_its_title_and_legend(drawn: Drawn):
    when = [datetime(2026, 11, day, tzinfo=UTC) for day in (1, 2, 3)]
    series = {key: list(zip(when, (20.0, 22.5, 21.0), strict=True)) for key in SCRIPTS}
    names = {key: pair[0] for key, pair in SCRIPTS.items()}
    chart = rating_chart(series, names, title="Rating over time — 山田 太郎 · Toshi Tōshi")
    assert_no_box(drawn)
    texts = [text for text, _ in drawn]
    assert any("山田 太郎" in text and "Tōshi" in text for text in texts)
    for pair in SCRIPTS.values():
        assert any(printable(pair[0]) in text for text in texts), pair[0]
    other = rating_chart(series, {**names, "CJK": "王小明"}, title="Rating over time")
    assert ImageChops.difference(
        chart.crop((0, 60, *chart.size)), other.crop((0, 60, *chart.size))
    ).getbbox()


def test_the_chances_chart_names_people_in_any_script_in_its_legend(drawn: Drawn):
    # The analysis' chart (cogs/analysis.py): one line per player, named in the legend.
    names = [pair[0] for pair in SCRIPTS.values()]
    odds = [[1 / len(names)] * len(names), [0.5, *[0.5 / (len(names) - 1)] * (len(names) - 1)]]
    chart = chances_chart(odds, names, [0])
    assert_no_box(drawn)
    texts = " ".join(text for text, _ in drawn)
    for name in names:
        assert printable(name) in texts, name
    arabic = next(text for text, _ in drawn if "محمد" in text)
    assert arabic.startswith(FIRST_STRONG_ISOLATE), "the percentage stays after the name"
    other = chances_chart(odds, ["王小明", *names[1:]], [0])
    assert ImageChops.difference(chart, other).getbbox()


# -- names themselves --------------------------------------------------------------------------
@pytest.mark.parametrize("script", sorted(SCRIPTS))
def test_a_name_keeps_every_character_of_its_script(script: str):
    for name in SCRIPTS[script]:
        shown = player_name(0, [name])
        assert shown.strip(common.FIRST_STRONG_ISOLATE + common.POP_DIRECTIONAL_ISOLATE) == name
        assert not undrawable(name, font_for(shown, 24))


def test_a_character_no_font_has_is_left_out_and_the_rest_kept():
    assert display_name(f"Ann{NOWHERE}a") == "Ann a"
    assert display_name(NOWHERE) == ""
    assert player_name(1, ["x", NOWHERE]) == "Seat 2"


def test_only_right_to_left_names_are_isolated():
    assert isolated("alice") == "alice"
    assert isolated("山田") == "山田"
    assert isolated("محمد") == "\u2068محمد\u2069"
    assert isolated("שרה") == "\u2068שרה\u2069"
    assert player_name(0, ["\u2067alice\u2069"]) == "alice"  # a name's own bidi controls go


# -- bidi: the text around a right-to-left name keeps its order --------------------------------
def _line(text: str, size: int = 28) -> Image.Image:
    face = common.fallback_font(size)  # one face for the line and its parts, as pictures do
    width = round(face.getlength(text))
    image = Image.new("L", (width + 4, size * 2), 0)
    ImageDraw.Draw(image).text((2, 4), text, font=face, fill=255)
    return image


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    histogram = ImageChops.difference(a, b).histogram()
    return sum(value * count for value, count in enumerate(histogram)) / (a.width * a.height)


def reads_name_then_rest(name: str, rest: str) -> bool:
    """Whether ``name + rest`` is drawn as an English line needs it: the rest, drawn alone,
    reappears at the right end of the line (give or take a pixel of subpixel placement), and
    the name's ink lies to its left."""
    whole, alone = _line(name + rest), _line(rest)
    width = alone.width - 4
    body = alone.crop((2, 0, 2 + width, alone.height))
    end = whole.width - 2
    best = min(
        _mean_difference(whole.crop((end - width + shift, 0, end + shift, whole.height)), body)
        for shift in (-1, 0, 1)
    )
    head = whole.crop((0, 0, end - width - 1, whole.height))
    return best < 4 and head.getbbox() is not None


@pytest.mark.parametrize("name", ["محمد عبد الله", "שרה לוי", "فاطمة 2"])
def test_text_after_a_right_to_left_name_keeps_its_order(name: str):
    rest = " (B): 113 coins"
    assert reads_name_then_rest(player_name(0, [name]), rest)
    # Without the isolate the line is laid out right to left: the check above would catch it.
    assert not reads_name_then_rest(name, rest)


def test_pictures_say_the_line_in_order_with_an_arabic_name_to_act(drawn: Drawn):
    module = importlib.import_module("render.toshi")
    game = GAMES["toshi"]
    names = ["محمد عبد الله", "alice", "bob"]
    state = game.setup(3, game.spec.resolve_options({}), 5)
    module.render(game.view(state, None), names=names)
    lines = [text for text, _ in drawn if "محمد" in text]
    assert lines and all("\u2068محمد عبد الله\u2069" in text for text in lines)


def test_the_font_file_is_one_font_that_holds_every_script():
    face = common.fallback_font(24)
    assert face.getname()[0] == "Tidetable Sans"
    for pair in SCRIPTS.values():
        for name in pair:
            assert not undrawable(name, face), name


def test_render_package_is_what_is_spied_on():
    # The spy above sees every text only if pictures draw through ImageDraw: a guard that the
    # render package does not draw text some other way (ImageFont.getmask pasted by hand).
    source = "\n".join(
        inspect.getsource(module) for module in _render_modules() if module is not render
    )
    assert ".getmask(" not in source.replace("face.getmask(_NOWHERE)", "").replace(
        "face.getmask(char)", ""
    )
