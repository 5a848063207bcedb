"""rules/views.walk: every object inside a view, for the no-secret checks."""

from __future__ import annotations

from dataclasses import dataclass

from rules.views import walk


@dataclass(frozen=True)
class Inner:
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Outer:
    name: str
    inner: Inner
    extra: dict[str, list[int]]
    seen: frozenset[str]


def test_walk_reaches_every_field_item_key_and_value_at_any_depth():
    view = Outer("v", Inner(("R7", "B3")), {"key": [4, 5]}, frozenset({"G1"}))
    found = list(walk(view))
    assert found[0] is view
    for value in ("v", "R7", "B3", "key", 4, 5, "G1", view.inner, view.inner.cards):
        assert value in found, value


def test_walk_does_not_open_a_dataclass_type_or_a_string():
    assert list(walk(Inner)) == [Inner]
    assert list(walk("R7")) == ["R7"]
