"""``serial.dump`` decides how to dump each type once (it is most of a move's saving cost);
it must give exactly what the plain recursive definition gives, for every state of every game."""

from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any, NamedTuple

import pytest

from rules import rng, serial
from rules.registry import GAMES


def reference_dump(value: Any) -> Any:
    """The definition: what ``dump`` was before it kept a dumper per type."""
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
