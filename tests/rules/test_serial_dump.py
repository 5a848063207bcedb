"""``serial.dump`` decides how to dump each type once (it is most of a move's saving cost);
it must give exactly what the plain recursive definition gives, for every state of every game."""

from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any, NamedTuple

import pytest

from i18n.text import Text
from rules import rng, serial
from rules.registry import GAMES


def reference_dump(value: Any) -> Any:
    """The definition: what ``dump`` was before it kept a dumper per type (a text of the
    catalogue kept whole, its message and its values)."""
    if isinstance(value, Text):
        params = [[key, reference_dump(v)] for key, v in value.params]
        return {
            serial.TEXT_KEY: [
                value.message,
                params,
                value.plural,
                value.quantity,
                value.context,
                value.verbatim,
            ]
        }
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: reference_dump(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return reference_dump(value.value)
    if isinstance(value, tuple | list):
        return [reference_dump(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((reference_dump(v) for v in value), key=repr)
    if isinstance(value, dict):
        return [[reference_dump(k), reference_dump(v)] for k, v in value.items()]
    if value is None or isinstance(value, bool | int | float | str):
        return value
    raise TypeError(f"cannot serialise {type(value).__name__}")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_dump_equals_the_definition_along_a_whole_game(key: str):
    game = GAMES[key]
    players = game.spec.max_players
    state = game.setup(players, game.spec.resolve_options({}), 5)
    draw = rng.stream(5, "serial")
    seen = 0
    while True:
        assert json.dumps(serial.dump(state)) == json.dumps(reference_dump(state))
        seen += 1
        if game.outcome(state) is not None:
            break
        seats = game.to_act(state)
        seat = seats[rng.below(draw, len(seats))]
        state = game.apply(state, seat, game.playout_move(state, seat, draw))
    assert seen > 10


class Colour(enum.IntEnum):
    RED = 1


class Pair(NamedTuple):
    a: int
    b: str


class Plain(int):
    pass


def test_dump_keeps_the_precedence_of_enums_named_tuples_and_subclasses():
    values = [Colour.RED, Pair(1, "x"), Plain(3), {Colour.RED: frozenset({2, 1})}, None, 1.5]
    for value in values:
        assert serial.dump(value) == reference_dump(value)
    with pytest.raises(TypeError, match="cannot serialise object"):
        serial.dump(object())
    with pytest.raises(TypeError):
        serial.dump(Pair)  # a class, not a value


@pytest.mark.parametrize("key", sorted(GAMES))
def test_a_state_read_back_says_its_texts_in_any_language_as_when_it_was_made(key: str):
    # A note or an event of a stored state is a text of the catalogue again once read back: a
    # picture drawn after a restart says it in its reader's language, not in English.
    from i18n.catalogue import PSEUDO, say

    game = GAMES[key]
    state = game.setup(game.spec.max_players, game.spec.resolve_options({}), 7)
    draw = rng.stream(7, "texts")
    seen = 0
    for _ in range(40):
        if game.outcome(state) is not None:
            break
        seat = game.to_act(state)[0]
        state = game.apply(state, seat, draw.choice(game.legal_moves(state, seat)))
        again = serial.load(type(state), json.loads(json.dumps(serial.dump(state))))
        assert again == state
        for made, read in zip(_texts(state), _texts(again), strict=True):
            assert isinstance(read, Text) and say(read, PSEUDO) == say(made, PSEUDO)
            seen += 1
    # Toshi Tōshi keeps its last move's words and Tonga Bonga its events in the state.
    assert seen > 0 or key not in ("toshi", "tonga")


def _texts(value: Any) -> list[Text]:
    if isinstance(value, Text):
        return [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [t for f in dataclasses.fields(value) for t in _texts(getattr(value, f.name))]
    if isinstance(value, tuple | list):
        return [t for v in value for t in _texts(v)]
    return []
