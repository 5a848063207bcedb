"""Tonga Bonga: any text at all gives a move or a short player error (issue 9, parse
robustness), checked with generated texts (hypothesis) in every step of the game.

What every game shares (any Unicode text, numbers in any digit class sampled from legal moves,
long pastes, the length guard, options) is tested once, for Tonga Bonga too, in
tests/test_parse_properties.py; here are the checks only Tonga Bonga's moves need: its words,
every digit character in every number place of its moves, its long numbers and routes, and
autocomplete.

Reported crashes: `wages ³ 2`, `reroll ²` and `place 4 on ²` raised ValueError (superscript
digits pass ``str.isdigit()`` but not ``int()``).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.errors import InvalidMove, PlayerError
from rules.tonga.notation import MAX_MOVE_CHARS
from rules.tonga.state import TongaState
from tests.rules.test_tonga_navigation import CAMPS_ON_COCOA_BY_B
from tests.rules.test_tonga_support import GAME, crew_step, navigation, start
from tests.test_parse_properties import check_text, digit_characters

STATES: dict[str, TongaState] = {
    "wages": start(3),
    "crew": crew_step(players=3, seat=0, roll=(5, 3, 6)),
    "navigation": navigation(at="n4", mp=5, camps=CAMPS_ON_COCOA_BY_B),
}
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

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


@pytest.mark.parametrize("text", ["wages ³ 2", "reroll ²", "place 4 on ²"])
def test_the_reported_crashes_are_player_errors(text: str):
    for state in STATES.values():
        with pytest.raises(InvalidMove):
            GAME.parse(state, text)


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
    check_text(GAME, STATES[phase], " ".join(words))


def test_every_unicode_digit_character_in_every_number_place_gives_a_move_or_a_player_error():
    """Exhaustive where tests/test_parse_properties.py samples: each of the ~1,900 characters
    Unicode counts as a digit or number, in each number place of each kind of move. The state
    only matters to `reroll all`, `camp` and examples in refusals: one will do."""
    state = STATES["navigation"]
    for template in TEMPLATES:
        for digit in digit_characters():
            check_text(GAME, state, template.format(d=digit))


@pytest.mark.parametrize("digits", [7, 4300, 4301, 5000])
def test_very_long_numbers_are_refused(digits: int):
    number = "9" * digits
    for template in TEMPLATES:
        for state in STATES.values():
            text = template.format(d=number)
            with pytest.raises(InvalidMove):
                GAME.parse(state, text)
            check_text(GAME, state, text)


def test_numbers_with_up_to_six_digits_are_read_and_judged_by_the_rules():
    state = STATES["wages"]
    with pytest.raises(PlayerError, match="more than your 20 coins"):
        GAME.apply(state, 0, GAME.parse(state, "wages 999999 1"))


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
