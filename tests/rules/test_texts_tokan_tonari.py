"""TOKAN's and Tonari's words for people all come from the message catalogue.

A seeded policy game of each is played to its end; every description, pending text and view
text on the way, the outcome and a few refusals must be a ``Text`` (not a plain str): one whose
messages name no seat (the bot writes people where the seat placeholders are, after the text is
said), whose placeholders all have values, and which said in the pseudo-language keeps no run
of plain English letters outside its placeholder values (nothing hard-coded escaped the
catalogue). Tonari's refusals that the shared one-boat code composes (rules/fishing_common.py)
are not checked here: that module is converted on its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from i18n.catalogue import PSEUDO, say
from i18n.text import Text, placeholders
from rules import rng
from rules.base import AnyGame
from rules.errors import GameOver, IllegalMove, InvalidMove, NotYourTurn, PlayerError
from rules.fishing_common import Double, MoveBoat
from rules.playout import policy_game
from rules.tokan import Move, Tokan
from rules.tokan import scoring as tokan_scoring
from rules.tokan.board import NAMES
from rules.tonari import ISLANDS, PlaceBoat, Token, Tonari

ENGLISH_WORD = re.compile(r"[A-Za-z]{4,}")
PLACEHOLDER = re.compile(r"\{\w+\}")
CODE_SPAN = re.compile(r"`[^`]*`")  # notation: the pseudo-language keeps it as typed


def texts_inside(text: Text) -> Iterator[Text]:
    """``text`` and every Text among its parameters, at any depth."""
    yield text
    for _, value in text.params:
        if isinstance(value, Text):
            yield from texts_inside(value)


def without_values(text: Text) -> Text:
    """``text`` with every plain parameter value (notation, a seat, a number) left empty."""
    params = tuple(
        (key, without_values(value) if isinstance(value, Text) else "")
        for key, value in text.params
    )
    return Text(text.message, params, text.plural, text.count, text.context, text.verbatim)


def assert_from_catalogue(text: Any, *, generic: bool = False) -> None:
    """``generic``: a rules summary, which speaks of "Seat 1" as a rule, not of a person."""
    assert isinstance(text, Text), f"plain str, not from the catalogue: {text!r}"
    for inner in texts_inside(text):
        for pattern in (inner.message, inner.plural or ""):
            assert generic or "seat" not in PLACEHOLDER.sub("", pattern).lower(), pattern
        given = {key for key, _ in inner.params}
        wanted = placeholders(inner.message) | placeholders(inner.plural or "")
        assert wanted <= given, (inner.message, wanted - given)
        if inner.verbatim:  # a joined text: each part must be a text (or a number)
            assert all(not isinstance(v, str) or isinstance(v, Text) for _, v in inner.params)
    assert say(text) == str(text)  # the English is the text itself
    said = CODE_SPAN.sub("", say(without_values(text), PSEUDO))
    assert not ENGLISH_WORD.search(said), f"unmarked English in {said!r} (from {text!r})"


def refusal(error: type[PlayerError], call: Any, *args: Any) -> Any:
    with pytest.raises(error) as raised:
        call(*args)
    return raised.value.args[0]


def played(game: AnyGame, players: int, seed: int) -> list[tuple[Any, int, Any, Any]]:
    start = game.setup(players, game.spec.resolve_options({}), seed)
    return list(policy_game(game, start, rng.stream(seed, "texts")))


def assert_game_texts(game: AnyGame, steps: list[tuple[Any, int, Any, Any]]) -> None:
    for before, seat, move, after in steps:
        assert_from_catalogue(game.pending(before))
        assert_from_catalogue(game.describe(before, seat, move, after))
        assert_from_catalogue(game.describe_private(before, seat, move, after))
    end = steps[-1][3]
    assert_from_catalogue(game.pending(end))
    outcome = game.outcome(end)
    assert outcome is not None
    assert_from_catalogue(outcome.reason)
    for extra in outcome.extra:
        assert_from_catalogue(extra)
    # Refusals the contract makes for every game: not your turn, and the game is over.
    before, seat, move, _ = steps[0]
    other = next(s for s in range(game.players(before)) if s not in game.to_act(before))
    assert_from_catalogue(refusal(NotYourTurn, game.apply, before, other, move))
    assert_from_catalogue(refusal(GameOver, game.apply, end, seat, move))
    assert_from_catalogue(refusal(InvalidMove, game.parse, before, "x" * 500))
    assert_from_catalogue(refusal(InvalidMove, game.spec.resolve_options, {"speed": "fast"}))
    assert_from_catalogue(game.spec.rules_text, generic=True)
    assert_from_catalogue(game.spec.move_help, generic=True)
    for option in game.spec.options:
        assert_from_catalogue(option.description)


# Seeds whose games end in a tie (each scoring's tie texts), with carries and gap closing.
@pytest.mark.parametrize(("scoring", "seed"), [("towers", 5), ("every-head-counts", 13)])
def test_tokan_texts_come_from_the_catalogue(scoring: str, seed: int) -> None:
    game = Tokan()
    start = game.setup(2, game.spec.resolve_options({"scoring": scoring}), seed)
    steps = list(policy_game(game, start, rng.stream(seed, "texts")))
    outcome = game.outcome(steps[-1][3])
    assert outcome is not None and outcome.extra  # the seed still gives a tie
    assert any(move.carry for _, _, move, _ in steps)
    assert any(after.last.shifted for _, _, _, after in steps)
    assert_game_texts(game, steps)
    for _, _, _, after in [*steps[:: max(len(steps) // 6, 1)], steps[-1]]:
        view = game.view(after, None)
        for text in (view.pending, *(line for t in view.tallies for line in t.lines)):
            assert_from_catalogue(text)
        outcome = game.outcome(after)
        for score in outcome.scores if outcome else ():
            for line in score.breakdown:
                assert_from_catalogue(line.label)
        if view.result is not None:
            assert_from_catalogue(view.result)
        for space, stack in zip(NAMES, after.board, strict=True):
            if stack:
                assert_from_catalogue(game.stack_text(after, space))
            else:
                assert_from_catalogue(refusal(InvalidMove, game.stack_text, after, space))
    # Refusals of TOKAN's own: unreadable, a foreign tile, an animal's range, a bad option.
    state = steps[0][0]
    assert_from_catalogue(refusal(InvalidMove, game.parse, state, "fly to the moon"))
    assert_from_catalogue(refusal(InvalidMove, game.parse, state, "c3 sideways"))
    assert_from_catalogue(refusal(InvalidMove, game.parse, state, "a1-b2"))
    mine, theirs = (
        next(s for s, stack in enumerate(state.board) if stack[-1][0] == code)
        for code in ("R", "B")
    )
    assert_from_catalogue(refusal(IllegalMove, game.apply, state, 0, Move(NAMES[theirs], "up")))
    assert_from_catalogue(refusal(IllegalMove, game.apply, state, 0, Move(NAMES[mine], "up", 5)))
    assert_from_catalogue(
        refusal(InvalidMove, game.spec.resolve_options, {"scoring": "fewest-heads"})
    )
    assert_from_catalogue(refusal(InvalidMove, game.setup, 3, {}, 1))


# Seeds whose games use every skill (and, with 3 players, end in a tie-break; with 4, discard a
# skill that has no use).
@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 14), (4, 37)])
def test_tonari_texts_come_from_the_catalogue(players: int, seed: int) -> None:
    game = Tonari()
    steps = played(game, players, seed)
    kinds = {type(move).__name__ for _, _, move, _ in steps}
    if players != 3:
        assert {"SwapSpaces", "RemovePiece", "Trade", "Double"} <= kinds
    if players == 3:
        assert game.outcome(steps[-1][3]).extra  # type: ignore[union-attr]
    if players == 4:
        assert any("discarded" in after.note for _, _, _, after in steps)
    assert_game_texts(game, steps)
    for _, _, _, after in steps:
        view = game.view(after, None)
        for text in (view.pending, view.note, view.season_text):
            assert_from_catalogue(text)
            assert "`" not in text  # the picture shows no Markdown
    end = steps[-1][3]
    outcome = game.outcome(end)
    assert outcome is not None
    own = ("Orange", "Purple", "Pink")  # the lines Tonari labels itself (colours are shared)
    for score in outcome.scores:
        for line in score.breakdown:
            if line.label.startswith(own):
                assert_from_catalogue(line.label)
    # Tonari's own reasons for a refused move, as the shared check quotes them.
    placing = steps[0][0]
    assert_from_catalogue(game.illegal_reason(placing, placing.turn, PlaceBoat(0)))
    moving = next(b for b, _, m, _ in steps if isinstance(m, MoveBoat))
    far = next(
        i
        for i, token in enumerate(moving.tokens)
        if token is not None and i not in ISLANDS and i not in game.view(moving, None).targets
    )
    assert_from_catalogue(game.illegal_reason(moving, moving.turn, MoveBoat(far)))
    assert_from_catalogue(game.illegal_reason(moving, moving.turn, Double(Token.ORANGE)))
    assert_from_catalogue(game.button_label(moving, MoveBoat(far)))


@pytest.mark.parametrize("scoring", ["towers", "every-head-counts"])
def test_tokan_totals_count_what_the_labelled_breakdown_shows(scoring: str) -> None:
    """``scoring.total`` adds the points without building the breakdown's labels (every playout
    ends there); it must still equal the sum of the labelled lines, move after move."""
    game = Tokan()
    for seed in range(6):
        start = game.setup(2, {"scoring": scoring}, seed)
        for _, _, _, after in policy_game(game, start, rng.stream(seed, "totals")):
            for colour in range(2):
                lines = tokan_scoring.breakdown(after.board, colour, scoring)
                assert tokan_scoring.total(after.board, colour, scoring) == sum(
                    line.points for line in lines
                )
