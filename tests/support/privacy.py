"""What the privacy tests look for in a database: every value, in every column of every table,
that holds a user id in any form."""

from __future__ import annotations

from data.store import Store


async def tables(store: Store) -> list[str]:
    """Every table of the database (of the test's schema, on PostgreSQL)."""
    if store.db.dialect == "postgresql":
        rows = await store._read(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
        )
    else:
        rows = await store._read("SELECT name FROM sqlite_master WHERE type = 'table'")
    return sorted(str(r[0]) for r in rows)


async def naming(store: Store, user_id: int) -> list[str]:
    """Every value in every column of every table that holds ``user_id`` in any form: the
    number itself, or its digits (or hex digits) anywhere in a text (a JSON payload, a lane, a
    mention, an error)."""
    forms = (str(user_id), format(user_id, "x"))
    found = []
    for table in await tables(store):
        for row in await store._read(f"SELECT * FROM {table}"):
            for column in row.keys():  # noqa: SIM118 (a database row, not a dict)
                value = row[column]
                if value == user_id or any(form in str(value) for form in forms):
                    found.append(f"{table}.{column} = {str(value)[:120]}")
    return found
