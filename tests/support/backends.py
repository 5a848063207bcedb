"""The store's two back-ends for tests: SQLite in a temporary folder, and PostgreSQL when
``TEST_DATABASE_URL`` names a server (CI sets it). Each PostgreSQL store lives in a schema of
its own, made for the test and dropped after it, so tests share the server's one database
without seeing each other's rows (and several stores may open the same schema: two processes
sharing one database)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import pytest

from data.clock import Clock
from data.store import BUSY_TIMEOUT_MS, Store

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()

needs_postgres = pytest.mark.skipif(
    not TEST_DATABASE_URL, reason="TEST_DATABASE_URL is not set (no PostgreSQL to test against)"
)

# Parametrise a fixture or test over both back-ends with ``params=BACKENDS``.
BACKENDS = ["sqlite", pytest.param("postgresql", marks=needs_postgres)]


class Place:
    """Where one test's database lives: a SQLite file, or a PostgreSQL schema. ``open`` may be
    called several times for the same place (another process's store on the same data)."""

    def __init__(self, backend: str, tmp_path: Path) -> None:
        self.backend = backend
        self.path = tmp_path / "store.sqlite3"
        self.schema = f"t_{secrets.token_hex(6)}"
        self._stores: list[Store] = []

    @property
    def target(self) -> str | Path:
        return TEST_DATABASE_URL if self.backend == "postgresql" else self.path

    async def open(
        self, clock: Clock | None = None, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> Store:
        store = await Store.open(
            self.target,
            clock,
            busy_timeout_ms,
            schema=self.schema if self.backend == "postgresql" else None,
        )
        self._stores.append(store)
        return store

    async def close(self) -> None:
        for store in self._stores:
            await store.close()
        self._stores.clear()
        if self.backend == "postgresql":
            import asyncpg

            conn = await asyncpg.connect(TEST_DATABASE_URL)
            try:
                await conn.execute(f'DROP SCHEMA IF EXISTS "{self.schema}" CASCADE')
            finally:
                await conn.close()
