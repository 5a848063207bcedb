"""Writes to the timer table made inside another change's transaction: a plan written with
the move that starts or ends decisions, the timers of a match that ended, and timers paused or
started again. Shared by the match store (``data/store.py``) and the clock's own store
(``data/clockstore.py``).
"""

from __future__ import annotations

from typing import Any

from data.clockrows import Plan
from data.sql import Tx

TIMED = "('deadline', 'reminder', 'turn')"  # the kinds that belong to a decision


async def write_plan(db: Tx, match_id: int, plan: Plan, now: float) -> None:
    """Write ``plan`` for ``match_id`` inside the caller's transaction."""
    if plan.done:
        marks = ", ".join("?" for _ in plan.done)
        await db.execute(
            f"UPDATE timers SET status = 'done', done_at = ? WHERE id IN ({marks})"
            " AND status = 'pending'",
            (now, *plan.done),
        )
    if plan.void_seats:
        marks = ", ".join("?" for _ in plan.void_seats)
        await db.execute(
            f"UPDATE timers SET status = 'void', done_at = ? WHERE match_id = ? AND seat IN"
            f" ({marks}) AND status IN ('pending', 'paused') AND kind IN {TIMED}",
            (now, match_id, *plan.void_seats),
        )
    if plan.new:
        await db.executemany(
            "INSERT INTO timers (match_id, user_id, seat, kind, detail, decision, due_at, begun,"
            " status, remaining) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    match_id,
                    t.user_id,
                    t.seat,
                    t.kind,
                    t.detail,
                    t.decision,
                    t.due_at,
                    t.begun,
                    "paused" if t.paused else "pending",
                    t.due_at - now if t.paused else None,
                )
                for t in plan.new
            ],
        )
    if plan.seats:
        await db.executemany(
            "UPDATE seats SET timeouts = ?, table_seat = ? WHERE match_id = ? AND seat = ?",
            [(timeouts, flag, match_id, seat) for seat, timeouts, flag in plan.seats],
        )


async def void_match(db: Tx, match_id: int, now: float) -> None:
    """Every timer of a match that ended (finished or cancelled) stops."""
    await db.execute(
        "UPDATE timers SET status = 'void', done_at = ? WHERE match_id = ?"
        " AND status IN ('pending', 'paused')",
        (now, match_id),
    )


async def pause_rows(db: Tx, now: float, where: str, args: Any) -> None:
    """Stop the running timers chosen by ``where``: each keeps the seconds it had left."""
    await db.execute(
        "UPDATE timers SET status = 'paused',"
        " remaining = CASE WHEN due_at > ? THEN due_at - ? ELSE 0 END"
        f" WHERE status = 'pending' AND kind IN ('deadline', 'reminder') AND {where}",
        (now, now, *args),
    )


async def resume_rows(db: Tx, now: float, where: str, args: Any) -> None:
    """Start again the paused timers chosen by ``where`` whose match is not paused and
    whose player is not away, with the time they had left."""
    await db.execute(
        "UPDATE timers SET status = 'pending', due_at = ? + COALESCE(remaining, 0),"
        " remaining = NULL WHERE status = 'paused' AND "
        + where
        + " AND NOT EXISTS (SELECT 1 FROM matches AS m WHERE m.id = timers.match_id"
        " AND m.paused = 1) AND NOT EXISTS (SELECT 1 FROM users AS u WHERE"
        " u.user_id = timers.user_id AND u.away_until > ?)",
        (now, *args, now),
    )
