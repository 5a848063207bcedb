"""Issue 9 (parse robustness): any text at all gives a move or a short player error.

Property tests (hypothesis) over arbitrary Unicode, every character Unicode calls a digit (the
superscripts `³` that ``str.isdigit`` accepts and ``int`` rejects, Arabic-Indic and fullwidth
digits that ``int`` accepts), numbers of thousands of digits (``int`` refuses 4,301+), and
pastes of thousands of characters. ``parse``, a move it returns when applied, and every option
check (``resolve_options``, ``check_options``) raise only ``PlayerError``; a refusal quotes at most
100 characters of what was typed, on one line.

Every game reads typed text through ``rules/text_input.py``; Tonga Bonga passes the guard its
own, longer limit (its routes run past the shared 100 characters): ``LONGEST``.
"""

from __future__ import annotations

import re
import sys
from functools import cache
from itertools import islice
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import rng
from rules.base import Game
from rules.errors import InvalidMove, PlayerError
from rules.playout import policy_game
from rules.registry import GAMES
from rules.text_input import MAX_MOVE_CHARS, QUOTE_CHARS
from rules.tonga.notation import MAX_MOVE_CHARS as TONGA_MOVE_CHARS

GAMES_CHECKED = ["tokan", "tonari", "fishing", "toshi", "tonga"]
# The longest text each game's parser reads: the shared guard's limit unless it passes its own.
LONGEST = {"tonga": TONGA_MOVE_CHARS}
EXAMPLES = settings(
    max_examples=200,
    deadline=None,
    database=None,  # no .hypothesis folder in the work tree; failures print their example
    suppress_health_check=[HealthCheck.too_slow],
)
# Longest refusal: the quoted text (100), a quoted word, and the game's notation help.
MAX_MESSAGE = 1200


@cache
def digit_characters() -> tuple[str, ...]:
    """Every character Unicode counts as a digit or a number in some way."""
    return tuple(
        ch
        for ch in map(chr, range(sys.maxunicode + 1))
        if (ch.isdigit() or ch.isdecimal() or ch.isnumeric()) and not "\ud800" <= ch <= "\udfff"
    )


@cache
def sample_states(key: str) -> tuple[Any, ...]:
    """A few states of one seeded game: its start and the first state of each later kind of
    decision (phase), so every branch of the parser sees a fitting position."""
    game = GAMES[key]
    players = game.spec.min_players + 1 if game.spec.max_players > 2 else 2
    options = game.spec.resolve_options({})
    state = game.setup(players, options, 3)
    seen: dict[str, Any] = {}
    for before, *_, after in islice(policy_game(game, state, rng.stream(3, "properties")), 2000):
        seen.setdefault(str(getattr(before, "phase", "")), before)
        state = after
    seen.setdefault("over", state)
    return tuple(seen.values())


@cache
def move_texts(key: str) -> tuple[str, ...]:
    """The legal moves' texts in the sample states: templates whose numbers get replaced."""
    game = GAMES[key]
    texts: list[str] = []
    for state in sample_states(key):
        for seat in game.to_act(state):
            texts += [game.format(state, m) for m in list(game.legal_moves(state, seat))[:20]]
    return tuple(dict.fromkeys(texts)) or ("a1",)


def check_text(game: Game, state: Any, text: str) -> None:
    """Parse ``text`` (and apply what it names): a move whose text parses back to it, or a
    PlayerError, never another error; a refusal is one short line quoting at most 100
    characters of the text."""
    try:
        move = game.parse(state, text)
        assert game.parse(state, game.format(state, move)) == move
        seats = game.to_act(state)
        if seats:
            game.apply(state, seats[0], move)
    except PlayerError as refusal:
        message = str(refusal)
        assert len(message) <= MAX_MESSAGE, message[:200]
        assert "\n" not in message
        assert_short_quote(message, text)


def assert_short_quote(message: str, text: str) -> None:
    """No run of more than ``QUOTE_CHARS`` characters of ``message`` is a piece of ``text``."""
    run = QUOTE_CHARS + 1
    assert not any(message[i : i + run] in text for i in range(len(message) - run + 1)), (
        f"the refusal quotes more than {QUOTE_CHARS} characters of the text"
    )


numbers = st.one_of(
    st.text(st.sampled_from(digit_characters()), min_size=1, max_size=6),
    st.integers(min_value=0, max_value=10**12).map(str),
    st.sampled_from(["0" * 4301, "9" * 4301, "1" * 10_000, "³", "²", "١٢", "１２", "⁴⁵", "Ⅻ"]),
)


def with_numbers(template: str, draw: st.DrawFn) -> str:
    return re.sub(r"[0-9]+", lambda _: draw(numbers), template)


@st.composite
def numbered_moves(draw: st.DrawFn, key: str) -> str:
    """A legal move's text with each number written another way."""
    return with_numbers(draw(st.sampled_from(move_texts(key))), draw)


long_texts = st.one_of(
    st.builds(
        lambda s, n: s * n,
        st.sampled_from(["a", "1", "a1 ", "\n", " ", "x-", "⁴"]),
        st.integers(min_value=90, max_value=10_000),
    ),
    st.builds(lambda n: "a1" + "a" * n + "1" * n + "x", st.integers(min_value=40, max_value=3000)),
    st.builds(lambda n: "trade red for blue seat " + "9" * n, st.integers(4000, 5000)),
)


@pytest.mark.parametrize("key", GAMES_CHECKED)
@EXAMPLES
@given(data=st.data(), text=st.text(max_size=300))
def test_any_unicode_text_parses_or_is_refused_as_a_player_error(key, data, text):
    state = data.draw(st.sampled_from(sample_states(key)))
    check_text(GAMES[key], state, text)


@pytest.mark.parametrize("key", GAMES_CHECKED)
@EXAMPLES
@given(data=st.data())
def test_moves_with_numbers_in_any_digit_class_are_moves_or_player_errors(key, data):
    state = data.draw(st.sampled_from(sample_states(key)))
    check_text(GAMES[key], state, data.draw(numbered_moves(key)))


@pytest.mark.parametrize("key", GAMES_CHECKED)
@EXAMPLES
@given(data=st.data(), text=long_texts)
def test_long_pastes_are_refused_with_a_short_message(key, data, text):
    state = data.draw(st.sampled_from(sample_states(key)))
    check_text(GAMES[key], state, text)


@pytest.mark.parametrize("key", GAMES_CHECKED)
@pytest.mark.parametrize(
    "shape",
    [
        "a" * 10_000,
        "a1" + "a" * 3000 + "1" * 3000 + "x",  # TOKAN's old quadratic backtracking
        "1" * 10_000,
        "trade red for blue seat " + "9" * 4301,
        "lead " + "9" * 4301,
        "play R" + "9" * 4301,
        "b3 right carry " + "9" * 4301,
        "\n" * 10_000,
        "place b2 " + "north-" * 2000,
        "go m4 " * 1700,
        "place 4 on B, " * 720,
        "`" * 10_000,
    ],
    ids=[
        "letters",
        "tokan-backtrack",
        "digits",
        "trade-seat",
        "lead",
        "card",
        "carry",
        "newlines",
        "spot-words",
        "route",
        "placements",
        "backticks",
    ],
)
def test_text_longer_than_any_move_is_refused_before_matching(key, shape):
    """Issue 15 item 6: parsing work is bounded whatever the text: past the game's longest move
    the shared guard refuses it before any pattern runs (timings: ``python -m bench.parse``)."""
    state = sample_states(key)[0]
    limit = LONGEST.get(key, MAX_MOVE_CHARS)
    with pytest.raises(
        InvalidMove, match=rf"characters long; a .* is at most {limit} characters"
    ) as refused:
        GAMES[key].parse(state, shape)
    message = str(refused.value)
    assert len(message) < 200 and "\n" not in message
    assert_short_quote(message, shape)


@pytest.mark.parametrize("key", GAMES_CHECKED)
def test_a_text_of_the_longest_allowed_length_is_read_normally(key):
    """At exactly the game's longest length the guard lets the text through to the parser,
    which gives its own answer (here: not a move)."""
    state = sample_states(key)[0]
    limit = LONGEST.get(key, MAX_MOVE_CHARS)
    text = "a1" + "a" * ((limit - 3) // 2 + 1) + "1" * ((limit - 3) // 2) + "x"
    assert len(text) == limit
    with pytest.raises(PlayerError) as refused:
        GAMES[key].parse(state, text)
    assert "characters long" not in str(refused.value)
    with pytest.raises(InvalidMove, match="characters long"):
        GAMES[key].parse(state, text + "x")


option_values = st.one_of(
    st.text(max_size=300),
    st.builds(lambda n: "\n" * n, st.integers(100, 3000)),
    st.sampled_from(["random", "small", "large", "standard", "specialisation", "lunkers kingfish"]),
    st.builds(lambda n: "kingfish " * n, st.integers(1, 500)),
)


@pytest.mark.parametrize("key", GAMES_CHECKED)
@EXAMPLES
@given(data=st.data(), value=option_values, stray_key=st.text(max_size=200))
def test_any_option_text_is_resolved_and_checked_or_refused_as_a_player_error(
    key, data, value, stray_key
):
    game = GAMES[key]
    keys = [o.key for o in game.spec.options] + [stray_key]
    chosen = data.draw(st.sampled_from(keys))
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        try:  # check_options also sees unresolved text when a caller skips resolve_options
            game.check_options(players, {chosen: value})
        except PlayerError as refusal:
            assert len(str(refusal)) <= MAX_MESSAGE and "\n" not in str(refusal)
    try:
        resolved = game.spec.resolve_options({chosen: value})
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            try:
                game.check_options(players, resolved)
            except PlayerError as refusal:
                assert len(str(refusal)) <= MAX_MESSAGE and "\n" not in str(refusal)
    except PlayerError as refusal:
        message = str(refusal)
        assert len(message) <= MAX_MESSAGE and "\n" not in message
        assert value[:41] not in message or len(value) <= 40 or not value.strip()
