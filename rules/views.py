"""Looking inside a view: every object it holds, for the checks that no view shows a secret.

A view is a frozen dataclass of tuples, strings, numbers, enums and smaller dataclasses. The
contract tests (tests/test_contract.py) and the public log's check of what a move revealed
(table/history.py) both look for hidden values (cards in hands, face-down cards) anywhere in it.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any


def walk(value: Any) -> Iterator[Any]:
    """Every object inside ``value``, itself first: dataclass fields, tuples, lists, sets, dict
    keys and values, at any depth."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from walk(getattr(value, f.name))
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from walk(item)
    elif isinstance(value, dict):
        for item in itertools.chain(value.keys(), value.values()):
            yield from walk(item)
