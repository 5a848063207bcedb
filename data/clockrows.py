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

# How a turn reaches a player (`/tidetable notify turn:`): a mention in the match's channel, a
# DM, or both (the DM only if they have not acted ``dm_after`` minutes after the mention).
MENTION, DM, BOTH = "mention", "dm", "both"
TURN_WAYS = (MENTION, DM, BOTH)
# The default is the mention. A match of an asynchronous game lives in its channel: the board,
# the buttons and the other players are there, and a mention is Discord's own way to say "you,
# here": it notifies on every device (also for a server muted down to @mentions), shows the
# table whom the game waits for, leads straight to the board to act on, and needs no open DMs
# (many members close them, and a bot that DMs at every turn looks like spam to Discord and to
# people). A DM is for whoever asks for one.
DEFAULT_TURN_WAY = MENTION
# The delay, in minutes, of the DM that follows a mention (turn: both) when the player has not
# acted by then; 0: no DM follows. An hour: long enough that a player who saw the mention has
# acted, short enough to be worth a DM on a clock of 12 hours or more.
DEFAULT_DM_AFTER = 60
MAX_DM_AFTER = 7 * 24 * 60  # a week, the longest clock


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
    turn_by: str = DEFAULT_TURN_WAY  # MENTION, DM or BOTH
    dm_after: int = DEFAULT_DM_AFTER  # minutes (turn_by BOTH); 0: no DM follows the mention
    reminders: bool = True
    quiet: Quiet | None = None
    tz: str = "UTC"
    away_until: float | None = None
    dm_closed: bool = False

    def away(self, now: float) -> bool:
        return self.away_until is not None and self.away_until > now

    @property
    def mentioned(self) -> bool:
        """Whether a post that makes it their turn mentions them: they asked for it, or a DM
        cannot reach them (their DMs are closed), so the mention is all there is."""
        return self.turn_by in (MENTION, BOTH) or self.dm_closed

    @property
    def notify_turn(self) -> bool:
        """Whether a "your turn" DM may reach them at all."""
        return not self.dm_closed and (
            self.turn_by == DM or (self.turn_by == BOTH and self.dm_after > 0)
        )


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
