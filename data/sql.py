"""The two back-ends the store runs on: SQLite (embedded, the default) and PostgreSQL (several
processes, several machines). Both speak the store's SQL (``?`` placeholders, the portable
subset both engines share: partial indexes, ``ON CONFLICT``, ``RETURNING``) and turn their own
failures into the same ``StorageError``s, so everything above this module knows neither.

A ``Database`` gives reads (``read``) and write transactions (``transaction``, yielding a
``Tx``); it applies the numbered migrations of ``data/schema.py``, translated for PostgreSQL's
types, and records how far it came (SQLite: ``PRAGMA user_version``; PostgreSQL: a one-row
table, migrated under an advisory lock so that processes starting together migrate once).
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from abc import ABC, abstractmethod
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Protocol

import aiosqlite

from data.dberrors import (
    BROKEN,
    BUSY,
    DISK_FULL,
    READ_ONLY,
    UNREACHABLE,
    CauseLog,
    StorageBusy,
    StorageError,
    StorageUnavailable,
    UniqueViolation,
)
from data.lru import Lru
from metrics.instruments import STORAGE_ERRORS

# How each failure is named in the metrics (by its cause for the log).
ERROR_KINDS = {
    BUSY[1]: "busy",
    READ_ONLY[1]: "read_only",
    DISK_FULL[1]: "disk_full",
    UNREACHABLE[1]: "unreachable",
    BROKEN[1]: "broken",
}


class Row(Protocol):
    """A row by column name or position (aiosqlite.Row and asyncpg.Record both are)."""

    def __getitem__(self, key: str | int) -> Any: ...

    def keys(self) -> Any: ...


class Tx(ABC):
    """The statements of one write transaction."""

    @abstractmethod
    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        """Run one statement; the number of rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None: ...

    @abstractmethod
    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]: ...

    async def fetchone(self, sql: str, args: Sequence[Any] = ()) -> Row | None:
        rows = await self.fetch(sql, args)
        return rows[0] if rows else None


class Database(ABC):
    """One back-end: reads, write transactions, migrations and its failures in words."""

    dialect: str
    # True when other processes may write the same database at the same time (PostgreSQL):
    # background tasks then look for work left by others from time to time, not only when
    # this process wakes them.
    shared: bool

    def __init__(self) -> None:
        self.causes = CauseLog()

    @abstractmethod
    async def read(self, sql: str, args: Sequence[Any] = (), *, small: bool = False) -> list[Row]:
        """The rows of one query. ``small``: a few rows found by an index (a probe of a
        match's version, a player's settings), which a back-end may answer more cheaply."""

    @abstractmethod
    def transaction(self) -> Any:
        """``async with db.transaction() as tx``: committed if the body returns, rolled back
        on any failure (a version conflict, a lock held elsewhere, a cancelled task)."""

    @abstractmethod
    async def schema_version(self) -> int: ...

    @abstractmethod
    async def migrate(self, migrations: Sequence[str]) -> None:
        """Apply the migrations this database has not had yet; StorageUnavailable if it was
        written by newer code."""

    @abstractmethod
    async def close(self) -> None: ...

    @abstractmethod
    async def listen(self, channel: str, callback: Callable[[], None]) -> None:
        """Call ``callback`` whenever another process announces work on ``channel`` (the
        statement of ``notify_sql``, run in a transaction)."""

    def notify_sql(self, channel: str) -> str | None:
        """The statement that announces work on ``channel`` to the other processes when the
        transaction running it commits; None where no other process shares the database."""
        return None

    def newer_schema(self, found: int, known: int) -> StorageUnavailable:
        return StorageUnavailable(
            f"The database was written by a newer version of the bot (schema {found}; this code "
            f"knows {known}): run the newer version, or restore a backup.",
            "database schema is newer than the code",
        )

    def _failure(
        self, texts: tuple[str, str], kind: type[StorageError], detail: str
    ) -> StorageError:
        message, cause = texts
        self.causes.once(f"{cause} ({detail})")
        STORAGE_ERRORS.labels(ERROR_KINDS.get(cause, "other")).inc()
        return kind(message, cause)


# -- SQLite -----------------------------------------------------------------------------------
class SqliteTx(Tx):
    """The statements of one write transaction on the writer connection, each in one hop to
    its thread; the transaction's ``BEGIN IMMEDIATE`` goes in the hop of its first statement
    (a hop less: the write lock is held for every hop, and under load each hop waits for its
    turn on a busy event loop)."""

    def __init__(self, conn: aiosqlite.Connection, begin: str | None = None) -> None:
        self.conn = conn
        self._begin = begin

    @property
    def begun(self) -> bool:
        """Whether the transaction was opened (a statement ran)."""
        return self._begin is None

    async def _run(self, work: Any, *args: Any) -> Any:
        begin, self._begin = self._begin, None
        if begin is None:
            # aiosqlite's own way to run a function on its thread; it is not typed
            return await self.conn._execute(work, *args)  # type: ignore[no-untyped-call]
        raw = self.conn._conn

        def opened() -> Any:
            raw.execute(begin)
            return work(*args)

        return await self.conn._execute(opened)  # type: ignore[no-untyped-call]

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        # The rows changed are read from the connection's change counter, which only this
        # transaction moves (the write lock is held).
        before = self.conn.total_changes
        try:
            await self._run(_fetchall, self.conn._conn, sql, args)
        except sqlite3.IntegrityError as error:
            raise _unique(error) from error
        return self.conn.total_changes - before

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        try:
            await self._run(self.conn._conn.executemany, sql, rows)
        except sqlite3.IntegrityError as error:
            raise _unique(error) from error

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        try:
            return list(await self._run(_fetchall, self.conn._conn, sql, args))
        except sqlite3.IntegrityError as error:
            raise _unique(error) from error


def _fetchall(conn: sqlite3.Connection, sql: str, args: Sequence[Any]) -> list[Any]:
    """One statement run to its end (on the connection's thread)."""
    return conn.execute(sql, args).fetchall()


def _unique(error: sqlite3.IntegrityError) -> Exception:
    return UniqueViolation(str(error)) if "UNIQUE" in str(error).upper() else error


class SqliteDatabase(Database):
    """A writer connection (one write at a time, serialised by a lock: SQLite has one writer)
    and a reader connection: in WAL mode reads run beside a writer that waits for a lock held
    by another process, so autocomplete never queues behind it."""

    dialect = "sqlite"
    shared = False

    def __init__(
        self,
        writer: aiosqlite.Connection,
        reader: aiosqlite.Connection,
        inline: sqlite3.Connection | None = None,
    ) -> None:
        super().__init__()
        self.writer = writer
        self.reader = reader
        # Small reads run on the event loop's own thread: a row found by an index takes SQLite
        # a few microseconds, while the hop to the reader's thread and back costs far more
        # (a queue, a thread switch and the GIL, a wake-up of the loop), and under load most
        # of a move's database CPU. In WAL mode a read never waits for a writer; one that
        # finds the database busy all the same (a rare moment of WAL recovery) is not waited
        # for on this thread (no busy timeout) but handed to the reader, which waits.
        self.inline = inline
        self._write_lock = asyncio.Lock()

    @classmethod
    async def connect(cls, path: str | Path, busy_timeout_ms: int) -> SqliteDatabase:
        memory = str(path) == ":memory:"
        try:
            if not memory:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            writer = await _sqlite_connect(path, busy_timeout_ms)
            inline = None
            try:
                reader = writer if memory else await _sqlite_connect(path, busy_timeout_ms)
                if not memory:  # one in-memory database is one connection's
                    inline = _inline_connect(path)
            except BaseException:
                await writer.close()
                raise
        except (OSError, sqlite3.Error) as error:
            raise StorageUnavailable(
                f"Cannot open the database {path}: {error}.", "cannot open database"
            ) from error
        return cls(writer, reader, inline)

    async def close(self) -> None:
        if self.inline is not None:
            self.inline.close()
        if self.reader is not self.writer:
            await self.reader.close()
        await self.writer.close()

    async def listen(self, channel: str, callback: Callable[[], None]) -> None:
        """One process has a SQLite file to itself: no other process announces anything."""
        return None

    async def read(self, sql: str, args: Sequence[Any] = (), *, small: bool = False) -> list[Row]:
        if small and self.inline is not None:
            try:
                # fetchall runs the statement to its end: its read transaction is over.
                return self.inline.execute(sql, args).fetchall()
            except sqlite3.OperationalError as error:
                name = getattr(error, "sqlite_errorname", "") or ""
                if not name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
                    raise self.translate(error) from error
            except sqlite3.Error as error:
                raise self.translate(error) from error
        # One call on the reader's thread runs the statement to its end: with a cursor kept
        # open across awaits, reads of other tasks overlapping it on this connection share its
        # read transaction, and under load that snapshot never closes (a read after a committed
        # write saw the older rows: a legal move refused as "not your turn"). One hop, not three.
        try:
            return list(await self.reader.execute_fetchall(sql, args))
        except sqlite3.Error as error:
            raise self.translate(error) from error

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTx]:
        async with self._write_lock:
            # BEGIN IMMEDIATE runs with the first statement (see SqliteTx); a transaction
            # that ran none has nothing to commit.
            tx = SqliteTx(self.writer, begin="BEGIN IMMEDIATE")
            try:
                yield tx
                if tx.begun:
                    await self.writer.execute("COMMIT")
            except BaseException as error:
                await self._rollback()
                if isinstance(error, sqlite3.Error):
                    raise self.translate(error) from error
                raise
        self.causes.reset()  # a write worked: log the next failure again

    async def _rollback(self) -> None:
        try:
            if self.writer.in_transaction:
                await self.writer.execute("ROLLBACK")
        except sqlite3.Error as error:  # the connection is in trouble; say so once
            self.causes.once(f"rollback failed: {error}")

    def translate(self, error: Exception) -> StorageError:
        name = getattr(error, "sqlite_errorname", "") or ""
        text = str(error).lower()
        detail = f"{name or type(error).__name__}: {error}"
        if name.startswith("SQLITE_BUSY") or name.startswith("SQLITE_LOCKED") or "locked" in text:
            return self._failure(BUSY, StorageBusy, detail)
        if name.startswith("SQLITE_READONLY") or "readonly" in text or "read-only" in text:
            return self._failure(READ_ONLY, StorageUnavailable, detail)
        if name.startswith("SQLITE_FULL") or "full" in text:
            return self._failure(DISK_FULL, StorageUnavailable, detail)
        return self._failure(BROKEN, StorageUnavailable, detail)

    async def schema_version(self) -> int:
        async with self.writer.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self, migrations: Sequence[str]) -> None:
        try:
            current = await self.schema_version()
            if current > len(migrations):
                raise self.newer_schema(current, len(migrations))
            for version in range(current, len(migrations)):
                await self.writer.executescript(
                    f"BEGIN IMMEDIATE; {migrations[version]}; PRAGMA user_version = {version + 1};"
                    " COMMIT;"
                )
        except sqlite3.Error as error:
            raise self.translate(error) from error


async def _sqlite_connect(path: str | Path, busy_timeout_ms: int) -> aiosqlite.Connection:
    # isolation_level=None: no implicit transactions; every write opens its own BEGIN IMMEDIATE,
    # so a failed write can always be rolled back and never leaves a transaction open.
    db = await aiosqlite.connect(path, isolation_level=None)
    db.row_factory = aiosqlite.Row
    try:
        await db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await db.close()  # a file that is not a database: never leave its thread behind
        raise
    return db


def _inline_connect(path: str | Path) -> sqlite3.Connection:
    """The connection for small reads on the event loop's thread (see ``SqliteDatabase``):
    read-only, and never waiting for a lock (a busy read goes to the reader instead)."""
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    db.row_factory = sqlite3.Row
    try:
        db.execute("PRAGMA busy_timeout = 0")
        db.execute("PRAGMA query_only = 1")
    except BaseException:
        db.close()
        raise
    return db


# -- PostgreSQL -------------------------------------------------------------------------------
_PLACEHOLDER = re.compile(r"'[^']*'|\?")


def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2…`` (string literals are left alone)."""
    count = 0

    def number(found: re.Match[str]) -> str:
        nonlocal count
        if found.group(0) != "?":
            return found.group(0)
        count += 1
        return f"${count}"

    return _PLACEHOLDER.sub(number, sql)


def postgres_ddl(sql: str) -> str:
    """A migration written for SQLite, in PostgreSQL's types: the same tables, columns,
    constraints and partial indexes. SQLite's INTEGER is 64 bits (Discord's ids need them)."""
    sql = re.sub(
        r"INTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT",
        "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
        sql,
    )
    sql = re.sub(r"\bINTEGER\b", "BIGINT", sql)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql)


# SQLSTATE codes (PostgreSQL's appendix A) and what they mean for a player.
_PG_BUSY = {"55P03", "40001", "40P01", "57014"}  # lock timeout, serialisation, deadlock, timeout
_PG_READ_ONLY = {"25006"}
_PG_FULL_CLASS = "53"  # insufficient resources: disk full, out of memory, too many connections
_PG_GONE_CLASS = {"08", "57"}  # connection exceptions, operator intervention (shutdown)
SQL_KEPT = 1024  # statements translated for PostgreSQL, kept
MIGRATION_LOCK = 0x7469_6465  # "tide": processes starting together migrate one at a time


class PostgresTx(Tx):
    def __init__(self, conn: Any, sql: PostgresDatabase) -> None:
        self.conn = conn
        self.db = sql

    async def execute(self, sql: str, args: Sequence[Any] = ()) -> int:
        status = await self._call(self.conn.execute, sql, *args)
        # asyncpg returns the command tag: "UPDATE 3", "INSERT 0 1", "DELETE 0".
        last = str(status).rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._call(self.conn.executemany, sql, rows)

    async def fetch(self, sql: str, args: Sequence[Any] = ()) -> list[Row]:
        return list(await self._call(self.conn.fetch, sql, *args))

    async def _call(self, method: Any, sql: str, *args: Any) -> Any:
        import asyncpg

        try:
            return await method(self.db.sql(sql), *args)
        except asyncpg.UniqueViolationError as error:
            raise UniqueViolation(str(error)) from error


async def _no_session_reset(conn: Any) -> None:
    """What the pool does to a connection given back, beyond rolling back a transaction left
    open (asyncpg always does that): nothing. Its default sends ``pg_advisory_unlock_all();
    CLOSE ALL; UNLISTEN *; RESET ALL`` to the server on every release, a round trip after every
    read and every write; this code leaves no session state behind to undo (its advisory lock
    is a transaction's, it holds no cursors, listens to nothing, and sets its settings only at
    connect time)."""


class PostgresDatabase(Database):
    """Two connection pools: one for write transactions, one for reads, so that a read (an
    autocomplete keystroke) never queues for a connection behind transactions that hold theirs
    for several round trips. A write transaction waits for a row lock at most the busy timeout
    (``lock_timeout``)."""

    dialect = "postgresql"
    shared = True

    def __init__(
        self, pool: Any, readers: Any | None = None, listener: Callable[[], Any] | None = None
    ) -> None:
        super().__init__()
        self.pool = pool
        self.readers = readers if readers is not None else pool
        # Translated statements; bounded (a list of n ids is a statement of its own per n).
        self._sql: Lru[str, str] = Lru(SQL_KEPT)
        # How to open the connection that listens for other processes' notifications (one of
        # its own: a pooled one is handed to others between uses), and that connection.
        self._listener = listener
        self._listening: Any | None = None

    @classmethod
    async def connect(
        cls, url: str, busy_timeout_ms: int, schema: str | None = None, max_size: int = 10
    ) -> PostgresDatabase:
        """A pool on ``url``; ``schema`` puts every table in that schema (made if missing), so
        that tests share one database without seeing each other's rows."""
        import asyncpg

        settings = {"lock_timeout": f"{int(busy_timeout_ms)}ms", "application_name": "tidetable"}
        try:
            if schema:
                conn = await asyncpg.connect(url)
                try:
                    # IF NOT EXISTS is not safe against a race: processes starting together
                    # take turns.
                    async with conn.transaction():
                        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
                        await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
                finally:
                    await conn.close()
                settings["search_path"] = schema
            pools = [
                await asyncpg.create_pool(
                    url,
                    min_size=1,
                    max_size=max_size,
                    server_settings=settings,
                    reset=_no_session_reset,
                )
                for _ in ("writers", "readers")
            ]
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            where = url.split("@")[-1]  # never the password
            raise StorageUnavailable(
                f"Cannot open the database at {where}: {error}.", "cannot open database"
            ) from error
        writers, readers = pools
        return cls(writers, readers, lambda: asyncpg.connect(url, server_settings=settings))

    def sql(self, text: str) -> str:
        found = self._sql.get(text)
        if found is None:
            found = self._sql[text] = numbered(text)
        return found

    async def close(self) -> None:
        listening, self._listening = self._listening, None
        if listening is not None:
            await listening.close()
        await self.pool.close()
        if self.readers is not self.pool:
            await self.readers.close()

    async def listen(self, channel: str, callback: Callable[[], None]) -> None:
        """LISTEN on ``channel`` on a connection of its own; a notification from a process
        using the same schema calls ``callback`` (tests share one database, each in a schema
        of its own, and the channel is the database's: the payload names the schema)."""
        if self._listener is None:
            return
        try:
            if self._listening is None:
                self._listening = await self._listener()
            schema = await self._listening.fetchval("SELECT current_schema()")

            def heard(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
                if payload == schema:
                    callback()

            await self._listening.add_listener(channel, heard)
        except Exception as error:
            raise self._translated(error) from error

    def notify_sql(self, channel: str) -> str | None:
        return f"SELECT pg_notify('{channel}', current_schema())"

    async def read(self, sql: str, args: Sequence[Any] = (), *, small: bool = False) -> list[Row]:
        try:
            async with self.readers.acquire() as conn:
                return list(await conn.fetch(self.sql(sql), *args))
        except Exception as error:
            raise self._translated(error) from error

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[PostgresTx]:
        try:
            conn = await self.pool.acquire()
        except Exception as error:
            raise self._translated(error) from error
        try:
            transaction = conn.transaction()
            try:
                await transaction.start()
            except Exception as error:
                raise self._translated(error) from error
            try:
                yield PostgresTx(conn, self)
                await transaction.commit()
            except BaseException as error:
                await self._rollback(transaction)
                if isinstance(error, (StorageError, UniqueViolation)):
                    raise
                translated = self._translated(error)
                if translated is error:
                    raise
                raise translated from error
        finally:
            await self.pool.release(conn)
        self.causes.reset()

    async def _rollback(self, transaction: Any) -> None:
        try:
            await transaction.rollback()
        except Exception as error:  # the connection is gone; the pool replaces it
            self.causes.once(f"rollback failed: {error}")

    def _translated(self, error: BaseException) -> BaseException:
        """A storage failure as a StorageError; anything else (a bug, a cancellation, the
        store's own VersionConflict) unchanged."""
        import asyncpg

        if isinstance(error, StorageError):
            return error
        detail = f"{type(error).__name__}: {error}"
        if isinstance(error, asyncpg.PostgresError):
            state = getattr(error, "sqlstate", "") or ""
            if state in _PG_BUSY:
                return self._failure(BUSY, StorageBusy, detail)
            if state in _PG_READ_ONLY:
                return self._failure(READ_ONLY, StorageUnavailable, detail)
            if state.startswith(_PG_FULL_CLASS):
                return self._failure(DISK_FULL, StorageUnavailable, detail)
            if state[:2] in _PG_GONE_CLASS:
                return self._failure(UNREACHABLE, StorageUnavailable, detail)
            return self._failure(BROKEN, StorageUnavailable, detail)
        if isinstance(error, (OSError, asyncpg.InterfaceError, TimeoutError)):
            return self._failure(UNREACHABLE, StorageUnavailable, detail)
        return error

    async def schema_version(self) -> int:
        rows = await self.read(
            "SELECT version FROM tidetable_schema"
            if await self._has_version_table()
            else "SELECT 0 AS version"
        )
        return int(rows[0][0]) if rows else 0

    async def _has_version_table(self) -> bool:
        rows = await self.read("SELECT to_regclass('tidetable_schema') IS NOT NULL")
        return bool(rows[0][0])

    async def migrate(self, migrations: Sequence[str]) -> None:
        async with self.transaction() as tx:
            await tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))
            await tx.execute(
                "CREATE TABLE IF NOT EXISTS tidetable_schema (version BIGINT NOT NULL)"
            )
            row = await tx.fetchone("SELECT version FROM tidetable_schema")
            if row is None:
                await tx.execute("INSERT INTO tidetable_schema (version) VALUES (0)")
            current = int(row[0]) if row else 0
            if current > len(migrations):
                raise self.newer_schema(current, len(migrations))
            for version in range(current, len(migrations)):
                # A script of several statements, no parameters: asyncpg runs it as one.
                await tx.execute(postgres_ddl(migrations[version]))
            await tx.execute("UPDATE tidetable_schema SET version = ?", (len(migrations),))
