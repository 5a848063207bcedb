"""The helpers every picture names people and clips texts with (render/common.py)."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from render.common import (
    ALT_LIMIT,
    NAME_EMS,
    clip_alt,
    drop_actor,
    ellipsize,
    font_for,
    has_glyph,
    name_seats,
    paste_mask,
    player_name,
    printable,
    seat_label,
    text_mask,
    text_width,
    tidy,
    to_act_line,
)


def test_a_seat_is_named_by_its_player_and_letter_or_as_today_without_names():
    assert seat_label(0, ["alice", "bob"]) == "alice (A)"
    assert seat_label(1, ["alice", "bob"], "black") == "bob (black)"
    assert seat_label(2) == "Seat 3 (C)"
    assert seat_label(2, ["alice"]) == "Seat 3 (C)"  # fewer names than seats: no crash


def test_names_in_any_script_are_kept_and_a_name_with_nothing_to_draw_is_the_seat():
    assert player_name(0, ["王小明"]) == "王小明"
    assert player_name(0, ["Zoë 🎣"]) == "Zoë 🎣"
    assert player_name(0, ["   "]) == "Seat 1"
    assert player_name(0, ["\U000f0001\U000f0002"]) == "Seat 1"  # private use: no font has it
    # A tab becomes a space; a zero-width space, a format character, goes without a trace.
    assert printable("a\tb\u200bc  d") == "a bc d"
    assert has_glyph("ō", 1) and not has_glyph("ō") and has_glyph("王", 1)
    assert not has_glyph("\U000f0001", 1)


def test_a_long_name_is_cut_with_an_ellipsis_to_a_fixed_width():
    name = player_name(0, ["Bartholomew-Maximilian of the Northern Seas, Admiral of the Fleet"])
    assert name.endswith("…") and name.startswith("Bartholomew")
    assert text_width(name, 24) <= NAME_EMS * 24


def test_ellipsize_fits_any_width_and_keeps_short_texts():
    assert ellipsize("short", 500, 18) == "short"
    for width in (40, 90, 200):
        cut = ellipsize("a fairly long line of text that will not fit", width, 18)
        assert cut.endswith("…") and text_width(cut, 18) <= width


def test_rules_texts_name_the_people_and_stay_as_they_were_without_names():
    text = "Seat 2: move the boat. Seat 1 (A)'s token; by Seat 2"
    assert name_seats(text, None) == text
    named = name_seats(text, ["alice", "bob"])
    assert named == "bob (B): move the boat. alice (A)'s token; by bob (B)"
    assert name_seats("Seat 1 (red) moved", ["ann", "ben"], ("red", "black")) == "ann (red) moved"


def test_drawn_texts_lose_backticks_and_doubled_full_stops():
    assert tidy("Play `b1`. Game over..") == "Play b1. Game over."
    assert tidy("over. . Next") == "over. Next"
    assert tidy("wait...") == "wait..."
    assert drop_actor("Seat 4: move the boat") == "move the boat"
    assert drop_actor("Seat 2 (B): camp") == "camp"


def test_nobody_to_act_reads_game_over():
    assert to_act_line([]) == "Game over"
    assert to_act_line(["alice (A)"]) == "To act: alice (A)"


def test_alt_text_is_cut_at_a_word_within_the_limit():
    long = "word " * 400
    clipped = clip_alt(long)
    assert len(clipped) <= ALT_LIMIT and clipped.endswith("word…")
    assert clip_alt("a  b\n c") == "a b c"


def test_the_fallback_font_draws_what_the_bundled_one_lacks():
    assert font_for("Toshi Tōshi", 20).getname()[0] == "Tidetable Sans"
    assert font_for("Toshi Toshi", 20).getname()[0] == "Aileron"


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "ls", "rt", "rb", "md", "ma"])
@pytest.mark.parametrize("size", [11, 22, 50])
def test_a_cached_text_pastes_the_very_pixels_drawing_it_would(anchor: str, size: int):
    # A line's mask is put together from its words' masks, or laid out once (drawn with room
    # to spare, then cut to its ink): the pixels must be those of ImageDraw drawing it there.
    texts = [
        "Last move: c3 to c5 (up carrying 1) by bob (black)",
        "3 high",
        "ō é → 中文 (B): 113",
        "\u2068محمد عبد الله\u2069 (A): 12",
        "gjpqy ÅÉ",
        "TOKAN  ·  alice (red) to move  ·  Towers  ·  move 13",  # put together from its words
        " leading, trailing and  double  spaces ",
        "f j ff / | _ ,",  # inks that may reach into a narrow space
        " ",
    ]
    for text in texts:
        for xy in ((300, 150), (320.4, 149.6)):
            drawn = Image.new("RGB", (1800, 400), (246, 241, 229))
            pasted = drawn.copy()
            face = font_for(text, size)
            point = (round(xy[0]), round(xy[1]))
            ImageDraw.Draw(drawn).text(point, text, font=face, fill=(33, 37, 41), anchor=anchor)
            paste_mask(pasted, xy, text_mask(text, size, anchor), (33, 37, 41))
            assert pasted.tobytes() == drawn.tobytes(), (text, size, anchor, xy)


def test_a_line_is_as_wide_as_its_words_and_spaces_measured_once_each():
    for size in (9, 15, 22, 28):
        for text in ("TOKAN  ·  alice (red) to move  ·  move 13", " a  b ", "AV To", "  "):
            assert text_width(text, size) == font_for(text, size).getlength(text)
