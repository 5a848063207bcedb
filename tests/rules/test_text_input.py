"""The shared reader of player text (rules/text_input.py) and the crashes it closed (issue 9)."""

from __future__ import annotations

import pytest

from rules.errors import InvalidMove, PlayerError
from rules.registry import GAMES
from rules.text_input import (
    MAX_MOVE_CHARS,
    MAX_OPTION_CHARS,
    guard,
    is_number,
    number,
    option_text,
    quote,
)


def test_quote_keeps_short_text_as_typed():
    assert quote("b3 right") == "b3 right"


def test_quote_makes_one_line_without_backticks_or_control_characters():
    assert quote("swap\n\n\tc3   `f6`\u200b\x00") == "swap c3 'f6'"


def test_quote_shortens_to_100_characters_with_an_ellipsis():
    shown = quote("x" * 10_000)
    assert len(shown) == 100 and shown.endswith("…") and shown[:99] == "x" * 99
    assert quote("\n" * 1500) == "…"  # cut: the rest was not even read
    assert quote("ab" * 30, limit=40) == "ab" * 19 + "a…"


def test_guard_refuses_text_longer_than_any_move_quoting_40_characters():
    assert guard("a" * MAX_MOVE_CHARS, "TOKAN move") == "a" * MAX_MOVE_CHARS
    with pytest.raises(InvalidMove) as refused:
        guard("a" * 10_000, "TOKAN move")
    assert str(refused.value) == (
        f"That is 10,000 characters long; a TOKAN move is at most 100 characters: `{'a' * 39}…`"
    )


@pytest.mark.parametrize(
    "word",
    [
        "³",
        "²",
        "١٢",
        "１２",
        "٣",
        "߁",
        "Ⅻ",
        "½",
        "-1",
        "+1",
        "1_000",
        " 1",
        "",
        "9" * 4301,
        "1234567",
    ],
)
def test_number_reads_only_a_few_ascii_digits(word):
    """``str.isdigit`` accepts superscripts that ``int`` rejects; ``int`` accepts Arabic-Indic and
    fullwidth digits and refuses 4,301+ digits: none of them is a number here."""
    assert number(word) is None


def test_number_reads_ascii_digits():
    assert number("0") == 0 and number("007") == 7 and number("123456") == 123456
    assert number("12", max_digits=1) is None
    assert is_number("9" * 5000) and not is_number("³") and not is_number("１")


def test_option_text_collapses_whitespace_and_caps_length():
    assert option_text("  lunkers \n\n kingfish ", "sets") == "lunkers kingfish"
    with pytest.raises(InvalidMove, match=r"^The `sets` option is 1,501 characters long"):
        option_text("\n" * 1500 + "x", "sets")
    assert option_text("x" * MAX_OPTION_CHARS, "sets") == "x" * MAX_OPTION_CHARS


# -- the crashes reported in issue 9 -----------------------------------------------------------
@pytest.mark.parametrize(
    ("key", "text"),
    [
        ("tonari", "trade red for blue seat " + "9" * 4301),
        ("fishing", "trade red for crayfish seat " + "9" * 4301),
        ("toshi", "lead " + "9" * 4301),
        ("toshi", "play R" + "9" * 4301),
        ("toshi", "play R³"),
        ("toshi", "lead ²"),
        ("tokan", "b3 right carry " + "9" * 4301),
        ("tokan", "b3 right carry ³"),
    ],
)
def test_a_huge_or_unusual_number_is_a_player_error(key, text):
    """Reported: a seat or card number of 4,301+ digits gave ValueError (int's limit)."""
    game = GAMES[key]
    state = game.setup(game.spec.min_players, game.spec.resolve_options({}), 1)
    with pytest.raises(PlayerError):
        game.parse(state, text)


@pytest.mark.parametrize(("key", "text"), [("tonari", "trade red for blue seat 99999999")])
def test_a_long_but_short_enough_seat_number_is_refused_by_name(key, text):
    game = GAMES[key]
    state = game.setup(3, {}, 1)
    with pytest.raises(InvalidMove, match=r"`99999999` is not a seat number \(1-3\)"):
        game.parse(state, text)


def test_fishing_sets_of_1500_newlines_are_refused_not_posted():
    """Reported: the free-text `sets` option with 1,500 newlines was accepted and posted publicly
    as a wall of blank lines."""
    spec = GAMES["fishing"].spec
    with pytest.raises(InvalidMove, match="characters long") as refused:
        spec.resolve_options({"sets": "\n" * 1500})
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200


def test_fishing_sets_whitespace_is_collapsed_in_what_is_kept():
    spec = GAMES["fishing"].spec
    resolved = spec.resolve_options({"sets": "lunkers\n\n\n   kingfish"})
    assert resolved["sets"] == "lunkers kingfish"
    GAMES["fishing"].check_options(3, resolved)


def test_fishing_unknown_set_name_is_quoted_in_at_most_40_characters():
    with pytest.raises(InvalidMove) as refused:
        GAMES["fishing"].check_options(3, {"sets": "lunkers " + "z" * 150})
    message = str(refused.value)
    assert message.startswith(f"`{'z' * 39}…` is not a special set.")


def test_an_unknown_option_or_choice_is_quoted_shortly():
    spec = GAMES["toshi"].spec
    with pytest.raises(InvalidMove) as refused:
        spec.resolve_options({"variant": "q" * 500})
    assert str(refused.value).startswith(f"`{'q' * 39}…` is not a choice for variant")
    with pytest.raises(InvalidMove) as refused:
        spec.resolve_options({"k\n" * 300: "x"})
    assert "\n" not in str(refused.value) and len(str(refused.value)) < 200
