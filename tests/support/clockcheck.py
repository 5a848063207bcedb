"""The turn clock's invariant, checked against what the store holds (tests call it after every
change): every decision a player must make has exactly one open deadline, which runs unless
the match is paused or the player away (then it is paused); a match without a clock has no
deadline at all; nobody else has a deadline, a reminder or a turn notice open; and a
decision's reminders belong to it (same decision, same seat, paused with it).

Seats the table plays and computer seats decide on their own ("think" entries): they have no
timers. A match that is over has no open timer."""

from __future__ import annotations

from data.clockrows import DEADLINE, REMINDER, TURN
from table.computers import is_computer
from table.service import MatchService

OPEN = ("pending", "paused")
TIMED = (DEADLINE, REMINDER, TURN)


async def clock_faults(service: MatchService, match_ids: list[int] | None = None) -> list[str]:
    """What breaks the invariant now, in words (empty: it holds)."""
    store, clocks = service.store, service.turns.clocks
    now = store.clock.now()
    if match_ids is None:
        match_ids = [int(r[0]) for r in await store._read("SELECT id FROM matches ORDER BY id")]
    faults: list[str] = []
    for match_id in match_ids:
        match = await service.by_id(match_id, allow_damaged=True)
        rows = [t for t in await clocks.timers(match_id) if t.status in OPEN and t.kind in TIMED]
        where = f"match #{match_id} v{match.version}"
        if match.status != "active" or match.state is None:
            if rows:
                faults.append(f"{where} is {match.status} but has open timers {rows}")
            continue
        table = set(match.row.table_seats())
        deciding = [
            s
            for s in match.game.to_act(match.state)
            if s not in table and not is_computer(match.players[s])
        ]
        prefs = await clocks.prefs(match.players)
        for row in rows:
            if row.seat not in deciding:
                faults.append(f"{where}: seat {row.seat} decides nothing but has {row}")
            elif row.user_id != match.players[row.seat]:
                faults.append(f"{where}: {row} is not for the player of seat {row.seat}")
        for seat in deciding:
            user = match.players[seat]
            mine = [t for t in rows if t.seat == seat]
            deadlines = [t for t in mine if t.kind == DEADLINE]
            if match.row.clock == 0:
                if deadlines or any(t.kind == REMINDER for t in mine):
                    faults.append(f"{where}: no clock, yet seat {seat} has {mine}")
                continue
            if len(deadlines) != 1:
                faults.append(f"{where}: seat {seat} has {len(deadlines)} deadlines: {deadlines}")
                continue
            (deadline,) = deadlines
            stopped = match.row.paused or prefs[user].away(now)
            if (deadline.status == "paused") != stopped:
                why = "paused" if match.row.paused else "away" if stopped else "here, unpaused"
                faults.append(f"{where}: seat {seat} ({why}) has the deadline {deadline}")
            if deadline.status == "pending" and deadline.due_at <= now:
                faults.append(f"{where}: seat {seat}'s deadline passed unhandled: {deadline}")
            for reminder in (t for t in mine if t.kind == REMINDER):
                if reminder.decision != deadline.decision or reminder.status != deadline.status:
                    faults.append(f"{where}: {reminder} does not belong to {deadline}")
    return faults
