"""Every word a picture draws, and every alt text, is said in the language of whoever sees it
(issue 25).

Each picture kind of every game (the desktop and phone layouts, Toshi Tōshi's hand) and every
chart is drawn in the pseudo-language while a spy records each text given to Pillow's
``ImageDraw.text``: a run of four plain ASCII letters in one of them is a label that escaped the
catalogue, unless it is a person's name, a game's or a place's published name, or notation. The
alt texts said in the pseudo-language pass the end-to-end suite's check (``plain_words``).

The rules' own prose (the pending decision, the last move's note, the result) is converted on
its own (rules/*): while a view still holds it as plain English strings, its words are let
through here, and only those of a view's fields that are not yet texts.
"""

from __future__ import annotations

import dataclasses
import importlib
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from PIL import Image, ImageDraw

from cogs.pictures import board_png
from i18n.catalogue import PSEUDO, say
from i18n.text import T, Text
from render import bounded, chances, replay, scores, standings
from render.common import display_name
from render.tokan import render as render_tokan
from rules.base import Outcome, ScoreLine, SeatScore
from rules.fishing.data import SPECIAL_SETS
from rules.registry import GAMES
from rules.tokan.board import DIRECTIONS
from rules.tonga.map import ISLANDS
from tests.fakediscord.languages import PUBLISHED, plain_words, words_of
from tests.render.pictures import counts, moments, renderer
from tests.render.support import NAMES

KEYS = list(GAMES)
RENDER_MODULES = (
    "common",
    "hexboard",
    "phone",
    "replay",
    "scores",
    "chances",
    "standings",
    *GAMES,
)
# Not messages: places named on the boards as published, and notation the pictures print as
# typed (TOKAN's directions, Friendly Fishing's special sets as the ``sets`` option names them).
PLACES = {"kuchinoshima"} | words_of(island.name for island in ISLANDS)
NOTATION = set(DIRECTIONS) | set(SPECIAL_SETS)
# The words of the games' move notation a pending text quotes as an example ("boat d4",
# "wages 2 1", "play <card>"): typed as they are in every language.
NOTATION |= {"boat", "place", "start", "wages", "play", "card", "lead", "pass", "crew", "dice"}
# The rules' prose a view carries (converted to texts by the rules' own work, not here).
RULES_PROSE = {"pending", "note", "result", "lines", "season_text", "score_lines", "last"}
RULES_PROSE |= {"last_text"}
LETTERS = re.compile(r"[A-Za-z]{4,}")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text ``ImageDraw.text`` draws while the test runs, the renderers' caches emptied
    first (a sprite drawn earlier would hide its text from the spy)."""
    for name in RENDER_MODULES:
        for value in vars(importlib.import_module(f"render.{name}")).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()
    for kept in bounded.ALL:
        kept.clear()
    calls: list[str] = []
    real = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        calls.append(str(text))
        real(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    yield calls


def allowed_words(*views: Any) -> set[str]:
    """Names, published names, notation and the rules' prose still plain in ``views``."""
    shown = [display_name(name) for name in NAMES]  # a long name is cut: "Bartholomew-Maxi…"
    allowed = words_of(NAMES) | words_of(shown) | PUBLISHED | PLACES | NOTATION
    for view in views:
        allowed |= words_of(_plain_prose(view))
    return allowed


def _plain_prose(value: Any, field: str = "") -> Iterator[str]:
    if isinstance(value, Text):
        return
    if isinstance(value, str):
        if field in RULES_PROSE:
            yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            yield from _plain_prose(getattr(value, item.name), item.name)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _plain_prose(item, field)


def escaped(texts: list[str], allowed: set[str]) -> list[tuple[str, str]]:
    """(word, text) of every plain English word drawn that is not allowed."""
    return [
        (word, text)
        for text in texts
        for word in LETTERS.findall(text)
        if word.lower() not in allowed
    ]


def game_pictures(key: str, language: str) -> Iterator[tuple[Any, list[Any], str]]:
    """(view, names, alt text) of every moment and player count, each picture drawn."""
    module = renderer(key)
    for players in counts(key):
        names = list(NAMES[:players])
        for view in moments(key, players).values():
            for layout in ("desktop", "phone"):
                module.render(view, names=names, layout=layout, language=language)
            if hasattr(module, "render_hand"):
                module.render_hand(view, names=names, language=language)
            yield view, names, module.alt_text(view, names=names, language=language)


@pytest.mark.parametrize("key", KEYS)
def test_every_word_drawn_on_a_game_s_pictures_came_through_the_catalogue(key, drawn):
    views = []
    alts = []
    for view, _names, alt in game_pictures(key, PSEUDO):
        views.append(view)
        alts.append(alt)
    allowed = allowed_words(*views)
    assert drawn  # the spy saw the pictures' texts
    assert escaped(drawn, allowed) == []
    for alt in alts:
        assert plain_words(alt, allowed) == [], alt


@pytest.mark.parametrize("key", KEYS)
def test_the_check_finds_english_in_the_english_pictures(key, drawn):
    """The same check on the pictures drawn in English finds their labels: it has teeth."""
    views = [view for view, _names, _alt in game_pictures(key, "en")]
    assert escaped(drawn, allowed_words(*views))


def test_the_charts_standings_and_replay_say_every_word(drawn):
    outcome = Outcome(
        scores=(
            SeatScore(0, 30, (ScoreLine(T("Camps"), 40), ScoreLine(T("wages paid"), -10))),
            SeatScore(1, 20, (ScoreLine(T("Camps"), 20),)),
        ),
        winners=(0,),
        reason="test",
    )
    scores.breakdown_chart(outcome, NAMES[:2], language=PSEUDO)
    dated = {
        "a": [(datetime(2026, 1, 1, tzinfo=UTC), 25.0), (datetime(2026, 3, 1, tzinfo=UTC), 27.5)]
    }
    scores.rating_chart(dated, {"a": NAMES[0]}, language=PSEUDO)
    scores.rating_chart({"a": [(1, 25.0), (2, 27.5)]}, {"a": NAMES[1]}, language=PSEUDO)
    scores.rating_chart({}, language=PSEUDO)
    scores.rating_chart({}, title=T("Ratings of {person}", person=NAMES[0]), language=PSEUDO)
    chances.chances_chart([[0.6, 0.4], [0.2, 0.8]], NAMES[:2], [1], language=PSEUDO)
    head = [T("Place"), T("Player"), T("Points"), T("Wins")]
    rows = [["1", NAMES[0], "3", "2"], ["2", NAMES[1], "1", T("withdrawn")]]
    standings.draw_standings(T("Standings"), head, rows, language=PSEUDO)
    alt = standings.alt_text(T("Standings"), head, rows, language=PSEUDO)
    # Frames of noise: a GIF too big for its limit, so the replay says how it shrank it.
    frames = [Image.effect_noise((600, 400), 60 + n).convert("RGB") for n in range(3)]
    captions = [say(T("Move {number}", number=n), PSEUDO) for n in range(3)]  # the cog says them
    whole, _ = replay.replay_gif(frames, captions)
    _, shrunk = replay.replay_gif(frames, captions, max_bytes=len(whole) // 2)
    note = say(shrunk, PSEUDO)
    allowed = allowed_words()
    assert escaped(drawn, allowed) == []
    assert alt.startswith("⟦") and plain_words(alt, allowed) == [], alt
    assert note and plain_words(note, allowed) == [], note


def test_the_english_pictures_and_alt_texts_are_as_they_were():
    """``language`` defaults to English, and English is the messages themselves."""
    module = renderer("tonari")
    view = moments("tonari", 3)["middle"]
    names = list(NAMES[:3])
    default = module.render(view, names=names, layout="phone")
    english = module.render(view, names=names, layout="phone", language="en")
    assert default.tobytes() == english.tobytes()
    assert module.alt_text(view, names=names) == module.alt_text(view, names=names, language="en")


def test_the_picture_s_language_travels_through_board_png():
    view = moments("tokan", 2)["end"]
    names = list(NAMES[:2])
    english = board_png("tokan", render_tokan, view, names, layout="phone")
    pseudo = board_png("tokan", render_tokan, view, names, layout="phone", language=PSEUDO)
    assert english == board_png("tokan", render_tokan, view, names, layout="phone", language="en")
    assert pseudo != english


def test_the_charts_alt_texts_read_as_the_posts_wrote_them_and_are_said_in_the_language():
    outcome = Outcome(
        scores=(
            SeatScore(0, 20, (ScoreLine("Camps", 20),)),
            SeatScore(1, 30, (ScoreLine(T("Camps"), 40), ScoreLine("wages paid", -10))),
        ),
        winners=(1,),
        reason="test",
    )
    people = ["alice (A)", "Дмитрий (B)"]
    assert scores.breakdown_alt(outcome, people) == (
        "Score breakdown. Дмитрий (B): 30 (Camps +40, wages paid -10); alice (A): 20 (Camps +20)"
    )
    series = {"TOKAN": [(1, 25.0), (2, 31.2)], "Tonari": [(1, 24.6)], "Tonga Bonga": []}
    assert scores.rating_alt("Zoë", series) == (
        "Chart: Zoë's rating over time. TOKAN: 2 rated matches, from 25 to 31; "
        "Tonari: 1 rated match, from 25 to 25."
    )
    odds = [[0.5, 0.5], [0.25, 0.75]]
    assert chances.chances_alt(odds, ["alice", "Дмитрий"], [0, 1]) == (
        "Chart of each player's chances of winning over 2 decisions. At the end: alice 25%, "
        "Дмитрий 75%. Marked swings at decisions 1, 2."
    )
    assert replay.replay_alt("TOKAN", 7, ["alice", "Дмитрий"], 2) == (
        "Animated replay of TOKAN match #7 between alice, Дмитрий: 1 log entry, a frame each "
        "with the move in words under the board, then the final scores."
    )
    assert "12 log entries" in replay.replay_alt("TOKAN", 7, ["alice"], 13)
    said = [
        scores.breakdown_alt(outcome, people, PSEUDO),
        scores.rating_alt("Zoë", series, PSEUDO),
        chances.chances_alt(odds, ["alice", "Дмитрий"], [0, 1], PSEUDO),
        replay.replay_alt("TOKAN", 7, ["alice", "Дмитрий"], 2, PSEUDO),
    ]
    # The lines "Camps" and "wages paid" are the rules' (a plain string here stays as it is).
    allowed = allowed_words() | {"zoë", "camps", "wages", "paid"}
    for alt in said:
        assert alt.startswith("⟦") and plain_words(alt, allowed) == [], alt
    assert "⟦Ċȧṁṗṡ⟧ +40" in said[0]  # a line's label that is a text is said too


def test_a_computer_s_name_in_the_chances_chart_and_its_alt_is_said_in_the_language():
    """An analysis names its players as the cog finds them: a computer seat by its own name and
    a forgotten player as "a former player", both texts of the catalogue (``cogs.people``).
    The chart's legend and its alt text say them in the post's language, as the boards do; an
    f-string or a slice of the text would have kept its English ("Bot (easy)")."""
    from cogs.messages import FORMER_NAME
    from render.common import to_png
    from table.computers import computer_id, computer_name

    bot = computer_name(computer_id("easy", 1))
    odds = [[0.5, 0.3, 0.2], [0.25, 0.7, 0.05]]
    names = ["alice", bot, FORMER_NAME]
    german = [say(name, "de") for name in names]
    assert german[1] != bot and german[2] != FORMER_NAME  # the catalogue has their German
    alt = chances.chances_alt(odds, names, [1], "de")
    assert f"{german[1]} 70%" in alt and f"{german[2]} 5%" in alt, alt
    assert str.__str__(bot) not in alt and str.__str__(FORMER_NAME) not in alt, alt
    drawn = chances.chances_chart(odds, names, [1], language="de")
    assert to_png(drawn) == to_png(chances.chances_chart(odds, german, [1], language="de"))
    assert to_png(drawn) != to_png(chances.chances_chart(odds, names, [1], language="en"))
