"""Writes to the timer table made inside another change's transaction: a plan written with
the move that starts or ends decisions, the timers of a match that ended, and timers paused or
started again. Shared by the match store (``data/store.py``) and the clock's own store
(``data/clockstore.py``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from data.clockrows import DEADLINE, REMINDER, Plan
from data.dberrors import VersionConflict
from data.sql import PostgresTx, Tx

TIMED = "('deadline', 'reminder', 'turn')"  # the kinds that belong to a decision
# PostgreSQL's advisory locks on a player's presence (away or not) are keyed by this class id
# and a hash of the user id (a collision only makes two players' changes wait for each other).
PRESENCE_LOCKS = 0x7469_6470


class PresenceChanged(VersionConflict):
    """A player went away or came back between a change's reading of their settings and its
    save: the timers it planned for them would run while they are away, or stand still while
    they are here. Nothing is saved; the change is planned again on what is true now."""


class TimerGone(VersionConflict):
    """The timer a change carries out (a deadline) was carried out, paused or voided between
    its claim and the change's save: nothing is saved."""


async def lock_presence(db: Tx, users: Iterable[int], *, exclusive: bool) -> None:
    """Order this transaction with those that change the presence of ``users``: `away`,
    `back` and the end of a time away take the lock alone; a change whose timers depend on
    presence shares it, before it touches any timer (so neither waits on the other's rows).
    SQLite needs nothing: its transactions run one at a time."""
    if not isinstance(db, PostgresTx):
        return
    take = "pg_advisory_xact_lock" if exclusive else "pg_advisory_xact_lock_shared"
    for user in sorted(set(users)):
        await db.execute(f"SELECT {take}(?, hashtext(?))", (PRESENCE_LOCKS, str(user)))


async def write_plan(
    db: Tx, match_id: int, plan: Plan, now: float, *, paused: bool = False
) -> None:
    """Write ``plan`` for ``match_id`` inside the caller's transaction (``paused``: whether
    the match is paused as the change leaves it). Raises ``PresenceChanged`` when a player
    the plan times went away or came back since it was made, ``TimerGone`` when a timer it
    carries out is no longer pending: the change is then rolled back."""
    timed = [t for t in plan.new if t.kind in (DEADLINE, REMINDER)]
    # A move reads the players' settings before its transaction: whether a new deadline runs
    # depends on them, so they are checked here, at commit (a running match's timers stop
    # only while its player is away).
    checked = [] if paused else timed
    await lock_presence(db, (t.user_id for t in checked), exclusive=False)
    if plan.done:
        marks = ", ".join("?" for _ in plan.done)
        changed = await db.execute(
            f"UPDATE timers SET status = 'done', done_at = ? WHERE id IN ({marks})"
            " AND status = 'pending'",
            (now, *plan.done),
        )
        if changed != len(plan.done):
            raise TimerGone(match_id)
    if checked:
        users = sorted({t.user_id for t in checked})
        marks = ", ".join("?" for _ in users)
        rows = await db.fetch(
            f"SELECT user_id FROM users WHERE user_id IN ({marks}) AND away_until > ?",
            (*users, now),
        )
        away = {int(r[0]) for r in rows}
        if any(t.paused != (t.user_id in away) for t in checked):
            raise PresenceChanged(match_id)
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
