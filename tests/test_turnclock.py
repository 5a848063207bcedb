"""The turn clock's arithmetic (table/turnclock.py): clock names, reminder times, quiet hours in
a time zone (daylight saving included), and which decisions a change starts or keeps."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from data.clockrows import BOTH, DEADLINE, DM, REMINDER, TURN, Prefs, Quiet
from rules.errors import InvalidMove, PlayerError
from table.turnclock import (
    HALF,
    HOUR,
    LAST_HOUR,
    TURN_NOTICE_DELAY,
    check_zone,
    clock_name,
    clock_seconds,
    decision_timers,
    parse_quiet,
    place,
    plan_decisions,
    quiet_interval,
    reminder_times,
    winners_without,
)

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC).timestamp()  # a Monday noon, UTC


def at(text: str, tz: str = "UTC") -> float:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(tz)).timestamp()


def test_clock_names_and_the_server_default():
    assert clock_seconds("72h") == 72 * 3600
    assert clock_seconds("1w") == 7 * 24 * 3600
    assert clock_seconds("none") == 0
    assert clock_seconds("default") == 72 * 3600  # no server default: 72h
    assert clock_seconds("default", "12h") == 12 * 3600
    assert clock_seconds("default", "bogus") == 72 * 3600
    with pytest.raises(InvalidMove, match="not a clock"):
        clock_seconds("5min")
    assert clock_name(24 * 3600) == "24h" and clock_name(0) == "none" and clock_name(5400) == "1.5h"


def test_reminders_at_half_time_and_one_hour_left():
    assert reminder_times(T0, T0 + 12 * HOUR) == [
        (HALF, T0 + 6 * HOUR),
        (LAST_HOUR, T0 + 11 * HOUR),
    ]
    # Two hours or less: "one hour left" would come at or before half time, so only half.
    assert reminder_times(T0, T0 + 2 * HOUR) == [(HALF, T0 + HOUR)]


@pytest.mark.parametrize(
    ("text", "minutes"),
    [("22:00-07:00", (1320, 420)), ("22-7", (1320, 420)), (" 13:30 – 14:15 ", (810, 855))],
)
def test_quiet_hours_are_read_from_text(text: str, minutes: tuple[int, int]):
    assert parse_quiet(text) == minutes


@pytest.mark.parametrize("text", ["25:00-07:00", "22:61-07:00", "night", "7-7", "22:00"])
def test_bad_quiet_hours_say_the_form(text: str):
    with pytest.raises(PlayerError):
        parse_quiet(text)


def test_off_turns_quiet_hours_off_and_zones_are_checked():
    assert parse_quiet("off") is None
    assert check_zone("Europe/Paris") == "Europe/Paris"
    with pytest.raises(PlayerError, match="time zone"):
        check_zone("Mars/Olympus")


@pytest.mark.parametrize(
    "name", ["x" * 5000, "America", "Europe/", "../etc/passwd", "/etc/localtime", "zone.tab", ""]
)
def test_a_time_zone_is_bounded_and_looked_up_before_it_is_opened(name: str):
    """A long name was a file name too long for the system, a folder of the tz database an
    IsADirectoryError, both tracebacks: now each is a player error quoting a short part."""
    with pytest.raises(PlayerError, match="not a time zone I know") as refused:
        check_zone(name)
    assert len(str(refused.value)) < 300


def test_quiet_hours_wrap_past_midnight_in_the_players_zone():
    quiet = Quiet(22 * 60, 7 * 60, "Europe/Paris")
    night = at("2026-01-05T23:30", "Europe/Paris")
    assert quiet_interval(night, quiet) == (
        at("2026-01-05T22:00", "Europe/Paris"),
        at("2026-01-06T07:00", "Europe/Paris"),
    )
    early = at("2026-01-06T06:59", "Europe/Paris")
    assert quiet_interval(early, quiet) == quiet_interval(night, quiet)
    assert quiet_interval(at("2026-01-06T07:00", "Europe/Paris"), quiet) is None
    assert quiet_interval(at("2026-01-05T21:59", "Europe/Paris"), quiet) is None
    assert quiet_interval(night, None) is None


def test_quiet_hours_follow_daylight_saving_time():
    # On 29 March 2026 Paris moves from UTC+1 to UTC+2: 7:00 that morning is 5:00 UTC.
    quiet = Quiet(22 * 60, 7 * 60, "Europe/Paris")
    begin, end = quiet_interval(at("2026-03-29T03:30", "Europe/Paris"), quiet)
    assert datetime.fromtimestamp(begin, UTC).hour == 21  # 22:00 at UTC+1
    assert datetime.fromtimestamp(end, UTC).hour == 5  # 7:00 at UTC+2
    assert end - begin == 8 * HOUR  # one hour of that night never happened


def test_a_reminder_in_quiet_hours_moves_out_of_them_or_is_dropped():
    quiet = Quiet(22 * 60, 7 * 60, "UTC")
    begun, deadline = at("2026-01-05T08:00"), at("2026-01-06T08:00")
    # Half time at 20:00 is not quiet: it stays.
    assert place(at("2026-01-05T20:00"), begun, deadline, quiet, True) == at("2026-01-05T20:00")
    # Planned at 23:00: half time goes when quiet ends; "one hour left" just before it begins.
    planned = at("2026-01-05T23:00")
    assert place(planned, begun, deadline, quiet, later_first=True) == at("2026-01-06T07:00")
    assert place(planned, begun, deadline, quiet, later_first=False) == at("2026-01-05T21:59")
    # A deadline inside the quiet hours, of a decision that began inside them: no time is
    # outside them, so the reminder is dropped rather than sent at night.
    short = place(
        at("2026-01-06T03:00"), at("2026-01-06T01:00"), at("2026-01-06T05:00"), quiet, True
    )
    assert short is None


def test_a_new_decision_gets_a_deadline_two_reminders_and_a_turn_notice():
    rows = decision_timers(
        1, Prefs(7, turn_by=DM), decision=4, now=T0, clock=12 * 3600, paused=False, notify=True
    )
    assert [(r.kind, r.detail, r.due_at - T0) for r in rows] == [
        (DEADLINE, "", 12 * HOUR),
        (REMINDER, HALF, 6 * HOUR),
        (REMINDER, LAST_HOUR, 11 * HOUR),
        (TURN, "", TURN_NOTICE_DELAY),
    ]
    assert {(r.seat, r.user_id, r.decision, r.begun, r.paused) for r in rows} == {
        (1, 7, 4, T0, False)
    }


def test_preferences_shape_the_timers():
    no_reminders = decision_timers(0, Prefs(7, reminders=False), 1, T0, 3600, False, True)
    assert [r.kind for r in no_reminders] == [DEADLINE]
    closed = decision_timers(0, Prefs(7, dm_closed=True), 1, T0, 0, False, True)
    assert closed == []  # no clock, and no DM can reach them
    away = decision_timers(0, Prefs(7, away_until=T0 + 100), 1, T0, 3600 * 12, False, True)
    assert [r.kind for r in away] == [DEADLINE, REMINDER, REMINDER]
    assert all(r.paused for r in away)  # frozen while away, and no "your turn" DM
    paused = decision_timers(0, Prefs(7), 1, T0, 3600 * 12, True, False)
    assert all(r.paused for r in paused) and TURN not in [r.kind for r in paused]


def test_how_a_turn_reaches_a_player_shapes_its_dm():
    """The default is the mention alone: no DM is planned. A DM goes after the short delay
    that lets several matches share one; with both, the DM follows the mention after the
    player's own delay (0: never); a game whose private view goes by DM needs no second DM
    for a player who chose DMs, but one who chose both still gets the one that follows."""

    def turn_dues(prefs: Prefs, views: bool = False) -> list[float]:
        rows = decision_timers(0, prefs, 1, T0, 0, False, True, views=views)
        return [r.due_at - T0 for r in rows if r.kind == TURN]

    assert turn_dues(Prefs(7)) == []
    assert Prefs(7).mentioned and not Prefs(7).notify_turn
    assert turn_dues(Prefs(7, turn_by=DM)) == [TURN_NOTICE_DELAY]
    assert not Prefs(7, turn_by=DM).mentioned
    assert turn_dues(Prefs(7, turn_by=DM), views=True) == []
    assert turn_dues(Prefs(7, turn_by=BOTH, dm_after=90)) == [90 * 60]
    assert turn_dues(Prefs(7, turn_by=BOTH, dm_after=90), views=True) == [90 * 60]
    assert turn_dues(Prefs(7, turn_by=BOTH, dm_after=0)) == []
    # Closed DMs: no DM, and the mention whatever they chose.
    assert turn_dues(Prefs(7, turn_by=DM, dm_closed=True)) == []
    assert Prefs(7, turn_by=DM, dm_closed=True).mentioned


def test_a_change_calls_each_player_who_begins_a_decision_once():
    """``called``: the seats a change's post mentions: those beginning a decision without
    having acted in it, who want a mention; not the mover going on, not a seat still deciding
    a simultaneous choice, not a player who chose DMs; a seat played for (its only choice)
    that must decide again is called when the mover is named."""
    players = (10, 20, 30)
    prefs = {30: Prefs(30, turn_by=DM)}

    def called(before, after, acted, movers=None):
        found = plan_decisions(
            before=before,
            after=after,
            acted=acted,
            players=players,
            version=5,
            now=T0,
            clock=0,
            paused=False,
            prefs=prefs,
            running={},
            movers=movers,
        )
        return found.called

    assert called((0,), (1,), {0}) == (1,)
    assert called((0,), (0,), {0}) == ()  # the mover goes on
    assert called((0, 1), (1,), {0}) == ()  # seat 1 was deciding already: called before
    assert called((1,), (2,), {1}) == ()  # seat 2 chose DMs
    assert called((), (0, 1), ()) == (0, 1)  # the start
    # Seat 0 moved, seat 1's only choice was played for it, and it must decide again.
    assert called((0,), (1,), {0, 1}, movers=(0,)) == (1,)


def test_a_change_starts_decisions_only_for_seats_that_begin_one():
    players = (10, 20, 30)
    # Seats 0 and 2 chose together; seat 0 chose: seat 2 keeps its decision and its deadline.
    kept = plan_decisions(
        before=(0, 2),
        after=(2,),
        acted={0},
        players=players,
        version=5,
        now=T0,
        clock=3600 * 24,
        paused=False,
        prefs={},
        running={2: T0 + 50},
    )
    assert kept.plan.new == () and kept.plan.void_seats == (0,)
    assert kept.deadlines == {2: T0 + 50}
    # Seat 2 chose and the next round begins for everyone: all three start anew at version 6.
    fresh = plan_decisions(
        before=(2,),
        after=(0, 1, 2),
        acted={2},
        players=players,
        version=6,
        now=T0,
        clock=3600 * 24,
        paused=False,
        prefs={u: Prefs(u, turn_by=DM) for u in players},  # turns by DM
        running={},
    )
    assert fresh.plan.void_seats == (0, 1, 2)
    assert {(t.seat, t.decision) for t in fresh.plan.new if t.kind == DEADLINE} == {
        (0, 6),
        (1, 6),
        (2, 6),
    }
    # The mover gets no "your turn" DM for the decision that follows their own move.
    assert {t.seat for t in fresh.plan.new if t.kind == TURN} == {0, 1}
    # Seats the table plays never get timers.
    table = plan_decisions(
        before=(0,),
        after=(1,),
        acted={0},
        players=players,
        version=7,
        now=T0,
        clock=3600,
        paused=False,
        prefs={},
        running={},
        table=(1,),
    )
    assert table.plan.new == () and table.deadlines == {}


def test_seats_played_by_the_table_cannot_win():
    assert winners_without([0, 2], [2], {0: 5, 1: 4, 2: 5}) == [0]
    # The table had every win: the best-scoring people win instead.
    assert winners_without([1], [1], {0: 3, 1: 9, 2: 3}) == [0, 2]
    assert winners_without([], [1], {0: 3, 1: 9}) == []  # a draw stays a draw
    assert winners_without([0, 1], [0, 1], {0: 1, 1: 1}) == []
