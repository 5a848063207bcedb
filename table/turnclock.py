"""The turn clock's arithmetic: clock names, deadlines, reminder times and quiet hours.

Pure functions of times (POSIX seconds, UTC) and preferences; no I/O, no clock of its own, so
every rule here is tested without waiting. The service asks ``plan_decisions`` what a change does
to the timers of a match; ``data/timerwrites.py`` writes the answer in the change's transaction and
``table/scheduler.py`` acts on the rows when they fall due.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from datetime import time as daytime
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from data.clockrows import BOTH, DEADLINE, DM, REMINDER, TURN, NewTimer, Plan, Prefs, Quiet
from i18n.text import NC_, T, Text, joined
from rules.errors import InvalidMove

HOUR = 3600.0
DAY = 24 * HOUR
# The time each decision may take, by the name players choose at `/<game> new`.
CLOCKS: dict[str, int] = {
    "none": 0,
    "12h": int(12 * HOUR),
    "24h": int(DAY),
    "48h": int(2 * DAY),
    "72h": int(3 * DAY),
    "1w": int(7 * DAY),
}
# The clocks as people read them (the keys above are what they type and the store says).
CLOCK_CONTEXT = "clock"
# i18n: the clocks are the time each decision may take: 12 hours, ..., one week ("1w")
CLOCK_NAMES = {
    "none": NC_("clock", "none"),
    "12h": NC_("clock", "12h"),
    "24h": NC_("clock", "24h"),
    "48h": NC_("clock", "48h"),
    "72h": NC_("clock", "72h"),
    "1w": NC_("clock", "1w"),
}
DEFAULT_CLOCK = "72h"  # a server's admins may choose another for their server
CLOCK_CHOICES = ("default", *CLOCKS)
TIMEOUTS_TO_TABLE = 3  # automatic decisions in a row after which the table takes the seat
MAX_AWAY_DAYS = 14
# A "your turn" DM (turn: dm) waits this long before it goes, so that several matches becoming
# the player's turn at about the same time share one DM (and a quick reply needs none).
TURN_NOTICE_DELAY = 300.0
MINUTE = 60.0
# A reminder moved out of quiet hours goes this long before they begin.
BEFORE_QUIET = 60.0

HALF, LAST_HOUR = "half", "hour"


def clock_seconds(name: str, server_default: str | None = None) -> int:
    """The seconds a decision may take for the clock called ``name`` (0: no clock);
    "default" is the server's default, or 72h. A bad name is a player error."""
    if name == "default":
        name = server_default if server_default in CLOCKS else DEFAULT_CLOCK
    if name not in CLOCKS:
        raise InvalidMove(
            T(
                "`{name}` is not a clock; choose one of: {clocks}.",
                name=name[:20],
                clocks=joined(CLOCKS, ", "),
            )
        )
    return CLOCKS[name]


def clock_name(seconds: int) -> Text:
    """The name of a clock length, for people ("72h", "none"; odd lengths in hours), said in
    their language."""
    for name, length in CLOCKS.items():
        if length == seconds:
            return Text(CLOCK_NAMES[name], context=CLOCK_CONTEXT)
    hours = f"{seconds / HOUR:g}"
    # i18n: a clock of an odd length, in hours ("1.5h"), as the clocks' names are written
    return T("{hours}h", hours=hours)


# -- quiet hours ---------------------------------------------------------------------------
QUIET_TEXT = re.compile(r"\s*(\d{1,2})(?::(\d{2}))?\s*[-–]\s*(\d{1,2})(?::(\d{2}))?\s*")


def parse_quiet(text: str) -> tuple[int, int] | None:
    """ "22:00-07:00" (or "22-7") as minutes after midnight; "off" as None. A bad text is a
    player error that shows the form."""
    if text.strip().lower() in ("off", "none", ""):
        return None
    found = QUIET_TEXT.fullmatch(text)
    problem = T(
        "Write quiet hours as `{example}` (from–to, 24-hour clock), or `{off}`.",
        example="22:00-07:00",
        off="off",
    )
    if found is None:
        raise InvalidMove(problem)
    h1, m1, h2, m2 = (int(g) if g else 0 for g in found.groups())
    if h1 > 23 or h2 > 23 or m1 > 59 or m2 > 59:
        raise InvalidMove(problem)
    start, end = h1 * 60 + m1, h2 * 60 + m2
    if start == end:
        raise InvalidMove(T("Quiet hours must begin and end at different times."))
    return start, end


# The longest name in the tz database is 32 characters ("America/Argentina/ComodRivadavia").
ZONE_NAME_LIMIT = 64


@cache
def known_zones() -> frozenset[str]:
    """The names of the tz database (read once: it is a walk of the installed files)."""
    return frozenset(available_timezones())


def check_zone(name: str) -> str:
    """The time zone's name if the tz database has it (IANA, e.g. Europe/Paris), else a
    player error. Checked by length and against the database's names before anything opens
    it: ``ZoneInfo`` treats a name as a path, and a long one or a folder ("America") raises
    an OSError, not a "not found"."""
    name = name.strip()
    refusal = InvalidMove(
        T(
            "`{name}` is not a time zone I know: use a name from the tz database, such as "
            "{first}, {second} or {third} (the suggestions list them).",
            name=shown(name),
            first="Europe/Paris",
            second="America/New_York",
            third="UTC",
        )
    )
    if not name or len(name) > ZONE_NAME_LIMIT or name not in known_zones():
        raise refusal
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise refusal from None
    return name


def shown(text: str, limit: int = 40) -> str:
    """What a player typed, fit to quote in an answer: one line, at most ``limit`` characters,
    no backticks."""
    text = " ".join(text.split()).replace("`", "ˋ")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quiet_interval(moment: float, quiet: Quiet | None) -> tuple[float, float] | None:
    """The quiet period (begin, end) that holds ``moment``, or None when it is not quiet.
    Computed in local wall time, so a change of daylight saving time moves it correctly."""
    if quiet is None:
        return None
    zone = quiet.zone
    local = datetime.fromtimestamp(moment, zone)
    wraps = quiet.end < quiet.start
    for offset in (-1, 0):
        day: date = local.date() + timedelta(days=offset)
        begin = _at(day, quiet.start, zone)
        end = _at(day + timedelta(days=1 if wraps else 0), quiet.end, zone)
        if begin <= moment < end:
            return begin, end
    return None


def place(
    planned: float, begun: float, deadline: float, quiet: Quiet | None, later_first: bool
) -> float | None:
    """When a reminder planned for ``planned`` may go: then, unless that is in quiet hours;
    else just before they begin or when they end (``later_first`` says which is tried
    first), as long as that is after the decision ``begun`` and before its ``deadline``;
    None when neither is (it is dropped rather than sent in quiet hours)."""
    found = quiet_interval(planned, quiet)
    if found is None:
        return planned
    begin, end = found
    earlier, later = begin - BEFORE_QUIET, end
    ok_earlier = begun < earlier < deadline
    ok_later = begun < later < deadline
    for choice, ok in ((later, ok_later), (earlier, ok_earlier))[:: 1 if later_first else -1]:
        if ok:
            return choice
    return None


def reminder_times(begun: float, deadline: float) -> list[tuple[str, float]]:
    """The reminders of a decision: when half its time has passed, and when one hour is
    left (dropped when that would come first: a clock of two hours or less)."""
    half = begun + (deadline - begun) / 2
    found = [(HALF, half)]
    if deadline - HOUR > half:
        found.append((LAST_HOUR, deadline - HOUR))
    return found


# -- the timers of decisions -----------------------------------------------------------------
def decision_timers(
    seat: int,
    prefs: Prefs,
    decision: int,
    now: float,
    clock: int,
    paused: bool,
    notify: bool,
    views: bool = False,
    left: float | None = None,
) -> list[NewTimer]:
    """The rows of one new decision: its deadline and reminders (when the match has a
    clock), paused while the match is paused or the player away; and a "your turn" DM when
    the player wants one and did not just act themselves (``notify``). ``views``: the game
    sends each decision's private view by DM, which is then the DM of a player who chose DMs
    (so no second one); a player who chose both still gets the DM that follows the mention.
    ``left``: a decision reopened (by an undo) keeps the seconds it had left, as if it had
    begun ``clock - left`` seconds ago: only the reminders still ahead of it are planned."""
    rows: list[NewTimer] = []
    frozen = paused or prefs.away(now)
    if clock > 0:
        deadline = now + (clock if left is None else min(float(clock), max(0.0, left)))
        start = deadline - clock  # when the decision began, in effect (now, unless reopened)
        rows.append(NewTimer(DEADLINE, prefs.user_id, seat, decision, deadline, now, "", frozen))
        if prefs.reminders:
            for detail, planned in reminder_times(start, deadline):
                when = place(planned, start, deadline, prefs.quiet, later_first=detail == HALF)
                if when is not None and when > now:
                    rows.append(
                        NewTimer(REMINDER, prefs.user_id, seat, decision, when, now, detail, frozen)
                    )
    delay = turn_dm_delay(prefs, views)
    if notify and delay is not None and not prefs.away(now):
        limit = now + clock if clock > 0 else float("inf")
        when = place(now + delay, now, limit, prefs.quiet, later_first=True)
        if when is not None:
            rows.append(NewTimer(TURN, prefs.user_id, seat, decision, when, now))
    return rows


def turn_dm_delay(prefs: Prefs, views: bool) -> float | None:
    """Seconds after a decision begins at which its "your turn" DM goes (it goes only if the
    player has not acted by then: acting voids it), or None when no such DM is planned: the
    player chose the mention alone, their DMs are closed, or (``views``) the private view's DM
    already tells them."""
    if not prefs.notify_turn:
        return None
    if prefs.turn_by == DM:
        return None if views else TURN_NOTICE_DELAY
    if prefs.turn_by == BOTH:
        return prefs.dm_after * MINUTE
    return None


@dataclass(frozen=True)
class Decisions:
    """``plan_decisions``'s answer: the plan, and the deadline of every seat now to act (for
    the announcement: "time runs out …")."""

    plan: Plan
    deadlines: dict[int, float] = field(default_factory=dict)  # by seat; running clocks only
    # The seats whose player the change's post mentions: each began a decision in it without
    # having acted in it, and wants a mention (or cannot get a DM). One call per decision.
    called: tuple[int, ...] = ()


def plan_decisions(
    *,
    before: Sequence[int],
    after: Sequence[int],
    acted: Iterable[int],
    players: Sequence[int],
    version: int,
    now: float,
    clock: int,
    paused: bool,
    prefs: Mapping[int, Prefs],
    running: Mapping[int, float],
    table: Iterable[int] = (),
    done: Sequence[int] = (),
    seats: Sequence[tuple[int, int, int]] = (),
    notices: bool = True,
    movers: Iterable[int] | None = None,
    left: Mapping[int, float] | None = None,
) -> Decisions:
    """The timers after a change from a position where ``before`` seats had to act to one
    where ``after`` seats do, made by the seats in ``acted``. A seat that must act now and did
    not act in this change keeps its decision and its timers (a simultaneous choice still
    open); every other seat to act starts a new decision at ``version``. Seats played by the
    table never get timers. ``running`` holds the current deadlines of seats (to announce
    them for the seats that keep theirs). ``notices``: false in games whose private view goes
    by DM at each decision (that DM is the "your turn" DM of a player who chose DMs).
    ``movers``: the seats whose player acted in this change (default: every seat in ``acted``);
    a seat the game played for (its only choice) is in ``acted`` but not a mover: its player is
    told when it must decide again. ``left``: by seat, the seconds a decision reopened by an
    undo had left (it gets them back, not a new clock)."""
    acted_set, table_set = set(acted), set(table)
    moved = {players[s] for s in (acted_set if movers is None else movers)}
    fresh = [s for s in after if s not in table_set and (s not in before or s in acted_set)]
    ending = {*acted_set, *(s for s in before if s not in after), *fresh, *table_set}
    rows: list[NewTimer] = []
    deadlines: dict[int, float] = {}
    called: list[int] = []
    for seat in fresh:
        user = players[seat]
        settings = prefs.get(user, Prefs(user))
        calls = user not in moved  # who just acted and goes on needs no call
        made = decision_timers(
            seat,
            settings,
            version,
            now,
            clock,
            paused,
            notify=calls,
            views=not notices,
            left=(left or {}).get(seat),
        )
        if calls and settings.mentioned:
            called.append(seat)
        rows += made
        for row in made:
            if row.kind == DEADLINE and not row.paused:
                deadlines[seat] = row.due_at
    for seat in after:
        if seat not in fresh and seat not in table_set and seat in running:
            deadlines[seat] = running[seat]
    plan = Plan(tuple(sorted(ending)), tuple(rows), tuple(done), tuple(seats))
    return Decisions(plan, deadlines, tuple(called))


def winners_without(
    winners: Sequence[int], table: Iterable[int], totals: Mapping[int, int]
) -> list[int]:
    """The winners once seats played by the table are left out (they cannot win): the
    game's winners who are people; when the table had all the wins, the best-scoring people."""
    table_set = set(table)
    kept = [s for s in winners if s not in table_set]
    if kept or not winners:
        return kept
    people = [s for s in totals if s not in table_set]
    if not people:
        return []
    best = max(totals[s] for s in people)
    return sorted(s for s in people if totals[s] == best)


def _at(day: date, minutes: int, zone: ZoneInfo) -> float:
    return datetime.combine(day, daytime(minutes // 60, minutes % 60), zone).timestamp()
