"""Privacy below Discord, on both back-ends and a manual clock (no test sleeps): forgetting a
person (no row names them afterwards, every finished match replays as before, the others'
ratings do not move) and deleting the data of a server that removed the bot after its grace
period (or not, when it came back).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from data import erasures
from data.clock import ManualClock
from data.clockrows import Prefs
from data.erasures import FORGOTTEN, ErasureStore
from data.former import FORMER_FIRST, is_former
from data.serversettings import SettingsStore
from data.store import StorageBusy, Store
from rules import rng
from rules.registry import GAMES
from table.eraser import Eraser
from table.errors import NotAllowed
from table.match import Match
from table.privacy import SOON, Privacy
from table.ratings import RatingTable, rate
from table.service import MatchService
from table.turnclock import DAY, HOUR
from tests.support.backends import Place
from tests.support.nim import Nim
from tests.support.privacy import naming

GUILD, OTHER_GUILD = 11, 22
# Ids as long as Discord's, so that no other number stored (a seed, a time) holds one by chance.
ALICE, BOB, CAROL = 918273645546372819, 827364554637281946, 736455463728194655


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def service(place: Place, clock: ManualClock) -> MatchService:
    store = await place.open(clock)
    seeds = iter(range(7000, 8000))
    return MatchService(store, {"nim": Nim(), **GAMES}, new_seed=lambda: next(seeds))


async def opened(
    service: MatchService,
    channel: int,
    players: tuple[int, ...],
    game: str = "nim",
    guild: int = GUILD,
    clock: str = "12h",
    start: bool = True,
) -> Match:
    done = await service.create(game, guild, channel, players[0], {}, clock=clock)
    for user in players[1:]:
        done = await service.join(channel, game, user)
    if start:
        done = await service.start(channel, game, players[0])
    return done.match


async def play_to_end(service: MatchService, match: Match, seed: int) -> Match:
    """Moves by the game's playout policy, through the service, until the match is over."""
    draw = rng.stream(seed, "privacy")
    for _ in range(3000):
        match = await service.by_id(match.id)
        if match.status != "active":
            return match
        seat = match.game.to_act(match.state)[0]
        move = match.game.playout_move(match.state, seat, draw)
        text = match.game.format(match.state, move)
        await service.move(match.row.channel_id, match.row.game, match.user_at(seat), text)
    raise AssertionError("the match did not end")


async def saved_state(service: MatchService, match_id: int) -> Any:
    row = await service.store.match(match_id)
    assert row is not None and row.state_json is not None
    return json.loads(row.state_json)


def renamed(table: RatingTable, old: int, new: int) -> dict[Any, Any]:
    return {
        key: {new if user == old else user: figures for user, figures in people.items()}
        for key, people in table.snapshot().items()
    }


# -- forgetting a person -----------------------------------------------------------------------
async def world(service: MatchService, clock: ManualClock) -> dict[str, Match]:
    """Alice everywhere: two finished matches (one of a real game), a running match of three
    and one of two, a lobby she opened and one she joined; settings, time away, closed DMs,
    and announcements about her and to her (some delivered)."""
    nim = await play_to_end(service, await opened(service, 10, (ALICE, BOB)), 1)
    tokan = await play_to_end(service, await opened(service, 11, (BOB, ALICE), "tokan"), 2)
    three = await opened(service, 12, (ALICE, BOB, CAROL))
    two = await opened(service, 13, (CAROL, ALICE))
    hers = await opened(service, 14, (ALICE, BOB), start=False)
    theirs = await opened(service, 15, (BOB, ALICE), start=False)
    await service.turns.clocks.set_prefs(
        ALICE, turn_by="dm", dm_after=90, quiet=(22 * 60, 7 * 60), tz="Europe/Paris"
    )
    await service.turns.away(ALICE, 2)
    await service.store.set_dm_closed(ALICE, True)
    for entry in (await service.store.outbox())[::3]:  # a third of it delivered, say
        await service.store.mark_sent(entry.id)
    clock.advance(HOUR)
    return {
        "nim": nim,
        "tokan": tokan,
        "three": three,
        "two": two,
        "hers": hers,
        "theirs": theirs,
    }


async def test_forget_leaves_no_row_naming_the_person_and_every_match_replays(
    service: MatchService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(erasures, "IDS_PER_SELECT", 2)  # her announcements read a few at a time
    matches = await world(service, clock)
    store = service.store
    before = await naming(store, ALICE)
    named_in = {line.split(".")[0] for line in before}
    assert {"seats", "matches", "users", "timers", "outbox"} <= named_in, named_in
    finished = [matches["nim"].id, matches["tokan"].id]
    states = {i: await saved_state(service, i) for i in finished}
    results = {i: (await service.by_id(i)).result for i in finished}
    ratings = rate(await store.finished_results())
    assert ratings.rating("nim", ALICE) is not None

    privacy = Privacy(service)
    forgotten = await privacy.forget(ALICE)

    former = forgotten.former
    assert former is not None and is_former(former) and former == FORMER_FIRST
    assert await naming(store, ALICE) == []
    # Every finished match keeps its players (her seat is the placeholder's), its scores, and
    # replays from its log to the state it saved.
    for match_id in finished:
        match = await service.by_id(match_id)
        assert former in match.players and ALICE not in match.players
        assert match.result == results[match_id]
        assert await saved_state(service, match_id) == states[match_id]
        replayed = await service.replay(match_id)
        assert match.game.dump_state(replayed) == states[match_id]
    # The ratings are derived: from the same matches, everybody else's are exactly what they
    # were (hers belong to nobody), and no leaderboard lists the placeholder.
    same = [r for r in await store.finished_results() if r.match_id in finished]
    assert renamed(ratings, ALICE, former) == rate(same).snapshot()
    assert rate(same).rating("nim", former) is not None
    assert [row.user_id for row in rate(same).leaderboard("nim")] == [BOB]
    # Her open seats are closed through the usual paths, each with its announcement.
    three = await service.by_id(matches["three"].id)
    assert three.status == "active" and three.row.table[three.seat_of(former)] == 2
    two = await service.by_id(matches["two"].id)
    assert two.status == "finished" and two.result["winners"] == [two.seat_of(CAROL)]
    assert (await service.by_id(matches["hers"].id)).status == "cancelled"
    assert (await service.by_id(matches["theirs"].id)).players == (BOB,)
    assert sorted(forgotten.closed.resigned) == sorted([three.id, two.id])
    assert forgotten.closed.left == [matches["theirs"].id]
    assert forgotten.closed.cancelled == [matches["hers"].id]
    said = await store.entries(forgotten.closed.entries)
    events = sorted(e.payload.get("event") for e in said if e.kind == "post")
    assert events == ["cancel", "left", "resign", "resign"]
    assert all(e.payload.get("user") == former for e in said if e.kind == "post")
    # DMs that were still to go to her never will; nothing waits to be erased.
    for entry in await store.outbox():
        if entry.kind == "dm" and entry.payload.get("user") == former:
            assert entry.status != "pending"
    assert any(e.last_error == FORGOTTEN for e in await store.outbox())
    assert await privacy.erasures.pending() == []
    assert (await privacy.footprint(ALICE)).empty
    assert (await service.turns.clocks.prefs([ALICE]))[ALICE] == Prefs(ALICE)  # the defaults
    assert (await store.entries(forgotten.closed.entries)) == said


async def test_forgetting_again_changes_nothing(service: MatchService, clock: ManualClock):
    await world(service, clock)
    privacy = Privacy(service)
    first = await privacy.forget(ALICE)
    outbox = await service.store.outbox()
    again = await privacy.forget(ALICE)
    assert first.former is not None and again.former is None
    assert await service.store.outbox() == outbox
    # Another person forgotten gets a placeholder of their own.
    third = await privacy.forget(BOB)
    assert third.former == first.former + 1
    assert await naming(service.store, BOB) == []


async def test_a_crash_after_the_rewrite_is_finished_by_the_eraser(
    place: Place, service: MatchService, clock: ManualClock
):
    matches = await world(service, clock)
    erased = await ErasureStore(service.store).erase_person(ALICE)  # then the process dies
    assert erased is not None
    # A new process on the same database: the erasure row (naming nobody) is still there.
    store = await place.open(clock)
    again = MatchService(store, {"nim": Nim(), **GAMES})
    eraser = Eraser(Privacy(again))
    await eraser.erasures.free_claims()
    clock.advance(store.lease_seconds + 1)  # the dead process's claim runs out (PostgreSQL)
    while await eraser.run_once():
        pass
    assert await eraser.erasures.pending() == []
    assert (await again.by_id(matches["two"].id)).status == "finished"
    three = await again.by_id(matches["three"].id)
    assert three.row.table[three.seat_of(erased.former)] == 2
    posts = len(await store.outbox())
    # Carried out twice (the row came back somehow): every seat is closed already.
    closed = await Privacy(again).close_seats(erased.former)
    assert closed.entries == [] and len(await store.outbox()) == posts
    assert await naming(store, ALICE) == []


async def test_when_the_database_refuses_a_resignation_the_eraser_finishes_it(
    service: MatchService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
):
    matches = await world(service, clock)

    async def busy(*args: object, **kwargs: object) -> None:
        raise StorageBusy("The database is busy; nothing was saved.", "locked")

    monkeypatch.setattr(service, "resign", busy)  # the database is busy at that moment
    privacy = Privacy(service)
    forgotten = await privacy.forget(ALICE)
    assert forgotten.former is not None and forgotten.unfinished
    assert await naming(service.store, ALICE) == []  # forgotten all the same: that is committed
    (left,) = await privacy.erasures.pending()
    assert (left.kind, left.subject) == ("former", forgotten.former)
    monkeypatch.undo()  # the database answers again
    clock.advance(SOON)
    eraser = Eraser(privacy)
    while await eraser.run_once():
        pass
    assert await privacy.erasures.pending() == []
    assert (await service.by_id(matches["two"].id)).status == "finished"


async def test_resigning_twice_is_refused_and_changes_nothing(service: MatchService):
    match = await opened(service, 12, (ALICE, BOB, CAROL))
    done = await service.resign(12, "nim", BOB)
    assert done.match.status == "active"
    with pytest.raises(NotAllowed, match="already"):
        await service.resign(12, "nim", BOB)
    assert (await service.by_id(match.id)).version == done.match.version


# -- a server that removed the bot ------------------------------------------------------------
async def server_rows(store: Store, guild_id: int) -> int:
    """How many rows belong to the server: its matches, their seats, log, timers and
    announcements, and its settings."""
    mine = "SELECT id FROM matches WHERE guild_id = ?"
    total = 0
    for table in ("outbox", "timers", "moves", "seats"):
        rows = await store._read(
            f"SELECT COUNT(*) FROM {table} WHERE match_id IN ({mine})", (guild_id,)
        )
        total += int(rows[0][0])
    for sql in (
        "SELECT COUNT(*) FROM matches WHERE guild_id = ?",
        "SELECT COUNT(*) FROM guild_settings WHERE guild_id = ?",
    ):
        total += int((await store._read(sql, (guild_id,)))[0][0])
    return total


async def two_servers(service: MatchService) -> None:
    await play_to_end(service, await opened(service, 10, (ALICE, BOB)), 3)
    await opened(service, 11, (ALICE, CAROL))
    await opened(service, 20, (BOB, CAROL), guild=OTHER_GUILD)
    await SettingsStore(service.store).change(GUILD, channels=[10], undo="off")
    await SettingsStore(service.store).change(OTHER_GUILD, clock="24h")


async def test_a_removed_servers_data_goes_after_the_grace_period(
    service: MatchService, clock: ManualClock, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setattr(erasures, "GUILD_CHUNK", 1)  # a match per transaction
    await two_servers(service)
    store = service.store
    ratings = rate(await store.finished_results())
    assert ratings.rating("nim", ALICE, GUILD) is not None
    privacy = Privacy(service, grace_days=30)
    eraser = Eraser(privacy)
    kept = await server_rows(store, OTHER_GUILD)
    await privacy.removed(GUILD)
    await privacy.removed(GUILD)  # Discord may say it twice: the first time counts
    (pending,) = await privacy.erasures.pending()
    assert pending.due_at == clock.now() + 30 * DAY
    clock.advance(30 * DAY - 1)
    await eraser.run_once()
    assert await server_rows(store, GUILD) > 0
    clock.advance(1)
    await eraser.run_once()
    assert await server_rows(store, GUILD) == 0
    assert await server_rows(store, OTHER_GUILD) == kept
    assert await privacy.erasures.pending() == []
    assert rate(await store.finished_results()).rating("nim", ALICE, GUILD) is None
    assert (await SettingsStore(store).get(GUILD)).channels == ()
    assert await privacy.erasures.generation() == 2  # a change to the results per match


async def test_the_deletion_is_called_off_when_the_bot_comes_back(
    service: MatchService, clock: ManualClock
):
    await two_servers(service)
    privacy = Privacy(service, grace_days=30)
    eraser = Eraser(privacy)
    rows = await server_rows(service.store, GUILD)
    await privacy.removed(GUILD)
    clock.advance(10 * DAY)
    await privacy.back(GUILD)
    clock.advance(30 * DAY)
    await eraser.run_once()
    assert await server_rows(service.store, GUILD) == rows
    assert await privacy.erasures.pending() == []


async def test_at_start_up_servers_left_meanwhile_are_scheduled_and_those_back_kept(
    service: MatchService, clock: ManualClock
):
    await two_servers(service)
    await opened(service, 30, (CAROL, BOB), guild=33)
    privacy = Privacy(service, grace_days=7)
    await privacy.removed(GUILD)  # before the restart; the bot is back in it since
    # In GUILD only; OTHER_GUILD is missing, and 33 is another process's shard.
    await privacy.reconcile([GUILD], mine=lambda guild: guild != 33)
    pending = await privacy.erasures.pending()
    assert [(e.kind, e.subject, e.due_at) for e in pending] == [
        ("guild", OTHER_GUILD, clock.now() + 7 * DAY)
    ]


async def test_someone_who_joined_a_lobby_and_left_it_can_still_be_forgotten(
    service: MatchService,
):
    """Their seat is gone, but the lobby's announcements ("bob joined", "bob left") name them:
    forget offers itself, and afterwards nothing names them."""
    await service.create("nim", GUILD, 1, ALICE, {})
    await service.join(1, "nim", BOB)
    await service.leave(1, "nim", BOB)
    privacy = Privacy(service)
    footprint = await privacy.footprint(BOB)
    assert not footprint.running and not footprint.lobbies and not footprint.empty
    assert (await privacy.forget(BOB)).former is not None
    assert await naming(service.store, BOB) == []
