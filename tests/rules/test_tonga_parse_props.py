"""Tonga Bonga: any text at all gives a move or a short player error (issue 9, parse
robustness), checked with generated texts (hypothesis) in every step of the game.

Reported crashes: `wages ³ 2`, `reroll ²` and `place 4 on ²` raised ValueError (superscript
digits pass ``str.isdigit()`` but not ``int()``).
"""

from __future__ import annotations

import sys
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import InvalidMove, PlayerError
from rules.text_input import QUOTE_CHARS
from rules.tonga.notation import MAX_MOVE_CHARS
from rules.tonga.state import TongaState
from tests.rules.test_tonga_navigation import CAMPS_ON_COCOA_BY_B
from tests.rules.test_tonga_support import GAME, crew_step, navigation, start

STATES: dict[str, TongaState] = {
    "wages": start(3),
    "crew": crew_step(players=3, seat=0, roll=(5, 3, 6)),
    "navigation": navigation(at="n4", mp=5, camps=CAMPS_ON_COCOA_BY_B),
}
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# One character of every Unicode digit-like class: decimal digits of every script, other
# numbers (superscripts, fractions, circled digits) and letter numbers (Roman numerals).
DIGIT_LIKE = sorted(
    {
        chr(code)
        for code in range(sys.maxunicode + 1)
        if unicodedata.category(chr(code)) in ("Nd", "No", "Nl")
    }
)
TEMPLATES = (
    "wages {d} 2",
    "wages 3 {d}",
    "reroll {d}",
    "reroll 5 {d}",
    "place {d} on B",
    "place 4 on {d}",
    "place 5 on B, {d} on C",
    "go {d}",
    "go m4 {d}",
    "camp {d}",
    "{d}",
)


def parse_or_refuse(state: TongaState, text: str) -> None:
    """Parse ``text``: a move whose text parses back to it, or a PlayerError that quotes at
    most ``QUOTE_CHARS`` characters of what was typed. Anything else fails the test."""
    try:
        move = GAME.parse(state, text)
    except PlayerError as error:
        assert_short_quote(str(error), text)
        return
    assert GAME.parse(state, GAME.format(state, move)) == move


def assert_short_quote(message: str, text: str) -> None:
    run = QUOTE_CHARS + 1
    assert not any(message[i : i + run] in text for i in range(len(message) - run + 1)), (
        f"the refusal quotes more than {QUOTE_CHARS} characters of the text"
    )
    assert len(message) < 1500


@pytest.mark.parametrize("text", ["wages ³ 2", "reroll ²", "place 4 on ²"])
def test_the_reported_crashes_are_player_errors(text: str):
    for state in STATES.values():
        with pytest.raises(InvalidMove):
            GAME.parse(state, text)


@pytest.mark.parametrize("phase", list(STATES))
@given(text=st.text(max_size=400))
@PROPERTY
def test_any_text_parses_or_is_refused(phase: str, text: str):
    parse_or_refuse(STATES[phase], text)


@pytest.mark.parametrize("phase", list(STATES))
@given(
    words=st.lists(
        st.sampled_from(
            [
                "go",
                "wages",
                "place",
                "reroll",
                "camp",
                "end",
                "on",
                "B",
                "all",
                "s",
                "m4",
                "m3",
                "cocoa",
                "tonga",
                "bonga",
                "→",
                ",",
                "(",
                "1",
                "5",
                "0",
                "99",
                "z9",
                "h8",
            ]
        ),
        max_size=12,
    )
)
@PROPERTY
def test_texts_of_move_words_parse_or_are_refused(phase: str, words: list[str]):
    parse_or_refuse(STATES[phase], " ".join(words))


def test_every_unicode_digit_class_gives_a_player_error_or_a_move():
    # The state only matters to `reroll all`, `camp` and examples in refusals: one will do
    # for the ~1,900 characters times every template.
    state = STATES["navigation"]
    for template in TEMPLATES:
        for digit in DIGIT_LIKE:
            parse_or_refuse(state, template.format(d=digit))
    assert {unicodedata.category(d) for d in DIGIT_LIKE} == {"Nd", "No", "Nl"}
    assert "³" in DIGIT_LIKE and "٣" in DIGIT_LIKE and "Ⅻ" in DIGIT_LIKE


@pytest.mark.parametrize("digits", [7, 4300, 4301, 5000])
def test_very_long_numbers_are_refused(digits: int):
    number = "9" * digits
    for template in TEMPLATES:
        for state in STATES.values():
            text = template.format(d=number)
            with pytest.raises(InvalidMove):
                GAME.parse(state, text)
            parse_or_refuse(state, text)


def test_numbers_with_up_to_six_digits_are_read_and_judged_by_the_rules():
    state = STATES["wages"]
    with pytest.raises(PlayerError, match="more than your 20 coins"):
        GAME.apply(state, 0, GAME.parse(state, "wages 999999 1"))


@pytest.mark.parametrize("phase", list(STATES))
@given(text=st.text(min_size=MAX_MOVE_CHARS + 1, max_size=10_000))
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_texts_longer_than_any_move_are_refused_before_parsing(phase: str, text: str):
    with pytest.raises(InvalidMove, match=r"^That is [\d,]+ characters long") as refused:
        GAME.parse(STATES[phase], text)
    assert_short_quote(str(refused.value), text)


def test_ten_thousand_characters_of_move_words_are_refused_shortly():
    for text in ("go m4 " * 1700, "place 4 on B, " * 720, "`" * 10_000, "\n" * 10_000):
        for state in STATES.values():
            with pytest.raises(InvalidMove) as refused:
                GAME.parse(state, text)
            assert len(str(refused.value)) < 200
            assert "\n" not in str(refused.value)


def test_the_longest_real_route_fits_under_the_limit():
    """The longest move is a route: 15 points of dice and 6 of wind, 21 spaces at most, with
    a camp and an `end`; written with arrows it still fits."""
    longest = "go " + " → ".join(["tonga", "bigboa"] * 11) + " → camp → end"
    assert len(longest) <= MAX_MOVE_CHARS


@pytest.mark.parametrize("phase", list(STATES))
@given(typed=st.text(max_size=400))
@PROPERTY
def test_autocomplete_answers_any_text(phase: str, typed: str):
    state = STATES[phase]
    offered = GAME.suggest(state, 0, typed)
    assert len(offered) <= 25
    for text in offered:
        GAME.parse(state, text)  # every suggestion is a move (never a player error)
