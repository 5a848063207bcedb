"""Count the reads a store makes (tests of how much a change reads)."""

from __future__ import annotations

from typing import Any


def counted_reads(store: Any) -> list[str]:
    """Wrap ``store.db.read`` so that every read's SQL (whitespace collapsed) is appended to the
    returned list, which grows as the store reads."""
    reads: list[str] = []
    read = store.db.read

    async def counted(sql: str, args=(), **how):  # type: ignore[no-untyped-def]
        reads.append(" ".join(sql.split()))
        return await read(sql, args, **how)

    store.db.read = counted
    return reads
