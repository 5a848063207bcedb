"""Exact JSON round trips for plain-data game states.

States are frozen dataclasses of ints, strs, bools, floats, None, Enums, tuples, frozensets,
dicts and other such dataclasses. ``dump`` turns one into JSON-ready data; ``load`` reads it
back using the dataclass's type hints, so ``load(type(s), dump(s)) == s`` for every state.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar, Union, get_args, get_origin

from i18n import text as i18n_text
from i18n.text import Text

T = TypeVar("T")


def dump(value: Any) -> Any:
    """Plain JSON data (dicts, lists, str, int, float, bool, None) for ``value``."""
    kind = type(value)
    if kind in _PLAIN:  # most of a state: answered without a lookup
        return value
    dumper = _DUMPERS.get(kind)
    if dumper is None:
        dumper = _DUMPERS[kind] = _dumper_for(kind)
    return dumper(value)


_PLAIN = frozenset({int, str, bool, float, type(None)})
# How to dump each type met so far: decided once per type (a move saves a state of thousands
# of values, and asking ``is_dataclass`` and five ``isinstance`` of each was most of its cost).
_DUMPERS: dict[type, Callable[[Any], Any]] = {}


def _dumper_for(kind: type) -> Callable[[Any], Any]:
    """The dumper for values of ``kind``; the order of the checks is the order of precedence
    (a dataclass before an Enum before a tuple: an IntEnum is an Enum, a NamedTuple a tuple)."""
    if dataclasses.is_dataclass(kind):
        names = tuple(f.name for f in dataclasses.fields(kind))
        return lambda value: {name: dump(getattr(value, name)) for name in names}
    if issubclass(kind, enum.Enum):
        return lambda value: dump(value.value)
    if issubclass(kind, tuple | list):
        return lambda value: [dump(v) for v in value]
    if issubclass(kind, frozenset | set):
        return lambda value: sorted((dump(v) for v in value), key=repr)
    if issubclass(kind, dict):
        return lambda value: [[dump(k), dump(v)] for k, v in value.items()]
    if issubclass(kind, Text):
        return _dump_text
    if issubclass(kind, bool | int | float | str):
        return lambda value: value
    return _refuse


# A text of the catalogue (a move's note, an event) is kept whole, so that a state read back
# says it in its reader's language as the state first made says it: its message, its values.
TEXT_KEY = i18n_text.TEXT_KEY


def _dump_text(text: Text) -> Any:
    return i18n_text.text_data(text)


def _load_text(data: dict[str, Any]) -> Text:
    loaded = i18n_text.text_from(data)
    if not isinstance(loaded, Text):
        raise TypeError(f"cannot read {data!r} as a text")
    return loaded


def _refuse(value: Any) -> Any:
    raise TypeError(f"cannot serialise {type(value).__name__}")


def load(kind: Any, data: Any) -> Any:
    """The value of type ``kind`` that ``dump`` turned into ``data``."""
    if kind is Any:
        return data
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        options = get_args(kind)
        if data is None and type(None) in options:
            return None
        errors = []
        for option in options:
            if option is type(None):
                continue
            try:
                return load(option, data)
            except (TypeError, ValueError, KeyError) as exc:
                errors.append(exc)
        raise TypeError(f"no member of {kind} fits {data!r}: {errors}")
    if origin is tuple:
        args = get_args(kind)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(load(args[0], v) for v in data)
        if len(args) != len(data):
            raise ValueError(f"{kind} needs {len(args)} items, got {len(data)}")
        return tuple(load(a, v) for a, v in zip(args, data, strict=True))
    if origin is frozenset:
        (arg,) = get_args(kind)
        return frozenset(load(arg, v) for v in data)
    if origin is dict:
        key_kind, value_kind = get_args(kind)
        return {load(key_kind, k): load(value_kind, v) for k, v in data}
    if origin is typing.Literal:
        if data not in get_args(kind):
            raise ValueError(f"{data!r} is not one of {get_args(kind)}")
        return data
    if isinstance(kind, type):
        if dataclasses.is_dataclass(kind):
            hints = _hints(kind)
            return kind(**{f.name: load(hints[f.name], data[f.name]) for f in _init_fields(kind)})
        if issubclass(kind, enum.Enum):
            return kind(data)
        if kind is float and isinstance(data, int | float) and not isinstance(data, bool):
            return float(data)
        if kind in (bool, int, str, float) and type(data) is kind:
            return data
        if kind is str and isinstance(data, dict) and TEXT_KEY in data:
            return _load_text(data)
        if kind is type(None) and data is None:
            return None
    raise TypeError(f"cannot read {data!r} as {kind}")


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


@cache
def _init_fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return tuple(f for f in dataclasses.fields(kind) if f.init)
