"""Fixtures shared by the whole suite."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.backends import BACKENDS, Place


@pytest.fixture(params=BACKENDS)
async def place(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Place]:
    """Where the test's database lives, once on SQLite and once on PostgreSQL (when
    ``TEST_DATABASE_URL`` is set): the store's contract holds on both."""
    found = Place(request.param, tmp_path)
    yield found
    await found.close()
