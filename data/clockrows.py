"""What the turn clock's tables hold: timer rows to write, plans of them, and each player's
settings. Plain data shared by storage (``data/timerwrites.py`` writes it,
``data/clockstore.py`` reads it) and the table's clock rules (``table/turnclock.py`` makes it);
no I/O, no clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import ZoneInfo

# The kinds of timer row: a decision's deadline, its reminders, a "your turn" notice, and the
# end of a player's time away.
DEADLINE, REMINDER, TURN, BACK = "deadline", "reminder", "turn", "back"


@dataclass(frozen=True)
class Quiet:
    """Daily quiet hours in a time zone: from ``start`` to ``end`` minutes after local
    midnight (wrapping past midnight when ``end`` < ``start``)."""

    start: int
    end: int
    tz: str = "UTC"

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.tz)

    def text(self) -> str:
        return f"{_hhmm(self.start)}–{_hhmm(self.end)} ({self.tz})"


@dataclass(frozen=True)
class Prefs:
    """What a player chose (``/tidetable notify``, ``away``) and whether their DMs work."""

    user_id: int
    notify_turn: bool = True
    reminders: bool = True
    quiet: Quiet | None = None
    tz: str = "UTC"
    away_until: float | None = None
    dm_closed: bool = False

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now


@dataclass(frozen=True)
class NewTimer:
    """A timer row to write. ``decision`` is the match version at which the decision began:
    a timer belongs to that decision only. A paused timer keeps its ``remaining`` seconds."""

    kind: str
    user_id: int
    seat: int | None
    decision: int
    due_at: float
    begun: float
    detail: str = ""
    paused: bool = False


@dataclass(frozen=True)
class Plan:
    """What one change does to a match's timers, written in the change's own transaction:
    the seats whose timers end (their decision was made, or taken away), the new rows, the
    timers this change carries out (so a crash can neither lose nor repeat them), and seat
    flags to set (timeouts in a row, handed to the table)."""

    void_seats: tuple[int, ...] = ()
    new: tuple[NewTimer, ...] = ()
    done: tuple[int, ...] = ()
    seats: tuple[tuple[int, int, int], ...] = ()  # (seat, timeouts in a row, table flag)

    def empty(self) -> bool:
        return not (self.void_seats or self.new or self.done or self.seats)


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
