"""Issue 25: every text Friendly Fishing and Toshi Tōshi show people comes from the catalogue.

A seeded policy game of each (every player count; Toshi with and without Specialisation) is
played out, and every public and private description, every pending text, the hands, the
outcome and a sample of refusals must be :class:`Text` instances: no message names a seat
itself (the bot rewrites seat references after the text is said, so they are placeholder
values), every placeholder has a value, and said in the pseudo-language no English word is left
outside the placeholder values (an unmarked word would reach a German reader in English).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from i18n.catalogue import PSEUDO, pseudo, say
from i18n.text import Text, fill, placeholders
from rules.base import AnyGame
from rules.errors import IllegalMove, InvalidMove, PlayerError
from rules.playout import policy_game
from rules.registry import GAMES

ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}")
# Texts the notation reads but the rules refuse somewhere in a game, and texts no game reads.
TRIED = (
    "zz9 nonsense",
    "c3",
    "a1",
    "take",
    "leave",
    "swap a1 b1",
    "swap c3 c3",
    "slide a1 b1",
    "remove a1",
    "double red",
    "double pink",
    "trade red for blue seat 2",
    "trade red for blue seat 9",
    "play R7",
    "play Q7",
    "place a1.c",
    "place a1.nw",
    "place z9.c",
    "build R1 up a1",
    "build R1 down c2",
    "move a1.c b2.c",
    "lead 1",
    "lead 9",
    "flip a1",
    "flip c2",
    "flip specialisation",
    "pass",
)


def masked(text: Text) -> str:
    """``text`` said in the pseudo-language with every plain placeholder value blanked out (a
    value is a name, a number or notation: it stays as written in every language). Both forms
    of a plural message are said."""
    values = {key: masked(value) if isinstance(value, Text) else "·" for key, value in text.params}
    if text.verbatim:
        return fill(text.message, values)
    forms = [text.message] if text.plural is None else [text.message, text.plural]
    return " / ".join(fill(pseudo(form), values) for form in forms)


def check_text(text: object, what: str) -> None:
    """The checks every person-facing text must pass, its Text parameters included."""
    assert isinstance(text, Text), f"{what} is a plain {type(text).__name__}: {text!r}"
    assert "Seat" not in text.message, f"{what} names a seat in its message: {text.message!r}"
    given = set(text.values())
    for form in (text.message, text.plural or ""):
        missing = placeholders(form) - given
        assert not missing, f"{what}: {sorted(missing)} have no value in {form!r}"
    for key, value in text.params:
        if isinstance(value, Text):
            check_text(value, f"{what} (its {{{key}}})")
    said = say(text, PSEUDO)
    assert said and not placeholders(said), f"{what} is said with a placeholder left: {said!r}"
    left = ENGLISH_WORD.findall(masked(text))
    assert not left, f"{what} keeps English outside its placeholders: {left} in {said!r}"


def configurations() -> Iterator[tuple[str, int, dict[str, str]]]:
    for players in range(2, 6):
        for side in ("small", "large"):
            yield "fishing", players, {"side": side}
    for players in range(3, 6):
        for variant in ("standard", "specialisation"):
            yield "toshi", players, {"variant": variant}


def refusals(game: AnyGame, state: Any, seat: int) -> Iterator[tuple[str, PlayerError]]:
    """Each tried text's refusal, by the notation (InvalidMove) or by the rules (IllegalMove)."""
    for typed in TRIED:
        try:
            game.check(state, seat, game.parse(state, typed))
        except (InvalidMove, IllegalMove) as error:
            yield typed, error


def others(game: AnyGame, state: Any, seat: int, chosen: Any) -> list[Any]:
    """A spread of the legal moves not chosen (some 12), the last one (a pass) always."""
    legal = [move for move in game.legal_moves(state, seat) if move != chosen]
    if not legal:
        return []
    return [*legal[: -1 : 1 + len(legal) // 12], legal[-1]]


@pytest.mark.parametrize(("key", "players", "options"), list(configurations()))
def test_every_text_of_a_played_game_is_a_catalogue_text(
    key: str, players: int, options: dict[str, str]
) -> None:
    game = GAMES[key]
    start = game.setup(players, game.spec.resolve_options(options), 11 * players)
    refused: dict[type, int] = {InvalidMove: 0, IllegalMove: 0}
    moves = 0
    after = start
    for step, (before, seat, move, after) in enumerate(
        policy_game(game, start, random.Random(players))
    ):
        moves += 1
        where = f"{key} {players} {options} move {step} `{game.format(before, move)}`"
        check_text(game.describe(before, seat, move, after), f"describe of {where}")
        check_text(game.describe_private(before, seat, move, after), f"private of {where}")
        check_text(game.pending(before), f"pending before {where}")
        check_text(game.view(before, None).pending, f"the view's pending before {where}")
        hand = game.private_text(before, seat)
        if hand is not None:
            check_text(hand, f"hand before {where}")
        for other in others(game, before, seat, move):  # the moves not chosen, described too
            then = game.play(before, seat, other)
            also = f"{where}, instead `{game.format(before, other)}`"
            check_text(game.describe(before, seat, other, then), f"describe of {also}")
            check_text(game.describe_private(before, seat, other, then), f"private of {also}")
        if step % 3 == 0:  # a sample: every tried text at every move would take long
            for typed, error in refusals(game, before, seat):
                check_text(error.args[0], f"refusal of `{typed}` before {where}")
                refused[type(error)] += 1
    assert moves > 10
    check_text(game.pending(after), f"{key}: pending once over")
    outcome = game.outcome(after)
    assert outcome is not None
    check_text(outcome.reason, f"{key}: the outcome's reason")
    for extra in outcome.extra:
        check_text(extra, f"{key}: the outcome's extra")
    for score in outcome.scores:
        for line in score.breakdown:
            check_text(line.label, f"{key}: a score line")
    assert refused[InvalidMove] and refused[IllegalMove], refused


@pytest.mark.parametrize("key", ["fishing", "toshi"])
def test_rules_help_and_options_are_catalogue_texts(key: str) -> None:
    spec = GAMES[key].spec
    check_text(spec.rules_text, f"{key} rules")
    check_text(spec.move_help, f"{key} move help")
    for option in spec.options:
        check_text(option.description, f"{key} option {option.key}")


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"sets": "kingfish"}),
        (5, {"sets": "kingfish junk"}),
        (3, {"side": "large", "sets": "junk"}),
        (2, {"sets": "bogus"}),
        (2, {"sets": "junk junk"}),
        (2, {"side": "huge"}),
    ],
)
def test_fishing_option_refusals_are_catalogue_texts(players: int, options: dict[str, str]) -> None:
    with pytest.raises(InvalidMove) as refused:
        GAMES["fishing"].check_options(players, options)
    check_text(refused.value.args[0], f"options {options}")


def test_a_fishing_button_names_its_tile_through_the_catalogue() -> None:
    game = GAMES["fishing"]
    state = game.setup(2, {"side": "small", "sets": "random"}, 3)
    move = game.legal_moves(state, 0)[0]
    label = game.button_label(state, move)
    check_text(label, "a boat move's button")
    assert label == f"{game.format(state, move)}: {state.tiles[move.to].value.capitalize()}"
