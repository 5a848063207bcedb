"""Fixtures shared by the whole suite."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.support.backends import BACKENDS, Place

# The suite's bots draw their pictures in a thread (starting worker processes for each of
# hundreds of short-lived bots would cost minutes); tests/test_picture_pool.py and
# tests/e2e/test_picture_pool_e2e.py drive the worker processes the real bot uses.
os.environ.setdefault("RENDER_WORKERS", "0")


@pytest.fixture(params=BACKENDS)
async def place(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Place]:
    """Where the test's database lives, once on SQLite and once on PostgreSQL (when
    ``TEST_DATABASE_URL`` is set): the store's contract holds on both."""
    found = Place(request.param, tmp_path)
    yield found
    await found.close()
