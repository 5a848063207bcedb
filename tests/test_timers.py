"""The turn clock below Discord, on a manual clock (no test sleeps): deadlines and reminders as
rows, carried out once by the scheduler, through the match service and the outbox.

Each test moves ``ManualClock`` and lets the scheduler carry out what fell due (``due``), then
reads what was written: timers, moves, outbox entries.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from ai.player import VIEW_TYPES
from data.clock import ManualClock
from data.clockrows import DM
from data.store import OutboxEntry, Store
from rules.registry import GAMES
from table.computer_turns import decision_seed, take_turn
from table.computers import TABLE_LEVEL, thinking
from table.errors import LobbyError, NotAllowed
from table.history import CannotUndo, replay_log
from table.match import Match, private_views
from table.scheduler import Scheduler
from table.service import MatchService
from table.turnclock import HOUR, TURN_NOTICE_DELAY
from table.turns import ClockError
from tests.support.backends import Place
from tests.support.nim import Nim
from tests.support.reads import counted_reads
from tests.support.thinking import decide_here, think_all

GUILD, CHANNEL = 1, 10
ALICE, BOB, CAROL, DAVE = 100, 200, 300, 400
TWELVE = 12 * HOUR


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(place: Place, clock: ManualClock):
    store = await place.open(clock)
    seeds = iter(range(1000, 2000))
    return MatchService(store, {"nim": Nim(), **GAMES}, new_seed=lambda: next(seeds))


@pytest.fixture
def scheduler(service: MatchService) -> Scheduler:
    return Scheduler(service.turns)


async def due(scheduler: Scheduler) -> None:
    """Carry out every row due at the clock's time (what the scheduler's task does)."""
    while await scheduler.run_once():
        pass


async def started(
    service: MatchService, game: str = "nim", players=(ALICE, BOB), clock: str = "12h"
) -> Match:
    await service.create(game, GUILD, CHANNEL, players[0], {}, clock=clock)
    for user in players[1:]:
        await service.join(CHANNEL, game, user)
    return (await service.start(CHANNEL, game, players[0])).match


def on_turn(match: Match) -> int:
    (user,) = match.to_act()
    return user


async def reminders(service: MatchService, user: int) -> list[OutboxEntry]:
    return [
        e
        for e in await service.store.outbox()
        if e.payload.get("reminder") and e.payload.get("user") == user
    ]


async def advance(clock: ManualClock, scheduler: Scheduler, seconds: float) -> None:
    clock.advance(seconds)
    await due(scheduler)


async def dms_for_turns(service: MatchService, *users: int) -> None:
    """These players chose that their turns reach them by DM (`/tidetable notify turn:dm`)."""
    for user in users:
        await service.turns.clocks.set_prefs(user, turn_by=DM)


# -- deadlines on the board --------------------------------------------------------------------
async def test_every_post_naming_who_acts_carries_their_deadline(
    service: MatchService, clock: ManualClock
):
    match = await started(service)
    start = next(e for e in await service.store.outbox() if e.payload.get("event") == "start")
    seat = match.seat_of(on_turn(match))
    assert start.payload["clock"] == {
        "deadlines": {str(seat): int(clock.now() + TWELVE)},
        "call": [seat],  # whom the post mentions (the default way a turn reaches a player)
    }
    clock.advance(HOUR)
    moved = await service.move(CHANNEL, "nim", on_turn(match), "take 1")
    post = (await service.store.entries(moved.entries))[0]
    nxt = moved.after.seat_of(on_turn(moved.after))
    assert post.payload["clock"]["deadlines"] == {str(nxt): int(clock.now() + TWELVE)}


async def test_the_server_default_clock_and_no_clock(service: MatchService):
    await service.turns.clocks.set_guild_clock(GUILD, "24h")
    await dms_for_turns(service, ALICE, BOB)
    match = await started(service, clock="default")
    assert match.row.clock == 24 * 3600
    await service.cancel(CHANNEL, "nim", ALICE, is_admin=False)
    assert await service.turns.clocks.timers(match.id) != []
    assert {t.status for t in await service.turns.clocks.timers(match.id)} <= {"void"}
    free = await started(service, "tokan", clock="none")
    assert free.row.clock == 0
    kinds = {t.kind for t in await service.turns.clocks.timers(free.id)}
    assert kinds == {"turn"}  # no deadline, no reminders: only the "your turn" notice


# -- reminders --------------------------------------------------------------------------------
async def test_reminders_at_half_time_and_one_hour_left_exactly_once_each(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service)
    user = on_turn(match)
    await advance(clock, scheduler, 6 * HOUR - 1)
    assert await reminders(service, user) == []
    await advance(clock, scheduler, 1)
    assert [e.payload["reminder"] for e in await reminders(service, user)] == ["half"]
    await advance(clock, scheduler, 5 * HOUR - 1)
    await due(scheduler)  # a second pass at the same time finds nothing more
    assert [e.payload["reminder"] for e in await reminders(service, user)] == ["half"]
    await advance(clock, scheduler, 1)
    said = await reminders(service, user)
    assert [e.payload["reminder"] for e in said] == ["half", "hour"]
    assert all(e.kind == "dm" and e.match_id == match.id for e in said)
    assert said[1].payload["deadline"] == match_start(clock) + TWELVE


def match_start(clock: ManualClock) -> float:
    return ManualClock().now()  # every test's clock starts at the same moment


async def test_no_reminder_once_the_player_acted(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service)
    user = on_turn(match)
    await advance(clock, scheduler, HOUR)
    await service.move(CHANNEL, "nim", user, "take 1")
    await advance(clock, scheduler, TWELVE)  # past the old half time, hour and deadline
    assert await reminders(service, user) == []
    mine = [t for t in await service.turns.clocks.timers(match.id) if t.user_id == user]
    assert {t.status for t in mine if t.decision == match.version} == {"void"}


async def test_no_reminder_in_quiet_hours(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    # The clock starts at 00:00 UTC; half time of a 12h clock is 06:00, one hour left 11:00.
    await service.turns.clocks.set_prefs(ALICE, quiet=(5 * 60, 8 * 60), tz="UTC")
    await service.turns.clocks.set_prefs(BOB, quiet=(5 * 60, 8 * 60), tz="UTC")
    match = await started(service)
    user = on_turn(match)
    await advance(clock, scheduler, 6 * HOUR)
    assert await reminders(service, user) == []  # 06:00 is quiet
    await advance(clock, scheduler, 2 * HOUR)
    said = await reminders(service, user)
    assert [e.payload["reminder"] for e in said] == ["half"]
    assert said[0].created_at == clock.now()  # at 08:00, when the quiet hours end


async def test_quiet_hours_chosen_after_the_decision_began_still_hold(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service)
    user = on_turn(match)
    await service.turns.clocks.set_prefs(user, quiet=(5 * 60, 12 * 60), tz="UTC")
    await advance(clock, scheduler, 6 * HOUR)
    await advance(clock, scheduler, 5 * HOUR)
    # 06:00 and 11:00 are quiet, and the quiet hours outlast the deadline: nothing is sent.
    assert await reminders(service, user) == []


async def test_reminders_off(service: MatchService, scheduler: Scheduler, clock: ManualClock):
    await service.turns.clocks.set_prefs(ALICE, reminders=False)
    await service.turns.clocks.set_prefs(BOB, reminders=False)
    match = await started(service)
    await advance(clock, scheduler, 11 * HOUR)
    assert await reminders(service, on_turn(match)) == []


async def test_a_player_whose_dms_are_closed_is_reminded_in_the_channel(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    await service.store.set_dm_closed(ALICE, True)
    await service.store.set_dm_closed(BOB, True)
    match = await started(service)
    user = on_turn(match)
    await advance(clock, scheduler, 6 * HOUR)
    (said,) = await reminders(service, user)
    assert said.kind == "post" and said.payload["event"] == "reminder"
    assert said.lane == f"match:{match.id}"


# -- turn notices -----------------------------------------------------------------------------
async def test_turn_notices_of_several_matches_share_one_dm(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    await dms_for_turns(service, ALICE, BOB)
    for channel in (10, 11, 12):
        await service.create("tokan", GUILD, channel, BOB, {}, clock="12h")
        await service.join(channel, "tokan", ALICE)
        await service.start(channel, "tokan", BOB)
    await advance(clock, scheduler, TURN_NOTICE_DELAY)
    notices = [e for e in await service.store.outbox() if "turns" in e.payload]
    by_user = {e.payload["user"]: e.payload["turns"] for e in notices}
    # Each player gets one DM listing every match that awaits them.
    assert len(notices) == len(by_user) and sum(len(t) for t in by_user.values()) == 3
    waiting = {
        u: sorted(m.id for m in [await service.current(c) for c in (10, 11, 12)] if u in m.to_act())
        for u in (ALICE, BOB)
    }
    for user, listed in by_user.items():
        assert sorted(item["match"] for item in listed) == waiting[user]


async def test_no_turn_notice_for_a_quick_reply(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    await dms_for_turns(service, ALICE, BOB)
    match = await started(service, "tokan")
    user = on_turn(match)
    await play_first(service, match, user)
    await advance(clock, scheduler, TURN_NOTICE_DELAY)
    notices = [e for e in await service.store.outbox() if "turns" in e.payload]
    assert [e.payload["user"] for e in notices] == [next(u for u in (ALICE, BOB) if u != user)]


async def test_games_with_secrets_send_no_second_turn_dm(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    # Their private view goes by DM at each decision and says "your turn" already.
    match = await started(service, "nim")
    await advance(clock, scheduler, TURN_NOTICE_DELAY)
    assert [e for e in await service.store.outbox() if "turns" in e.payload] == []
    assert {t.kind for t in await service.turns.clocks.timers(match.id)} == {"deadline", "reminder"}


# -- timeouts ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("tokan", (ALICE, BOB)),
        ("tonari", (ALICE, BOB)),
        ("fishing", (ALICE, BOB)),
        ("toshi", (ALICE, BOB, CAROL)),
        ("tonga", (ALICE, BOB, CAROL)),
        ("nim", (ALICE, BOB)),
    ],
)
async def test_a_timeout_plays_a_legal_move_in_every_game(
    service: MatchService, scheduler: Scheduler, clock: ManualClock, game: str, players
):
    match = await started(service, game, players)
    late = match.game.to_act(match.state)
    await advance(clock, scheduler, TWELVE)
    after = await service.by_id(match.id)
    moves = await service.store.moves(match.id)
    assert moves and moves[0].seat in late  # the late seat's decision, played by the table
    # Legal: the log replays to the saved state with the game's own rules.
    assert replay_log(after.game, after, moves) == after.state
    (post,) = [e for e in await service.store.outbox() if e.payload.get("event") == "timeout"]
    assert post.payload["seat"] == moves[0].seat and post.payload["moves"]
    assert after.row.timeouts[moves[0].seat] == 1
    assert not any(s in after.game.to_act(after.state) for s in late if len(late) == 1)


async def play_first(service: MatchService, match: Match, user: int) -> Match:
    """``user`` plays their first legal move."""
    seat = match.seat_of(user)
    text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
    return (await service.move(CHANNEL, match.row.game, user, text)).after


async def test_three_timeouts_hand_the_seat_to_the_table_and_rejoin_gives_it_back(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service, "fishing", (ALICE, BOB, CAROL))
    late_seat = match.seat_of(ALICE)
    for _ in range(200):  # the others play at once; ALICE always lets her time run out
        match = await service.by_id(match.id)
        if match.status != "active" or match.row.table[late_seat]:
            break
        if ALICE in match.to_act():
            await advance(clock, scheduler, TWELVE)
        else:
            await play_first(service, match, match.to_act()[0])
    assert match.row.table[late_seat] == 1 and match.row.timeouts[late_seat] == 3, match.row
    posts = [e.payload for e in await service.store.outbox() if e.payload.get("event") == "timeout"]
    assert [p["table"] for p in posts] == [False, False, True]
    assert all(p["seat"] == late_seat for p in posts)
    # From now on the computer player takes the seat over: each of its decisions is a "think"
    # entry (table), played through the service and announced as the table's; ALICE is never
    # waited for and has no timers, and her own move is refused until she rejoins.
    table_moves: list = []
    for _ in range(12):
        if match.status != "active":
            break
        if ALICE in match.to_act():
            with pytest.raises(NotAllowed, match="rejoin"):
                await play_first(service, match, ALICE)
            table_moves = await think_all(service, match.id, limit=1)
            break
        match = await play_first(service, match, match.to_act()[0])
    assert [r.seat for r in table_moves] == [late_seat], table_moves
    match = await service.by_id(match.id)
    assert match.status == "active" and match.row.table[late_seat] == 1
    (post,) = [
        e.payload
        for e in await service.store.outbox(match.id)
        if e.payload.get("event") == "move" and e.payload["version"] == table_moves[0].after.version
    ]
    assert post["table"] is True and post["seat"] == late_seat
    assert all(t.user_id != ALICE or t.status != "pending" for t in await clocks_of(service))
    done = await service.turns.rejoin(CHANNEL, "fishing", ALICE)
    assert done.match.row.table[late_seat] == 0 and done.match.row.timeouts[late_seat] == 0
    with pytest.raises(LobbyError, match="already"):
        await service.turns.rejoin(CHANNEL, "fishing", ALICE)
    # Her seat is hers again: the table waits for her, with a clock.
    for _ in range(12):
        match = await service.by_id(match.id)
        if ALICE in match.to_act():
            break
        match = await play_first(service, match, match.to_act()[0])
    assert ALICE in match.to_act()
    deadlines = (await service.turns.clocks.deadlines([match.id]))[match.id]
    assert deadlines[late_seat].due_at == clock.now() + TWELVE


async def clocks_of(service: MatchService):
    return await service.turns.clocks.timers()


async def test_a_seat_the_table_plays_cannot_win(service: MatchService):
    match = await started(service, "nim", (ALICE, BOB, CAROL))
    seat = match.seat_of(CAROL)
    await service.resign(CHANNEL, "nim", CAROL)
    # Play on to the end, the table's computer player taking stones for CAROL's seat.
    for _ in range(20):
        match = await service.current(CHANNEL, "nim") if match.status == "active" else match
        if match.status != "active":
            break
        if on_turn(match) == CAROL:
            (played,) = await think_all(service, match.id, limit=1)
            match = played.after
        else:
            match = (await service.move(CHANNEL, "nim", on_turn(match), "take 1")).after
    final = await service.by_id(match.id)
    assert final.status == "finished"
    assert seat not in final.result["winners"] and final.result["table"] == [seat]
    assert final.result["winners"]
    # The ratings count the seat as played by the computer (ranked last, not rated as a win).
    (rated,) = await service.store.finished_results()
    assert rated.computer_played == (seat,)


async def test_the_table_seat_is_decided_by_the_computer_player_from_the_seats_view(
    service: MatchService,
):
    """A resigned seat is taken over by the computer player at ``TABLE_LEVEL``: it is asked
    with the seat's view (never the state) and the public log, seeded by the match, the seat and
    the version; its move is saved as the seat's and announced as the table's."""
    match = await started(service, "fishing", (ALICE, BOB, CAROL, DAVE), clock="24h")
    for _ in range(8):  # play until BOB is on turn, then he resigns on his own turn
        if BOB in match.to_act():
            break
        match = await play_first(service, match, match.to_act()[0])
    seat = match.seat_of(BOB)
    done = await service.resign(CHANNEL, "fishing", BOB)
    assert BOB in done.match.to_act() and done.match.row.table[seat] == 2
    (entry,) = [e for e in await service.store.outbox(match.id) if e.kind == "think"]
    assert entry.payload == {"seat": seat, "version": done.match.version, "table": True}
    with pytest.raises(NotAllowed, match="resigned"):
        await play_first(service, done.match, BOB)
    asked = []

    async def decide(level, seed, key, view, at, seen):
        asked.append((level, seed, key, type(view), at, len(seen)))
        return await decide_here(level, seed, key, view, at, seen)

    played = await take_turn(service, match.id, seat, done.match.version, decide)
    moves = await service.store.moves(match.id)
    assert asked == [
        (
            TABLE_LEVEL,
            decision_seed(match.row.seed, seat, done.match.version),
            "fishing",
            VIEW_TYPES["fishing"],
            seat,
            len([m for m in moves if m.seat is not None and m.move != "resign"]) - 1,
        )
    ]
    assert (
        played is not None
        and moves[-1].seat == seat
        and played.after.version > entry.payload["version"]
    )
    (post,) = [
        e.payload
        for e in await service.store.outbox(match.id)
        if e.payload.get("event") == "move" and e.payload["version"] == moves[-1].version
    ]
    assert post["table"] is True and post["seat"] == seat
    # The same entry again (a re-delivery) plays nothing: the match moved on.
    assert await take_turn(service, match.id, seat, done.match.version, decide) is None
    assert len(asked) == 1


async def test_after_a_resignation_to_the_table_the_others_keep_their_undo(service: MatchService):
    """A resignation with three or more players is not the match's end (the table plays the
    seat on): a player who moves after it may still take that move back (it said "The match is
    over" before), and a move made before it stands, the resignation having come since."""
    match = await started(service, "fishing", (ALICE, BOB, CAROL, DAVE), clock="24h")
    (mover,) = match.to_act()
    match = await play_first(service, match, mover)
    (second,) = match.to_act()
    leaver = next(u for u in (ALICE, BOB, CAROL, DAVE) if u not in (mover, second))
    await service.resign(CHANNEL, "fishing", leaver)
    with pytest.raises(CannotUndo, match="has acted since your last move"):
        await service.undo(CHANNEL, "fishing", mover)
    match = await service.by_id(match.id)
    moved = await play_first(service, match, second)
    done, _ = await service.undo(CHANNEL, "fishing", second)
    assert done.match.version > moved.version and second in done.match.to_act()
    assert done.match.state == match.state


async def test_a_rejoin_before_the_table_decides_gives_the_decision_back_to_the_person(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started_three_timeouts(service, scheduler, clock)
    late = match.seat_of(ALICE)
    for _ in range(20):
        if ALICE in match.to_act():
            break
        match = await play_first(service, match, match.to_act()[0])
    assert ALICE in match.to_act() and match.row.table[late] == 1
    (entry,) = [
        e
        for e in await service.store.outbox(match.id)
        if e.kind == "think" and e.payload["version"] == match.version
    ]
    logged = len(await service.store.moves(match.id))
    await service.turns.rejoin(CHANNEL, "fishing", ALICE)
    assert await think_all(service, match.id) == []  # the entry finds her seat hers again
    after = await service.by_id(match.id)
    assert ALICE in after.to_act() and after.row.table[late] == 0
    assert len(await service.store.moves(match.id)) == logged  # nobody played for her
    deadlines = (await service.turns.clocks.deadlines([match.id]))[match.id]
    assert late in deadlines
    await play_first(service, after, ALICE)  # and she plays it herself
    assert entry.payload["table"] is True


async def started_three_timeouts(
    service: MatchService,
    scheduler: Scheduler,
    clock: ManualClock,
    players: tuple[int, ...] = (ALICE, BOB, CAROL),
) -> Match:
    """A Friendly Fishing match in which ALICE's seat went to the table after three timeouts
    in a row (the others play at once)."""
    match = await started(service, "fishing", players)
    late = match.seat_of(ALICE)
    for _ in range(200):
        match = await service.by_id(match.id)
        if match.row.table[late]:
            return match
        if ALICE in match.to_act():
            await advance(clock, scheduler, TWELVE)
        else:
            await play_first(service, match, match.to_act()[0])
    raise AssertionError("ALICE never went to the table")


async def test_when_no_person_plays_any_more_the_match_ends_and_the_computers_win(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    """One person against two computer seats times out three times: rather than computers
    playing on alone, the match ends, as when the last person resigns (the computer seats left
    share the win)."""
    await service.create("fishing", GUILD, CHANNEL, ALICE, {}, clock="12h")
    await service.add_computer(CHANNEL, "fishing", ALICE, "easy")
    await service.add_computer(CHANNEL, "fishing", ALICE, "easy")
    match = (await service.start(CHANNEL, "fishing", ALICE)).match
    for _ in range(100):
        match = await service.by_id(match.id)
        if match.status != "active":
            break
        if ALICE in match.to_act():
            await advance(clock, scheduler, TWELVE)
        else:
            await think_all(service, match.id, limit=1)
    assert match.status == "finished", match.row
    alice = match.seat_of(ALICE)
    assert match.result["winners"] == [s for s in range(3) if s != alice]
    assert "no person plays any more" in match.result["reason"]
    assert match.row.timeouts[alice] == 3 and match.result["table"] == [alice]


async def test_a_rejoin_on_another_seats_turn_leaves_its_computer_player_deciding(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    """The rejoin raises the version: the entry pending for the table's other seat (DAVE
    resigned) would be stale, so the rejoin writes it again and the match goes on."""
    match = await started_three_timeouts(service, scheduler, clock, (ALICE, BOB, CAROL, DAVE))
    await service.resign(CHANNEL, "fishing", DAVE)
    dave = match.seat_of(DAVE)
    for _ in range(40):
        match = await service.by_id(match.id)
        if DAVE in match.to_act():
            break
        if ALICE in match.to_act():
            await think_all(service, match.id, limit=1)
        else:
            await play_first(service, match, match.to_act()[0])
    assert DAVE in match.to_act()
    await service.turns.rejoin(CHANNEL, "fishing", ALICE)
    (played,) = await think_all(service, match.id, limit=1)
    assert played.seat == dave and played.before.version == match.version + 1


async def test_pause_and_resume_leave_a_computer_seat_deciding(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    await service.create("tokan", GUILD, CHANNEL, ALICE, {}, clock="12h")
    await service.add_computer(CHANNEL, "tokan", ALICE, "easy")
    match = (await service.start(CHANNEL, "tokan", ALICE)).match
    if ALICE in match.to_act():
        match = await play_first(service, match, ALICE)
    await service.turns.pause(CHANNEL, "tokan", ALICE, False, True)
    await service.turns.pause(CHANNEL, "tokan", ALICE, False, False)
    (played,) = await think_all(service, match.id)
    assert played.before.version == match.version + 2 and ALICE in played.after.to_act()


async def test_nobody_takes_back_a_move_played_for_them(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    """Letting time run out and then undoing would draw the automatic decision again and
    again: a move played for the seat stands (a timeout, the table's, before a rejoin); a
    person whose seat the table plays takes nothing back at all."""
    tokan = await started(service, "tokan", (ALICE, BOB))
    late = on_turn(tokan)
    await advance(clock, scheduler, TWELVE)  # the table plays her move
    with pytest.raises(CannotUndo, match="played for you"):
        await service.undo(CHANNEL, "tokan", late)
    now = await service.by_id(tokan.id)
    moved = await play_first(service, now, on_turn(now))  # the other one may still undo
    _, taken_back = await service.undo(CHANNEL, "tokan", on_turn(now))
    assert moved.version > now.version and taken_back
    await service.cancel(CHANNEL, "tokan", ALICE, is_admin=True)
    # After three timeouts in Friendly Fishing: no undo while the table plays her seat, and
    # none of the table's move after she rejoins.
    match = await started_three_timeouts(service, scheduler, clock)
    with pytest.raises(NotAllowed, match="rejoin"):
        await service.undo(CHANNEL, "fishing", ALICE)
    for _ in range(20):
        match = await service.by_id(match.id)
        if ALICE in match.to_act():
            await think_all(service, match.id, limit=1)
            break
        await play_first(service, match, match.to_act()[0])
    await service.turns.rejoin(CHANNEL, "fishing", ALICE)
    with pytest.raises(CannotUndo, match="played for you"):
        await service.undo(CHANNEL, "fishing", ALICE)


async def test_the_table_seat_is_not_pinged_nor_sent_its_hand_for_the_tables_decisions(
    service: MatchService,
):
    match = await started(service, "toshi", (ALICE, BOB, CAROL))
    seat = match.seat_of(on_turn(match))
    game, state = match.game, match.state
    assert [n.payload["seat"] for n in private_views(game, None, state, match.players, 1)]
    views = private_views(game, None, state, match.players, 1, table=[seat])
    assert seat not in [n.payload["seat"] for n in views] and views
    (entry,) = thinking(game, state, match.players, 1, 0.0, table=[seat])
    assert entry.payload == {"seat": seat, "version": 1, "table": True}


async def test_a_resignation_in_a_four_player_match_lets_the_others_play_on(
    service: MatchService,
):
    match = await started(service, "fishing", (ALICE, BOB, CAROL, DAVE), clock="24h")
    done = await service.resign(CHANNEL, "fishing", BOB)
    after = done.match
    assert after.status == "active"
    assert after.row.table[match.seat_of(BOB)] == 2
    if BOB in after.to_act():  # his decision is the table's computer player's now
        await think_all(service, after.id, limit=1)
        after = await service.by_id(after.id)
    assert BOB not in after.to_act() and after.to_act()
    with pytest.raises(NotAllowed, match="resigned"):
        await service.turns.rejoin(CHANNEL, "fishing", BOB)
    # The others play on: moves are accepted from whoever must act.
    user = after.to_act()[0]
    seat = after.seat_of(user)
    text = after.game.format(after.state, after.game.legal_moves(after.state, seat)[0])
    moved = await service.move(CHANNEL, "fishing", user, text)
    assert moved.after.status == "active" or moved.after.status == "finished"
    # Two resignations of four leave two players: a third ends it and the last one wins.
    await service.resign(CHANNEL, "fishing", CAROL)
    last = await service.resign(CHANNEL, "fishing", DAVE)
    assert last.match.status == "finished"
    assert last.match.result["winners"] == [match.seat_of(ALICE)]


# -- pausing and time away --------------------------------------------------------------------
async def test_pause_stops_the_clock_and_resume_restarts_it_with_the_time_left(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service)
    with pytest.raises(NotAllowed):
        await service.turns.pause(CHANNEL, "nim", BOB, False, True)
    await advance(clock, scheduler, 4 * HOUR)
    await service.turns.pause(CHANNEL, "nim", ALICE, False, True)
    with pytest.raises(ClockError, match="already paused"):
        await service.turns.pause(CHANNEL, "nim", ALICE, False, True)
    await advance(clock, scheduler, 30 * 24 * HOUR)  # a month: nothing runs out
    assert (await service.by_id(match.id)).version == match.version + 1  # only the pause
    assert await reminders(service, on_turn(match)) == []
    done = await service.turns.pause(CHANNEL, "nim", BOB, True, False)  # an admin resumes
    (post,) = await service.store.entries(done.entries)
    seat = match.seat_of(on_turn(match))
    assert post.payload["clock"]["deadlines"] == {str(seat): int(clock.now() + 8 * HOUR)}
    await advance(clock, scheduler, 2 * HOUR)  # 6h of 12 have passed: the half reminder
    assert [e.payload["reminder"] for e in await reminders(service, on_turn(match))] == ["half"]
    await advance(clock, scheduler, 6 * HOUR - 1)
    assert await service.store.moves(match.id) == []
    await advance(clock, scheduler, 1)
    assert len(await service.store.moves(match.id)) == 1  # the deadline, 12h of running time


async def test_away_stops_the_players_clocks_and_back_restarts_them(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service)
    user = on_turn(match)
    await advance(clock, scheduler, 3 * HOUR)
    await service.turns.away(user, 5)
    clock_now = await service.turns.clock_now(await service.by_id(match.id))
    seat = match.seat_of(user)
    assert clock_now["away"] == {str(seat): int(clock.now() + 5 * 24 * HOUR)}
    await advance(clock, scheduler, 2 * 24 * HOUR)
    assert await service.store.moves(match.id) == [] and await reminders(service, user) == []
    await service.turns.back(user)
    with pytest.raises(ClockError, match="not away"):
        await service.turns.back(user)
    await advance(clock, scheduler, 9 * HOUR - 1)  # 3h + 9h - 1s of the 12h
    assert await service.store.moves(match.id) == []
    await advance(clock, scheduler, 1)
    assert [m.seat for m in await service.store.moves(match.id)] == [seat]


async def test_time_away_ends_by_itself(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    match = await started(service)
    user = on_turn(match)
    await service.turns.away(user, 1)
    with pytest.raises(ClockError):
        await service.turns.away(user, 15)
    await advance(clock, scheduler, 24 * HOUR)  # away ends: the 12h start again
    assert await service.store.moves(match.id) == []
    await advance(clock, scheduler, TWELVE)
    assert len(await service.store.moves(match.id)) == 1


# -- durability -------------------------------------------------------------------------------
async def test_a_restart_between_a_deadline_and_its_handling_handles_it_once(tmp_path: Path):
    clock = ManualClock()
    path = tmp_path / "restart.sqlite3"
    store = await Store.open(path, clock)
    service = MatchService(store, {"nim": Nim()}, new_seed=lambda: 7)
    match = await started(service)
    await store.close()  # the bot stops; the deadline passes while it is down
    clock.advance(TWELVE + HOUR)

    store = await Store.open(path, clock)
    service = MatchService(store, {"nim": Nim()})
    first, second = Scheduler(service.turns), Scheduler(service.turns)
    await due(first)
    await due(second)  # a second scheduler (or the same one again) finds nothing left
    await due(first)
    moves = await store.moves(match.id)
    assert [m.seat for m in moves] == [match.seat_of(on_turn(match))]
    timeouts = [e for e in await store.outbox() if e.payload.get("event") == "timeout"]
    assert len(timeouts) == 1
    # Both reminders had fallen due too, before the deadline: the deadline is carried out
    # first, and the reminders of the decision the table played are void: a reminder of a
    # decision whose time ran out is never said (late) about the next one (issue 23, row 4).
    said = [e.payload["reminder"] for e in await store.outbox() if e.payload.get("reminder")]
    assert said == []
    await store.close()


async def test_a_crash_inside_the_timeout_leaves_it_pending_and_it_is_done_once_later(
    service: MatchService, scheduler: Scheduler, clock: ManualClock, monkeypatch
):
    match = await started(service)
    clock.advance(TWELVE)
    real = service.store.save_move

    async def crash(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(service.store, "save_move", crash)
    await due(scheduler)  # the failure is logged; the row waits for a retry
    assert await service.store.moves(match.id) == []
    monkeypatch.setattr(service.store, "save_move", real)
    await due(scheduler)
    assert await service.store.moves(match.id) == []  # not before its retry time
    await advance(clock, scheduler, 60)
    assert len(await service.store.moves(match.id)) == 1
    await advance(clock, scheduler, 60)
    assert len(await service.store.moves(match.id)) == 1


async def test_the_scheduler_task_sleeps_until_the_next_row(
    service: MatchService, clock: ManualClock
):
    scheduler = Scheduler(service.turns)
    scheduler.start()
    try:
        match = await started(service)
        clock.advance(TWELVE)
        await scheduler.caught_up()
        assert len(await service.store.moves(match.id)) == 1
        assert scheduler.handled >= 3  # two reminders, the deadline
    finally:
        await scheduler.stop()


# -- my turn, everywhere ----------------------------------------------------------------------
async def test_mine_lists_the_players_turns_first(service: MatchService, clock: ManualClock):
    listed_users = []
    for channel in (10, 11, 12):
        await service.create("nim", GUILD + channel % 2, channel, ALICE, {}, clock="24h")
        await service.join(channel, "nim", BOB)
        listed_users.append((await service.start(channel, "nim", ALICE)).match)
    await service.create("nim", GUILD, 13, ALICE, {}, clock="12h")  # a lobby
    listed = await service.turns.mine(ALICE)
    assert len(listed) == 4
    awaiting = [e.awaiting_me for e in listed]
    assert awaiting == sorted(awaiting, reverse=True)  # her turns first
    for entry in listed:
        if entry.match.status == "active":
            assert entry.deadline == clock.now() + 24 * HOUR
            assert entry.since == clock.now()
    assert listed[-1].match.status == "lobby" or not listed[-1].awaiting_me
    assert await service.turns.mine(CAROL) == []


# -- a save's row is the stored row ------------------------------------------------------------
def checked_saves(service: MatchService) -> list[str]:
    """Every ``save_move`` from now on is followed by a fresh read of the match, which must
    equal the row the save returned (the service caches that row without reading it, and a
    save computes its seats without reading them). Returns the log texts of the saves."""
    store = service.store
    original = store.save_move
    checked: list[str] = []

    async def save_move(match_id: int, version: int, seat, move: str, state, **kw):
        saved = await original(match_id, version, seat, move, state, **kw)
        fresh = await store.match(match_id)
        assert fresh is not None and saved.row == replace(fresh, state_json=None), move
        checked.append(move)
        return saved

    store.save_move = save_move  # type: ignore[method-assign]
    return checked


async def test_a_save_returns_the_row_as_stored_after_every_kind_of_change(
    service: MatchService, scheduler: Scheduler, clock: ManualClock
):
    checked = checked_saves(service)
    match = await started(service, "fishing", (ALICE, BOB, CAROL))
    late = match.seat_of(ALICE)
    seen_timeouts: set[int] = set()
    played_after_a_timeout = False
    for _ in range(300):  # ALICE times out once, plays once, then times out to the table
        match = await service.by_id(match.id)
        if match.status != "active" or match.row.table[late]:
            break
        seen_timeouts.add(match.row.timeouts[late])
        if ALICE in match.to_act():
            if match.row.timeouts[late] == 1 and not played_after_a_timeout:
                played_after_a_timeout = True
                match = await play_first(service, match, ALICE)  # resets her count
                assert match.row.timeouts[late] == 0
            else:
                await advance(clock, scheduler, TWELVE)
        else:
            await play_first(service, match, match.to_act()[0])
    assert played_after_a_timeout and {0, 1, 2} <= seen_timeouts
    assert match.row.table[late] == 1 and match.row.timeouts[late] == 3, match.row
    for _ in range(3):  # the table's computer player plays her seat between the others' moves
        if ALICE in match.to_act():
            await think_all(service, match.id, limit=1)
            match = await service.by_id(match.id)
        else:
            match = await play_first(service, match, match.to_act()[0])
    await service.turns.rejoin(CHANNEL, "fishing", ALICE)
    await service.resign(CHANNEL, "fishing", BOB)  # the table takes his seat (flag 2)
    match = await service.current(CHANNEL, "fishing")
    assert match.row.table[match.seat_of(BOB)] == 2
    await service.resign(CHANNEL, "fishing", CAROL)  # one person left: it ends
    assert (await service.by_id(match.id, allow_damaged=True)).status == "finished"
    # A game that ends by its moves, an undo and a cancel.
    tokan = await started(service, "tokan", (ALICE, BOB))
    moved = await play_first(service, tokan, on_turn(tokan))  # nothing hidden: undoable
    await service.undo(CHANNEL, "tokan", on_turn(tokan))
    await service.cancel(CHANNEL, "tokan", ALICE, is_admin=False)
    nim = await started(service, "nim", (ALICE, BOB))
    while nim.status == "active":
        nim = (await service.move(CHANNEL, "nim", on_turn(nim), "take 3")).after
    assert moved.version == tokan.version + 1 and nim.status == "finished"
    assert {"resign", "undo", "cancel"} <= set(checked) and len(checked) > 20


async def test_a_seat_that_keeps_its_decision_is_announced_with_its_running_deadline(
    service: MatchService, clock: ManualClock
):
    """A resignation by a seat not on turn leaves the decision of the seat on turn open: the
    post names that seat's deadline as it runs (begun at the start), not a new one."""
    match = await started(service, "fishing", (ALICE, BOB, CAROL, DAVE), clock="24h")
    begun = clock.now()
    (waiting,) = match.to_act()
    quitter = next(u for u in (ALICE, BOB, CAROL, DAVE) if u != waiting)
    clock.advance(HOUR)
    done = await service.resign(CHANNEL, "fishing", quitter)
    assert done.match.to_act() == (waiting,)
    (post,) = [e for e in await service.store.entries(done.entries) if e.kind == "post"]
    seat = match.seat_of(waiting)
    assert post.payload["clock"]["deadlines"] == {str(seat): int(begun + 24 * HOUR)}


async def test_an_alternating_move_reads_no_timers(service: MatchService, clock: ManualClock):
    """Every seat to act after an alternating move starts a new decision: the running
    deadlines are not needed, and not read."""
    match = await started(service, "tokan")
    reads = counted_reads(service.store)
    clock.advance(HOUR)
    seat = match.seat_of(on_turn(match))
    text = match.game.format(match.state, match.game.legal_moves(match.state, seat)[0])
    moved = await service.move(CHANNEL, "tokan", on_turn(match), text)
    assert not [sql for sql in reads if "FROM timers" in sql]
    (post,) = await service.store.entries(moved.entries)
    nxt = moved.after.seat_of(on_turn(moved.after))
    assert post.payload["clock"]["deadlines"] == {str(nxt): int(clock.now() + TWELVE)}
